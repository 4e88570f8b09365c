package vision

import (
	"errors"
	"math"
	"testing"
)

func TestFitHomography(t *testing.T) {
	truth := Homography{1.2, 0.1, 30, -0.05, 0.9, 12, 0.0004, -0.0002, 1}
	tests := []struct {
		name string
		src  []Point
	}{
		{"four corners", []Point{{0, 0}, {100, 0}, {100, 100}, {0, 100}}},
		{"grid of points", func() (p []Point) {
			for i := 0; i <= 10; i++ {
				for j := 0; j <= 10; j++ {
					p = append(p, Point{float64(i) * 20, float64(j) * 20})
				}
			}
			return
		}()},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var dst []Point
			for _, p := range tc.src {
				dst = append(dst, truth.Apply(p))
			}
			h, err := FitHomography(tc.src, dst)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range tc.src {
				a, b := h.Apply(p), truth.Apply(p)
				if math.Hypot(a.X-b.X, a.Y-b.Y) > 1e-6 {
					t.Fatalf("%v -> %v, want %v", p, a, b)
				}
			}
			inv := h.Inverse()
			q := inv.Apply(h.Apply(Point{37, 59}))
			if math.Hypot(q.X-37, q.Y-59) > 1e-6 {
				t.Errorf("inverse round trip gave %v", q)
			}
		})
	}
	if _, err := FitHomography([]Point{{0, 0}, {1, 1}, {2, 2}, {3, 3}}, []Point{{0, 0}, {1, 1}, {2, 2}, {3, 3}}); !errors.Is(err, errDegenerate) {
		t.Errorf("collinear points: %v, want errDegenerate", err)
	}
}

func TestPoseFromHomography(t *testing.T) {
	for _, tilt := range []float64{0, 20, 40} {
		s := SynthScene{W: 1640, H: 1232, HFOV: 62.2, Dist: 25, Tilt: tilt, Yaw: 30}
		s.Board = nil
		pose := s.Pose()
		var src, dst []Point
		for _, c := range []Point{{0, 0}, {10, 0}, {10, 10}, {0, 10}, {5, 5}} {
			src = append(src, c)
			dst = append(dst, pose.Project(c.X, c.Y, 0))
		}
		h, err := FitHomography(src, dst)
		if err != nil {
			t.Fatal(err)
		}
		got, err := PoseFromHomography(h, pose.Fx, pose.Fy, pose.Cx, pose.Cy)
		if err != nil {
			t.Fatal(err)
		}
		// Points above the board land where the true camera puts them.
		for _, p := range []Vec3{{2, 3, 0.5}, {8, 1, 1}, {5, 9, 0.2}} {
			a, b := got.Project(p[0], p[1], p[2]), pose.Project(p[0], p[1], p[2])
			if math.Hypot(a.X-b.X, a.Y-b.Y) > 0.01 {
				t.Errorf("tilt %v: %v projects to %v, want %v", tilt, p, a, b)
			}
		}
		if d := math.Abs(got.TiltDegrees() - tilt); d > 0.5 {
			t.Errorf("tilt %.1f, want %v", got.TiltDegrees(), tilt)
		}
		f, ok := FocalFromHomography(h, pose.Cx, pose.Cy)
		switch {
		case tilt == 0 && ok:
			t.Errorf("focal length from a straight-down view claimed: %v", f)
		case tilt >= 20 && (!ok || math.Abs(f-pose.Fx)/pose.Fx > 0.01):
			t.Errorf("tilt %v: focal %v (ok %v), want %v", tilt, f, ok, pose.Fx)
		}
	}
}

