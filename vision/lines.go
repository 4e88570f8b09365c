package vision

import (
	"math"
	"sort"

	"gocv.io/x/gocv"

	"github.com/tilescope/tilescope/internal/parallel"
)

// Line candidates: the board's edges and its grid lines are the longest
// straight lines in the picture, in two directions. Clutter that overlaps
// the board (a pencil, a hand) breaks the board's outline as a region but
// not its edges as lines. The lines are found with the probabilistic Hough
// transform, grouped by direction, merged into long lines, and the
// outermost long lines of each direction are intersected into quads.

type seg struct {
	a, b  Point
	angle float64 // radians in [0, pi)
	len   float64
}

// newSeg is the segment from a to b, its direction in [0, pi).
func newSeg(a, b Point) seg {
	ang := math.Atan2(b.Y-a.Y, b.X-a.X)
	if ang < 0 {
		ang += math.Pi
	}
	if ang >= math.Pi {
		ang -= math.Pi
	}
	return seg{a, b, ang, math.Hypot(b.X-a.X, b.Y-a.Y)}
}

// lineCandidates returns quads bounded by the outermost long lines of the
// two dominant directions of the work picture's edges, and grids of lines
// within 12 degrees of each direction. wide, called later if need be,
// returns the grids whose lines stray up to gridSpread degrees from their
// direction (steep views, where the lines converge); steep, later still,
// the grids of lines converging on two vanishing points
// (vanishingCandidates: views steeper still). long counts the
// picture's long straight segments (longLine of its side or more),
// whether or not they make a grid.
func lineCandidates(blur gocv.Mat, n int) (cands []candidate, wide, steep func() []candidate, long int) {
	none := func() []candidate { return nil }
	side := float64(max(blur.Cols(), blur.Rows()))
	segs := houghSegs(blur, side*0.06, 1)
	for _, s := range segs {
		if s.len >= longLine*side {
			long++
		}
	}
	if len(segs) < 4 {
		return nil, none, none, long
	}
	steep = func() []candidate { return vanishingCandidates(segs, n, side) }
	// Length-weighted direction histogram, 2-degree bins, smoothed.
	const bins = 90
	var hist [bins]float64
	for _, s := range segs {
		hist[int(s.angle/math.Pi*bins)%bins] += s.len
	}
	var sm [bins]float64
	for i := range hist {
		for d := -2; d <= 2; d++ {
			sm[i] += hist[(i+d+bins)%bins]
		}
	}
	// The strongest directions (local maxima), strongest first; every
	// pair of them 50..130 degrees apart may be the board's two.
	var peaks []int
	for i := range sm {
		if sm[i] > 0 && sm[i] >= sm[(i+1)%bins] && sm[i] > sm[(i+bins-1)%bins] {
			peaks = append(peaks, i)
		}
	}
	sort.Slice(peaks, func(a, b int) bool { return sm[peaks[a]] > sm[peaks[b]] })
	if len(peaks) > 4 {
		peaks = peaks[:4]
	}
	if debugf != nil {
		var ds []int
		for _, p := range peaks {
			ds = append(ds, p*2)
		}
		debugf("line directions (deg): %v of %d segments", ds, len(segs))
	}
	var dirs [][2]float64 // the pairs of directions, in order
	for x := 0; x < len(peaks); x++ {
		for y := x + 1; y < len(peaks); y++ {
			d := (peaks[y] - peaks[x] + bins) % bins
			if d < 25 || d > 65 || sm[peaks[y]] < 0.1*sm[peaks[0]] {
				continue
			}
			dirs = append(dirs, [2]float64{(float64(peaks[x]) + 0.5) * math.Pi / bins, (float64(peaks[y]) + 0.5) * math.Pi / bins})
		}
	}
	// Each pair's candidates found on its own (f only reads segs), side
	// by side, and taken in the pairs' order.
	pairs := func(f func(angA, angB float64) []candidate) []candidate {
		each := make([][]candidate, len(dirs))
		parallel.For(len(dirs), func(i int) { each[i] = f(dirs[i][0], dirs[i][1]) })
		var out []candidate
		for _, cs := range each {
			out = append(out, cs...)
		}
		return out
	}
	cands = pairs(func(a, b float64) []candidate { return linePairCandidates(segs, a, b, n, side) })
	wide = func() []candidate {
		return pairs(func(a, b float64) []candidate { return gridCandidates(segs, a, b, gridSpread, n, side) })
	}
	return cands, wide, steep, long
}

