package pyramids

import (
	"image"
	"math"
	"sort"

	"gocv.io/x/gocv"

	"github.com/tilescope/tilescope/vision"
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

// edgeLine is a line x cos(th) + y sin(th) = rho in the reduced picture.
type edgeLine struct{ rho, th float64 }

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
	edges := newMat()
	defer release(&edges)
	gocv.Canny(blur, &edges, 20, 60)
	lines := newMat()
	defer release(&lines)
	gocv.HoughLines(edges, &lines, 1, math.Pi/360, int(0.08*float64(max(ws.X, ws.Y))))
	var out []edgeLine
next:
	for i := 0; i < lines.Rows() && len(out) < edgeLines; i++ {
		v := lines.GetVecfAt(i, 0)
		l := edgeLine{float64(v[0]), float64(v[1])}
		for _, o := range out {
			if nearLine(l, o) {
				continue next
			}
		}
		out = append(out, l)
	}
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

// convexHullF is convexHull of points already in floating point.
func convexHullF(pts []vision.Point) []vision.Point {
	p := append([]vision.Point(nil), pts...)
	sort.Slice(p, func(i, j int) bool {
		if p[i].X != p[j].X {
			return p[i].X < p[j].X
		}
		return p[i].Y < p[j].Y
	})
	cross := func(o, a, b vision.Point) float64 { return (a.X-o.X)*(b.Y-o.Y) - (a.Y-o.Y)*(b.X-o.X) }
	var h []vision.Point
	for _, q := range p {
		for len(h) >= 2 && cross(h[len(h)-2], h[len(h)-1], q) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, q)
	}
	lo := len(h) + 1
	for i := len(p) - 2; i >= 0; i-- {
		q := p[i]
		for len(h) >= lo && cross(h[len(h)-2], h[len(h)-1], q) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, q)
	}
	return h[:len(h)-1]
}

// edgeFrame is the best board among the quadrilaterals of the picture's
// straight edges (edgeQuads), refined onto the runway's outer edge; nil
// when none is a board.
func edgeFrame(p picture, geo Geometry, cal *vision.Calibration) *frame {
	ls, scale := straightEdges(p)
	qs := edgeQuads(ls, scale, p.W, p.H)
	frames := make([]*frame, len(qs))
	parallel(len(qs), func(i int) {
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
// them, twice as many as elsewhere. Two straight edges of a board partly
// out of the picture and two printed lines inside it make a frame of the
// wrong pitch, whose lines drift along a side and wrap round; a hand
// over a side hides lines, and shows few dark gaps elsewhere.
func (f *frame) latticeAgrees() bool {
	at, off := 0, 0
	for s := 0; s < 4; s++ {
		_, offs := f.lineOffsets(s)
		for _, o := range offs {
			if math.Abs(o) <= placeFit {
				at++
			} else {
				off++
			}
		}
	}
	return at > 0 && at >= 2*off
}
