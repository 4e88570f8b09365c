package vision

import (
	"image"
	"math"
	"slices"
	"sort"
	"sync"

	"gocv.io/x/gocv"

	"github.com/tilescope/tilescope/internal/parallel"
)

// clearGrid is grid evidence (see fitLines) that no other candidate is
// likely to beat: the search stops there.
const clearGrid = 0.5

// minPinnedContrast is the least grid evidence (see fitLines) accepted for
// a grid the centre marks pin (fixByMarks).
const minPinnedContrast = 0.12

// minCentredContrast is the least grid evidence (see fitLines) accepted for
// a grid centred on the board's outer edges (edgesCentred): the lines must
// still stand out, if barely (blur and tiles hide most of them).
const minCentredContrast = 0.05

// workSide is the long side, in pixels, of the reduced picture the board is
// first looked for in.
const workSide = 800

// boardFit is a board found in a picture.
type boardFit struct {
	// H maps board coordinates (squares; (0,0) the top-left corner of the
	// playing grid, (n,n) the bottom-right) to full-resolution pixels.
	H     Homography
	N     int     // squares per side
	Score float64 // grid evidence: line contrast, higher is better
	// Clipped lists the image sides ("left", "top", "right", "bottom") the
	// board's outline touched: a board partly out of view.
	Clipped []string
	// Partial is set when no whole grid was found but a cut one was:
	// Cols x Rows squares of it are in view, cut at the Clipped sides.
	Partial    bool
	Cols, Rows int
	// LongLines, on a search of the lines alone that found no grid
	// (FindGridLines), counts the picture's long straight segments
	// (lineCandidates): a board's lines may show where no grid was
	// fitted to them (a tilted board, its lines converging).
	LongLines int
	// Rim is set when the grid was found inside the board's rim
	// (rimQuads) rather than from its own lines or an outline.
	Rim bool
	// Runner is set when the grid was taken on the search's second look,
	// among the runners-up (runnersUp): its lines too faint for any
	// first candidate's score.
	Runner bool
	// Pinned is set when the centre marks placed the grid (fixByMarks).
	Pinned bool
	// Rescored is set when the grid was accepted on its refined
	// outline's evidence, its first candidate's being weak (rescored).
	Rescored bool
	// Hidden is set when the grid was found inside the board's straight
	// outer edges with a part of the board under a hand left out of the
	// judgement (hiddenBoard): its lines there unseen.
	Hidden bool
	// Overhangs is set when the board's outer edge shows inside the
	// grid's outermost line on some side (overhangs).
	Overhangs bool
	// Resid is, per grid intersection, the measured position less H's
	// (NaN where unmeasured): the lens distortion H leaves.
	Resid []Point
	// Lens, when its K is not 0, is the lens distortion the grid's lines
	// show (fitLens), and HU the grid without it: board squares to the
	// pixels a pinhole camera would give, which Lens.Distort takes to the
	// picture. The scan reports the corners through them; H stays the
	// straight-line grid the pose and the cells are worked out on.
	Lens Lens
	HU   Homography
	// samples are the line positions measured by the last refinement
	// (refineGridSamples), for fitLens.
	samples []lineSample
}

// at maps a board point to pixels, through the lens when one was fitted.
func (f boardFit) at(c Point) Point {
	if f.Lens.K != 0 {
		return f.Lens.Distort(f.HU.Apply(c))
	}
	return f.H.Apply(c)
}

// withLens fits a lens to the grid's lines (fitLens) and keeps it when it
// straightens them clearly.
func (f boardFit) withLens(n, w, h int) boardFit {
	if noLens {
		return f
	}
	if l, hu, ok := fitLens(f.samples, f.H, n, w, h); ok {
		f.Lens, f.HU = l, hu
	}
	return f
}

// correction returns a smooth pixel offset at board position (x, y): the
// mean residual of the nearest measured intersections. Offsets larger than
// a fifth of a square are distrusted.
func (f boardFit) correction(n int) func(x, y float64) Point {
	if f.Resid == nil {
		return nil
	}
	pitch := math.Hypot(f.H.Apply(Point{1, 0}).X-f.H.Apply(Point{0, 0}).X, f.H.Apply(Point{1, 0}).Y-f.H.Apply(Point{0, 0}).Y)
	// Which residuals are distrusted, told once rather than at each call.
	skip := make([]bool, len(f.Resid))
	for k, r := range f.Resid {
		skip[k] = math.IsNaN(r.X) || math.Hypot(r.X, r.Y) > pitch/5
	}
	return func(x, y float64) Point {
		var sx, sy, sw float64
		cx, cy := int(math.Floor(x)), int(math.Floor(y))
		for j := cy - 1; j <= cy+2; j++ {
			for i := cx - 1; i <= cx+2; i++ {
				if i < 0 || j < 0 || i > n || j > n {
					continue
				}
				if skip[j*(n+1)+i] {
					continue
				}
				r := f.Resid[j*(n+1)+i]
				w := 1 / (0.5 + math.Hypot(float64(i)-x, float64(j)-y))
				sx += w * r.X
				sy += w * r.Y
				sw += w
			}
		}
		if sw == 0 {
			return Point{}
		}
		return Point{sx / sw, sy / sw}
	}
}

// candidate is a quadrilateral that may be the board, in work coordinates.
type candidate struct {
	q       Quad
	clipped []string
	grid    bool // the quad is the grid's own outer lines, not an outline
	rim     bool // the grid inside the board's rim (insetGrid): searched nearer still
}

// findBoard looks for an n x n grid in the picture.
func findBoard(p Plane, img image.Image, n int) (boardFit, bool) {
	return findBoardNear(p, img, n, nil)
}

// findBoardNear is findBoard told where the grid was in an earlier photo
// from the same camera (its outer corners in pixels; nil: unknown). That
// place is tried first, and a grid found there, within a quarter of a
// square of it, is accepted on weaker line evidence (a blurred or dim
// frame, a hand over part of the board): a camera over a table does not
// move between turns, so the earlier photo vouches for it.
func findBoardNear(p Plane, img image.Image, n int, hint *Quad) (boardFit, bool) {
	return findBoardStages(p, img, n, SearchOptions{Hint: hint}, findAll)
}

