package pyramids

import (
	"context"
	"errors"
	"image"
	_ "image/jpeg" // photos
	_ "image/png"  // uploads
	"slices"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/internal/games/photo"
	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/vision"
	vpyr "github.com/tilescope/tilescope/vision/pyramids"
)

// reader reads photos of the board (vision/pyramids with the project's
// tile classifier).
type reader = photo.Tool[*vpyr.Options]

func (r *Rules) newReader() (*vpyr.Options, error) {
	cls, err := ocr.Default(ocr.English)
	if err != nil {
		return nil, err
	}
	opt := &vpyr.Options{Reader: cls, Seats: r.setup.Seats, StackSize: r.setup.StackSize, FaceModel: r.faceModel,
		PlayerSet: r.setup.PlayerSet, HouseSet: r.setup.HouseSet}
	if r.env.DataDir != "" {
		if cal, err := vision.LoadCalibration(r.env.DataDir); err == nil {
			opt.Calib = cal
		}
	}
	return opt, nil
}

func (r *Rules) makeReader() error { return r.rd.Make(r.newReader) }

// Read reads a photo: the tops the camera sees, the heights carried from
// the board as it stands (vision/pyramids.CarryHeights; CarryTaking while a
// word waits to be taken, whose squares go one lower). A letter the reader
// could not tell keeps the stack as it stood when its colour agrees; a new
// pyramid whose letter is unread is left for the table to tap, with
// confidence 0.
func (r *Rules) Read(ctx context.Context, f game.Frame, standing game.Position) (game.Reading, error) {
	img, err := photo.Image(f)
	if err != nil {
		return game.Reading{}, err
	}
	before := pyramids.NewBoard()
	var taking []pyramids.Pos // the squares of a word waiting to be taken
	var waiting *Announced
	if s, err := pos(standing); err == nil && s.Board != nil {
		before = s.Board
		if waiting = s.Word; waiting != nil {
			// read at the counts every word it may be takes
			taking = sharedSquares(waiting.Words())
		}
	}
	var scan *vpyr.Reading
	var serr error
	if err := r.rd.Use(r.newReader, func(opt *vpyr.Options) error {
		o := *opt
		if countPyramids(before) > 0 {
			o.Heights = readCounts(before, taking)
			o.Exact = uncovered(before, taking)
		}
		scan, serr = vpyr.Scan(img, o)
		return nil
	}); err != nil {
		return game.Reading{}, err
	}
	if err := serr; err != nil {
		return game.Reading{}, photo.Unreadable{Err: err}
	}
	var board *pyramids.Board
	var unread, doubtful []pyramids.Pos
	if countPyramids(before) == 0 {
		// The set-up: nothing to carry; the heights are the reader's
		// (the game's prior: full stacks on the players' spaces).
		board = pyramids.NewBoard()
		for _, sq := range scan.Squares {
			if sq.Colour == pyramids.NoColour {
				continue
			}
			if sq.Letter == "?" || sq.Letter == "" {
				unread = append(unread, sq.Pos)
				continue
			}
			board.Set(sq.Pos, pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: sq.Colour, Letter: sq.Letter}}, Height: max(1, sq.Height)})
		}
	} else {
		if waiting != nil {
			taking = takenSquares(before, scan, waiting)
		}
		board, unread, doubtful = vpyr.CarryTaking(before, scan, r.setup.Seats, taking)
	}
	conf := make([][]float64, pyramids.Size)
	for row := range conf {
		conf[row] = make([]float64, pyramids.Size)
		for col := range conf[row] {
			q := grid.Pos{Row: row, Col: col}
			sq := scan.Square(q)
			conf[row][col] = squareConf(sq)
		}
	}
	for _, q := range doubtful {
		conf[q.Row][q.Col] = min(conf[q.Row][q.Col], game.Guessed)
	}
	for _, q := range unread {
		conf[q.Row][q.Col] = 0
		if board.At(q).Empty() {
			// A pyramid whose letter was not read, on a square that had
			// none: an A of the colour read, for the table to fix.
			board.Set(q, pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: scan.Square(q).Colour, Letter: "A"}}, Height: 1})
		}
	}
	// The scan goes with the reading to Reconcile, which holds it to a
	// turn's moves (balance) with the letters' evidence.
	out := Position{Board: board, seen: newSeenPhoto(scan), img: img}
	if waiting != nil {
		out.taking = taking
	}
	return game.Reading{Board: out, Conf: conf}, nil
}

