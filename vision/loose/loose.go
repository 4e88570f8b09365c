package loose

import (
	"errors"
	"fmt"
	"image"
	"math"
	"sort"
	"sync"
	"time"

	"github.com/tilescope/tilescope/ocr"
	"gocv.io/x/gocv"
)

// Sentinel errors a player can act on. Scan wraps them with the detail;
// callers match them with errors.Is and add the photo's name.
var (
	// ErrNoTiles: nothing in the picture looks like a tile.
	ErrNoTiles = errors.New("loose: no tiles found")
	// ErrTooDark: the picture is too dark to find tiles in.
	ErrTooDark = errors.New("loose: too dark")
	// ErrTooBlurred: the picture is too blurred to find tiles in.
	ErrTooBlurred = errors.New("loose: too blurred")
	// ErrEmptyImage: the image is nil or has no pixels.
	ErrEmptyImage = errors.New("loose: empty image")
	// ErrBadVerifier: a verifier text (verifier.txt) that does not parse.
	ErrBadVerifier = errors.New("loose: bad verifier")
)

// Reader reads one tile crop; ocr.Reader satisfies it. The crop handed to
// it is the tile rectified square (its edges along the crop's edges) with
// a margin of table around it; the reader names the letter and the quarter
// turn it stands in.
type Reader interface {
	Read(tile image.Image) (ocr.Reading, error)
}

// Point is a position in the photo, in pixels.
type Point struct{ X, Y float64 }

// Tile is one tile found in the photo.
type Tile struct {
	// Letter is what the reader saw: "A".."Z", "Qu", a Cyrillic letter or
	// an action name; "?" when there was no reader or it could not tell;
	// "" for a blank (Blank).
	Letter string
	// Blank: a Scrabble blank, a tile with nothing printed on it, seen on
	// a printed board (Options.OnBoard: the board's reader tells a blank
	// from an empty square). Lexicon's set has none; the layout text
	// leaves it out (LayoutText), the JSON reports it.
	Blank bool
	Conf  float64 // the reader's confidence, 0..1 (0 without a reader)
	// Angle is the tile's rotation in the photo, degrees counter-clockwise
	// from upright, in [0, 360): the rotation of the letter when it was
	// read, else of the tile's outline (modulo 90).
	Angle float64
	// Corners are the tile's top face: top-left, top-right, bottom-right,
	// bottom-left as the letter is read (as the outline lies when the
	// letter is unknown).
	Corners [4]Point
	Center  Point
	// Row and Col are the tile's place on the fitted lattice (0-based, row
	// 0 at the top of the layout); -1 when it is off the lattice.
	Row, Col int
	// Side is the tile's mean side length in pixels.
	Side float64
	// byLetter: found only as a square round a letter (no face outline
	// backs it); the reader must be sure of it.
	byLetter bool
	// face: the colour of a tile found in a printed lattice's square
	// (gridTiles), for telling blanks.
	face [3]float64
	// glyph: the centre of the letter found inside it (hasGlyph).
	glyph    Point
	hasGlyph bool
	// elong: the elongation of a letter square's glyph (see blob).
	elong float64
	// cues: what the verifier weighs (verify.go), set when read.
	cues    [nCues]float64
	hasCues bool
	// tiltAdded: joined by tiltMerge from the reading that did not
	// stand (tiltLetters leaves such a tile's letter as that look read
	// it).
	tiltAdded bool
	// cutShare: found by its face where the picture's edge cuts it
	// (cutFaces), the share of its square in view; 0 otherwise.
	cutShare float64
	// straight: read in tiltLook's straightened picture (its quad
	// carried back to the photo's pixels).
	straight bool
	// readOn, readQuad and readAs: the picture the tile's letter was
	// read on (its first pixel), the quad it was read in and the letter read
	// there (readTiles; nil where a vote of several crops named it), so
	// that sureAsTaken reads again only a letter read elsewhere. Scan
	// forgets them before it answers.
	readOn   *byte
	readQuad [4]Point
	readAs   string
}

// Reading is what one scan saw.
type Reading struct {
	Tiles []Tile
	// Rows and Cols are the size of the fitted lattice (the layout's
	// bounding box); 0 when no lattice was fitted.
	Rows, Cols int
	// Pitch is the lattice spacing in pixels near the layout's centre,
	// Orientation the direction of its columns axis (degrees,
	// counter-clockwise from the photo's x axis).
	Pitch, Orientation float64
	// OffLattice counts tiles that fit no lattice cell (or a taken one).
	OffLattice int
	Elapsed    time.Duration
	// board: read on a printed board or its print's lattice, whose own
	// lines gave the perspective (not looked at again straightened,
	// tiltLook).
	board bool
	// table: the loose search's reading of a table, no board, print's
	// lattice or print seen in the photo (tiltLook's second scan then
	// looks for none either).
	table bool
}

