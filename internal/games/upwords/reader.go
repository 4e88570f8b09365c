package upwords

import (
	"context"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // photos
	_ "image/png"  // uploads
	"math"
	"math/bits"
	"strings"
	"sync"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/internal/games/photo"
	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/ocr/tesseract"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
	vupw "github.com/tilescope/tilescope/vision/upwords"
)

// Reader reads photos of an Upwords board (vupw.ScanUpwords with the
// project's tile classifier, or Tesseract when its model is missing).
type Reader struct {
	opt vupw.Options
	// Board is the board as it stands (for placeholders on unreadable
	// tiles); nil for none.
	Board func() game.Position
	// Words, when set, is the table's dictionary, asked as evidence of
	// the board's reading direction when a game's first photo has too
	// few letters to settle it (turnByWords); nil: the letters alone.
	Words game.Dictionary
	mu    sync.Mutex // the scan is CPU-bound: one at a time on a Pi
	// grid is the grid of the latest photo read (the camera does not
	// move between turns): the next scan's hint, and where a photo whose
	// grid is found a row off is read again.
	grid *vision.Grid
	// turn is the reading direction of the latest photo whose letters (or
	// the turn before) settled it (vupw.UpwordsReading.Turned), nil for
	// none: the next scan's Options.Turn (Scan). turnThin: no photo yet
	// settled it surely (vupw.UpwordsReading.TurnSure; Options.TurnThin).
	turn     *int
	turnThin bool
	// last is the latest photo read (the camera does not move): the next
	// scan's Options.Last.
	last image.Image
	// Learn: learn the tiles' thickness through the game from the
	// stacks whose height the history knows (vupw.LearnGeometry), as soon
	// as they weigh enough. On by default (NewReader) since session 51:
	// the learner that waited for 12 stacks read worse held out (seed
	// 777, docs/vision.md "Any board's dimensions"); the one that weighs
	// them, and leaves the tile's size as it started, read better
	// (docs/vision.md, upwlearn).
	Learn bool
	// geo is the board's geometry before any photo (a calibration, else
	// the project's board); measures are the stacks measured since (each
	// square's last measured height in measured), from which the reader's
	// geometry is learned (vupw.LearnGeometry).
	geo      vupw.Geometry
	measures []vupw.StackMeasure
	measured map[grid.Pos]int
}

var _ game.BoardReader = (*Reader)(nil)

// measureLimit is how many stacks are measured in all: past it the
// geometry stands (its spread no longer shrinks much). learnAfter is how
// many must be measured before the geometry is learned from them: the
// learner itself weighs the evidence (vupw.LearnGeometry: a few stacks
// two high at a steep view can say the tiles are thicker surely, a dozen
// one high cannot).
const (
	measureLimit = 60
	learnAfter   = 3
)

// NewReader makes a reader for a size x size board; data is the service's
// data directory (its camera calibration, if any; "" for none). The
// returned func lets the tile reader go.
func NewReader(size int, data string, logf func(string, ...any)) (*Reader, func(), error) {
	var rd vupw.TileReader
	closer := func() {}
	cls, err := ocr.ForUpwords()
	if err == nil {
		rd = cls
	} else {
		// Our classifier's model is missing (not trained in this build):
		// Tesseract reads tiles worse, but the table still works.
		t, terr := tesseract.New(ocr.English)
		if terr != nil {
			return nil, nil, fmt.Errorf("the tile reader: %v; and Tesseract: %w", err, terr)
		}
		logf("tile reader: %v; using Tesseract instead", err)
		rd, closer = t, func() { t.Close() }
	}
	opt := vupw.Options{Size: size, Reader: rd, Geometry: vupw.UpwordsGeometry}
	if data != "" {
		if cal, err := vision.LoadCalibration(data); err == nil {
			opt.Calib = cal
		}
		geo, err := vupw.LoadGeometry(data)
		if err != nil {
			logf("board geometry: %v; using the project's board's", err)
		} else if geo != nil {
			opt.Geometry = *geo
		}
	}
	return &Reader{opt: opt, geo: opt.Geometry, Learn: true}, closer, nil
}

// Geometry is the board's geometry the reader reads with now: the
// calibrated one, refined by the stacks measured through the game.
func (r *Reader) Geometry() vupw.Geometry {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.opt.Geometry
}

