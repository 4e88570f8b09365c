package scrabble

import (
	"errors"
	"image"
	"math"

	"github.com/tilescope/tilescope/vision"
)

// Locate finds the board's 15x15 playing grid in a photo without reading
// its tiles, for a caller that only needs to know where the board is (the
// table service's turn detector): the grid by its lines and straight edges
// (vision.FindGridLines), set square by square on the premium layout as
// Scan sets it. The corners are in the picture's order (the corner
// nearest the picture's top left first, then clockwise), not turned to
// the letters. A board partly out of view is located as Scan reads it
// (its corners out of the picture extrapolated from the part in view),
// so that the detector watches it and a turn is read. The errors are
// FindGridLines'.
func Locate(img image.Image) (vision.Quad, error) {
	f, err := findFrame(img, vision.FindGridLines, false, true)
	if err != nil {
		return vision.Quad{}, err
	}
	const n = Size
	return vision.Quad{f.at(0, 0), f.at(n, 0), f.at(n, n), f.at(0, n)}, nil
}

// findFrame finds the board's grid with find and sets it on the premium
// layout (align). Where find sees no grid at all (vision.ErrNoBoard, not a
// board partly out of view), the board is looked for by its red border
// (outlineFrame), then, when find was the whole search (last: the caller
// has no later stage of its own), by its triple letter and triple word
// squares (premiumFrame's first proposal), then by a red border a hand
// opens (outlineFrame's opened), then by the search's best grid of faint
// lines where the premium layout vouches for it (weakFrame), then by the
// premium squares' other proposals (premiumMore), then by all of these
// and the proposals of fewer premium squares judged by the squares the
// tiles' colour leaves (coveredFrame), then by the lattice of the tiles'
// letters (latticeQuads), and last, where partial, by those of them the
// picture cuts, judged on their squares in view (cutFrame: a rough
// board, none of its tiles shown sure), before find's error is
// returned. A caller that looks by the lines alone first and by the
// whole search after
// (vision/loose) must not have the premium squares' frame, which is
// rougher, stand in for the whole search's grid.
//
// partial: a board partly out of view is read where the part in view
// fixes the whole grid (vision.OutOfViewError.Grid) and shows at least
// minSeen squares, set on the premium layout by those squares; the
// squares out of view are then not read (frame.unseen).
func findFrame(img image.Image, find func(image.Image, int) (vision.Grid, error), last, partial bool) (*frame, error) {
	return findFrameIn(img, nil, find, last, partial)
}

// findFrameIn is findFrame; ph, when not nil, is the board searches of
// img (vision.PhotoSearch): a board placed by its premium squares is set
// on its lines in the grey plane they made (onLines).
func findFrameIn(img image.Image, ph *vision.PhotoSearch, find func(image.Image, int) (vision.Grid, error), last, partial bool) (*frame, error) {
	g, err := find(img, Size)
	var out *vision.OutOfViewError
	if err != nil && partial && img != nil && errors.As(err, &out) && out.Grid != nil {
		if f := partialFrame(toPicture(img), *out.Grid); f != nil {
			return f, nil
		}
		return nil, err
	}
	if err != nil {
		if img != nil && errors.Is(err, vision.ErrNoBoard) && !errors.Is(err, vision.ErrOutOfView) {
			p := toPicture(img)
			p.patches.search = ph
			fq, fopened, fok := fieldQuad(p)
			f, opened := outlineFrameAt(p, fq, fopened, fok)
			if f != nil && !opened {
				return settled(f, partial), nil
			}
			if !last {
				return nil, err
			}
			// A border a hand opens places the board from less than a
			// whole border: the premium squares, where they place it,
			// are preferred.
			first, more, few, _ := premiumBoardsFew(p, coveredMatches)
			if first != nil {
				if pf := premiumJudged(p, *first); pf != nil {
					f = pf
				}
			}
			// Then the search's best grid whose lines were too faint
			// (a crowded board's tiles over them), where the premium
			// layout vouches for it (weakFrame).
			var weak *vision.WeakGridError
			if f == nil && errors.As(err, &weak) {
				f = weakFrame(p, weak.Grid)
			}
			// Last, the boards the premium squares' other proposals
			// place (premiumBoards: most triple squares under tiles).
			if f == nil {
				f = premiumMore(p, more)
			}
			// Then every one of them again, judged by the squares the
			// tiles' colour leaves (coveredFrame: a board so crowded
			// that its covered prints spread the layout's fit).
			var qs, lqs []vision.Quad
			if f == nil {
				if fok {
					qs = append(qs, fq)
				}
				if first != nil {
					qs = append(qs, first.q)
				}
				if weak != nil {
					qs = append(qs, gridQuad(weak.Grid))
				}
				for _, c := range more {
					qs = append(qs, c.q)
				}
				// and the boards fewer patches place (coveredMatches)
				for _, c := range few {
					qs = append(qs, c.q)
				}
				f = coveredFrame(p, qs)
			}
			// Last, the boards the lattice of the tiles' letters
			// proposes (latticeQuads: a board whose lines, border and
			// triple squares all lie under its tiles), judged alike,
			// its prints told apart by the squares the tiles leave.
			if f == nil {
				lqs = latticeQuads(p)
				f = coveredFrameBy(p, lqs, coveredApart, latticeNextShare)
			}
			// Last of all, where the board may be read partly out of
			// view, the same boards where the picture cuts them, judged
			// by their squares in view (cutFrame).
			if f == nil && partial {
				f = cutFrame(p, qs, printsApartLooks, coveredNextShare)
			}
			if f == nil && partial {
				f = cutFrame(p, lqs, coveredApartSeen, latticeNextShare)
			}
			if f != nil {
				return settled(f, partial), nil
			}
		}
		return nil, err
	}
	f := &frame{p: toPicture(img), g: g}
	byEdgeLens(f)
	align(f)
	refit(f)
	if pf := premiumOverGrid(f); pf != nil {
		f = pf
	}
	return settled(f, partial), nil
}