// Options steer a scan. The zero value finds tiles and fits the lattice
// without reading letters.
type Options struct {
	// Reader reads each tile; nil leaves letters as "?". The scan reads
	// several tiles at once (one goroutine a processor): Reader and the
	// Alternatives must be safe for concurrent use, as ocr's
	// classifiers are.
	Reader Reader
	// Alternatives are other readers (other alphabets): every tile is
	// read by each, and the reader most confident over the whole photo
	// names the letters (one table is one alphabet).
	Alternatives []Reader
	// Lattice says the tiles lie on a square lattice (Lexicon, Twists):
	// tiles joined in blocks are cut along it, and every tile gets its
	// row and column. False: tiles lie anyhow (Bananagrams), Row and Col
	// stay -1.
	Lattice bool
	// UprightFromLetters turns the lattice so that most letters stand
	// upright (Lexicon: the crossword is read one way up). Otherwise the
	// lattice's rows run along the photo's nearest axis (Twists: letters
	// face every player).
	UprightFromLetters bool
	// WorkSide is the longer side, in pixels, of the image the tiles are
	// searched in; 0 means 800.
	WorkSide int
	// CropSide is the side of each tile's rectified crop handed to the
	// reader; 0 means 64.
	CropSide int
	// KeepUnread keeps tiles the reader says are no tile (they are
	// dropped by default: a light patch of table, a card, a hand).
	KeepUnread bool
	// OnBoard says the tiles may lie on a printed 15x15 board (a Scrabble
	// board used as the table): with a Reader and Lattice, the board is
	// looked for too (by its lines alone, vision.FindGridLines), and where
	// one is found holding lettered tiles, its squares are the reading
	// (onBoard): on a board the search for loose tiles takes the print for
	// tiles and misses the tiles sunk in their squares. Where the loose
	// search reads fewer than minSure tiles sure, or the photo's colours
	// show a board's triple squares in their places (a steep board:
	// scrabble.PremiumBoard), or the lines' search saw many long lines
	// and no grid (a tilted board: boardLines), the board is looked for
	// by the finder's later stages too (vision.FindGridWhole). A board
	// found empty is print: loose tiles on it or its rim are left out.
	OnBoard bool
	// NoVerify skips the learned verifier (verify.go): Conf stays the
	// reader's own and no tile is dropped by it (for training it, and
	// measuring without it).
	NoVerify bool
	// Twists says the tiles are Scrabble Twists & Turns tiles (joined in
	// blocks, both alphabets, action tiles): the verifier trained on
	// Twists tables judges them (verify.go).
	Twists bool
	// NoSpecialist reads the letters with Reader alone, not pooled with
	// the reader of its alphabet trained on this package's crops of loose
	// tiles (letterReader: English on Lexicon tables, Russian on Twists
	// tables; for training that reader on the scan's crops).
	NoSpecialist bool
	// Clock times the scan; nil means time.Now.
	Clock func() time.Time
	// learning: scanning for the verifier's training (VerifySamples):
	// neither the verifier nor the hand rules it replaces drop a tile.
	learning bool
	// printed: the search for tiles on a printed background
	// (search.print), as Scan tries where few tiles are read sure and
	// no board is found.
	printed bool
	// lettersByCount: the search for letters outweighed by a few large
	// dark blobs (search.byCount), as a Lexicon table's scan tries where
	// the first search saw them (findOrLookAgain).
	lettersByCount bool
	// lettersOnFace: the search for letters whose size is that of the
	// blobs a light face surrounds (search.onFace), as a Lexicon table's
	// scan tries where the first search's letter-sized blobs mostly lie
	// on no face (findOrLookAgain).
	lettersOnFace bool
	// blurred: the search whose letters' ink level follows the photo's
	// strokes (search.blurred).
	blurred bool
	// lace: the search whose letters are, for each face colour, the
	// glyphs it surrounds (search.lace), as a Lexicon table's scan tries
	// where most letters stand on no face colour but the table's and no
	// board or print is seen (laceLook).
	lace bool
	// zoom: the search of a close-up (search.zoom), as lookAgain tries
	// where the tiles are large in the frame (closeLook).
	zoom float64
	// voteNoTile: a tile the reader calls no tile is read again by the
	// vote of several crops (voteRead), as an unsure one is (the cells
	// next to a Twists table's tiles, readVerified).
	voteNoTile bool
	// photo: the photo in packed RGB, converted once for the whole scan
	// (Scan sets it; nil converts the photo at each search).
	photo *packedPhoto
	// sharpen: a defocused photo is searched and read sharpened
	// (sharpened), where no printed board is seen (Scan sets it for a
	// Lexicon table).
	sharpen bool
	// asTaken: where photo is the photo sharpened (deblurredOf), the
	// photo as it was taken, in which the letters read sure are read
	// again (confirmAsTaken).
	asTaken *rgbImage
	// ownBlur: the blur of a photo in focus (working pixels) that
	// deblurredOf leaves in, taken off the measured one in quadrature
	// (gentlerLook); 0: the whole blur measured is deconvolved.
	ownBlur float64
	// noTilt: the photo is not looked at again straightened (tiltLook):
	// it is the straightened one.
	noTilt bool
	// boards: the board's searches of the photo (onBoard), made once
	// a Scan and shared by its looks (gentlerLook scans it again).
	boards *boardScans
	// noRim: the photo is not set in a rim of the table's colour
	// (rimScan): it is the rimmed one.
	noRim bool
	// noReread: the tiles not read sure are not read again from crops
	// fitted anew (rereadUnsure).
	noReread bool
	// off: the steps a test switched off (steps.go); zero, the
	// production scan.
	off step
	// trace: what a diagnostic test is shown of the scan (scanTrace);
	// nil, nothing.
	trace *scanTrace
	// verifier: the Lexicon verifier judging the scan in place of the
	// shipped one (a test weighing a step on a photo whose case the
	// verifier it was built under shows); nil, the shipped one.
	verifier *Verifier
}

// packedPhoto is one photo's packed RGB (toRGB), converted at the first
// search that needs it and shared by the scan's searches (the board's
// print, the loose search, the second looks), which only read it.
type packedPhoto struct {
	once sync.Once
	img  image.Image
	rgb  rgbImage
	// blur: the photo's blur at the working size (workingBlur),
	// measured once.
	blurOnce sync.Once
	blur     float64
}

// rgbOf is img in packed RGB: opt.photo's where Scan set it (its photo is
// img), a conversion of its own otherwise.
func (opt Options) rgbOf(img image.Image) rgbImage {
	p := opt.photo
	if p == nil {
		return toRGB(img)
	}
	p.once.Do(func() {
		p.rgb = toRGB(p.img)
		p.rgb.sc = &scaleCache{}
	})
	return p.rgb
}

// Scan finds the loose tiles in a photo, reads them and, with
// opt.Lattice, places them on the lattice. A Lexicon table (Lattice and a
// Reader, not Twists) whose search reads fewer than minSure tiles sure,
// or none at all, is searched again (lookAgain); a Twists table read by a
// reader whose search reads fewer than minSure tiles sure is searched
// again in its grey levels stretched, where they span few (scanStretched).
// A Lexicon table where no board or print is seen and most letters stand
// on no face (a patterned cloth's marks) is searched again with each face
// colour's own letters (laceLook).
func Scan(img image.Image, opt Options) (*Reading, error) {
	r, err := scan(img, opt)
	if r != nil {
		for i := range r.Tiles {
			r.Tiles[i].readOn = nil
		}
	}
	return r, err
}