// Forget drops where the board was in the latest photo (another table,
// another camera).
func (r *Reader) Forget() {
	r.mu.Lock()
	r.grid, r.turn, r.turnThin, r.last = nil, nil, false, nil
	r.measures, r.measured = nil, nil
	r.opt.Geometry = r.geo
	r.mu.Unlock()
}

// ReadBoard reads one photo (the pipeline's BoardReader).
func (r *Reader) ReadBoard(ctx context.Context, f game.Frame) (game.Reading, error) {
	var before *grid.Board
	if r.Board != nil {
		before, _ = r.Board().(*grid.Board)
	}
	return r.read(ctx, f, before)
}

func (r *Reader) read(_ context.Context, f game.Frame, before *grid.Board) (game.Reading, error) {
	img, err := photo.Image(f)
	if err != nil {
		return game.Reading{}, err
	}
	r.mu.Lock()
	opt := r.opt
	// A game's first photo shows the empty board or the first play,
	// one tile high by the rules: the vision seeks its stacks at that
	// height only, its letters still read again at the others
	// (vupw.Options.FirstPlay).
	opt.FirstPlay = before != nil && before.Count() == 0
	if before != nil && r.Learn && len(r.measures) < measureLimit {
		// Every stack whose height the history knows (the letter read
		// is the one that stood there) measures the tile's thickness
		// and size in this camera; a few new ones each photo, the
		// tallest first (every scan of the photo measures its own: a
		// photo read again in another direction or on another grid
		// measures as many). The first photo's stacks are one high by
		// the rules.
		measured := r.measured
		first := opt.FirstPlay
		opt.MeasureMost = vupw.MeasurePerPhoto
		opt.Measure = func(p grid.Pos, read grid.Stack) int {
			if first {
				if read.Letter == "" || read.Letter == "?" || measured[p] == 1 {
					return 0
				}
				return 1
			}
			was := before.At(p)
			if was.Empty() || was.Letter != read.Letter || measured[p] == was.Height {
				return 0
			}
			return was.Height
		}
	}
	opt.Turn, opt.TurnThin = r.turn, r.turnThin
	if r.grid != nil {
		opt.Last = r.last
	}
	scan, err := Scan(img, opt, r.grid, before)
	if err == nil && r.Words != nil && opt.FirstPlay {
		dropPrints(scan, r.Words)
	}
	if err == nil && r.Words != nil && !opt.CameraOrientation && !scan.TurnSure && (before == nil || before.Count() == 0) {
		if byWords := turnByWords(img, opt, scan, r.Words); byWords != nil {
			scan = byWords
		}
	}
	if err == nil {
		r.last = img
		g := scan.Found
		r.grid = &g
		r.keepTurn(scan)
		r.learn(scan.Measures)
	}
	r.mu.Unlock()
	if err != nil {
		return game.Reading{}, Unreadable{Err: err}
	}
	return ReadingOf(scan, before), nil
}

// turnByWords settles the reading direction of a game's first photo,
// whose letters are too few to settle it surely (scan.TurnSure false),
// by the rules: the board is read on the photo's grid in each of the
// four directions, and when the words (every run of two or more
// stacks, across and down) of exactly one of them are all in words,
// that direction is taken as sure and the photo read in it again
// (its stacks as sure as their own readings make them). Upside down or
// on its side, a word's letters read as other letters or none, and
// rarely spell words again; a word that does (NOON, SOS) leaves two
// directions standing, and the photo stays unsure. Every letter of the
// words must have been read at wordLetterConf or more (lettersRead): a
// guess on a face the reader hardly reads spells words by chance. nil:
// not settled.
// Only a first photo: with stacks standing, a direction the words
// gave against the one the board was read in would rewrite the game.
func turnByWords(img image.Image, opt vupw.Options, scan *vupw.UpwordsReading, words game.Dictionary) *vupw.UpwordsReading {
	if scan.Board == nil || scan.Board.Count() < 2 {
		return nil
	}
	o := opt
	o.On, o.Measure = &scan.Found, nil
	settled, two := -1, false
	var spelled [4]bool
	var weight [4]float64
	for k := 0; k < 4; k++ {
		rd := scan
		if !scan.TurnKnown || scan.Turned != k {
			kk := k
			o.Turn, o.TurnThin = &kk, true
			again, err := vupw.ScanUpwords(img, o)
			if err != nil {
				weight[k] = -1
				continue
			}
			if opt.FirstPlay {
				dropPrints(again, words)
			}
			rd = again
		}
		spelled[k], weight[k] = allWords(rd.Board, words), letterWeight(rd)
		if !spelled[k] || !lettersRead(rd) {
			continue
		}
		if settled >= 0 {
			two = true // two directions spell words
		}
		settled = k
	}
	thin := false
	if settled < 0 || two {
		settled, thin = likeliestDirection(spelled, weight), true
	}
	if settled < 0 {
		return nil
	}
	o.Turn, o.TurnThin = &settled, thin
	again, err := vupw.ScanUpwords(img, o)
	if err != nil || again.TurnSure == thin {
		return nil
	}
	if opt.FirstPlay {
		dropPrints(again, words)
	}
	return again
}