// findBoardStages is findBoardNear; findLinesOnly stops after the stages that
// see the grid's own lines, the board's straight edges and its outlines
// from brightness (no outlines from colour, no contrast raising, no rims,
// no partial grids): a quick look for a board that shows plainly, for a
// caller that has other evidence to fall back on. (The outlines from
// brightness cost 10-45 ms more on a 640x640 photo with no board and find
// 5 of the 6 real Scrabble boards whose lines alone did not; the later
// stages cost 0.1-1.5 s there, and the partial grids seconds more.)
// Every search but findAll's then looks for grids of lines converging on
// vanishing points (a board seen 30-45 degrees off straight down), where
// no stage accepted a grid.
func findBoardStages(p Plane, img image.Image, n int, o SearchOptions, how findHow) (boardFit, bool) {
	hint := o.Hint
	linesOnly := how == findLinesOnly
	// FindGrid's full search (Upwords, calibration, the turn detector)
	// sets a grid its lines' crossings could not place on the lines'
	// samples (finishBoard); the other searches' callers set theirs on
	// the print after.
	onSamples := how == findAll
	scale := 1.0
	if m := max(p.W, p.H); m > workSide {
		scale = float64(workSide) / float64(m)
	}
	src, err := gocv.NewMatFromBytes(p.H, p.W, gocv.MatTypeCV8UC1, p.Pix)
	if err != nil {
		return boardFit{}, false
	}
	defer src.Close()
	ws := image.Pt(int(math.Round(float64(p.W)*scale)), int(math.Round(float64(p.H)*scale)))
	// The work picture: shrunk in Go, the same on every architecture
	// (shrinkArea, SearchOptions.ExactShrink), or by OpenCV: the search's
	// last stages turn on single levels.
	var small gocv.Mat
	if o.ExactShrink {
		sp := p
		if ws.X != p.W || ws.Y != p.H {
			sp = shrinkArea(p, ws.X, ws.Y)
		}
		if small, err = gocv.NewMatFromBytes(sp.H, sp.W, gocv.MatTypeCV8UC1, sp.Pix); err != nil {
			return boardFit{}, false
		}
	} else {
		small = gocv.NewMat()
		gocv.Resize(src, &small, ws, 0, 0, gocv.InterpolationArea)
	}
	defer small.Close()
	blur := gocv.NewMat()
	defer blur.Close()
	gocv.GaussianBlur(small, &blur, image.Pt(5, 5), 0, 0, gocv.BorderDefault)

	// Candidates in stages, cheapest and most telling first: the grid's
	// own lines, then outlines from brightness, then from colour. A clear
	// grid ends the search.
	best := boardFit{Score: -1}
	var tried []Quad
	profs := map[Quad]*profiles{} // the outlines' profiles on blur, by outline
	var cands []candidate
	var lineCands []candidate
	wideGrids := func() []candidate { return nil }
	steepGrids := func() []candidate { return nil }
	longLines := 0 // the picture's long straight segments (lineCandidates)
	// Every grid the stages and the rims fitted, for the second look
	// where none was accepted (runnersUp).
	var runners []boardFit
	// The last resort sees the picture with its local contrast raised
	// (CLAHE): dim, unevenly lit boards keep faint walls.
	eqBlur := gocv.NewMat()
	defer eqBlur.Close()
	equalised := func() {
		clahe := gocv.NewCLAHEWithParams(2, image.Pt(8, 8))
		defer clahe.Close()
		eq := gocv.NewMat()
		defer eq.Close()
		clahe.Apply(small, &eq)
		gocv.GaussianBlur(eq, &eqBlur, image.Pt(5, 5), 0, 0, gocv.BorderDefault)
	}
	// Grids inside the board's rim are kept for the last stage.
	var rims []candidate
	rimsGathered := false
	keepRims := func(cs []candidate) []candidate {
		rimsGathered = true
		out := cs[:0]
		for _, c := range cs {
			if c.rim {
				rims = append(rims, c)
			} else {
				out = append(out, c)
			}
		}
		return out
	}
	stages := []func() []candidate{
		func() []candidate { // where the grid was in an earlier photo
			if hint == nil {
				return nil
			}
			var q Quad
			for i, v := range hint {
				q[i] = Point{v.X * scale, v.Y * scale}
			}
			return []candidate{{q: q, grid: true}}
		},
		func() []candidate { // the grid's own lines
			lineCands, wideGrids, steepGrids, longLines = lineCandidates(blur, n)
			var g []candidate
			for _, c := range lineCands {
				if c.grid {
					g = append(g, c)
				}
			}
			return g
		},
		func() []candidate { // the board's edges
			var o []candidate
			for _, c := range lineCands {
				if !c.grid {
					o = append(o, c)
				}
			}
			return o
		},
		// grids of lines converging steeply (a steep view)
		func() []candidate { return wideGrids() },
		func() []candidate { return keepRims(quadCandidates(blur, ws, n)) },
		func() []candidate {
			if img == nil {
				return nil
			}
			return keepRims(colourCandidates(img, scale, n))
		},
		func() []candidate {
			equalised()
			lc, wide, _, _ := lineCandidates(eqBlur, n)
			return append(append(lc, wide()...), keepRims(quadCandidates(eqBlur, ws, n))...)
		},
	}
	const eqStage = 6 // the stage that scores on the equalised picture
	// The grids of lines converging on vanishing points (a view steeper
	// than the steep view's grids take: vanishingCandidates), last, and
	// only where no stage accepted a grid: a grid found otherwise stands
	// as it was, and so does the search where they give none that is
	// accepted (steepStage). Not in FindGrid's search (Upwords and the
	// other boards FindGrid finds are read from above).
	// the photo's searches that share the steep stage's grids (not
	// where an earlier photo's place or the exact shrink changes the
	// work picture's stages)
	shared := o.photo
	if hint != nil || o.ExactShrink {
		shared = nil
	}
	steep := func() []candidate {
		if best.Score >= minGridContrast {
			return nil
		}
		fine := how != findOutlineEarly
		grids := func() []candidate {
			debugSteepLook()
			cs := steepGrids()
			// and the same seen finer (fineSegs: a steep view's far
			// rows blur together in the work picture), where the
			// picture shows the long straight lines a board does, in
			// the searches a caller reads the photo another way after
			// (FindGridLines, FindGridWhole: the loose route, the turn
			// detector): the outline-first search's caller places a
			// board the lines miss by its border and premium squares
			// (vision/scrabble), and a photo with no board would pay
			// the finer look (80-90 ms of CPU) before the scan gives
			// up
			if fine && longLines >= fineLongLines {
				if fs := fineSegs(src, scale); len(fs) >= 4 {
					cs = append(cs, vanishingCandidates(fs, n, float64(max(ws.X, ws.Y)))...)
				}
			}
			return cs
		}
		// A search of a photo searched before (PhotoSearch) takes
		// the grids the earlier search found: they are the photo's,
		// not the other stages'.
		if shared != nil {
			return shared.steepGrids(n, fine, grids)
		}
		return grids()
	}
	steepStage := -1
	switch how {
	case findLinesOnly:
		stages = append(stages[:5:5], steep)
	case findOutlineEarly:
		// the outline from brightness first (after an earlier photo's place)
		stages = []func() []candidate{stages[0], stages[4], stages[1], stages[2], stages[3], stages[5], stages[6], steep}
	case findWhole:
		stages = append(stages, steep)
	}
	if how != findAll {
		steepStage = len(stages) - 1
	}
	for si, stage := range stages {
		if best.Score >= clearGrid {
			break
		}
		more := stage()
		scoreOn := blur
		if si == eqStage {
			scoreOn = eqBlur
		}
		nTried := len(tried)
		fitted := fitNew(scoreOn, more, &tried, n)
		if si == steepStage {
			// Only a grid accepted counts here: where none is, the
			// search goes on as if it had not looked.
			var taken []fittedCandidate
			for _, f := range fitted {
				if f.ok && f.fit.Score >= minGridContrast {
					taken = append(taken, f)
				}
			}
			if len(taken) == 0 {
				tried = tried[:nTried]
				continue
			}
			fitted = taken
		}
		cands = append(cands, more...)
		// The outlines' profiles on the work picture, for partialGrid.
		if si != eqStage {
			for _, f := range fitted {
				if f.pr != nil {
					profs[f.c.q] = f.pr
				}
			}
		}
		best = bestFitted(best, fitted)
		for _, f := range fitted {
			if f.ok {
				fit := f.fit
				fit.Clipped = f.c.clipped
				runners = append(runners, fit)
			}
		}
		if debugFitted != nil {
			debugFitted(si, fitted)
		}
		if debugf != nil {
			debugf("stage %d: %d candidates, best score so far %.2f", si, len(more), best.Score)
		}
	}
	// A dim picture in which no stage found a grid is searched once more
	// with its brightness raised (dimGain): on a dark table under a weak
	// light the board's walls stand a few grey levels above its floor,
	// under the edge detector's thresholds (in grey levels), and CLAHE's
	// clip limit raises a dark picture's flat parts too little. Only a
	// grid found there is taken: where it finds none, the search goes
	// on as if it had not looked.
	if how == findAll && best.Score < minGridContrast {
		med := medianLuma(matPlane(small))
		if g := dimGain(med); g > 1 {
			if fit := brightenedGrid(small, g, ws, n); fit.Score >= minGridContrast {
				best = fit
			}
			if debugf != nil {
				debugf("dim picture brightened %.1f times: best score so far %.2f", g, best.Score)
			}
		}
		// Still none: the picture with its contrast raised
		// (enhancedGrid). A blurred or dim board under a hand keeps
		// walls of a few grey levels, under the edge detector's
		// thresholds. The same rule: only a grid found there is
		// taken.
		if best.Score < minGridContrast {
			if fit := enhancedGrid(small, med, ws, n); fit.Score >= minGridContrast {
				best = fit
			}
			if debugf != nil {
				debugf("contrast raised: best score so far %.2f", best.Score)
			}
		}
	}
	// The grids inside the board's rim (rimQuads), tried last: a board
	// covered with tiles or blurred, whose outline stays plain. Only when
	// nothing else is accepted as a grid (where the lines show, the grid
	// found from them is the more exact), and only one whose own lines
	// stand out as a grid's. It returns the grid and whether one was
	// accepted. It searches once at most (a cut grid that is no cut
	// board asks again).
	// The rim stage's best grid where none was accepted (weakRim).
	weakRim := boardFit{Score: -1}
	rimGrid := sync.OnceValues(func() (boardFit, bool) {
		rim := boardFit{Score: -1}
		for _, c := range rims {
			if seen(tried, c.q, 0.01*float64(workSide)) {
				continue
			}
			tried = append(tried, c.q)
			fit, ok := fitGridRim(blur, c.q, n)
			if ok {
				fit.Rim = true
				runners = append(runners, fit)
			}
			if ok && fit.Score > rim.Score {
				rim = fit
			}
		}
		if debugf != nil {
			debugf("rim stage: %d candidates, best score %.2f", len(rims), rim.Score)
		}
		if rim.Score >= minGridContrast {
			rim.Rim = true
			return finishBoard(p, img, src, blur, rim, n, scale, hint, onSamples).withLens(n, p.W, p.H), true
		}
		inset := rim
		// None: a wider search about each rim's grid (fitGridRimWide).
		// In a tilted view the outline takes in the board's near side and
		// the grid inset from it lies half a square or more off the lines.
		// Found so, the grid is refined as one found from its lines (no
		// limit on its outermost lines: they, not the inset, placed it).
		for _, c := range rims {
			fit, ok := fitGridRimWide(blur, c.q, n)
			if ok {
				runners = append(runners, fit)
			}
			if ok && fit.Score > rim.Score {
				rim = fit
			}
		}
		if debugf != nil {
			debugf("rim stage, wide: best score %.2f", rim.Score)
		}
		if rim.Score >= minGridContrast {
			return finishBoard(p, img, src, blur, rim, n, scale, hint, onSamples).withLens(n, p.W, p.H), true
		}
		if inset.Score >= rim.Score {
			inset.Rim = true
			rim = inset
		}
		weakRim = rim
		return boardFit{}, false
	})
	// The searches for a board whose reader sets the grid on its print
	// afterwards (FindGridLines, FindGridOutlineFirst, FindGridWhole:
	// vision/scrabble's premium layout moves it up to two squares) take
	// a weak candidate that its refinement sets on the lines (rescored).
	// FindGrid's callers have no such check after it: a grid on the
	// lines but a square off would stand.
	rescore := how != findAll
	if linesOnly && best.Score < minGridContrast {
		// Here only a rescored grid is taken from a weak candidate.
		if best.Score >= minPinnedContrast {
			if fb := rescored(blur, finishBoard(p, img, src, blur, best, n, scale, hint, onSamples), n, scale); fb.Rescored {
				return fb.withLens(n, p.W, p.H), true
			}
		}
		return boardFit{LongLines: longLines}, false
	}
	if best.Score < minGridContrast && how != findWhole {
		if pf, ok := partialGrid(blur, cands, n, profs); ok {
			// A board whose rim shows whole inside the picture, with a
			// grid there, is in view: an outline the picture's edge cuts
			// (a cup or a hand joined to it) does not say otherwise.
			if len(rims) > 0 {
				if rf, ok := rimGrid(); ok {
					return rf, true
				}
			}
			// The cut grid in the full picture's pixels (partialGrid
			// fits it on the work picture), for the grid the part in
			// view fixes (OutOfViewError.Grid).
			pf.H = Homography{1 / scale, 0, 0, 0, 1 / scale, 0, 0, 0, 1}.Mul(pf.H)
			if h, ok := refineCutGrid(src, pf.H, pf.Cols, pf.Rows); ok {
				pf.H = h
			}
			// The cut must lie at the picture's edge: a grid whose
			// squares cut off would lie in view (a cup over the board's
			// corner, joined to the outline, reaches the edge; the grid
			// ends inside the picture) is no board cut by the picture.
			if cutAtEdge(pf.H, pf.Cols, pf.Rows, n, pf.Clipped, image.Pt(p.W, p.H)) {
				return pf, false
			}
			if debugf != nil {
				debugf("cut grid %dx%d: the squares cut off at %v would be in view: no cut board", pf.Cols, pf.Rows, pf.Clipped)
			}
		}
	}
	// The weak best grid finished, for the hidden look (hiddenLook).
	finished := boardFit{Score: -1}
	if best.Score >= 0 {
		best = finishBoard(p, img, src, blur, best, n, scale, hint, onSamples)
		finished = best
		if rescore {
			best = rescored(blur, best, n, scale)
		}
		if best.Score >= minGridContrast {
			// A grid a whole square off crosses the board's rim. Where
			// the grid was accepted before the outline stages gathered
			// any rims, the centre marks did not place it and the
			// board's edge shows inside it, the rims are gathered now
			// (the outlines of the work picture: about ten milliseconds,
			// on the few scenes that need them).
			if !rimsGathered && !best.Pinned && best.Overhangs && hint == nil {
				keepRims(quadCandidates(blur, ws, n))
			}
			if d, ok := rimShift(best.H, rims, n, scale); ok {
				if debugf != nil {
					debugf("rim: shifting the grid by %v", d)
				}
				best.H = best.H.Mul(Homography{1, 0, d.X, 0, 1, d.Y, 0, 0, 1})
				if h, ok := refineGrid(src, best.H, n, 0.25, 3, 1); ok {
					best.H = h
				}
				if h, resid, smp, ok := refineGridSamples(src, best.H, n, 0.2, 3, 1); ok {
					best.H, best.Resid, best.samples = h, resid, smp
				}
			}
			return best.withLens(n, p.W, p.H), true
		}
		if len(rims) == 0 {
			if how == findAll {
				rf, ok, done := runnersUp(p, img, src, blur, runners, n, scale, hint)
				if ok {
					return rf, true
				}
				done = append(append(done, best), hiddenBoard(p, img, src, small, blur, n, scale)...)
				if hf, ok := hiddenLook(p, blur, done, n, scale); ok {
					return hf, true
				}
			}
			return best, true
		}
	}
	// Last, the grids inside the board's rim.
	if rf, ok := rimGrid(); ok {
		return rf, true
	}
	// Then the runners-up, and last the board's straight edges with a
	// part under a hand left out (FindGrid's full search only).
	if how == findAll {
		rf, ok, done := runnersUp(p, img, src, blur, runners, n, scale, hint)
		if ok {
			return rf, true
		}
		if finished.Score >= 0 {
			done = append(done, finished)
		}
		done = append(done, hiddenBoard(p, img, src, small, blur, n, scale)...)
		if hf, ok := hiddenLook(p, blur, done, n, scale); ok {
			return hf, true
		}
	}
	// Where no stage saw a grid even faintly (a crowded board under a
	// hand: the tiles and the hand hide its lines and cut its outline),
	// the grid inside the board's rim whose lines show faintly is the
	// best there is: returned as the weak grid (vision.WeakGridError)
	// for a reader that sets it on its print and judges it there (the
	// searches that rescore; FindGrid's callers have no such check).
	if rescore && best.Score < minPinnedContrast && weakRim.Score >= minPinnedContrast {
		if debugf != nil {
			debugf("the rim's weak grid (%.2f) taken", weakRim.Score)
		}
		return finishBoard(p, img, src, blur, weakRim, n, scale, hint, onSamples).withLens(n, p.W, p.H), true
	}
	if best.Score < 0 {
		return boardFit{}, false
	}
	return best, true
}