// scan is Scan, the tiles still knowing the picture they were read on.
func scan(img image.Image, opt Options) (*Reading, error) {
	now := opt.Clock
	if now == nil {
		now = time.Now
	}
	start := now()
	if opt.Twists && !opt.OnBoard && opt.Reader != nil && !opt.learning && img != nil && !img.Bounds().Empty() {
		r, err := scanStretched(img, opt)
		if r != nil {
			r.Elapsed = now().Sub(start)
		}
		return r, err
	}
	if !opt.Lattice || opt.Reader == nil || img == nil || img.Bounds().Empty() || (!opt.OnBoard && opt.Twists) {
		return scanLoose(img, opt)
	}
	// Every search below looks at img: one conversion to RGB serves them.
	opt.photo = &packedPhoto{img: img}
	opt.boards = &boardScans{}
	opt.sharpen = !opt.Twists && !opt.learning
	r, err := scanLattice(img, opt, now, start)
	if opt.sharpen {
		r, err = gentlerLook(img, opt, r, err, func(o Options) (*Reading, error) { return scanLattice(img, o, now, start) })
		if r != nil {
			r.Elapsed = now().Sub(start)
		}
	}
	var tiltOther []Tile
	if err == nil && r != nil && !r.board && !opt.noTilt && !opt.Twists && !opt.learning {
		r, tiltOther = tiltLook(img, opt, r, now, start)
	}
	if err == nil && r != nil && !r.board && !opt.noRim && !opt.Twists && !opt.learning {
		cutUnsure(r.Tiles, img.Bounds())
		r = rimLook(img, opt, r, now, start)
	}
	if err == nil && r != nil && !r.board && !opt.noReread && !opt.Twists && !opt.learning && verifies(opt) {
		rereadScan(img, opt, r)
	}
	if err == nil && r != nil && !r.board && !opt.noTilt && !opt.noRim && !opt.Twists && !opt.learning && verifies(opt) {
		r = farLook(img, opt, r)
	}
	if err == nil && r != nil && len(tiltOther) > 0 && !opt.noRim && opt.runs(stepTiltLetters) {
		// Not within the rim's scan: its reading is weighed against
		// the photo's as its looks read it (rimLook), and the photo's
		// own scan gives the final tiles their letters once.
		tiltLetters(r.Tiles, tiltOther)
	}
	if err == nil && r != nil && !r.board && !opt.Twists && !opt.learning && opt.runs(stepAsTaken) && verifies(opt) {
		sureAsTaken(opt.rgbOf(img), r.Tiles, opt)
	}
	if err == nil && r != nil && !r.board && !opt.noTilt && !opt.noRim && !opt.Twists && !opt.learning && verifies(opt) {
		finalSteps(opt.rgbOf(img), r, opt)
	}
	if errors.Is(err, ErrTooDark) && !opt.Twists {
		if dr, ok := darkLook(img, opt, now, start); ok {
			return dr, nil
		}
	}
	return r, err
}

// darkLook scans a Lexicon table too dark to search (ErrTooDark: dark
// felt in dim light, its letters under the ink level) again with the
// photo's grey levels stretched where they span few (stretchContrast),
// as scanStretched does for a Twists table, but smoothed first
// (darkSmooth): stretched, a dim photo's noise is as dark against the
// felt as letters are against their faces, and sets the letters' size
// and spacing. Its reading stands (ok) where it reads at least
// minDarkSure tiles sure: a crossword is several tiles, a mark of a
// stretched table read as a letter one. Its tiles are then reported
// unsure (Conf at most darkConf): their letters are read from levels
// stretched three or four times, noise and all, and the reader is
// sometimes sure of a wrong one (a W read A at 0.90).
func darkLook(img image.Image, opt Options, now func() time.Time, start time.Time) (*Reading, bool) {
	ws := opt.WorkSide
	if ws <= 0 {
		ws = 800
	}
	src := opt.rgbOf(img)
	sm, err := darkSmooth(src, darkSigma*float64(max(src.w, src.h))/float64(ws))
	if err != nil {
		return nil, false
	}
	st, ok := stretchContrast(sm)
	if !ok {
		return nil, false
	}
	st.sc = &scaleCache{}
	sopt := opt
	sopt.photo, sopt.sharpen = packedOf(img, st), false
	r, err := scanLattice(img, sopt, now, start)
	if err != nil || sureCount(r.Tiles) < minDarkSure {
		return nil, false
	}
	debugf("dark: the stretched photo reads %d tiles sure", sureCount(r.Tiles))
	for i := range r.Tiles {
		r.Tiles[i].Conf = min(r.Tiles[i].Conf, darkConf)
	}
	return r, true
}

// darkSmooth is img smoothed by a Gaussian of sigma pixels.
func darkSmooth(img rgbImage, sigma float64) (rgbImage, error) {
	m, err := gocv.NewMatFromBytes(img.h, img.w, gocv.MatTypeCV8UC3, img.pix)
	if err != nil {
		return rgbImage{}, fmt.Errorf("loose: dark photo to matrix: %w", err)
	}
	defer m.Close()
	out := gocv.NewMat()
	defer out.Close()
	gocv.GaussianBlur(m, &out, image.Point{}, sigma, sigma, gocv.BorderReflect101)
	return rgbImage{w: img.w, h: img.h, pix: out.ToBytes()}, nil
}

const (
	// darkSigma is darkLook's smoothing, in working pixels (half of
	// one: a 1640 px photo searched at 800 px is smoothed by about one
	// of its own pixels; the letters' strokes are two or three working
	// pixels wide).
	darkSigma = 0.5
	// minDarkSure is the fewest tiles read sure with which darkLook's
	// reading stands.
	minDarkSure = 3
	// darkConf is the most confidence a tile of darkLook's reading is
	// given (under SureConf: never sure).
	darkConf = 0.85
)