// dropPrints reads empty the centre squares of a game's first photo
// whose stacks are the board's print read as tiles, by the rules: the
// first play is one word in one line over a centre square. When the
// reading is not all words, the fewest of the stacks on the centre
// squares read unsure (under vupw.SureConf) whose dropping leaves one
// word (a single run, in words, over a centre square) are dropped; two
// ways of doing it with as few leave the reading as it is. The centre
// squares' print (a diamond, a logo) read as an O at 0.4 to 0.75 beside
// the first word made its runs no words (tuning 101203, GIANT down with
// three O's about its T). Reports whether it dropped any.
func dropPrints(scan *vupw.UpwordsReading, words game.Dictionary) bool {
	b := scan.Board
	if b == nil || b.Rows != b.Cols || b.Rows%2 != 0 || allWords(b, words) {
		return false
	}
	m := b.Rows / 2
	centre := []grid.Pos{{Row: m - 1, Col: m - 1}, {Row: m - 1, Col: m}, {Row: m, Col: m - 1}, {Row: m, Col: m}}
	var unsure []grid.Pos
	for _, p := range centre {
		if !b.At(p).Empty() && scan.Cell(p).Conf < vupw.SureConf {
			unsure = append(unsure, p)
		}
	}
	best, ways := 0, 0
	for set := 1; set < 1<<len(unsure); set++ {
		if ways > 0 && bits.OnesCount(uint(set)) > bits.OnesCount(uint(best)) {
			continue
		}
		left := b.Clone()
		for i, p := range unsure {
			if set&(1<<i) != 0 {
				left.Set(p, grid.Stack{})
			}
		}
		if !oneWord(left, centre, words) {
			continue
		}
		switch {
		case ways == 0 || bits.OnesCount(uint(set)) < bits.OnesCount(uint(best)):
			best, ways = set, 1
		default:
			ways++
		}
	}
	if ways != 1 {
		return false
	}
	for i, p := range unsure {
		if best&(1<<i) == 0 {
			continue
		}
		b.Set(p, grid.Stack{})
		c := &scan.Cells[p.Row*b.Cols+p.Col]
		c.Letter, c.Height, c.Conf, c.Sure = "", 0, 0, false
	}
	return true
}

// oneWord reports whether b's stacks (two or more) stand in one line
// with no gap, over one of the squares centre, and spell a word.
func oneWord(b *grid.Board, centre []grid.Pos, words game.Dictionary) bool {
	var at []grid.Pos
	b.Each(func(p grid.Pos, s grid.Stack) {
		if !s.Empty() {
			at = append(at, p)
		}
	})
	if len(at) < 2 {
		return false
	}
	rows, cols := true, true
	for _, p := range at {
		rows = rows && p.Row == at[0].Row
		cols = cols && p.Col == at[0].Col
	}
	if !rows && !cols {
		return false
	}
	// Each goes row by row: the stacks come in order along the line.
	for i := 1; i < len(at); i++ {
		if at[i].Row-at[i-1].Row+at[i].Col-at[i-1].Col != 1 {
			return false
		}
	}
	over := false
	for _, p := range centre {
		over = over || !b.At(p).Empty()
	}
	return over && allWords(b, words)
}

// directionMargin is by how much the reader's confidences summed over a
// first photo's letters in words (letterWeight) must stand above every
// other direction's for likeliestDirection to take a direction its
// words did not settle: half a letter read surely.
const directionMargin = 0.5

