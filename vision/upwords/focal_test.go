package upwords

import (
	"image"
	"math"
	"testing"

	"github.com/tilescope/tilescope/vision"
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
	for _, tc := range lensViews {
		t.Run(tc.name, func(t *testing.T) {
			img, want := lensView(t, tc.seed, tc.k1, tc.tilt, tc.fov)
			r, err := ScanUpwords(img, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if off := math.Abs(r.Focal-want) / want; off > 0.12 {
				t.Errorf("focal %.0f px (%s), the camera's %.0f: %.0f%% off", r.Focal, r.FocalSource, want, 100*off)
			}
		})
	}
}

// TestCalibrateThroughTheLens: `tilescope calibrate` (vision.Calibrate)
// measures the focal length from the grid without its lens, as the scan
// does. From the straight grid, bent by a strong barrel lens in views
// tilted about 20 degrees, it came out 3-8% long (1157-1214 px for 1129;
// over 18 such views its mean error fell from 23 to 14 px).
func TestCalibrateThroughTheLens(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	for _, tc := range []struct {
		name     string
		k1, tilt float64
	}{
		{"strong barrel (k1 -0.15), tilted 18 degrees", -0.15, 18},
		{"stronger barrel (k1 -0.2), tilted 18 degrees", -0.2, 18},
		{"stronger barrel (k1 -0.2), tilted 25 degrees", -0.2, 25},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, want := lensView(t, 610271, tc.k1, tc.tilt, 72)
			c, err := vision.Calibrate(img, 10)
			if err != nil {
				t.Fatal(err)
			}
			if off := math.Abs(c.Fx-want) / want; off > 0.025 {
				t.Errorf("calibrated focal %.0f px, the camera's %.0f: %.1f%% off", c.Fx, want, 100*off)
			}
		})
	}
}

// lensViews are tilted views of a board through barrel lenses.
var lensViews = []struct {
	name      string
	seed      int64
	k1        float64
	tilt, fov float64
}{
	{"a wide lens, strong barrel, tilted 22 degrees", 610271, -0.12, 22, 72},
	{"a wide lens, strong barrel, tilted 30 degrees", 610272, -0.15, 30, 72},
	{"the Pi's lens, mild barrel, tilted 25 degrees", 610273, -0.05, 25, 62.2},
}

// lensView renders an easy scene of seed's position through a lens of
// radial coefficient k1, tilted tilt degrees, fov degrees across, and
// returns its photo and the camera's true focal length.
func lensView(t *testing.T, seed int64, k1, tilt, fov float64) (image.Image, float64) {
	t.Helper()
	text, err := render.RandomUpwords(seed, 10)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := render.RandomOptions(seed, "easy")
	if err != nil {
		t.Fatal(err)
	}
	opt.K1, opt.K2, opt.TiltDeg, opt.HFOVDeg = k1, 0, tilt, fov
	sc, err := render.Render("upwords", text, opt)
	if err != nil {
		t.Fatal(err)
	}
	img, err := sc.Photo()
	if err != nil {
		t.Fatal(err)
	}
	return img, sc.Truth.Camera.Fx
}
