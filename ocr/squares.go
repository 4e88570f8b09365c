package ocr

import (
	"fmt"
	"image"
	"slices"
	"sync"

	"github.com/tilescope/tilescope/internal/blobs"
)

// SquareReader reads a crop that may be a loose tile or a square of a
// printed board (a Scrabble square: a tile with its value number, or an
// empty square with its premium print), as read-tile is given them. It
// reads with the general English classifier, and with the classifier
// trained on Scrabble squares (SpecialistSquares) pooled with it on the
// crop whitened (whitenCrop) and with a value number painted out
// (dropValueMark): the general model, which learned from light tiles,
// reads the dark tiles of older Scrabble sets as empty squares and some
// premium prints ("DOUBLE LETTER SCORE") as an M.
//
// Which reading is kept depends on the crop's middle (its centre 60%):
//
//   - light and grey (median grey at least squareLight, median saturation
//     at most squareGrey), as a Bananagrams tile or a light wooden one: the
//     general model's letter, unless it is under squareSureLetter and both
//     whitened reads say no tile with one of the two models sure of it
//     (conf at least squareSureEmpty: a pale premium square); when the
//     general model sees no tile, the whitened reading;
//   - dark or coloured (a dark tile, a coloured premium square, an Upwords
//     face): the general model's letter only when it is squareSureDark
//     sure, else the whitened reading.
//
// The whitened reading is no tile when both whitened reads say so, or
// when the general model saw no tile in the crop and the squares' model
// alone says no tile on both whitened reads (squareScrEmpty: the pool's
// general half reads premium prints as letters); else the letter read
// with the value painted out, else the plain whitened one; but when the
// general model saw no tile at squareSureNone or more and neither
// whitened read holds a letter at squarePoolLetter (the pool's two models
// do not agree on one), no tile, unless both models give "no tile" under
// squarePoolTile on both whitened reads (they see a tile, only not the
// same letter: a dark tile the general model took for an empty square),
// then the squares' model's letter over both reads. A letter the pool reads at
// squareSureWhitened or more on the whitened crop stands against another,
// less sure one read with the value painted out (painting a value out can
// cut off an R's leg or a blurred O's arc).
//
// Where the models disagree the answer is not sure: a general letter
// kept while the pool says no tile on the whitened crop (both reads; the
// plain one for a dark crop's sure letter) is at most the pool's
// probability of a letter (1 - its no-tile conf), and a no tile found
// against the pool's letter at most 1 - that letter's conf, and a letter
// read against the general model's sure no tile at most 1 - its conf. A letter
// the models read on a crop that shows a premium square's print (small
// marks in lines and no letter: premiumPrint), or whose middle holds no
// ink at all (flatMiddle: a plain square or a faint print whose grain the
// whitening stretched into marks), is no tile, unsure (premiumConf at
// most).
//
// Every read is of the crop's views (squareShifts: the crop, four cuts
// a tenth off one side, one 7% tighter all round), their probabilities
// averaged (ReadVote): a letter the models see from one view only, or a
// view a little off that reads another letter, is unsure, and a near tie
// between a letter and no tile goes to what the views see together.
// The crop's middle (light or not) and its premium print are judged on
// the crop itself. Measured on
// real Scrabble crops, Bananagrams tiles and rendered Upwords and Lexicon
// tiles (docs/ocr.md, "Real Scrabble crops", "Where the two models
// disagree", "Empty premium squares against tiles", "Test-time checks
// on read-tile's Scrabble crops").
type SquareReader struct {
	General *Classifier // the English classifier (Default)
	Pool    Pool        // SpecialistSquares pooled with General
}

const (
	squareLight      = 140  // a face at least this grey (0..255) is light
	squareGrey       = 0.35 // and at most this saturated is grey
	squareSureLetter = 0.85 // a light crop's letter this sure stands
	squareSureEmpty  = 0.49 // a pool of two says no tile this sure when one model is sure
	squareScrEmpty   = 0.5  // the squares' model alone says no tile this sure on both whitened reads
	squareSureDark   = 0.95 // a dark or coloured crop's general letter this sure stands
	squareSureNone   = 0.9  // the general model's "no tile" this sure stands against an unsure pool
	squarePoolLetter = 0.5  // a pool's letter under this is unsure (the two models do not agree on it)
	premiumConf      = 0.6  // a premium print's or a flat middle's "no tile" against the models' letter is at most this sure
	squareFlat       = 0.1  // a middle whose darkest 2% lie within this share of its median grey holds no ink

	squareSureWhitened = 0.9 // the pool's whitened letter this sure stands against another read with the value painted out
	squarePoolTile     = 0.1 // both models give "no tile" under this on both whitened reads: they see a tile
)

