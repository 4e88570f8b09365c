package scrabble

import (
	"errors"
	"fmt"
	"image"
	"math"

	"github.com/tilescope/tilescope/vision"
)

// ErrElsewhere: the board found in a picture is not where the caller's
// corners say (SquareCrops).
var ErrElsewhere = errors.New("scrabble: the board found is not where the corners say")

// SquareCrop is one square of a board cut as Scan cuts it for the tile
// reader: what the reader sees of that square, for a trainer to learn
// from (ocr/internal/train -specialist scrabble).
type SquareCrop struct {
	Row, Col int // the square, as the board is read
	// Picture is the whitened crop in the picture's order (the first
	// read and the occupancy seeds' check: any way up, value number in).
	Picture *image.RGBA
	// Rot is how many quarter turns counter-clockwise the board's
	// letters stand in Picture (the first read's angle is 90*Rot).
	Rot int
	// Upright is the crop turned so a letter stands upright, its value
	// number painted out (the scan's second read, once the board's
	// direction is known).
	Upright *image.RGBA
}

// Jitter moves one square's crop: its margin (a fraction of a square on
// every side) and its shift (in squares), as a grid found a little off
// would cut it.
type Jitter func(row, col int) (margin, dx, dy float64)

// SquareCrops finds the board in img as Scan does, checks that it lies
// where corners (the playing grid's outer corners as the board is read,
// e.g. a rendered scene's truth) say, within half a square, and cuts the
// squares want names (nil: every square), each moved by jitter (nil: as
// Scan cuts them). It is ErrElsewhere when the board found is not there,
// and the board finder's error when none is found.
func SquareCrops(img image.Image, corners vision.Quad, want func(row, col int) bool, jitter Jitter) ([]SquareCrop, error) {
	f, err := findFrame(img, vision.FindGridOutlineFirst, true, false)
	if err != nil {
		return nil, err
	}
	pitch := math.Sqrt(math.Abs(quadArea(corners))) / Size
	rot := -1
	for k := 0; k < 4; k++ {
		f.rot = k
		var e float64
		for i, pt := range [4][2]float64{{0, 0}, {Size, 0}, {Size, Size}, {0, Size}} {
			e = math.Max(e, dist(f.px(pt[0], pt[1]), corners[i]))
		}
		if e <= pitch/2 {
			rot = k
			break
		}
	}
	if rot < 0 {
		return nil, fmt.Errorf("%w", ErrElsewhere)
	}
	f.rot = 0 // the crops are cut in the picture's order, as Scan's first read
	var out []SquareCrop
	for pr := 0; pr < Size; pr++ {
		for pc := 0; pc < Size; pc++ {
			r, c := boardPos(pr, pc, rot)
			if want != nil && !want(r, c) {
				continue
			}
			margin, dx, dy := cropMargin, 0.0, 0.0
			if jitter != nil {
				margin, dx, dy = jitter(r, c)
			}
			pic := whiten(f.cropAt(pr, pc, margin, 64, dx, dy))
			out = append(out, SquareCrop{Row: r, Col: c, Picture: pic, Rot: rot, Upright: dropValue(turnCrop(pic, rot))})
		}
	}
	return out, nil
}
