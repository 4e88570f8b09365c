package vision

import (
	"image"
	"testing"
)

// TestFinerOn: a grid of every third line is taken as the whole grid's,
// in a tilted view too; a grid half a square off, or of another pitch,
// is not.
func TestFinerOn(t *testing.T) {
	// The whole grid: 12 x 10 squares of 40 px, seen tilted.
	tilt := Homography{1, 0.05, 0, 0.02, 1, 0, 0.0004, 0.0002, 1}
	whole := boardFit{H: tilt.Mul(Homography{40, 0, 100, 0, 40, 80, 0, 0, 1})}
	scaled := func(sx, sy, ox, oy float64) boardFit {
		return boardFit{H: whole.H.Mul(Homography{sx, 0, ox, 0, sy, oy, 0, 0, 1})}
	}
	for _, tc := range []struct {
		name               string
		coarse             boardFit
		cnx, cny, fnx, fny int
		want               bool
	}{
		{"the same grid", whole, 12, 10, 12, 10, true},
		{"every third column", scaled(3, 1, 0, 0), 4, 10, 12, 10, true},
		{"every second column and row, from the second", scaled(2, 2, 1, 1), 5, 4, 12, 10, true},
		{"every third column, wider than the fine grid", scaled(3, 1, -3, 0), 5, 10, 12, 10, true},
		{"half a square off", scaled(1, 1, 0.5, 0), 12, 10, 12, 10, false},
		{"a pitch of one and a half", scaled(1.5, 1, 0, 0), 8, 10, 12, 10, false},
		{"rows a third of a square off", scaled(3, 1, 0, 0.33), 4, 10, 12, 10, false},
		{"overlapping on two lines only", scaled(3, 1, 30, 0), 4, 10, 12, 10, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := finerOn(tc.coarse, whole, tc.cnx, tc.cny, tc.fnx, tc.fny); got != tc.want {
				t.Errorf("finerOn = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestCutAtEdge: a cut grid is a board cut by the picture only where
// the squares it leaves off reach out of the picture beyond a side its
// outline is cut at; a grid whose squares cut off would all lie in view
// (an outline joined to a cup or a hand that reaches the edge) is not.
func TestCutAtEdge(t *testing.T) {
	ws := image.Pt(640, 480)
	// squares of 30 px, seen a little askew, the grid's top-left corner
	// at (ox, oy)
	grid := func(ox, oy float64) Homography {
		tilt := Homography{1, 0.04, 0, 0.03, 1, 0, 0, 0, 1}
		return tilt.Mul(Homography{30, 0, ox, 0, 30, oy, 0, 0, 1})
	}
	for _, tc := range []struct {
		name      string
		h         Homography
		nx, ny, n int
		clipped   []string
		want      bool
	}{
		{"cut at the left edge", grid(10, 40), 12, 10, 15, []string{"left"}, true},
		{"a column cut off, the grid a square in from the edge", grid(25, 40), 14, 10, 15, []string{"left"}, true},
		{"three columns cut off, the grid two squares in", grid(60, 40), 12, 10, 15, []string{"left"}, true},
		{"cut at the bottom edge", grid(100, 230), 10, 8, 15, []string{"bottom"}, true},
		{"cut at the left and bottom edges", grid(10, 230), 10, 8, 15, []string{"left", "bottom"}, true},
		{"cut on both sides, the right one at the edge", grid(200, 40), 14, 10, 15, []string{"left", "right"}, true},
		{"a column cut off, three squares in from the left edge", grid(90, 40), 14, 10, 15, []string{"left"}, false},
		{"at the bottom edge, a column cut off three squares in from the left", grid(90, 230), 14, 8, 15, []string{"left", "bottom"}, false},
		{"two rows cut off well above the bottom edge", grid(100, 40), 10, 8, 10, []string{"bottom"}, false},
		{"not cut", grid(100, 40), 10, 10, 10, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := cutAtEdge(tc.h, tc.nx, tc.ny, tc.n, tc.clipped, ws); got != tc.want {
				t.Errorf("cutAtEdge = %v, want %v", got, tc.want)
			}
		})
	}
}
