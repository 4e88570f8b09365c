package vision

import (
	"math"
	"sort"
)

// Lens is a radial lens distortion about the picture's centre C: the
// pixel x a pinhole camera would give appears at C + (x-C)(1 + K r²),
// r = |x-C|/S. A negative K (barrel distortion, the common case with wide
// lenses) pulls the picture's outer parts in. The zero Lens changes
// nothing.
type Lens struct {
	K float64 // distortion at r = 1
	C Point   // centre, pixels
	S float64 // radius r = 1, pixels
}

// Distort maps an ideal (pinhole) pixel to where the lens shows it.
func (l Lens) Distort(p Point) Point {
	if l.K == 0 || l.S == 0 {
		return p
	}
	dx, dy := p.X-l.C.X, p.Y-l.C.Y
	f := 1 + l.K*(dx*dx+dy*dy)/(l.S*l.S)
	return Point{l.C.X + dx*f, l.C.Y + dy*f}
}

// Undistort maps a pixel of the picture back to the ideal pixel (Newton's
// method on the radius; the distortions fitted here are mild enough for
// it to converge in a few steps).
func (l Lens) Undistort(p Point) Point {
	if l.K == 0 || l.S == 0 {
		return p
	}
	dx, dy := (p.X-l.C.X)/l.S, (p.Y-l.C.Y)/l.S
	rd := math.Hypot(dx, dy)
	if rd == 0 {
		return p
	}
	r := rd
	for i := 0; i < 4; i++ {
		d := 1 + 3*l.K*r*r
		if d <= 0.1 {
			break // past the fold of a strong distortion: keep the last
		}
		r -= (r + l.K*r*r*r - rd) / d
	}
	s := r / rd
	return Point{l.C.X + (p.X-l.C.X)*s, l.C.Y + (p.Y-l.C.Y)*s}
}

// lensMinGain is how much better (misfit over misfit, lensCost) the
// grid's line points must fit a grid under the fitted lens than under
// none for the lens to be kept: a lens that only explains noise (blurred
// lines, a few bands measured) is left out. Measured on hard rendered
// scenes, the lenses that gained less than a fifth were as often wrong
// (even of the wrong sign) as right.
const lensMinGain = 0.8

// lensBarrelGain is lensMinGain for a barrel lens of K lensBarrelK or
// less: kept where it fits the lines a twentieth better than none. On a
// blurred board, or one a hand covers, the lines' points scatter about
// them and the scatter, the same under any lens, outweighs the bend in
// the misfit: the right lens gains less than a fifth, the straight grid
// misses the corners by a quarter of a square (tuning 110500's 0008 and
// 0016, K -0.059 and -0.049 by the renderer: fitted -0.041 and -0.044,
// gains 0.91 and 0.93). On the fourteen tuning sets of docs/vision.md's
// upwfind2, the 42 barrel lenses fitted at gains of 0.8 to 0.95 were
// all barrel lenses in the renderer (K -0.01 to -0.086), where 5 of the
// 7 pincushion ones fitted at those gains were of the wrong sign.
const lensBarrelGain = 0.95

// lensBarrelK is the K (barrel: negative) at or under which a lens is
// kept at lensBarrelGain; a lens bent less, or the other way, is kept
// at lensMinGain only.
const lensBarrelK = -0.035

// lensMinMove is how far, in squares, the fitted lens must move some
// corner of the grid from where the straight-line grid has it for the
// lens to be kept: below that the straight grid is as good and the scan
// stays as it was.
const lensMinMove = 0.04

// fitLens fits a radial distortion about the picture's centre to the
// grid's lines as measured band by band (refineGridSamples, under the
// straight-line grid h). A homography cannot follow a lens: the lines
// bow and the outer squares come out squeezed (barrel) or stretched, so
// the straight grid that fits the middle misses the corners, by a third
// of a square under the renderer's strongest lenses. The distortion is
// the one that makes the lines straightest (the plumb-line method: each
// line's points, undistorted, are fitted a straight line and the squared
// distances to it summed), searched on the points near the straight
// grid's lines (0.15 square), then again on those near the grid under
// that lens (0.08 square: a tile's edge or a letter caught in a band is
// further). It is kept when the points then fit a grid clearly better
// (lensCost; keepLens: lensMinGain, lensBarrelGain) and it moves some
// corner by lensMinMove squares or more, and by less than half a square
// (more is a misfit, not a lens). It returns the lens and hu, the grid
// without it (board squares to the pixels a pinhole camera would give).
func fitLens(samples []lineSample, h Homography, n, w, ht int) (lens Lens, hu Homography, ok bool) {
	t, ok := lensTrial(samples, h, n, w, ht)
	if !ok || !keepLens(t) {
		return Lens{}, h, false
	}
	return t.lens, t.hu, true
}