// likeliestDirection is the direction a game's first photo is read in,
// not surely, when its words settled none or two (turnByWords): of the
// directions whose reading is all words (spelled), the one whose
// letters in words the reader read surest in that direction (weight:
// the confidences summed, letterWeight), when that stands
// directionMargin above every other direction's, spelled or not; -1 for
// none. A letter stands upright in one direction only (an R, an M), read
// on its side or upside down it is the reader's guess at a low
// confidence; the letters that look alike turned (O, S) weigh alike in
// every direction. Taken thin (no stack shown sure): a guessed direction
// is never shown sure, and the next photos' letters settle it
// (Reader.keepTurn).
func likeliestDirection(spelled [4]bool, weight [4]float64) int {
	best := -1
	for k := range weight {
		if spelled[k] && (best < 0 || weight[k] > weight[best]) {
			best = k
		}
	}
	if best < 0 {
		return -1
	}
	for k := range weight {
		if k != best && weight[k]+directionMargin > weight[best] {
			return -1
		}
	}
	return best
}

// letterWeight sums the reader's confidence over the stacks of rd that
// stand in a run of two or more (across or down).
func letterWeight(rd *vupw.UpwordsReading) float64 {
	b := rd.Board
	w := 0.0
	b.Each(func(p grid.Pos, s grid.Stack) {
		if s.Empty() {
			return
		}
		for _, d := range []grid.Pos{{Row: 0, Col: 1}, {Row: 1, Col: 0}, {Row: 0, Col: -1}, {Row: -1, Col: 0}} {
			if q := p.Add(d); b.In(q) && !b.At(q).Empty() {
				w += rd.Cell(p).Conf
				return
			}
		}
	})
	return w
}

// wordLetterConf is the least confidence of the reader in each letter of
// the words that settle a first photo's direction (turnByWords): under
// it the letter is the reader's likeliest guess on a face it hardly
// reads (an upside-down letter read at 0.00), no evidence of the
// direction. The same bound a letter needs to vote on the direction
// (vision/upwords voteTurn). On the game 98880 (docs/vision.md, "A stack
// under a hand told by its skin's colour") a first photo read upside
// down spelled HONS, its O and S read at 0.00 (a C and an E), and was
// taken as sure, its H and N shown sure on the wrong squares.
const wordLetterConf = 0.5

// lettersRead reports whether every stack of rd that stands in a run of
// two or more (across or down) was read at wordLetterConf or more.
func lettersRead(rd *vupw.UpwordsReading) bool {
	b := rd.Board
	ok := true
	b.Each(func(p grid.Pos, s grid.Stack) {
		if s.Empty() || !ok {
			return
		}
		inRun := false
		for _, d := range []grid.Pos{{Row: 0, Col: 1}, {Row: 1, Col: 0}, {Row: 0, Col: -1}, {Row: -1, Col: 0}} {
			if q := p.Add(d); b.In(q) && !b.At(q).Empty() {
				inRun = true
			}
		}
		if inRun && rd.Cell(p).Conf < wordLetterConf {
			ok = false
		}
	})
	return ok
}

// allWords reports whether b holds at least one word and every run of
// two or more stacks, across and down, is in words.
func allWords(b *grid.Board, words game.Dictionary) bool {
	n := 0
	for _, d := range []grid.Pos{{Row: 0, Col: 1}, {Row: 1, Col: 0}} {
		for r := 0; r < b.Rows; r++ {
			for c := 0; c < b.Cols; c++ {
				p := grid.Pos{Row: r, Col: c}
				if b.At(p).Empty() || (b.In(p.Add(grid.Pos{Row: -d.Row, Col: -d.Col})) && !b.At(p.Add(grid.Pos{Row: -d.Row, Col: -d.Col})).Empty()) {
					continue // not a run's first stack
				}
				var w strings.Builder
				run := 0
				for q := p; b.In(q) && !b.At(q).Empty(); q = q.Add(d) {
					w.WriteString(b.At(q).Spelling())
					run++
				}
				if run < 2 {
					continue
				}
				if !words.Contains(w.String()) {
					return false
				}
				n++
			}
		}
	}
	return n > 0
}

// keepTurn keeps the reading direction a photo was read in for the next
// photo (r.mu held): a direction the letters settled, surely or not; one
// read surely in the direction kept makes it sure. A reading made in the
// direction kept although its own letters surely said otherwise
// (TurnSure false, Scan) leaves the direction as sure as it was.
func (r *Reader) keepTurn(scan *vupw.UpwordsReading) {
	if !scan.TurnKnown {
		return
	}
	if r.turn == nil || *r.turn != scan.Turned {
		t := scan.Turned
		r.turn, r.turnThin = &t, !scan.TurnSure
		return
	}
	if scan.TurnSure {
		r.turnThin = false
	}
}

