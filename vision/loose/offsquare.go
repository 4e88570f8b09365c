package loose

import (
	"fmt"
	"image"
	"math"

	"gocv.io/x/gocv"

	"github.com/tilescope/tilescope/internal/blobs"
	"github.com/tilescope/tilescope/internal/parallel"
	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/scrabble"
)

// Tiles lying anyhow on a printed board (issue 15): tiles poured out on a
// board, or pushed off their squares, lie across two or four squares,
// turned. The board's reader (onBoard) compares each square with the
// board's empty squares: a tile across squares covers none of them
// wholly, so it is missed, or a square holding part of it is read as a
// tile (half a letter). The board itself tells where to look: seen from
// above (its homography), a tile is a square's size and its letter about
// half a square tall, so every dark mark of a letter's size on the grid
// is a letter of a tile, wherever it lies, and the board's print (its
// premium squares' words, a fraction of a square tall; its lines, a
// square long and more) is not. offSquares puts a square round each such
// mark, turned as its strokes run, and reads it as the board's squares
// are read (readOffSquares). A tile so read that lies off the squares
// (its centre off a square's centre, or turned off the board's axes),
// or in a square the board's reader left empty, stands for the board's
// readings of the squares it lies on: they are the same tile, or
// nothing.

// offPitch is the rectified board's scale, pixels a square.
const offPitch = 64

// offInk is how much darker than its surroundings (the black-hat, a
// kernel of half a square) a pixel of a tile's letter is on the
// rectified board: wood's dark letters stand 60-120 levels under it.
const offInk = 40

// offLetterMin and offLetterMax bound a letter's longer extent on the
// rectified board, in squares: a Scrabble letter is about half a square
// tall (0.6 and more turned 45 degrees, an I's stroke 0.4), a premium
// square's words a tenth, a line a square or more.
const (
	offLetterMin = 0.3
	offLetterMax = 0.8
)

// offSide is a tile's side in squares.
const offSide = 0.92

// offCentre and offTurn tell a tile lying off its squares: its centre
// more than offCentre squares from the nearest square's centre, or
// turned more than offTurn degrees off the board's axes.
const (
	offCentre = 0.35
	offTurn   = 15.0
)

// offBoardNear is how close, in squares, a board's tile lies to a tile off
// the squares when it is the square's reading of part of that tile:
// two tiles that do not overlap stand 0.92 squares apart or more.
const offBoardNear = 0.8

// offSame is how close, in squares, a board's tile reading the same
// letter lies to a tile seen off the squares when they are one tile.
const offSame = 0.6

// offInside is how far inside the grid's edge, in squares, a tile's
// centre lies: a tile lying on the board lies on its grid, its centre
// half a side inside it at least; at the grid's edge the board's rim
// and the words of a premium square beside it make marks of a
// letter's size.
const offInside = 0.45

// inGrid says whether board point (x, y) lies offInside inside the grid.
func inGrid(x, y float64) bool {
	lo, hi := offInside, float64(scrabble.Size)-offInside
	return x >= lo && x <= hi && y >= lo && y <= hi
}

// offTheSquares says whether a tile centred at board point (cx, cy), its
// sides turned deg degrees off the board's axes, lies off the squares.
func offTheSquares(cx, cy, deg float64) bool {
	dc := math.Hypot(cx-math.Floor(cx)-0.5, cy-math.Floor(cy)-0.5)
	turn := math.Abs(deg - 90*math.Round(deg/90))
	return dc > offCentre || turn > offTurn
}

