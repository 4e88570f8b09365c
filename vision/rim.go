package vision

import (
	"image"
	"math"
	"sort"

	"gocv.io/x/gocv"
)

// The board's rim: a board covered with tiles, or blurred, shows few grid
// lines, but its outline against the table stays plain. Where a cup, a hand
// or a phone touches the board the region's outline (and its convex hull)
// runs over them, yet most of the board's four sides are still straight
// runs of that outline. rimQuads finds those runs and intersects them; the
// grid then lies a printed border's width inside.

// borderSquares is the width of the board's border around the playing
// grid, in squares: 14 mm on the 21 mm pitch of the board's print.
const borderSquares = 14.0 / 21

// maxRimSides is how many of an outline's longest straight runs are
// combined into quads.
const maxRimSides = 12

// rimSide is a straight run of a region's outline, or several on one line.
type rimSide struct {
	l    fline
	segs [][2]Point
	len  float64
	ang  float64 // direction in [0, pi)
}

// rimQuads returns up to limit quads whose sides are straight runs of the
// outline pts (a contour in work pixels): the longest runs, merged when
// they lie on one line, taken in two pairs of directions at least 40
// degrees apart, intersected, and kept when the outline follows the
// quad's sides for at least half of its perimeter (a hand or a cup over
// the board hides less than that). The best supported come first.
func rimQuads(pts []image.Point, ws image.Point, limit int) []Quad {
	if len(pts) < 4 {
		return nil
	}
	pv := gocv.NewPointVectorFromPoints(pts)
	defer pv.Close()
	ap := gocv.ApproxPolyDP(pv, 2, true)
	poly := ap.ToPoints()
	ap.Close()
	minLen := 0.05 * float64(ws.X+ws.Y) / 2
	var sides []rimSide
	type edge struct {
		a, b Point
		len  float64
	}
	var edges []edge
	for i := range poly {
		a := Point{float64(poly[i].X) + 0.5, float64(poly[i].Y) + 0.5}
		j := (i + 1) % len(poly)
		b := Point{float64(poly[j].X) + 0.5, float64(poly[j].Y) + 0.5}
		onEdge := func(x, lim float64) bool { return x < 3 || x > lim-3 }
		if onEdge(a.X, float64(ws.X)) && onEdge(b.X, float64(ws.X)) || onEdge(a.Y, float64(ws.Y)) && onEdge(b.Y, float64(ws.Y)) {
			continue // the picture's edge, not the board's
		}
		if l := math.Hypot(b.X-a.X, b.Y-a.Y); l >= minLen {
			edges = append(edges, edge{a, b, l})
		}
	}
	sort.Slice(edges, func(i, j int) bool { return edges[i].len > edges[j].len })
	angOf := func(a, b Point) float64 {
		t := math.Atan2(b.Y-a.Y, b.X-a.X)
		if t < 0 {
			t += math.Pi
		}
		if t >= math.Pi {
			t -= math.Pi
		}
		return t
	}
	angDiff := func(a, b float64) float64 {
		d := math.Abs(a - b)
		return math.Min(d, math.Pi-d)
	}
	dist := func(l fline, p Point) float64 { return math.Abs(l.n.X*p.X + l.n.Y*p.Y - l.rho) }
	for _, e := range edges {
		ang := angOf(e.a, e.b)
		merged := false
		for k := range sides {
			s := &sides[k]
			if angDiff(s.ang, ang) < 4*math.Pi/180 && dist(s.l, e.a) < 4 && dist(s.l, e.b) < 4 {
				s.segs = append(s.segs, [2]Point{e.a, e.b})
				s.len += e.len
				merged = true
				break
			}
		}
		if !merged {
			sides = append(sides, rimSide{l: fitLine([]Point{e.a, e.b}, e.len), segs: [][2]Point{{e.a, e.b}}, len: e.len, ang: ang})
		}
	}
	if len(sides) < 4 {
		return nil
	}
	sort.Slice(sides, func(i, j int) bool { return sides[i].len > sides[j].len })
	if len(sides) > maxRimSides {
		sides = sides[:maxRimSides]
	}
	// support is how much of the segment a-b the side's runs cover.
	support := func(s rimSide, a, b Point) float64 {
		dx, dy := b.X-a.X, b.Y-a.Y
		l2 := dx*dx + dy*dy
		if l2 < 1 {
			return 0
		}
		var cov float64
		for _, sg := range s.segs {
			t0 := ((sg[0].X-a.X)*dx + (sg[0].Y-a.Y)*dy) / l2
			t1 := ((sg[1].X-a.X)*dx + (sg[1].Y-a.Y)*dy) / l2
			if t0 > t1 {
				t0, t1 = t1, t0
			}
			t0, t1 = math.Max(t0, -0.02), math.Min(t1, 1.02)
			if t1 > t0 {
				cov += (t1 - t0) * math.Sqrt(l2)
			}
		}
		return cov
	}
	type scored struct {
		q   Quad
		sup float64
	}
	var out []scored
	area := float64(ws.X * ws.Y)
	lo, hiX, hiY := -0.25*float64(ws.X), 1.25*float64(ws.X), 1.25*float64(ws.Y)
	const minApart, maxWithin = 40 * math.Pi / 180, 40 * math.Pi / 180
	pick := [4]int{}
	var try func(from, k int)
	try = func(from, k int) {
		if k == 4 {
			for _, pr := range [3][4]int{{0, 1, 2, 3}, {0, 2, 1, 3}, {0, 3, 1, 2}} {
				a, b := sides[pick[pr[0]]], sides[pick[pr[1]]]
				c, d := sides[pick[pr[2]]], sides[pick[pr[3]]]
				if angDiff(a.ang, b.ang) > maxWithin || angDiff(c.ang, d.ang) > maxWithin ||
					angDiff(a.ang, c.ang) < minApart || angDiff(a.ang, d.ang) < minApart ||
					angDiff(b.ang, c.ang) < minApart || angDiff(b.ang, d.ang) < minApart {
					continue
				}
				var cs [4]Point
				ok := true
				for i, ls := range [4][2]fline{{a.l, c.l}, {c.l, b.l}, {b.l, d.l}, {d.l, a.l}} {
					p, good := intersect(ls[0], ls[1])
					if !good || p.X < lo || p.Y < lo || p.X > hiX || p.Y > hiY {
						ok = false
						break
					}
					cs[i] = p
				}
				if !ok {
					continue
				}
				// cs[i] to cs[i+1] runs along c, b, d, a in turn.
				sup := support(c, cs[0], cs[1]) + support(b, cs[1], cs[2]) + support(d, cs[2], cs[3]) + support(a, cs[3], cs[0])
				var peri float64
				for i := range cs {
					j := (i + 1) % 4
					peri += math.Hypot(cs[j].X-cs[i].X, cs[j].Y-cs[i].Y)
				}
				q, convex := orderPoints(cs[:])
				if !convex || quadArea(q) < 0.03*area || sup < 0.5*peri {
					continue
				}
				out = append(out, scored{q, sup / peri})
			}
			return
		}
		for i := from; i < len(sides); i++ {
			pick[k] = i
			try(i+1, k+1)
		}
	}
	try(0, 0)
	sort.SliceStable(out, func(i, j int) bool { return out[i].sup > out[j].sup })
	var qs []Quad
	for _, s := range out {
		if len(qs) >= limit {
			break
		}
		if !seen(qs, s.q, 3) {
			qs = append(qs, s.q)
		}
	}
	return qs
}

