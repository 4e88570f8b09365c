package pyramids

import (
	"image"
	"math"
	"sort"

	"gocv.io/x/gocv"

	"github.com/tilescope/tilescope/vision"

	"github.com/tilescope/tilescope/internal/parallel"
)

// The board by its straight edges: the last try when no light region of
// the picture is a board. A hand that reaches over the border joins the
// playing area to the table or the picture's edge, its shadow or a row
// of pyramids on the runway cuts it; the light region is then not a
// quadrilateral, but each side of the board still shows as a long
// straight edge over most of its length (the runway against the dark
// border). The strongest straight edges of the picture are paired into
// quadrilaterals, and each is checked as any outline is (newFrame: the
// runway lighter than the border on every side, its printed lines
// showing, a square board through the camera).

// Limits of the straight edges' search, in the reduced picture
// (workSide on its long side).
const (
	edgeLines    = 24   // the strongest lines kept
	edgeNearRho  = 8.0  // two lines closer than this (pixels) ...
	edgeNearTh   = 0.06 // ... and this (radians) are one
	edgeOpposite = 0.6  // the largest angle between opposite sides (radians): a 40 degree tilt
	edgeAcross   = 0.7  // the least angle between neighbouring sides (radians)
	edgeGap      = 4.0  // the widest gap (pixels) bridged within one segment
	// edgeWideGap is the widest gap bridged on the second search, as a
	// share of the reduced picture's long side (10 pixels at 800): a
	// board whose printed lines are thick and as dark as its border
	// shows the runway's outer edge as one short edge a square, each
	// shorter than a segment, the lines' ends between them.
	edgeWideGap = 0.0125
)

// edgeLine is a line x cos(th) + y sin(th) = rho in the reduced picture;
// support is how many of its pixels are an edge from light grey to
// darker, light the side the light lies on (+1: where x cos + y sin >
// rho).
type edgeLine struct {
	rho, th float64
	support int
	light   float64
}

// straightEdges finds the picture's strongest straight edges (Canny's
// edges, Hough's lines), strongest first, one of each near pair.
func straightEdges(p picture) ([]edgeLine, float64) { return straightEdgesGap(p, edgeLines, 0) }

