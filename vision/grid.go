package vision

import (
	"fmt"
	"image"
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
	return findGrid(img, n, false)
}

// FindGridLines is FindGrid that looks only for a grid whose own lines,
// straight edges or outline (from brightness) show (the first stages of
// the search): tens of milliseconds where FindGrid's later stages can take
// seconds on a photo with no board in it. A board it misses may still be
// found by FindGrid.
func FindGridLines(img image.Image, n int) (Grid, error) {
	return findGrid(img, n, true)
}

func findGrid(img image.Image, n int, linesOnly bool) (Grid, error) {
	if img == nil || img.Bounds().Dx() < 32 || img.Bounds().Dy() < 32 {
		return Grid{}, fmt.Errorf("%w: the picture is empty or tiny", ErrNoBoard)
	}
	if n < 2 {
		return Grid{}, fmt.Errorf("%w: a grid of %d squares", ErrNoBoard, n)
	}
	p := luma(img)
	fit, ok := findBoardStages(p, img, n, nil, linesOnly)
	if !ok && fit.Partial {
		return Grid{}, partialError(fit, n)
	}
	if !ok || fit.Score < minGridContrast {
		if med := medianLuma(p); med < darkLuma {
			return Grid{}, fmt.Errorf("%w: median brightness %d of 255; add light", ErrTooDark, med)
		}
		if s := sharpness(p, nil); s < blurSharpness {
			return Grid{}, fmt.Errorf("%w: edge strength %.1f (need %.1f); hold the camera still and focus", ErrTooBlurred, s, blurSharpness)
		}
		return Grid{}, fmt.Errorf("%w: no %dx%d grid in the picture", ErrNoBoard, n, n)
	}
	if err := outOfView(p, fit, n); err != nil {
		return Grid{}, err
	}
	return Grid{N: n, Score: fit.Score, H: fit.H, fit: fit}, nil
}
