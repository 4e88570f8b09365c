package scrabble

import (
	"errors"
	"fmt"
	"image"
	"math"
	"sort"
	"time"

	"github.com/tilescope/tilescope/internal/parallel"
	"github.com/tilescope/tilescope/ocr"
	rules "github.com/tilescope/tilescope/scoring/scrabble"
	"github.com/tilescope/tilescope/vision"
)

// TileReader reads one square's crop. ocr.Reader satisfies it; a reader
// that is also an ocr.KnownReader is told that the crop holds a tile and
// which way up its letter stands.
type TileReader interface {
	Read(tile image.Image) (ocr.Reading, error)
}

// ErrNoReader: Scan was given no tile reader.
var ErrNoReader = errors.New("scrabble: no tile reader")

// Options tune a scan.
type Options struct {
	// Reader names the letters; required. The scan reads several
	// squares at once (one goroutine a processor): it must be safe for
	// concurrent use, as ocr's classifiers are.
	Reader TileReader
	// CropSize is the side in pixels of each square's crop handed to the
	// reader; 0 means 64.
	CropSize int
	// General reads the letters with Reader alone. Otherwise a Reader
	// that is ocr's own classifier reads them pooled with ocr's model
	// trained on Scrabble squares as Scan cuts them (en-scr), when the
	// binary has it (letterReader).
	General bool
	// LinesOnly looks for the board only by its lines and straight edges
	// (vision.FindGridLines): quick, for a caller that reads the photo
	// another way when no board is found.
	LinesOnly bool
	// WholeOnly looks for a board wholly in view, by every stage of the
	// search but the partial grids (vision.FindGridWhole): for a caller
	// that reads the photo another way when no board is found, and can
	// spend a second on a board whose lines are faint.
	WholeOnly bool
	// PartlyInView reads a board partly out of view with LinesOnly or
	// WholeOnly too (without them it always is): a caller that reads
	// the photo another way where no board shows, and takes a board of
	// which at least a third is in view (minSeen) for one.
	PartlyInView bool
	// Searched is the board search's answer for this photo, made already
	// by the caller (the search LinesOnly or WholeOnly names, or
	// vision.FindGridOutlineFirst without them: its grid and its error,
	// as it returned them): the scan reads the board from it instead of
	// searching the photo again.
	Searched *Searched
	// Photo is the board searches of this photo (vision.NewPhotoSearch
	// of the image Scan is given), shared with the caller's other scans
	// of it: the loose route reads a photo with LinesOnly, then where
	// no board was found with WholeOnly, and the steep stage's grids
	// (the finer look's) are then found once. A search of another image
	// is not taken. Nil: the scan searches the photo on its own.
	Photo *vision.PhotoSearch
}

// Searched is a board search's answer for a photo (Options.Searched):
// what vision.FindGridWhole (or the search the scan's options name)
// returned for it, the grid and the error.
type Searched struct {
	Grid vision.Grid
	Err  error
}

// Cell is one square holding a tile.
type Cell struct {
	Letter string // "A".."Z"; "" for a blank tile
	Blank  bool   // a blank tile (no letter printed on it)
	Conf   float64
	// Center is the tile's centre in the photo's pixels.
	Center vision.Point
}

// Tile is one tile on the board, with its place.
type Tile struct {
	Cell
	Row, Col int
}

// Reading is one photo of a Scrabble board, read.
type Reading struct {
	// Cells is the board as read: nil where the square is empty.
	Cells [Size][Size]*Cell
	// Corners are the playing grid's outer corners in the photo's pixels:
	// top-left, top-right, bottom-right, bottom-left as the board is read
	// (the tiles' letters stand upright).
	Corners vision.Quad
	// Oriented is set when the tiles' letters decided which side is up;
	// an empty board, or one whose letters gave no clear vote, keeps the
	// photo's own (the corner nearest the photo's top left first), and
	// then no letter but O and X is read with Conf 0.9 or more. A board
	// whose turn only unsure letters chose, by a small vote (chooseTurn),
	// is read in that turn, and said unsure the same way: Oriented not
	// set, no letter but O and X sure.
	Oriented bool
	// Blurred is set when the tiles' letters are blurred (motion, focus):
	// every letter's Conf is then at most 0.5.
	Blurred bool
	// Unseen marks the squares out of the picture (a board partly out of
	// view): not read, neither empty nor a tile (their Cells are nil).
	Unseen [Size][Size]bool
	// Covered marks the squares in view that something lying over the
	// board hides (a hand reaching in, its arm: handSquares): not read,
	// neither empty nor a tile (their Cells are nil).
	Covered [Size][Size]bool
	// Misplaced counts the tiles read where the premium layout around
	// them says the grid lies a square off (misplaced): where it is not
	// 0, every tile's Conf is at most 0.5.
	Misplaced int
	Elapsed   time.Duration
	rot       int
}

// Tiles lists the tiles on the board, row by row.
func (r *Reading) Tiles() []Tile {
	var out []Tile
	for row := 0; row < Size; row++ {
		for col := 0; col < Size; col++ {
			if c := r.Cells[row][col]; c != nil {
				out = append(out, Tile{Cell: *c, Row: row, Col: col})
			}
		}
	}
	return out
}