var (
	squaresOnce sync.Once
	squares     *SquareReader
	squaresErr  error
)

// ForSquares returns the SquareReader of the binary's English models;
// ErrNoModel (wrapped) when it has no SpecialistSquares. Loaded once;
// safe for concurrent use.
func ForSquares() (*SquareReader, error) {
	squaresOnce.Do(func() {
		en, err := classifierFor(English)
		if err != nil {
			squaresErr = err
			return
		}
		m, err := LoadModel(SpecialistSquares)
		if err != nil {
			squaresErr = err
			return
		}
		scr, err := NewClassifier(m)
		if err != nil {
			squaresErr = fmt.Errorf("%s: %w", SpecialistSquares, err)
			return
		}
		squares, squaresErr = NewSquareReader(en, scr)
	})
	return squares, squaresErr
}

// NewSquareReader makes a SquareReader of a general classifier and one
// trained on board squares, which must read the same glyphs at the same
// turns.
func NewSquareReader(general, squares *Classifier) (*SquareReader, error) {
	if !slices.Equal(general.Glyphs(), squares.Glyphs()) || general.Model().Turns != squares.Model().Turns {
		return nil, fmt.Errorf("ocr: the squares' model reads other glyphs than the general one")
	}
	return &SquareReader{General: general, Pool: Pool{squares, general}}, nil
}

// Read reads one crop.
func (s *SquareReader) Read(tile image.Image) (Reading, error) {
	r, _, err := s.read(tile)
	return r, err
}

// squareSteps is what Read saw on a crop on the way to its answer: the
// general model's reading, whether the crop's middle is light, the pool's
// whitened read (b) and, where Read made it, its read with the value
// painted out (d), and the rule that gave the answer (TestSquaresTrace
// logs them).
type squareSteps struct {
	general Reading
	light   bool
	b, d    Reading
	rule    string

	whitened *image.Gray // the crop whitened (whitenCrop)
	wp, dp   []viewProbs // the pool's probabilities on each view whitened, and with the value painted out
}

// read is Read, with the steps that led to its answer: the models'
// answer (readModels), and no tile instead of their letter on a crop
// whose middle holds no ink (flatMiddle) or that shows a premium
// square's print (premiumPrint), never sure
// (premiumConf at most, and at most the models' doubt of the letter): a
// no tile the models found stands as they found it.
func (s *SquareReader) read(tile image.Image) (Reading, squareSteps, error) {
	r, st, err := s.readModels(tile)
	if err != nil || r.NoTile() {
		return r, st, err
	}
	switch {
	case flatMiddle(tile):
		st.rule = "flat middle"
	case premiumPrint(st.whitened):
		st.rule = "premium print"
	default:
		return r, st, nil
	}
	return Reading{Conf: min(premiumConf, 1-r.Conf)}, st, nil
}