// premiumOverGrid is the board the premium squares place in f's picture
// where the grid the search found (f, set on the layout by align and
// refit) is not vouched for by the premium layout: its squares' colours
// fit the layout at no place clearly better than at the median place
// align tried (refitShare of it), while the premium squares' board
// (premiumJudged: its own fit clear, its prints told apart) fits
// clearly better than the grid (gridOverShare of its fit). Nil
// otherwise: the grid stands, as before.
//
// The search's grid is a lattice of the board's pitch; a lattice that
// takes in a rack lying along the board's border, or a hand's edge, is
// the right size three or four squares off, and align's few squares of
// shift cannot bring it back (render-set --game scrabble --difficulty
// hard --scr-print mixed --seed 112801, scene 20: a wooden board, its
// rack along the lower border, the grid 7 squares off at a corner, fit
// 0.95 against a median of 0.98, 45 tiles shown sure where none lay;
// its premium squares place it within 0.07 of a square, fit 0.59). On
// the 15 sharp real photos every grid the search found fits 0.18-0.59
// (at most 0.6 of the median place); on 121 tuning renders' grids
// 0.09-0.88, at most 0.89 of the median place (a crowded board), so
// this one board alone asked the premium squares.
func premiumOverGrid(f *frame) *frame {
	if f.unseen || math.IsInf(f.fit, 1) || f.fit < refitShare*f.fitOthers {
		return nil
	}
	first, _, _, _ := premiumBoardsFew(f.p, coveredMatches)
	if first == nil {
		return nil
	}
	pf := premiumJudged(f.p, *first)
	if pf == nil || pf.fit >= gridOverShare*f.fit {
		return nil
	}
	return pf
}

// gridOverShare is how much better (smaller) the premium squares'
// board's layout fit must be than an unclear grid's for it to replace
// the grid (premiumOverGrid): a board the premium layout vouches for
// fits well under 0.85 (maxPremiumFit), an unclear grid 0.9 of its
// median place or more.
const gridOverShare = 0.9

// settled is the last step of every way findFrameIn places a board:
// where the board may be partly out of view, the squares the picture
// cuts are marked unseen (markUnseen), and then the grid is set on the
// middles of its printed lines (centreLines). It returns f.
func settled(f *frame, partial bool) *frame {
	if partial {
		markUnseen(f)
	}
	centreLines(f)
	return f
}

// centreLines sets a board found whole in view and seen steeply on the
// middles of its printed lines (vision.CentreGridLines). The search's
// grid, or one placed by the board's border or premium squares, can sit
// a tenth of a square to one side of the lines (its refinement locks on
// either edge of a printed line); in a steep view the near corner's
// squares are several times the board's mean, and a tenth of one of
// them there is up to half a mean square. Only a view whose corner
// squares differ in size by minCentreSteep or more is set so: on the
// photos as taken and the rendered boards (1.1-1.9) the middles place
// the corners no better than the search, a tenth of a square either
// way. A board partly out of view, or one placed roughly, is left as
// placed.
func centreLines(f *frame) {
	if noCentreLines || f.unseen || f.rough || frameSteep(f) < minCentreSteep {
		return
	}
	if d, ok := vision.CentreGridLines(f.p.luma, f.at, Size); ok {
		f.adj, f.memo = &d, false
	}
}