// learn adds a photo's measures and learns the geometry again from all
// of them (r.mu held).
func (r *Reader) learn(ms []vupw.StackMeasure) {
	if len(ms) == 0 {
		return
	}
	if r.measured == nil {
		r.measured = map[grid.Pos]int{}
	}
	for _, m := range ms {
		r.measured[m.Pos] = m.Height
	}
	r.measures = append(r.measures, ms...)
	if len(r.measures) < learnAfter {
		return
	}
	// The tile's size stays the one the reader started from (a
	// calibration's, else the project's board's): LearnGeometry learns
	// only the thickness and the walls.
	g := vupw.LearnGeometry(r.geo, r.measures)
	g.Source = "game"
	r.opt.Geometry = g
}

// Scan reads a photo of a game in progress: vupw.ScanUpwords, tried
// first where the grid was in the last good photo from the same camera
// (last, nil for none), and checked against the board as it stands
// (before, nil for none). A reading that changes most of the board on
// a grid found a row or a column off is a registration error, not a
// turn: it is read again on the last good grid (the camera has not
// moved) and, with no last grid (scan --before, a service restarted),
// on the found grid moved a square each way, the reading that changes
// the fewest stacks winning when it no longer changes most of them.
// A photo still misregistered on the last good grid is ErrRegistration.
// A photo whose board the search sees cut off at the picture's edge, or
// whose grid it does not find, is read on the last good grid when at
// least half the stacks standing read as they stood (a board at the
// edge of the view, a tall stack or a shadow on its border; lines hidden
// under a crowded board's tiles); else it stays out of view, or no board.
//
// opt.Turn, when set, is the reading direction of the last good photo
// (UpwordsReading.Turned; Reader keeps it; opt.TurnThin when no photo
// settled it surely): the board does not turn under a fixed camera. A
// photo whose letters do not settle the direction surely is read again
// in that direction, and that reading wins unless the photo's own
// changes fewer of the stacks standing; it is as sure of the direction
// as the direction kept. A photo whose letters surely vote for another
// direction is read again in the kept one too, and the reading that
// changes fewer of the stacks standing wins: the photo's own, sure, or
// the kept direction's, whose squares are then not sure
// (vupw.UpwordsReading.MarkTurnUnsure): a direction contradicting the
// standing board does not silently rewrite it, nor is the board shown
// sure against the photo's letters.
func Scan(img image.Image, opt vupw.Options, last *vision.Grid, before *grid.Board) (*vupw.UpwordsReading, error) {
	n := opt.Size
	if n == 0 {
		n = 10
	}
	if before != nil && opt.Stood == nil && before.Rows == n && before.Cols == n {
		// A stack read with a new letter whose old one still shows at
		// its height is read as it stood (vupw.Options.Stood).
		opt.Stood = func(p grid.Pos) grid.Stack { return before.At(p) }
	}
	if last != nil {
		q := straightCorners(*last)
		opt.Hint = &q
	}
	lastTurn, lastThin := opt.Turn, opt.TurnThin
	if opt.CameraOrientation {
		lastTurn = nil
	}
	opt.Turn, opt.TurnThin = nil, false
	scan, err := vupw.ScanUpwords(img, opt)
	if err == nil && lastTurn != nil && before != nil && (scan.Turned != *lastTurn || !scan.TurnSure) && !(lastThin && scan.TurnKnown && scan.Turned == *lastTurn) {
		// The board has not turned under a fixed camera: this photo's
		// letters voted for another reading direction than the last
		// good photo's, or could not settle it surely. Read it again
		// as the last photo was read. A photo unsure of its direction
		// takes the kept one unless its own reading changes fewer of
		// the stacks standing; a photo sure of another keeps whichever
		// changes fewer (a board really turned reads as it stands only
		// its own way), not sure when that is the kept direction.
		o := opt
		o.On, o.Turn, o.TurnThin = &scan.Found, lastTurn, lastThin
		if again, err2 := vupw.ScanUpwords(img, o); err2 == nil {
			ca, cs := changedStacks(again.Board, before), changedStacks(scan.Board, before)
			switch {
			case !scan.TurnSure && ca <= cs:
				scan = again
			case scan.TurnSure && ca < cs:
				again.MarkTurnUnsure()
				scan = again
			}
		}
	}
	switch {
	case lastTurn == nil:
	case err != nil:
		opt.Turn, opt.TurnThin = lastTurn, lastThin // re-reads on another grid keep the direction
	case scan.Turned == *lastTurn:
		opt.Turn, opt.TurnThin = lastTurn, !scan.TurnSure
	}
	if (errors.Is(err, vision.ErrOutOfView) || errors.Is(err, vision.ErrNoBoard)) && last != nil && before != nil {
		// A board at the picture's edge, or one whose grid this frame's
		// search did not see at all: it saw the board cut off (a tall
		// stack or a shadow on its border), or no grid (lines hidden
		// under the tiles of a crowded board, a blur), where the last
		// good grid, from the same fixed camera, had it whole. Read it
		// there, when at least half the stacks standing read as they
		// stood: a board that really moved (or is gone) reads otherwise
		// and is refused as before.
		o := opt
		o.On = last
		if again, err2 := vupw.ScanUpwords(img, o); err2 == nil && holdsBoard(again.Board, before) {
			return again, nil
		}
		return nil, err
	}
	if err != nil || before == nil {
		return scan, err
	}
	if last != nil {
		if scan.Found.Hidden() {
			// A grid this frame found only with a quarter of the board
			// left out (a hand over a corner or a side; none of its
			// squares shown sure): under a fixed camera the last good
			// grid, found whole, is the surer one, taken where the stacks
			// standing read as they stood on it.
			o := opt
			o.On = last
			if again, err2 := vupw.ScanUpwords(img, o); err2 == nil && holdsBoard(again.Board, before) {
				return again, nil
			}
		}
		if !misregistered(straightCorners(*last), scan.Grid, scan.Board, before) {
			return scan, nil
		}
		o := opt
		o.On = last
		again, err := vupw.ScanUpwords(img, o)
		if err == nil && !changesMost(again.Board, before) {
			return again, nil
		}
		return nil, ErrRegistration
	}
	if !changesMost(scan.Board, before) {
		return scan, nil
	}
	best, fewest := scan, changedStacks(scan.Board, before)
	for _, d := range [][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
		g := scan.Found.Shift(d[0], d[1])
		o := opt
		o.On = &g
		again, err := vupw.ScanUpwords(img, o)
		if err != nil {
			continue
		}
		if c := changedStacks(again.Board, before); c < fewest {
			best, fewest = again, c
		}
	}
	if changesMost(best.Board, before) {
		return scan, nil
	}
	return best, nil
}

