package scrabble

import (
	"errors"
	"image"

	"github.com/tilescope/tilescope/vision"
)

// Locate finds the board's 15x15 playing grid in a photo without reading
// its tiles, for a caller that only needs to know where the board is (the
// table service's turn detector): the grid by its lines and straight edges
// (vision.FindGridLines), set square by square on the premium layout as
// Scan sets it. The corners are in the picture's order (the corner
// nearest the picture's top left first, then clockwise), not turned to
// the letters. The errors are FindGridLines'.
func Locate(img image.Image) (vision.Quad, error) {
	f, err := findFrame(img, vision.FindGridLines, false)
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
// squares (premiumFrame), before find's error is returned. A caller that
// looks by the lines alone first and by the whole search after
// (vision/loose) must not have the premium squares' frame, which is
// rougher, stand in for the whole search's grid.
func findFrame(img image.Image, find func(image.Image, int) (vision.Grid, error), last bool) (*frame, error) {
	g, err := find(img, Size)
	if err != nil {
		if img != nil && errors.Is(err, vision.ErrNoBoard) && !errors.Is(err, vision.ErrOutOfView) {
			p := toPicture(img)
			if f := outlineFrame(p); f != nil {
				return f, nil
			}
			if !last {
				return nil, err
			}
			if f := premiumFrame(p); f != nil {
				return f, nil
			}
		}
		return nil, err
	}
	f := &frame{p: toPicture(img), g: g}
	align(f)
	refit(f)
	return f, nil
}