// offSquares looks for tiles lying off the board's squares (above) and
// returns the board's reading with them in place of the squares they
// lie on. br is the board's reading (its tiles in img's coordinates),
// board the board found.
func offSquares(img image.Image, br *Reading, board *printedBoard, opt Options) (*Reading, error) {
	if board == nil || br == nil || opt.Reader == nil || opt.NoVerify {
		return br, nil
	}
	src := opt.rgbOf(img)
	min0 := img.Bounds().Min
	toPhoto := board.toBoard.Inverse()
	// The board's reader measures from the picture's corner, as src
	// does; the board's tiles are in img's own coordinates (inImage).
	photo := func(x, y float64) Point {
		p := toPhoto.Apply(vision.Point{X: x, Y: y})
		return Point{X: p.X, Y: p.Y}
	}
	toBoard := func(p Point) vision.Point {
		return board.toBoard.Apply(vision.Point{X: p.X, Y: p.Y})
	}
	ownBoard := func(p Point) vision.Point {
		return toBoard(Point{X: p.X - float64(min0.X), Y: p.Y - float64(min0.Y)})
	}
	n := scrabble.Size * offPitch
	gray := make([]byte, n*n)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			p := photo((float64(x)+0.5)/offPitch, (float64(y)+0.5)/offPitch)
			if p.X < 0 || p.Y < 0 || p.X > float64(src.w-1) || p.Y > float64(src.h-1) {
				gray[y*n+x] = 255
				continue
			}
			r, g, b := src.bilinear(p.X, p.Y)
			gray[y*n+x] = byte((299*int(r) + 587*int(g) + 114*int(b)) / 1000)
		}
	}
	gm, err := gocv.NewMatFromBytes(n, n, gocv.MatTypeCV8U, gray)
	if err != nil {
		return br, nil
	}
	defer gm.Close()
	ink := blackHat(gm, offPitch/2)
	marks := inkMarks(ink, n, offInk)
	shifts := letterShifts(marks, br.Tiles, ownBoard)
	// vacant: no tile of the board's reading within offBoardNear of
	// board point (x, y).
	vacant := func(x, y float64) bool {
		for _, bt := range br.Tiles {
			bc := ownBoard(bt.Center)
			if math.Hypot(bc.X-x, bc.Y-y) < offBoardNear {
				return false
			}
		}
		return true
	}
	var cands []Tile
	for _, m := range marks {
		ext := math.Max(m.x1-m.x0+1, m.y1-m.y0+1) / offPitch
		if ext < offLetterMin || ext > offLetterMax {
			continue
		}
		cx, cy := m.cx/offPitch, m.cy/offPitch
		if !inGrid(cx, cy) {
			continue
		}
		// The strokes' direction round the mark (modulo 90 degrees).
		w := offPitch
		x0, y0 := max(int(m.cx)-w/2, 0), max(int(m.cy)-w/2, 0)
		x1, y1 := min(x0+w, n), min(y0+w, n)
		win := make([]float64, 0, w*w)
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				win = append(win, float64(gray[y*n+x]))
			}
		}
		a := gradientAngle(win, x1-x0, y1-y0) * math.Pi / 180
		s, c := math.Sincos(a)
		var q [4]Point
		for i, d := range [4][2]float64{{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}} {
			u, v := d[0]*offSide, d[1]*offSide
			q[i] = photo(cx+c*u-s*v, cy+s*u+c*v)
		}
		// Off the squares seen as a tile's top (shifted) and as the
		// board's print (a premium square's words, centred on it).
		sx, sy := shiftAt(shifts, cx, cy)
		if (!offTheSquares(cx-sx, cy-sy, a*180/math.Pi) || !offTheSquares(cx, cy, a*180/math.Pi)) && !vacant(cx, cy) {
			// In a square: the board's reader, which compares it
			// with the board's empty squares of its print, has
			// read it (a tile) or seen it empty (a premium
			// square's words on its one colour). Where it read no
			// tile near, the square is read here too: a tile lying
			// nearly in a square, its gap and edge off the
			// square's, which the board's reader missed.
			continue
		}
		g := photo(cx, cy)
		if oneColour(gray, ink, n, cx, cy, a) < offOneColour {
			continue
		}
		cands = append(cands, Tile{Corners: q, Center: centroid(q), Side: meanSide(q), glyph: g, hasGlyph: true, byLetter: true, Row: -1, Col: -1})
	}
	if len(cands) == 0 {
		return br, nil
	}
	read, err := readOffSquares(src, cands, opt.Reader)
	if err != nil {
		return nil, err
	}
	read = dropDoubles(read)
	// In the board's squares: the board's own reading stands for a tile
	// lying in its square. Off them: the tile read round its letter
	// stands for the squares it lies on.
	out := &Reading{Rows: br.Rows, Cols: br.Cols, Pitch: br.Pitch, Orientation: br.Orientation, OffLattice: br.OffLattice}
	drop := make([]bool, len(br.Tiles))
	var add []Tile
	for _, t := range read {
		if t.Letter == "" || t.Letter == "?" {
			continue
		}
		c := toBoard(t.Center)
		if !inGrid(c.X, c.Y) {
			continue
		}
		a := toBoard(t.Corners[1])
		b := toBoard(t.Corners[0])
		sx, sy := shiftAt(shifts, c.X, c.Y)
		deg := math.Atan2(a.Y-b.Y, a.X-b.X) * 180 / math.Pi
		if (!offTheSquares(c.X-sx, c.Y-sy, deg) || !offTheSquares(c.X, c.Y, deg)) && !vacant(c.X, c.Y) {
			continue
		}
		var near, under []int
		same, sameAt := false, -1
		var foot [4]vision.Point
		for k, p := range t.Corners {
			foot[k] = toBoard(p)
		}
		for i, bt := range br.Tiles {
			bc := ownBoard(bt.Center)
			d := math.Hypot(bc.X-c.X, bc.Y-c.Y)
			if d < offBoardNear {
				near = append(near, i)
			} else if covers(foot, math.Floor(bc.X), math.Floor(bc.Y)) >= offCover {
				under = append(under, i)
			}
			// The board's tile read the same: the same tile in its
			// square, its top seen off it (a tile stands above the
			// board, and a tilted camera sees its top shifted).
			if d < offSame && bt.Letter == t.Letter && !same {
				same, sameAt = true, i
			}
		}
		if same {
			// The board's tile in its square, or the board's reading of
			// one of the squares the tile lies across: the others it
			// covers are the same tile (or nothing) where the board is
			// less sure of them.
			for _, i := range append(near, under...) {
				if i != sameAt && br.Tiles[i].Conf < t.Conf {
					drop[i] = true
				}
			}
			continue
		}
		// The board's reading of the squares near it stands where it
		// is surer (a tile in its square whose letter the crop round
		// a mark misread).
		surer := false
		for _, i := range near {
			surer = surer || br.Tiles[i].Conf >= t.Conf
		}
		if surer {
			continue
		}
		// The squares under it (near its letter, or a quarter of them
		// covered by the square round it) are the same tile, or
		// nothing.
		for _, i := range append(near, under...) {
			drop[i] = true
		}
		if len(near) > 0 {
			// The board read another letter where it lies: the tile
			// stands, unsure.
			t.Conf = math.Min(t.Conf, offDisputed)
		}
		t.Row, t.Col = -1, -1
		add = append(add, t)
	}
	for i, bt := range br.Tiles {
		if !drop[i] {
			out.Tiles = append(out.Tiles, bt)
		}
	}
	inImage(add, img.Bounds())
	out.Tiles = append(out.Tiles, add...)
	out.OffLattice += len(add)
	return out, nil
}