// straightCorners are the grid's outer corners on its straight lines
// (vupw.UpwordsReading.Grid's kind), in the camera's order.
func straightCorners(g vision.Grid) vision.Quad {
	n := float64(g.N)
	return vision.Quad{g.H.Apply(vision.Point{X: 0, Y: 0}), g.H.Apply(vision.Point{X: n, Y: 0}), g.H.Apply(vision.Point{X: n, Y: n}), g.H.Apply(vision.Point{X: 0, Y: n})}
}

// ErrRegistration is a photo whose grid was found half a square or more
// from the last good one while its reading changes most of the board (a
// grid found a row or a column off: every letter read from the square
// beside it), and whose reading on the last good grid changes most of it
// too. A board that really moved still reads as it stood, so its new
// place is taken.
var ErrRegistration = errors.New("upwords: the board's grid was found a row or a column off where it stood; the photo is not read as a turn (take it again)")

// misregistered reports whether a reading on grid now, the last good grid
// being last (the camera's own corner order, vupw.UpwordsReading.Grid),
// is a registration error: a corner moved half a square or more and more
// than half of the stacks standing (at least four) read otherwise.
func misregistered(last, now vision.Quad, read, before *grid.Board) bool {
	if read == nil || before == nil || read.Rows != before.Rows || read.Cols != before.Cols {
		return false
	}
	n := float64(read.Cols)
	pitch := math.Hypot(last[1].X-last[0].X, last[1].Y-last[0].Y) / n
	if pitch <= 0 {
		return false
	}
	moved := 0.0
	for i := range last {
		moved = math.Max(moved, math.Hypot(now[i].X-last[i].X, now[i].Y-last[i].Y))
	}
	if moved < pitch/2 {
		return false
	}
	return changesMost(read, before)
}

