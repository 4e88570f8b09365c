package vision

import (
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
)

// TestBoardChecks measures the checks made once the board is found (too
// dark, too blurred) on the true board of synthetic pictures: a well-lit
// sharp one passes both, a dim one and a blurred one (edges spread over
// half a square) are refused, whatever the other check says.
func TestBoardChecks(t *testing.T) {
	board := grid.MustParse(SynthState)
	base := SynthScene{W: 800, H: 600, HFOV: 62.2, Dist: 24, Tilt: 10, Board: board}
	tests := []struct {
		name            string
		light           float64
		blur            int
		dark, blurred   bool
		tilt, yaw, dist float64
	}{
		{name: "sharp", light: 1},
		{name: "sharp, tilted and far", light: 1, tilt: 35, yaw: 30, dist: 34},
		{name: "dim", light: 0.08, dark: true},
		{name: "blurred", light: 1, blur: 6, blurred: true},
		{name: "blurred, tilted and far", light: 1, blur: 4, blurred: true, tilt: 35, yaw: 30, dist: 34},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sc := base
			sc.Light, sc.Blur = tc.light, tc.blur
			if tc.dist > 0 {
				sc.Tilt, sc.Yaw, sc.Dist = tc.tilt, tc.yaw, tc.dist
			}
			img, pose := sc.Draw()
			p := Luma(img)
			var q Quad
			for i, c := range []Point{{0, 0}, {10, 0}, {10, 10}, {0, 10}} {
				q[i] = pose.Project(c.X, c.Y, 0)
			}
			l, s := brightestOn(p, q), edgeSpread(p, q, 10)
			if got := l < darkLuma; got != tc.dark {
				t.Errorf("brightest %d: too dark %v, want %v", l, got, tc.dark)
			}
			if got := s > maxEdgeSpread; got != tc.blurred {
				t.Errorf("edges spread over %.2f of a square: too blurred %v, want %v", s, got, tc.blurred)
			}
		})
	}
}

// TestEdgeShift places grids on a synthetic board (border 0.7 squares
// wide) right and a square off each way: the board's edges tell the
// offset back, and only the right grid is centred on them.
func TestEdgeShift(t *testing.T) {
	board := grid.MustParse(SynthState)
	sc := SynthScene{W: 800, H: 600, HFOV: 62.2, Dist: 24, Tilt: 30, Yaw: 20, Board: board, Clutter: true}
	img, pose := sc.Draw()
	p := Luma(img)
	var q Quad
	for i, c := range []Point{{0, 0}, {10, 0}, {10, 10}, {0, 10}} {
		q[i] = pose.Project(c.X, c.Y, 0)
	}
	truth, err := QuadHomography(10, 10, q)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		dx, dy int // the grid tried, in squares from the truth
	}{
		{"right", 0, 0},
		{"a column right", 1, 0},
		{"a column left", -1, 0},
		{"a row down", 0, 1},
		{"a row up", 0, -1},
		{"a row and a column off", 1, -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := truth.Mul(Homography{1, 0, float64(tc.dx), 0, 1, float64(tc.dy), 0, 0, 1})
			gx := edgeShift(boardMargins(p, h, 10, true, 0.8))
			gy := edgeShift(boardMargins(p, h, 10, false, 0.8))
			if gx != -tc.dx || gy != -tc.dy {
				t.Errorf("edges say move by %d, %d; want %d, %d", gx, gy, -tc.dx, -tc.dy)
			}
			if c := edgesCentred(p, h, 10); c != (tc.dx == 0 && tc.dy == 0) {
				t.Errorf("centred on the edges: %v", c)
			}
			// A grid a square off runs past the board's edge on the
			// side it moved to; the right grid does not.
			ox := overhangs(boardMargins(p, h, 10, true, 0.8))
			oy := overhangs(boardMargins(p, h, 10, false, 0.8))
			if ox != (tc.dx != 0) || oy != (tc.dy != 0) {
				t.Errorf("overhangs across %v, down %v; want %v, %v", ox, oy, tc.dx != 0, tc.dy != 0)
			}
		})
	}
}
