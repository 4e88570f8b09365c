package vision

import (
	"image"
	"math"
	"slices"
	"sort"

	"gocv.io/x/gocv"

	"github.com/tilescope/tilescope/internal/parallel"
)

// hidden is the part of a board a hand or an arm covers, in the board's
// own frame: the rectangle [X0,X1] x [Y0,Y1] of the unit square (0,0)
// the top-left corner of the candidate outline, (1,1) the bottom-right.
// The zero value hides nothing.
type hidden struct {
	X0, X1, Y0, Y1 float64
}

// none says whether h hides nothing.
func (h hidden) none() bool { return h.X1 <= h.X0 || h.Y1 <= h.Y0 }

// The board under a hand over a corner or a side: the last look of
// FindGrid's full search where no stage found a board (hiddenBoard's
// three-sided outlines and the runners-up, judged by hiddenLook).
// A hand over a corner cuts the board's outline as a region (no outline
// candidate) and hides the grid's lines there while its own edges cross
// them (no grid's lines stand out over the whole board); the board's
// straight outer edges still show, each over what the hand leaves of
// it, and the grid's lines over the rest of the board.

// edgeRun is a straight line of the work picture merged from the Hough
// segments along it: the line, its direction and the stretches of it
// the segments cover (from, to along d), and their summed length.
type edgeRun struct {
	l      fline
	d      Point
	spans  [][2]float64
	length float64
}

// edgeRuns merges the segments into runs: a segment within runAngle of a
// run's direction whose ends lie within runNear pixels of its line joins
// it (the longest segments first, each run keeping its first one's
// line). The runs at least minLen long, longest first.
func edgeRuns(segs []seg, minLen float64) []edgeRun {
	const runAngle, runNear = 2.5 * math.Pi / 180, 2.5
	sorted := slices.Clone(segs)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].len > sorted[j].len })
	var runs []edgeRun
	for _, s := range sorted {
		joined := false
		for i := range runs {
			r := &runs[i]
			da := math.Abs(s.angle - math.Atan2(r.d.Y, r.d.X))
			da = math.Mod(da, math.Pi)
			da = math.Min(da, math.Pi-da)
			if da > runAngle {
				continue
			}
			if math.Abs(r.l.n.X*s.a.X+r.l.n.Y*s.a.Y-r.l.rho) > runNear || math.Abs(r.l.n.X*s.b.X+r.l.n.Y*s.b.Y-r.l.rho) > runNear {
				continue
			}
			ta, tb := r.d.X*s.a.X+r.d.Y*s.a.Y, r.d.X*s.b.X+r.d.Y*s.b.Y
			r.spans = append(r.spans, [2]float64{math.Min(ta, tb), math.Max(ta, tb)})
			r.length += s.len
			joined = true
			break
		}
		if joined {
			continue
		}
		d := Point{math.Cos(s.angle), math.Sin(s.angle)}
		n := Point{-d.Y, d.X}
		ta, tb := d.X*s.a.X+d.Y*s.a.Y, d.X*s.b.X+d.Y*s.b.Y
		runs = append(runs, edgeRun{
			l:      fline{n: n, rho: n.X*s.a.X + n.Y*s.a.Y, length: s.len},
			d:      d,
			spans:  [][2]float64{{math.Min(ta, tb), math.Max(ta, tb)}},
			length: s.len,
		})
	}
	var out []edgeRun
	for _, r := range runs {
		if r.length >= minLen {
			out = append(out, r)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].length > out[j].length })
	return out
}

// cover is how much of the stretch from a to b of the run its segments
// cover, and how much of them lies beyond it by more than slack at
// either end, both as shares of the stretch's length.
func (r edgeRun) cover(a, b Point, slack float64) (in, out float64) {
	lo, hi := r.d.X*a.X+r.d.Y*a.Y, r.d.X*b.X+r.d.Y*b.Y
	if lo > hi {
		lo, hi = hi, lo
	}
	L := hi - lo
	if L <= 0 {
		return 0, 0
	}
	spans := slices.Clone(r.spans)
	sort.Slice(spans, func(i, j int) bool { return spans[i][0] < spans[j][0] })
	// the union of the spans
	var un [][2]float64
	for _, s := range spans {
		if k := len(un) - 1; k >= 0 && s[0] <= un[k][1] {
			un[k][1] = math.Max(un[k][1], s[1])
			continue
		}
		un = append(un, s)
	}
	for _, s := range un {
		in += math.Max(0, math.Min(s[1], hi)-math.Max(s[0], lo))
		out += math.Max(0, math.Min(s[1], lo-slack*L)-s[0]) + math.Max(0, s[1]-math.Max(s[0], hi+slack*L))
	}
	return in / L, out / L
}

