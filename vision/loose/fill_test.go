package loose

import (
	"image"
	"math"
	"slices"
	"testing"
)

// TestLatticeFillSameEveryRun: a patch of joined tiles is cut into the
// same cells, in the same order, on every call. The cells were once kept
// in a map, and the order a Go map is walked in changes from run to run:
// the tiles came out in another order, and the scan of a Twists table read
// differently from one run to the next (a tile matched or not, the lattice
// right or not).
func TestLatticeFillSameEveryRun(t *testing.T) {
	tests := []struct {
		name       string
		cols, rows int
		angle      float64 // degrees
	}{
		{"a row of five", 5, 1, 0},
		{"three by two, turned", 3, 2, 17},
		{"an L of joined tiles", 4, 3, -8},
	}
	const side = 30.0
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pts := joinedTiles(tc.cols, tc.rows, side, tc.angle)
			if tc.name == "an L of joined tiles" {
				// Only the first row and the first column: an L.
				pts = slices.DeleteFunc(pts, func(p image.Point) bool {
					u, v := unturn(p, tc.angle)
					return u > side && v > side
				})
			}
			first, ok := latticeFill(pts, side)
			if !ok {
				t.Fatal("the patch was not explained as lattice cells")
			}
			want := tc.cols * tc.rows
			if tc.name == "an L of joined tiles" {
				want = tc.cols + tc.rows - 1
			}
			if len(first) != want {
				t.Fatalf("%d cells, want %d", len(first), want)
			}
			for run := 1; run < 20; run++ {
				again, _ := latticeFill(pts, side)
				if !slices.Equal(again, first) {
					t.Fatalf("call %d gave the cells %v; the first call %v", run+1, again, first)
				}
			}
		})
	}
}

// joinedTiles is the pixels of cols x rows touching square tiles of the
// side given, turned by angle degrees about the first tile's corner, which
// sits at (origin, origin).
func joinedTiles(cols, rows int, side, angle float64) []image.Point {
	w, h := float64(cols)*side, float64(rows)*side
	size := 2 * origin
	var pts []image.Point
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			p := image.Pt(x, y)
			if u, v := unturn(p, angle); u >= 0 && u < w && v >= 0 && v < h {
				pts = append(pts, p)
			}
		}
	}
	return pts
}

// origin is where joinedTiles puts the first tile's corner: far enough
// in for any turn of a few tiles.
const origin = 200

// unturn gives a pixel of joinedTiles in the tiles' own frame.
func unturn(p image.Point, angle float64) (u, v float64) {
	a := angle * math.Pi / 180
	c, s := math.Cos(a), math.Sin(a)
	x, y := float64(p.X-origin), float64(p.Y-origin)
	return x*c + y*s, -x*s + y*c
}
