package pyramids

import (
	"math"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/vision"

	"github.com/tilescope/tilescope/internal/parallel"
)

// The pyramids' size is learnt from the photo: makers differ in the
// board's pitch and the pyramids' base, height and nesting step, and only
// their proportions to the grid's pitch matter to the reading (the pose
// is in squares). A stack's outline in the picture is its top pyramid
// (the hull of its base corners and tip, lifted by the layers under it)
// and, in a tilted view, the lower layers' skirts below it on the side
// away from the camera. A grid of points over each coloured pyramid's
// square, on the board, shows the top's colour, the lower layers' (the
// player's own on a player's space, black on a house square) or the
// board; the proportions are the ones whose outlines explain those
// points best over all such squares, searched one at a time and twice
// round, with a small pull towards DefaultGeometry so that a photo that
// cannot tell keeps it. The same outlines check each stack's count.

// edgePx is how much wider than a pyramid's base its colour reads on
// each side, in pixels.
const edgePx = 1.0

// silSamples is the side of the grid of points sampled over a square.
const silSamples = 12

// Ranges searched, as shares of the grid's pitch.
var (
	baseRange = [3]float64{0.62, 0.98, 0.02}
	nestRange = [3]float64{0.06, 0.36, 0.02}
)

// Point labels: what a point of a square shows or is expected to show.
const (
	lblBoard  = iota // neither the top's colour nor the lower layers'
	lblTop           // the top pyramid's colour
	lblLower         // the lower layers' colour (when not the top's)
	lblEither        // a neighbouring stack may cover it: not counted
)

// silSquare is one pyramid's evidence: its square, count and colours,
// the neighbouring stacks that may cover its points, and what each point
// shows.
type silSquare struct {
	r, c, k    int
	top, lower int      // pixel classes; lower -1 when not known
	nb         [][3]int // neighbours with a pyramid: row, col, count
	pts        [silSamples * silSamples]vision.Point
	seen       [silSamples * silSamples]uint8 // lblBoard, lblTop or lblLower
}

// colourClass is the pixel class of a pyramid colour.
func colourClass(c pyramids.Colour) int {
	for cls, cc := range classColour {
		if cc == c && cls != clsLight {
			return cls
		}
	}
	return -1
}

// shape is the pyramids' proportions in squares: base, height, nesting.
type shape struct{ b, t, nest float64 }

func (g Geometry) shape() shape {
	return shape{g.BaseMM / g.SquareMM, g.TallMM / g.SquareMM, g.NestMM / g.SquareMM}
}