// readCounts is the stack count a photo's letters are read at first on
// each square: the count the game holds (one lower on the squares of a
// word being taken, taking). A pyramid on a square the game holds empty
// was put there this turn and stands alone: one high, where the set-up's
// likeliest count would read a house square's at two.
func readCounts(before *pyramids.Board, taking []grid.Pos) func(grid.Pos) int {
	return func(q grid.Pos) int {
		h := before.At(q).Height
		if slices.Contains(taking, q) {
			h--
		}
		return max(h, 1)
	}
}

// uncovered reports the squares of a word being taken (taking) whose
// next layer the game does not know: the take shows it for the first
// time, at the count the game holds less one, which the history knows
// (vpyr.Options.Exact: read at that count alone).
func uncovered(before *pyramids.Board, taking []grid.Pos) func(grid.Pos) bool {
	return func(q grid.Pos) bool {
		if !slices.Contains(taking, q) {
			return false
		}
		u := before.At(q).Under()
		_, known := u.Top()
		return !known && u.Height > 0
	}
}

// squareConf is the confidence the session is given for a square the scan
// read: the scan's Sure decides which side of game.LowConf it falls (the
// page marks a square unsure below it), its letter confidence where it
// lies. A sure pyramid is at least LowConf, an unsure one at most
// game.Guessed; an empty square is 1 (the page draws no mark on it). The
// stack count is not part of Sure: it is the history's (CarryTaking), and
// a square the carrying doubts is lowered by Read.
func squareConf(sq vpyr.Square) float64 {
	if sq.Colour == pyramids.NoColour {
		return 1
	}
	c := min(max(sq.Conf, 0), 1)
	if sq.Sure {
		return max(c, game.LowConf)
	}
	return min(c, game.Guessed)
}

// Reconcile holds a photo's reading to what the history allows. A
// pyramid the camera reads the same wrong way as in an earlier photo that
// the table corrected (that photo showed this top while the game held the
// one that stands now) is the stack that stands: a misread is usually
// repeated in every photo until the pyramid moves, and without this every
// later photo would be a new turn. The same holds for a square the game
// holds empty that an earlier photo also read as a pyramid of the colour
// read now (a tall stack leaning over it in a steep view), for a
// stack read empty that an earlier photo also missed (glare), and for a
// black house pyramid read empty, not surely, the first time (house
// pyramids never move: a pyramid put on it the photo misses, washed out
// by glare, or a misread: houseMissed). Then the
// change is held to a turn's moves (balance): every pyramid put on a
// square left another, and while a word waits to be taken only its
// squares change.
func (r *Rules) Reconcile(standing game.Position, past []game.Sighting, rd game.Reading) (game.Reading, int) {
	b, err1 := pos(standing)
	a, err2 := pos(rd.Board)
	if err1 != nil || err2 != nil || b.Board == nil || a.Board == nil {
		return rd, 0
	}
	var word []grid.Pos // the squares of the word being taken
	if w := b.Word; w != nil {
		word = w.AllSquares() // every word it may be
		if a.taking != nil {
			// the one the photo shows taken (Read): the others'
			// squares change no more than any other
			word = a.taking
			b.Word = &Announced{Word: w.Word, Seat: w.Seat, Squares: a.taking}
		}
	}
	out := a.Board.Clone()
	n := 0
	pinned := map[grid.Pos]bool{} // read as an earlier photo read them
	for row := range pyramids.Size {
		for col := range pyramids.Size {
			q := grid.Pos{Row: row, Col: col}
			now, read := b.Board.At(q), a.Board.At(q)
			nt, nok := now.Top()
			rt, rok := read.Top()
			switch {
			case slices.Contains(word, q):
				// a square of the word being taken changes now
				continue
			case nok && rok && nt != rt && seenBefore(past, q, rt, nt):
			case nok != rok && (seenEmptyBefore(past, q, now, rt, rok) || houseMissed(a.seen, q, nt, nok)):
				if nok && q.Row < len(rd.Conf) && q.Col < len(rd.Conf[q.Row]) {
					// the photo shows nothing where the game holds a
					// pyramid, as before, or not surely where it
					// holds a house pyramid (they never move; one is
					// only covered, or taken in a word): it cannot
					// tell whether one was put on it since
					rd.Conf[q.Row][q.Col] = min(rd.Conf[q.Row][q.Col], game.Guessed)
				}
			default:
				continue
			}
			out.Set(q, now)
			pinned[q] = true
			n++
		}
	}
	var pl *pool
	// the letters' evidence of the squares read again (readAgain): a
	// new top's own reading, at its count
	secondEv := map[grid.Pos]map[string]float64{}
	if a.seen != nil && countPyramids(b.Board) > 0 {
		conf := rd.Conf
		if conf == nil {
			conf = make([][]float64, pyramids.Size)
			for i := range conf {
				conf[i] = []float64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1}
			}
		}
		pl = newPool(r.setup, b.Board)
		m, reread, unsettled := balance(b, out, a.seen, pl, pinned, conf, r.spells(b.Board), r.spells)
		n += m
		if len(reread) > 0 && a.img != nil {
			// its letters count as changes: with none, the carried
			// reading would be returned as it was and they dropped
			n += r.readAgain(a.img, b.Board, out, reread, pl, conf, secondEv)
		}
		settle(b.Board, out, a.seen, word, conf, unsettled)
		// a letter settled changes the board only in a photo that
		// shows a change besides (else it would be a turn of its own)
		n += resolvePending(b, out, a.seen, word, pl, conf, n > 0)
		rd.Conf = conf
	}
	final := out
	if n == 0 {
		final = a.Board
	}
	final = forgetCovered(b, final)
	pending := pendingAfter(b, final, word, rd.Conf)
	rd.Board = Position{Board: final, Word: a.Word, Pending: pending,
		Evidence: pendingEvidence(b, final, pending, a.seen, secondEv, pl)}
	return rd, n
}

