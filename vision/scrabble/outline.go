package scrabble

import (
	"image"
	"math"
	"slices"

	"github.com/tilescope/tilescope/vision"
)

// The board by its red border: where the grid finder sees no grid (a red
// board's playing area is printed with light lines on cream squares, which
// the finder, looking for lines darker than the squares between them, does
// not see, and on a wooden table it cannot fit the board's outline either),
// the playing area is the cream field the red border rings. Its four sides
// are fitted to the field's edge, the grid set on them, and the grid kept
// only when the squares' colours follow the premium layout there.

// outlineStep is the sampling step, in pixels, of the red mask: the
// border is several squares' width thick, the field's rim line a pixel
// or two at 1640x1232.
const outlineStep = 2

// maxOutlineFit is the most layoutFit a grid from the red border may show
// and be kept (smaller is better): on the rendered red boards the true
// grid gives 0.3-0.5, on a crowded one (crowded seed 7013: 91 tiles, the
// tiles over the prints) 0.72; squares cut across the layout give about
// 1 (and fail maxOutlineFitShare).
const maxOutlineFit = 0.8

// maxOutlineFitShare is the most the kept grid's layoutFit may be of the
// median over the places align tries: a field of one colour (no premium
// squares) fits the layout equally badly, or equally well, everywhere.
const maxOutlineFitShare = 0.8

// minColourSpread is the least colourSpread of a board found by its
// border: its premium squares' colours stand out from the plain squares
// (the rendered red boards found by their border, seeds 1-3: 19-30; a
// plain field: about 0).
const minColourSpread = 8

// maxOpenedShift is how far (in squares) the squares' colours may move
// a corner of a border a hand opens (fieldQuad's opened): on the tune
// render (a red board, a hand and its shadow over one side) they moved
// it 0.45; a hand painted over a corner left the sides a square off
// there, and the colours moved it 0.74.
const maxOpenedShift = 0.5

// minFieldShare is the least part of the picture the field must cover
// (in mask samples): a red cup or card is no board.
const minFieldShare = 0.02

// borderRed tells a red board's border from the table: saturated and of a
// red hue (wood is orange-brown: a hue of 20 degrees and more).
func borderRed(r, g, b float64) bool {
	lo := min(g, b)
	if r < 60 || r <= g || r <= b {
		return false
	}
	sat := (r - lo) / r
	if sat < 0.45 {
		return false
	}
	hue := 60 * (g - b) / (r - lo) // degrees from red, towards yellow
	return hue > -20 && hue < 12
}