// straightEdgesGap is straightEdges keeping the keep strongest lines and
// bridging gaps of up to wideGap of the reduced picture's long side
// within a segment (0: edgeGap pixels).
func straightEdgesGap(p picture, keep int, wideGap float64) ([]edgeLine, float64) {
	scale := 1.0
	if m := max(p.W, p.H); m > workSide {
		scale = float64(workSide) / float64(m)
	}
	if p.Stride != 4*p.W {
		return nil, scale
	}
	src, err := gocv.NewMatFromBytes(p.H, p.W, gocv.MatTypeCV8UC4, p.Pix[:p.H*p.Stride])
	if err != nil {
		return nil, scale
	}
	src = held(src)
	defer release(&src)
	ws := image.Pt(int(math.Round(float64(p.W)*scale)), int(math.Round(float64(p.H)*scale)))
	small := reduced(src, ws)
	defer release(&small)
	grey := newMat()
	defer release(&grey)
	gocv.CvtColor(small, &grey, gocv.ColorRGBToGray)
	blur := newMat()
	defer release(&blur)
	gocv.GaussianBlur(grey, &blur, image.Pt(5, 5), 0, 0, gocv.BorderReplicate)
	canny := newMat()
	defer release(&canny)
	gocv.Canny(blur, &canny, 20, 60)
	// only the edges beside light, unsaturated board (the runway): a
	// wooden table's grain or a cloth's weave is long and straight too
	v, sat := valueSat(small)
	defer release(&v)
	defer release(&sat)
	greyish := newMat()
	defer release(&greyish)
	gocv.Threshold(sat, &greyish, 110, 255, gocv.ThresholdBinaryInv)
	light := newMat()
	defer release(&light)
	otsu := gocv.Threshold(v, &light, 0, 255, gocv.ThresholdBinary|gocv.ThresholdOtsu)
	gocv.Threshold(v, &light, 0.62*otsu, 255, gocv.ThresholdBinary)
	mask := newMat()
	defer release(&mask)
	gocv.BitwiseAnd(light, greyish, &mask)
	k := held(gocv.GetStructuringElement(gocv.MorphRect, image.Pt(7, 7)))
	defer release(&k)
	near := newMat()
	defer release(&near)
	gocv.Dilate(mask, &near, k)
	edges := newMat()
	defer release(&edges)
	gocv.BitwiseAnd(canny, near, &edges)
	segs := newMat()
	defer release(&segs)
	side := float64(max(ws.X, ws.Y))
	gap := edgeGap
	if wideGap > 0 {
		gap = wideGap * side
	}
	gocv.HoughLinesPWithParams(edges, &segs, 1, math.Pi/360, int(0.03*side), float32(0.06*side), float32(gap))
	// the grey picture in Go memory, to weigh each segment by the
	// runway along it
	gb := blur.ToBytes()
	g := func(x, y float64) (float64, bool) {
		xi, yi := int(x), int(y)
		if x < 0 || y < 0 || xi >= ws.X || yi >= ws.Y {
			return 0, false
		}
		return float64(gb[yi*ws.X+xi]), true
	}
	var cands []edgeLine
	for i := 0; i < segs.Rows(); i++ {
		v := segs.GetVeciAt(i, 0)
		x1, y1, x2, y2 := float64(v[0]), float64(v[1]), float64(v[2]), float64(v[3])
		ln := math.Hypot(x2-x1, y2-y1)
		if ln < 1 {
			continue
		}
		// the normal (c, sn) and rho of the segment's line, theta in
		// [0, pi)
		c, sn := (y2-y1)/ln, -(x2-x1)/ln
		if sn < 0 || (sn == 0 && c < 0) {
			c, sn = -c, -sn
		}
		l := edgeLine{th: math.Atan2(sn, c), rho: x1*c + y1*sn}
		// how much of the segment is an edge from light grey to
		// darker: the runway's outer edge along the border
		plus, minus := 0, 0
		for t := 0.0; t <= ln; t++ {
			x, y := x1+(x2-x1)*t/ln, y1+(y2-y1)*t/ln
			a, okA := g(x+3*c, y+3*sn)
			b, okB := g(x-3*c, y-3*sn)
			if !okA || !okB {
				continue
			}
			if a-b > 12 && a > 0.5*float64(otsu) {
				plus++
			} else if b-a > 12 && b > 0.5*float64(otsu) {
				minus++
			}
		}
		l.support, l.light = plus, 1
		if minus > plus {
			l.support, l.light = minus, -1
		}
		if l.support < int(0.5*ln) {
			continue
		}
		// one line of each near pair, the supports added
		merged := false
		for k := range cands {
			if cands[k].light == l.light && nearLine(l, cands[k]) {
				cands[k].support += l.support
				merged = true
				break
			}
		}
		if !merged {
			cands = append(cands, l)
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].support > cands[j].support })
	out := cands[:min(len(cands), keep)]
	return out, scale
}

// nearLine: the two lines are about the same (rho and theta, the same
// line written with theta near 0 and near pi too).
func nearLine(a, b edgeLine) bool {
	if math.Abs(a.rho-b.rho) < edgeNearRho && math.Abs(a.th-b.th) < edgeNearTh {
		return true
	}
	return math.Abs(a.rho+b.rho) < edgeNearRho && math.Abs(math.Abs(a.th-b.th)-math.Pi) < edgeNearTh
}

// lineAngle is the angle between two lines' directions, 0..pi/2.
func lineAngle(a, b edgeLine) float64 {
	d := math.Mod(math.Abs(a.th-b.th), math.Pi)
	return math.Min(d, math.Pi-d)
}

func meet(a, b edgeLine) (vision.Point, bool) {
	ca, sa, cb, sb := math.Cos(a.th), math.Sin(a.th), math.Cos(b.th), math.Sin(b.th)
	det := ca*sb - sa*cb
	if math.Abs(det) < 1e-6 {
		return vision.Point{}, false
	}
	return vision.Point{X: (a.rho*sb - sa*b.rho) / det, Y: (ca*b.rho - a.rho*cb) / det}, true
}

