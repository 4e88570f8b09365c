package loose

import (
	"image"
	"math"
	"sort"
)

// hull is the convex hull of the pixels' squares (each pixel counts as
// the unit square around its centre, so a region's hull has its true
// extent), counter-clockwise in the usual y-up sense.
func hull(pts []image.Point) []Point {
	// Per row, only the leftmost and rightmost pixels matter.
	type span struct{ lo, hi int }
	rows := map[int]*span{}
	for _, p := range pts {
		s, ok := rows[p.Y]
		if !ok {
			rows[p.Y] = &span{p.X, p.X}
			continue
		}
		s.lo = min(s.lo, p.X)
		s.hi = max(s.hi, p.X)
	}
	var cand []Point
	for y, s := range rows {
		fy := float64(y)
		cand = append(cand,
			Point{float64(s.lo) - 0.5, fy - 0.5}, Point{float64(s.lo) - 0.5, fy + 0.5},
			Point{float64(s.hi) + 0.5, fy - 0.5}, Point{float64(s.hi) + 0.5, fy + 0.5})
	}
	return convexHull(cand)
}

// convexHull is Andrew's monotone chain.
func convexHull(p []Point) []Point {
	if len(p) < 3 {
		return p
	}
	sort.Slice(p, func(i, j int) bool {
		if p[i].X != p[j].X {
			return p[i].X < p[j].X
		}
		return p[i].Y < p[j].Y
	})
	cross := func(o, a, b Point) float64 { return (a.X-o.X)*(b.Y-o.Y) - (a.Y-o.Y)*(b.X-o.X) }
	h := make([]Point, 0, 2*len(p))
	for _, q := range p {
		for len(h) >= 2 && cross(h[len(h)-2], h[len(h)-1], q) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, q)
	}
	lower := len(h) + 1
	for i := len(p) - 2; i >= 0; i-- {
		q := p[i]
		for len(h) >= lower && cross(h[len(h)-2], h[len(h)-1], q) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, q)
	}
	return h[:len(h)-1]
}

// minAreaQuad is the smallest rectangle around the pixels, as four
// corners in clockwise order on screen (y down) starting from the corner
// nearest the top-left, and its area.
func minAreaQuad(pts []image.Point) ([4]Point, float64) {
	h := hull(pts)
	return minAreaRect(h)
}

func minAreaRect(h []Point) ([4]Point, float64) {
	var best [4]Point
	bestA := math.Inf(1)
	if len(h) < 3 {
		return best, 0
	}
	for i := range h {
		a, b := h[i], h[(i+1)%len(h)]
		ux, uy := b.X-a.X, b.Y-a.Y
		l := math.Hypot(ux, uy)
		if l < 1e-9 {
			continue
		}
		ux, uy = ux/l, uy/l
		vx, vy := -uy, ux
		minU, maxU, minV, maxV := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
		for _, p := range h {
			u := p.X*ux + p.Y*uy
			v := p.X*vx + p.Y*vy
			minU, maxU = math.Min(minU, u), math.Max(maxU, u)
			minV, maxV = math.Min(minV, v), math.Max(maxV, v)
		}
		area := (maxU - minU) * (maxV - minV)
		if area < bestA {
			bestA = area
			at := func(u, v float64) Point { return Point{u*ux + v*vx, u*uy + v*vy} }
			best = [4]Point{at(minU, minV), at(maxU, minV), at(maxU, maxV), at(minU, maxV)}
		}
	}
	return orderQuad(best), bestA
}

// orderQuad puts a convex quad's corners clockwise on screen (y down),
// starting with the corner whose top edge is nearest the photo's x axis:
// the one that makes q[0]->q[1] point most nearly to the right.
func orderQuad(q [4]Point) [4]Point {
	c := centroid(q)
	sort.Slice(q[:], func(i, j int) bool {
		return math.Atan2(q[i].Y-c.Y, q[i].X-c.X) < math.Atan2(q[j].Y-c.Y, q[j].X-c.X)
	})
	// Now clockwise on screen (angle increasing with y down).
	best, bestDot := 0, math.Inf(-1)
	for i := range q {
		a, b := q[i], q[(i+1)%4]
		l := dist(a, b)
		if l == 0 {
			continue
		}
		if d := (b.X - a.X) / l; d > bestDot {
			best, bestDot = i, d
		}
	}
	var out [4]Point
	for i := range out {
		out[i] = q[(best+i)%4]
	}
	return out
}

// rotateCorners turns the corner order by k quarter turns: the corner
// that was k places on becomes the first.
func rotateCorners(q [4]Point, k int) [4]Point {
	k = ((k % 4) + 4) % 4
	var out [4]Point
	for i := range out {
		out[i] = q[(i+k)%4]
	}
	return out
}

// polygonArea is the shoelace area (absolute).
func polygonArea(p []Point) float64 {
	var s float64
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		s += a.X*b.Y - b.X*a.Y
	}
	return math.Abs(s) / 2
}

// clipConvex clips the polygon subj by the convex polygon clip
// (Sutherland-Hodgman).
func clipConvex(subj, clip []Point) []Point {
	// Orient clip counter-clockwise in the maths sense of its coordinates.
	var s float64
	for i := range clip {
		a, b := clip[i], clip[(i+1)%len(clip)]
		s += a.X*b.Y - b.X*a.Y
	}
	if s < 0 {
		r := make([]Point, len(clip))
		for i := range clip {
			r[i] = clip[len(clip)-1-i]
		}
		clip = r
	}
	out := subj
	for i := range clip {
		a, b := clip[i], clip[(i+1)%len(clip)]
		inside := func(p Point) bool { return (b.X-a.X)*(p.Y-a.Y)-(b.Y-a.Y)*(p.X-a.X) >= 0 }
		in := out
		out = nil
		if len(in) == 0 {
			break
		}
		prev := in[len(in)-1]
		for _, cur := range in {
			if inside(cur) {
				if !inside(prev) {
					out = append(out, intersect(prev, cur, a, b))
				}
				out = append(out, cur)
			} else if inside(prev) {
				out = append(out, intersect(prev, cur, a, b))
			}
			prev = cur
		}
	}
	return out
}

func intersect(p, q, a, b Point) Point {
	d := (p.X-q.X)*(a.Y-b.Y) - (p.Y-q.Y)*(a.X-b.X)
	if d == 0 {
		return q
	}
	t := ((p.X-a.X)*(a.Y-b.Y) - (p.Y-a.Y)*(a.X-b.X)) / d
	return Point{p.X + t*(q.X-p.X), p.Y + t*(q.Y-p.Y)}
}

// IoU is the intersection over union of a convex quad and a polygon
// (which may be concave, e.g. a labelled outline with rounded corners).
func IoU(quad [4]Point, poly []Point) float64 {
	inter := polygonArea(clipConvex(poly, quad[:]))
	u := polygonArea(quad[:]) + polygonArea(poly) - inter
	if u <= 0 {
		return 0
	}
	return inter / u
}
