package loose

import (
	"errors"
	"image"
	"math"
	"sync"

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

// boardScans are one photo's searches for a board (onBoard), by its
// lines and by the finder's later stages, each made once.
type boardScans struct {
	lines, whole boardScan
	// wholeGrid: the board finder's later stages' answer
	// (vision.FindGridWhole), searched once (searchWhole), for gridWhole
	// and the board's reading by those stages alike.
	wholeOnce sync.Once
	wholeGrid scrabble.Searched
	// search: the photo's board searches (vision.PhotoSearch), by its
	// lines and by the later stages, which share what they looked at
	// (the steep stage's grids, the finer look's: found once).
	searchOnce sync.Once
	search     *vision.PhotoSearch
	// premium: whether the photo's blue and red patches lie as a
	// board's triple squares do (scrabble.PremiumBoard), looked at once.
	premiumOnce sync.Once
	premium     bool
}

// premiumBoard is scrabble.PremiumBoard's answer for img, looked at once.
func (b *boardScans) premiumBoard(img image.Image) bool {
	b.premiumOnce.Do(func() { b.premium = scrabble.PremiumBoard(img) })
	return b.premium
}

// photoSearch is the board searches of img, made once (img is the
// memo's photo).
func (b *boardScans) photoSearch(img image.Image) *vision.PhotoSearch {
	b.searchOnce.Do(func() { b.search = vision.NewPhotoSearch(img) })
	return b.search
}

// searchWhole is vision.FindGridWhole's answer for img, searched once.
func (b *boardScans) searchWhole(img image.Image) *scrabble.Searched {
	b.wholeOnce.Do(func() {
		b.wholeGrid.Grid, b.wholeGrid.Err = b.photoSearch(img).FindGridWhole(scrabble.Size)
	})
	return &b.wholeGrid
}

// gridWhole says whether vision.FindGridWhole finds a 15x15 grid in img
// (weak, or partly out of view, too): a cheaper question than the
// board's reading by those stages (scrabble.Scan with WholeOnly: on the
// ban-seg valid photos with many long lines and no board, 460-500 ms
// against 630-850 ms of CPU), asked before it where only the photo's
// lines suggest a board. The board's reading then starts from the same
// search (searchWhole): it is not made again.
func (b *boardScans) gridWhole(img image.Image) bool {
	err := b.searchWhole(img).Err
	var weak *vision.WeakGridError
	return err == nil || errors.As(err, &weak) || errors.Is(err, vision.ErrOutOfView)
}

type boardScan struct {
	once sync.Once
	br   *scrabble.Reading
	err  error
}

// boardLines is the fewest long straight lines (vision.NoGridError's
// LongLines) with which a photo in which the lines' search found no
// board is searched by the board finder's later stages whatever the
// loose search reads: the 16 Scrabble photos show 11-56 (as taken and
// tilted 10-30 degrees), 15 of the 20 ban-seg valid photos 0-2 and the
// other five 8-34.
const boardLines = 10

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
// board found (nil when none), with tiles or without. lined says that
// the lines' search found no board but saw many long straight lines
// (at least boardLines; vision.NoGridError): perhaps a board tilted so
// far that its lines converge past that search, which the later stages
// find (the 16 Scrabble photos tilted 10-30 degrees: 5 of 32 boards).
//
// memo keeps the board's searches of img (by rd) for the scan's other
// looks at the same photo (the gentler deconvolution's, the dark one's:
// each reads the board from img as taken).
func onBoard(img image.Image, rd Reader, linesOnly bool, memo *boardScans) (r *Reading, board *printedBoard, ok, lined bool) {
	if rd == nil {
		return nil, nil, false, false
	}
	m := &memo.whole
	if linesOnly {
		m = &memo.lines
	}
	m.once.Do(func() {
		o := scrabble.Options{Reader: rd, LinesOnly: linesOnly, WholeOnly: !linesOnly, PartlyInView: true, Photo: memo.photoSearch(img)}
		if !linesOnly {
			// the later stages' search, made once a photo (gridWhole
			// may have asked it already)
			o.Searched = memo.searchWhole(img)
		}
		m.br, m.err = scrabble.Scan(img, o)
	})
	br, err := m.br, m.err
	if err != nil {
		var ng *vision.NoGridError
		return nil, nil, false, errors.As(err, &ng) && ng.LongLines >= boardLines
	}
	h, err := vision.QuadHomography(scrabble.Size, scrabble.Size, br.Corners)
	if err != nil {
		return nil, nil, false, false
	}
	board = &printedBoard{toBoard: h.Inverse()}
	r = &Reading{}
	minR, minC, maxR, maxC := scrabble.Size, scrabble.Size, -1, -1
	var pitch float64
	lettered := 0
	for _, bt := range gameTiles(br.Tiles()) {
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
		return nil, board, false, false
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
		return nil, board, false, false
	}
	// The board's reader measures from the picture's corner; a
	// sub-image's tiles are given in its own coordinates, as the loose
	// search's are (board.toBoard stays in the reader's).
	inImage(r.Tiles, img.Bounds())
	return r, board, true, false
}

// gameTiles are the board's tiles that can be a game's: a game's tiles
// lie in words, each beside another in its row or column, so a tile the
// board's reader is unsure of with no tile beside it is dropped. On a
// board seen steeply its premium squares' printed words read as
// letters, unsure and scattered (no two premium squares of a board are
// side by side); a blurred game's tiles, all unsure too, lie in words.
func gameTiles(tiles []scrabble.Tile) []scrabble.Tile {
	at := map[[2]int]bool{}
	for _, t := range tiles {
		at[[2]int{t.Row, t.Col}] = true
	}
	var out []scrabble.Tile
	for _, t := range tiles {
		beside := at[[2]int{t.Row - 1, t.Col}] || at[[2]int{t.Row + 1, t.Col}] || at[[2]int{t.Row, t.Col - 1}] || at[[2]int{t.Row, t.Col + 1}]
		if beside || t.Conf >= SureConf {
			out = append(out, t)
		}
	}
	return out
}