// fieldQuad finds the playing field inside a red border: the largest
// region the largest red component encloses, its four sides fitted to its
// edge. The corners are in pixels, the one nearest the picture's top left
// first, then clockwise.
func fieldQuad(p picture) (q vision.Quad, opened, ok bool) {
	red, w, h := sampleMask(p, outlineStep, borderRed)
	if red == nil {
		return vision.Quad{}, false, false
	}
	// The largest red component: the border.
	label := make([]int32, w*h)
	// the fill's samples to visit (int32: a 12-megapixel photo's fills
	// stacked up to 24 MB of ints)
	var stack []int32
	// fill labels id the samples 4-connected to start that are not yet
	// labelled and, where in is not nil, that in marks; it returns how
	// many. (The labels a component gets, and its count, do not depend
	// on the order the fill takes.)
	fill := func(start int, id int32, in []bool) int {
		n := 0
		stack = append(stack[:0], int32(start))
		label[start] = id
		take := func(j int) {
			if label[j] == 0 && (in == nil || in[j]) {
				label[j] = id
				stack = append(stack, int32(j))
			}
		}
		for len(stack) > 0 {
			i := int(stack[len(stack)-1])
			stack = stack[:len(stack)-1]
			n++
			y := i / w
			x := i - y*w
			if x > 0 {
				take(i - 1)
			}
			if x < w-1 {
				take(i + 1)
			}
			if y > 0 {
				take(i - w)
			}
			if y < h-1 {
				take(i + w)
			}
		}
		return n
	}
	var border int32
	bestN := 0
	id := int32(0)
	for i := range red {
		if red[i] && label[i] == 0 {
			id++
			if n := fill(i, id, red); n > bestN {
				border, bestN = id, n
			}
		}
	}
	if border == 0 {
		return vision.Quad{}, false, false
	}
	// Everything not of the border reached from the picture's edge is
	// outside; the rest not of the border is enclosed by it.
	for i := range label {
		if label[i] != border {
			label[i] = 0
		}
	}
	const outside, firstHole = -1, int32(1 << 20)
	// not of the border: every sample not yet labelled (the border's
	// label is never 0)
	var notBorder []bool
	// holes labels what the border encloses (the samples not of it that
	// are not outside) and returns the largest such region.
	holes := func() (field int32, fieldN int) {
		for x := 0; x < w; x++ {
			for _, i := range [2]int{x, (h-1)*w + x} {
				if label[i] == 0 {
					fill(i, outside, notBorder)
				}
			}
		}
		for y := 0; y < h; y++ {
			for _, i := range [2]int{y * w, y*w + w - 1} {
				if label[i] == 0 {
					fill(i, outside, notBorder)
				}
			}
		}
		hid := firstHole
		for i := range label {
			if label[i] == 0 {
				hid++
				if n := fill(i, hid, notBorder); n > fieldN {
					field, fieldN = hid, n
				}
			}
		}
		return field, fieldN
	}
	field, fieldN := holes()
	if float64(fieldN) < minFieldShare*float64(w*h) {
		opened = true
		// A hand or an arm across the border opens the ring, and the
		// outside runs in through the gap. Where the border lies wholly
		// in the picture, what its convex hull holds is the board: the
		// outside is what lies beyond the hull.
		for i := range label {
			if label[i] != border {
				label[i] = 0
			}
		}
		if !outsideHull(label, border, w, h, outside) {
			return vision.Quad{}, false, false
		}
		if field, fieldN = holes(); float64(fieldN) < minFieldShare*float64(w*h) {
			return vision.Quad{}, false, false
		}
	}
	// The field's edge: its samples beside one not of it.
	var edge []vision.Point
	var cx, cy float64
	for i, l := range label {
		if l != field {
			continue
		}
		x, y := i%w, i/w
		cx += float64(x)
		cy += float64(y)
		if x == 0 || y == 0 || x == w-1 || y == h-1 ||
			label[i-1] != field || label[i+1] != field || label[i-w] != field || label[i+w] != field {
			edge = append(edge, vision.Point{X: float64(x), Y: float64(y)})
		}
	}
	c := vision.Point{X: cx / float64(fieldN), Y: cy / float64(fieldN)}
	q, ok = roughQuad(edge, c)
	if !ok {
		return vision.Quad{}, false, false
	}
	q, ok = fitSides(edge, q)
	if !ok {
		return vision.Quad{}, false, false
	}
	// Samples to pixels: sample (x, y) is pixel (x, y)*step, its centre
	// half a pixel on; the edge samples lie inside the field, half a step
	// from its edge, which the fitted sides leave for the rim line.
	for i := range q {
		q[i] = vision.Point{X: q[i].X*outlineStep + 0.5, Y: q[i].Y*outlineStep + 0.5}
	}
	return topLeftFirst(q), opened, true
}

// outsideHull labels outside every sample of the w x h label map that
// lies beyond the convex hull of the samples labelled border, row by
// row. It is false, and labels nothing, when the border reaches the
// map's edge: a border the picture cuts has no hull that is the board's.
func outsideHull(label []int32, border int32, w, h int, outside int32) bool {
	var pts []image.Point
	for i, l := range label {
		if l != border {
			continue
		}
		x, y := i%w, i/w
		if x == 0 || y == 0 || x == w-1 || y == h-1 {
			return false
		}
		// a row's two ends are all the hull needs of it
		if n := len(pts); n > 0 && pts[n-1].Y == y && (n < 2 || pts[n-2].Y != y) {
			pts = append(pts, image.Pt(x, y))
		} else if n > 1 && pts[n-1].Y == y && pts[n-2].Y == y {
			pts[n-1].X = x
		} else {
			pts = append(pts, image.Pt(x, y))
		}
	}
	hull := hullOf(pts)
	if len(hull) < 3 {
		return false
	}
	for y := 0; y < h; y++ {
		// the hull's span on row y: where its edges cross the row
		lo, hi := math.Inf(1), math.Inf(-1)
		fy := float64(y)
		for k := range hull {
			a, b := hull[k], hull[(k+1)%len(hull)]
			ay, by := float64(a.Y), float64(b.Y)
			if (fy < ay && fy < by) || (fy > ay && fy > by) {
				continue
			}
			if ay == by {
				lo = min(lo, float64(min(a.X, b.X)))
				hi = max(hi, float64(max(a.X, b.X)))
				continue
			}
			x := float64(a.X) + (fy-ay)/(by-ay)*float64(b.X-a.X)
			lo, hi = min(lo, x), max(hi, x)
		}
		for x := 0; x < w; x++ {
			if fx := float64(x); fx < lo-0.5 || fx > hi+0.5 {
				if i := y*w + x; label[i] == 0 {
					label[i] = outside
				}
			}
		}
	}
	return true
}

