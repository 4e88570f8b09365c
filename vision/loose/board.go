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
//
// A board found with no tile on it says something too: whatever the
// loose search sees on it is its print (a premium square's words read as
// O, the letters of the tiles pictured on its rim), not a tile of the
// game (printedBoard.covers).

// boardRim is how far, in squares, a board's print reaches beyond its
// 15x15 grid: the rim with its pictured tiles and the game's name.
const boardRim = 1.5

// printedBoard is a printed 15x15 board found in the photo.
type printedBoard struct {
	// toBoard maps the photo's pixels to the board's squares ((0,0) the
	// grid's corner, (15,15) the opposite one).
	toBoard vision.Homography
}

// covers says whether the photo point p lies on the board's print: its
// grid or its rim.
func (b *printedBoard) covers(p Point) bool {
	if b == nil {
		return false
	}
	q := b.toBoard.Apply(vision.Point{X: p.X, Y: p.Y})
	lo, hi := -boardRim, float64(scrabble.Size)+boardRim
	return q.X >= lo && q.X <= hi && q.Y >= lo && q.Y <= hi
}

// onBoard reads img as tiles lying on a printed 15x15 board: by the
// board's lines, straight edges and outline (linesOnly: tens of
// milliseconds), or by every stage of the board finder but the partial
// grids (vision.FindGridWhole: 0.2-2 s on a photo with no board). ok is
// false when no board is found or it holds no lettered tile; board is the
// board found (nil when none), with tiles or without.
func onBoard(img image.Image, rd Reader, linesOnly bool) (r *Reading, board *printedBoard, ok bool) {
	if rd == nil {
		return nil, nil, false
	}
	br, err := scrabble.Scan(img, scrabble.Options{Reader: rd, LinesOnly: linesOnly, WholeOnly: !linesOnly, PartlyInView: true})
	if err != nil {
		return nil, nil, false
	}
	h, err := vision.QuadHomography(scrabble.Size, scrabble.Size, br.Corners)
	if err != nil {
		return nil, nil, false
	}
	board = &printedBoard{toBoard: h.Inverse()}
	r = &Reading{}
	minR, minC, maxR, maxC := scrabble.Size, scrabble.Size, -1, -1
	var pitch float64
	lettered := 0
	for _, bt := range br.Tiles() {
		if bt.Letter != "" {
			lettered++
		} else if !bt.Blank {
			continue
		}
		var q [4]Point
		for i, d := range [4][2]float64{{0, 0}, {1, 0}, {1, 1}, {0, 1}} {
			p := h.Apply(vision.Point{X: float64(bt.Col) + d[0], Y: float64(bt.Row) + d[1]})
			q[i] = Point{X: p.X, Y: p.Y}
		}
		t := Tile{
			Letter:  bt.Letter,
			Blank:   bt.Letter == "",
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
		if !t.Blank {
			// The layout is the lettered tiles' (a blank is no
			// letter of it: LayoutText).
			minR, minC = min(minR, bt.Row), min(minC, bt.Col)
			maxR, maxC = max(maxR, bt.Row), max(maxC, bt.Col)
		}
	}
	if lettered == 0 {
		// Blanks alone are no crossword: a letterless square may be
		// print or a shadow.
		return nil, board, false
	}
	r.Rows, r.Cols = maxR-minR+1, maxC-minC+1
	for i := range r.Tiles {
		t := &r.Tiles[i]
		t.Row -= minR
		t.Col -= minC
		if t.Row < 0 || t.Row >= r.Rows || t.Col < 0 || t.Col >= r.Cols {
			t.Row, t.Col = -1, -1 // a blank beyond the layout's lettered box
		}
	}
	r.Pitch = pitch / float64(len(r.Tiles))
	r.Orientation = normDeg(r.Tiles[0].Angle + 90)
	if math.IsNaN(r.Pitch) {
		return nil, board, false
	}
	// The board's reader measures from the picture's corner; a
	// sub-image's tiles are given in its own coordinates, as the loose
	// search's are (board.toBoard stays in the reader's).
	inImage(r.Tiles, img.Bounds())
	return r, board, true
}