// keepLens tells whether the lens lensTrial measured is kept (fitLens):
// it fits the lines' points clearly better than none (lensMinGain, or
// lensBarrelGain for a barrel lens of lensBarrelK or more) and moves a
// corner of the straight grid lensMinMove squares or more, and less than
// half a square.
func keepLens(t lensFit) bool {
	if debugf != nil {
		debugf("lens: K %.3f, misfit %.3f -> %.3f square² over %d lines", t.lens.K, t.c0, t.bc, t.lines)
	}
	gain := lensMinGain
	if t.lens.K <= lensBarrelK {
		gain = lensBarrelGain
	}
	if t.lens.K == 0 || t.bc > gain*t.c0 {
		return false
	}
	if debugf != nil {
		debugf("lens: corners move up to %.2f square", t.move)
	}
	return t.underOK && t.move >= lensMinMove && t.move <= 0.5
}

// lensFit is what lensTrial measures of the lens that straightens a
// grid's lines best: the lens, the lines' misfit to a grid without it
// (c0) and under it (bc), over how many lines, the grid without the lens
// (hu, where underOK) and how far it moves the straight grid's furthest
// corner, in squares.
type lensFit struct {
	lens    Lens
	c0, bc  float64
	lines   int
	hu      Homography
	move    float64
	underOK bool
}

// lensTrial fits the lens (fitLens's search) and measures it, kept or
// not (the grid under it only where its gain could keep it); false
// where too few lines or no grid through them leave no lens to measure.
func lensTrial(samples []lineSample, h Homography, n, w, ht int) (lensFit, bool) {
	pitch := math.Hypot(h.Apply(Point{float64(n), 0}).X-h.Apply(Point{0, 0}).X, h.Apply(Point{float64(n), 0}).Y-h.Apply(Point{0, 0}).Y) / float64(n)
	if pitch <= 0 || len(samples) < 20 {
		if debugf != nil {
			debugf("lens: %d samples only", len(samples))
		}
		return lensFit{}, false
	}
	base := Lens{C: Point{float64(w) / 2, float64(ht) / 2}, S: float64(max(w, ht)) / 2}
	all := groupLines(samples, n)
	// The points near the straight grid's lines first, then those near
	// the grid under the lens fitted to them.
	lines := nearLines(all, base, h, 0.15)
	var bk, bc, c0 float64
	for it := 0; it < 2; it++ {
		// Six lines (of 22) with four points or more: fewer do not pin
		// a lens down.
		if len(lines) < 6 {
			if debugf != nil {
				debugf("lens: %d lines only", len(lines))
			}
			return lensFit{}, false
		}
		if it == 0 {
			bk = searchLens(lines, base, -0.3, 0.1, 0.1)
		} else {
			bk = searchLens(lines, base, bk-0.03, bk+0.03, 0)
			l := base
			l.K = bk
			c0, _ = lensCost(lines, base, pitch, nil)
			bc, _ = lensCost(lines, l, pitch, nil)
			break
		}
		l := base
		l.K = bk
		ul, _ := undistortLines(lines, l, nil)
		g, ok := lensGrid(ul)
		if !ok {
			if debugf != nil {
				nv := 0
				for _, ln := range lines {
					if ln.vertical {
						nv++
					}
				}
				debugf("lens: no grid from %d lines (%d vertical), %d lines at all", len(lines), nv, len(all))
			}
			return lensFit{}, false
		}
		lines = nearLines(all, l, g, 0.08)
	}
	t := lensFit{lens: base, c0: c0, bc: bc, lines: len(lines)}
	t.lens.K = bk
	// The grid under the lens only where keepLens may keep it: the
	// smallest gain it asks of any lens is lensBarrelGain's.
	if bk != 0 && bc <= lensBarrelGain*c0 {
		t.hu, t.move, t.underOK = gridUnderLens(lines, t.lens, h, n, pitch)
	}
	return t, true
}

