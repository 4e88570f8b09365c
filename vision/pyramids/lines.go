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
func straightEdges(p picture) ([]edgeLine, float64) {
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
	small := newMat()
	defer release(&small)
	gocv.Resize(src, &small, ws, 0, 0, gocv.InterpolationArea)
	grey := newMat()
	defer release(&grey)
	gocv.CvtColor(small, &grey, gocv.ColorRGBAToGray)
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
	gocv.HoughLinesPWithParams(edges, &segs, 1, math.Pi/360, int(0.03*side), float32(0.06*side), 4)
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
	out := cands[:min(len(cands), edgeLines)]
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
				if !m || pt.X < 0 || pt.Y < 0 || pt.X > sw || pt.Y > sh {
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
			cx, cy := (q[0].X+q[1].X+q[2].X+q[3].X)/4, (q[0].Y+q[1].Y+q[2].Y+q[3].Y)/4
			inward := true
			for _, ln := range [4]edgeLine{a.a, a.b, b.a, b.b} {
				if (cx*math.Cos(ln.th)+cy*math.Sin(ln.th)-ln.rho)*ln.light <= 0 {
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
// straight edges (edgeQuads), refined onto the runway's outer edge; nil
// when none is a board.
func edgeFrame(p picture, geo Geometry, cal *vision.Calibration) *frame {
	ls, scale := straightEdges(p)
	qs := edgeQuads(ls, scale, p.W, p.H)
	frames := make([]*frame, len(qs))
	parallel.For(len(qs), func(i int) {
		if f, ok := newFrame(p, qs[i], geo, cal); ok {
			frames[i] = f
		}
	})
	var cands []*frame
	for _, f := range frames {
		if f != nil {
			cands = append(cands, f)
		}
	}
	sort.Slice(cands, func(i, j int) bool { return cands[i].rank() > cands[j].rank() })
	var best *frame
	for i, f := range cands {
		if i >= 6 {
			break
		}
		g, ok := newFrame(p, refineOutline(p, f.corners), geo, cal)
		if !ok {
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