// fitGeometry learns the pyramids' proportions from the picture: looks
// are the squares' colours in board order, heights the stack counts
// assumed on them. It returns the geometry (SquareMM as the default's,
// the rest in proportion) and how many squares it was learnt from; with
// fewer than minFit squares it returns the default.
func (f *frame) fitGeometry(looks []cellLook, heights func(grid.Pos) int, seats [4]pyramids.Colour) (Geometry, int) {
	const minFit, maxFit = 6, 24
	n := pyramids.Size
	var sqs []*silSquare
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if looks[r*n+c].conf < 0.7 {
				continue
			}
			if s, ok := f.silhouette(looks, heights, seats, r, c); ok {
				sqs = append(sqs, s)
			}
		}
	}
	def := DefaultGeometry
	if len(sqs) > maxFit {
		// every so many, over the whole board
		kept := sqs[:0]
		for i := 0; i < maxFit; i++ {
			kept = append(kept, sqs[i*len(sqs)/maxFit])
		}
		sqs = kept
	}
	if len(sqs) < minFit {
		return def, len(sqs)
	}
	d := def.shape()
	cost := func(sh shape) float64 {
		bad := 0
		for _, s := range sqs {
			bad += f.misses(s, s.k, sh, false)
		}
		// the pull towards the default: a tenth of the pitch away costs
		// 0.02 of a square's points
		db, dn := sh.b-d.b, sh.nest-d.nest
		return float64(bad)/float64(len(sqs)*silSamples*silSamples) + 0.02*(db*db+dn*dn)/0.01
	}
	// search moves *v to the value of rg (start, end, step) of least
	// cost, *v kept on a tie and the first on a tie among rg's. The
	// costs are independent (the frame is only read), so they are
	// computed on every processor and then compared in rg's order: the
	// same choice as one after another.
	//
	// The cost of a shape depends on the shape alone, so each is worked
	// out once (known): the second round mostly asks again for the
	// first's.
	known := map[shape]float64{}
	search := func(v *float64, rg [3]float64, at func(x float64) shape) {
		xs := []float64{*v}
		for x := rg[0]; x <= rg[1]+1e-9; x += rg[2] {
			xs = append(xs, x)
		}
		costs := make([]float64, len(xs))
		// from[i] is the value whose cost xs[i] takes (-1: known), todo
		// the values whose costs are worked out
		from := make([]int, len(xs))
		var todo []int
	each:
		for i, x := range xs {
			shp := at(x)
			if c, ok := known[shp]; ok {
				costs[i], from[i] = c, -1
				continue
			}
			for _, j := range todo {
				if at(xs[j]) == shp {
					from[i] = j
					continue each
				}
			}
			from[i] = i
			todo = append(todo, i)
		}
		parallel.For(len(todo), func(j int) { costs[todo[j]] = cost(at(xs[todo[j]])) })
		for i, j := range from {
			if j >= 0 {
				costs[i] = costs[j]
			}
		}
		for _, i := range todo {
			known[at(xs[i])] = costs[i]
		}
		best, bestC := xs[0], costs[0]
		for i := 1; i < len(xs); i++ {
			if costs[i] < bestC {
				best, bestC = xs[i], costs[i]
			}
		}
		*v = best
	}
	// The height in the default's proportion to the base: the tip mostly
	// falls inside the outline, and the faces' shading did not place it
	// reliably on rendered sets (heights 0.6-0.9 of the pitch read for
	// 0.68).
	sh := d
	tall := func(b float64) float64 { return b * d.t / d.b }
	for round := 0; round < 2; round++ {
		search(&sh.b, baseRange, func(x float64) shape { return shape{x, tall(x), sh.nest} })
		sh.t = tall(sh.b)
		search(&sh.nest, nestRange, func(x float64) shape { return shape{sh.b, sh.t, x} })
	}
	// A pixel on a pyramid's edge reads its colour while well under
	// half of it is plastic (its saturation still clears pyramidSat), so
	// the coloured area is about edgePx wider on each side than the base.
	var side float64
	for i := 0; i < 4; i++ {
		a, b := f.corners[i], f.corners[(i+1)%4]
		side += math.Hypot(b.X-a.X, b.Y-a.Y) / float64(4*pyramids.Size)
	}
	if side > 0 {
		sh.b = max(baseRange[0], sh.b-2*edgePx/side)
		sh.t = tall(sh.b)
	}
	g := def
	g.BaseMM, g.TallMM, g.NestMM = sh.b*def.SquareMM, sh.t*def.SquareMM, sh.nest*def.SquareMM
	return g, len(sqs)
}

// silhouette gathers square (r, c)'s evidence (board order): its points
// and what each shows, its colours and neighbours, and the counts
// assumed. ok is false when the square holds no player-coloured pyramid
// or part of it is out of the picture.
func (f *frame) silhouette(looks []cellLook, heights func(grid.Pos) int, seats [4]pyramids.Colour, r, c int) (*silSquare, bool) {
	n := pyramids.Size
	col := looks[r*n+c].colour
	if !col.IsPlayer() {
		return nil, false
	}
	p := grid.Pos{Row: r, Col: c}
	s := &silSquare{r: r, c: c, k: max(1, heights(p)), top: colourClass(col), lower: -1}
	// the lower layers' colour, where the set-up says: a player's own
	// stack on its space, a house pyramid under a coloured one
	if side, ok := pyramids.SpaceSide(p); ok && seats[side] == col {
		s.lower = s.top
	} else if pyramids.InHouse(p) {
		s.lower = clsDark
	}
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			rr, cc := r+dr, c+dc
			if (dr == 0 && dc == 0) || rr < 0 || cc < 0 || rr >= n || cc >= n || looks[rr*n+cc].colour == pyramids.NoColour {
				continue
			}
			s.nb = append(s.nb, [3]int{rr, cc, max(1, heights(grid.Pos{Row: rr, Col: cc}))})
		}
	}
	for i := 0; i < silSamples; i++ {
		for j := 0; j < silSamples; j++ {
			x := float64(c) + (float64(j)+0.5)/silSamples
			y := float64(r) + (float64(i)+0.5)/silSamples
			pt := f.project([3]float64{x, y, 0})
			px, in := f.p.at(pt.X, pt.Y)
			if !in {
				return nil, false
			}
			k := i*silSamples + j
			s.pts[k] = pt
			switch cl, _ := classify(px, f.white); {
			case cl == s.top:
				s.seen[k] = lblTop
			case cl == s.lower:
				s.seen[k] = lblLower
			default:
				s.seen[k] = lblBoard
			}
		}
	}
	return s, true
}