// frame is a found board: the grid in the picture and which quarter turn
// of it stands the letters upright.
type frame struct {
	p picture
	g vision.Grid
	// hq, when set, places the grid instead of g: a board found by its
	// border (outlineFrame), board squares to pixels.
	hq  *vision.Homography
	rot int
	// off moves the found grid by whole squares (align): the lines of a
	// board's printed border can pass for a row or column of squares.
	off vision.Point
	// fit is how well the squares' colours follow the premium layout
	// there (layoutFit: smaller is better).
	fit float64
	// fitOthers is the median fit over the places align tried: a board
	// whose squares follow the layout fits clearly better at one place.
	fitOthers float64
	// fitNext is the best fit at any other place align tried (+Inf when
	// it tried one): how clearly the layout picks its place.
	fitNext float64
	// unseen is set when the board is partly out of the picture: the
	// squares not wholly in view (inView) are not read.
	unseen bool
	// memo: the looks of its squares (lookK, memoK samples a side) are
	// kept in the picture's pictureMemo, for a proposed board whose
	// squares other stages look at again.
	memo bool
	// rough is set on a board the picture cuts placed by its squares'
	// colours alone (cutFrame): one homography through proposals, which
	// near the picture's edge, where the lens bends most, can lie half a
	// square off. No tile of it is shown sure.
	rough bool
	// adj, when set, moves the grid within itself before off and the
	// grid place it (board squares to board squares): the grid set on
	// the middles of its printed lines (centreLines).
	adj *vision.Homography
	// reset is set on a board placed again by its squares' colours
	// (shakenPlace): it is not placed again.
	reset bool
}

// inView says whether square (r, c) of the picture-order grid (moved by
// off) lies wholly inside the picture. Every square of a board found
// whole in view is.
func (f *frame) inView(r, c int) bool {
	return !f.unseen || f.inPicture(r, c)
}

// minSeen is the least number of squares a board partly out of view
// must show wholly to be read (a third of the board): fewer leave the
// premium layout too little to place the grid by, and the light too
// little to learn from.
const minSeen = 75

// grid maps a board point (x along the columns, y down the rows, in
// squares, as the board is read) to the grid as found in the picture.
func (f *frame) grid(x, y float64) vision.Point {
	const n = Size
	switch f.rot {
	case 1:
		return vision.Point{X: y, Y: n - x}
	case 2:
		return vision.Point{X: n - x, Y: n - y}
	case 3:
		return vision.Point{X: n - y, Y: x}
	}
	return vision.Point{X: x, Y: y}
}

// px maps a board point to the photo's pixels.
func (f *frame) px(x, y float64) vision.Point {
	q := f.grid(x, y)
	return f.at(q.X, q.Y)
}

// at maps a point of the picture-order grid (moved by off) to pixels.
func (f *frame) at(x, y float64) vision.Point {
	if f.adj != nil {
		q := f.adj.Apply(vision.Point{X: x, Y: y})
		x, y = q.X, q.Y
	}
	pt := vision.Point{X: x + f.off.X, Y: y + f.off.Y}
	if f.hq != nil {
		return f.hq.Apply(pt)
	}
	return f.g.At(pt)
}

// squareH maps the unit square onto square (r, c) of the picture-order
// grid (moved by off) in pixels: within one square the lens bends the
// lines too little to matter, so its four corners place it.
func (f *frame) squareH(r, c int) vision.Homography {
	x, y := float64(c), float64(r)
	q := vision.Quad{f.at(x, y), f.at(x+1, y), f.at(x+1, y+1), f.at(x, y+1)}
	h, err := vision.QuadHomography(1, 1, q)
	if err != nil {
		return vision.Homography{1, 0, q[0].X, 0, 1, q[0].Y, 0, 0, 1}
	}
	return h
}

// crop samples square (row, col) with a margin (a fraction of the square
// on every side) into a size x size upright crop.
func (f *frame) crop(row, col int, margin float64, size int) *image.RGBA {
	return f.cropAt(row, col, margin, size, 0, 0)
}

// cropAt is crop moved by (dx, dy) squares.
func (f *frame) cropAt(row, col int, margin float64, size int, dx, dy float64) *image.RGBA {
	return f.cropPart(row, col, margin, size, dx, dy, 0, size)
}

