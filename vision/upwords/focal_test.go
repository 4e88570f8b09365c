package upwords

import (
	"math"
	"testing"

	"github.com/tilescope/tilescope/vision/render"
)

// TestFocalThroughTheLens: the focal length a single photo's scan works
// with is estimated from the board's grid without the lens distortion
// its lines show (vision.Grid.Pinhole). Under a strong barrel lens the
// straight grid's perspective is bent, and the focal estimated from it
// was 40-70% too long (every face then projected up to a square off).
func TestFocalThroughTheLens(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	tests := []struct {
		name      string
		seed      int64
		k1        float64
		tilt, fov float64
	}{
		{"a wide lens, strong barrel, tilted 22 degrees", 610271, -0.12, 22, 72},
		{"a wide lens, strong barrel, tilted 30 degrees", 610272, -0.15, 30, 72},
		{"the Pi's lens, mild barrel, tilted 25 degrees", 610273, -0.05, 25, 62.2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			text, err := render.RandomUpwords(tc.seed, 10)
			if err != nil {
				t.Fatal(err)
			}
			opt, err := render.RandomOptions(tc.seed, "easy")
			if err != nil {
				t.Fatal(err)
			}
			opt.K1, opt.K2, opt.TiltDeg, opt.HFOVDeg = tc.k1, 0, tc.tilt, tc.fov
			sc, err := render.Render("upwords", text, opt)
			if err != nil {
				t.Fatal(err)
			}
			img, err := sc.Photo()
			if err != nil {
				t.Fatal(err)
			}
			r, err := ScanUpwords(img, Options{})
			if err != nil {
				t.Fatal(err)
			}
			want := sc.Truth.Camera.Fx
			if off := math.Abs(r.Focal-want) / want; off > 0.12 {
				t.Errorf("focal %.0f px (%s), the camera's %.0f: %.0f%% off", r.Focal, r.FocalSource, want, 100*off)
			}
		})
	}
}
