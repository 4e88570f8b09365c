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
	var imgs []image.Image
	for _, i := range []int64{1, 2, 3} {
		seed := int64(111200)*100000 + i
		state, err := render.RandomState("pyramids", seed)
		if err != nil {
			b.Fatal(err)
		}
		opt, err := render.RandomOptions(seed, "hard")
		if err != nil {
			b.Fatal(err)
		}
		opt.Width, opt.Height = 1640, 1232
		set := render.RandomPyramidsSet(seed)
		opt.Pyramids = &set
		opt.FitGame("pyramids")
		s, err := render.Render("pyramids", state, opt)
		if err != nil {
			b.Fatal(err)
		}
		imgs = append(imgs, s.Image)
	}
	benchmarkScans(b, Options{Reader: reader(b), FaceModel: true}, imgs)
}