// gridUnderLens is the grid without the lens (board squares to the
// pixels a pinhole camera would give) that the lines' points show under
// lens, and how far, in squares, it moves the furthest corner of the
// straight grid h. What the lens changes is the distorted grid less the
// straight one fitted the same way to the same points; h (fitted
// otherwise, line by line) is moved by that much, and the grid without
// the lens is the homography fitted to where h so moved comes out
// undistorted.
func gridUnderLens(lines []lensLine, lens Lens, h Homography, n int, pitch float64) (hu Homography, move float64, ok bool) {
	ul, _ := undistortLines(lines, lens, nil)
	hk, ok := lensGrid(ul)
	if !ok {
		return Homography{}, 0, false
	}
	h0, ok := lensGrid(lines)
	if !ok {
		return Homography{}, 0, false
	}
	var src, dst []Point
	for j := 0; j <= n; j++ {
		for i := 0; i <= n; i++ {
			c := Point{float64(i), float64(j)}
			a, b, p := lens.Distort(hk.Apply(c)), h0.Apply(c), h.Apply(c)
			d := Point{a.X - b.X, a.Y - b.Y}
			if (i == 0 || i == n) && (j == 0 || j == n) {
				move = math.Max(move, math.Hypot(d.X, d.Y)/pitch)
			}
			src = append(src, c)
			dst = append(dst, lens.Undistort(Point{p.X + d.X, p.Y + d.Y}))
		}
	}
	hu, err := FitHomography(src, dst)
	if err != nil {
		return Homography{}, 0, false
	}
	return hu, move, true
}

// lensLine is one grid line's trusted points, in pixels.
type lensLine struct {
	vertical bool
	k        int
	pts      []Point
}

// straightness is the sum of squared distances of the points from the
// straight line that fits them best (total least squares: the smaller
// eigenvalue of their scatter).
func straightness(pts []Point) float64 {
	_, a, b, c := scatter(pts)
	return (a + b - math.Sqrt((a-b)*(a-b)+4*c*c)) / 2
}

// scatter returns the points' mean and their scatter about it: the sums
// of squared x and y offsets (a, b) and of their products (c).
func scatter(pts []Point) (mean Point, a, b, c float64) {
	var sx, sy, sxx, syy, sxy float64
	for _, q := range pts {
		sx += q.X
		sy += q.Y
		sxx += q.X * q.X
		syy += q.Y * q.Y
		sxy += q.X * q.Y
	}
	k := float64(len(pts))
	return Point{sx / k, sy / k}, sxx - sx*sx/k, syy - sy*sy/k, sxy - sx*sy/k
}

// undistortLines returns the lines with their points undistorted by l,
// into buf's storage when it is large enough.
func undistortLines(lines []lensLine, l Lens, buf []Point) ([]lensLine, []Point) {
	out := make([]lensLine, len(lines))
	buf = buf[:0]
	for i, ln := range lines {
		start := len(buf)
		for _, p := range ln.pts {
			buf = append(buf, l.Undistort(p))
		}
		out[i] = lensLine{ln.vertical, ln.k, buf[start:len(buf):len(buf)]}
	}
	return out, buf
}

// lensGrid fits the homography (board squares to ideal pixels) to the
// intersections of the grid's lines, each the straight line that fits its
// (undistorted) points best.
func lensGrid(lines []lensLine) (Homography, bool) {
	type tls struct {
		p   Point // a point on the line
		d   Point // its direction
		k   int
		set bool
	}
	fitOne := func(pts []Point) tls {
		m, a, b, c := scatter(pts)
		th := 0.5 * math.Atan2(2*c, a-b) // direction of largest spread
		return tls{p: m, d: Point{math.Cos(th), math.Sin(th)}, set: true}
	}
	var vs, hs []tls
	for _, ln := range lines {
		t := fitOne(ln.pts)
		t.k = ln.k
		if ln.vertical {
			vs = append(vs, t)
		} else {
			hs = append(hs, t)
		}
	}
	var src, dst []Point
	for _, v := range vs {
		for _, hl := range hs {
			den := v.d.X*hl.d.Y - v.d.Y*hl.d.X
			if math.Abs(den) < 1e-6 {
				continue
			}
			wx, wy := hl.p.X-v.p.X, hl.p.Y-v.p.Y
			s := (wx*hl.d.Y - wy*hl.d.X) / den
			src = append(src, Point{float64(v.k), float64(hl.k)})
			dst = append(dst, Point{v.p.X + s*v.d.X, v.p.Y + s*v.d.Y})
		}
	}
	if len(src) < 12 {
		return Homography{}, false
	}
	hu, err := FitHomography(src, dst)
	return hu, err == nil
}