// insetGrid returns the n x n playing grid inside a board outline q (the
// outline is the grid grown by the border on every side), when the grid
// lies wholly inside the picture ws: a grid cut by the picture's edge is
// partialGrid's.
func insetGrid(q Quad, n int, ws image.Point) (Quad, bool) {
	b, nf := borderSquares, float64(n)
	h, err := FitHomography([]Point{{-b, -b}, {nf + b, -b}, {nf + b, nf + b}, {-b, nf + b}}, q[:])
	if err != nil {
		return Quad{}, false
	}
	var g Quad
	for i, c := range []Point{{0, 0}, {nf, 0}, {nf, nf}, {0, nf}} {
		g[i] = h.Apply(c)
	}
	if !quadInside(g, ws.X, ws.Y) {
		return Quad{}, false
	}
	return g, true
}

// rimShift tells whether the grid h (board squares to full pixels) sits a
// whole square off the board its rim shows: some rim's grid (rims, in
// work pixels, scale work pixels per full pixel) lies, on average over
// its four corners, within 0.3 square of h moved by a whole square (one
// at most along each axis), no corner further than 0.6 square from there,
// and no rim's grid lies so near where h is. Such a grid crosses the
// board's outline on one side, which a board cannot do (its border is two
// thirds of a square wide): in steep views a row of tiles or the border's
// printed line passes for the outermost line, and tall stacks hide the
// centre marks. The rim is a rough witness: in a tilted view the board's
// near side shows below its top edge and the outline takes it in, so its
// corners scatter by up to half a square (a third of a square at every
// corner, the tolerance first chosen, let grids a row off on seeds 4242
// and 7373 stand); a whole square still stands out from that, but a rim
// two thirds of a square off on average is no witness (0.4 moved a right
// grid on a hard check set, seed 9595: a rim a border's width out). It
// returns the move.
func rimShift(h Homography, rims []candidate, n int, scale float64) (Point, bool) {
	const tol, meanTol = 0.6, 0.3
	inv := h.Inverse()
	nf := float64(n)
	corners := []Point{{0, 0}, {nf, 0}, {nf, nf}, {0, nf}}
	var shift Point
	found := false
	for _, c := range rims {
		var off Point
		used := [4]bool{}
		ok := true
		var offs [4]Point
		for i, q := range c.q {
			b := inv.Apply(Point{q.X / scale, q.Y / scale})
			bj, bd := -1, math.Inf(1)
			for j, k := range corners {
				if d := math.Hypot(b.X-k.X, b.Y-k.Y); d < bd {
					bj, bd = j, d
				}
			}
			if used[bj] {
				ok = false
				break
			}
			used[bj] = true
			offs[i] = Point{b.X - corners[bj].X, b.Y - corners[bj].Y}
			off.X += offs[i].X / 4
			off.Y += offs[i].Y / 4
		}
		if !ok {
			continue
		}
		d := Point{math.Round(off.X), math.Round(off.Y)}
		if math.Abs(d.X) > 1 || math.Abs(d.Y) > 1 {
			continue
		}
		if math.Abs(off.X-d.X) > meanTol || math.Abs(off.Y-d.Y) > meanTol {
			continue
		}
		for _, o := range offs {
			if math.Abs(o.X-d.X) > tol || math.Abs(o.Y-d.Y) > tol {
				ok = false
			}
		}
		if !ok {
			continue
		}
		if d == (Point{}) {
			return Point{}, false // a rim agrees with the grid as it is
		}
		if found && d != shift {
			return Point{}, false // rims that disagree
		}
		shift, found = d, true
	}
	return shift, found
}