// cropPart is cropAt with only the pixels from lo to hi-1 across and
// down sampled (each as cropAt samples it), the rest left zero: for a
// reader of the crop's middle alone (centreMark).
func (f *frame) cropPart(row, col int, margin float64, size int, dx, dy float64, lo, hi int) *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, size, size))
	if lo >= hi {
		return m
	}
	span := 1 + 2*margin
	// The board square's corners in the picture, as read.
	x0, y0 := float64(col)+dx, float64(row)+dy
	q := vision.Quad{f.px(x0, y0), f.px(x0+1, y0), f.px(x0+1, y0+1), f.px(x0, y0+1)}
	h, err := vision.QuadHomography(1, 1, q)
	if err != nil {
		return m
	}
	// The picture's pixels the samples reach, converted once (a JPEG's
	// are converted four times a sample otherwise): the samples lie in
	// the hull of the first and last ones' corners (h is projective).
	first := -margin + (float64(lo)+0.5)/float64(size)*span
	last := -margin + (float64(hi-1)+0.5)/float64(size)*span
	wbuf := windows.Get().(*[]uint8)
	win := f.p.windowIn([4]vision.Point{h.Apply(pointXY(first, first)), h.Apply(pointXY(last, first)), h.Apply(pointXY(last, last)), h.Apply(pointXY(first, last))}, 16*size*size, *wbuf)
	defer func() {
		if win.pix != nil {
			*wbuf = win.pix
		}
		windows.Put(wbuf)
	}()
	// The samples' places on the square, the same across as down, and
	// their products with h's terms, each worked out once: h.Apply's
	// sums below are of the same products in the same order.
	n := hi - lo
	var buf [4 * 64]float64
	t := buf[:0]
	if 4*n > len(buf) {
		t = make([]float64, 0, 4*n)
	}
	t = t[:4*n]
	at, hx0, hx3, hx6 := t[:n], t[n:2*n], t[2*n:3*n], t[3*n:]
	for i := range at {
		x := -margin + (float64(lo+i)+0.5)/float64(size)*span
		at[i], hx0[i], hx3[i], hx6[i] = x, h[0]*x, h[3]*x, h[6]*x
	}
	ww := win.x1 - win.x0 + 1
	for v := lo; v < hi; v++ {
		y := at[v-lo]
		hy1, hy4, hy7 := h[1]*y, h[4]*y, h[7]*y
		row := m.Pix[v*m.Stride+4*lo : v*m.Stride+4*hi]
		for i := range at {
			// h.Apply(x, y)
			w := hx6[i] + hy7 + h[8]
			if w == 0 {
				w = 1e-12
			}
			pt := vision.Point{X: (hx0[i] + hy1 + h[2]) / w, Y: (hx3[i] + hy4 + h[5]) / w}
			px := row[4*i : 4*i+4 : 4*i+4]
			// atIn where its four pixels lie inside the picture and
			// the window (its arithmetic, written out); elsewhere atIn
			sx, sy := pt.X-0.5, pt.Y-0.5
			x0, y0 := int(sx), int(sy)
			if !(sx >= 0 && sy >= 0 && x0 >= win.x0 && y0 >= win.y0 && x0 < win.x1 && y0 < win.y1) {
				c := f.p.atIn(&win, pt)
				px[0], px[1], px[2], px[3] = uint8(c[0]+0.5), uint8(c[1]+0.5), uint8(c[2]+0.5), 255
				continue
			}
			fx, fy := sx-float64(x0), sy-float64(y0)
			i00 := 3 * ((y0-win.y0)*ww + x0 - win.x0)
			i10 := i00 + 3*ww
			w00, w01, w10, w11 := (1-fx)*(1-fy), fx*(1-fy), (1-fx)*fy, fx*fy
			p0, p1 := win.pix[i00:i00+6:i00+6], win.pix[i10:i10+6:i10+6]
			c0 := float64(p0[0])*w00 + float64(p0[3])*w01 + float64(p1[0])*w10 + float64(p1[3])*w11
			c1 := float64(p0[1])*w00 + float64(p0[4])*w01 + float64(p1[1])*w10 + float64(p1[4])*w11
			c2 := float64(p0[2])*w00 + float64(p0[5])*w01 + float64(p1[2])*w10 + float64(p1[5])*w11
			px[0], px[1], px[2], px[3] = uint8(c0+0.5), uint8(c1+0.5), uint8(c2+0.5), 255
		}
	}
	return m
}

// Scan reads a Scrabble board from a photo: finds the 15x15 grid by its
// lines, tells the squares holding a tile from the board's own empty
// squares (each compared with the other squares of its print), reads
// each tile's letter, and turns the board so the letters stand upright.
func Scan(img image.Image, opt Options) (*Reading, error) {
	start := time.Now()
	if opt.Reader == nil {
		return nil, ErrNoReader
	}
	// A Scrabble board's outline is plain: it is looked for first, before
	// the grid's own lines (the red board on a patterned carpet, scaled to
	// 1640x1232: 114-249 -> 40-47 ms of CPU; the readings the same).
	find := vision.FindGridOutlineFirst
	ph := opt.Photo
	if ph != nil && ph.Image() != img {
		ph = nil
	}
	if opt.LinesOnly {
		find = vision.FindGridLines
		if ph != nil {
			find = func(_ image.Image, n int) (vision.Grid, error) { return ph.FindGridLines(n) }
		}
	} else if opt.WholeOnly {
		find = vision.FindGridWhole
		if ph != nil {
			find = func(_ image.Image, n int) (vision.Grid, error) { return ph.FindGridWhole(n) }
		}
	}
	if sr := opt.Searched; sr != nil {
		find = func(image.Image, int) (vision.Grid, error) { return sr.Grid, sr.Err }
	}
	f, err := findFrameIn(img, ph, find, !opt.LinesOnly, opt.PartlyInView || (!opt.LinesOnly && !opt.WholeOnly))
	if err != nil {
		return nil, err
	}
	return scanFrame(f, opt, start)
}

