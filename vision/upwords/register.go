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
	const steps = 16 // samples a square across a wall
	const across = 5 // samples along the wall, within the band
	prof := make([]float64, steps+1)
	var ev []float64
	for k := 1; k < n; k++ {
		in := true
		for i := 0; i <= steps && in; i++ {
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
					in = false
					break
				}
				s += a
			}
			prof[i] = s / across
		}
		if !in {
			continue
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
		ev = append(ev, math.Max(0, near-far))
	}
	if 2*len(ev) < n-1 {
		return math.NaN()
	}
	slices.Sort(ev)
	return ev[len(ev)/2]
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
)

// rowShift tells, from the walls' evidence of the rows -2 to n+1 of a
// grid (rowsWalls), whether the grid lies a row off: the row before its
// first shows walls crossing it as its rows do, its last row few (the
// board's rim: its printed line or its edge taken for the grid's last
// line), and the row before that few too (the rim before the board's
// true first row); or the same the other way round. It returns -1, 0
// or +1 rows.
func rowShift(ev []float64) int {
	n := len(ev) - 4
	var inner []float64
	for f := 1; f <= n-2; f++ {
		if v := ev[f+2]; !math.IsNaN(v) {
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
	// off: the row beyond (out) shows walls as the squares do, the
	// outermost row at the other end (last) and the row past out few.
	off := func(past, out, last float64) bool {
		if math.IsNaN(out) || math.IsNaN(last) {
			return false
		}
		return out >= regReal*m && out >= regLevels && last <= regRim*out && !(past > regPast*out)
	}
	switch lo, hi := off(ev[0], ev[1], ev[n+1]), off(ev[n+3], ev[n+2], ev[2]); {
	case lo && !hi:
		return -1
	case hi && !lo:
		return 1
	}
	return 0
}

// registered is the grid g moved by a whole row or column where the
// walls between its squares say it lies one off (rowShift along each
// axis): every Upwords board has its n rows of squares with walls
// between them, and its rim beyond them on every side.
func registered(p vision.Plane, g vision.Grid) (vision.Grid, int, int) {
	dr := rowShift(rowsWalls(p, g, true))
	dc := rowShift(rowsWalls(p, g, false))
	if dc == 0 && dr == 0 {
		return g, 0, 0
	}
	return g.Shift(dc, dr), dc, dr
}