// readModels is what the models make of a crop, with the steps that led
// to it.
func (s *SquareReader) readModels(tile image.Image) (Reading, squareSteps, error) {
	var st squareSteps
	done := func(rule string, r Reading) (Reading, squareSteps, error) {
		st.rule = rule
		return r, st, nil
	}
	if err := checkImage(tile); err != nil {
		return Reading{}, st, err
	}
	views := squareShifts(tile)
	a, err := s.General.ReadVote(views, Known{})
	if err != nil {
		return Reading{}, st, err
	}
	st.general = a
	grey, sat := middleFace(tile)
	light := grey >= squareLight && sat <= squareGrey
	st.light = light
	// the pool reads every view whitened and, unless the general
	// model's letter stands, with its value painted out: one view at a
	// time, so that a large crop's whitened copies are not all held at
	// once, each analysed once for both models
	sureDark := !a.NoTile() && !light && a.Conf >= squareSureDark
	wp := make([]viewProbs, 0, len(views))
	dp := make([]viewProbs, 0, len(views))
	for i, v := range views {
		w := whitenCrop(v)
		if i == 0 {
			st.whitened = w
		}
		pw, err := s.Pool.viewProbs(w)
		if err != nil {
			return Reading{}, st, err
		}
		wp = append(wp, pw)
		if sureDark {
			continue
		}
		pd := pw // no value painted out: the same picture
		if dv := dropValueMark(w); dv != w {
			if pd, err = s.Pool.viewProbs(dv); err != nil {
				return Reading{}, st, err
			}
		}
		dp = append(dp, pd)
	}
	st.wp, st.dp = wp, dp
	b := s.Pool.vote(wp, 0, 1)
	if sureDark {
		// the letter stands; the pool on the whitened crop seeing no
		// tile there makes it unsure
		st.b = b
		if b.NoTile() {
			a.Conf = min(a.Conf, 1-b.Conf)
		}
		return done("dark: sure general letter", a)
	}
	d := s.Pool.vote(dp, 0, 1)
	st.b, st.d = b, d
	if light && !a.NoTile() {
		if b.NoTile() && d.NoTile() {
			if min(b.Conf, d.Conf) >= squareSureEmpty && a.Conf < squareSureLetter {
				return done("light: pool says no tile", b)
			}
			a.Conf = min(a.Conf, 1-min(b.Conf, d.Conf))
		}
		return done("light: general letter", a)
	}
	if b.NoTile() && d.NoTile() {
		return done("pool: no tile", b)
	}
	letter, valueCut := b, false
	if !d.NoTile() {
		letter = d
		// painting a value out can cut off part of the letter (an R's
		// leg, an O's arc broken by blur): a letter the pool is sure of
		// on the whitened crop stands against another, less sure one
		// read with the value painted out
		if !b.NoTile() && b.Letter != d.Letter && b.Conf >= squareSureWhitened && d.Conf < b.Conf {
			letter, valueCut = b, true
		}
	}
	// the pool's surest letter over the two whitened reads
	support := letter.Conf
	if !b.NoTile() {
		support = max(support, b.Conf)
	}
	if a.NoTile() {
		// the general model sees no tile and the pool a letter: the
		// squares' model alone decides whether there is one (it knows
		// the premium prints, which the general model in the pool reads
		// as letters), not surer than the pool's doubt of its letter
		if e, empty := s.emptyAlone(wp, dp); empty {
			e.Conf = min(e.Conf, 1-support)
			return done("squares' model alone: no tile", e)
		}
		// a letter that the two models of the pool do not agree on
		// (under half its probability on both whitened reads) does not
		// outweigh the general model's sure "no tile"
		if a.Conf >= squareSureNone && support < squarePoolLetter {
			// unless both models see a tile on both whitened reads,
			// only not the same letter: a face the general model took
			// for an empty square (a dark tile, small or dim, or one
			// smeared); then the squares' model's letter over both reads
			// (the general model, blind to this face, guesses one on the
			// whitened crop too: a dark A read Y), never surer than the
			// general model's doubt
			if s.Pool.noTileProb(wp) < squarePoolTile && s.Pool.noTileProb(dp) < squarePoolTile {
				l := s.Pool.voteTile(append(wp[:len(wp):len(wp)], dp...), 0)
				l.Conf = min(l.Conf, 1-a.Conf)
				return done("pool sees a tile, general no tile", l)
			}
			a.Conf = min(a.Conf, 1-support)
			return done("general sure no tile, pool unsure", a)
		}
	}
	if valueCut {
		return done("pool letter, whitened, sure against the value painted out", letter)
	}
	if !d.NoTile() {
		return done("pool letter, value painted out", letter)
	}
	return done("pool letter, whitened", letter)
}

// emptyAlone reports whether the squares' model alone (Pool[0]) reads the
// whitened views (w: their probabilities) and the same with their value
// painted out (dv) both as no tile at squareScrEmpty or more (each
// averaged over its views), and that reading (conf: the lower of the
// two).
func (s *SquareReader) emptyAlone(w, dv []viewProbs) (Reading, bool) {
	r1 := s.Pool.vote(w, 0)
	if !r1.NoTile() || r1.Conf < squareScrEmpty {
		return Reading{}, false
	}
	r2 := s.Pool.vote(dv, 0)
	if !r2.NoTile() || r2.Conf < squareScrEmpty {
		return Reading{}, false
	}
	r1.Conf = min(r1.Conf, r2.Conf)
	return r1, true
}

// middleFace is the median grey (0..255) and the median saturation (0..1)
// of a crop's middle (its centre 60%; the whole crop when that is empty).
func middleFace(img image.Image) (grey, sat float64) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	x0, y0, x1, y1 := w/5, h/5, w-w/5, h-h/5
	if x1 <= x0 || y1 <= y0 {
		x0, y0, x1, y1 = 0, 0, w, h
	}
	var gh, sh [256]int
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			r, g, bl, _ := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
			R, G, B := r>>8, g>>8, bl>>8
			gh[Luma(uint8(R), uint8(G), uint8(B))]++
			mx, mn := max(R, G, B), min(R, G, B)
			if mx > 0 {
				sh[(mx-mn)*255/mx]++
			} else {
				sh[0]++
			}
		}
	}
	n := (x1 - x0) * (y1 - y0)
	return float64(histPercentile(&gh, n, 50)), float64(histPercentile(&sh, n, 50)) / 255
}