// scanLattice is Scan's search of a photo whose tiles lie on a lattice
// and are read (opt.photo set): a Lexicon table's loose search and its
// second looks, or, with opt.OnBoard, the board, the print's lattice
// and the loose search.
func scanLattice(img image.Image, opt Options, now func() time.Time, start time.Time) (*Reading, error) {
	if !opt.OnBoard {
		opt = sharpened(img, opt)
		// A Lexicon table with no board looked for: the loose search,
		// and where it reads few tiles sure the search for faint
		// letters as well (below).
		found, looked, err := findOrLookAgain(img, opt)
		if err != nil {
			lf, ok := laceLook(img, opt, found)
			if !ok {
				return nil, err
			}
			found, looked = lf, true
		}
		if !looked {
			found = lookAgain(img, opt, found)
			if lf, ok := laceLook(img, opt, found); ok {
				found = lf
			}
		}
		if found, err = tableGaps(found, opt); err != nil {
			return nil, err
		}
		r, err := placeTiles(img, found, opt, nil)
		if r != nil {
			r.Elapsed = now().Sub(start)
		}
		return r, err
	}
	done := func(br *Reading) (*Reading, error) {
		br.board = true
		sortTiles(br.Tiles)
		br.Elapsed = now().Sub(start)
		return br, nil
	}
	// The board by its lines first (tens of milliseconds): where it holds
	// tiles, it is the reading. The work a table asks for next is begun
	// beside it (tableAhead).
	ahead := aheadOfBoard(img, opt)
	defer ahead.wait()
	br, board, ok, lined := onBoard(img, opt.Reader, true, opt.boards)
	if board != nil {
		ahead.stop()
	}
	if ok {
		return boardDone(img, br, board, opt, done)
	}
	if board == nil {
		// No board seen (a board is read from the photo as taken: its
		// print sharpened reads as letters).
		opt = ahead.sharpened()
		ahead.premiumAhead(img, opt)
	}
	var printPitch float64
	var parts *Reading
	var printEmpty bool
	if board == nil && !opt.Twists {
		// Part of a board, too little of it for the board's reader: its
		// squares by the print's lines. Where only parts of the photo
		// show a lattice, their reading stands against the loose
		// search's (below).
		pl := ahead.printLattice()
		gr, pitch, whole, looked, ok := pl.r, pl.pitch, pl.whole, pl.looked, pl.ok
		// The whole photo's lattice stands at once where its squares
		// read minSure tiles sure or more. With fewer it may be no
		// board's: the edges and gaps of touching tiles lying in a heap
		// seen close make a lattice too (a pitch of half a tile, its
		// squares straddling two tiles' letters, none read sure); its
		// reading then stands against the loose search's, as the parts'
		// does.
		if ok && whole && !fewSure(gr.Tiles) {
			return done(gr)
		}
		if ok {
			parts = gr
		}
		printPitch = pitch
		printEmpty = looked && !ok
	}
	var found tilesFound
	var lookedAgain bool
	var err error
	if board == nil && !opt.Twists {
		found, lookedAgain, err = findOrLookAgain(img, opt)
	} else {
		found, err = findTiles(img, opt)
	}
	// No board and no print's lattice seen (a table): the search for
	// letters on a patterned cloth may stand (laceLook).
	table := board == nil && !opt.Twists && parts == nil && printPitch == 0 && !printEmpty
	if err != nil && table {
		if lf, ok := laceLook(img, opt, found); ok {
			found, err, lookedAgain = lf, nil, true
		}
	}
	if err != nil {
		if parts != nil {
			return done(parts)
		}
		return nil, err
	}
	// Many long lines and no grid: perhaps a board tilted past the
	// lines' search, whose rim's pictured tiles and name the loose
	// search reads sure. Where the board finder's later stages find a
	// grid, the board is read (not in the straightened look: the photo
	// as taken was looked at).
	tilted := func() bool { return lined && !opt.noTilt && opt.boards.gridWhole(img) }
	// A board's triple squares' colours in their places (a board seen
	// so steeply, or so far off, that few of its lines are long: the
	// lines' search counts too few to say so): the board is read by
	// the later stages too. The colours are looked at only here (tens
	// of milliseconds: a table asks where its loose search reads
	// minSure tiles sure or more and the lines' search saw no board).
	premium := func() bool { return !opt.noTilt && opt.boards.premiumBoard(img) }
	if board == nil && (fewSure(found.tiles) || premium() || tilted()) {
		// Few tiles the reader is sure of: perhaps tiles sunk in a
		// board whose lines are too faint for the quick search; the
		// board finder's later stages look (0.2-2 s, so only here).
		if br, board, ok, _ = onBoard(img, opt.Reader, false, opt.boards); ok {
			return boardDone(img, br, board, opt, done)
		}
	}
	if board == nil && !opt.Twists && !lookedAgain {
		found = lookAgain(img, opt, found)
		if table {
			if lf, ok := laceLook(img, opt, found); ok {
				found = lf
			}
		}
	}
	// Where the print's squares show, marks a fraction of a square
	// across are its letters, not tiles; the parts' lattices' reading
	// stands where it has more tiles read sure than the loose search.
	found = onPrint(found, printPitch)
	if printEmpty && len(found.tiles) > 0 {
		// The board's squares in view were all looked at and none
		// holds a tile's letter: what the loose search took for tiles
		// is the print outside its squares or over them (the rim's
		// pictured tiles and name, a square's size; a premium square's
		// words). A tile lies in a square.
		return nil, fmt.Errorf("%w: a board's print, no tile in its squares (the %d marks the loose search found are its print)", ErrNoTiles, len(found.tiles))
	}
	if parts != nil && sureCount(parts.Tiles) > sureCount(found.tiles) {
		return done(parts)
	}
	if table {
		if found, err = tableGaps(found, opt); err != nil {
			return nil, err
		}
	}
	r, err := placeTiles(img, found, opt, board)
	if r != nil {
		r.Elapsed = now().Sub(start)
		r.table = table
	}
	return r, err
}