// offUpConf is the confidence the Scrabble squares' reader needs on a
// square round a letter seen off the squares, the letter stood upright
// and its value dropped (scrabble.ReadSquareUpright, which always names
// a letter): wooden tiles lying off the squares read 0.42-1 on the
// tuning composites, the board's print and a board's own tile cut
// across by the square 0.35 and under; on the hard 4032 px renders
// (tilt up to 40 degrees, blur) pieces of the letters of tiles in their
// squares read as I at 0.43-0.66.
const offUpConf = 0.7

// readOffSquares reads the squares round the letters seen off the
// board's squares as vision/scrabble reads a board's tiles: they are
// Scrabble tiles on a Scrabble board, which the reader of loose tiles
// calls no tile on many clear crops (a wooden face, its value beside
// the letter). Each square is read as a square's crop
// (scrabble.ReadSquare), which tells whether it holds a letter and how
// it is turned; then turned so that its letter stands upright (every
// quarter turn where the first reading saw none) and read again with
// its value dropped (scrabble.ReadSquareUpright, voting with the square
// cut with a margin 0.05 narrower and wider where unsure), the surest
// turn kept.
// A square read under offUpConf is dropped; each tile's corners are
// turned so that the first is its letter's top-left.
func readOffSquares(src rgbImage, tiles []Tile, rd Reader) ([]Tile, error) {
	type res struct {
		r ocr.Reading
		k int
	}
	reads := make([]res, len(tiles))
	errs := make([]error, len(tiles))
	grow := 1 + 2*scrabble.SquareMargin
	sopt := scrabble.Options{Reader: rd}
	parallel.For(len(tiles), func(i int) {
		q := tiles[i].Corners
		first, err := scrabble.ReadSquare(rectify(src, q, 64, grow), sopt)
		if err != nil {
			errs[i] = err
			return
		}
		turns := []int{0, 1, 2, 3}
		if first.Letter != "" {
			turns = []int{int(math.Round(first.Angle/90)) % 4}
		}
		best := res{k: -1}
		for _, k := range turns {
			qk := rotateCorners(q, -k)
			// A reading under the board's sure level is voted on
			// by the square with a narrower and a wider margin
			// too (the square round a letter is not the tile's).
			crops := []*image.RGBA{rectify(src, qk, 64, grow), rectify(src, qk, 64, grow-0.1), rectify(src, qk, 64, grow+0.1)}
			up, err := scrabble.ReadSquareUpright(crops, sopt)
			if err != nil {
				errs[i] = err
				return
			}
			if best.k < 0 || up.Conf > best.r.Conf {
				best = res{r: up, k: k}
			}
		}
		reads[i] = best
	})
	out := tiles[:0]
	for i, t := range tiles {
		if errs[i] != nil {
			return nil, fmt.Errorf("loose: reading the square round the letter at (%.0f, %.0f): %w", t.Center.X, t.Center.Y, errs[i])
		}
		r := reads[i]
		if r.r.Letter == "" || r.r.Conf < offUpConf {
			continue
		}
		t.Letter, t.Conf = r.r.Letter, r.r.Conf
		t.Corners = rotateCorners(t.Corners, -r.k)
		t.Angle = normDeg(outlineAngle(t.Corners))
		out = append(out, t)
	}
	return out, nil
}