// runnersUpLook is how many of the grids the stages fitted, best first,
// the second look finishes (runnersUp); runnersUpNear, in squares, how
// near another finished grid's corners one must lie to count as its
// support; runnersUpSupport how many must.
const (
	runnersUpLook    = 12
	runnersUpNear    = 0.1
	runnersUpSupport = 2
)

// runnersUp is the second look where no grid was accepted: the grids
// the stages and the rims fitted (fits, in work pixels), best first down
// to minCentredContrast and runnersUpLook of them at most, are finished
// one by one as the best is (finishBoard: refined on the full picture,
// moved by the border's lines and the marks). A finished grid is taken
// where something besides its lines vouches for it (the board's edges
// centre it, or the centre marks pin it: finishBoard) and at least
// runnersUpSupport others, from other outlines, finished within
// runnersUpNear of a square of it. A blurred, shaken or dim board under
// a hand shows its walls too faintly for any candidate's first score,
// the best of which may lie a square or more off; the right grid is
// often among the next ones, and several outlines (the rim's, the
// lines', the equalised picture's) refined on the full picture come to
// the same place. A lone grid, however vouched for, is not taken: a
// board's edge can centre a grid a third of a square off, but several
// fitted apart seldom finish there together; nor are grids that agree
// but that nothing vouches for (a dim wooden board under a hand: four
// finished a quarter to a third of a square off, together). The grid
// taken is marked Runner and has no lens: the samples of lines so faint
// can show a strong lens that is not there (a shaken board under a
// hand: K -0.19 fitted, the camera's -0.04, the corners moved a quarter
// of a square).
func runnersUp(p Plane, img image.Image, src, blur gocv.Mat, fits []boardFit, n int, scale float64, hint *Quad) (boardFit, bool, []boardFit) {
	order := make([]boardFit, 0, len(fits))
	for _, f := range fits {
		if f.Score >= minCentredContrast && f.Score < minGridContrast {
			order = append(order, f)
		}
	}
	sort.SliceStable(order, func(i, j int) bool { return order[i].Score > order[j].Score })
	if len(order) > runnersUpLook {
		order = order[:runnersUpLook]
	}
	var done []boardFit
	for _, f := range order {
		done = append(done, finishBoard(p, img, src, blur, f, n, scale, hint, true))
		for i, d := range done {
			if d.Score < minGridContrast && !d.Pinned {
				continue
			}
			support := 0
			for j, o := range done {
				if j != i && nearQuad(d.H, fullQuad(o.H, n), n, runnersUpNear) {
					support++
				}
			}
			if support >= runnersUpSupport {
				if debugf != nil {
					debugf("runner-up %d of %d taken: %d finished near it", i, len(done), support)
				}
				d.Runner = true
				d.Score = max(d.Score, minGridContrast)
				return d, true, nil
			}
		}
	}
	if debugf != nil {
		debugf("runners-up: %d finished, none taken", len(done))
	}
	if debugRunners != nil {
		debugRunners(order, done)
	}
	return boardFit{}, false, done
}