// edgeQuads pairs the straight edges into quadrilaterals: two pairs of
// roughly opposite lines, crossing each other, whose four corners lie in
// the picture and enclose at least minArea (reduced pixels). Corners in
// full-resolution pixels, clockwise from the top-left-most.
func edgeQuads(ls []edgeLine, scale float64, w, h int) []vision.Quad {
	return edgeQuadsReach(ls, scale, w, h, 0)
}

// edgeQuadsReach is edgeQuads with the corners allowed beyond the
// picture's edge by up to reach of its width and height.
func edgeQuadsReach(ls []edgeLine, scale float64, w, h int, reach float64) []vision.Quad {
	type pair struct{ a, b edgeLine }
	var pairs []pair
	for i := range ls {
		for j := i + 1; j < len(ls); j++ {
			if lineAngle(ls[i], ls[j]) <= edgeOpposite {
				pairs = append(pairs, pair{ls[i], ls[j]})
			}
		}
	}
	sw, sh := float64(w)*scale, float64(h)*scale
	minArea := 0.03 * sw * sh
	var out []vision.Quad
	for i := range pairs {
		for j := i + 1; j < len(pairs); j++ {
			a, b := pairs[i], pairs[j]
			if lineAngle(a.a, b.a) < edgeAcross || lineAngle(a.a, b.b) < edgeAcross ||
				lineAngle(a.b, b.a) < edgeAcross || lineAngle(a.b, b.b) < edgeAcross {
				continue
			}
			var q vision.Quad
			ok := true
			for k, ln := range [4][2]edgeLine{{a.a, b.a}, {b.a, a.b}, {a.b, b.b}, {b.b, a.a}} {
				pt, m := meet(ln[0], ln[1])
				if !m || pt.X < -reach*sw || pt.Y < -reach*sh || pt.X > (1+reach)*sw || pt.Y > (1+reach)*sh {
					ok = false
					break
				}
				q[k] = pt
			}
			if !ok || quadArea(q) < minArea {
				continue
			}
			// the light side of each line faces the quadrilateral's
			// inside (the runway inside, the border outside)
			c := q.Centre()
			inward := true
			for _, ln := range [4]edgeLine{a.a, a.b, b.a, b.b} {
				if (c.X*math.Cos(ln.th)+c.Y*math.Sin(ln.th)-ln.rho)*ln.light <= 0 {
					inward = false
				}
			}
			if !inward {
				continue
			}
			hull := convexHullF(q[:])
			if len(hull) != 4 {
				continue // not convex
			}
			hq, _ := hullQuad(hull)
			for k := range hq {
				hq[k] = vision.Point{X: hq[k].X / scale, Y: hq[k].Y / scale}
			}
			out = append(out, hq)
		}
	}
	return out
}

// edgeFrame is the best board among the quadrilaterals of the picture's
// straight edges ls (straightEdges, scale the reduced picture's),
// refined onto the runway's outer edge; nil when none is a board. When
// the edges given make none, they are looked for once more with wider
// gaps bridged (edgeWideGap): a board whose thick printed lines meet its
// border breaks the runway's outer edge into one piece a square.
func edgeFrame(p picture, ls []edgeLine, scale float64, geo Geometry, cal *vision.Calibration) *frame {
	if f := edgeFrameOf(p, ls, scale, geo, cal); f != nil {
		return f
	}
	ls, scale = straightEdgesGap(p, edgeLines, edgeWideGap)
	return edgeFrameOf(p, ls, scale, geo, cal)
}

// edgeFrameOf is edgeFrame on the straight edges ls alone: the best of
// the six best-ranked boards among their quadrilaterals in the picture
// (edgeQuads, edgeBoards), refined (bestRefined), or else the board from
// three of them (threeSideFrame).
func edgeFrameOf(p picture, ls []edgeLine, scale float64, geo Geometry, cal *vision.Calibration) *frame {
	cands := edgeBoards(p, edgeQuads(ls, scale, p.W, p.H), geo, cal, false)
	sort.Slice(cands, func(i, j int) bool { return cands[i].rank() > cands[j].rank() })
	best := bestRefined(p, cands[:min(len(cands), 6)], geo, cal, false)
	if best == nil {
		// three sides show, the fourth is hidden
		best = threeSideFrame(p, ls, scale, geo, cal)
	}
	return best
}