// changesMost reports whether a reading changes the letter on more than
// half of the stacks standing before (at least four): no turn does.
func changesMost(read, before *grid.Board) bool {
	standing := before.Count()
	return standing >= 4 && 2*changedStacks(read, before) > standing
}

// holdsBoard reports whether a reading keeps the letter on at least half
// of the stacks standing before (and some stack stands): the board is
// where the grid says.
func holdsBoard(read, before *grid.Board) bool {
	standing := before.Count()
	return standing > 0 && 2*changedStacks(read, before) <= standing
}

// changedStacks counts the stacks standing before whose letter the
// reading (turned to the board's reading direction like before) reads
// otherwise.
func changedStacks(read, before *grid.Board) int {
	if read == nil || before == nil || read.Rows != before.Rows || read.Cols != before.Cols {
		return 0
	}
	changed := 0
	before.Each(func(p grid.Pos, b grid.Stack) {
		if !b.Empty() && read.At(p).Letter != b.Letter {
			changed++
		}
	})
	return changed
}

func isTileLetter(l string) bool {
	c, err := grid.ParseCell(l)
	return l != "" && err == nil && c.Height == 1
}

// placeholder is the letter put on an unreadable tile: A, or E where A
// would stand on an A (the rules refuse a letter on the same letter).
func placeholder(before *grid.Board, p grid.Pos) string {
	if before == nil {
		return "A"
	}
	if l := before.At(p).Letter; l == "A" {
		return "E"
	}
	return "A"
}

// turnUnsure is the confidence a stack is shown at, at most, when the
// board's reading direction is not sure (vupw.UpwordsReading.TurnSure):
// under game.LowConf, so the page marks it, and above the reconciling's
// game.Guessed and faint readings, so the rules weigh it as read.
const turnUnsure = 0.75

// newUnsure is the confidence a new letter read under vupw.SureConf is
// shown at, at most: as turnUnsure, under game.LowConf and above
// game.Guessed.
const newUnsure = turnUnsure

// firmHeight is the margin of a photo's height over the runner-up
// (vupw.Cell.HeightOK) from which the photo's height stands against the
// game's history: under it the history's height is taken without doubt.
// Chosen with eval-game on seed 1 (docs/vision.md, "Sure").
const firmHeight = 0.3

