package vision

import (
	"image"
	"math"
	"sort"

	"gocv.io/x/gocv"
)

// Grids seen steeply: a board photographed 30-45 degrees off straight
// down shows each family of its lines converging on a vanishing point,
// their directions fanning out over 30-40 degrees, past what the
// families by direction take (family: within 12 or gridSpread degrees of
// one direction), and its two families' directions may lie closer than
// the 50 degrees lineCandidates pairs. Here a family is the segments
// that point at one vanishing point (found from pairs of the longest
// segments, as many segments' length as possible pointing at it), and a
// grid is a run of n+1 of its lines evenly spaced in perspective
// (gridRunsIn), crossed with a run of the other family's.

// hvec is a point or a line in homogeneous coordinates.
type hvec [3]float64

func cross3(a, b hvec) hvec {
	return hvec{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

// unit is v scaled to length 1 (v itself when it is 0).
func (v hvec) unit() hvec {
	l := math.Sqrt(v[0]*v[0] + v[1]*v[1] + v[2]*v[2])
	if l == 0 {
		return v
	}
	return hvec{v[0] / l, v[1] / l, v[2] / l}
}

// vpTol is how far, in work pixels, a segment's ends may lie off the
// line from its middle to a vanishing point for the segment to point at
// it (Hough's segments end on whole pixels).
const vpTol = 2.0

// vpSeeds is how many of the longest segments are paired to propose
// vanishing points.
const vpSeeds = 48

// vpMinShare is the least share of the segments' total length a
// vanishing point's family must hold.
const vpMinShare = 0.1

// vpBetaLo, vpBetaHi and vpBetaStep bound the spacing's change along a
// steep grid (runScoreIn): a first spacing from a sixth to six times
// the last (a 45 degree view's rows: the far row's squares less than
// half as wide as the near row's, and their depth shrunk as the square
// of that), in steps fine enough that the middle lines of a grid whose
// spacing changes several times over fall within runScore's tolerance
// of one of them.
const vpBetaLo, vpBetaHi, vpBetaStep = -0.6, 1.5, 0.02

// segHalf is a segment as its middle and the half of it from the middle
// to one end (pointsAt).
type segHalf struct{ mx, my, dx, dy float64 }

func halfOf(s seg) segHalf {
	mx, my := (s.a.X+s.b.X)/2, (s.a.Y+s.b.Y)/2
	return segHalf{mx, my, s.a.X - mx, s.a.Y - my}
}

// pointsAt says whether the segment h points at v: offVP < vpTol, with
// no square root nor division (the vanishing points' search asks it of
// every segment for every pair of seeds).
func pointsAt(h *segHalf, v hvec) bool {
	// the line through the middle and v
	l0 := h.my*v[2] - v[1]
	l1 := v[0] - h.mx*v[2]
	d := l0*h.dx + l1*h.dy
	nn := l0*l0 + l1*l1
	return nn >= 1e-24 && d*d < vpTol*vpTol*nn
}

// offVP is how far the ends of s lie from the line through its middle
// and the vanishing point v (+Inf where v is the middle itself).
func offVP(s seg, v hvec) float64 {
	m := hvec{(s.a.X + s.b.X) / 2, (s.a.Y + s.b.Y) / 2, 1}
	l := cross3(m, v)
	nrm := math.Hypot(l[0], l[1])
	if nrm < 1e-12 {
		return math.Inf(1)
	}
	return math.Abs(l[0]*s.a.X+l[1]*s.a.Y+l[2]) / nrm
}

// vanishingPoint is the point the most segments' length points at among
// those pairs of the longest segments propose, the segments in skip left
// out, and the share of the segments' length pointing at it. A point
// among its own segments' middles (lines radiating from inside the
// picture, no grid's) is not taken.
func vanishingPoint(segs []seg, skip []bool) (hvec, float64, bool) {
	var idx []int
	total := 0.0
	for i, s := range segs {
		if !skip[i] {
			idx = append(idx, i)
			total += s.len
		}
	}
	if len(idx) < 4 || total == 0 {
		return hvec{}, 0, false
	}
	sort.SliceStable(idx, func(a, b int) bool { return segs[idx[a]].len > segs[idx[b]].len })
	seeds := idx[:min(len(idx), vpSeeds)]
	halves := make([]segHalf, len(idx))
	for k, i := range idx {
		halves[k] = halfOf(segs[i])
	}
	lineOf := func(s seg) hvec { return cross3(hvec{s.a.X, s.a.Y, 1}, hvec{s.b.X, s.b.Y, 1}) }
	type prop struct {
		v     hvec
		score float64
	}
	var props []prop
	for x := 0; x < len(seeds); x++ {
		sx := segs[seeds[x]]
		lx := lineOf(sx)
		for y := x + 1; y < len(seeds); y++ {
			sy := segs[seeds[y]]
			// two pieces of one line meet anywhere along it
			my := Point{(sy.a.X + sy.b.X) / 2, (sy.a.Y + sy.b.Y) / 2}
			if math.Abs(lx[0]*my.X+lx[1]*my.Y+lx[2])/math.Hypot(lx[0], lx[1]) < 3*vpTol {
				continue
			}
			v := cross3(lx, lineOf(sy)).unit()
			sc := 0.0
			for k, i := range idx {
				if pointsAt(&halves[k], v) {
					sc += segs[i].len
				}
			}
			props = append(props, prop{v, sc})
		}
	}
	sort.SliceStable(props, func(a, b int) bool { return props[a].score > props[b].score })
	for _, p := range props {
		if p.score < vpMinShare*total {
			break
		}
		if p.v[2] != 0 {
			// inside the box of its segments' middles: radiating lines
			vx, vy := p.v[0]/p.v[2], p.v[1]/p.v[2]
			x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
			for _, i := range idx {
				if s := segs[i]; offVP(s, p.v) < vpTol {
					mx, my := (s.a.X+s.b.X)/2, (s.a.Y+s.b.Y)/2
					x0, y0, x1, y1 = math.Min(x0, mx), math.Min(y0, my), math.Max(x1, mx), math.Max(y1, my)
				}
			}
			if vx > x0 && vx < x1 && vy > y0 && vy < y1 {
				continue
			}
		}
		v := refineVP(segs, idx, p.v)
		return v, p.score / total, true
	}
	return hvec{}, 0, false
}

// refineVP is the point that the segments of idx pointing at v point at
// best: the least squares point of their lines (each weighed by its
// length), found twice, the segments pointing at it taken again each
// time. v itself where too few point at it.
func refineVP(segs []seg, idx []int, v hvec) hvec {
	// coordinates centred on the segments and scaled to about 1, for a
	// well-conditioned fit
	var cx, cy, w float64
	for _, i := range idx {
		s := segs[i]
		cx += s.len * (s.a.X + s.b.X) / 2
		cy += s.len * (s.a.Y + s.b.Y) / 2
		w += s.len
	}
	cx, cy = cx/w, cy/w
	sc := 0.0
	for _, i := range idx {
		s := segs[i]
		sc = math.Max(sc, math.Max(math.Hypot(s.a.X-cx, s.a.Y-cy), math.Hypot(s.b.X-cx, s.b.Y-cy)))
	}
	if sc == 0 {
		return v
	}
	for iter := 0; iter < 2; iter++ {
		var m [3][3]float64
		k := 0
		for _, i := range idx {
			s := segs[i]
			if offVP(s, v) >= vpTol {
				continue
			}
			a := hvec{(s.a.X - cx) / sc, (s.a.Y - cy) / sc, 1}
			b := hvec{(s.b.X - cx) / sc, (s.b.Y - cy) / sc, 1}
			l := cross3(a, b)
			nl := math.Hypot(l[0], l[1])
			if nl == 0 {
				continue
			}
			for r := 0; r < 3; r++ {
				for c := 0; c < 3; c++ {
					m[r][c] += s.len * l[r] * l[c] / (nl * nl)
				}
			}
			k++
		}
		if k < 3 {
			return v
		}
		u := smallestEigen(m)
		// back to pixels
		nv := hvec{sc*u[0] + cx*u[2], sc*u[1] + cy*u[2], u[2]}.unit()
		if nv == (hvec{}) {
			return v
		}
		v = nv
	}
	return v
}

// smallestEigen is the unit eigenvector of the symmetric m with the
// smallest eigenvalue (Jacobi's rotations).
func smallestEigen(m [3][3]float64) hvec {
	vec := [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	for sweep := 0; sweep < 30; sweep++ {
		off := math.Abs(m[0][1]) + math.Abs(m[0][2]) + math.Abs(m[1][2])
		if off < 1e-15 {
			break
		}
		for p := 0; p < 2; p++ {
			for q := p + 1; q < 3; q++ {
				if math.Abs(m[p][q]) < 1e-300 {
					continue
				}
				theta := (m[q][q] - m[p][p]) / (2 * m[p][q])
				t := 1 / (math.Abs(theta) + math.Sqrt(theta*theta+1))
				if theta < 0 {
					t = -t
				}
				c := 1 / math.Sqrt(t*t+1)
				s := t * c
				for k := 0; k < 3; k++ {
					mkp, mkq := m[k][p], m[k][q]
					m[k][p], m[k][q] = c*mkp-s*mkq, s*mkp+c*mkq
				}
				for k := 0; k < 3; k++ {
					mpk, mqk := m[p][k], m[q][k]
					m[p][k], m[q][k] = c*mpk-s*mqk, s*mpk+c*mqk
				}
				for k := 0; k < 3; k++ {
					vkp, vkq := vec[k][p], vec[k][q]
					vec[k][p], vec[k][q] = c*vkp-s*vkq, s*vkp+c*vkq
				}
			}
		}
	}
	best := 0
	for i := 1; i < 3; i++ {
		if m[i][i] < m[best][best] {
			best = i
		}
	}
	return hvec{vec[0][best], vec[1][best], vec[2][best]}
}

// vpFamily merges the segments pointing at v into lines (the same line
// where they cross the family's transversal within vpMerge pixels),
// keeping those at least 1/keepFrac as long as the longest, their normals
// oriented alike and sorted along the transversal, with their places
// there (t). The transversal runs through the family's middle towards
// the other family's vanishing point other: a line of the grid's other
// family, along which the lines' places are the grid's squares in
// perspective (any other line across them may lie near the picture's
// horizon, where the spacing changes many times over).
func vpFamily(segs []seg, v, other hvec, keepFrac float64) (f lineFamily, t []float64) {
	var in []seg
	var cx, cy, w float64
	for _, s := range segs {
		if offVP(s, v) < vpTol {
			in = append(in, s)
			cx += s.len * (s.a.X + s.b.X) / 2
			cy += s.len * (s.a.Y + s.b.Y) / 2
			w += s.len
		}
	}
	if len(in) < 2 {
		return nil, nil
	}
	cx, cy = cx/w, cy/w
	// the transversal's direction: towards the other vanishing point
	dx, dy := other[0]-cx*other[2], other[1]-cy*other[2]
	dn := math.Hypot(dx, dy)
	if dn == 0 {
		return nil, nil
	}
	tr := Point{dx / dn, dy / dn}
	type item struct {
		s seg
		t float64
	}
	var its []item
	for _, s := range in {
		m := hvec{(s.a.X + s.b.X) / 2, (s.a.Y + s.b.Y) / 2, 1}
		l := cross3(m, v)
		// where the line crosses the transversal: c + t tr
		den := l[0]*tr.X + l[1]*tr.Y
		if math.Abs(den) < 1e-12 {
			continue
		}
		t := -(l[0]*cx + l[1]*cy + l[2]) / den
		its = append(its, item{s, t})
	}
	sort.Slice(its, func(i, j int) bool { return its[i].t < its[j].t })
	type merged struct {
		l fline
		t float64
	}
	var ms []merged
	for i := 0; i < len(its); {
		j := i
		var pts []Point
		var total, tsum float64
		for j < len(its) && its[j].t-its[i].t < vpMerge {
			pts = append(pts, its[j].s.a, its[j].s.b)
			total += its[j].s.len
			tsum += its[j].t * its[j].s.len
			j++
		}
		ms = append(ms, merged{fitLine(pts, total), tsum / total})
		i = j
	}
	longest := 0.0
	for _, m := range ms {
		longest = math.Max(longest, m.l.length)
	}
	for _, m := range ms {
		if m.l.length < longest/keepFrac {
			continue
		}
		l := m.l
		if l.n.X*tr.X+l.n.Y*tr.Y < 0 {
			l.n = Point{-l.n.X, -l.n.Y}
			l.rho = -l.rho
		}
		f = append(f, l)
		t = append(t, m.t)
	}
	return f, t
}

// vanishingCandidates are the grids of the picture's two strongest
// vanishing points' families: runs of n+1 lines evenly spaced in
// perspective in each, crossed.
func vanishingCandidates(segs []seg, n int, side float64) []candidate {
	skip := make([]bool, len(segs))
	v1, _, ok := vanishingPoint(segs, skip)
	if !ok {
		return nil
	}
	// the second family: no segment near the first's
	for i, s := range segs {
		skip[i] = offVP(s, v1) < 2*vpTol
	}
	v2, _, ok := vanishingPoint(segs, skip)
	if !ok {
		return nil
	}
	fa, ta := vpFamily(segs, v1, v2, 8)
	fb, tb := vpFamily(segs, v2, v1, 8)
	if debugf != nil {
		debugf("places %.0f / %.0f", ta, tb)
	}
	ga := gridRunsAt(fa, ta, n, vpBetaLo, vpBetaHi, vpBetaStep)
	gb := gridRunsAt(fb, tb, n, vpBetaLo, vpBetaHi, vpBetaStep)
	if debugf != nil {
		debugf("vanishing points %.3v and %.3v: %d and %d lines, grid runs %d and %d", v1, v2, len(fa), len(fb), len(ga), len(gb))
	}
	return runCandidates(ga, gb, side)
}

// vpMerge is how close, in work pixels along the transversal, two
// segments of a family lie on one line (a grid line's two edges).
const vpMerge = 6.0

// fineSegs are the Hough segments of the grey picture src (the photo at
// its own size) seen at fineScale times the work picture's scale (at
// most the photo's own), given back in work pixels: a steep view's far
// rows, a few pixels apart in the work picture, blur into one another
// there and break into pieces shorter than the segments the search
// keeps.
func fineSegs(src gocv.Mat, scale float64) []seg {
	s := math.Min(1, fineScale*scale)
	if s <= scale*1.01 {
		return nil
	}
	ws := image.Pt(int(math.Round(float64(src.Cols())*s)), int(math.Round(float64(src.Rows())*s)))
	fine := src
	if ws.X != src.Cols() || ws.Y != src.Rows() {
		fine = gocv.NewMat()
		defer fine.Close()
		gocv.Resize(src, &fine, ws, 0, 0, gocv.InterpolationArea)
	}
	blur := gocv.NewMat()
	defer blur.Close()
	gocv.GaussianBlur(fine, &blur, image.Pt(5, 5), 0, 0, gocv.BorderDefault)
	side := float64(max(blur.Cols(), blur.Rows()))
	return houghSegs(blur, side*fineMinLen, scale/s)
}

// fineScale is how many times finer than the work picture fineSegs sees
// the photo; fineMinLen the shortest segment it keeps, a share of that
// picture's longer side (half the work picture's share: the far rows
// break where tiles stand on them). fineLongLines is the fewest long
// straight segments (longLine) the work picture shows for the steep
// stage to look finer (the loose route's boardLines: a board's grid lines
// and edges give 11-56, tiles on a table 0-2; the finer look costs 80-90
// ms of CPU on a 1365x1600 photo).
const (
	fineScale     = 2.0
	fineMinLen    = 0.03
	fineLongLines = 10
)