// tableGaps adds to the loose search's reading of a Lexicon table (no
// board or print seen) the tiles in the cells next to its tiles: a
// crossword's tiles touch, and a tile the search missed (its letter too
// faint or blurred for the search, its face run into the table's colour)
// often lies one side from a tile found. The cells with ink in their
// middle are read and judged as Twists' gaps are (fillGaps). Only the
// reading that stands takes it, once: on a board or its print the cells
// next to a tile are squares whose print reads as letters, and within
// the searches the tiles it adds would decide which search stands (a
// Scrabble close-up, IMG_20141025_163953: 9 of 9 tiles -> 2, 5 false).
func tableGaps(found tilesFound, opt Options) (tilesFound, error) {
	if !secondLooks(opt) || found.src.pix == nil || len(found.tiles) == 0 {
		return found, nil
	}
	// Tiles lie side by side, not on each other: a cell the tiles found
	// partly cover is no crossword's cell but a step off a tile lying
	// anyhow (a Bananagrams heap), and reads its neighbours' letters.
	var cands []Tile
	for _, c := range gapCandidates(found.src, found.tiles) {
		if coveredShare(c.Corners, found.tiles) <= maxGapOverlap {
			cands = append(cands, c)
		}
	}
	if len(cands) == 0 {
		return found, nil
	}
	read, err := readVerified(found.src, cands, opt)
	if err != nil {
		return tilesFound{}, err
	}
	fitSides(read)
	found.tiles = append(found.tiles, read...)
	return found, nil
}

// maxGapOverlap: a gap cell more than this share of which the tiles
// found cover is left unread (tableGaps).
const maxGapOverlap = 0.15

// coveredShare is the share of the quad q that the tiles' quads cover,
// on a 12 x 12 grid of points in it.
func coveredShare(q [4]Point, tiles []Tile) float64 {
	const n = 12
	// The grid's points lie in q's bounds: a tile far apart from them
	// (farApart) holds none, and only the others are tried, in their
	// order (the same count, a tableGaps cell tried against its
	// neighbours instead of every tile).
	x0, y0, x1, y1 := quadBounds(q)
	near := make([]*[4]Point, 0, len(tiles))
	for i := range tiles {
		if !farApart(&tiles[i].Corners, x0, y0, x1, y1) {
			near = append(near, &tiles[i].Corners)
		}
	}
	in := 0
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			a, b := (float64(i)+0.5)/n, (float64(j)+0.5)/n
			p := quadAt(q, a, b)
			for _, t := range near {
				if insideConvex(*t, p) {
					in++
					break
				}
			}
		}
	}
	return float64(in) / (n * n)
}

// farApart says whether the quad t lies over a pixel beyond the box
// (x0, y0)-(x1, y1) on a side, and is a proper convex quad (finite
// corners, each turn the same way by a cross product of a square pixel
// or more): insideConvex(t, p) is then false for every point p of the
// box, its sides' cross products with p having both signs (they add up
// to twice its area, and p is outside one side). Any other quad (folded,
// flat, not finite) is never far apart.
func farApart(t *[4]Point, x0, y0, x1, y1 float64) bool {
	var pos, neg bool
	for i := range t {
		a, b, c := t[i], t[(i+1)%4], t[(i+2)%4]
		if math.IsNaN(a.X) || math.IsNaN(a.Y) || math.IsInf(a.X, 0) || math.IsInf(a.Y, 0) {
			return false
		}
		turn := (b.X-a.X)*(c.Y-b.Y) - (b.Y-a.Y)*(c.X-b.X)
		switch {
		case turn >= 1:
			pos = true
		case turn <= -1:
			neg = true
		default:
			return false
		}
	}
	if pos == neg {
		return false
	}
	a0, b0, a1, b1 := quadBounds(*t)
	return a0 > x1+1 || a1 < x0-1 || b0 > y1+1 || b1 < y0-1
}

// findOrLookAgain is the loose search; where a few large dark blobs
// outweighed its letters (tilesFound.outweighed), the search with the
// letters' size by count (search.byCount) stands instead when it reads
// more tiles sure; where the photo's strokes are faint (blurred:
// tilesFound.faint), the search whose ink level follows them
// (search.blurred) stands instead when it reads more tiles sure; where
// none finds a tile at all, the second look
// (lookAgain, from nothing) stands instead when it reads a tile sure
// (looked), and the first search's error otherwise.
func findOrLookAgain(img image.Image, opt Options) (found tilesFound, looked bool, err error) {
	found, err = findTiles(img, opt)
	onCloth := found.onCloth
	defer func() { found.onCloth = onCloth }()
	// instead: the search with opt changed by set stands where it reads
	// more tiles sure.
	instead := func(set func(o *Options)) {
		o := opt
		set(&o)
		if f, ferr := findTiles(img, o); ferr == nil && sureCount(f.tiles) > sureCount(found.tiles) {
			found, err = f, nil
		}
	}
	if found.outweighed && (err == nil || errors.Is(err, ErrNoTiles)) {
		// A few large dark blobs set the letters' size: the search with
		// the letters' own size.
		instead(func(o *Options) { o.lettersByCount = true })
	}
	if found.offFace && (err == nil || errors.Is(err, ErrNoTiles)) {
		// The letter size is that of dark things no face surrounds (the table
		// between touching tiles on dark felt): the search with the
		// size of the blobs a face surrounds.
		instead(func(o *Options) { o.lettersOnFace = true })
	}
	if found.faint && (err == nil || errors.Is(err, ErrNoTiles)) {
		// The strokes are faint (blurred): the search with the letters'
		// ink level following them.
		instead(func(o *Options) { o.blurred = true })
		// Small blurred tiles: their letters are broken or merged at
		// the first working size. lookAgain's finer sizes at the
		// blurred ink level, and at the plain one where lookAgain will
		// not look (the search reads enough tiles sure).
		plain := !fewSure(found.tiles)
		for _, ws := range fineWorkSides(img, opt) {
			if plain {
				instead(func(o *Options) { o.WorkSide = ws })
			}
			instead(func(o *Options) { o.WorkSide = ws; o.blurred = true })
		}
	}
	if errors.Is(err, ErrNoTiles) {
		if pf := lookAgain(img, opt, tilesFound{}); sureCount(pf.tiles) > 0 {
			return pf, true, nil
		}
	}
	return found, false, err
}

