package upwords

import (
	"math"

	"github.com/tilescope/tilescope/vision"
)

// Thresholds of the edge's check on the samples' move (samplesMoveTaken),
// set on upwfind5's thirteen tuning sets (docs/vision.md, upwfind5): of
// the 101 registered grids the samples moved there, 17 moves brought a
// board in and 9 set a board found off; the check refuses 3 of the 9
// and 1 move of a board off either way, and none that brings a board
// in (the edge against those 0.04 at most).
const (
	// edgeAgainstMax is the most, in squares squared, by which the
	// board's outer edge may run more askew of the moved grid than of
	// the grid as it was (edgeAgainst, summed over the sides) for the
	// move to be taken.
	edgeAgainstMax = 0.1
	// edgeAgainstSide is the least a second side must say against the
	// move for it to be refused: a corner carried out skews both sides
	// that meet there, and a hand or a tile at the board's edge can
	// turn one side's reading (a held-out board under a hand, 109942's
	// 0017: one side against by 0.116, the move right).
	edgeAgainstSide = 0.02
	// edgeAgreeAbs and edgeAgreeRel: a side's two readings of the edge
	// count only where the change between them lies within edgeAgreeAbs
	// squares, or edgeAgreeRel of the change the move implies if
	// larger, of that change: elsewhere one of them has taken something
	// else for the edge (a tile, the rim's print, a hand).
	edgeAgreeAbs, edgeAgreeRel = 0.1, 0.5
)

// samplesMoveTaken tells whether the grid s, the registered grid g set
// on its lines' samples (vision.Grid.OnSamples), is taken in g's stead:
// not where the board's outer edge speaks against the move (edgeAgainst:
// over edgeAgainstMax in all, and edgeAgainstSide on two sides or
// more). On a dark board whose walls barely show the samples' straight
// grid, fitted where the lines show, carried a far corner a fifth to a
// third of a square out (upwfind4: four boards placed right by the
// search set off so, on four tuning sets).
func samplesMoveTaken(p vision.Plane, g, s vision.Grid) bool {
	return !againstMove(edgeAgainst(g.N, g.H, s.H, g.EdgeSkew(p), s.EdgeSkew(p)))
}

// againstMove tells whether the edge's word on each side (edgeAgainst)
// refuses the move: over edgeAgainstMax in all, and edgeAgainstSide or
// more on at least two sides.
func againstMove(by [4]float64) bool {
	sum, sides := 0.0, 0
	for _, v := range by {
		sum += v
		if v >= edgeAgainstSide {
			sides++
		}
	}
	return sum > edgeAgainstMax && sides >= 2
}

// edgeAgainst weighs what the board's outer edge says of moving the grid
// h (n squares a side) to the grid m, from the edge's skew beside each
// side of either (sa, sb: vision.Grid.EdgeSkew). A board's border is as
// wide at one end of a side as at the other, so the edge runs parallel
// to the outermost line of the grid placed right. The edge stays where
// it is in the picture: the move changes a side's skew by what it
// implies (the difference of the two end corners' moves across the
// side), and the skew against h is read twice, as sa and as sb less that
// change. On each side whose readings agree with the implied change
// (edgeAgreeAbs, edgeAgreeRel) it is how much more squared skew m leaves
// than h, the skew against h taken as the two readings' mean: positive
// where the edge says h is the straighter, in squares squared (a third
// of a square added at one side's end, 0.11); 0 on the other sides. A
// move of a tenth of a square says little either way, whatever the edge.
func edgeAgainst(n int, h, m vision.Homography, sa, sb [4]float64) [4]float64 {
	inv, nf := h.Inverse(), float64(n)
	var d [4]vision.Point // each corner's move, in h's squares
	for i, c := range []vision.Point{{X: 0, Y: 0}, {X: nf, Y: 0}, {X: nf, Y: nf}, {X: 0, Y: nf}} {
		b := inv.Apply(m.Apply(c))
		d[i] = vision.Point{X: b.X - c.X, Y: b.Y - c.Y}
	}
	// The change each side's skew takes: the edge's distance out of the
	// low x side grows by the side's move towards +x, and so on (the
	// sides in EdgeSkew's order; its skew runs from the side's corner
	// at the low end to the one at the high end).
	implied := [4]float64{
		d[3].X - d[0].X,
		-(d[2].X - d[1].X),
		d[1].Y - d[0].Y,
		-(d[2].Y - d[3].Y),
	}
	var against [4]float64
	for i, p := range implied {
		a, b := sa[i], sb[i]
		if math.IsNaN(a) || math.IsNaN(b) {
			continue
		}
		if math.Abs(b-a-p) > math.Max(edgeAgreeAbs, edgeAgreeRel*math.Abs(p)) {
			continue
		}
		x := (a + b - p) / 2
		against[i] = (x+p)*(x+p) - x*x
	}
	return against
}