// offDisputed is the most a tile read off the squares is reported sure
// of where it stands for a board's reading of another letter near it:
// one of the two readings is wrong, and a blurred stroke of a tile in
// its square read as a sure I (the hard renders) stands so.
const offDisputed = 0.85

// offCover is the share of a square a tile lying across it covers where
// the board's reading of that square is the tile's (part of it).
const offCover = 0.25

// covers is the share of the board's square (x0, y0)-(x0+1, y0+1) that
// the convex quad q (in board squares) covers, counted on a lattice of
// points over the square.
func covers(q [4]vision.Point, x0, y0 float64) float64 {
	const k = 8
	in := 0
	for j := 0; j < k; j++ {
		for i := 0; i < k; i++ {
			px, py := x0+(float64(i)+0.5)/k, y0+(float64(j)+0.5)/k
			if insideQuad(q, px, py) {
				in++
			}
		}
	}
	return float64(in) / (k * k)
}

// insideQuad says whether (x, y) lies inside the convex quad q (either
// winding).
func insideQuad(q [4]vision.Point, x, y float64) bool {
	pos, neg := false, false
	for i := range q {
		a, b := q[i], q[(i+1)%4]
		cr := (b.X-a.X)*(y-a.Y) - (b.Y-a.Y)*(x-a.X)
		pos = pos || cr > 0
		neg = neg || cr < 0
	}
	return !(pos && neg)
}

// letterShifts are where, in squares, the letters of the board's own
// tiles (in their squares) lie from their squares' centres, each at its
// square's centre (x, y, dx, dy), for the tiles whose square holds a
// letter-sized mark: a tile stands above the board, so a tilted camera
// sees its top (and letter) shifted off its square, the more the
// farther from the point under the camera, and a Scrabble letter stands
// a little off its tile's centre (its value beside it).
func letterShifts(marks []inkMark, tiles []Tile, toBoard func(Point) vision.Point) [][4]float64 {
	var out [][4]float64
	for _, t := range tiles {
		if t.Letter == "" {
			continue
		}
		c := toBoard(t.Center)
		best := 0.5
		var bx, by float64
		for _, m := range marks {
			ext := math.Max(m.x1-m.x0+1, m.y1-m.y0+1) / offPitch
			if ext < offLetterMin || ext > offLetterMax {
				continue
			}
			mx, my := m.cx/offPitch-c.X, m.cy/offPitch-c.Y
			if d := math.Hypot(mx, my); d < best {
				best, bx, by = d, mx, my
			}
		}
		if best < 0.5 {
			out = append(out, [4]float64{c.X, c.Y, bx, by})
		}
	}
	return out
}