// houseMissed reports whether the photo (scan) reads square q empty,
// not surely, where the game holds a black house pyramid on top (held,
// ok): house pyramids never move, so a pyramid was put on it that the
// camera misses (a coloured one washed out by glare) or it is misread.
func houseMissed(scan *seenPhoto, q grid.Pos, held pyramids.Pyramid, ok bool) bool {
	if !ok || held.Colour != pyramids.Black || scan == nil {
		return false
	}
	sq := scan.Square(q)
	return sq.Colour == pyramids.NoColour && !sq.Sure
}

// settle marks sure the stacks the history settles: a stack the game
// holds that the reading leaves as it stood (the move did not touch it,
// not a square of the word being taken), whose colour the photo shows
// surely (vpyr.Square.ColourSure) and whose letter it does not surely
// read as another. A house pyramid (black) on top is then the one the
// game holds, whatever its blurred letter reads: house pyramids never
// move, and no black pyramid lies on another, so one is only ever
// covered (another colour) or taken (the square changes). A player's
// pyramid could be another of its colour (moved off, or one put on
// it), so its letter must read as the one the game holds. The history's
// letter is the table's: the set-up and every turn since were accepted
// with the chance to tap.
//
// A player's stack alike (the same pyramid on top) to one the move took
// a pyramid off is settled only when the photo surely reads its letter:
// taken off either, the board looks the same but for the letters
// uncovered and the counts, so the move may have been read off the
// wrong one of the two (game 99461: yE5 beside yE5, the E taken off the
// one read as it stood).
//
// A player's stack topped like a pyramid the move took, whose next
// layer is not known (or known alike), is lowered to unsure whatever its
// photo reads: it could have given the pyramid taken, and the photo
// shows it the same whether it did or not (its top's likeness may lie
// under it), so a sure reading of its top does not tell. Without it
// such a stack kept the scan's sure mark when the move was read off
// another (game 112057, game 1 turn 10: a green O taken off (8,4), five
// high, over another green O; the game took it off the pending (8,2),
// guessed O, and (8,4) stood five high, shown sure).
//
// The squares of unsettled (balance: stacks a move not read may have
// left unseen) are not settled.
func settle(before, after *pyramids.Board, scan *seenPhoto, word []grid.Pos, conf [][]float64, unsettled []grid.Pos) {
	// the tops the move took off a stack (the word's squares are known),
	// and the pyramids it put on one: a pending stack's top is the
	// game's guess, and the pyramid moved off it one of its other
	// letters (game 111707: a blue S put on the runway, taken off a
	// pending stack guessed B, left a stack topped by a blue S shown
	// sure as it stood)
	taken := map[pyramids.Pyramid]bool{}
	for row := range pyramids.Size {
		for col := range pyramids.Size {
			q := grid.Pos{Row: row, Col: col}
			if b := before.At(q); !slices.Contains(word, q) && after.At(q).Height < b.Height {
				if t, ok := b.Top(); ok {
					taken[t] = true
				}
			}
			if a := after.At(q); !slices.Contains(word, q) && a.Height == before.At(q).Height+1 {
				if t, ok := a.Top(); ok {
					taken[t] = true
				}
			}
		}
	}
	for row := range min(pyramids.Size, len(conf)) {
		for col := range min(pyramids.Size, len(conf[row])) {
			q := grid.Pos{Row: row, Col: col}
			b := before.At(q)
			bt, ok := b.Top()
			if !ok || slices.Contains(word, q) || !after.At(q).SameTop(b) || slices.Contains(unsettled, q) {
				continue
			}
			if bt.Colour.IsPlayer() && taken[bt] && mayHaveGiven(b, bt) {
				lower(conf, q)
				continue
			}
			sq := scan.Square(q)
			switch {
			case sq.Colour != bt.Colour || !sq.ColourSure:
			case sq.Sure && sq.Letter != bt.Letter:
				// the photo surely reads another letter
			case bt.Colour != pyramids.Black && sq.Letter != bt.Letter:
			case bt.Colour != pyramids.Black && taken[bt] && !sq.Sure:
				// a like stack lost its top: this one may be it
			default:
				conf[row][col] = max(conf[row][col], game.LowConf)
			}
		}
	}
}