// lookAgain searches img again where the loose search (found) gives
// fewer than minSure tiles read sure, and returns the search with the
// most tiles read sure:
//
//   - for tiles on print (search.print): a close-up of
//     tiles on a printed board, its outline out of view, whose print (a
//     premium square's words) sets the letter size and whose tiles' dark
//     letters on brown wood are faint ink;
//   - at finer working sizes (fineSides: 1200 and 1640 px on the
//     longer side where the first search was at 800): small
//     tiles among a patterned cloth's marks, which at 800 px are about
//     as large as the marks and are taken for them (Lexicon hard
//     renders);
//   - as a close-up (closeLook), here or where the tiles found are
//     large in the frame.
func lookAgain(img image.Image, opt Options, found tilesFound) tilesFound {
	few := fewSure(found.tiles)
	if !few && !largeInFrame(img, found.tiles) {
		return found
	}
	best, n := found, sureCount(found.tiles)
	if few {
		popt := opt
		popt.printed = true
		if pf, err := findTiles(img, popt); err == nil && sureCount(pf.tiles) > n {
			best, n = pf, sureCount(pf.tiles)
		}
		for _, fine := range fineWorkSides(img, opt) {
			fopt := opt
			fopt.WorkSide = fine
			if ff, err := findTiles(img, fopt); err == nil && sureCount(ff.tiles) > n {
				best, n = ff, sureCount(ff.tiles)
			}
		}
	}
	copt := opt
	copt.zoom = closeZoom
	if cf, err := findTiles(img, copt); err == nil {
		debugf("close look: %d tiles, %d sure; as a close-up %d, %d sure", len(best.tiles), n, len(cf.tiles), sureCount(cf.tiles))
		if sureCount(cf.tiles) > n && len(cf.tiles) >= len(best.tiles) {
			best = cf
		}
	}
	best.onCloth = found.onCloth
	return best
}

// closeLook: a photo taken close, its tiles large in the frame (a
// crossword filling a phone's picture, tiles cut by its edge), has
// letters whose strokes are as wide as the black-hat that finds them (a
// fortieth of the frame) and holes in its faces larger than the fill
// takes: its letters go unfound. lookAgain searches such a photo again
// taking its frame for closeZoom times smaller (search.zoom), where
// the tiles found have a median side of closeSide of the photo's longer
// side or more, or few are read sure; it stands where it reads more
// tiles sure and no fewer tiles (on the tuning crops a close-up's
// search with one more sure and one fewer tile had lost a tile). Tiles
// of 0.12-0.15 of the frame are common in the tuning photos as taken
// (most read well), and the close-up's search gained as often as it lost
// on them, at a second search each.
const (
	closeZoom = 2.0
	closeSide = 0.15
)

// largeInFrame says whether the tiles' median side is closeSide of img's
// longer side or more.
func largeInFrame(img image.Image, tiles []Tile) bool {
	if len(tiles) == 0 {
		return false
	}
	s := make([]float64, len(tiles))
	for i, t := range tiles {
		s[i] = t.Side
	}
	sort.Float64s(s)
	b := img.Bounds()
	return s[len(s)/2] >= closeSide*float64(max(b.Dx(), b.Dy()))
}

// fineWorkSides are lookAgain's finer working sizes for img (fineSides
// times the first, up to the photo's own), each at least 1.25 times the
// one before.
func fineWorkSides(img image.Image, opt Options) []int {
	ws := opt.WorkSide
	if ws <= 0 {
		ws = 800
	}
	var out []int
	last := ws
	for _, f := range fineSides {
		fine := min(max(img.Bounds().Dx(), img.Bounds().Dy()), int(f*float64(ws)))
		if float64(fine) < 1.25*float64(last) {
			continue
		}
		last = fine
		out = append(out, fine)
	}
	return out
}

// laceLook searches a Lexicon table again where the first search saw
// most letters on no face colour but the table's (found.onCloth: a
// patterned cloth's marks, a lace cloth's dark holes, set the letter size
// and the spacing), with each face colour's own letters (search.lace), at
// the first working size and at lookAgain's finer ones (small tiles among
// the marks). The search with the most tiles read sure stands where it
// reads more than found and at least minLaceSure (ok); found is the
// search so far. A cloth's mark read as a letter is a tile alone; a
// crossword's tiles are several.
func laceLook(img image.Image, opt Options, found tilesFound) (tilesFound, bool) {
	if !found.onCloth || opt.Twists || opt.Reader == nil || !opt.Lattice {
		return found, false
	}
	best, n, ok := found, sureCount(found.tiles), false
	ws := opt.WorkSide
	if ws <= 0 {
		ws = 800
	}
	lopt := opt
	lopt.lace = true
	last := 0
	for _, f := range append([]float64{1}, fineSides...) {
		side := min(max(img.Bounds().Dx(), img.Bounds().Dy()), int(f*float64(ws)))
		if last > 0 && float64(side) < 1.25*float64(last) {
			continue
		}
		last = side
		lopt.WorkSide = side
		if lf, err := findTiles(img, lopt); err == nil && sureCount(lf.tiles) > n && sureCount(lf.tiles) >= minLaceSure {
			best, n, ok = lf, sureCount(lf.tiles), true
		}
	}
	best.onCloth = true
	return best, ok
}

// minLaceSure is the fewest tiles read sure with which laceLook's search
// stands.
const minLaceSure = 3

// fineSides are the finer working sizes lookAgain searches at, in
// multiples of the first (800 px: 1200 and 1640, the Pi camera's
// 1640x1232 at its own size), up to the photo's own.
var fineSides = []float64{1.5, 2.05}

// sureCount counts the tiles read sure (Conf >= SureConf).
func sureCount(tiles []Tile) int {
	n := 0
	for _, t := range tiles {
		if t.Conf >= SureConf {
			n++
		}
	}
	return n
}

// minSure is how many tiles read sure a loose search must give for the
// photo not to be searched for a faint board (fewSure).
const minSure = 5