// edgeQuad is a board's outline from three of its straight edges, in
// the work picture, and how well they show (rank: what the runs cover
// of the near side and of the two sides' first halves, less what they
// run on past the near corners).
type edgeQuad struct {
	q    Quad
	rank float64
}

// The triples of runs hiddenBoard looks at: a near side whose run covers
// edgeShownLeast of it between the two sides' runs and runs on past
// them for edgeOvershoot of it at most; two sides within edgeParallel of
// each other's direction, each within edgeSquare of square to the near
// side (a board seen up to 45 degrees off straight down), covering
// edgeSideLeast of their first half from the near corner. The far side,
// under the hand, is looked for parallel to the near one at
// hiddenDepths of its length (a board seen from its near side or its
// far one, foreshortened either way).
const (
	edgeSideLeast  = 0.3
	edgeShownLeast = 0.5
	edgeOvershoot  = 0.25
	edgeParallel   = 20 * math.Pi / 180
	edgeSquare     = 45 * math.Pi / 180
	hiddenTriples  = 24 // the best triples looked along
)

var hiddenDepths = []float64{0.55, 0.62, 0.7, 0.78, 0.86, 0.94, 1.02, 1.1, 1.2, 1.3, 1.42}

// pointOn is the point of the run at t along it.
func (r edgeRun) pointOn(t float64) Point {
	return Point{r.d.X*t + r.l.n.X*r.l.rho, r.d.Y*t + r.l.n.Y*r.l.rho}
}