// lensMisfitCap is the largest misfit, in squares, one point adds to
// gridMisfit (squared): a point the grid misses by more is an outlier.
const lensMisfitCap = 0.1

// gridMisfit is how far the grid's line points (undistorted) lie from the
// lines of the grid fitted to them (lensGrid): the sum over the points of
// the squared distance across their line, in squares, each capped at
// lensMisfitCap. Under the right lens the lines are straight and also
// spaced as a plane's grid in perspective, which the outer squares,
// squeezed by a barrel distortion, are not.
func gridMisfit(lines []lensLine) float64 {
	h, ok := lensGrid(lines)
	if !ok {
		return math.Inf(1)
	}
	inv := h.Inverse()
	var s float64
	for _, ln := range lines {
		for _, p := range ln.pts {
			b := inv.Apply(p)
			r := b.X - float64(ln.k)
			if !ln.vertical {
				r = b.Y - float64(ln.k)
			}
			s += math.Min(r*r, lensMisfitCap*lensMisfitCap)
		}
	}
	return s
}

// searchLens finds the distortion under which the lines' points are
// straightest (straightness) between lo and hi: a scan at step (none
// when 0), then a golden-section search around the best.
func searchLens(lines []lensLine, base Lens, lo, hi, step float64) float64 {
	var buf []Point
	cost := func(k float64) float64 {
		l := base
		l.K = k
		var ul []lensLine
		ul, buf = undistortLines(lines, l, buf)
		var st float64
		for _, ln := range ul {
			st += straightness(ln.pts)
		}
		return st
	}
	bk, bc := 0.0, cost(0)
	a, b := lo, hi
	if step > 0 {
		for k := lo; k <= hi+step/100; k += step {
			if c := cost(k); c < bc {
				bk, bc = k, c
			}
		}
		a, b = bk-step, bk+step
	}
	g := (math.Sqrt(5) - 1) / 2
	x1, x2 := b-g*(b-a), a+g*(b-a)
	f1, f2 := cost(x1), cost(x2)
	for i := 0; i < 9; i++ {
		if f1 < f2 {
			b, x2, f2 = x2, x1, f1
			x1 = b - g*(b-a)
			f1 = cost(x1)
		} else {
			a, x1, f1 = x1, x2, f2
			x2 = a + g*(b-a)
			f2 = cost(x2)
		}
	}
	if k := (a + b) / 2; cost(k) < bc {
		bk = k
	}
	return bk
}

// lensCost is how badly the lines' points, undistorted by l, fit a grid:
// their distances from each line's own straight fit (straightness, in
// squares) plus their distances across the grid's lines (gridMisfit).
// buf is storage for the undistorted points, returned for reuse.
func lensCost(lines []lensLine, l Lens, pitch float64, buf []Point) (float64, []Point) {
	ul, buf := undistortLines(lines, l, buf)
	var st float64
	for _, ln := range ul {
		st += straightness(ln.pts)
	}
	return st/(pitch*pitch) + gridMisfit(ul), buf
}

// groupLines gathers the samples by grid line.
func groupLines(samples []lineSample, n int) []lensLine {
	var out []lensLine
	for _, vertical := range []bool{true, false} {
		for k := 0; k <= n; k++ {
			var pts []Point
			for _, s := range samples {
				if s.Vertical == vertical && s.K == k {
					pts = append(pts, s.P)
				}
			}
			if len(pts) >= 4 {
				out = append(out, lensLine{vertical, k, pts})
			}
		}
	}
	return out
}