// edgeBoards judges each of the quadrilaterals qs, in parallel, as any
// outline is (newFrame), and with lattice set whether its runway's
// printed lines lie where it puts them too (latticeAgrees): the boards
// among them, in their order.
func edgeBoards(p picture, qs []vision.Quad, geo Geometry, cal *vision.Calibration, lattice bool) []*frame {
	frames := make([]*frame, len(qs))
	parallel.For(len(qs), func(i int) {
		if f, ok := newFrame(p, qs[i], geo, cal); ok && (!lattice || f.latticeAgrees()) {
			frames[i] = f
		}
	})
	return nonNil(frames)
}

// offReach is how far beyond the picture's edge (a share of its width
// and height) offFrame looks for a board's corners.
const offReach = 0.5

// offFrame is the best board among the quadrilaterals of the picture's
// straight edges ls (straightEdges, scale the reduced picture's) that
// run off the picture (a corner beyond its edge, up to offReach), whose
// runway's printed lines lie where it puts them (latticeAgrees); nil
// when there is none. newFrame and latticeAgrees judge such a board on
// its part in the picture. Looked for only where no board was found: it
// tells the players the board is there but out of view, where "no board
// found" would not tell them to move the camera.
func offFrame(p picture, ls []edgeLine, scale float64, geo Geometry, cal *vision.Calibration) *frame {
	var qs []vision.Quad
	for _, q := range edgeQuadsReach(ls, scale, p.W, p.H, offReach) {
		if !inPicture(q, p) {
			qs = append(qs, q)
		}
	}
	var best *frame
	for _, f := range edgeBoards(p, qs, geo, cal, true) {
		if best == nil || f.rank() > best.rank() {
			best = f
		}
	}
	return best
}

// nonNil is the frames of fs that are set, in order.
func nonNil(fs []*frame) []*frame {
	var out []*frame
	for _, f := range fs {
		if f != nil {
			out = append(out, f)
		}
	}
	return out
}

// bestRefined is the best-ranked of the frames cands, each refined onto
// the runway's outer edge (refineOutline; kept as it was where the
// refined outline is no board, or where its printed lines no longer lie
// where it puts them: a shadow's edge across a corner can draw the
// refinement off the runway), among those whose runway's printed lines
// lie where they put them (latticeAgrees); nil when none does. With hide
// set the refined outlines are judged with a side hidden
// (newFrameHiding), as the candidates were.
func bestRefined(p picture, cands []*frame, geo Geometry, cal *vision.Calibration, hide bool) *frame {
	var best *frame
	for _, f := range cands {
		g, ok := newFrameHiding(p, refineOutline(p, f.corners), geo, cal, hide)
		if !ok || !g.latticeAgrees() {
			g = f
		}
		if !g.latticeAgrees() {
			continue
		}
		if best == nil || g.rank() > best.rank() {
			best = g
		}
	}
	return best
}

// latticeAgrees: the runway's printed lines found near the frame's lines
// (lineOffsets, half a square each way) mostly lie where the frame puts
// them: more of them than elsewhere along each direction (the north and
// south sides, the east and west), and twice as many over the four
// sides. Two straight edges of a board and two printed lines inside it
// make a frame of the wrong pitch, whose lines drift along the sides
// across it and wrap round (the same on the opposite side); a hand over
// a side hides its lines and shows a few dark gaps between its fingers,
// on that side only.
func (f *frame) latticeAgrees() bool {
	var at, off [2]int
	for s := 0; s < 4; s++ {
		_, offs := f.lineOffsets(s)
		for _, o := range offs {
			if math.Abs(o) <= placeFit {
				at[s%2]++
			} else {
				off[s%2]++
			}
		}
	}
	return at[0] > off[0] && at[1] > off[1] && at[0]+at[1] >= 2*(off[0]+off[1])
}