// brightenedGrid is the best grid the line and outline stages find on the
// work picture small brightened g times (its candidates fitted and scored
// there), with the picture sides its outline touched; its Score is -1 when
// there is none. The grids inside a board's rim are left out (the rim
// stage looks for them on the picture as it is).
func brightenedGrid(small gocv.Mat, g float64, ws image.Point, n int) boardFit {
	br := gocv.NewMat()
	defer br.Close()
	gocv.ConvertScaleAbs(small, &br, g, 0)
	return gridOn(br, ws, n)
}

// gridOn is the best grid the line and outline stages find on the work
// picture pic (blurred as the search blurs it), its candidates fitted
// and scored there, with the picture sides its outline touched; its
// Score is -1 when there is none. The grids inside a board's rim are
// left out.
func gridOn(pic gocv.Mat, ws image.Point, n int) boardFit {
	b := gocv.NewMat()
	defer b.Close()
	gocv.GaussianBlur(pic, &b, image.Pt(5, 5), 0, 0, gocv.BorderDefault)
	lc, wide, _, _ := lineCandidates(b, n)
	var cands []candidate
	for _, c := range append(append(lc, wide()...), quadCandidates(b, ws, n)...) {
		if !c.rim {
			cands = append(cands, c)
		}
	}
	var tried []Quad
	return bestFitted(boardFit{Score: -1}, fitNew(b, cands, &tried, n))
}

// enhancedGrid is the best grid gridOn finds on the work picture small
// (median grey med) with its contrast about the median doubled: the
// edge detector's thresholds halved, in effect, where a blurred or dim
// board under a hand shows its walls too faintly for the search as it
// is. Its Score is -1 when it finds none.
func enhancedGrid(small gocv.Mat, med int, ws image.Point, n int) boardFit {
	pic := gocv.NewMat()
	defer pic.Close()
	small.ConvertToWithParams(&pic, gocv.MatTypeCV8UC1, 2, -float32(med))
	return gridOn(pic, ws, n)
}

// fittedCandidate is a candidate with its grid fitted on a picture: the
// outline's profiles there (nil where it has none) and the fit (ok false
// where none fits).
type fittedCandidate struct {
	c   candidate
	pr  *profiles
	fit boardFit
	ok  bool
}

// fitNew fits the grids of the candidates whose outline is not already
// in tried (nor within a hundredth of the work side of one) on the
// picture scoreOn, side by side (each fit stands alone), and adds their
// outlines to tried. The fits are in the candidates' order.
func fitNew(scoreOn gocv.Mat, cands []candidate, tried *[]Quad, n int) []fittedCandidate {
	var todo []fittedCandidate
	for _, c := range cands {
		if seen(*tried, c.q, 0.01*float64(workSide)) {
			continue
		}
		*tried = append(*tried, c.q)
		todo = append(todo, fittedCandidate{c: c})
	}
	parallel.For(len(todo), func(i int) {
		pr, ok := outlineProfiles(scoreOn, todo[i].c.q)
		if !ok {
			return
		}
		todo[i].pr = &pr
		todo[i].fit, todo[i].ok = pr.fitTight(n, todo[i].c.grid)
	})
	return todo
}

// bestFitted is the best of best and the fits, weighed in their order (the
// first of equal scores stands), with the picture sides its outline
// touched.
func bestFitted(best boardFit, fitted []fittedCandidate) boardFit {
	for _, f := range fitted {
		if f.ok && f.fit.Score > best.Score {
			best = f.fit
			best.Clipped = f.c.clipped
		}
	}
	return best
}

