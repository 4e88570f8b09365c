package vision

import (
	"fmt"
	"image"
	"math"
	"slices"
)

// Grid is an n x n grid of squares found in a photo from its own lines
// (findBoard): what a reader of another board than Upwords's needs of the
// Upwords board finder. Its squares are in the picture's own order
// (FindGrid does not know which side of the board is up).
type Grid struct {
	N int
	// Score is the grid evidence: the contrast of the weakest lines
	// against the squares between them, over the profile's mean.
	Score float64
	// H maps board squares ((0,0) the grid's top-left corner, (n,n) its
	// bottom-right) to the picture's pixels on a straight (pinhole) grid.
	H   Homography
	fit boardFit
}

// Runner reports that the grid was taken on the search's second look,
// among the runners-up (runnersUp): its lines too faint for any first
// candidate's score. A reader holds such a grid's squares less sure.
func (g Grid) Runner() bool { return g.fit.Runner }

// Hidden reports whether the grid was found inside the board's straight
// outer edges with a part of the board under a hand left out of the
// judgement (the search's last look): its lines there unseen.
func (g Grid) Hidden() bool { return g.fit.Hidden }

// At maps a board point (in squares) to the picture's pixels, through the
// lens distortion the grid's lines show when one was fitted.
func (g Grid) At(p Point) Point { return g.fit.at(p) }

// Corners are the grid's outer corners in the picture, in the picture's
// order: the corner nearest the picture's top left first, then clockwise.
func (g Grid) Corners() Quad {
	n := float64(g.N)
	return Quad{g.At(Point{0, 0}), g.At(Point{n, 0}), g.At(Point{n, n}), g.At(Point{0, n})}
}

// FindGrid looks for an n x n grid of squares in the picture by its lines
// (or, failing them, its outline), as ScanUpwords does. The errors are
// this package's sentinels: ErrNoBoard, ErrOutOfView (an
// *OutOfViewError), ErrTooDark, ErrTooBlurred.
func FindGrid(img image.Image, n int) (Grid, error) {
	return findGrid(img, n, findAll)
}

// FindGridLines is FindGrid that looks only for a grid whose own lines,
// straight edges or outline (from brightness) show (the first stages of
// the search): tens of milliseconds where FindGrid's later stages can take
// seconds on a photo with no board in it. A board it misses may still be
// found by FindGrid. Its lines may converge on vanishing points (a board
// seen up to 45 degrees off straight down: vanishingCandidates), as
// FindGridWhole's and FindGridOutlineFirst's may; FindGrid's are the
// board's as seen from above.
func FindGridLines(img image.Image, n int) (Grid, error) {
	return findGrid(img, n, findLinesOnly)
}

// FindGridWhole is FindGrid that looks only for a grid wholly in view:
// every stage of the search but the partial grids a picture's edge cuts,
// which cost seconds on a photo with no board in it. For a caller that
// has other evidence to fall back on and wants a board whose lines are
// too faint for FindGridLines (a dim photo, an uneven light).
func FindGridWhole(img image.Image, n int) (Grid, error) {
	return findGrid(img, n, findWhole)
}

// FindGridOutlineFirst is FindGrid that looks at the board's outline
// (from brightness) first, before the grid's own lines, the board's
// straight edges and the grids of steeply converging lines: for a board
// whose outline stands plain against the table (a Scrabble board, flat
// and square). Where the outline gives a clear grid, the lines are never
// looked for: on a patterned table their search costs hundreds of
// milliseconds (Hough segments by the hundred), the outline a few. Where
// it does not, the search goes on as FindGrid's.
func FindGridOutlineFirst(img image.Image, n int) (Grid, error) {
	return findGrid(img, n, findOutlineEarly)
}

// findHow is which stages of the search findBoardStages runs, in which
// order.
type findHow int