// hullOf is the convex hull of pts (Andrew's monotone chain),
// anticlockwise in x-right, y-up terms; collinear points dropped.
func hullOf(pts []image.Point) []image.Point {
	if len(pts) < 3 {
		return pts
	}
	ps := slices.Clone(pts)
	slices.SortFunc(ps, func(a, b image.Point) int {
		if a.X != b.X {
			return a.X - b.X
		}
		return a.Y - b.Y
	})
	cross := func(o, a, b image.Point) int {
		return (a.X-o.X)*(b.Y-o.Y) - (a.Y-o.Y)*(b.X-o.X)
	}
	var out []image.Point
	for _, p := range ps {
		for len(out) >= 2 && cross(out[len(out)-2], out[len(out)-1], p) <= 0 {
			out = out[:len(out)-1]
		}
		out = append(out, p)
	}
	lower := len(out) + 1
	for i := len(ps) - 2; i >= 0; i-- {
		p := ps[i]
		for len(out) >= lower && cross(out[len(out)-2], out[len(out)-1], p) <= 0 {
			out = out[:len(out)-1]
		}
		out = append(out, p)
	}
	return out[:len(out)-1]
}

// roughQuad is four points of the edge spanning it: the point farthest
// from the centre, the point farthest from that, and the points farthest
// either side of the line between them; clockwise on the picture.
func roughQuad(edge []vision.Point, c vision.Point) (vision.Quad, bool) {
	if len(edge) < 16 {
		return vision.Quad{}, false
	}
	far := func(from vision.Point) vision.Point {
		best, bd := edge[0], -1.0
		for _, e := range edge {
			if d := math.Hypot(e.X-from.X, e.Y-from.Y); d > bd {
				best, bd = e, d
			}
		}
		return best
	}
	a := far(c)
	b := far(a)
	dx, dy := b.X-a.X, b.Y-a.Y
	var p1, p3 vision.Point
	d1, d3 := 0.0, 0.0
	for _, e := range edge {
		s := dx*(e.Y-a.Y) - dy*(e.X-a.X)
		if s > d1 {
			p1, d1 = e, s
		}
		if s < d3 {
			p3, d3 = e, s
		}
	}
	if d1 == 0 || d3 == 0 {
		return vision.Quad{}, false
	}
	// s > 0 is to the right of a->b on the picture (y down): a, p3, b, p1
	// runs clockwise.
	return vision.Quad{a, p3, b, p1}, true
}

// fitSides fits each side of the rough quad to the edge points along its
// middle (the field's corners and the premium squares beside its edge
// can notch it), twice, the second time nearer the first line, and
// returns the sides' crossings.
func fitSides(edge []vision.Point, q vision.Quad) (vision.Quad, bool) {
	type line struct{ px, py, dx, dy float64 } // a point and a unit direction
	var lines [4]line
	for k := 0; k < 4; k++ {
		a, b := q[k], q[(k+1)%4]
		l := line{a.X, a.Y, b.X - a.X, b.Y - a.Y}
		length := math.Hypot(l.dx, l.dy)
		if length < 8 {
			return vision.Quad{}, false
		}
		l.dx, l.dy = l.dx/length, l.dy/length
		for _, tol := range []float64{0.04, 0.015} {
			var xs, ys []float64
			for _, e := range edge {
				ex, ey := e.X-l.px, e.Y-l.py
				t := (ex*l.dx + ey*l.dy) / length
				d := math.Abs(ex*l.dy - ey*l.dx)
				if t > 0.12 && t < 0.88 && d < tol*length+1 {
					xs = append(xs, e.X)
					ys = append(ys, e.Y)
				}
			}
			if len(xs) < 10 {
				return vision.Quad{}, false
			}
			// The line through the points' centre along their main axis.
			mx, my := mean(xs), mean(ys)
			var sxx, sxy, syy float64
			for i := range xs {
				u, v := xs[i]-mx, ys[i]-my
				sxx += u * u
				sxy += u * v
				syy += v * v
			}
			th := 0.5 * math.Atan2(2*sxy, sxx-syy)
			dx, dy := math.Cos(th), math.Sin(th)
			if dx*l.dx+dy*l.dy < 0 {
				dx, dy = -dx, -dy
			}
			l = line{mx, my, dx, dy}
		}
		lines[k] = l
	}
	var out vision.Quad
	for k := 0; k < 4; k++ {
		a, b := lines[(k+3)%4], lines[k] // the side ending at corner k, the side starting there
		den := a.dx*b.dy - a.dy*b.dx
		if math.Abs(den) < 1e-6 {
			return vision.Quad{}, false
		}
		t := ((b.px-a.px)*b.dy - (b.py-a.py)*b.dx) / den
		out[k] = vision.Point{X: a.px + t*a.dx, Y: a.py + t*a.dy}
	}
	return out, true
}

