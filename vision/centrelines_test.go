package vision

import (
	"math"
	"testing"
)

// printedBoard is the brightness of a 15x15 board seen through the
// homography view (board squares to pixels): brown squares, every third
// one darker (a premium print), between white lines a tenth of a square
// wide, the board's rim beyond; tiles (light, with a dark gap round
// them) on the squares tiles names.
func printedBoard(view Homography, tiles map[[2]int]bool) func(Point) float64 {
	inv := view.Inverse()
	return func(p Point) float64 {
		b := inv.Apply(p)
		if b.X < -0.05 || b.Y < -0.05 || b.X > 15.05 || b.Y > 15.05 {
			return 60 // the rim
		}
		c, r := int(math.Floor(b.X)), int(math.Floor(b.Y))
		fx, fy := b.X-math.Floor(b.X), b.Y-math.Floor(b.Y)
		dx, dy := math.Min(fx, 1-fx), math.Min(fy, 1-fy)
		if tiles[[2]int{r, c}] {
			if dx < 0.08 || dy < 0.08 {
				return 40 // the gap round a tile
			}
			return 215
		}
		if dx < 0.05 || dy < 0.05 {
			return 220 // a printed line
		}
		if (r*15+c)%3 == 0 {
			return 70
		}
		return 120
	}
}

// steepBoardView is a board of 15 squares seen from a camera turned about 40
// degrees: its near side 3.5 times as wide in the picture as its far.
func steepBoardView() Homography {
	h, err := QuadHomography(15, 15, Quad{{400, 100}, {700, 100}, {1150, 700}, {100, 700}})
	if err != nil {
		panic(err)
	}
	return h
}

// TestCentreGridLines: a grid placed a tenth of a square or so off its
// printed lines (as the search's refinement locks on one edge of each)
// is moved onto them, its corners within a twentieth of a square of the
// board's, from above and in a steep view, with tiles on some squares;
// a grid placed right stays; a picture with no lines, or a grid placed
// half a square off (its lines outside the window), is not moved.
func TestCentreGridLines(t *testing.T) {
	above, err := QuadHomography(15, 15, Quad{{100, 100}, {700, 110}, {690, 710}, {90, 700}})
	if err != nil {
		t.Fatal(err)
	}
	tiles := map[[2]int]bool{}
	for c := 3; c < 10; c++ {
		tiles[[2]int{7, c}] = true
	}
	for r := 4; r < 9; r++ {
		tiles[[2]int{r, 5}] = true
	}
	for _, tc := range []struct {
		name  string
		view  Homography
		tiles map[[2]int]bool
		blank bool
		place Homography // the grid placed: board squares to board squares
		ok    bool
	}{
		{"from above, placed right", above, nil, false, Homography{1, 0, 0, 0, 1, 0, 0, 0, 1}, true},
		{"from above, a tenth off", above, nil, false, Homography{1, 0, 0.1, 0, 1, -0.12, 0, 0, 1}, true},
		{"steep, a tenth off", steepBoardView(), nil, false, Homography{1, 0, 0.12, 0, 1, 0.12, 0, 0, 1}, true},
		{"steep, off and a little large", steepBoardView(), nil, false, Homography{1.01, 0, 0.05, 0, 1.01, 0.1, 0, 0, 1}, true},
		{"steep with tiles, a tenth off", steepBoardView(), tiles, false, Homography{1, 0, -0.1, 0, 1, 0.1, 0, 0, 1}, true},
		{"no lines", above, nil, true, Homography{1, 0, 0.1, 0, 1, 0, 0, 0, 1}, false},
		{"half a square off", above, nil, false, Homography{1, 0, 0.5, 0, 1, 0.5, 0, 0, 1}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			grey := printedBoard(tc.view, tc.tiles)
			if tc.blank {
				grey = func(Point) float64 { return 120 }
			}
			at := func(x, y float64) Point { return tc.view.Apply(tc.place.Apply(Point{x, y})) }
			d, ok := CentreGridLines(grey, at, 15)
			if ok != tc.ok {
				t.Fatalf("ok %v, want %v", ok, tc.ok)
			}
			if !ok {
				return
			}
			inv := tc.view.Inverse()
			for _, c := range []Point{{0, 0}, {15, 0}, {15, 15}, {0, 15}} {
				got := inv.Apply(at(d.Apply(c).X, d.Apply(c).Y))
				if e := math.Hypot(got.X-c.X, got.Y-c.Y); e > 0.05 {
					t.Errorf("corner %v placed at %.3f, %.3f: %.3f of a square off", c, got.X, got.Y, e)
				}
			}
		})
	}
}