// nearLines keeps, of each line's points, those that the grid g under the
// lens l puts within tol squares of that line (a tile's edge or a letter
// caught in a band is further), and the lines with four or more left.
func nearLines(all []lensLine, l Lens, g Homography, tol float64) []lensLine {
	inv := g.Inverse()
	var out []lensLine
	for _, ln := range all {
		var keep []Point
		for _, p := range ln.pts {
			b := inv.Apply(l.Undistort(p))
			r := b.X - float64(ln.k)
			if !ln.vertical {
				r = b.Y - float64(ln.k)
			}
			if math.Abs(r) <= tol {
				keep = append(keep, p)
			}
		}
		if len(keep) >= 4 {
			out = append(out, lensLine{ln.vertical, ln.k, keep})
		}
	}
	return out
}

// UnderLens is the grid refitted to its lines' points under the lens of
// distortion k about the picture's centre (w x ht pixels; vision.Lens's
// terms, its unit radius half the picture's longer side), a lens measured
// from something other than the lines (the board's outer edges), and how
// far it moves the furthest corner of the straight grid, in squares. It
// fails where the grid keeps no line points (a grid shifted) or too few
// lines show under that lens.
func (g Grid) UnderLens(k float64, w, ht int) (Grid, float64, bool) {
	f := g.fit
	n := g.N
	h := f.H
	pitch := math.Hypot(h.Apply(Point{float64(n), 0}).X-h.Apply(Point{0, 0}).X, h.Apply(Point{float64(n), 0}).Y-h.Apply(Point{0, 0}).Y) / float64(n)
	if k == 0 || pitch <= 0 || len(f.samples) < 20 {
		return g, 0, false
	}
	base := Lens{C: Point{float64(w) / 2, float64(ht) / 2}, S: float64(max(w, ht)) / 2}
	all := groupLines(f.samples, n)
	lines := nearLines(all, base, h, 0.15)
	l := base
	l.K = k
	if len(lines) < 6 {
		return g, 0, false
	}
	ul, _ := undistortLines(lines, l, nil)
	gl, ok := lensGrid(ul)
	if !ok {
		return g, 0, false
	}
	lines = nearLines(all, l, gl, 0.08)
	if len(lines) < 6 {
		return g, 0, false
	}
	hu, move, ok := gridUnderLens(lines, l, h, n, pitch)
	if !ok {
		return g, 0, false
	}
	f.Lens, f.HU = l, hu
	return Grid{N: n, Score: g.Score, H: f.H, fit: f}, move, true
}

// StraightLine fits a x + b y = c (a unit normal) through the points by
// total least squares, refitted once on the points within capPx of the
// first fit or the nearest 70% of them (a hand or a shadow over an edge
// moves some), and returns it with the sum of the points' squared
// distances to it, each capped at capPx; no line (an infinite cost) for
// fewer than five points. The lens fits on a board's outer edges (the
// pyramids frame's, Scrabble's byEdgeLens) measure straightness by it.
func StraightLine(ps []Point, capPx float64) ([3]float64, float64) {
	fit := func(keep func(Point) bool) ([3]float64, bool) {
		var n, mx, my float64
		for _, p := range ps {
			if keep(p) {
				n++
				mx += p.X
				my += p.Y
			}
		}
		if n < 5 {
			return [3]float64{}, false
		}
		mx /= n
		my /= n
		var sxx, syy, sxy float64
		for _, p := range ps {
			if keep(p) {
				dx, dy := p.X-mx, p.Y-my
				sxx += dx * dx
				syy += dy * dy
				sxy += dx * dy
			}
		}
		th := 0.5 * math.Atan2(2*sxy, sxx-syy)
		nx, ny := -math.Sin(th), math.Cos(th)
		return [3]float64{nx, ny, nx*mx + ny*my}, true
	}
	l, ok := fit(func(Point) bool { return true })
	if !ok {
		return l, math.Inf(1)
	}
	d := make([]float64, len(ps))
	for i, p := range ps {
		d[i] = math.Abs(l[0]*p.X + l[1]*p.Y - l[2])
	}
	sort.Float64s(d)
	lim := math.Max(capPx, d[int(0.7*float64(len(d)-1))])
	if l2, ok := fit(func(p Point) bool { return math.Abs(l[0]*p.X+l[1]*p.Y-l[2]) <= lim }); ok {
		l = l2
	}
	c := 0.0
	for _, p := range ps {
		e := math.Min(math.Abs(l[0]*p.X+l[1]*p.Y-l[2]), capPx)
		c += e * e
	}
	return l, c
}