// shiftAt is the letters' shift (letterShifts) at board point (x, y):
// the median of the board's tiles within offShiftNear squares, or of
// all of them where fewer than 2 lie so near; none with fewer than 2.
func shiftAt(shifts [][4]float64, x, y float64) (float64, float64) {
	var dx, dy, ax, ay []float64
	for _, s := range shifts {
		ax, ay = append(ax, s[2]), append(ay, s[3])
		if math.Hypot(s[0]-x, s[1]-y) <= offShiftNear {
			dx, dy = append(dx, s[2]), append(dy, s[3])
		}
	}
	if len(dx) >= 2 {
		return median(dx), median(dy)
	}
	if len(ax) >= 2 {
		return median(ax), median(ay)
	}
	return 0, 0
}

// offShiftNear is how near, in squares, the board's tiles whose letters'
// shift stands for a point's lie.
const offShiftNear = 3

// inkMark is a connected piece of ink: its bounds and centre.
type inkMark struct {
	x0, y0, x1, y1 float64
	cx, cy         float64
	n              int
}

// inkMarks are the 8-connected pieces of the n x n ink at level lvl or
// more.
func inkMarks(ink []byte, n int, lvl byte) []inkMark {
	_, comps := blobs.Label8(n, n, func(i int) bool { return ink[i] >= lvl })
	out := make([]inkMark, 0, len(comps)-1)
	for _, b := range comps[1:] {
		out = append(out, inkMark{
			x0: float64(b.X0), y0: float64(b.Y0), x1: float64(b.X1), y1: float64(b.Y1),
			cx: float64(b.SumX) / float64(b.N), cy: float64(b.SumY) / float64(b.N),
			n: b.N,
		})
	}
	return out
}

// boardDone finishes a board's reading: the tiles lying off its squares
// (offSquares) in place of the squares they lie on.
func boardDone(img image.Image, br *Reading, board *printedBoard, opt Options, done func(*Reading) (*Reading, error)) (*Reading, error) {
	r, err := offSquares(img, br, board, opt)
	if err != nil {
		return nil, err
	}
	return done(r)
}

// oneColour is the share of a tile's face (the middle 0.8 of a square
// of offSide round board point (cx, cy), turned by a radians; the
// rectified n x n board gray, its ink beside it), leaving out its ink,
// within offFaceTol levels of the face's median: a tile's face is one
// colour; a square of the print across its lines and premium squares
// is not.
func oneColour(gray, ink []byte, n int, cx, cy, a float64) float64 {
	s, c := math.Sincos(a)
	half := 0.4 * offSide
	var vals []float64
	steps := int(2 * half * offPitch)
	for j := 0; j < steps; j++ {
		for i := 0; i < steps; i++ {
			u := -half + (float64(i)+0.5)/offPitch
			v := -half + (float64(j)+0.5)/offPitch
			x := int((cx + c*u - s*v) * offPitch)
			y := int((cy + s*u + c*v) * offPitch)
			if x < 0 || y < 0 || x >= n || y >= n {
				continue
			}
			if ink[y*n+x] >= offInk/2 {
				continue
			}
			vals = append(vals, float64(gray[y*n+x]))
		}
	}
	if len(vals) == 0 {
		return 0
	}
	med := median(append([]float64(nil), vals...))
	k := 0
	for _, v := range vals {
		if math.Abs(v-med) <= offFaceTol {
			k++
		}
	}
	return float64(k) / float64(len(vals))
}

// offOneColour is the share of a face's pixels (its ink left out)
// within offFaceTol of its median a tile needs: a wooden tile's face
// measures 0.94-1 on the tuning photos and composites, a square of the
// print round a premium square's words or a line's crossing 0.35-0.90
// (0.85 let such a square on 163920 read as a sure E: TestOffSquares).
const offOneColour = 0.92

// offFaceTol is how far, in gray levels, a face's pixels lie from its
// median.
const offFaceTol = 20
