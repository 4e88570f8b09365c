package upwords

import (
	"math"
	"slices"

	"github.com/tilescope/tilescope/vision"
)

// crossWalls is how plainly the walls between the squares cross row f
// of the grid g (rows) or column f (!rows): for each wall between two
// columns (rows), the strongest step in the picture's grey levels across
// it, within a fifth of a square of where the grid puts it, less the
// strongest step inside the squares on either side; the median over the
// walls. band is the part of the row (column) looked at, in squares
// from its start (0 to 1). A row of squares shows its walls (or the
// edges of the tiles standing between them); the board's rim beyond the
// last row shows none where the grid's walls would fall: its printed
// line and its title run along the rim, not across it. NaN where fewer
// than half the walls lie in the picture.
func crossWalls(p vision.Plane, g vision.Grid, rows bool, f int, band [2]float64) float64 {
	n := g.N
	var ev []float64
	for k := 1; k < n; k++ {
		if d, in := wallStep(p, g, rows, f, k, band); in {
			ev = append(ev, math.Max(0, d))
		}
	}
	if 2*len(ev) < n-1 {
		return math.NaN()
	}
	slices.Sort(ev)
	return ev[len(ev)/2]
}

// wallStep is the wall between columns (rows) k-1 and k of the grid g
// where it crosses row f (rows) or column f (!rows), over the part band
// of the row (column), in squares from its start: the strongest step in
// the picture's grey levels across the wall within a fifth of a square
// of where the grid puts it, less the strongest step inside the squares
// on either side. in is false where any sample lies outside the picture.
func wallStep(p vision.Plane, g vision.Grid, rows bool, f, k int, band [2]float64) (step float64, in bool) {
	const steps = 16 // samples a square across a wall
	const across = 5 // samples along the wall, within the band
	var prof [steps + 1]float64
	for i := 0; i <= steps; i++ {
		u := float64(k) + float64(i)/steps - 0.5
		s := 0.0
		for j := 0; j < across; j++ {
			v := float64(f) + band[0] + (band[1]-band[0])*(float64(j)+0.5)/across
			pt := vision.Point{X: u, Y: v}
			if !rows {
				pt = vision.Point{X: v, Y: u}
			}
			q := g.At(pt)
			a := p.At(q.X, q.Y)
			if a < 0 {
				return 0, false
			}
			s += a
		}
		prof[i] = s / across
	}
	near, far := 0.0, 0.0
	for i := 1; i < steps; i++ {
		d := math.Abs(prof[i+1] - prof[i-1])
		if u := math.Abs(float64(i)/steps - 0.5); u <= 0.2 {
			near = math.Max(near, d)
		} else if u >= 0.25 {
			far = math.Max(far, d)
		}
	}
	return near - far, true
}

// rowsWalls are the walls' evidence (crossWalls) for rows (columns) -2
// to n+1 of the grid g, index f+2, each outer row looked at over the
// half nearer the grid's middle: a rim taken for the outermost row is
// rim there, where the table may lie beyond it. The rows inside are
// looked at across their middle.
func rowsWalls(p vision.Plane, g vision.Grid, rows bool) []float64 {
	n := g.N
	ev := make([]float64, n+4)
	for f := -2; f <= n+1; f++ {
		band := [2]float64{0.3, 0.7}
		switch {
		case f <= 0:
			band = [2]float64{0.5, 0.9}
		case f >= n-1:
			band = [2]float64{0.1, 0.5}
		}
		ev[f+2] = crossWalls(p, g, rows, f, band)
	}
	return ev
}

// Thresholds of the registration check (rowShift), set on the tuning
// sets (docs/vision.md, "The grid a row off"): with them no grid found
// right was moved, and a right grid moved a row or a column off was
// moved back in 9 cases of 10 (the rest left as found: walls too faint).
const (
	// regReal is the least walls' evidence, over the median row's
	// inside the grid, of a row beyond the grid taken for squares.
	regReal = 0.2
	// regRim is the most walls' evidence of the outermost row at the
	// other end, over that of the row beyond, for it to be taken for
	// the board's rim: a third (0.25 until 4 Dec; a grid a row off on
	// the tuning sets had its rim row at 0.30, and the nearest grid
	// found right that the other tests let through has 0.37).
	regRim = 1.0 / 3
	// regPast is the most walls' evidence of the row past the one
	// beyond, over that of the row beyond: the rim past the board's
	// true first row.
	regPast = 0.5
	// regLevels is the least walls' evidence, in grey levels, of a row
	// beyond the grid taken for squares: walls that barely show (a
	// blurred or dim board) settle nothing.
	regLevels = 4
	// regFar is the least walls' evidence, over the median row's
	// inside the grid, over the outer half of the row beyond the grid
	// (the half away from it) for that row to be taken for squares. A
	// row of squares shows its walls across the whole row; in a steep
	// view the tall stacks of the grid's first row rise over the near
	// half of the rim beyond it and their edges pass for walls there
	// (tuning set 108401's 0001 and 0029: 1.30 and 0.66 of the median
	// on the near half, 0.04 and 0.00 on the outer). Half regReal: of
	// 388 grids found right on the tuning sets and moved a row or a
	// column off, 1 has its row beyond under it (0.2: 3).
	regFar = 0.1
)