// finishBoard takes the best candidate grid (in work pixels) to the full
// picture and refines it there, moves it by whole squares where the
// border's lines or the centre marks say so, and accepts a grid of weak
// line evidence that the marks, the board's edges or an earlier photo
// vouch for (its Score raised to minGridContrast).
func finishBoard(p Plane, img image.Image, src, blur gocv.Mat, best boardFit, n int, scale float64, hint *Quad, onSamples bool) boardFit {
	if debugf != nil {
		debugf("fitGrid best: score %.2f", best.Score)
	}
	// Back to full resolution.
	s := Homography{1 / scale, 0, 0, 0, 1 / scale, 0, 0, 0, 1}
	best.H = s.Mul(best.H)
	// Refine on the full-resolution picture.
	outer := 1.0 // how far out the outermost lines are searched: no limit
	if best.Rim {
		outer = rimOuterWindow
	}
	refined := false
	for it, win := range []float64{0.4, 0.35, 0.3, 0.25, 0.2, 0.2} {
		lim := []float64{10, 8, 6, 4, 3, 3}[it]
		h, ok := refineGrid(src, best.H, n, win, lim, outer)
		if !ok {
			break
		}
		refined = true
		moved := 0.0
		for _, c := range []Point{{0, 0}, {float64(n), 0}, {float64(n), float64(n)}, {0, float64(n)}} {
			a, b := h.Apply(c), best.H.Apply(c)
			moved = math.Max(moved, math.Hypot(a.X-b.X, a.Y-b.Y))
		}
		best.H = h
		if moved < 0.3 && it >= 3 {
			break
		}
		if debugf != nil {
			debugf("refine %d: %v %v", it, best.H.Apply(Point{0, 0}), best.H.Apply(Point{float64(n), float64(n)}))
		}
	}
	// None of its lines measured in bands enough (a crowded board, its
	// bands beside the tiles skipped): the coarse search's grid would
	// stand, a third of a square or more off at a corner. With onSamples
	// the lines' samples place it (refineOnSamples), a line seen in a
	// band or two counting for what it shows.
	if !refined && onSamples {
		if h, ok := refineOnSamples(src, best.H, n, outer, 0); ok {
			best.H = h
		}
	}
	if h := fixOffByOne(src, best.H, n); h != best.H {
		best.H = h
		if h, ok := refineGrid(src, best.H, n, 0.25, 3, outer); ok {
			best.H = h
		}
	}
	h, pinned := fixByMarks(img, best.H, n)
	best.Pinned = pinned
	if h != best.H {
		best.H = h
		if h, ok := refineGrid(src, best.H, n, 0.25, 3, outer); ok {
			best.H = h
		}
	}
	if h, resid, smp, ok := refineGridSamples(src, best.H, n, 0.2, 3, outer); ok {
		best.H, best.Resid, best.samples = h, resid, smp
	}
	// The board's outer edge, as far out on each side (its border), moves
	// a grid that sits a whole square off where the marks did not pin it:
	// in blurred steep views the border's edge or the line printed in it
	// passes for the grid's outermost line, and the tiles hide the marks.
	if !pinned {
		xlo, xhi, xs := boardMargins(p, best.H, n, true, 0.8)
		ylo, yhi, ys := boardMargins(p, best.H, n, false, 0.8)
		dx, dy := edgeShift(xlo, xhi, xs), edgeShift(ylo, yhi, ys)
		best.Overhangs = overhangs(xlo, xhi, xs) || overhangs(ylo, yhi, ys)
		if debugf != nil {
			debugf("board edges: margins x %.2f %.2f (%.2f) y %.2f %.2f (%.2f), shift %d, %d, overhangs %v", xlo, xhi, xs, ylo, yhi, ys, dx, dy, best.Overhangs)
		}
		if dx != 0 || dy != 0 {
			best.H = best.H.Mul(Homography{1, 0, float64(dx), 0, 1, float64(dy), 0, 0, 1})
			if h, ok := refineGrid(src, best.H, n, 0.25, 3, outer); ok {
				best.H = h
			}
			if h, resid, smp, ok := refineGridSamples(src, best.H, n, 0.2, 3, outer); ok {
				best.H, best.Resid, best.samples = h, resid, smp
			}
		}
	}
	// A grid with weak line evidence whose board edge shows all round, as
	// far out on each side, is centred on the board: accepted.
	if best.Score >= minCentredContrast && best.Score < minGridContrast && edgesCentred(p, best.H, n) {
		if debugf != nil {
			debugf("weak grid centred on the board's edges: accepted")
		}
		best.Score = minGridContrast
	}
	// A grid where an earlier photo had it.
	if hint != nil && best.Score >= minPinnedContrast && best.Score < minGridContrast && nearQuad(best.H, *hint, n, 0.25) {
		if debugf != nil {
			debugf("weak grid where the earlier photo had it: accepted")
		}
		best.Score = minGridContrast
	}
	// A grid the centre marks pin, whose lines stand out once refined
	// (scored again on the refined grid's own outline), is the board even
	// when the first candidate's evidence was weak: steep views with tall
	// stacks hiding the lines, where a candidate only near the board sees
	// them blurred by its misfit.
	if pinned && best.Score >= minPinnedContrast && best.Score < minGridContrast {
		fit, ok := refinedFit(blur, best, n, scale)
		if debugf != nil {
			debugf("pinned by the marks, rescored: %.2f", fit.Score)
		}
		if ok && fit.Score >= minGridContrast {
			best.Score = minGridContrast
		}
	}
	return best
}

// rescored judges a refined grid whose first candidate's evidence was
// weak (minPinnedContrast to minGridContrast) on its own lines: a
// candidate can lie half a square off the lines (a run of lines whose
// outer ones were the border's print, not the grid's: a close-up of a
// board cut at a side, 0.21) and the refinement set it on them. Its
// outline is scored again (fitGridTight on the work picture), and the
// grid accepted (Score raised to minGridContrast, Rescored set) where
// every line stands out clearly (refinedContrast) with the grid found
// at the same place (within a third of a square).
func rescored(blur gocv.Mat, best boardFit, n int, scale float64) boardFit {
	if best.Pinned || best.Score < minPinnedContrast || best.Score >= minGridContrast {
		return best
	}
	fit, ok := refinedFit(blur, best, n, scale)
	if debugf != nil {
		debugf("refined grid rescored: %.2f (%v)", fit.Score, ok)
	}
	if ok && fit.Score >= refinedContrast && nearQuad(fit.H, fullQuad(best.H, n), n, 0.35) {
		best.Score = minGridContrast
		best.Rescored = true
	}
	return best
}

// refinedFit scores the refined grid best again on its own outline
// (fitGridTight on the work picture, scale of the full picture), its
// homography given back in full-resolution pixels: the second look that
// accepts a weak first candidate, pinned by the centre marks
// (finishBoard) or set on the lines (rescored).
func refinedFit(blur gocv.Mat, best boardFit, n int, scale float64) (boardFit, bool) {
	fit, ok := fitGridTight(blur, workQuad(best.H, n, scale), n, true)
	fit.H = Homography{1 / scale, 0, 0, 0, 1 / scale, 0, 0, 0, 1}.Mul(fit.H)
	return fit, ok
}

// refinedContrast is the least grid evidence, rescored on the refined
// grid's own outline, that accepts a grid whose first candidate's was
// weak (rescored): the grid a cut board's partial outline asks
// (partialGrid's 1.6 * minGridContrast).
const refinedContrast = 1.6 * minGridContrast

// fullQuad is the grid h's outer corners.
func fullQuad(h Homography, n int) Quad {
	nf := float64(n)
	return Quad{h.Apply(Point{0, 0}), h.Apply(Point{nf, 0}), h.Apply(Point{nf, nf}), h.Apply(Point{0, nf})}
}

// workQuad is the grid h's outer corners (full-resolution pixels) in the
// work picture's pixels (scaled by scale).
func workQuad(h Homography, n int, scale float64) Quad {
	q := fullQuad(h, n)
	for i := range q {
		q[i] = Point{q[i].X * scale, q[i].Y * scale}
	}
	return q
}

// matPlane copies an 8-bit single-channel Mat into a plane.
func matPlane(m gocv.Mat) Plane {
	b := m.ToBytes()
	return Plane{W: m.Cols(), H: m.Rows(), Pix: b}
}

