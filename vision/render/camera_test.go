package render

import (
	"fmt"
	"math"
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
			defer pixPool.Put(w.cv.pix)
			W, H := float64(o.Width), float64(o.Height)
			if float64(w.cv.w) > 1.6*W || float64(w.cv.h) > 1.6*H {
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

// TestUndistortInverts: undistort inverts the lens model wherever it has
// an inverse, and past the lens's largest radius (strong barrel
// distortion at a wide lens's corners) stays at the turning radius
// instead of running off.
func TestUndistortInverts(t *testing.T) {
	for _, tc := range []struct {
		name   string
		k1, k2 float64
		hfov   float64
	}{
		{"none", 0, 0, 62.2},
		{"mild barrel", -0.05, 0.01, 62.2},
		{"pincushion", 0.06, 0.03, 66},
		{"pyramids hard 3100/0004", -0.1266, -0.0076, 72},
		{"hard extreme", -0.2, -0.01, 72},
		{"no inverse at the corners", -0.5, 0, 72},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := NewCamera(CameraSetup{Width: 1640, Height: 1232, HFOVDeg: tc.hfov, HeightMM: 400, K1: tc.k1, K2: tc.k2})
			dist := func(r float64) float64 { u := r * r; return r * (1 + c.K1*u + c.K2*u*u) }
			rt := c.turnRadius()
			for y := 0.0; y <= 1232; y += 77 {
				for x := 0.0; x <= 1640; x += 82 {
					q := c.undistort(pt{x, y})
					rd := math.Hypot((x-c.Cx)/c.Fx, (y-c.Cy)/c.Fy)
					r := math.Hypot((q.X-c.Cx)/c.Fx, (q.Y-c.Cy)/c.Fy)
					switch {
					case math.IsNaN(r) || r > rt+1e-9:
						t.Fatalf("(%g,%g): ideal radius %g past the turning radius %g", x, y, r, rt)
					case dist(rt) > rd && math.Abs(dist(r)-rd)*c.Fx > 1e-6:
						t.Fatalf("(%g,%g): undistorted to radius %g, which distorts to %g, not %g", x, y, r, dist(r), rd)
					case dist(rt) <= rd && math.Abs(r-rt) > 1e-9:
						t.Fatalf("(%g,%g) past the lens's largest radius: ideal radius %g, want the turning radius %g", x, y, r, rt)
					}
				}
			}
		})
	}
}