// ReadingOf turns a scan into a reading: the board and, per cell, the
// reader's confidence, lowered when the stack's height was a near thing
// and the game's history does not give it. before is the board as it
// stands (nil: none).
func ReadingOf(scan *vupw.UpwordsReading, before *grid.Board) game.Reading {
	b := scan.Board.Clone()
	conf := make([][]float64, b.Rows)
	for r := range conf {
		conf[r] = make([]float64, b.Cols)
		for c := range conf[r] {
			cell := scan.Cell(grid.Pos{Row: r, Col: c})
			if cell.Height == 0 {
				conf[r][c] = 1
				continue
			}
			p := grid.Pos{Row: r, Col: c}
			if s := b.At(p); !isTileLetter(s.Letter) {
				// A tile whose letter the reader could not tell: a
				// placeholder with confidence 0, shown as unsure on every
				// phone for the table to fix with a tap.
				b.Set(p, grid.Stack{Letter: placeholder(before, p), Height: s.Height})
				conf[r][c] = 0
				continue
			}
			conf[r][c] = min(cell.Conf, 0.5+cell.HeightOK)
			if before == nil || before.Rows != b.Rows || before.Cols != b.Cols {
				continue
			}
			// Through a game the history gives the height: a new stack
			// is one high, a stack under its own letter stands as it
			// stood, a new letter is one tile more. The letter alone
			// then decides how sure the square is when the photo agrees
			// with that height, or has no firm say against it (its
			// height's margin under firmHeight): the history's
			// height is taken, for a new stack or one under its own
			// letter (the board game.ReconcileUpwords makes of it is
			// the same). A stack read one higher under its own letter
			// is a tile on it whose letter was misread, or a height
			// misjudged: with its letter read surely (vupw.SureConf; the
			// same letter on itself is no legal play) and no firm say of
			// the photo, the height was misjudged and the history's
			// stands; else it is left as read, as is a new letter (read
			// no higher than the stack stood, the rules weigh a misread:
			// ReconcileUpwordsJudged). On the demo game's frames: 10
			// marks on squares read right through its 11 turns, then 2
			// as served (a new letter read at another height, with no
			// margin), now none (the case below).
			s, was := b.At(p), before.At(p)
			want := 1
			switch {
			case was.Empty():
			case was.Letter == s.Letter:
				want = was.Height
			default:
				want = was.Height + 1
			}
			switch {
			case s.Height == want:
				conf[r][c] = cell.Conf
			case cell.HeightOK < firmHeight && (was.Empty() || was.Letter == s.Letter && (s.Height != was.Height+1 || cell.Conf >= vupw.SureConf)):
				b.Set(p, grid.Stack{Letter: s.Letter, Height: want})
				conf[r][c] = cell.Conf
			case cell.HeightOK < firmHeight && !was.Empty() && was.Letter != s.Letter && cell.Conf >= vupw.SureConf && cell.FaceChanged():
				// A new letter read surely where the face changed since
				// the last photo: a tile went on the stack, and the
				// history gives its height (one more than it stood);
				// the photo's height, with no firm say, does not make
				// the square unsure. On the demo game as served, turn
				// 5's M on a G and turn 7's O on an I, both read at the
				// G's and the I's height at 1.00 (margins 0.10, 0.19).
				b.Set(p, grid.Stack{Letter: s.Letter, Height: want})
				conf[r][c] = cell.Conf
			}
			// A new letter (a tile put on the square) the reader is not
			// sure of (under vupw.SureConf) is not shown sure, whatever
			// the history says of its height: the history cannot check
			// a new letter (an M read N at 0.85 on a new stack, tuning
			// game 57101). Its confidence stays above game.Guessed, so
			// the rules weigh it as read. Nor is a new letter read on a
			// face a neighbouring stack's letter shows too
			// (vupw.Cell.Twin): a tile laid behind a taller stack,
			// hidden from the camera, reads the stack's letter on the
			// stack's face (the lead's game 111106, game 0, turn 5: a G
			// one high behind an N four high read N at 0.98 and shown
			// sure).
			if s.Letter != was.Letter && (cell.Conf < vupw.SureConf || cell.Twin) {
				conf[r][c] = min(conf[r][c], newUnsure)
			}
		}
	}
	if !scan.TurnSure {
		// The board's reading direction is not sure (a handful of
		// letters voted it, or the photo's letters surely voted
		// another): no stack is shown sure, whatever its letter.
		for r := range conf {
			for c := range conf[r] {
				if !b.At(grid.Pos{Row: r, Col: c}).Empty() {
					conf[r][c] = min(conf[r][c], turnUnsure)
				}
			}
		}
	}
	// Squares read empty that may hide a stack (a hand, a deep shadow,
	// stacks in front): the page says "covered" rather than empty.
	var covered [][2]int
	var alt, maybe, raised map[[2]int][]string
	var changed, same map[[2]int]bool
	for _, c := range scan.Cells {
		if c.Covered && b.At(c.Pos).Empty() {
			covered = append(covered, [2]int{c.Pos.Row, c.Pos.Col})
		}
		// The other letters an unsure new letter may be, for the rules
		// to weigh (game.ReconcileUpwordsJudged).
		if len(c.Alt) > 0 && isTileLetter(b.At(c.Pos).Letter) {
			if alt == nil {
				alt = map[[2]int][]string{}
			}
			alt[[2]int{c.Pos.Row, c.Pos.Col}] = c.Alt
		}
		if c.FaceSame() {
			if same == nil {
				same = map[[2]int]bool{}
			}
			same[[2]int{c.Pos.Row, c.Pos.Col}] = true
		}
		if c.FaceChanged() {
			if changed == nil {
				changed = map[[2]int]bool{}
			}
			changed[[2]int{c.Pos.Row, c.Pos.Col}] = true
		}
		if len(c.Raised) > 0 {
			if raised == nil {
				raised = map[[2]int][]string{}
			}
			raised[[2]int{c.Pos.Row, c.Pos.Col}] = c.Raised
		}
		if len(c.Maybe) > 0 && b.At(c.Pos).Empty() {
			if maybe == nil {
				maybe = map[[2]int][]string{}
			}
			maybe[[2]int{c.Pos.Row, c.Pos.Col}] = c.Maybe
		}
	}
	return game.Reading{Board: b, Conf: conf, Covered: covered, Alt: alt, Maybe: maybe, Raised: raised, Changed: changed, Same: same}
}

// Unreadable is a photo the vision could not read (internal/games/photo).
type Unreadable = photo.Unreadable
