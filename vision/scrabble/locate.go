package scrabble

import (
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
	g, err := vision.FindGridLines(img, Size)
	if err != nil {
		return vision.Quad{}, err
	}
	f := &frame{p: toPicture(img), g: g}
	align(f)
	const n = Size
	return vision.Quad{f.at(0, 0), f.at(n, 0), f.at(n, n), f.at(0, n)}, nil
}