// alignedFrame is the board whose 15x15 field is the quadrilateral q in
// the picture, set on the premium layout (align); nil when q gives no
// homography. The searches by the red border and by the premium squares
// both end here.
func alignedFrame(p picture, q vision.Quad) *frame {
	h, err := vision.QuadHomography(Size, Size, q)
	if err != nil {
		return nil
	}
	f := &frame{p: p, hq: &h, memo: true}
	align(f)
	return f
}

// outlineFrame is the board found by its red border (fieldQuad), set on
// the premium layout (align); nil when there is no red border or the
// squares there do not follow the layout. opened: the border was found
// open (fieldQuad's opened: a hand across it).
func outlineFrame(p picture) (f *frame, opened bool) {
	q, opened, ok := fieldQuad(p)
	return outlineFrameAt(p, q, opened, ok)
}

// outlineFrameAt is outlineFrame with fieldQuad's answer given (findFrame
// keeps it for coveredFrame).
func outlineFrameAt(p picture, q vision.Quad, opened, ok bool) (f *frame, _ bool) {
	if !ok {
		return nil, false
	}
	if f = alignedFrame(p, q); f == nil {
		return nil, false
	}
	if opened {
		// A border a hand or an arm crosses gives its sides from what
		// shows of them, a few tenths of a square off where the hand
		// hides the most: the corners are settled where the squares'
		// colours fit the layout best (refitCorners). Where they would
		// move a corner half a square or more, the gap misled the sides
		// (a hand over the border's corner) and the colours alone are
		// too weak to place the board: none.
		if f.off != (vision.Point{}) {
			return nil, false
		}
		_, best, bh, _ := refitCorners(f)
		if bh == nil {
			return nil, false
		}
		g := &frame{p: p, hq: bh}
		pitch := math.Sqrt(math.Abs(quadArea(q))) / Size
		for i, pt := range [4][2]float64{{0, 0}, {Size, 0}, {Size, Size}, {0, Size}} {
			if dist(g.at(pt[0], pt[1]), q[i]) >= maxOpenedShift*pitch {
				return nil, false
			}
		}
		if best < f.fit {
			f.hq, f.fit = bh, best
		}
	}
	spread := colourSpread(f)
	debugOutline(q, f.fit, f.fitOthers, spread)
	if f.fit > maxOutlineFit || f.fit >= maxOutlineFitShare*f.fitOthers || spread < minColourSpread {
		return nil, false
	}
	return f, opened
}

var debugOutline = func(q vision.Quad, fit, others, spread float64) {}

// colourSpread is the mean distance of the squares' colours (as align
// sees them, at its place) from their median: a field of one colour
// spreads only by noise, which any place fits alike.
func colourSpread(f *frame) float64 {
	looks := boardLooks(f, int(f.off.Y), int(f.off.X))
	return spreadOfLooks(&looks)
}

// spreadOfLooks is colourSpread over the squares' looks, those marked
// out (a board the picture cuts) left out; 0 where none is in view.
func spreadOfLooks(looks *[Size][Size]look) float64 {
	var all [3][]float64
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if looks[r][c].out {
				continue
			}
			for q := 0; q < 3; q++ {
				all[q] = append(all[q], looks[r][c].v[q])
			}
		}
	}
	if len(all[0]) == 0 {
		return 0
	}
	var m vec
	for q := 0; q < 3; q++ {
		m[q] = median(all[q])
	}
	var s float64
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if !looks[r][c].out {
				s += looks[r][c].colourDist(m)
			}
		}
	}
	return s / float64(len(all[0]))
}

// sampleMask samples the picture every step pixels and says of each
// sample whether its colour is in the class (in); the mask has w samples
// to a row and h rows. It is nil for a picture under 16 samples either
// way.
func sampleMask(p picture, step int, in func(r, g, b float64) bool) (mask []bool, w, h int) {
	w, h = p.W/step, p.H/step
	if w < 16 || h < 16 {
		return nil, w, h
	}
	mask = make([]bool, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			r, g, b := p.pixel(x*step, y*step)
			mask[y*w+x] = in(r, g, b)
		}
	}
	return mask, w, h
}

// topLeftFirst turns the quad's corners round so that the corner nearest
// the picture's top left comes first, keeping their order (clockwise on
// the picture, y down, as found).
func topLeftFirst(q vision.Quad) vision.Quad {
	k := 0
	for i := 1; i < 4; i++ {
		if q[i].X+q[i].Y < q[k].X+q[k].Y {
			k = i
		}
	}
	var out vision.Quad
	for i := range out {
		out[i] = q[(i+k)%4]
	}
	return out
}