// minCentreSteep is the least ratio of the largest corner square's side
// to the smallest's of a board centreLines sets on its lines' middles:
// the 16 photos as taken 1.08-1.59, hard renders 1.14-1.86, the photos
// turned 30-45 degrees (augment -family steep) 1.2-4.8.
const minCentreSteep = 2.0

// frameSteep is the ratio of the largest of f's four corner squares'
// sides (the root of its area in pixels) to the smallest's.
func frameSteep(f *frame) float64 {
	lo, hi := math.Inf(1), 0.0
	for _, rc := range [4][2]float64{{0, 0}, {0, Size - 1}, {Size - 1, 0}, {Size - 1, Size - 1}} {
		r, c := rc[0], rc[1]
		a, b, d := f.at(c, r), f.at(c+1, r), f.at(c, r+1)
		s := math.Sqrt(math.Abs((b.X-a.X)*(d.Y-a.Y) - (b.Y-a.Y)*(d.X-a.X)))
		lo, hi = math.Min(lo, s), math.Max(hi, s)
	}
	if lo <= 0 {
		return math.Inf(1)
	}
	return hi / lo
}

// noCentreLines turns centreLines off (the tests' comparison).
var noCentreLines = false

// weakFrame is the frame of the search's best grid g where its lines
// were too faint to be taken alone (vision.WeakGridError: on a crowded
// board the tiles hide most of them), set on the premium layout (align)
// and kept only where the squares' colours follow the layout there
// (maxWeakFit) clearly better than at any other place align tried
// (weakNextShare of the next best), and the board's colours are no field
// of one colour (minColourSpread): the lines place the grid within a
// square, the layout says which square. Nil otherwise.
func weakFrame(p picture, g vision.Grid) *frame {
	return weakJudged(&frame{p: p, g: g})
}

// weakJudged is weakFrame on the frame f (its grid or hq set).
func weakJudged(f *frame) *frame {
	align(f)
	spread := colourSpread(f)
	debugWeak(f.fit, f.fitOthers, f.fitNext, spread)
	if math.IsInf(f.fit, 1) || f.fit > maxWeakFit || f.fit >= weakNextShare*f.fitNext || spread < minColourSpread {
		return nil
	}
	refit(f)
	return f
}

// maxWeakFit and weakNextShare judge a grid of faint lines by the
// premium layout (weakFrame). On the crowded tuning renders (85-98
// tiles, the prints mostly covered) the true grids fit 0.59-0.94, the
// next best place 0.81-0.97, the median place 0.96-0.99; the seven faint
// grids found there fit 0.75-0.86, 0.81-0.92 of the next best, all
// within a third of a square of the board. A grid half a square off
// fits every place alike (about 0.97).
const (
	maxWeakFit    = 0.9
	weakNextShare = 0.93
)

var debugWeak = func(fit, others, next, spread float64) {}

// markUnseen sets f.unseen when some square of the board lies out of
// the picture: a grid the finder found whole in view that align moved
// a square on (the finder took a line of the board's border for the
// grid's outermost line, where the picture cuts the board's far row).
func markUnseen(f *frame) {
	f.unseen = true
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if !f.inView(r, c) {
				return
			}
		}
	}
	f.unseen = false
}

// partialFrame is the frame of a board partly out of view, on the grid g
// the part in view fixes: set on the premium layout by the squares in
// view (align). Nil when too few squares show (minSeen) or their colours
// do not follow the layout clearly better at one place than at the
// others (layoutFit: at most partialFit, and under partialShare of the
// other places' median; or, a crowded board, at most maxWeakFit and
// under weakNextShare of the next best place's).
func partialFrame(p picture, g vision.Grid) *frame {
	f := &frame{p: p, g: g, unseen: true}
	align(f)
	seen := 0
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if f.inView(r, c) {
				seen++
			}
		}
	}
	debugPartial(seen, f.fit, f.fitOthers)
	if seen < minSeen || math.IsInf(f.fit, 1) {
		return nil
	}
	// A crowded board's tiles hide most of its prints: its place fits
	// the layout less well, but still clearly better than the next best
	// place (as weakFrame judges it).
	clear := f.fit <= partialFit && f.fit < partialShare*f.fitOthers
	crowded := f.fit <= maxWeakFit && f.fit < weakNextShare*f.fitNext
	if !clear && !crowded {
		return nil
	}
	return f
}

var debugPartial = func(seen int, fit, others float64) {}

// A board partly out of view is read when its squares in view fit the
// premium layout at most partialFit, and under partialShare of the
// median over the places align tried.
const (
	partialFit   = 0.85
	partialShare = 0.9
)
