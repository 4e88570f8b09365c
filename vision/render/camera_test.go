package render

import (
	"fmt"
	"testing"
)

// TestCanvasCoversImage: every pixel of the picture is developed from a
// point on the ideal canvas, for every difficulty's random cameras (all
// games share the canvas). Pyramids hard set 3100 scene 0004 (seed
// 310000004, k1 -0.13 on the 72-degree lens) once drew its lower third as
// vertical streaks: the canvas's bounds were taken at points past the
// image, where the inverse distortion ran away, and the capped canvas
// ended above the picture's bottom edge, so its last row was smeared down.
func TestCanvasCoversImage(t *testing.T) {
	type scene struct {
		name string
		seed int64
		diff string
	}
	cases := []scene{{"pyramids hard 3100/0004", 310000004, "hard"}}
	for _, d := range Difficulties {
		for s := int64(0); s < 25; s++ {
			cases = append(cases, scene{fmt.Sprintf("%s %d", d, s), 7700 + s, d})
		}
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o, err := RandomOptions(tc.seed, tc.diff)
			if err != nil {
				t.Fatal(err)
			}
			if err := o.defaults(); err != nil {
				t.Fatal(err)
			}
			w := newWorld(o)
			defer putPix(w.cv.pix)
			W, H := float64(o.Width), float64(o.Height)
			if float64(w.cv.w) > 3*W || float64(w.cv.h) > 3*H {
				t.Errorf("k1 %g k2 %g: canvas %dx%d for a %gx%g picture", o.K1, o.K2, w.cv.w, w.cv.h, W, H)
			}
			for i := 0; i <= 64; i++ {
				f := float64(i) / 64
				for _, p := range []pt{{f * W, 0}, {f * W, H}, {0, f * H}, {W, f * H}, {f * W, f * H}} {
					q := w.cam.undistort(p)
					x, y := q.X+w.cv.ox, q.Y+w.cv.oy
					if !(x >= 0 && y >= 0 && x <= float64(w.cv.w-1) && y <= float64(w.cv.h-1)) {
						t.Fatalf("k1 %g k2 %g: picture pixel (%g,%g) reads canvas (%.1f,%.1f), off the %dx%d canvas",
							o.K1, o.K2, p.X, p.Y, x, y, w.cv.w, w.cv.h)
					}
				}
			}
		})
	}
}