// scanFrame reads the board f places (Scan after the board is found);
// start is when the scan began.
func scanFrame(f *frame, opt Options, start time.Time) (*Reading, error) {
	size := opt.CropSize
	if size <= 0 {
		size = 64
	}
	reader := letterReader(opt)
	// every square's look, taken once: occupancy and misplaced read them
	looks := squareLooks(f)
	lettered := func(r, c int) bool {
		rd, err := opt.Reader.Read(whiten(f.crop(r, c, cropMargin, size)))
		return err == nil && rd.Letter != "" && rd.Conf >= letterConf
	}
	occ, weak, covered := occupancyOf(f, looks, lettered)
	// plain squares showing a letter's mark at their centre (marks.go)
	centredMarks(f, &looks, &occ, &weak, &covered, lettered)
	offPlace := misplaced(&looks, &occ, &covered)
	// First read: in the picture's own order, for the letters' angle.
	type seen struct {
		r, c int
		rd   ocr.Reading
		crop *image.RGBA // whitened, in the picture's order
		ink  float64     // the letter's contrast on the face (inkContrast)
		blur float64     // how far the crop's edges spread (ocr.EdgeSpread)
	}
	var occupied [][2]int
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if occ[r][c] {
				occupied = append(occupied, [2]int{r, c})
			}
		}
	}
	// Each square is cut and read on its own: the squares are shared
	// among the processors, and taken in order below.
	tiles := make([]seen, len(occupied))
	errs := make([]error, len(occupied))
	parallel.For(len(occupied), func(i int) {
		r, c := occupied[i][0], occupied[i][1]
		crop := f.crop(r, c, cropMargin, size)
		ink, face := inkContrast(crop)
		wc := whiten(crop)
		rd, err := readTile(reader, wc, ocr.Known{Tile: true})
		if err != nil {
			errs[i] = fmt.Errorf("scrabble: reading square %d,%d: %w", r, c, err)
			return
		}
		spread, _ := ocr.EdgeSpread(whitenBy(crop, false))
		tiles[i] = seen{r, c, rd, wc, (face - ink) / math.Max(face, 1), spread}
	})
	// A photo whose tiles' edges spread as the reader's blurred crops do
	// (ocr.BlurSpread, at the median tile) is read, but no letter of it is
	// called sure: motion blur turns one letter into another.
	var spreads []float64
	for i, t := range tiles {
		if errs[i] != nil {
			return nil, errs[i]
		}
		spreads = append(spreads, t.blur)
	}
	blurred := len(spreads) > 0 && median(spreads) >= ocr.BlurSpread
	// A blurred board shaken along a line (boardSmear: not defocus, whose
	// blur is round) has its letters, first reads included (their angles
	// turn the board), read by the reader that has seen shaken tiles
	// (blurReader), where the binary has one. (On defocused boards that
	// reader read fewer letters: docs/scrabble-vision.md, scrsteep.)
	var sm smear
	var shaken bool
	if blurred {
		sm, shaken = boardSmear(f)
	}
	if shaken {
		if nf := shakenPlace(f); nf != nil {
			return scanFrame(nf, opt, start)
		}
	}
	var br TileReader
	if shaken {
		br = blurReader(opt)
	}
	if br != nil {
		reader = br
		parallel.For(len(tiles), func(i int) {
			rd, err := readTile(reader, tiles[i].crop, ocr.Known{Tile: true})
			if err != nil {
				errs[i] = fmt.Errorf("scrabble: reading square %d,%d: %w", tiles[i].r, tiles[i].c, err)
				return
			}
			tiles[i].rd = rd
		})
		for i := range tiles {
			if errs[i] != nil {
				return nil, errs[i]
			}
		}
	}
	var votes [4]float64
	var sure [4]bool
	for _, t := range tiles {
		if rd := t.rd; rd.Letter != "" && !symmetricLetter(rd.Letter) && t.ink > 0.3 {
			k := int(math.Round(rd.Angle/90)) % 4
			votes[k] += rd.Conf
			sure[k] = sure[k] || rd.Conf >= unsureConf
		}
	}
	out := &Reading{}
	debugVotes(votes)
	// upright: the letters chose a turn, and the tiles are read again
	// upright in it; the reading says so (Oriented) only where the turn
	// is sure (chooseTurn).
	upright := false
	if best, ok, isSure := chooseTurn(votes, sure); ok {
		// A letter turned a quarter counter-clockwise in the crop is
		// read with the board turned the same way.
		f.rot = rotForAngle(best)
		upright, out.Oriented = true, isSure
	}
	out.rot = f.rot
	// A blank tile: its face shows no letter, where the board's other
	// tiles show theirs clearly.
	var inks []float64
	for _, t := range tiles {
		inks = append(inks, t.ink)
	}
	blankBelow := blankContrast * median(inks)
	out.Blurred = blurred
	// Nor is its turn said sure: the letters' votes are the blurred
	// letters' (164048, its motion blurred, votes for a wrong quarter
	// turn on every steep view of it, clearly enough on some).
	if out.Blurred {
		out.Oriented = false
	}
	// The tiles that show a letter are read again, the board turned: each
	// on its own, shared among the processors (readAgain), and taken in
	// order below.
	again := make([]ocr.Reading, len(tiles))
	parallel.For(len(tiles), func(i int) {
		t := tiles[i]
		if t.ink < blankBelow {
			return
		}
		r, c := boardPos(t.r, t.c, f.rot)
		again[i], errs[i] = readAgain(f, reader, t.crop, r, c, size, upright)
	})
	if shaken {
		// A weak tile that showed no letter is an empty square
		// (below): the second look does not make a tile of it.
		var lettered [][2]int
		for i, t := range tiles {
			if t.ink >= blankBelow && errs[i] == nil && !(weak[t.r][t.c] && again[i].Conf < noLetterConf) {
				lettered = append(lettered, [2]int{t.r, t.c})
			} else {
				lettered = append(lettered, [2]int{-1, -1})
			}
		}
		secondLook(f, reader, lettered, again, size, upright, sm)
	}
	for i, t := range tiles {
		r, c := boardPos(t.r, t.c, f.rot)
		cell := &Cell{Center: f.px(float64(c)+0.5, float64(r)+0.5)}
		out.Cells[r][c] = cell
		if t.ink < blankBelow {
			if weak[t.r][t.c] {
				out.Cells[r][c] = nil // a weak tile with no letter: an empty square
				continue
			}
			cell.Blank, cell.Conf = true, 1-t.ink/blankBelow
			continue
		}
		if errs[i] != nil {
			return nil, errs[i]
		}
		rd := again[i]
		// No letter at all, even from several crops: a blank whose face
		// shows a pattern or shading the contrast test took for ink (a
		// blurred board's letters are faint too). Said unsure.
		if rd.Conf < noLetterConf {
			if weak[t.r][t.c] {
				out.Cells[r][c] = nil
				continue
			}
			cell.Blank, cell.Conf = true, noLetterBlankConf
			continue
		}
		cell.Letter, cell.Conf = rd.Letter, rd.Conf
		// The first read (any way up, the value number left in) and this
		// one disagree: the letter is not sure, whatever this read's
		// confidence, unless (the board's way up known) the tile's value
		// number says it is this one and not the first's (settleByValue).
		if first := t.rd.Letter; first != rd.Letter && !turnAlike(first, rd.Letter) {
			says := 0
			if upright {
				says = settleByValue(turnCrop(t.crop, f.rot), rd.Letter, first)
			}
			cell.Conf = doubtConf(cell.Conf, says)
		}
		if out.Blurred {
			cell.Conf = min(cell.Conf, blurredConf)
		}
		// No clear vote said which side is up: each letter was read at
		// whatever angle suited it best, and a letter turned may read as
		// another (N and Z, M and W, a blurred E and S). Only a letter
		// that looks the same at every quarter turn stays as sure as
		// read.
		if !out.Oriented && !sameEveryTurn(rd.Letter) {
			cell.Conf = min(cell.Conf, unorientedConf)
		}
	}
	// A blank whose face is its print's, not the tiles' (a tile's shadow
	// or edge across an empty square), is an empty square.
	var blanks, letters [][2]int
	for _, t := range tiles {
		r, c := boardPos(t.r, t.c, f.rot)
		if cell := out.Cells[r][c]; cell != nil && cell.Blank {
			blanks = append(blanks, [2]int{t.r, t.c})
		} else if cell != nil {
			letters = append(letters, [2]int{t.r, t.c})
		}
	}
	var printLike [][2]int // board order
	for i, empty := range printLikeBlanks(&looks, &occ, &covered, blanks, letters) {
		if empty {
			r, c := boardPos(blanks[i][0], blanks[i][1], f.rot)
			printLike = append(printLike, [2]int{r, c})
		}
	}
	// Where the premium layout around a tile says the grid lies a square
	// off (misplaced), the grid is not where the board is over part of
	// it: that tile may be the letter of the square beside it, and so
	// may others where the grid is less than a square off (a square half
	// off looks like no print, and the layout cannot tell). No tile of
	// such a board is shown sure.
	for _, t := range tiles {
		if offPlace[t.r][t.c] {
			out.Misplaced++
		}
	}
	if out.Misplaced > 0 || f.rough {
		for _, t := range tiles {
			r, c := boardPos(t.r, t.c, f.rot)
			if cell := out.Cells[r][c]; cell != nil {
				cell.Conf = min(cell.Conf, misplacedConf)
			}
		}
	}
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			br, bc := boardPos(r, c, f.rot)
			if !f.inView(r, c) {
				out.Unseen[br][bc] = true
			} else if covered[r][c] {
				out.Covered[br][bc] = true
			}
		}
	}
	coverFingers(&out.Cells, &out.Covered)
	// (after coverFingers: a blank beside a hand's squares is its
	// fingertip, said covered with them, whatever its colour)
	for _, p := range printLike {
		if cell := out.Cells[p[0]][p[1]]; cell != nil && cell.Blank && !out.Covered[p[0]][p[1]] {
			out.Cells[p[0]][p[1]] = nil
		}
	}
	keepBlanks(&out.Cells, out.Blurred)
	beyondSet(&out.Cells)
	dropLoneTiles(&out.Cells, &out.Unseen, &out.Covered)
	for i, pt := range [4][2]float64{{0, 0}, {Size, 0}, {Size, Size}, {0, Size}} {
		out.Corners[i] = f.px(pt[0], pt[1])
	}
	out.Elapsed = time.Since(start)
	return out, nil
}