// quadCandidates segments the work picture several ways and returns the
// large, roughly convex four-sided outlines.
func quadCandidates(blur gocv.Mat, ws image.Point, n int) []candidate {
	area := float64(ws.X * ws.Y)
	// quadsOf is the candidates of one mask's outlines.
	quadsOf := func(mask gocv.Mat) (out []candidate) {
		cs := gocv.FindContours(mask, gocv.RetrievalExternal, gocv.ChainApproxSimple)
		defer cs.Close()
		for i := 0; i < cs.Size(); i++ {
			pts := cs.At(i).ToPoints()
			if len(pts) < 4 {
				continue
			}
			hull := convexHull(pts)
			if polyArea(hull) < 0.04*area {
				continue
			}
			clipped := touches(hull, ws)
			if len(clipped) >= 3 {
				continue // the table around the board, not the board
			}
			for _, q := range hullQuads(hull) {
				out = append(out, candidate{q: q, clipped: clipped})
			}
			// The straight runs of the outline itself: the board's rim
			// where something overlaps it, and the grid inside it (a
			// rim wholly in view: not one for partialGrid).
			for _, q := range rimQuads(pts, ws, 3) {
				if g, ok := insetGrid(q, n, ws); ok {
					out = append(out, candidate{q: g, grid: true, rim: true})
				}
			}
		}
		return out
	}
	k5 := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(5, 5))
	defer k5.Close()
	// Three masks, each made and outlined on its own (blur and k5 only
	// read, every mask its own), side by side; their candidates taken
	// in the masks' order.
	each := make([][]candidate, 3)
	parallel.For(len(each), func(i int) {
		mask := gocv.NewMat()
		defer mask.Close()
		if i < 2 {
			// Threshold both ways (dark board on a light table and the
			// reverse).
			typ := gocv.ThresholdBinary | gocv.ThresholdOtsu
			if i == 1 {
				typ = gocv.ThresholdBinaryInv | gocv.ThresholdOtsu
			}
			gocv.Threshold(blur, &mask, 0, 255, typ)
			gocv.MorphologyEx(mask, &mask, gocv.MorphClose, k5)
			gocv.MorphologyEx(mask, &mask, gocv.MorphOpen, k5)
		} else {
			// Edges, closed into regions.
			gocv.Canny(blur, &mask, 30, 90)
			gocv.Dilate(mask, &mask, k5)
		}
		each[i] = quadsOf(mask)
	})
	var out []candidate
	for _, cs := range each {
		out = append(out, cs...)
	}
	return out
}

// touches names the image sides the outline comes within 2 pixels of.
func touches(pts []image.Point, ws image.Point) []string {
	var l, t, r, b bool
	for _, p := range pts {
		l = l || p.X <= 2
		t = t || p.Y <= 2
		r = r || p.X >= ws.X-3
		b = b || p.Y >= ws.Y-3
	}
	var out []string
	for _, s := range []struct {
		on   bool
		name string
	}{{l, "left"}, {t, "top"}, {r, "right"}, {b, "bottom"}} {
		if s.on {
			out = append(out, s.name)
		}
	}
	return out
}

// convexHull is Andrew's monotone chain; counter-clockwise in y-down pixels
// means clockwise on screen.
func convexHull(pts []image.Point) []image.Point {
	ps := append([]image.Point(nil), pts...)
	sort.Slice(ps, func(i, j int) bool {
		if ps[i].X != ps[j].X {
			return ps[i].X < ps[j].X
		}
		return ps[i].Y < ps[j].Y
	})
	cross := func(o, a, b image.Point) int {
		return (a.X-o.X)*(b.Y-o.Y) - (a.Y-o.Y)*(b.X-o.X)
	}
	var h []image.Point
	for _, p := range ps {
		for len(h) >= 2 && cross(h[len(h)-2], h[len(h)-1], p) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	lo := len(h) + 1
	for i := len(ps) - 2; i >= 0; i-- {
		p := ps[i]
		for len(h) >= lo && cross(h[len(h)-2], h[len(h)-1], p) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	return h[:len(h)-1]
}

func polyArea(pts []image.Point) float64 {
	var a float64
	for i := range pts {
		j := (i + 1) % len(pts)
		a += float64(pts[i].X*pts[j].Y - pts[j].X*pts[i].Y)
	}
	return math.Abs(a) / 2
}

// hullQuads returns quadrilaterals fitted to a convex hull: the
// Douglas-Peucker simplification that leaves four corners, and the
// largest-area quadrilateral on the simplified hull's vertices.
func hullQuads(hull []image.Point) []Quad {
	pv := gocv.NewPointVectorFromPoints(hull)
	defer pv.Close()
	peri := gocv.ArcLength(pv, true)
	var out []Quad
	var simple []image.Point
	for _, eps := range []float64{0.01, 0.02, 0.04, 0.06, 0.08} {
		ap := gocv.ApproxPolyDP(pv, eps*peri, true)
		pts := ap.ToPoints()
		ap.Close()
		if eps == 0.01 {
			simple = pts
		}
		if len(pts) == 4 {
			out = append(out, orderQuad(pts))
			break
		}
		if len(pts) < 4 {
			break
		}
	}
	if len(simple) > 4 && len(simple) <= 24 {
		out = append(out, orderQuad(maxAreaQuad(simple)))
	}
	if q, ok := longestSidesQuad(simple); ok {
		out = append(out, q)
	}
	return out
}

// longestSidesQuad intersects the lines of the simplified hull's four
// longest sides: when something overlaps the board's edge, the hull grows
// a bump there but keeps most of the board's four sides.
func longestSidesQuad(h []image.Point) (Quad, bool) {
	if len(h) < 5 {
		return Quad{}, false
	}
	type side struct {
		i   int
		len float64
	}
	var s []side
	for i := range h {
		j := (i + 1) % len(h)
		s = append(s, side{i, math.Hypot(float64(h[j].X-h[i].X), float64(h[j].Y-h[i].Y))})
	}
	sort.Slice(s, func(a, b int) bool { return s[a].len > s[b].len })
	idx := []int{s[0].i, s[1].i, s[2].i, s[3].i}
	sort.Ints(idx) // hull order
	var ls []fline
	for _, i := range idx {
		j := (i + 1) % len(h)
		a := Point{float64(h[i].X) + 0.5, float64(h[i].Y) + 0.5}
		b := Point{float64(h[j].X) + 0.5, float64(h[j].Y) + 0.5}
		ls = append(ls, fitLine([]Point{a, b}, 0))
	}
	var pts []Point
	for k := 0; k < 4; k++ {
		p, ok := intersect(ls[k], ls[(k+1)%4])
		if !ok {
			return Quad{}, false
		}
		pts = append(pts, p)
	}
	return orderPoints(pts)
}

// maxAreaQuad picks the four vertices spanning the largest area.
func maxAreaQuad(p []image.Point) []image.Point {
	n := len(p)
	best := -1.0
	var q []image.Point
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			for c := b + 1; c < n; c++ {
				for d := c + 1; d < n; d++ {
					s := []image.Point{p[a], p[b], p[c], p[d]}
					if ar := polyArea(s); ar > best {
						best, q = ar, s
					}
				}
			}
		}
	}
	return q
}

// orderQuad orders four corners clockwise on screen starting with the one
// whose following side points most to the right: the board as the camera
// sees it, row 0 at the top of the picture.
func orderQuad(pts []image.Point) Quad {
	var q Quad
	for i, p := range pts[:4] {
		q[i] = Point{float64(p.X) + 0.5, float64(p.Y) + 0.5}
	}
	c := q.Centre()
	sort.Slice(q[:], func(i, j int) bool {
		return math.Atan2(q[i].Y-c.Y, q[i].X-c.X) < math.Atan2(q[j].Y-c.Y, q[j].X-c.X)
	})
	return UprightQuad(q)
}

// UprightQuad rotates the corner order of a clockwise quad so that side
// 0->1 (the top of the board) points most nearly rightwards.
func UprightQuad(q Quad) Quad {
	best, bk := -2.0, 0
	for k := 0; k < 4; k++ {
		a, b := q[k], q[(k+1)%4]
		dx, dy := b.X-a.X, b.Y-a.Y
		if c := dx / math.Max(1e-9, math.Hypot(dx, dy)); c > best {
			best, bk = c, k
		}
	}
	var r Quad
	for i := range r {
		r[i] = q[(i+bk)%4]
	}
	return r
}

// noLens, set by diagnostics, leaves the lens out (withLens).
var noLens bool

// debugf, when set (by tests), traces the board finder.
var debugf func(format string, a ...any)

// debugFitted, when set (by tests), is told each stage's fitted candidates.
var debugFitted func(stage int, fitted []fittedCandidate)

// debugRunners, when set (by tests), is told the runners-up finished
// (runnersUp) when it gives up, with each one's first fit.
var debugRunners func(first, done []boardFit)

