package pyramids

import (
	"image"
	"testing"

	"github.com/tilescope/tilescope/vision/render"
)

// BenchmarkScanPyramidsHard scans three hard 1640x1232 scenes in other
// makers' sets (scenes 1-3 of pyrletter's tuning set 111200:
// render-set's scene i of set S has the seed S*100000+i; its scene 0
// has the board partly out of view), their boards in view, with the
// faces' model as the game reads. BenchmarkScanPyramids's normal scenes
// settle nearly every square's letter at once; here blur and other
// makers' pyramids leave squares unsettled, and the searches for them
// (nestSearch, the second look) run.
func BenchmarkScanPyramidsHard(b *testing.B) {
	var scenes []hardBench
	for _, i := range []int64{1, 2, 3} {
		scenes = append(scenes, hardBench{seed: int64(111200)*100000 + i, varied: true})
	}
	benchmarkScans(b, Options{Reader: reader(b), FaceModel: true}, hardBenchScenes(b, scenes))
}

// hardBench is a hard scene a benchmark scans: its seed, and whether it
// is drawn in another maker's set (varied).
type hardBench struct {
	seed   int64
	varied bool
}

// hardBenchScenes renders the hard scenes at 1640x1232.
func hardBenchScenes(b *testing.B, scenes []hardBench) []image.Image {
	var imgs []image.Image
	for _, sc := range scenes {
		state, err := render.RandomState("pyramids", sc.seed)
		if err != nil {
			b.Fatal(err)
		}
		opt, err := render.RandomOptions(sc.seed, "hard")
		if err != nil {
			b.Fatal(err)
		}
		opt.Width, opt.Height = 1640, 1232
		if sc.varied {
			set := render.RandomPyramidsSet(sc.seed)
			opt.Pyramids = &set
			opt.FitGame("pyramids")
		}
		s, err := render.Render("pyramids", state, opt)
		if err != nil {
			b.Fatal(err)
		}
		imgs = append(imgs, s.Image)
	}
	return imgs
}