// mayHaveGiven reports whether the stack s, topped by t, could have
// lost t unseen: it stands two or more high over a layer the game does
// not know, or knows to be t's likeness.
func mayHaveGiven(s pyramids.Stack, t pyramids.Pyramid) bool {
	if s.Height < 2 {
		return false
	}
	u, known := s.Under().Top()
	return !known || u == t
}

// spells reports, for the boards a word announced on before can make,
// whether one spells a word the table's dictionary knows for one of the
// players' colours (pyramids.Judge finds the words the moved pyramids can
// be part of). Nil without a dictionary.
func (r *Rules) spells(before *pyramids.Board) func(*pyramids.Board) bool {
	if r.env.Dict == nil {
		return nil
	}
	return func(announced *pyramids.Board) bool {
		for _, c := range r.colours {
			m, err := pyramids.Judge(r.setup, pyramids.Turn{Player: c, Before: before, Announced: announced}, nil)
			var amb *pyramids.Ambiguous
			switch {
			case err == nil && r.env.Dict.Contains(m.Word):
				return true
			case errors.As(err, &amb):
				for _, w := range amb.Words {
					if r.env.Dict.Contains(w) {
						return true
					}
				}
			}
		}
		return false
	}
}

// readAgain reads the photo again at the counts of the board the move
// makes (after), the squares listed at that count alone (their count is
// the move's: vpyr.Options.Exact), and takes the letter of each square
// listed from it (takeReread): the top that shows on a stack that lost
// one, whose letter the first reading took at the count before. It
// returns the number of squares whose top it changed; ev (when not nil)
// is given each square's letters' evidence from that reading.
func (r *Rules) readAgain(img image.Image, before, after *pyramids.Board, squares []grid.Pos, pl *pool, conf [][]float64, ev map[grid.Pos]map[string]float64) int {
	var scan *vpyr.Reading
	if err := r.rd.Use(r.newReader, func(opt *vpyr.Options) error {
		o := *opt
		o.Heights = func(q grid.Pos) int { return after.At(q).Height }
		o.Exact = func(q grid.Pos) bool { return slices.Contains(squares, q) }
		var err error
		scan, err = vpyr.Scan(img, o)
		return err
	}); err != nil || scan == nil {
		return 0
	}
	second := newSeenPhoto(scan)
	for _, q := range squares {
		if ev != nil {
			ev[q] = second.Letters(q)
		}
	}
	return takeReread(before, after, second, squares, pl, conf)
}

// takeReread gives each square listed the letter the second reading
// (second, at the count the move makes, read there alone) shows,
// weighed by the pool's prior (pl: the layer was never seen). The first
// reading, at the count before, is not averaged in (pyrrec did): with
// the height search both mostly read at the same height, whichever
// read the best face most surely, and read at its count alone the new
// top is read better by it alone (docs/pyramids-vision.md, pyrgame2).
// The square is sure only when the second reading is, reads that
// letter itself (rereadDoubtful), and the letter has margin over the
// next (pool.sure). It returns the number of squares whose top it
// changed.
func takeReread(before, after *pyramids.Board, second *seenPhoto, squares []grid.Pos, pl *pool, conf [][]float64) int {
	n := 0
	for _, q := range squares {
		s := after.At(q)
		t, ok := s.Top()
		sq := second.Square(q)
		if !ok || sq.Colour != t.Colour || sq.Letter == "?" || sq.Letter == "" {
			continue
		}
		ev := second.Letters(q)
		l := pl.letter(t.Colour, ev, "")
		if l == "" {
			l = sq.Letter
		}
		if l != t.Letter {
			n++
		}
		s.Layers = append([]pyramids.Pyramid{{Colour: t.Colour, Letter: l}}, s.Layers[1:]...)
		after.Set(q, s)
		if q.Row < len(conf) && q.Col < len(conf[q.Row]) {
			conf[q.Row][q.Col] = squareConf(sq)
			if rereadDoubtful(before, q, pyramids.Pyramid{Colour: t.Colour, Letter: l}, sq.Letter) || !pl.sure(t.Colour, ev, l) {
				conf[q.Row][q.Col] = min(conf[q.Row][q.Col], game.Guessed)
			}
		}
	}
	return n
}