// rowShift tells, from the walls' evidence of the rows -2 to n+1 of a
// grid (rowsWalls), whether the grid lies a row or two off: the row
// before its first shows walls crossing it as its rows do, its last row
// few (the board's rim: its printed line or its edge taken for the
// grid's last line), and the row before that few too (the rim before
// the board's true first row); or the two rows before its first show
// walls, its last two rows few and the row before those two few (a grid
// found two rows off, reaching past the rim onto the table); or the
// same the other way round. beyond gives the evidence of a row further
// out (-3 or n+2), asked only when the rest says two rows off (nil:
// none); outer gives the evidence over the outer half of the row
// beyond the grid (-1 or n), which must show walls too (regFar), asked
// only when the rest says the grid is off (nil: not asked). It returns
// -2 to +2 rows.
func rowShift(ev []float64, beyond, outer func(f int) float64) int {
	n := len(ev) - 4
	at := func(f int) float64 {
		if f >= -2 && f <= n+1 {
			return ev[f+2]
		}
		if beyond == nil {
			return math.NaN()
		}
		return beyond(f)
	}
	var inner []float64
	for f := 1; f <= n-2; f++ {
		if v := at(f); !math.IsNaN(v) {
			inner = append(inner, v)
		}
	}
	if len(inner) < n/2 {
		return 0
	}
	slices.Sort(inner)
	m := inner[len(inner)/2]
	if m <= 0 {
		return 0
	}
	// off: the k rows beyond (out, nearest the grid first) show walls
	// as the squares do, the k outermost rows at the other end (last)
	// and the row past the outs (past) few.
	off := func(past int, out, last []float64) bool {
		least := math.Inf(1)
		for _, v := range out {
			if math.IsNaN(v) || v < regReal*m || v < regLevels {
				return false
			}
			least = math.Min(least, v)
		}
		for _, v := range last {
			if math.IsNaN(v) || v > regRim*least {
				return false
			}
		}
		return !(at(past) > regPast*out[len(out)-1])
	}
	// whole: the row beyond the grid next to it (-1 or n) shows walls
	// over its outer half too.
	whole := func(next int) bool { return outer == nil || outer(next) >= regFar*m }
	for k := 1; k <= 2; k++ {
		lo := off(-k-1, []float64{at(-1), at(-2)}[:k], []float64{at(n - 1), at(n - 2)}[:k])
		hi := off(n+k, []float64{at(n), at(n + 1)}[:k], []float64{at(0), at(1)}[:k])
		switch {
		case lo && hi:
			return 0
		case lo:
			if !whole(-1) {
				return 0
			}
			return -k
		case hi:
			if !whole(n) {
				return 0
			}
			return k
		}
	}
	return 0
}

// registered is the grid g moved by whole rows or columns where the
// walls between its squares say it lies off (rowShift along each axis):
// every Upwords board has its n rows of squares with walls between
// them, and its rim beyond them on every side. A grid moved is checked
// once more, and moved on in the same direction when the check says so,
// two rows or columns in all at most: a grid two off whose walls beyond
// its first row show faintly past the rim is moved one, then one more.
func registered(p vision.Plane, g vision.Grid) (vision.Grid, int, int) {
	dr, dc := axisShift(p, g, true), axisShift(p, g, false)
	if dc == 0 && dr == 0 {
		return g, 0, 0
	}
	g = g.Shift(dc, dr)
	if iabs(dc) == 1 || iabs(dr) == 1 {
		// on: a further move along an axis, kept when it goes the same
		// way as the first.
		on := func(d, more int) int {
			if iabs(d) == 1 && more == d {
				return more
			}
			return 0
		}
		mr := on(dr, axisShift(p, g, true))
		mc := on(dc, axisShift(p, g, false))
		if mr != 0 || mc != 0 {
			g, dc, dr = g.Shift(mc, mr), dc+mc, dr+mr
		}
	}
	return g, dc, dr
}

// axisShift is rowShift for the rows (columns, !rows) of the grid g in
// the picture p, the rows -3 and n+2 measured only when asked (over
// their half nearer the grid, as rowsWalls does the outer rows).
func axisShift(p vision.Plane, g vision.Grid, rows bool) int {
	return rowShift(rowsWalls(p, g, rows), func(f int) float64 {
		band := [2]float64{0.5, 0.9}
		if f > 0 {
			band = [2]float64{0.1, 0.5}
		}
		return crossWalls(p, g, rows, f, band)
	}, func(f int) float64 {
		// the half of row -1 or n away from the grid (rowsWalls looks
		// at the half nearer it)
		band := [2]float64{0.1, 0.5}
		if f > 0 {
			band = [2]float64{0.5, 0.9}
		}
		return crossWalls(p, g, rows, f, band)
	})
}

// iabs is |v|.
func iabs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