// Limits of the three sides' search (threeSideFrame, over the
// edgeLines strongest lines straightEdges keeps): where the far corners
// are looked for along the two sides that run to them, as a share of
// the near side's length, and the step; the contrast (runway over
// border, in the runway's white) of the runway's end; the places along
// each side that are checked (the best ones, at least threeApart from
// each other, each with threeMin of the ten lines or more in place),
// and how many of the completed frames are refined and checked.
const (
	threeFrom, threeTo = 0.5, 1.8
	threeStep          = 0.01
	threeEdge          = 0.25
	threeApart         = 0.05
	threePeaks         = 3
	threeMin           = 4
	threeKept          = 6
)

// threeSides is two roughly opposite straight edges (their light sides
// facing each other) and a third across both, near: the corners where
// it meets them (pa, pb), the unit directions along the two into its
// light side (ua, ub, towards the far corners) and its length (n),
// full-resolution pixels; v is where the two opposite lines meet (the
// vanishing point of the board's parallel sides; vok false when they
// are parallel in the picture).
type threeSides struct {
	pa, pb, ua, ub, v vision.Point
	n                 float64
	vok               bool
}

// tripleSides lists the triples of the lines whose near corners lie in
// the picture (sw x sh, the reduced picture the lines are in).
func tripleSides(ls []edgeLine, scale, sw, sh float64) []threeSides {
	in := func(q vision.Point) bool { return q.X >= 0 && q.Y >= 0 && q.X <= sw && q.Y <= sh }
	side := func(l edgeLine, q vision.Point) float64 {
		return (q.X*math.Cos(l.th) + q.Y*math.Sin(l.th) - l.rho) * l.light
	}
	full := func(q vision.Point) vision.Point { return vision.Point{X: q.X / scale, Y: q.Y / scale} }
	var ts []threeSides
	for i := range ls {
		for j := i + 1; j < len(ls); j++ {
			if lineAngle(ls[i], ls[j]) > edgeOpposite {
				continue
			}
			a, b := ls[i], ls[j]
			v, vok := meet(a, b)
			for k, c := range ls {
				if k == i || k == j || lineAngle(a, c) < edgeAcross || lineAngle(b, c) < edgeAcross {
					continue
				}
				pa, okA := meet(a, c)
				pb, okB := meet(b, c)
				if !okA || !okB || !in(pa) || !in(pb) {
					continue
				}
				// the two opposite lines' light sides face each other
				if side(a, pb) <= 0 || side(b, pa) <= 0 {
					continue
				}
				n := math.Hypot(pb.X-pa.X, pb.Y-pa.Y)
				if n < 0.1*math.Min(sw, sh) {
					continue
				}
				// along a and b into c's light side
				dir := func(l edgeLine, from vision.Point) vision.Point {
					u := vision.Point{X: -math.Sin(l.th), Y: math.Cos(l.th)}
					if side(c, vision.Point{X: from.X + u.X, Y: from.Y + u.Y}) < side(c, from) {
						u = vision.Point{X: -u.X, Y: -u.Y}
					}
					return u
				}
				ts = append(ts, threeSides{pa: full(pa), pb: full(pb), ua: dir(a, pa), ub: dir(b, pb), v: full(v), vok: vok, n: n / scale})
			}
		}
	}
	return ts
}

// quad is the quadrilateral with its far corners sa and sb of the near
// side's length along the two sides; false when a corner is outside the
// picture or it is not convex.
func (t threeSides) quad(sa, sb float64, w, h int) (vision.Quad, bool) {
	fa := vision.Point{X: t.pa.X + sa*t.n*t.ua.X, Y: t.pa.Y + sa*t.n*t.ua.Y}
	fb := vision.Point{X: t.pb.X + sb*t.n*t.ub.X, Y: t.pb.Y + sb*t.n*t.ub.Y}
	for _, c := range []vision.Point{fa, fb} {
		if c.X < 0 || c.Y < 0 || c.X > float64(w) || c.Y > float64(h) {
			return vision.Quad{}, false
		}
	}
	hull := convexHullF([]vision.Point{t.pa, t.pb, fb, fa})
	if len(hull) != 4 {
		return vision.Quad{}, false
	}
	return hullQuad(hull)
}