// histPercentile is the level below which k percent of a histogram's n
// counts lie.
func histPercentile(h *[256]int, n, k int) int {
	want := (n-1)*k/100 + 1
	s := 0
	for v, c := range h {
		s += c
		if s >= want {
			return v
		}
	}
	return 255
}

// whitenCrop turns a crop grey with its face near white and its ink dark,
// whatever the tile's wood or the light: the face is the median grey of
// the crop's middle (its centre 60%, where a letter is) taken to 225, the
// darkest 2% of the middle taken to 0 (as vision/scrabble whitens the
// tiles it cuts).
func whitenCrop(img image.Image) *image.Gray {
	g, w, h, lo, face := middleLevels(img)
	out := image.NewGray(image.Rect(0, 0, w, h))
	if face-lo < 1 {
		copy(out.Pix, g)
		return out
	}
	for i, v := range g {
		x := (float64(v) - lo) / (face - lo) * whiteFace
		out.Pix[i] = uint8(min(max(x, 0), 255))
	}
	return out
}

// middleLevels is a crop in grey (w x h, row by row) and two levels of
// its middle (its centre 60%; the whole crop when that is empty): the
// darkest 2% (lo, a letter's ink) and the median (face).
func middleLevels(img image.Image) (g []uint8, w, h int, lo, face float64) {
	b := img.Bounds()
	w, h = b.Dx(), b.Dy()
	g = make([]uint8, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			r, gg, bl, _ := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
			g[y*w+x] = Luma(uint8(r>>8), uint8(gg>>8), uint8(bl>>8))
		}
	}
	x0, y0, x1, y1 := w/5, h/5, w-w/5, h-h/5
	if x1 <= x0 || y1 <= y0 {
		x0, y0, x1, y1 = 0, 0, w, h
	}
	var hist [256]int
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			hist[g[y*w+x]]++
		}
	}
	n := (x1 - x0) * (y1 - y0)
	return g, w, h, float64(histPercentile(&hist, n, 2)), float64(histPercentile(&hist, n, 50))
}

// flatMiddle reports whether a crop's middle holds no ink: its darkest 2%
// lie within squareFlat of its median grey (a share of it). A letter
// printed on a tile, sharp or smeared by a shake, stands further from the
// face; a plain square, a faded or blurred print, or a blank face do not.
// Whitening (whitenCrop) would stretch such a crop's grain into marks
// that the models may take for a letter.
func flatMiddle(img image.Image) bool {
	_, _, _, lo, face := middleLevels(img)
	return face-lo < squareFlat*face
}

const (
	whiteFace = 225 // a whitened face's grey
	inkGrey   = 110 // darker is ink on a whitened crop
)

// dropValueMark paints out, on a whitened crop, the marks that lie below
// and right of the letter's centre and are much smaller than the letter
// (under 60% of its height, under half its ink): a Scrabble tile's value
// number, which the models took for part of the letter (I with its 1 read
// L, V with its 4 read K, P with its 3 read R). The letter is the largest
// dark component at least a quarter of the crop tall not touching its
// edge; without one the crop is returned as it is.
func dropValueMark(m *image.Gray) *image.Gray {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	label, comps := blobs.Label(w, h, func(i int) bool { return m.Pix[i] < inkGrey })
	letter := 0
	for i := 1; i < len(comps); i++ {
		if c := comps[i]; !c.Edge(w, h) && 4*(c.Y1-c.Y0+1) >= h && c.N > comps[letter].N {
			letter = i
		}
	}
	if letter == 0 {
		return m
	}
	l := comps[letter]
	cx, cy, lh := (l.X0+l.X1)/2, (l.Y0+l.Y1)/2, l.Y1-l.Y0+1
	out := image.NewGray(m.Rect)
	copy(out.Pix, m.Pix)
	for i := 1; i < len(comps); i++ {
		c := comps[i]
		if i == letter || c.X0 <= cx || c.Y0 <= cy || 10*(c.Y1-c.Y0+1) > 6*lh || 2*c.N > l.N {
			continue
		}
		for y := c.Y0; y <= c.Y1; y++ {
			for x := c.X0; x <= c.X1; x++ {
				if label[y*w+x] == int32(i) {
					out.Pix[y*w+x] = whiteFace
				}
			}
		}
	}
	return out
}