// edgeQuads are the outlines three runs and a far side make: for each of
// the best hiddenTriples triples, one outline per depth.
func edgeQuads(runs []edgeRun, ws image.Point) []edgeQuad {
	side := float64(max(ws.X, ws.Y))
	if len(runs) > 24 {
		runs = runs[:24]
	}
	diff := func(a, b Point) float64 { // the angle between two directions, 0..pi/2
		return math.Acos(math.Min(1, math.Abs(a.X*b.X+a.Y*b.Y)))
	}
	in := func(p Point) bool {
		sl := 0.02 * side
		return p.X >= -sl && p.Y >= -sl && p.X <= float64(ws.X)+sl && p.Y <= float64(ws.Y)+sl
	}
	type triple struct {
		near   int
		pa, pb Point
		ua, ub Point // along each side from its near corner, into the board
		normal Point // the near side's normal, into the board
		rank   float64
	}
	var ts []triple
	for k, r0 := range runs {
		for i, ra := range runs {
			if i == k || math.Abs(diff(r0.d, ra.d)-math.Pi/2) > edgeSquare {
				continue
			}
			for j := i + 1; j < len(runs); j++ {
				rb := runs[j]
				if j == k || math.Abs(diff(r0.d, rb.d)-math.Pi/2) > edgeSquare || diff(ra.d, rb.d) > edgeParallel {
					continue
				}
				pa, ok1 := intersect(r0.l, ra.l)
				pb, ok2 := intersect(r0.l, rb.l)
				if !ok1 || !ok2 || !in(pa) || !in(pb) {
					continue
				}
				L := math.Hypot(pb.X-pa.X, pb.Y-pa.Y)
				if L < 0.1*side {
					continue
				}
				c0, o0 := r0.cover(pa, pb, 0.05)
				if c0 < edgeShownLeast || o0 > edgeOvershoot {
					continue
				}
				// the sides run into the board on the same side of the
				// near one: the side their runs lie on
				nrm := Point{r0.l.n.X, r0.l.n.Y}
				mid := func(r edgeRun) Point {
					var best [2]float64
					for _, sp := range r.spans {
						if sp[1]-sp[0] > best[1]-best[0] {
							best = sp
						}
					}
					return r.pointOn((best[0] + best[1]) / 2)
				}
				ma, mb := mid(ra), mid(rb)
				sa := nrm.X*(ma.X-pa.X) + nrm.Y*(ma.Y-pa.Y)
				sb := nrm.X*(mb.X-pb.X) + nrm.Y*(mb.Y-pb.Y)
				if sa*sb <= 0 {
					continue
				}
				if sa < 0 {
					nrm = Point{-nrm.X, -nrm.Y}
				}
				ua, ub := ra.d, rb.d
				if ua.X*nrm.X+ua.Y*nrm.Y < 0 {
					ua = Point{-ua.X, -ua.Y}
				}
				if ub.X*nrm.X+ub.Y*nrm.Y < 0 {
					ub = Point{-ub.X, -ub.Y}
				}
				ea := Point{pa.X + 0.5*L*ua.X, pa.Y + 0.5*L*ua.Y}
				eb := Point{pb.X + 0.5*L*ub.X, pb.Y + 0.5*L*ub.Y}
				// what each side's run covers of its first half from the
				// near corner, and of the stretch as long behind it (a
				// side's run ends at the corner: none behind)
				ca, _ := ra.cover(Point{pa.X - 0.5*L*ua.X, pa.Y - 0.5*L*ua.Y}, ea, 0)
				cb, _ := rb.cover(Point{pb.X - 0.5*L*ub.X, pb.Y - 0.5*L*ub.Y}, eb, 0)
				inA, _ := ra.cover(pa, ea, 0.05)
				inB, _ := rb.cover(pb, eb, 0.05)
				behindA, behindB := 2*ca-inA, 2*cb-inB
				if inA < edgeSideLeast || inB < edgeSideLeast || behindA > 2*edgeOvershoot || behindB > 2*edgeOvershoot {
					continue
				}
				// what the runs show of the three sides, in pixels
				rank := L * (c0 + 0.5*inA + 0.5*inB - 2*o0 - behindA - behindB)
				ts = append(ts, triple{k, pa, pb, ua, ub, nrm, rank})
			}
		}
	}
	sort.SliceStable(ts, func(i, j int) bool { return ts[i].rank > ts[j].rank })
	var out []edgeQuad
	var qs []Quad
	var near [][2]Point // the triples' near corners looked along
	used := 0
	for _, t := range ts {
		if used >= hiddenTriples {
			break
		}
		L := math.Hypot(t.pb.X-t.pa.X, t.pb.Y-t.pa.Y)
		// one triple of those whose near corners lie within 2% of the
		// picture of another's: the same near side, its runs split
		same := false
		for _, c := range near {
			if math.Hypot(c[0].X-t.pa.X, c[0].Y-t.pa.Y) < 0.02*side && math.Hypot(c[1].X-t.pb.X, c[1].Y-t.pb.Y) < 0.02*side {
				same = true
				break
			}
		}
		if same {
			continue
		}
		near = append(near, [2]Point{t.pa, t.pb})
		any := false
		for _, depth := range hiddenDepths {
			// the far side parallel to the near one, depth*L in
			h := depth * L
			fa := t.ua.X*t.normal.X + t.ua.Y*t.normal.Y
			fb := t.ub.X*t.normal.X + t.ub.Y*t.normal.Y
			if fa < 0.3 || fb < 0.3 {
				break
			}
			qa := Point{t.pa.X + h/fa*t.ua.X, t.pa.Y + h/fa*t.ua.Y}
			qb := Point{t.pb.X + h/fb*t.ub.X, t.pb.Y + h/fb*t.ub.Y}
			if !in(qa) || !in(qb) {
				continue
			}
			q, ok := orderPoints([]Point{t.pa, t.pb, qb, qa})
			if !ok || seen(qs, q, 0.01*side) {
				continue
			}
			qs = append(qs, q)
			out = append(out, edgeQuad{q, t.rank})
			any = true
		}
		if any {
			used++
		}
	}
	return out
}

// hiddenMasks are the parts of a board hiddenBoard leaves out of a
// candidate's judgement in turn: none, then each quarter (a hand over a
// corner, or over the near half of a side).
var hiddenMasks = []hidden{{}, {0, 0.5, 0, 0.5}, {0.5, 1, 0, 0.5}, {0.5, 1, 0.5, 1}, {0, 0.5, 0.5, 1}}

// The grid inside a board's outer edges: its lines span hiddenSpanMin to
// hiddenSpanMax of the outline (the border round the grid, 0 to a fifth
// of the board's side a side), centred within hiddenShift of it (the
// border is as wide on every side).
const hiddenSpanMin, hiddenSpanMax, hiddenShift = 0.6, 1.06, 0.06

// hiddenSquare is how far the grid's pitch across a three-sided outline
// may differ from its pitch down it (as shares of it): the outline's
// far side, drawn parallel to the near one, is a trapezium's where the
// board is turned in the view.
const hiddenSquare = 0.06

// hiddenFit is a grid fitted inside one of edgeQuads' outlines with one
// part of it left out.
type hiddenFit struct {
	fit  boardFit
	mask hidden
	q    Quad
}