// houghSegs are the straight segments of the blurred picture's edges
// (Canny, the probabilistic Hough) minLen pixels long or longer, their
// ends (pixel centres) scaled by k.
func houghSegs(blur gocv.Mat, minLen, k float64) []seg {
	return cannySegs(blur, minLen, k, 20, 60)
}

// cannySegs is houghSegs with Canny's thresholds at lo and hi.
func cannySegs(blur gocv.Mat, minLen, k float64, lo, hi float32) []seg {
	edges := gocv.NewMat()
	defer edges.Close()
	gocv.Canny(blur, &edges, lo, hi)
	lines := gocv.NewMat()
	defer lines.Close()
	gocv.HoughLinesPWithParams(edges, &lines, 1, math.Pi/180, 40, float32(minLen), 6)
	var segs []seg
	for i := 0; i < lines.Rows(); i++ {
		v := lines.GetVeciAt(i, 0)
		segs = append(segs, newSeg(Point{(float64(v[0]) + 0.5) * k, (float64(v[1]) + 0.5) * k}, Point{(float64(v[2]) + 0.5) * k, (float64(v[3]) + 0.5) * k}))
	}
	return segs
}

// longLine is the length, as a share of the work picture's longer side,
// from which a straight segment counts as long (lineCandidates): a
// board's grid lines and edges reach it even where tiles and print break
// them (a Scrabble board filling a third of the photo: 11-56 such
// segments), the edges of tiles on a table seldom (ban-seg valid: 0-2 on
// 15 of 20 photos).
const longLine = 0.2

// linePairCandidates builds quads from two directions of lines.
func linePairCandidates(segs []seg, angA, angB float64, n int, side float64) []candidate {
	fa := family(segs, angA, 12, 3)
	fb := family(segs, angB, 12, 3)
	if len(fa) < 2 || len(fb) < 2 {
		return nil
	}
	out := gridCandidates(segs, angA, angB, 12, n, side)
	for _, a0 := range fa.outer(true) {
		for _, a1 := range fa.outer(false) {
			for _, b0 := range fb.outer(true) {
				for _, b1 := range fb.outer(false) {
					var pts []Point
					ok := true
					for _, pr := range [][2]fline{{a0, b0}, {a0, b1}, {a1, b1}, {a1, b0}} {
						p, good := intersect(pr[0], pr[1])
						if !good {
							ok = false
							break
						}
						pts = append(pts, p)
					}
					if !ok {
						continue
					}
					q, good := orderPoints(pts)
					if !good || quadArea(q) < 0.02*side*side {
						continue
					}
					out = append(out, candidate{q: q})
				}
			}
		}
	}
	return out
}

// gridCandidates returns the quads of grids found in two directions of
// lines: in each, n+1 lines evenly spaced in perspective, their directions
// within spread degrees of the family's.
func gridCandidates(segs []seg, angA, angB, spread float64, n int, side float64) []candidate {
	// the two directions' runs side by side (each only reads segs)
	var ga, gb [][2]fline
	parallel.For(2, func(i int) {
		if i == 0 {
			ga = gridRuns(family(segs, angA, spread, 8), n)
		} else {
			gb = gridRuns(family(segs, angB, spread, 8), n)
		}
	})
	if debugf != nil {
		debugf("pair %.0f/%.0f, within %.0f deg: grid runs %d and %d", angA*180/math.Pi, angB*180/math.Pi, spread, len(ga), len(gb))
	}
	return runCandidates(ga, gb, side)
}