// farInPicture tells whether each far corner can lie in the picture (w
// x h, a pixel wider each way for rounding) somewhere along its side,
// from threeFrom to threeTo of the near side's length and a step beyond
// (quad's reach): a triple whose far corner leaves the picture at every
// place gives no quadrilateral (quad refuses it), so its far corners
// need not be placed.
func (t threeSides) farInPicture(w, h int) bool {
	in := func(from, u vision.Point) bool {
		// the stretch of the side's line inside the picture (a convex
		// set, so one interval of the distance along u)
		lo, hi := (threeFrom-threeStep)*t.n, (threeTo+threeStep)*t.n
		for _, ax := range [2][3]float64{{from.X, u.X, float64(w)}, {from.Y, u.Y, float64(h)}} {
			p0, d, size := ax[0], ax[1], ax[2]
			if d == 0 {
				if p0 < -1 || p0 > size+1 {
					return false
				}
				continue
			}
			a, b := (-1-p0)/d, (size+1-p0)/d
			if a > b {
				a, b = b, a
			}
			lo, hi = math.Max(lo, a), math.Min(hi, b)
		}
		return lo <= hi
	}
	return in(t.pa, t.ua) && in(t.pb, t.ub)
}

// farPlaces are the likeliest places of the far corner along one side
// (from its near corner from, along u; toward is the direction across
// the board from it), as shares of the near side's length: where the
// runway's nine printed lines along the side, and its end against the
// border, lie where that corner puts them. The board's lines along a
// side are where a projective map of the side puts them: the near
// corner at 0, the far one at 10, and the vanishing point of the
// board's parallel sides (t.v) at infinity; so each far corner is
// judged alone. wl is the runway's white.
func (t threeSides) farPlaces(p picture, from, u, toward vision.Point, wl float64) []float64 {
	dv := math.Inf(1)
	if t.vok {
		if d := (t.v.X-from.X)*u.X + (t.v.Y-from.Y)*u.Y; d != 0 {
			dv = d
		}
	}
	steps := int(math.Round((threeTo-threeFrom)/threeStep)) + 1
	type place struct{ is, c int }
	var ps []place
	for is := 0; is < steps; is++ {
		d10 := (threeFrom + float64(is)*threeStep) * t.n
		if dv > 0 && dv <= 1.05*d10 {
			continue // the far corner at or past the vanishing point
		}
		a := d10 / (10 * (1 - d10/dv))
		at := func(k float64) vision.Point {
			d := a * k / (1 + a*k/dv)
			return vision.Point{X: from.X + d*u.X, Y: from.Y + d*u.Y}
		}
		c := 0
		for k := 1.0; k <= 10; k++ {
			// across the runway's middle, half a square in
			q0, q1 := at(k-0.5), at(k+0.5)
			sq := math.Hypot(q1.X-q0.X, q1.Y-q0.Y)
			ox, oy := 0.5*sq*toward.X, 0.5*sq*toward.Y
			lum := func(k float64) float64 { q := at(k); return p.luma(q.X+ox, q.Y+oy) }
			if k == 10 {
				// the runway's end against the border
				if lum(9.8)-lum(10.3) > threeEdge*wl {
					c++
				}
			} else if lum(k) < math.Min(lum(k-0.45), lum(k+0.45))-0.04*wl {
				c++
			}
		}
		if c >= threeMin {
			ps = append(ps, place{is, c})
		}
	}
	sort.SliceStable(ps, func(x, y int) bool { return ps[x].c > ps[y].c })
	apart := int(math.Round(threeApart / threeStep))
	var kept []int
	var out []float64
	for _, q := range ps {
		near := false
		for _, o := range kept {
			if abs(q.is-o) <= apart {
				near = true
				break
			}
		}
		if near {
			continue
		}
		kept = append(kept, q.is)
		if out = append(out, threeFrom+float64(q.is)*threeStep); len(out) >= threePeaks {
			break
		}
	}
	return out
}

// white is the runway's white beside the near side: the lighter
// quarter of the grey just inside it.
func (t threeSides) white(p picture) float64 {
	const n = 20
	ws := make([]float64, 0, n)
	for k := 0; k < n; k++ {
		u := (float64(k) + 0.5) / n
		x := t.pa.X + u*(t.pb.X-t.pa.X) + 0.03*t.n*(t.ua.X*(1-u)+t.ub.X*u)
		y := t.pa.Y + u*(t.pb.Y-t.pa.Y) + 0.03*t.n*(t.ua.Y*(1-u)+t.ub.Y*u)
		ws = append(ws, p.luma(x, y))
	}
	sort.Float64s(ws)
	return ws[len(ws)*3/4]
}

