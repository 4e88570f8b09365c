package loose

import (
	"image"
	"math"

	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/scrabble"
)

// A crossword of Scrabble tiles is often laid out on a Scrabble board
// rather than on a bare table. There the board's print (its premium
// squares' words, the star, the tiles pictured on its rim) looks more like
// tiles than the tiles do, and the tiles' own outlines vanish into the
// squares they sit in, so the search for light squares round a letter
// finds almost none of them. The board itself is the better anchor: its
// 15x15 grid is found from its lines, and each square is compared with the
// board's own empty squares of the same print (vision/scrabble). onBoard
// reads the photo that way and hands back the squares holding a tile as
// loose tiles, on the board's own lattice.

// onBoard reads img as tiles lying on a printed 15x15 board. ok is false
// when no board is found or it holds no lettered tile.
func onBoard(img image.Image, rd Reader) (*Reading, bool) {
	if rd == nil {
		return nil, false
	}
	br, err := scrabble.Scan(img, scrabble.Options{Reader: rd, LinesOnly: true})
	if err != nil {
		return nil, false
	}
	h, err := vision.QuadHomography(scrabble.Size, scrabble.Size, br.Corners)
	if err != nil {
		return nil, false
	}
	r := &Reading{}
	minR, minC, maxR, maxC := scrabble.Size, scrabble.Size, -1, -1
	var pitch float64
	for _, bt := range br.Tiles() {
		if bt.Blank || bt.Letter == "" {
			// Lexicon Crossing's set has no blanks: a letterless
			// square is print or a shadow, not a tile of the game.
			continue
		}
		var q [4]Point
		for i, d := range [4][2]float64{{0, 0}, {1, 0}, {1, 1}, {0, 1}} {
			p := h.Apply(vision.Point{X: float64(bt.Col) + d[0], Y: float64(bt.Row) + d[1]})
			q[i] = Point{X: p.X, Y: p.Y}
		}
		t := Tile{
			Letter:  bt.Letter,
			Conf:    bt.Conf,
			Corners: q,
			Center:  centroid(q),
			Side:    meanSide(q),
			Angle:   outlineAngle(q),
			Row:     bt.Row,
			Col:     bt.Col,
		}
		pitch += t.Side
		r.Tiles = append(r.Tiles, t)
		minR, minC = min(minR, bt.Row), min(minC, bt.Col)
		maxR, maxC = max(maxR, bt.Row), max(maxC, bt.Col)
	}
	if len(r.Tiles) == 0 {
		return nil, false
	}
	for i := range r.Tiles {
		r.Tiles[i].Row -= minR
		r.Tiles[i].Col -= minC
	}
	r.Rows, r.Cols = maxR-minR+1, maxC-minC+1
	r.Pitch = pitch / float64(len(r.Tiles))
	r.Orientation = normDeg(r.Tiles[0].Angle + 90)
	if math.IsNaN(r.Pitch) {
		return nil, false
	}
	return r, true
}