// premiumPrint reports whether a whitened crop shows a board square's
// premium print ("DOUBLE LETTER SCORE": small marks in two or three
// lines) rather than a tile's letter. It looks at the dark components
// not touching the crop's edge whose centres lie in its middle 60%:
// none may be premiumLetter of the crop's shorter side tall or taller,
// or as wide but less than twice as wide as tall (a letter, perhaps
// turned), and either premiumMarks or more are small (under
// premiumSmall of the side tall, at least premiumMarkMin of it and
// premiumMinInk pixels: the print's letters, not grain)
// or premiumLines or more are small and wide (at least twice as wide as
// tall and premiumLineWide of the side: the print's lines, their letters
// blurred together). A tile has one large letter and at most a value
// number of one or two digits; a blank tile and a plain square have no
// marks, so they are left to the models, as is a print blurred into one
// blob.
func premiumPrint(m *image.Gray) bool {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	_, comps := blobs.Label(w, h, func(i int) bool { return m.Pix[i] < inkGrey })
	side := float64(min(w, h))
	small, lines := 0, 0
	for _, c := range comps[1:] {
		if c.Edge(w, h) {
			continue
		}
		cx, cy := (c.X0+c.X1)/2, (c.Y0+c.Y1)/2
		if cx < w/5 || cx >= w-w/5 || cy < h/5 || cy >= h-h/5 {
			continue
		}
		ch, cw := float64(c.Y1-c.Y0+1), float64(c.X1-c.X0+1)
		if ch >= premiumLetter*side || cw >= premiumLetter*side && cw < 2*ch {
			return false
		}
		if ch < premiumSmall*side && ch >= premiumMarkMin*side && c.N >= premiumMinInk {
			small++
			if cw >= 2*ch && cw >= premiumLineWide*side {
				lines++
			}
		}
	}
	return small >= premiumMarks || lines >= premiumLines
}

const (
	premiumLetter   = 0.25 // a mark this share of the side tall or taller may be a letter
	premiumSmall    = 0.18 // a mark under this share of the crop's side tall is small
	premiumMinInk   = 3    // pixels a small mark has at least
	premiumMarkMin  = 0.04 // and this share of the side in height (less is grain or noise)
	premiumMarks    = 4    // this many small marks and no letter make a premium print
	premiumLineWide = 0.2  // a small mark this share of the side wide, and twice its height, is a line
	premiumLines    = 3    // this many lines and no letter make a premium print
)

// SquareViews are the two pictures of a crop that a SquareReader's pool
// reads: the crop whitened (its middle's median grey to the face's grey,
// its darkest 2% to black) and the same with a value number painted out.
// The squares' model (SpecialistSquares) is trained on them
// (ocr/internal/train, -scr-cuts), so that it learns from what it is
// shown.
func SquareViews(img image.Image) (whitened, valueOut *image.Gray) {
	w := whitenCrop(img)
	return w, dropValueMark(w)
}

// squareShifts are the views of a crop that a SquareReader reads and
// averages (test-time augmentation): the crop itself, the crop with a
// tenth of its side cut off at the left, the right, the top and the
// bottom (the square moved a little under the letter), and with 7% cut
// off all round (a tighter cut). A letter the models read alike from
// every view keeps its probability; one they read otherwise from a view
// a little off becomes unsure, and a near tie between a letter and no
// tile goes to what most views see. A crop under squareShiftMin pixels
// a side, or over squareShiftMaxPixels (far larger than a square is cut;
// its views' whitened copies would cost memory for nothing), is read as
// it is.
func squareShifts(img image.Image) []image.Image {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w < squareShiftMin || h < squareShiftMin || w*h > squareShiftMaxPixels {
		return []image.Image{img}
	}
	si, ok := img.(interface {
		SubImage(image.Rectangle) image.Image
	})
	if !ok {
		rgba := image.NewRGBA(b)
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				rgba.Set(x, y, img.At(x, y))
			}
		}
		si = rgba
	}
	dx, dy := w/10, h/10
	ex, ey := w*7/100, h*7/100
	return []image.Image{
		img,
		si.SubImage(image.Rect(b.Min.X+dx, b.Min.Y, b.Max.X, b.Max.Y)),
		si.SubImage(image.Rect(b.Min.X, b.Min.Y, b.Max.X-dx, b.Max.Y)),
		si.SubImage(image.Rect(b.Min.X, b.Min.Y+dy, b.Max.X, b.Max.Y)),
		si.SubImage(image.Rect(b.Min.X, b.Min.Y, b.Max.X, b.Max.Y-dy)),
		si.SubImage(image.Rect(b.Min.X+ex, b.Min.Y+ey, b.Max.X-ex, b.Max.Y-ey)),
	}
}

const (
	squareShiftMin       = 16          // a crop under this many pixels a side is read as one view
	squareShiftMaxPixels = 1024 * 1024 // and one of more pixels than this
)