// dropLoneTiles empties the squares read as a tile that touches no
// other tile (no square beside it, across or down, holds one) and shows
// no sure sign of a tile: a blank, or a letter read under loneConf.
// Every tile on a Scrabble board is part of a word of two letters or
// more, so a lone tile is either an empty square taken for one (a
// shadow, a glare, a hand) or a tile whose neighbours were missed. On the
// tune sets (render seeds 1-6, crowded 7001-7064 and 8001-8016) the lone
// tiles were 18 empty squares, every one read as a blank or under 0.2,
// and 31 tiles, two of them so read (a blank and a W read M at 0.14).
//
// A square out of view beside a tile may hold its word's other letters:
// such a tile is kept.
func dropLoneTiles(cells *[Size][Size]*Cell, unseen, covered *[Size][Size]bool) {
	var lone [][2]int
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			cell := cells[r][c]
			if cell == nil || (!cell.Blank && cell.Conf >= loneConf) {
				continue
			}
			touches := false
			for _, d := range [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
				rr, cc := r+d[0], c+d[1]
				if rr >= 0 && rr < Size && cc >= 0 && cc < Size && (cells[rr][cc] != nil || unseen[rr][cc] || covered[rr][cc]) {
					touches = true
				}
			}
			if !touches {
				lone = append(lone, [2]int{r, c})
			}
		}
	}
	for _, p := range lone {
		cells[p[0]][p[1]] = nil
	}
}