const (
	findAll          findHow = iota // every stage, cheapest and most telling first
	findLinesOnly                   // the stages that see lines, edges and outlines from brightness
	findOutlineEarly                // every stage, the outline from brightness first
	findWhole                       // every stage but the partial grids: a board wholly in view
)

func findGrid(img image.Image, n int, how findHow) (Grid, error) {
	if err := searchable(img, n); err != nil {
		return Grid{}, err
	}
	return findGridIn(Luma(img), img, n, SearchOptions{}, how)
}

// searchable says why img holds no n x n grid to search for (nil: it
// may hold one).
func searchable(img image.Image, n int) error {
	if img == nil || img.Bounds().Dx() < 32 || img.Bounds().Dy() < 32 {
		return fmt.Errorf("%w: the picture is empty or tiny", ErrNoBoard)
	}
	if n < 2 {
		return fmt.Errorf("%w: a grid of %d squares", ErrNoBoard, n)
	}
	return nil
}

// FindGridNear is FindGrid on the picture's grey plane p (Luma(img)),
// trying first where the grid was in an earlier photo from the same
// camera (hint, nil for none): a grid found there is accepted on weaker
// evidence (a blurred or dim frame, a hand over part of the board). A
// moved board is still found anew.
func FindGridNear(p Plane, img image.Image, n int, hint *Quad) (Grid, error) {
	return findGridIn(p, img, n, SearchOptions{Hint: hint}, findAll)
}

// SearchOptions tune the board search (FindGridWith). The zero value is
// FindGrid's search.
type SearchOptions struct {
	// Hint is where the grid was in an earlier photo from the same camera
	// (FindGridNear), or nil.
	Hint *Quad
	// ExactShrink shrinks the photo to the search's work picture with an
	// exact integer area average, the same to the last bit on every
	// architecture, instead of OpenCV's INTER_AREA (float sums in vector
	// code: a level off in a few pixels between amd64 and arm64, and the
	// search's last stages turn on single levels). Off by default; tests
	// read a scene both ways with it to see arm64's reading on amd64.
	ExactShrink bool
	// photo: the searches of the same photo (PhotoSearch) this one is,
	// which share the steep stage's grids.
	photo *PhotoSearch
}

// FindGridWith is FindGridNear with every option of the search.
func FindGridWith(p Plane, img image.Image, n int, o SearchOptions) (Grid, error) {
	return findGridIn(p, img, n, o, findAll)
}

func findGridIn(p Plane, img image.Image, n int, o SearchOptions, how findHow) (Grid, error) {
	fit, ok := findBoardStages(p, img, n, o, how)
	if !ok && fit.Partial {
		err := partialError(fit, n)
		if e, isOut := err.(*OutOfViewError); isOut {
			e.Grid = partialWhole(fit, n)
		}
		return Grid{}, err
	}
	if !ok || fit.Score < minGridContrast {
		if med := medianLuma(p); med < darkLuma {
			return Grid{}, fmt.Errorf("%w: median brightness %d of 255; add light", ErrTooDark, med)
		}
		if s := sharpness(p, nil); s < blurSharpness {
			return Grid{}, fmt.Errorf("%w: edge strength %.1f (need %.1f); hold the camera still and focus", ErrTooBlurred, s, blurSharpness)
		}
		if ok && !fit.Partial && fit.Score >= minPinnedContrast && outOfView(p, fit, n) == nil {
			return Grid{}, &WeakGridError{Grid: Grid{N: n, Score: fit.Score, H: fit.H, fit: fit}}
		}
		return Grid{}, &NoGridError{N: n, LongLines: fit.LongLines}
	}
	if err := outOfView(p, fit, n); err != nil {
		if e, isOut := err.(*OutOfViewError); isOut {
			e.Grid = &Grid{N: n, Score: fit.Score, H: fit.H, fit: fit}
		}
		return Grid{}, err
	}
	return Grid{N: n, Score: fit.Score, H: fit.H, fit: fit}, nil
}