// rereadDoubtful reports whether the new top read on q by the second
// reading (top: its letter by the pool's prior; scanned: the photo's own
// likeliest) is doubtful however sure the photo: the prior changed the
// letter, or the top is the one the stack had before (before). A photo
// that shows the same top as before cannot tell a stack that lost it over
// a like layer (two red Es) from one left as it stood, whose move was
// inferred elsewhere.
func rereadDoubtful(before *pyramids.Board, q grid.Pos, top pyramids.Pyramid, scanned string) bool {
	if top.Letter != scanned {
		return true
	}
	bt, ok := before.At(q).Top()
	return ok && bt == top
}

// seenBefore reports whether an earlier photo showed top read on q while the
// game held top held there.
func seenBefore(past []game.Sighting, q grid.Pos, read, held pyramids.Pyramid) bool {
	for _, s := range past {
		seen, err1 := pos(s.Seen)
		after, err2 := pos(s.After)
		if err1 != nil || err2 != nil {
			continue
		}
		st, sok := seen.Board.At(q).Top()
		at, aok := after.Board.At(q).Top()
		if sok && aok && st == read && at == held {
			return true
		}
	}
	return false
}

// seenEmptyBefore reports whether an earlier photo read q as now (a
// pyramid of read's colour, or empty when !rok) while the game held the
// stack held there: empty, or with held's top.
func seenEmptyBefore(past []game.Sighting, q grid.Pos, held pyramids.Stack, read pyramids.Pyramid, rok bool) bool {
	ht, hok := held.Top()
	for _, s := range past {
		seen, err1 := pos(s.Seen)
		after, err2 := pos(s.After)
		if err1 != nil || err2 != nil || seen.Board == nil || after.Board == nil {
			continue
		}
		st, sok := seen.Board.At(q).Top()
		at, aok := after.Board.At(q).Top()
		if sok != rok || aok != hok || (aok && at != ht) || (sok && st.Colour != read.Colour) {
			continue
		}
		return true
	}
	return false
}

var _ game.Watcher = (*Rules)(nil)

// Locate finds the board for the turn detector: vision/pyramids' board
// outline, no letters read.
func (r *Rules) Locate(frame image.Image) ([4][2]float64, bool) {
	var c [4][2]float64
	scan, err := vpyr.Scan(frame, vpyr.Options{Seats: r.setup.Seats, StackSize: r.setup.StackSize})
	if err != nil {
		return c, false
	}
	for i, p := range scan.Corners {
		c[i] = [2]float64{p.X, p.Y}
	}
	return c, true
}

// sharedSquares are the squares every one of the words holds.
func sharedSquares(words []Candidate) []grid.Pos {
	var out []grid.Pos
	for _, q := range words[0].Squares {
		all := true
		for _, c := range words[1:] {
			all = all && slices.Contains(c.Squares, q)
		}
		if all {
			out = append(out, q)
		}
	}
	return out
}

// takenSquares are the squares of the word w waiting to be taken whose
// take the photo shows. When the move fitted other words too (w.Or), the
// photo tells which was made: each square of any of them that shows its
// top gone counts for the words that hold it and against the others, one
// that shows it still there the other way round; the word with the most
// (the first, the guess, on a tie) is the one taken.
func takenSquares(before *pyramids.Board, scan *vpyr.Reading, w *Announced) []grid.Pos {
	words := w.Words()
	if len(words) == 1 {
		return w.Squares
	}
	vote := map[grid.Pos]int{}
	for _, c := range words {
		for _, q := range c.Squares {
			if _, ok := vote[q]; !ok {
				gone, still := vpyr.TakeShown(before, scan, []grid.Pos{q})
				vote[q] = gone - still
			}
		}
	}
	best, bestScore := 0, 0
	for i, c := range words {
		score := 0
		for q, v := range vote {
			if slices.Contains(c.Squares, q) {
				score += v
			} else {
				score -= v
			}
		}
		if i == 0 || score > bestScore {
			best, bestScore = i, score
		}
	}
	return words[best].Squares
}