// runCandidates is a grid candidate for every pair of runs, one of each
// family (ga, gb: each run its first and last lines): the quad their
// four lines bound, where they meet in four points and it covers at
// least a hundredth of the picture (side: its longer side).
func runCandidates(ga, gb [][2]fline, side float64) []candidate {
	var out []candidate
	for _, a := range ga {
		for _, b := range gb {
			var pts []Point
			for _, pr := range [][2]fline{{a[0], b[0]}, {a[0], b[1]}, {a[1], b[1]}, {a[1], b[0]}} {
				if p, ok := intersect(pr[0], pr[1]); ok {
					pts = append(pts, p)
				}
			}
			if len(pts) == 4 {
				if q, ok := orderPoints(pts); ok && quadArea(q) > 0.01*side*side {
					out = append(out, candidate{q: q, grid: true})
				}
			}
		}
	}
	return out
}

// fline is a merged line: points p with n.p = rho, and its total length.
type fline struct {
	n      Point
	rho    float64
	length float64
}

type lineFamily []fline

// gridSpread is how far, in degrees, a grid line's direction may stray
// from its family's: in a steep view the lines of one direction converge
// on a vanishing point, fanning out over 30 degrees and more.
const gridSpread = 20

// family merges the segments within tol degrees of angle into lines (same
// offset within 4 pixels), keeping those at least 1/keep as long as the
// longest.
func family(segs []seg, angle, tol float64, keepFrac float64) lineFamily {
	n := Point{-math.Sin(angle), math.Cos(angle)}
	type item struct {
		s   seg
		rho float64
	}
	var its []item
	for _, s := range segs {
		d := math.Abs(s.angle - angle)
		d = math.Min(d, math.Pi-d)
		if d > tol*math.Pi/180 {
			continue
		}
		mx, my := (s.a.X+s.b.X)/2, (s.a.Y+s.b.Y)/2
		its = append(its, item{s, n.X*mx + n.Y*my})
	}
	sort.Slice(its, func(i, j int) bool { return its[i].rho < its[j].rho })
	var fam lineFamily
	for i := 0; i < len(its); {
		j := i
		var pts []Point
		var total float64
		for j < len(its) && its[j].rho-its[i].rho < 4 {
			pts = append(pts, its[j].s.a, its[j].s.b)
			total += its[j].s.len
			j++
		}
		// Fit the line through the segments' end points.
		fam = append(fam, fitLine(pts, total))
		i = j
	}
	longest := 0.0
	for _, f := range fam {
		longest = math.Max(longest, f.length)
	}
	var keep lineFamily
	for _, f := range fam {
		if f.length >= longest/keepFrac {
			keep = append(keep, f)
		}
	}
	// Orient all normals alike and sort by offset.
	for i := range keep {
		if keep[i].n.X*n.X+keep[i].n.Y*n.Y < 0 {
			keep[i].n = Point{-keep[i].n.X, -keep[i].n.Y}
			keep[i].rho = -keep[i].rho
		}
	}
	sort.Slice(keep, func(i, j int) bool { return keep[i].rho < keep[j].rho })
	return keep
}

// outer returns the two outermost lines on one side (low offsets or high).
func (f lineFamily) outer(low bool) []fline {
	k := min(2, len(f)-1)
	if low {
		return f[:k]
	}
	return f[len(f)-k:]
}

// fitLine fits a line to points by principal axis.
func fitLine(pts []Point, length float64) fline {
	var cx, cy float64
	for _, p := range pts {
		cx += p.X
		cy += p.Y
	}
	cx /= float64(len(pts))
	cy /= float64(len(pts))
	var sxx, sxy, syy float64
	for _, p := range pts {
		dx, dy := p.X-cx, p.Y-cy
		sxx += dx * dx
		sxy += dx * dy
		syy += dy * dy
	}
	th := 0.5 * math.Atan2(2*sxy, sxx-syy) // direction of the line
	n := Point{-math.Sin(th), math.Cos(th)}
	return fline{n: n, rho: n.X*cx + n.Y*cy, length: length}
}