// fitHidden fits the n x n grid inside the outline q (work pixels) with
// each of hiddenMasks left out, the best.
func fitHidden(blur gocv.Mat, q Quad, n int) (hiddenFit, bool) {
	best := hiddenFit{fit: boardFit{Score: math.Inf(-1)}}
	for _, m := range hiddenMasks {
		pr, ok := outlineProfilesHiding(blur, q, m)
		if !ok {
			continue
		}
		x, y := pr.lines(true, n, hiddenSpanMin, hiddenSpanMax, hiddenShift), pr.lines(false, n, hiddenSpanMin, hiddenSpanMax, hiddenShift)
		// a square board's grid inside its outline: as many squares
		// of the same size across and down it, and as wide a border
		if math.Abs(x.p-y.p) > hiddenSquare*x.p || math.Abs(x.o-y.o) > 0.5*x.p {
			continue
		}
		f, ok := pr.fit(n, x, y)
		if ok && f.Score > best.fit.Score {
			best = hiddenFit{f, m, q}
		}
	}
	return best, best.fit.Score > math.Inf(-1)
}

// hiddenOutlines is how many of the grids fitted inside the board's
// three-sided outlines (edgeQuads), best first, hiddenBoard finishes;
// hiddenFirst the least evidence, so fitted, of one it finishes.
const (
	hiddenOutlines = 4
	hiddenFirst    = 0.1
)

// hiddenBoard gives the grids, finished on the full picture
// (finishBoard, full-resolution pixels), that the board's straight outer
// edges hold where a hand hides part of them: the work picture's
// segments, its local contrast raised (hiddenSegs), merged into runs
// (edgeRuns); three runs, a near side and the two sides from its ends,
// and a far side drawn parallel to the near one at each depth, bound the
// outlines (edgeQuads); inside each the grid is fitted with each quarter
// of the board left out in turn, as many squares of one size across as
// down with as wide a border (fitHidden). The best few so fitted are
// finished, for hiddenLook to judge.
func hiddenBoard(p Plane, img image.Image, src, small, blur gocv.Mat, n int, scale float64) []boardFit {
	ws := image.Pt(blur.Cols(), blur.Rows())
	side := float64(max(ws.X, ws.Y))
	segs := hiddenSegs(small, 0.04*side, 20, 60)
	quads := edgeQuads(edgeRuns(segs, 0.05*side), ws)
	fits := make([]hiddenFit, len(quads))
	oks := make([]bool, len(quads))
	parallel.For(len(quads), func(i int) {
		fits[i], oks[i] = fitHidden(blur, quads[i].q, n)
	})
	var order []hiddenFit
	for i, f := range fits {
		if oks[i] && f.fit.Score >= hiddenFirst {
			order = append(order, f)
		}
	}
	sort.SliceStable(order, func(i, j int) bool { return order[i].fit.Score > order[j].fit.Score })
	var out []boardFit
	var qs []Quad
	for _, f := range order {
		if len(out) >= hiddenOutlines {
			break
		}
		q := fullQuad(f.fit.H, n)
		if seen(qs, q, 0.01*side) {
			continue
		}
		qs = append(qs, q)
		fb := finishBoard(p, img, src, blur, f.fit, n, scale, nil, true)
		fb.Score = max(fb.Score, minCentredContrast)
		out = append(out, fb)
	}
	if debugf != nil {
		debugf("hidden: %d segments, %d outlines, %d fitted %.2f or more, %d finished", len(segs), len(quads), len(order), hiddenFirst, len(out))
	}
	return out
}

// hiddenSegs are the straight segments of the work picture's edges
// hiddenBoard looks at: houghSegs on the picture with its local contrast
// raised (CLAHE: a dark board on a dark table under a dim light keeps
// edges of a few grey levels) with Canny's thresholds at lo and hi.
func hiddenSegs(small gocv.Mat, minLen float64, lo, hi float32) []seg {
	clahe := gocv.NewCLAHEWithParams(2, image.Pt(8, 8))
	defer clahe.Close()
	eq := gocv.NewMat()
	defer eq.Close()
	clahe.Apply(small, &eq)
	b := gocv.NewMat()
	defer b.Close()
	gocv.GaussianBlur(eq, &b, image.Pt(5, 5), 0, 0, gocv.BorderDefault)
	return cannySegs(b, minLen, 1, lo, hi)
}

// hiddenQuarters are the parts of a board hiddenLook leaves out of a
// grid's judgement in turn: each quarter (a hand over a corner, or over
// the near half of a side).
var hiddenQuarters = []hidden{{0, 0.5, 0, 0.5}, {0.5, 1, 0, 0.5}, {0.5, 1, 0.5, 1}, {0, 0.5, 0.5, 1}}