// TestRefinePoseOnGrid: on a grid a rigid camera drew, the refined pose
// is that camera still; on a grid stretched off any rigid camera's (as a
// found grid is, a little), the refined pose draws it nearer than
// PoseFromHomography's at its worst intersection, with the focal fixed
// or free, and the focal stays near the truth.
func TestRefinePoseOnGrid(t *testing.T) {
	cases := []struct {
		name      string
		tilt      float64
		stretch   float64 // the grid's far side stretched by this share
		freeFocal bool
	}{
		{"rigid, straight down", 0, 0, false},
		{"rigid, 38 degrees", 38, 0, false},
		{"rigid, 38 degrees, focal free", 38, 0, true},
		{"stretched, 25 degrees", 25, 0.02, false},
		{"stretched, 38 degrees", 38, 0.02, false},
		{"stretched, 38 degrees, focal free", 38, 0.02, true},
	}
	const n = 10
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := SynthScene{W: 1640, H: 1232, HFOV: 62.2, Dist: 25, Tilt: tc.tilt, Yaw: 30}
			s.Board = nil
			truth := s.Pose()
			var src, dst []Point
			for j := 0; j <= n; j++ {
				for i := 0; i <= n; i++ {
					x, y := float64(i), float64(j)
					src = append(src, Point{x, y})
					// the far side (y = n) stretched along x about the middle
					dst = append(dst, truth.Project(n/2+(x-n/2)*(1+tc.stretch*y/n), y, 0))
				}
			}
			h, err := FitHomography(src, dst)
			if err != nil {
				t.Fatal(err)
			}
			p0, err := PoseFromHomography(h, truth.Fx, truth.Fy, truth.Cx, truth.Cy)
			if err != nil {
				t.Fatal(err)
			}
			worst := func(p Pose) float64 {
				var w float64
				for _, b := range src {
					a, g := p.Project(b.X, b.Y, 0), h.Apply(b)
					w = math.Max(w, math.Hypot(a.X-g.X, a.Y-g.Y))
				}
				return w
			}
			got := RefinePoseOnGrid(p0, h, n, tc.freeFocal)
			w0, w1 := worst(p0), worst(got)
			if tc.stretch == 0 {
				for _, p := range []Vec3{{2, 3, 0}, {8, 1, 1}, {5, 9, 2}} {
					a, b := got.Project(p[0], p[1], p[2]), truth.Project(p[0], p[1], p[2])
					if d := math.Hypot(a.X-b.X, a.Y-b.Y); d > 0.05 {
						t.Errorf("%v projects %.3f px from the true camera's", p, d)
					}
				}
				return
			}
			if w1 > 0.7*w0 {
				t.Errorf("worst intersection %.1f px off, PoseFromHomography's %.1f", w1, w0)
			}
			if d := math.Abs(got.Fx-truth.Fx) / truth.Fx; d > 0.05 {
				t.Errorf("focal %.0f, truth %.0f", got.Fx, truth.Fx)
			}
			t.Logf("worst intersection %.1f -> %.1f px, focal %.0f (truth %.0f)", w0, w1, got.Fx, truth.Fx)
		})
	}
}

// BenchmarkRefinePoseOnGrid: one refinement of a 10x10 grid's pose, the
// focal free (ScanUpwords's, once a photo).
func BenchmarkRefinePoseOnGrid(b *testing.B) {
	s := SynthScene{W: 1640, H: 1232, HFOV: 62.2, Dist: 25, Tilt: 38, Yaw: 30}
	s.Board = nil
	truth := s.Pose()
	var src, dst []Point
	for j := 0; j <= 10; j++ {
		for i := 0; i <= 10; i++ {
			x, y := float64(i), float64(j)
			src = append(src, Point{x, y})
			dst = append(dst, truth.Project(5+(x-5)*(1+0.02*y/10), y, 0))
		}
	}
	h, err := FitHomography(src, dst)
	if err != nil {
		b.Fatal(err)
	}
	p0, err := PoseFromHomography(h, truth.Fx, truth.Fy, truth.Cx, truth.Cy)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		RefinePoseOnGrid(p0, h, 10, true)
	}
}

func TestQuadCentre(t *testing.T) {
	tests := []struct {
		name string
		q    Quad
		want Point
	}{
		{"square", Quad{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, Point{5, 5}},
		{"trapezium seen in perspective", Quad{{2, 0}, {8, 0}, {10, 6}, {0, 6}}, Point{5, 3}},
		{"corners in any order", Quad{{10, 10}, {0, 0}, {0, 10}, {10, 0}}, Point{5, 5}},
		{"off the origin", Quad{{-4, 100}, {4, 100}, {4, 108}, {-4, 108}}, Point{0, 104}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.q.Centre(); math.Abs(got.X-tc.want.X) > 1e-12 || math.Abs(got.Y-tc.want.Y) > 1e-12 {
				t.Errorf("Centre() = %v, want %v", got, tc.want)
			}
		})
	}
}