func intersect(a, b fline) (Point, bool) {
	det := a.n.X*b.n.Y - a.n.Y*b.n.X
	if math.Abs(det) < 1e-6 {
		return Point{}, false
	}
	return Point{(a.rho*b.n.Y - a.n.Y*b.rho) / det, (a.n.X*b.rho - a.rho*b.n.X) / det}, true
}

// orderPoints orders four points clockwise on screen, upright, if they
// form a convex quadrilateral.
func orderPoints(pts []Point) (Quad, bool) {
	var q Quad
	copy(q[:], pts)
	c := q.Centre()
	sort.Slice(q[:], func(i, j int) bool {
		return math.Atan2(q[i].Y-c.Y, q[i].X-c.X) < math.Atan2(q[j].Y-c.Y, q[j].X-c.X)
	})
	for i := 0; i < 4; i++ {
		a, b, c := q[i], q[(i+1)%4], q[(i+2)%4]
		if (b.X-a.X)*(c.Y-b.Y)-(b.Y-a.Y)*(c.X-b.X) <= 0 {
			return q, false
		}
	}
	return UprightQuad(q), true
}

func quadArea(q Quad) float64 {
	var a float64
	for i := range q {
		j := (i + 1) % 4
		a += q[i].X*q[j].Y - q[j].X*q[i].Y
	}
	return math.Abs(a) / 2
}

// nearestIn is the distance from want to the nearest value of sorted
// (ascending; +Inf when it is empty).
func nearestIn(sorted []float64, want float64) float64 {
	near := math.Inf(1)
	// sort.SearchFloat64s's bisection, without its closure's calls: the
	// first k with sorted[k] >= want
	k, j := 0, len(sorted)
	for k < j {
		h := int(uint(k+j) >> 1)
		if !(sorted[h] >= want) {
			k = h + 1
		} else {
			j = h
		}
	}
	if k < len(sorted) {
		near = sorted[k] - want
	}
	if k > 0 {
		// the built-in min, as math.Min (NaN, -0) without its call
		near = min(near, want-sorted[k-1])
	}
	return near
}

// gridRuns finds, among a family's lines, the first and last lines of runs
// of n+1 lines evenly spaced in perspective: for each pair taken as the
// grid's outer lines, it counts the other lines found where the n-1 inner
// ones must be (allowing for the spacing to change steadily, as it does in
// perspective). It returns the best few pairs.
func gridRuns(f lineFamily, n int) [][2]fline {
	return gridRunsIn(f, n, -0.4, 0.41, 0.1)
}

// gridRunsIn is gridRuns with the spacings' change bounded by betas lo..hi
// in steps of step (runScoreIn).
func gridRunsIn(f lineFamily, n int, lo, hi, step float64) [][2]fline {
	if len(f) < 4 {
		return nil
	}
	return gridRunsAt(f, placesAlong(f), n, lo, hi, step)
}

// gridRunsAt is gridRunsIn with the lines' places along a transversal
// given (t, ascending as f is ordered).
func gridRunsAt(f lineFamily, t []float64, n int, lo, hi, step float64) [][2]fline {
	if len(f) < 4 {
		return nil
	}
	var runs []gridRun
	// The lines strictly between i and j (by index), their places kept
	// sorted as j grows, so the nearest to a wanted place is found by
	// bisection; a line with no place (NaN) between them spoils every
	// distance, as math.Min would.
	between := make([]float64, 0, len(f))
	for i := range f {
		between = between[:0]
		hasNaN := false
		for j := i + 1; j < len(f); j++ {
			if m := j - 1; m > i {
				if math.IsNaN(t[m]) {
					hasNaN = true
				} else {
					k := sort.SearchFloat64s(between, t[m])
					between = append(between, 0)
					copy(between[k+1:], between[k:])
					between[k] = t[m]
				}
			}
			near := func(want float64) float64 {
				if hasNaN {
					return math.NaN()
				}
				return nearestIn(between, want)
			}
			if score, ok := runScoreIn(t[i], t[j], n, near, lo, hi, step); ok {
				runs = append(runs, gridRun{i, j, score})
			}
		}
	}
	return bestRuns(f, runs)
}

