package ocr

import (
	"image"
	"math"
	"math/rand"
	"path/filepath"
	"testing"
)

// TestGrayStatsTakenOnce: a crop's normalisation with the grey image's
// mean and deviation taken once, before expose (normalize,
// normalizeUpright), is bit for bit the one whose finish takes them
// afresh, on crops that expose leaves as they are and on dim ones it
// brightens, upright and at every rotation candidate.
func TestGrayStatsTakenOnce(t *testing.T) {
	var crops []image.Image
	for _, dir := range []string{"real", "scrabble-dark"} {
		imgs := loadPNGs(t, filepath.Join("testdata", dir, "*.png"))
		crops = append(crops, imgs[:min(len(imgs), 25)]...)
	}
	if len(crops) == 0 {
		t.Fatal("no crops")
	}
	// afresh is the normalisation with finish taking the statistics
	afresh := func(img image.Image, rotations bool, ar *arena) (*analysis, bool) {
		rgb := toRGB(img, workSide, ar)
		g := rgb.gray(ar)
		flat := flatGray(g)
		exposed := expose(rgb, g)
		return normalizeGrayRot(rgb, g, flat, rotations, ar, grayStats{}), exposed
	}
	exposed := 0
	for i, img := range crops {
		for _, rotations := range []bool{false, true} {
			ar1, ar2 := &arena{}, &arena{}
			var a1 *analysis
			if rotations {
				a1 = normalize(toRGB(img, workSide, ar1), ar1)
			} else {
				a1 = normalizeUpright(toRGB(img, workSide, ar1), ar1)
			}
			a2, ex := afresh(img, rotations, ar2)
			if ex && rotations {
				exposed++
			}
			if a1.flat != a2.flat || len(a1.cands) != len(a2.cands) {
				t.Fatalf("crop %d (rotations %v): flat %v, %d candidates; afresh %v, %d", i, rotations, a1.flat, len(a1.cands), a2.flat, len(a2.cands))
			}
			for _, alpha := range append([]float64{0}, a1.cands...) {
				n1, n2 := *a1.finish(alpha), *a2.finish(alpha)
				if !sameFloats(n1.patch[:], n2.patch[:]) || !sameFloats(n1.ctx[:], n2.ctx[:]) || !sameFloats(n1.colour[:], n2.colour[:]) || n1.noInk != n2.noInk {
					t.Errorf("crop %d (rotations %v) at %.1f degrees: not the same bits as with the statistics taken afresh", i, rotations, alpha)
				}
			}
		}
	}
	if exposed == 0 || exposed == len(crops) {
		t.Errorf("%d of %d crops brightened: the test needs both kinds", exposed, len(crops))
	}
}

// TestFaceStatsFrame: faceStats' frame (the outer two pixels) is summed
// over the same pixels in the same order as the reference's loop over
// every pixel that skips the inner ones (refFaceStats), on images of 1 to
// 9 pixels a side.
func TestFaceStatsFrame(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for w := 1; w <= 9; w++ {
		for h := 1; h <= 9; h++ {
			rgb := &rgbImage{W: w, H: h, R: make([]float32, w*h), G: make([]float32, w*h), B: make([]float32, w*h)}
			g := &grayImage{W: w, H: h, Pix: make([]float32, w*h)}
			for i := range g.Pix {
				g.Pix[i] = rng.Float32()
			}
			ink := make([]bool, w*h)
			_, _, _, want, _ := refFaceStats(rgb, g, ink, 0, w, 0, h, 0)
			if _, _, _, got := faceStats(rgb, g, ink, 0, w, 0, h); math.Float64bits(got) != math.Float64bits(want) {
				t.Errorf("%dx%d: frame %v, want %v", w, h, got, want)
			}
		}
	}
}

// BenchmarkFeaturesUpright is FeaturesUpright (the pyramid faces' read)
// alone on the real crops.
func BenchmarkFeaturesUpright(b *testing.B) {
	crops := loadPNGs(b, "testdata/real/*.png")
	b.ReportAllocs()
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		if _, err := FeaturesUpright(crops[i%len(crops)]); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
}