// seen reports whether a quad with all corners within tol of q was tried.
func seen(tried []Quad, q Quad, tol float64) bool {
	for _, t := range tried {
		same := true
		for i := range t {
			if math.Hypot(t[i].X-q[i].X, t[i].Y-q[i].Y) > tol {
				same = false
				break
			}
		}
		if same {
			return true
		}
	}
	return false
}

// partialGrid looks, in the outlines cut by the picture's edge, for a grid
// with fewer squares than the board's: the board is partly out of view.
// profs holds the profiles of outlines already taken on blur (the
// search's stages took them), by outline.
func partialGrid(blur gocv.Mat, cands []candidate, n int, profs map[Quad]*profiles) (boardFit, bool) {
	type try struct {
		fit    boardFit
		nx, ny int
		sides  []string
	}
	var tries []try
	top := 1.6 * minGridContrast
	// Each outline's profiles are taken once and its lines fitted once
	// for each count of squares across and each down (the grid of every
	// pair is the two axes' lines). A grid scores as its weaker axis, so
	// where no count on one axis passes the bar, no pair can.
	const pmin, pmax, shift = outlineMin, outlineMax, outlineShift
	counts := func(cut bool) []int {
		if !cut {
			return []int{n}
		}
		var c []int
		for k := 4; k < n; k++ {
			c = append(c, k)
		}
		return c
	}
	var cut []candidate
	for _, c := range cands {
		if len(c.clipped) > 0 {
			cut = append(cut, c)
		}
	}
	// The outlines are fitted side by side (each stands alone), their
	// grids taken in the outlines' order.
	each := make([][]try, len(cut))
	parallel.For(len(cut), func(ci int) {
		c := cut[ci]
		cutX := slices.Contains(c.clipped, "left") || slices.Contains(c.clipped, "right")
		cutY := slices.Contains(c.clipped, "top") || slices.Contains(c.clipped, "bottom")
		pr, ok := profs[c.q], true
		if pr == nil {
			var p profiles
			p, ok = outlineProfiles(blur, c.q)
			pr = &p
		}
		if !ok {
			return
		}
		nxs, nys := counts(cutX), counts(cutY) // the cut sides are the short ones
		// fitted is the axis' lines for each count, and whether one of
		// them passes the bar.
		fitted := func(vertical bool, ns []int) ([]lineFit, bool) {
			fs := make([]lineFit, len(ns))
			pass := false
			for i, k := range ns {
				fs[i] = pr.lines(vertical, k, pmin, pmax, shift)
				pass = pass || (fs[i].p > 0 && fs[i].score > 1.6*minGridContrast)
			}
			return fs, pass
		}
		// The axis of fewer counts first: where none of its passes, the
		// other is not fitted.
		var xs, ys []lineFit
		var pass bool
		if len(nys) < len(nxs) {
			if ys, pass = fitted(false, nys); pass {
				xs, pass = fitted(true, nxs)
			}
		} else if xs, pass = fitted(true, nxs); pass {
			ys, pass = fitted(false, nys)
		}
		if !pass {
			return
		}
		for i, nx := range nxs {
			for j, ny := range nys {
				if fit, ok := pr.fit(nx, xs[i], ys[j]); ok && fit.Score > 1.6*minGridContrast {
					each[ci] = append(each[ci], try{fit, nx, ny, c.clipped})
				}
			}
		}
	})
	for _, ts := range each {
		for _, t := range ts {
			tries = append(tries, t)
			top = math.Max(top, t.fit.Score)
		}
	}
	// A grid of every other line scores nearly as well as the whole one:
	// of the fits close to the best, take the one with the most squares.
	// A grid of every third line, on the premium squares' strong edges,
	// can score far better than the whole one: the fits that draw every
	// line of the best one (finerOn) are taken with them.
	lead := -1
	for i, t := range tries {
		if lead < 0 || t.fit.Score > tries[lead].fit.Score {
			lead = i
		}
	}
	var best boardFit
	found := false
	for _, t := range tries {
		near := t.fit.Score >= 0.85*top
		if !near {
			l := tries[lead]
			near = finerOn(l.fit, t.fit, l.nx, l.ny, t.nx, t.ny)
		}
		if near && (!found || t.nx+t.ny > best.Cols+best.Rows) {
			best, found = t.fit, true
			best.Partial, best.Cols, best.Rows, best.Clipped = true, t.nx, t.ny, t.sides
		}
	}
	return best, found
}

// cutAtEdge tells whether a cut grid (nx x ny squares of an n x n board,
// h in the pixels of a picture of size ws) is cut by the picture on the
// sides its outline is cut at: on each cut axis, the squares the cut
// leaves off (as partialWhole places them, and half a square more)
// reach out of the picture somewhere beyond one of its cut sides. An
// outline joined to a cup or a hand that reaches the picture's edge is
// cut there too, but a grid fitted in it whose squares cut off would all
// lie in view is no board cut by the picture.
func cutAtEdge(h Homography, nx, ny, n int, clipped []string, ws image.Point) bool {
	out := func(p Point) bool {
		return p.X < 0 || p.Y < 0 || p.X > float64(ws.X) || p.Y > float64(ws.Y)
	}
	// beyond reports whether the grid's line x = at (y = at when not
	// vertical), from 0 to along, leaves the picture somewhere.
	beyond := func(vertical bool, at float64, along int) bool {
		for t := 0.0; t <= float64(along); t += 0.25 {
			p := Point{t, at}
			if vertical {
				p = Point{at, t}
			}
			if out(h.Apply(p)) {
				return true
			}
		}
		return false
	}
	cut := map[string]bool{}
	for _, s := range clipped {
		cut[s] = true
	}
	// axis: the cut grid's seen squares along it, whether its low and
	// high sides are cut
	axis := func(vertical bool, seen, along int, lo, hi bool) bool {
		if !lo && !hi {
			return true
		}
		offLo, offHi := n-seen, n-seen
		if lo && hi {
			offLo = (n - seen) / 2
			offHi = n - seen - offLo
		}
		return (lo && beyond(vertical, -float64(offLo)-0.5, along)) ||
			(hi && beyond(vertical, float64(seen+offHi)+0.5, along))
	}
	return axis(true, nx, ny, cut["left"], cut["right"]) && axis(false, ny, nx, cut["top"], cut["bottom"])
}

// boardMargins looks, on both sides of the grid h along one axis (x when
// vertical), for the board's outer edge: the strongest step in the
// median grey of the lines parallel to the grid's, between 2.4 squares out
// and `in` squares in from the grid's outermost line (negative: out). It
// returns how far out of the grid (in squares) the edge lies on the low
// side and the high side, and the edges' strength over the typical step
// inside the grid.
func boardMargins(p Plane, h Homography, n int, vertical bool, in float64) (lo, hi, strength float64) {
	const step = 1.0 / 16
	const from, to = -2.5, 2.5
	cnt := int(math.Round((float64(n) + to - from) / step))
	prof := make([]float64, cnt)
	// the profile's points stand alone: its two halves side by side
	parallel.For(2, func(half int) {
		vals := make([]float64, 0, 10*n)
		for i := half * cnt / 2; i < (half+1)*cnt/2; i++ {
			u := from + float64(i)*step
			vals = vals[:0]
			for t := 1.0; t <= float64(n)-1; t += 0.1 {
				pt := Point{t, u}
				if vertical {
					pt = Point{u, t}
				}
				q := h.Apply(pt)
				if v := p.At(q.X, q.Y); v >= 0 {
					vals = append(vals, v)
				}
			}
			if len(vals) < 4*n {
				prof[i] = math.NaN()
				continue
			}
			prof[i] = KthSmallest(vals, len(vals)/2)
		}
	})
	const d = 2 // steps either side
	grad := func(i int) float64 {
		if i-d < 0 || i+d >= cnt || math.IsNaN(prof[i-d]) || math.IsNaN(prof[i+d]) {
			return 0
		}
		return math.Abs(prof[i+d] - prof[i-d])
	}
	at := func(u float64) int { return int(math.Round((u - from) / step)) }
	peak := func(a, b float64) (float64, float64) {
		bu, bv := math.NaN(), 0.0
		for i := at(a); i <= at(b); i++ {
			if g := grad(i); g > bv {
				bu, bv = from+float64(i)*step, g
			}
		}
		return bu, bv
	}
	var inner []float64
	for i := at(1); i <= at(float64(n)-1); i++ {
		inner = append(inner, grad(i))
	}
	sort.Float64s(inner)
	typ := math.Max(1, inner[len(inner)*3/4])
	lu, lv := peak(-2.4, in)
	hu, hv := peak(float64(n)-in, float64(n)+2.4)
	return -lu, hu - float64(n), math.Min(lv, hv) / typ
}

