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
	board := grid.MustParse(synthState)
	base := synthScene{W: 800, H: 600, HFOV: 62.2, Dist: 24, Tilt: 10, Board: board}
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
			img, pose := sc.draw()
			p := luma(img)
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