// partialWhole is the whole n x n grid that a cut grid (partialGrid:
// fit.Cols x fit.Rows squares in view, cut at fit.Clipped) fixes: the
// squares cut off lie beyond the cut sides, half on each side where the
// picture cuts both. Nil when the fit is no cut grid.
func partialWhole(fit boardFit, n int) *Grid {
	if !fit.Partial || fit.Cols <= 0 || fit.Rows <= 0 || fit.Cols > n || fit.Rows > n {
		return nil
	}
	off := func(lo, hi string, seen int) float64 {
		cutLo, cutHi := slices.Contains(fit.Clipped, lo), slices.Contains(fit.Clipped, hi)
		switch {
		case cutLo && cutHi:
			return float64((n - seen) / 2)
		case cutLo:
			return float64(n - seen)
		}
		return 0
	}
	dx, dy := off("left", "right", fit.Cols), off("top", "bottom", fit.Rows)
	// board square (x, y) is the cut grid's (x-dx, y-dy)
	h := fit.H.Mul(Homography{1, 0, -dx, 0, 1, -dy, 0, 0, 1})
	f := boardFit{H: h, N: n, Score: fit.Score, Clipped: fit.Clipped}
	return &Grid{N: n, Score: fit.Score, H: h, fit: f}
}

// Correction is what the straight grid H leaves of the lines as measured:
// a smooth pixel offset at board position (x, y), from the nearest
// intersections (nil when none were measured). Pose.Correct takes it.
func (g Grid) Correction() func(x, y float64) Point { return g.fit.correction(g.N) }

// CheckLight refuses a picture whose board (its corners q, n squares a
// side) is too dark (ErrTooDark: its brightest 5% under darkLuma) or too
// blurred (ErrTooBlurred: its sharpest edges spread over more than
// maxEdgeSpread of a square).
func CheckLight(p Plane, q Quad, n int) error {
	if l := brightestOn(p, q); l < darkLuma {
		return fmt.Errorf("%w: the brightest parts of the board reach only %d of 255; add light", ErrTooDark, l)
	}
	if s := edgeSpread(p, q, n); s > maxEdgeSpread {
		return fmt.Errorf("%w: edges on the board spread over %.2f of a square (at most %.2f); hold the camera still and focus", ErrTooBlurred, s, maxEdgeSpread)
	}
	return nil
}

// Shift is the grid moved by dc columns and dr rows (whole squares,
// along the grid's own lines, in the picture's order): where the grid
// stands when a board search found it a row or a column off. The lens
// fitted to the grid's lines moves with it, and so do the residuals
// measured at the intersections (Correction), each staying where it was
// measured in the picture; the intersections the grid gains on the side
// it moves to have none.
func (g Grid) Shift(dc, dr int) Grid {
	t := Homography{1, 0, float64(dc), 0, 1, float64(dr), 0, 0, 1}
	f := g.fit
	f.H = f.H.Mul(t)
	if f.Lens.K != 0 {
		f.HU = f.HU.Mul(t)
	}
	if n := g.N; len(f.Resid) == (n+1)*(n+1) {
		resid := make([]Point, len(f.Resid))
		for j := 0; j <= n; j++ {
			for i := 0; i <= n; i++ {
				si, sj := i+dc, j+dr
				if si < 0 || sj < 0 || si > n || sj > n {
					resid[j*(n+1)+i] = Point{X: math.NaN(), Y: math.NaN()}
					continue
				}
				resid[j*(n+1)+i] = f.Resid[sj*(n+1)+si]
			}
		}
		f.Resid = resid
	}
	f.samples = nil
	return Grid{N: g.N, Score: g.Score, H: f.H, fit: f}
}

// Pinhole is the grid without the lens its lines show (board squares to
// the pixels a pinhole camera would give), and whether a lens was fitted
// (else it is H, the straight-line grid).
func (g Grid) Pinhole() (Homography, bool) {
	if g.fit.Lens.K != 0 {
		return g.fit.HU, true
	}
	return g.H, false
}
