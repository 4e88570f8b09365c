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