// keepBlanks empties the squares read as blanks beyond the set's two
// (scoring/scrabble.Blanks), keeping the two read most surely: a set has
// two blank tiles, so a board read with more has empty squares taken for
// blanks (a hand's shadow, glare over a corner: squares unlike their
// print, showing no letter). Not on a board whose letters the reader
// cannot read (blurred, or not one letter read): there a blank may be a
// tile whose letter was not read, and is said unsure instead.
func keepBlanks(cells *[Size][Size]*Cell, blurred bool) {
	var blanks [][2]int
	letters := 0
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if cell := cells[r][c]; cell != nil {
				if cell.Blank {
					blanks = append(blanks, [2]int{r, c})
				} else {
					letters++
				}
			}
		}
	}
	if len(blanks) <= rules.Blanks || blurred || letters == 0 {
		return
	}
	sort.SliceStable(blanks, func(i, j int) bool {
		return cells[blanks[i][0]][blanks[i][1]].Conf > cells[blanks[j][0]][blanks[j][1]].Conf
	})
	for _, p := range blanks[rules.Blanks:] {
		cells[p[0]][p[1]] = nil
	}
}

// beyondSet says unsure every tile read as a letter the board shows more
// often than the set holds (scoring/scrabble.LetterCount: nine I, four
// S, one J, ...): at least one of them is another letter, and the
// reading cannot tell which. A board whose letters a motion blur smears
// into upright bars reads a third of its tiles I, some of them sure
// (render-set --game scrabble --difficulty hard --scr-print mixed --seed
// 112804, scene 19: 15 of 31 tiles read I, an E and an L among them
// sure). A blank is counted apart (keepBlanks). Another language's set
// holds more of some letters (the French fifteen E): its tiles so read
// are unsure, not wrong.
func beyondSet(cells *[Size][Size]*Cell) {
	var n [26]int
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if cell := cells[r][c]; cell != nil && !cell.Blank && len(cell.Letter) == 1 && cell.Letter[0] >= 'A' && cell.Letter[0] <= 'Z' {
				n[cell.Letter[0]-'A']++
			}
		}
	}
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			cell := cells[r][c]
			if cell == nil || cell.Blank || len(cell.Letter) != 1 || cell.Letter[0] < 'A' || cell.Letter[0] > 'Z' {
				continue
			}
			if l := cell.Letter[0]; n[l-'A'] > rules.LetterCount(l) {
				cell.Conf = min(cell.Conf, beyondSetConf)
			}
		}
	}
}

// beyondSetConf is the most a tile's letter is read at where the board
// shows more of that letter than the set holds (beyondSet).
const beyondSetConf = 0.5

// loneConf: a lone tile read under this confidence is dropped
// (dropLoneTiles).
const loneConf = 0.2

// turnCrop is a picture-order crop as frame.crop cuts it from the board
// turned by rot (frame.grid): the same samples, moved.
func turnCrop(m *image.RGBA, rot int) *image.RGBA {
	if rot == 0 {
		return m
	}
	s := m.Rect.Dx()
	out := image.NewRGBA(m.Rect)
	for v := 0; v < s; v++ {
		for u := 0; u < s; u++ {
			// frame.grid on the unit square: the board crop's pixel
			// (u, v) is the picture-order crop's (gu, gv).
			gu, gv := u, v
			switch rot {
			case 1:
				gu, gv = v, s-1-u
			case 2:
				gu, gv = s-1-u, s-1-v
			case 3:
				gu, gv = s-1-v, u
			}
			copy(out.Pix[v*out.Stride+4*u:v*out.Stride+4*u+4], m.Pix[gv*m.Stride+4*gu:gv*m.Stride+4*gu+4])
		}
	}
	return out
}