// threeSideFrame is the board from three of the picture's straight edges
// when no four make one (edgeFrame): a hand or its shadow across most of
// one side of the runway leaves too little of that side's edge for a
// line, while the other three show whole. Each triple of lines
// (tripleSides) gives two corners and the two sides that run from them;
// the far corners are placed along each of those sides where the
// runway's printed lines lie (farPlaces), and the quadrilaterals round
// the likeliest places are checked as any outline is (newFrame: the
// runway lighter than the border on every side, on the median of each
// side's samples, so half the far side may be hidden; the printed lines
// showing; a square board through the camera). The best are refined and
// kept only if the runway's printed lines lie where they put them
// (latticeAgrees), as the edges' frames are.
func threeSideFrame(p picture, ls []edgeLine, scale float64, geo Geometry, cal *vision.Calibration) *frame {
	return threeSideFrameHiding(p, ls, scale, geo, cal, false)
}

// hiddenReach is how many steps (threeStep) from its likeliest place
// hiddenSideFrame looks for a far corner.
const hiddenReach = 12

// hiddenSideFrame is threeSideFrame with the fourth side hidden over
// more than half its length (a hand or an arm across it): its runway's
// contrast against the border left out of the quadrilaterals' judgement
// (newFrameHiding), the three others held to stricter bars. Looked for
// only where no board was found otherwise; such a board is read as one
// found from three sides.
func hiddenSideFrame(p picture, ls []edgeLine, scale float64, geo Geometry, cal *vision.Calibration) *frame {
	return threeSideFrameHiding(p, ls, scale, geo, cal, true)
}

// threeSideFrameHiding is threeSideFrame, with hide set hiddenSideFrame.
func threeSideFrameHiding(p picture, ls []edgeLine, scale float64, geo Geometry, cal *vision.Calibration, hide bool) *frame {
	ts := tripleSides(ls, scale, float64(p.W)*scale, float64(p.H)*scale)
	best := make([]*frame, len(ts))
	parallel.For(len(ts), func(i int) {
		t := ts[i]
		// Cheap bars first, each a triple that can give no quadrilateral:
		// a far corner out of the picture wherever it is placed, then no
		// place for the first far corner (the second is not looked for).
		if !t.farInPicture(p.W, p.H) {
			return
		}
		wl := t.white(p)
		if wl < 20 {
			return
		}
		across := vision.Point{X: (t.pb.X - t.pa.X) / t.n, Y: (t.pb.Y - t.pa.Y) / t.n}
		sas := t.farPlaces(p, t.pa, t.ua, across, wl)
		if len(sas) == 0 {
			return
		}
		sbs := t.farPlaces(p, t.pb, t.ub, vision.Point{X: -across.X, Y: -across.Y}, wl)
		// round each pair of places, a step each way; with a side
		// hidden, its far corner's place is less sure (the runway's end
		// may be under the hand): each corner is also looked for up to
		// hiddenReach steps from its place, the other a step from its own
		reaches := [][2]float64{{1, 1}}
		if hide {
			reaches = append(reaches, [2]float64{hiddenReach, 1}, [2]float64{1, hiddenReach})
		}
		var b *frame
		for _, ca := range sas {
			for _, cb := range sbs {
				for _, r := range reaches {
					for da := -r[0]; da <= r[0]; da++ {
						for db := -r[1]; db <= r[1]; db++ {
							q, ok := t.quad(ca+da*threeStep, cb+db*threeStep, p.W, p.H)
							if !ok {
								continue
							}
							if f, ok := newFrameHiding(p, q, geo, cal, hide); ok && (b == nil || f.rank() > b.rank()) {
								b = f
							}
						}
					}
				}
			}
		}
		best[i] = b
	})
	cands := nonNil(best)
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].rank() > cands[j].rank() })
	out := bestRefined(p, cands[:min(len(cands), threeKept)], geo, cal, hide)
	if out != nil {
		out.threeSided = true
	}
	return out
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}