// expect labels what the points of s should show with a stack of k of
// shape sh, its own outline shifted by (dr, dc) squares.
func (f *frame) expect(s *silSquare, k int, sh shape, dr, dc float64, out *[silSamples * silSamples]uint8) {
	for j := range out {
		out[j] = lblBoard
	}
	var cv convexSides
	for _, nb := range s.nb {
		h, n := f.outline(float64(nb[0]), float64(nb[1]), nb[2], sh, false)
		x0, y0, x1, y1 := bounds(h[:n])
		cv.set(h[:n])
		for j, pt := range s.pts {
			if pt.X >= x0 && pt.X <= x1 && pt.Y >= y0 && pt.Y <= y1 && cv.in(pt) {
				out[j] = lblEither
			}
		}
	}
	r, c := float64(s.r)+dr, float64(s.c)+dc
	if k > 1 {
		lbl := uint8(lblLower)
		switch {
		case s.lower == s.top:
			lbl = lblTop
		case s.lower < 0:
			lbl = lblEither
		}
		h, n := f.outline(r, c, k, sh, false)
		cv.set(h[:n])
		for j, pt := range s.pts {
			if cv.in(pt) {
				out[j] = lbl
			}
		}
	}
	h, n := f.outline(r, c, k, sh, true)
	cv.set(h[:n])
	for j, pt := range s.pts {
		if cv.in(pt) {
			out[j] = lblTop
		}
	}
}

// misses counts the points of s whose label the outlines of a stack of k
// (shape sh) do not explain; shifted, the least over small shifts of the
// square's own stack (a pyramid sits a little off its square's centre,
// and the lens moves the edge squares a few pixels), so that only the
// outline's shape is evidence of the count, not its place.
func (f *frame) misses(s *silSquare, k int, sh shape, shifted bool) int {
	var want [silSamples * silSamples]uint8
	least := len(s.pts)
	for _, dr := range [3]float64{-countShift, 0, countShift} {
		for _, dc := range [3]float64{-countShift, 0, countShift} {
			if !shifted && (dr != 0 || dc != 0) {
				continue
			}
			f.expect(s, k, sh, dr, dc, &want)
			bad := 0
			for j, w := range want {
				if w != lblEither && w != s.seen[j] {
					bad++
				}
			}
			least = min(least, bad)
		}
	}
	return least
}

// Thresholds of the count check (points of a square's 144).
const (
	countShows  = 10 // the expected labels of count k and the one seen differ on at least this many points
	countMargin = 12 // and the one seen explains this many more points (6-11: as many wrong as right on the tuning sets)
	countShift  = 0.04
	countReach  = 2 // a turn moves a stack by one; a misread history by a little more
)

// seenHeight checks the count the game holds on square (r, c) (board
// order) against the photo: a taller stack lifts its top pyramid, and in
// a tilted view the lower layers' skirts show below it, on the side away
// from the camera. It returns the count whose outline explains the
// square's points best when that is clearly better than the game's and
// the two differ enough to tell (0 otherwise: agreement, or the photo
// cannot tell).
func (f *frame) seenHeight(looks []cellLook, heights func(grid.Pos) int, seats [4]pyramids.Colour, r, c int) int {
	s, ok := f.silhouette(looks, heights, seats, r, c)
	if !ok || s.lower < 0 {
		return 0
	}
	sh := f.geo.shape()
	var w0, w1 [silSamples * silSamples]uint8
	f.expect(s, s.k, sh, 0, 0, &w0)
	at := -1 // counted when another count's outline differs enough
	seen, bestAt := 0, 0
	for h := max(1, s.k-countReach); h <= min(f.geo.MaxStack, s.k+countReach); h++ {
		if h == s.k {
			continue
		}
		f.expect(s, h, sh, 0, 0, &w1)
		diff := 0
		for j := range w0 {
			if w0[j] != w1[j] && w0[j] != lblEither && w1[j] != lblEither {
				diff++
			}
		}
		if diff < countShows {
			continue
		}
		if at < 0 {
			at = f.misses(s, s.k, sh, true)
			bestAt = at
		}
		if m := f.misses(s, h, sh, true); at-m >= countMargin && m < bestAt {
			seen, bestAt = h, m
		}
	}
	return seen
}

// checkCounts sets SeenHeight on the squares whose photo shows another
// count than the game's.
func checkCounts(f *frame, sqs []Square, looks []cellLook, heights func(grid.Pos) int, seats [4]pyramids.Colour) {
	parallel.For(len(sqs), func(i int) {
		if sqs[i].Colour != pyramids.NoColour {
			sqs[i].SeenHeight = f.seenHeight(looks, heights, seats, sqs[i].Pos.Row, sqs[i].Pos.Col)
		}
	})
}