// letterConf: a seed of occupancy's shows a letter when the reader reads
// one with this confidence (its "no tile" is a letter's rival).
const letterConf = 0.5

// unsureConf: a reading under this confidence is not sure.
const unsureConf = 0.9

// voteCrops are the crops an unsure tile is read again from: margin, and
// shift right and down, in squares.
var voteCrops = [][3]float64{
	{0.05, 0, 0}, {0.18, 0, 0},
	{cropMargin, 0.06, 0}, {cropMargin, -0.06, 0}, {cropMargin, 0, 0.06}, {cropMargin, 0, -0.06},
}

// cropMargin is the margin, a fraction of the square on each side, of
// the crops handed to the reader: the reader was trained on tiles cut
// with a little of their surroundings.
const cropMargin = 0.1

// The letters turn the board when their votes (the readers' confidence
// summed per quarter turn) give one turn at least minVote, and voteMargin
// times the other turns' together: letters too blurred to read vote all
// ways, and then the photo's own order is kept. The turn is sure where
// some letter of it is read sure (unsureConf) or its votes reach
// unsureVote; else the board is read in that turn as before, but the
// reading says its turn is unsure (Reading.Oriented false, and no letter
// but O and X sure): on a bare board under a hand a few squares of
// fingers and shadow read as unsure letters chose a turn the board does
// not have (two of the 120 tuning scenes of scrhand,
// docs/scrabble-vision.md: winning votes 1.21 and 1.74, from three
// squares each), where the boards with tiles whose winning turn no
// letter reads sure gave it 1.77-14.9.
const (
	minVote    = 1.0
	voteMargin = 2.0
	unsureVote = 2.0
)

// chooseTurn is the quarter turn the letters' votes choose (votes: the
// readers' confidence summed per turn; sure: some letter of that turn
// read at unsureConf or more), whether they choose one, and whether that
// turn is sure.
func chooseTurn(votes [4]float64, sure [4]bool) (best int, ok, isSure bool) {
	for k := 1; k < 4; k++ {
		if votes[k] > votes[best] {
			best = k
		}
	}
	others := votes[0] + votes[1] + votes[2] + votes[3] - votes[best]
	ok = votes[best] >= minVote && votes[best] >= voteMargin*others
	return best, ok, ok && (sure[best] || votes[best] >= unsureVote)
}

// blurredConf is the most a letter of a blurred photo is trusted.
const blurredConf = 0.5

// blankContrast: a tile whose letter's contrast (inkContrast) is under
// this share of the board's tiles' median is a blank.
const blankContrast = 0.4

// readAgain reads a tile's first crop (picture order, whitened) again
// with the board turned as its letters stand (Scan): the crop turned, its
// value number dropped once the board's way up is known. An unsure
// reading is read again from several crops, cut a little shifted and
// wider or narrower, their probabilities averaged (ocr.VoteReader): where
// a tile lies a little off its square, or its value number crowds the
// letter, one crop misleads the reader.
func readAgain(f *frame, reader TileReader, first *image.RGBA, r, c, size int, oriented bool) (ocr.Reading, error) {
	crop := turnCrop(first, f.rot)
	up := crop           // upright, its value number in: where the value is read
	var kept *image.RGBA // the crop with a mark only its letter places as a value left in
	if oriented {
		var byLetter bool
		if crop, byLetter = clearValueBy(crop); byLetter {
			kept = dropValue(turnCrop(first, f.rot))
		}
	}
	rd, rival, err := readVotingRival(reader, crop, func() []image.Image {
		var crops []image.Image
		for _, v := range voteCrops {
			m := whiten(f.cropAt(r, c, v[0], size, v[1], v[2]))
			if oriented {
				m = clearValue(m)
			}
			crops = append(crops, m)
		}
		return crops
	}, ocr.Known{Tile: true, HasAngle: oriented})
	if err != nil {
		return rd, fmt.Errorf("scrabble: reading square %d,%d: %w", r, c, err)
	}
	// Read unsure, the shape torn between two letters: where the value
	// number says which (settleByValue), the letter it names is as sure
	// as the two together (the shape's doubt was only which of them);
	// where it names the runner-up, the tile is read as the runner-up,
	// but not sure (valueAgainstConf at most): the value may be another
	// edition's.
	if oriented && rd.Conf < unsureConf && rival.Letter != "" && rival.Conf >= rivalConf {
		switch says := settleByValue(up, rd.Letter, rival.Letter); {
		case says > 0:
			rd.Conf = min(rd.Conf+rival.Conf, 1)
		case says < 0:
			rd.Letter, rd.Angle, rd.Conf = rival.Letter, rival.Angle, min(rd.Conf+rival.Conf, valueAgainstConf)
		}
	}
	// A mark painted out only because it stands where the letter's value
	// would (clearValue) may be the letter's own stroke the whitening
	// broke off (an L's foot): where the crop with it left in names
	// another letter, this one is not sure, unless the value number says
	// it is this one and not the other (settleByValue).
	if kept != nil && rd.Conf >= unsureConf {
		if k, err := readTile(reader, kept, ocr.Known{Tile: true, HasAngle: true}); err == nil && k.Letter != rd.Letter {
			rd.Conf = doubtConf(rd.Conf, settleByValue(up, rd.Letter, k.Letter))
		}
	}
	return rd, nil
}

