package vision

import (
	"math"
	"sort"
)

// CentreGridLines measures where the inner lines of an n x n grid lie
// about a grid placed near them, each at the middle of its printed line,
// and returns the homography of board squares to board squares that moves
// the placed grid there: the corrected grid maps a board point b to
// at(D.Apply(b)). at maps board squares to pixels (the placed grid, its
// lens included); grey is the picture's brightness at a pixel.
//
// The search's refinement (refineLines) takes each line where the
// brightness changes most: a printed line of some width has two edges,
// and it locks on either, so the grid found can sit a tenth of a square
// or more to one side of its lines, the same way over the whole board (a
// Scrabble board's white lines, 0.1 of a square wide). Here a line is
// the middle of its two edges (the brightness rising and falling within
// lineWidthMax of each other), measured band by band across the board
// within centreWindow of where at puts it, a straight line fitted
// through the bands robustly; the outermost lines (the border's print
// beside them) are not measured, the grid's outer edge extrapolated from
// the inner lines as the squares' spacing goes on. The bands are sampled
// in board squares, so a steep view's far rows count as the near ones.
//
// ok is false where fewer than minCentredLines lines of either
// direction are measured, or the correction moves a corner of the board
// more than maxCentreMove squares (another line taken).
func CentreGridLines(grey func(Point) float64, at func(x, y float64) Point, n int) (d Homography, ok bool) {
	const (
		steps = centreSteps // samples a square across a line
		bandT = 3           // samples along a band, at a quarter, half and three quarters
	)
	w := int(math.Round(centreWindow * steps))
	// Squares much lighter than the board's middle square (by
	// refineLines' rule, against the median: a premium print may be a
	// quarter of the squares and darker) hold tiles: a tile's sides
	// beside a line are edges of their own, so the bands beside them are
	// not measured.
	inner := make([]float64, n*n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			s := 0.0
			for _, v := range [3]float64{0.3, 0.5, 0.7} {
				for _, u := range [3]float64{0.3, 0.5, 0.7} {
					s += grey(at(float64(c)+u, float64(r)+v))
				}
			}
			inner[r*n+c] = s / 9
		}
	}
	sorted := append([]float64(nil), inner...)
	sort.Float64s(sorted)
	level := sorted[len(sorted)/2]
	bright := func(r, c int) bool {
		return r >= 0 && c >= 0 && r < n && c < n && inner[r*n+c] > 1.35*level+10
	}
	measure := func(vertical bool, width, edge float64) []gridLine {
		lines := make([]gridLine, n+1)
		prof := make([]float64, 2*w+1)
		for k := 1; k < n; k++ {
			var ts, xs []float64
			for j := 0; j < n; j++ {
				if vertical && (bright(j, k-1) || bright(j, k)) || !vertical && (bright(k-1, j) || bright(k, j)) {
					continue
				}
				// the two half squares either side of the line in
				// band j, placed by one homography (a square's
				// lines bend too little under the lens to matter)
				x0, x1, y0, y1 := float64(k)-0.5, float64(k)+0.5, float64(j), float64(j+1)
				q := Quad{at(x0, y0), at(x1, y0), at(x1, y1), at(x0, y1)}
				if !vertical {
					q = Quad{at(y0, x0), at(y0, x1), at(y1, x1), at(y1, x0)}
				}
				// the unit square onto the band's quad: its first
				// coordinate across the line, its second along it
				h, err := QuadHomography(1, 1, q)
				if err != nil {
					continue
				}
				for i := range prof {
					u := 0.5 + float64(i-w)/steps
					s := 0.0
					for q := 0; q < bandT; q++ {
						t := 0.25 + 0.5*float64(q)/float64(bandT-1)
						s += grey(h.Apply(Point{u, t}))
					}
					prof[i] = s / float64(bandT)
				}
				if c, ok := lineMiddle(prof, width, edge); ok {
					ts = append(ts, float64(j)+0.5)
					xs = append(xs, (c-float64(w))/steps)
				}
			}
			if len(ts) < minCentredBands {
				continue
			}
			a, b := robustLine(ts, xs, 0, centreWindow)
			lines[k] = gridLine{float64(k) + a, b, true} // a measured from line k
		}
		return lines
	}
	count := func(ls []gridLine) int {
		m := 0
		for _, l := range ls {
			if l.ok {
				m++
			}
		}
		return m
	}
	// A direction whose lines a motion blur spread (their edges wider
	// apart and fainter) is measured again with blurWidthMax and
	// minBlurEdge.
	lines := func(vertical bool) []gridLine {
		ls := measure(vertical, lineWidthMax, minLineEdge)
		if count(ls) < minCentredLines {
			ls = measure(vertical, blurWidthMax, minBlurEdge)
		}
		return ls
	}
	vs, hs := lines(true), lines(false)
	nv, nh := count(vs), count(hs)
	if debugf != nil {
		debugf("centre lines: %d and %d measured", nv, nh)
	}
	if nv < minCentredLines || nh < minCentredLines {
		return Homography{}, false
	}
	src, dst := lineCrossings(vs, hs)
	d, err := FitHomography(src, dst)
	if err != nil {
		return Homography{}, false
	}
	nf := float64(n)
	for _, c := range []Point{{0, 0}, {nf, 0}, {nf, nf}, {0, nf}} {
		q := d.Apply(c)
		if math.Hypot(q.X-c.X, q.Y-c.Y) > maxCentreMove {
			return Homography{}, false
		}
	}
	return d, true
}