// fewSure says whether fewer than minSure of the tiles are read sure
// (Conf >= SureConf).
func fewSure(tiles []Tile) bool { return sureCount(tiles) < minSure }

// scanLoose finds tiles lying anyhow (Scan without the board).
func scanLoose(img image.Image, opt Options) (*Reading, error) {
	now := opt.Clock
	if now == nil {
		now = time.Now
	}
	start := now()
	found, err := findTiles(img, opt)
	if err != nil {
		return nil, err
	}
	r, err := placeTiles(img, found, opt, nil)
	if r != nil {
		r.Elapsed = now().Sub(start)
	}
	return r, err
}

// tilesFound are the tiles the loose search found and read, before the
// lattice: patches counts the light patches looked at.
type tilesFound struct {
	tiles   []Tile
	patches int
	// src is the photo the tiles were found in (packed RGB), when known.
	src rgbImage
	// outweighed: a few large dark blobs outweighed the letters in the
	// search (fewLarge), found or not.
	outweighed bool
	// faint: the photo's strokes are faint (search.faint), found or not.
	faint bool
	// offFace: the letter-sized blobs mostly lie on no face, and blobs
	// a face surrounds have a size of their own (search.offFace).
	offFace bool
	// onCloth: most letters stood on no face colour but the table's in
	// the first search (search.onCloth), found or not.
	onCloth bool
}

// findTiles finds the tiles, reads them and drops doubles and what the
// verifier says is no tile.
func findTiles(img image.Image, opt Options) (tilesFound, error) {
	if img == nil || img.Bounds().Empty() {
		return tilesFound{}, ErrEmptyImage
	}
	ws := opt.WorkSide
	if ws <= 0 {
		ws = 800
	}
	src := opt.rgbOf(img)
	// Squares round letters no face outline backs: always for tiles lying
	// anyhow; on a lattice only when a reader will confirm them.
	second := secondLooks(opt)
	var outweighed, faint, offFace, onCloth bool
	found, err := detect(src, ws, search{lattice: opt.Lattice, byLetter: !opt.Lattice || opt.Reader != nil, shortI: !opt.Twists, interlock: opt.Twists, spares: second, print: opt.printed, byCount: opt.lettersByCount, blurred: opt.blurred, onFace: opt.lettersOnFace, lace: opt.lace, zoom: opt.zoom, outweighed: &outweighed, faint: &faint, offFace: &offFace, onCloth: &onCloth})
	if err != nil {
		return tilesFound{outweighed: outweighed, faint: faint, offFace: offFace, onCloth: onCloth}, err
	}
	tiles := make([]Tile, 0, len(found))
	var spares []Tile
	for _, f := range found {
		q := f.q
		t := Tile{Letter: "?", Row: -1, Col: -1, byLetter: f.byLetter, glyph: f.glyph, hasGlyph: f.hasGlyph, elong: f.elong}
		t.Corners = q
		t.Center = centroid(q)
		t.Side = meanSide(q)
		t.Angle = outlineAngle(q)
		if f.spare {
			spares = append(spares, t)
			continue
		}
		tiles = append(tiles, t)
	}
	if opt.Reader != nil {
		ropt := opt
		ropt.Reader = letterReader(opt)
		tiles, err = readTiles(src, tiles, ropt)
		if err != nil {
			return tilesFound{}, err
		}
	}
	// One tile found twice: the reader's surer reading stays.
	tiles = dropDoubles(tiles)
	if opt.Reader != nil && verifies(opt) {
		tiles = verifyTiles(tiles, verifierFor(opt), opt.KeepUnread, opt.trace)
	}
	if second {
		if tiles, err = secondLook(src, tiles, spares, opt); err != nil {
			return tilesFound{}, err
		}
	}
	if opt.Twists {
		before := make([]float64, len(tiles))
		for i, t := range tiles {
			before[i] = t.Side
		}
		fitSides(tiles)
		centreOnGlyphs(tiles)
		if opt.Reader != nil && len(opt.Alternatives) == 0 {
			if err := rereadGrown(src, tiles, before, opt); err != nil {
				return tilesFound{}, err
			}
		}
		if opt.Reader != nil && len(opt.Alternatives) == 0 && verifies(opt) {
			tiles, err = fillGaps(src, tiles, opt)
			if err != nil {
				return tilesFound{}, err
			}
		}
	}
	return tilesFound{tiles: tiles, patches: len(found), src: src, outweighed: outweighed, faint: faint, offFace: offFace, onCloth: onCloth}, nil
}

// placeTiles leaves out the tiles on an empty board's print (board, when
// one was found), fits the lattice and returns the tiles in the image's
// own coordinates.
func placeTiles(img image.Image, found tilesFound, opt Options, board *printedBoard) (*Reading, error) {
	tiles := found.tiles
	if board != nil {
		kept := tiles[:0]
		for _, t := range tiles {
			if !board.covers(t.Center) {
				kept = append(kept, t)
			}
		}
		if len(kept) == 0 && len(tiles) > 0 {
			return nil, fmt.Errorf("%w: an empty board; the %d marks on it are its print", ErrNoTiles, len(tiles))
		}
		tiles = kept
	}
	if opt.Reader != nil && len(tiles) == 0 {
		return nil, fmt.Errorf("%w: %d light patches, none of them a tile the reader recognises", ErrNoTiles, found.patches)
	}
	r := &Reading{Tiles: tiles}
	if opt.Lattice {
		fitLattice(r, opt.UprightFromLetters && opt.Reader != nil)
		if !opt.Twists && opt.Reader != nil && verifies(opt) {
			shrinkToSpacing(r.Tiles)
			sureDoubles(r.Tiles)
		}
		if opt.Twists && opt.Reader != nil && verifies(opt) {
			dropOffLattice(r)
			if len(opt.Alternatives) == 0 {
				src := found.src
				if src.pix == nil {
					src = toRGB(img)
				}
				if err := latticeCells(src, r, opt); err != nil {
					return nil, err
				}
			}
		}
	}
	if opt.asTaken != nil && opt.Reader != nil {
		confirmAsTaken(*opt.asTaken, r.Tiles, opt)
	}
	sortTiles(r.Tiles)
	inImage(r.Tiles, img.Bounds())
	return r, nil
}