// settleByValue is what the value number printed on a tile (its upright
// crop, whitened, the value left in) says of its letter where two reads
// of its shape named letter and rival: +1 letter, -1 rival, 0 nothing
// (valueSays). The value is read only for a pair it settles.
func settleByValue(up *image.RGBA, letter, rival string) int {
	if !valuePair(letter, rival) {
		return 0
	}
	v, ok := readValue(up)
	return valueSays(v, ok, letter, rival)
}

// doubtConf is a letter's confidence conf where two reads of its shape
// disagree and its value number says says (settleByValue): as read
// where the value names it, valueAgainstConf at most where the value
// names the other, else disagreeConf at most.
func doubtConf(conf float64, says int) float64 {
	switch {
	case says > 0:
		return conf
	case says < 0:
		return min(conf, valueAgainstConf)
	}
	return min(conf, disagreeConf)
}

// valueAgainstConf is the most a letter is trusted when its value
// number names the other letter its shape was read as.
const valueAgainstConf = 0.5

// rivalConf: a runner-up read with this confidence or more is a letter
// the shape offers (readAgain); a lesser one is noise the value number
// does not raise a letter over.
const rivalConf = 0.1

// readVoting reads crop; where that reading is unsure and the reader can
// vote (ocr.VoteReader), crop and the others (made only then) are read
// together and their probabilities averaged.
func readVoting(reader TileReader, crop image.Image, others func() []image.Image, k ocr.Known) (ocr.Reading, error) {
	rd, _, err := readVotingRival(reader, crop, others, k)
	return rd, err
}

// readVotingRival is readVoting, and where the crops were read together
// by a reader that names the runner-up (ocr.RivalReader), that letter
// (else a Reading with no letter).
func readVotingRival(reader TileReader, crop image.Image, others func() []image.Image, k ocr.Known) (rd, rival ocr.Reading, err error) {
	rd, err = readTile(reader, crop, k)
	if err != nil {
		return rd, rival, err
	}
	if vr, ok := reader.(ocr.VoteReader); ok && rd.Conf < unsureConf {
		if more := others(); len(more) > 0 {
			all := append([]image.Image{crop}, more...)
			if rr, ok := reader.(ocr.RivalReader); ok {
				if vote, second, err := rr.ReadVoteRival(all, k); err == nil {
					rd, rival = vote, second
				}
			} else if vote, err := vr.ReadVote(all, k); err == nil {
				rd = vote
			}
		}
	}
	return rd, rival, nil
}

func readTile(rd TileReader, crop image.Image, k ocr.Known) (ocr.Reading, error) {
	if kr, ok := rd.(ocr.KnownReader); ok {
		return kr.ReadKnown(crop, k)
	}
	if lr, ok := rd.(ocr.LetterReader); ok && k.Tile {
		return lr.ReadLetter(crop)
	}
	return rd.Read(crop)
}

// symmetricLetter: letters that look alike turned, which say nothing of
// the board's direction.
func symmetricLetter(s string) bool {
	switch s {
	case "H", "I", "N", "O", "S", "X", "Z":
		return true
	}
	return false
}

// turnAlike: two letters one of which, turned, looks like the other (the
// first read, not told which way is up, may take either).
func turnAlike(a, b string) bool {
	if a > b {
		a, b = b, a
	}
	switch a + " " + b {
	case "N Z", "M W", "C U", "L T", "L V":
		return true
	}
	return false
}

// A tile whose best letter, read upright (and from several crops when
// unsure), has less than noLetterConf is a blank, with conf
// noLetterBlankConf (not sure). On the render sets of seeds 1-3, 14 of
// the 17 blanks read as letters were read under 0.1, and 2 of the 17
// lettered tiles read so were read right.
const (
	noLetterConf      = 0.1
	noLetterBlankConf = 0.5
)

// disagreeConf is the most a letter is trusted when the tile's two reads
// (any way up, then upright) name different letters.
const disagreeConf = 0.6

// rotForAngle is the board's quarter turn (frame.rot) for letters read
// at k quarter turns counter-clockwise in the picture-order crops.
func rotForAngle(k int) int { return k }

// boardPos maps a square in the picture's order to the board's for the
// quarter turn rot (the inverse of frame.grid on squares).
func boardPos(r, c, rot int) (int, int) {
	const n = Size - 1
	switch rot {
	case 1:
		// grid (x=c', y=r') = (row, n-col) of the board
		return c, n - r
	case 2:
		return n - r, n - c
	case 3:
		return n - c, r
	}
	return r, c
}

var debugVotes = func([4]float64) {}