// edgeShift tells, from where the board's outer edge lies on both sides
// of the grid h along one axis (boardMargins), whether the grid sits a
// whole square off: a board's border is as wide on one side as on the
// other, so when the edge shows about one square and a border's width out
// on one side and about a border's width less one square (that is, inside
// or on the outermost line) on the other, the grid belongs a square
// towards the wide side. It returns -1, 0 or +1 squares.
func edgeShift(lo, hi, strength float64) int {
	if strength < 1.5 {
		return 0
	}
	wide := func(m float64) bool { return m > 1.3 && m < 2.1 }
	narrow := func(m float64) bool { return m > -0.6 && m < 0.15 }
	switch {
	case wide(lo) && narrow(hi):
		return -1
	case wide(hi) && narrow(lo):
		return 1
	}
	return 0
}

// overhangs reports that the board's outer edge, found plainly on both
// sides of the grid along one axis (boardMargins; strength 1.5, as
// edgeShift asks), lies inside the grid's outermost line on one side (by
// more than a tenth of a square): the grid runs past the board there,
// which a grid on the board cannot (its border lies two thirds of a
// square out; a tilted view only pushes the near edge further out). The
// edge found may be a row of tiles rather than the board's, so this only
// asks for a closer look (rimShift), it moves nothing.
func overhangs(lo, hi, strength float64) bool {
	return strength >= 1.5 && (lo < -0.1 || hi < -0.1)
}

// edgesCentred reports that the board's outer edge shows on both sides of
// the grid, along both axes, as far out on one side as on the other (a
// border's width, 0.3 to 1.3 squares): the grid is centred on the board.
// The edge is looked for from 0.2 squares out, past the outermost wall
// and the tiles beside it. In a tilted view the board's own side shows
// below its edge on the side nearer the camera (where the squares look
// larger), so the edge seen there may lie up to half a square further out.
func edgesCentred(p Plane, h Homography, n int) bool {
	side := func(a, b Point) float64 {
		pa, pb := h.Apply(a), h.Apply(b)
		return math.Hypot(pa.X-pb.X, pa.Y-pb.Y)
	}
	mid, fn := float64(n)/2, float64(n)
	for _, vertical := range []bool{true, false} {
		lo, hi, s := boardMargins(p, h, n, vertical, -0.2)
		if math.IsNaN(lo) || math.IsNaN(hi) || s < 1 || lo < 0.3 || hi < 0.3 || lo > 1.3 || hi > 1.3 {
			return false
		}
		// square sizes at the low and the high end of this axis
		var near float64
		if vertical {
			near = side(Point{fn - 1, mid}, Point{fn, mid}) / side(Point{0, mid}, Point{1, mid})
		} else {
			near = side(Point{mid, fn - 1}, Point{mid, fn}) / side(Point{mid, 0}, Point{mid, 1})
		}
		d := hi - lo // positive: the edge further out on the high side
		switch {
		case near > 1.1 && (d < -0.3 || d > 0.55):
			return false
		case near < 1/1.1 && (d > 0.3 || d < -0.55):
			return false
		case near >= 1/1.1 && near <= 1.1 && math.Abs(d) > 0.3:
			return false
		}
	}
	return true
}

// nearQuad reports whether the grid h's outer corners lie within tol
// squares of q's (in any corner order: the grid is symmetric).
func nearQuad(h Homography, q Quad, n int, tol float64) bool {
	nf := float64(n)
	pitch := math.Hypot(h.Apply(Point{1, 0}).X-h.Apply(Point{0, 0}).X, h.Apply(Point{1, 0}).Y-h.Apply(Point{0, 0}).Y)
	for _, c := range []Point{{0, 0}, {nf, 0}, {nf, nf}, {0, nf}} {
		a := h.Apply(c)
		near := math.Inf(1)
		for _, b := range q {
			near = math.Min(near, math.Hypot(a.X-b.X, a.Y-b.Y))
		}
		if near > tol*pitch {
			return false
		}
	}
	return true
}

// onSamplesMove is the least move of a corner, in squares, that sets a
// grid on its lines' samples (Grid.OnSamples).
const onSamplesMove = 0.1

// onSamplesStill is the least move of a corner, in squares, by
// Grid.OnSamples' first round that lets the later rounds run
// (refineOnSamples' still). Most registered grids are left in place
// (moved less than onSamplesMove), and a grid the first round moves
// less than onSamplesStill the narrower rounds leave in place too: on
// the tuning sets' 249 registered grids (docs/vision.md, upwgrid3)
// every grid came out the same with 0.05 as with no stop (0.075 moved
// six, 0.1 lost a board). It saves four rounds of the lines' measure
// on the full picture on about half the scans.
const onSamplesStill = 0.05

// OnSamples is the grid set on its lines' samples in the picture p
// (refineOnSamples: every band a line was seen in, the bands beside
// tiles left out, each sample weighed robustly, so that a hand's or a
// pencil's edge taken for a stretch of line pulls no corner), where
// they fit and move a corner onSamplesMove or more; else the grid as it
// is. The search places a grid on the crossings of its lines, each
// fitted on its own where it shows in four bands or more: on a crowded
// or covered board a few lines place it, a line seen in a band or two
// counts for nothing, and a corner where none is seen keeps the coarse
// search's place (the rim, or a pencil on it, taken for the outermost
// line: a third of a square or more off). The residuals measured at the
// intersections (Correction) are carried over to the new grid, and so
// is the lens fitted to its lines. A grid found inside the board's rim
// or taken among the search's runners-up (runnersUp; its own lines
// barely show) is left as it is: set on its faint lines' samples, a
// shaken board under a hand went from a tenth of a square off to three
// tenths. Meant for a grid already registered on the board's rows (a
// grid a row off has a line on the rim, whose samples would bend it).
func (g Grid) OnSamples(p Plane) Grid {
	src, err := gocv.NewMatFromBytes(p.H, p.W, gocv.MatTypeCV8UC1, p.Pix)
	if err != nil {
		return g
	}
	defer src.Close()
	n, f := g.N, g.fit
	if f.Rim || f.Runner {
		return g
	}
	h, ok := refineOnSamples(src, f.H, n, 1, onSamplesStill)
	if !ok {
		return g
	}
	// A grid the samples move less than onSamplesMove at every corner
	// stays as it is: its lines' crossings placed it as well, and the
	// pose worked out on it (the focal length, the stacks' heights)
	// turns on a pixel at the corners.
	if cornersMoved(f.H, h, n) < onSamplesMove {
		return g
	}
	// The lens stays as fitted: the grid without it moves on the board
	// as the straight grid does.
	if f.Lens.K != 0 {
		f.HU = f.HU.Mul(f.H.Inverse().Mul(h))
	}
	f.H = h
	return Grid{N: n, Score: g.Score, H: f.H, fit: f}
}

// quadInside tells whether every corner of q lies inside a picture of
// w x h pixels.
func quadInside(q Quad, w, h int) bool {
	for _, c := range q {
		if c.X < 0 || c.Y < 0 || c.X > float64(w) || c.Y > float64(h) {
			return false
		}
	}
	return true
}