func centroid(q [4]Point) Point {
	var c Point
	for _, p := range q {
		c.X += p.X / 4
		c.Y += p.Y / 4
	}
	return c
}

// quadAt is the point (a, b) of the quad q, bilinear in it: a along its
// top and bottom sides (corners 0 to 1 and 3 to 2), b from top to bottom.
func quadAt(q [4]Point, a, b float64) Point {
	top := Point{q[0].X + a*(q[1].X-q[0].X), q[0].Y + a*(q[1].Y-q[0].Y)}
	bot := Point{q[3].X + a*(q[2].X-q[3].X), q[3].Y + a*(q[2].Y-q[3].Y)}
	return Point{top.X + b*(bot.X-top.X), top.Y + b*(bot.Y-top.Y)}
}

// scaleTo scales the tile's quad about its centre by side/Side, and
// measures its Side again (meanSide).
func (t *Tile) scaleTo(side float64) {
	f := side / t.Side
	c := t.Center
	for k := range t.Corners {
		t.Corners[k] = Point{c.X + f*(t.Corners[k].X-c.X), c.Y + f*(t.Corners[k].Y-c.Y)}
	}
	t.Side = meanSide(t.Corners)
}

func meanSide(q [4]Point) float64 {
	var s float64
	for i := range q {
		s += dist(q[i], q[(i+1)%4]) / 4
	}
	return s
}

func dist(a, b Point) float64 { return math.Hypot(a.X-b.X, a.Y-b.Y) }

// outlineAngle is the direction of the quad's top edge, counter-clockwise
// positive in the photo (y down), in [0, 360).
func outlineAngle(q [4]Point) float64 {
	a := math.Atan2(-(q[1].Y-q[0].Y), q[1].X-q[0].X) * 180 / math.Pi
	return normDeg(a)
}

func normDeg(a float64) float64 {
	a = math.Mod(a, 360)
	if a < 0 {
		a += 360
	}
	return a
}

// dropDoubles keeps one tile of any two whose centres lie closer than
// 0.7 of the smaller one's side (touching tiles' centres are a side
// apart) (one tile found twice, by its outline and
// by its letter): the more confident reading, else the first found.
func dropDoubles(tiles []Tile) []Tile {
	order := make([]int, len(tiles))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return tiles[order[a]].Conf > tiles[order[b]].Conf })
	keep := make([]bool, len(tiles))
	var kept []int
	for _, i := range order {
		t := tiles[i]
		dup := false
		for _, j := range kept {
			if dist(t.Center, tiles[j].Center) < 0.7*math.Min(t.Side, tiles[j].Side) {
				dup = true
				break
			}
		}
		if !dup {
			keep[i] = true
			kept = append(kept, i)
		}
	}
	out := tiles[:0]
	for i, t := range tiles {
		if keep[i] {
			out = append(out, t)
		}
	}
	return out
}

// dropOffLattice leaves out of a Twists reading the tiles that fit no
// cell of its lattice (or lost their cell to a surer tile) and that the
// verifier is unsure of (Conf under offLatticeConf): a Twists table is
// one structure of interlocked tiles, and an unsure reading apart from it
// is a mark on the table or a tile found twice.
func dropOffLattice(r *Reading) {
	kept := r.Tiles[:0]
	for _, t := range r.Tiles {
		if t.Row < 0 && t.Conf < offLatticeConf {
			r.OffLattice--
			continue
		}
		kept = append(kept, t)
	}
	r.Tiles = kept
}

// offLatticeConf: see dropOffLattice.
const offLatticeConf = 0.5

// inImage moves tiles found on a picture whose origin is (0, 0) to the
// image's own coordinates (an image whose bounds start elsewhere, a
// sub-image of a larger photo).
func inImage(tiles []Tile, b image.Rectangle) {
	if b.Min == (image.Point{}) {
		return
	}
	for i := range tiles {
		t := &tiles[i]
		for j := range t.Corners {
			t.Corners[j].X += float64(b.Min.X)
			t.Corners[j].Y += float64(b.Min.Y)
		}
		t.Center = centroid(t.Corners)
	}
}

// sureDoubles makes unsure (Conf at most doubleConf) each tile found
// only by its letter (byLetter) that the reader is sure of while a
// tile backed by its face outline and reading the same letter covers
// more than minDoubleShare of its quad: the letter search's square
// round a neighbour's letter, lying between that tile and the next
// (docs/loose-tiles.md, "a sure double over its neighbours"). Its
// distance alone does not tell it: real tiles' quads lie as near their
// neighbours'. Every tile is judged against the others as they were
// found, so two such squares over each other both turn unsure.
func sureDoubles(tiles []Tile) {
	var doubles []int
	for i, t := range tiles {
		if t.byLetter && t.Conf >= SureConf && sameLetterShare(tiles, i) > minDoubleShare {
			doubles = append(doubles, i)
		}
	}
	for _, i := range doubles {
		debugf("sure double: %q at (%.0f, %.0f) lies on a tile reading it", tiles[i].Letter, tiles[i].Center.X, tiles[i].Center.Y)
		tiles[i].Conf = min(tiles[i].Conf, doubleConf)
	}
}

const (
	// minDoubleShare: see sureDoubles.
	minDoubleShare = 0.1
	// doubleConf is the confidence a sure double is left with (under
	// SureConf).
	doubleConf = 0.85
)

// sameLetterShare is the share of tile i's quad that the quads of the
// other tiles reading its letter and backed by a face outline (not
// byLetter) cover (coveredShare).
func sameLetterShare(tiles []Tile, i int) float64 {
	t := tiles[i]
	var same []Tile
	for j, o := range tiles {
		// A quad farther than both sides together touches none of t's.
		if j != i && !o.byLetter && o.Letter == t.Letter && t.Letter != "" && dist(o.Center, t.Center) < t.Side+o.Side {
			same = append(same, o)
		}
	}
	if len(same) == 0 {
		return 0
	}
	return coveredShare(t.Corners, same)
}
