package upwords

import (
	"math"
	"testing"

	"github.com/tilescope/tilescope/vision"

	"github.com/tilescope/tilescope/scoring/grid"
)

func TestSynthGeometry(t *testing.T) {
	board := grid.MustParse(vision.SynthState)
	tests := []struct {
		name string
		s    vision.SynthScene
	}{
		{"straight down", vision.SynthScene{Tilt: 0, Yaw: 0}},
		{"tilted 25 turned 20", vision.SynthScene{Tilt: 25, Yaw: 20}},
		{"tilted 40 turned -35 clutter", vision.SynthScene{Tilt: 40, Yaw: -35, Clutter: true}},
		{"tilted 15 turned 80", vision.SynthScene{Tilt: 15, Yaw: 80}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.s
			s.W, s.H, s.HFOV, s.Dist, s.Board = 1640, 1232, 62.2, 28, board
			img, pose := s.Draw()
			geo := UpwordsGeometry
			geo.WallMM = 0 // the synthetic walls are flat
			r, err := ScanUpwords(img, Options{Geometry: geo, Calib: &vision.Calibration{Width: s.W, Height: s.H, Fx: pose.Fx, Fy: pose.Fy, Cx: pose.Cx, Cy: pose.Cy}})
			if err != nil {
				t.Fatal(err)
			}
			// corners within 3 px of the truth (after choosing the same
			// orientation as the scan).
			var want vision.Quad
			for i, c := range []vision.Point{{X: 0, Y: 0}, {X: 10, Y: 0}, {X: 10, Y: 10}, {X: 0, Y: 10}} {
				want[i] = pose.Project(c.X, c.Y, 0)
			}
			want = vision.UprightQuad(want)
			for i := range want {
				if d := math.Hypot(r.Corners[i].X-want[i].X, r.Corners[i].Y-want[i].Y); d > 3 {
					t.Errorf("corner %d at %.1f,%.1f, want %.1f,%.1f (%.1f px off)", i, r.Corners[i].X, r.Corners[i].Y, want[i].X, want[i].Y, d)
				}
			}
			if s.Yaw > -45 && s.Yaw < 45 {
				for _, c := range r.Cells {
					w := board.At(c.Pos)
					if w.Empty() != (c.Height == 0) {
						t.Errorf("%v: height %d, want %d (tile %.2f)", c.Pos, c.Height, w.Height, c.Tile)
					}
					// Straight down, a stack's height shows only in a
					// parallax of a pixel or two near the picture's
					// middle: heights are checked on tilted views.
					if s.Tilt >= 15 && w.Height != c.Height {
						t.Errorf("%v: height %d, want %d (tile %.2f, margin %.2f)", c.Pos, c.Height, w.Height, c.Tile, c.HeightOK)
					}
				}
			}
		})
	}
}