// hiddenLook is the last look of FindGrid's full search where no grid
// was accepted, not even among the runners-up: a board under a hand over
// a corner or a side. A hand there cuts the board's outline (no outline
// candidate lies on it) and, over a quarter of the board, hides the
// grid's lines while its own edges cross them: no candidate's lines
// stand out over the whole board, though the grid the stages fitted may
// lie on the board, finished on the full picture (finishBoard, fits:
// the runners-up and the weak best, full-resolution pixels). Each is
// judged again on its own outline with each quarter of the board left
// out in turn (outlineProfilesHiding: the lines' evidence there neither
// counted nor missed), and taken where, so judged, its lines stand out
// as an accepted grid's do (minGridContrast) at its place (the grid
// fitted there within hiddenNear of a square of it), and where the
// board's outer edge does not show it a square off (hiddenEdgeSpread).
// Of several, the best so judged. The grid taken is marked Hidden and has no lens: its
// lines under the hand are unseen, and its reader shows none of its
// squares sure.
func hiddenLook(p Plane, blur gocv.Mat, fits []boardFit, n int, scale float64) (boardFit, bool) {
	type judged struct {
		score float64
		mask  hidden
	}
	// each grid, and each moved a square along either axis or both
	var grids []boardFit
	for _, f := range fits {
		if f.Score < minCentredContrast {
			continue
		}
		for _, d := range hiddenMoves {
			g := f
			g.H = f.H.Mul(Homography{1, 0, d.X, 0, 1, d.Y, 0, 0, 1})
			grids = append(grids, g)
		}
	}
	fits = grids
	js := make([]judged, len(fits))
	parallel.For(len(fits), func(i int) {
		js[i].score = math.Inf(-1)
		f := fits[i]
		for _, m := range hiddenQuarters {
			pr, ok := outlineProfilesHiding(blur, workQuad(f.H, n, scale), m)
			if !ok {
				continue
			}
			g, ok := pr.fitTight(n, true)
			if !ok || g.Score <= js[i].score {
				continue
			}
			g.H = Homography{1 / scale, 0, 0, 0, 1 / scale, 0, 0, 0, 1}.Mul(g.H)
			if nearQuad(g.H, fullQuad(f.H, n), n, hiddenNear) {
				js[i] = judged{g.Score, m}
			}
		}
	})
	// the board's outer edge as far out on both sides of each axis,
	// within hiddenEdgeSpread (a grid a square off has it a square
	// further out on one side and a square nearer on the other)
	edgesAgree := func(f boardFit) bool {
		for _, vertical := range []bool{true, false} {
			lo, hi, _ := boardMargins(p, f.H, n, vertical, 0.8)
			if math.Abs(lo-hi) > hiddenEdgeSpread {
				if debugf != nil {
					debugf("hidden look: the board's edge %.2f and %.2f squares out (vertical %v): a grid off", lo, hi, vertical)
				}
				return false
			}
		}
		return true
	}
	best := -1
	for i, j := range js {
		if j.score >= minGridContrast && (best < 0 || j.score > js[best].score) && edgesAgree(fits[i]) {
			best = i
		}
	}
	if debugf != nil {
		for i, j := range js {
			debugf("hidden look: grid %d (%.2f) judged %.2f with %v left out", i, fits[i].Score, j.score, j.mask)
		}
	}
	if best < 0 {
		return boardFit{}, false
	}
	f := fits[best]
	f.Hidden = true
	f.Score = max(f.Score, minGridContrast)
	f.Lens, f.HU = Lens{}, Homography{}
	return f, true
}

// hiddenMoves are the moves, in squares, of a finished grid hiddenLook
// judges: the grid where it was finished only. Its moves a square along
// either axis or both were tried and dropped (docs/vision.md, upwcorner):
// the lattice judged with a quarter left out takes a grid a square off
// as often, the border's line passing for the outermost.
var hiddenMoves = []Point{{0, 0}}

// hiddenEdgeSpread is how much further out, in squares, the board's
// outer edge may show on one side of an axis than on the other of a
// grid hiddenLook takes (boardMargins): on a board's grid the border is
// as wide on both sides, give or take what a hand over one of them or a
// tilted view's near side moves the edge found; a grid a square off
// has it two squares apart.
const hiddenEdgeSpread = 1.25

// hiddenNear is how near, in squares, the grid fitted on a finished
// grid's outline with a quarter left out must lie to it (hiddenLook).
const hiddenNear = 0.35