// outline is the hull in the picture of a stack of k on (r, c) of shape
// sh: with top, the top pyramid alone (its base lifted by the layers
// under it, and its tip); else the whole stack (the bottom pyramid's
// base, the top's base and tip).
func (f *frame) outline(r, c float64, k int, sh shape, top bool) ([9]vision.Point, int) {
	z := float64(k-1) * sh.nest
	cx, cy := c+0.5, r+0.5
	hb := sh.b / 2
	var pts [9]vision.Point
	n := 0
	levels := []float64{z}
	if !top && k > 1 {
		levels = []float64{0, z}
	}
	for _, h := range levels {
		for _, d := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
			pts[n] = f.project([3]float64{cx + d[0]*hb, cy + d[1]*hb, h})
			n++
		}
	}
	pts[n] = f.project([3]float64{cx, cy, z + sh.t})
	n++
	return hull(pts[:n])
}

// hull is the convex hull of up to nine points (monotone chain), in
// order.
func hull(p []vision.Point) ([9]vision.Point, int) {
	var q [9]vision.Point
	copy(q[:], p)
	pts := q[:len(p)]
	// insertion sort by x, then y
	for i := 1; i < len(pts); i++ {
		for j := i; j > 0 && (pts[j].X < pts[j-1].X || (pts[j].X == pts[j-1].X && pts[j].Y < pts[j-1].Y)); j-- {
			pts[j], pts[j-1] = pts[j-1], pts[j]
		}
	}
	cross := func(o, a, b vision.Point) float64 { return (a.X-o.X)*(b.Y-o.Y) - (a.Y-o.Y)*(b.X-o.X) }
	var h [18]vision.Point
	n := 0
	for _, pt := range pts {
		for n >= 2 && cross(h[n-2], h[n-1], pt) <= 0 {
			n--
		}
		h[n] = pt
		n++
	}
	lower := n + 1
	for i := len(pts) - 2; i >= 0; i-- {
		pt := pts[i]
		for n >= lower && cross(h[n-2], h[n-1], pt) <= 0 {
			n--
		}
		h[n] = pt
		n++
	}
	var out [9]vision.Point
	n = min(n-1, 9)
	copy(out[:], h[:n])
	return out, n
}

// bounds is the box around the points h.
func bounds(h []vision.Point) (x0, y0, x1, y1 float64) {
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range h {
		x0, y0 = math.Min(x0, p.X), math.Min(y0, p.Y)
		x1, y1 = math.Max(x1, p.X), math.Max(y1, p.Y)
	}
	return
}

// inConvex: q inside the convex polygon h (either winding).
func inConvex(h []vision.Point, q vision.Point) bool {
	if len(h) < 3 {
		return false
	}
	sign := 0.0
	for i := range h {
		a, b := h[i], h[(i+1)%len(h)]
		cr := (b.X-a.X)*(q.Y-a.Y) - (b.Y-a.Y)*(q.X-a.X)
		if cr == 0 {
			continue
		}
		if sign == 0 {
			sign = math.Copysign(1, cr)
		} else if math.Copysign(1, cr) != sign {
			return false
		}
	}
	return true
}

// convexSides is a convex polygon of up to nine corners (hull's) with
// its sides' vectors worked out once, for testing many points: in gives
// inConvex's answer with the same arithmetic (a side's sign by its sign
// bit, as inConvex's Copysign).
type convexSides struct {
	ax, ay, ex, ey [9]float64 // side i from (ax, ay) along (ex, ey)
	n              int
}

// set makes cv the polygon h (at most nine corners).
func (cv *convexSides) set(h []vision.Point) {
	cv.n = len(h)
	for i, a := range h {
		b := h[(i+1)%len(h)]
		cv.ax[i], cv.ay[i], cv.ex[i], cv.ey[i] = a.X, a.Y, b.X-a.X, b.Y-a.Y
	}
}

// in: q inside the polygon (inConvex).
func (cv *convexSides) in(q vision.Point) bool {
	if cv.n < 3 {
		return false
	}
	signed, neg := false, false
	for i := 0; i < cv.n; i++ {
		cr := cv.ex[i]*(q.Y-cv.ay[i]) - cv.ey[i]*(q.X-cv.ax[i])
		if cr == 0 {
			continue
		}
		if !signed {
			signed, neg = true, math.Signbit(cr)
		} else if math.Signbit(cr) != neg {
			return false
		}
	}
	return true
}