// CentreGridLines' bars: a line is looked for within centreWindow of a
// square either side of where the grid puts it, sampled centreSteps
// times a square; its two edges lie at most lineWidthMax of a square
// apart and each changes the brightness by minLineEdge grey levels or
// more between the samples either side (in a direction where too few
// lines show so, blurWidthMax and minBlurEdge: the blurred 164048 turned
// 41 degrees, 0 of its columns' lines measured sharp, 11 so); a line is fitted through
// minCentredBands bands or more, the correction made from
// minCentredLines lines or more of each direction, and taken only where
// it moves no corner more than maxCentreMove squares.
const (
	centreWindow    = 0.3
	centreSteps     = 24
	lineWidthMax    = 0.22
	minLineEdge     = 6.0
	blurWidthMax    = 0.35
	minBlurEdge     = 4.0
	minCentredBands = 5
	minCentredLines = 8
	maxCentreMove   = 0.5
)

// lineMiddle finds a printed line in the brightness profile prof (the
// line expected at its middle): the strongest rise and the strongest
// fall of the brightness (over two samples), no further apart than
// width of a square, each placed to a fraction of a sample by a
// parabola; the line is midway. ok is false where either edge is weaker
// than edge grey levels or they lie too far apart.
func lineMiddle(prof []float64, width, edge float64) (c float64, ok bool) {
	n := len(prof)
	if n < 5 {
		return 0, false
	}
	g := make([]float64, n)
	for i := 1; i < n-1; i++ {
		g[i] = prof[i+1] - prof[i-1]
	}
	up, down := 1, 1
	for i := 1; i < n-1; i++ {
		if g[i] > g[up] {
			up = i
		}
		if g[i] < g[down] {
			down = i
		}
	}
	if g[up] < edge || -g[down] < edge {
		return 0, false
	}
	if math.Abs(float64(up-down)) > width*centreSteps {
		return 0, false
	}
	sub := func(i int, s float64) float64 {
		if i <= 1 || i >= n-2 {
			return float64(i)
		}
		a, b, cc := s*g[i-1], s*g[i], s*g[i+1]
		if den := a - 2*b + cc; den < 0 {
			return float64(i) + 0.5*(a-cc)/den
		}
		return float64(i)
	}
	return (sub(up, 1) + sub(down, -1)) / 2, true
}