// placesAlong gives each line of a family its place along a transversal
// through the family's middle line (NaN for a line the transversal does
// not cross).
func placesAlong(f lineFamily) []float64 {
	var dir Point
	for _, l := range f {
		dir.X += l.n.X
		dir.Y += l.n.Y
	}
	norm := math.Hypot(dir.X, dir.Y)
	dir = Point{dir.X / norm, dir.Y / norm}
	// A point on the middle line; the transversal runs along dir.
	mid := f[len(f)/2]
	o := Point{mid.n.X * mid.rho, mid.n.Y * mid.rho}
	tr := fline{n: Point{-dir.Y, dir.X}, rho: -dir.Y*o.X + dir.X*o.Y}
	t := make([]float64, len(f))
	for i, l := range f {
		p, ok := intersect(l, tr)
		if !ok {
			t[i] = math.NaN()
			continue
		}
		t[i] = dir.X*p.X + dir.Y*p.Y
	}
	return t
}

// gridRun is a pair of a family's lines (by index) taken as a grid's
// outer lines, and how well the lines between them fill its inner ones.
type gridRun struct {
	i, j  int
	score float64
}

// runScore scores the lines at places first and last as the outer lines
// of a grid of n squares: over spacings that change steadily (as in
// perspective), the best sum over the n-1 inner lines of how near the
// nearest line found lies (near: the distance from a wanted place to the
// nearest line between the two). ok is false where the pair is too close
// or too few inner lines are found; score is then at most the best sum (a
// spacing whose sum can no longer matter is not summed to the end).
func runScore(first, last float64, n int, near func(want float64) float64) (score float64, ok bool) {
	return runScoreIn(first, last, n, near, -0.4, 0.41, 0.1)
}

// runScoreIn is runScore over the spacings of betas lo..hi in steps of
// step: the first spacing is (1+beta)^2 times the last.
func runScoreIn(first, last float64, n int, near func(want float64) float64, lo, hi, step float64) (score float64, ok bool) {
	span := last - first
	if math.IsNaN(span) || span < float64(n)*4 {
		return 0, false
	}
	tol := 0.18 * span / float64(n)
	need := 0.45 * float64(n-1)
	best := 0.0
	for beta := lo; beta <= hi; beta += step {
		var sc float64
		for k := 1; k < n; k++ {
			// Each inner line adds at most 1: a spacing whose sum can
			// no longer reach the best so far nor what a run needs is
			// left (it would change neither the best nor ok; the slack
			// is far above the sums' rounding).
			if sc+float64(n-k) < max(best, need)-runSlack {
				break
			}
			u := float64(k) / float64(n)
			d := near(first + span*u*(1+beta)/(1+beta*u))
			if d < tol {
				sc += 1 - d/tol
			}
		}
		best = math.Max(best, sc)
	}
	return best, best >= need
}

// runSlack is how far below the best so far (or what a run needs)
// runScore's bound must fall before a spacing is left: the sums of at
// most n terms of at most 1 round by less than 1e-13.
const runSlack = 1e-9

// bestRuns is the best three runs' outer lines, best first.
func bestRuns(f lineFamily, runs []gridRun) [][2]fline {
	sort.Slice(runs, func(a, b int) bool { return runs[a].score > runs[b].score })
	var out [][2]fline
	for k := 0; k < len(runs) && k < 3; k++ {
		out = append(out, [2]fline{f[runs[k].i], f[runs[k].j]})
	}
	return out
}
