package upwords

import (
	"math"
	"slices"

	"github.com/tilescope/tilescope/vision"
)

// Thresholds of the placement's check (placementDoubt), set on the
// tuning sets (docs/vision.md, upwplaced): the grids found there and
// the same grids moved a row or a column off that the registration
// (registered) leaves where they are.
const (
	// placedBeyond is the most walls' evidence, over the squares'
	// level (the upper quartile of the rows inside the grid), of a row beyond the grid (-1 or n) for it to be
	// taken for the board's rim: a row of squares past the grid shows
	// its walls as the grid's rows do.
	placedBeyond = 0.5
	// placedEdge is the least walls' evidence, over the squares' level,
	// of the grid's outermost rows (0 and n-1) for them to be taken for
	// squares: a grid a row off has the board's rim, or the table, for
	// its first row.
	placedEdge = 0.1
	// placedOpposite is the least walls' evidence, over the squares'
	// level, of the row beyond the grid's other end for an outermost row
	// without walls (placedEdge) to put the grid in doubt: a grid a row
	// off gains at that end a row of squares, which shows some walls;
	// an outermost row whose walls a hand or a shadow hides, on a grid
	// placed right, has the rim beyond its other end, which shows none.
	placedOpposite = 0.05
)

// placementDoubt tells whether the walls between the squares leave the
// grid g's placement in doubt (a row or a column off, or a side a square
// short): along either axis, a row beyond the grid shows walls as its
// rows do (placedBeyond), or an outermost row of the grid shows hardly
// any (placedEdge) while the row beyond the other end shows some
// (placedOpposite), or the rows' walls cannot be measured or barely
// show (under regLevels grey levels on the rows inside). The walls
// repeat every square, so a grid a square off fits the rows inside as
// well as the right one does; only the rows at its ends tell them apart,
// and the registration (registered) moves a grid only where they say so
// plainly. A board whose grid is in doubt is read, but none of its
// squares is shown sure: an empty square read past a row a square off
// lies where a tile stands.
func placementDoubt(p vision.Plane, g vision.Grid) bool {
	for _, rows := range []bool{true, false} {
		if axisDoubt(rowsWalls(p, g, rows)) {
			return true
		}
	}
	return false
}

// axisDoubt is placementDoubt along one axis, from the walls' evidence
// of rows -2 to n+1 (rowsWalls, index f+2).
func axisDoubt(ev []float64) bool {
	n := len(ev) - 4
	at := func(f int) float64 { return ev[f+2] }
	var inner []float64
	for f := 1; f <= n-2; f++ {
		if v := at(f); !math.IsNaN(v) {
			inner = append(inner, v)
		}
	}
	if len(inner) < n/2 {
		return true
	}
	// The squares' level: the upper quartile of the rows inside, not
	// their median: a row full of tiles shows their letters' edges
	// inside its squares and reads no walls (a golden scene's rows: 0
	// on four of eight), and the row beyond is weighed against rows
	// whose walls show.
	slices.Sort(inner)
	m := inner[3*len(inner)/4]
	if m < regLevels {
		// walls that barely show (a dim or blurred board, 2 grey
		// levels) cannot tell the rim from a row of squares
		return true
	}
	for _, f := range []int{-1, n} {
		if v := at(f); math.IsNaN(v) || v >= placedBeyond*m {
			return true
		}
	}
	// each outermost row with the row beyond the grid's other end
	for _, e := range [][2]int{{0, n}, {n - 1, -1}} {
		if v := at(e[0]); math.IsNaN(v) || (v < placedEdge*m && at(e[1]) >= placedOpposite*m) {
			return true
		}
	}
	return false
}
