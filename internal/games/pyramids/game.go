package pyramids

import (
	"bufio"
	"errors"
	"fmt"
	"image"
	"slices"
	"strconv"
	"strings"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
)

// Kind is the game's name in commands, JSON and the store.
const Kind = "pyramids"

// The game's settings.
const (
	OptColours = "colours" // the players' colours in seat order: "red,blue"
	OptStack   = "stack"   // a full player stack: "5" or "4"
)

// Game is Crossword Pyramids; register it with game.Register(pyramids.Game{}).
type Game struct {
	// NoFaceModel reads the letters with the project's tile classifier
	// alone, without the model trained on pyramid faces (vision/pyramids
	// Options.FaceModel, on by default); eval-game's --face-model=false
	// sets it.
	NoFaceModel bool
}

var _ game.Game = Game{}

// Info describes Crossword Pyramids.
func (Game) Info() game.Info {
	return game.Info{
		Kind: Kind, Title: "Crossword Pyramids", MinPlayers: 2, MaxPlayers: 4,
		Options: []game.Option{
			{Name: OptColours, Title: "the players' colours, in seat order (red, blue, green, yellow)"},
			{Name: OptStack, Title: "pyramids in a full stack", Values: []string{"5", "4"}},
			game.RefuseOption(),
		},
	}
}

// New sets the game up for a table.
func (g Game) New(opt game.Options, env game.Env) (game.Rules, error) {
	if err := game.CheckOptions(Game{}.Info(), opt); err != nil {
		return nil, err
	}
	setup := pyramids.DefaultSetup()
	stack, err := opt.Int(OptStack, 5)
	if err != nil {
		return nil, err
	}
	setup.StackSize = stack
	if stack == 4 {
		setup.PlayerSet = pyramids.PlayerSet24
	}
	colours := []pyramids.Colour{pyramids.Red, pyramids.Blue, pyramids.Green, pyramids.Yellow}
	if v := opt.Get(OptColours, ""); v != "" {
		var ok bool
		colours, ok = game.ParseSeats(v, func(f string) (pyramids.Colour, bool) {
			c, ok := pyramids.ParseColour(strings.TrimSpace(f))
			return c, ok && c.IsPlayer()
		})
		if !ok {
			return nil, fmt.Errorf("%w: colours %q: want up to four different colours of red, blue, green, yellow", game.ErrBadInput, v)
		}
	}
	refuse, err := opt.Bool(game.OptRefuse, false)
	if err != nil {
		return nil, err
	}
	r := &Rules{setup: &setup, colours: colours, env: env, faceModel: !g.NoFaceModel}
	if refuse {
		r.dict = env.Dict
	}
	if env.Camera {
		if err := r.makeReader(); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// Rules is one table's Crossword Pyramids.
type Rules struct {
	setup   *pyramids.Setup
	colours []pyramids.Colour // by seat
	dict    game.Dictionary   // set: non-words are refused at once
	env     game.Env
	rd      reader
	// faceModel: read letters with the face model too (not Game.NoFaceModel)
	faceModel bool
}

var (
	_ game.Rules      = (*Rules)(nil)
	_ game.Reconciler = (*Rules)(nil)
	_ game.TurnLoser  = (*Rules)(nil)
	_ game.Backfiller = (*Rules)(nil)
)

// Position is the board and, between a word's announcement and its
// taking, the word announced.
type Position struct {
	Board *pyramids.Board
	// Word is the announced word waiting to be taken (nil: none).
	Word *Announced
	// seen is what the photo showed square by square and img the photo,
	// from Read to Reconcile (never kept).
	seen *seenPhoto
	img  image.Image
	// taking, from Read to Reconcile, is the squares of the word waiting
	// whose take the photo shows (of the words it may be, Announced.Or)
	taking []grid.Pos
	// Pending are the squares whose top's letter is not yet known: a
	// layer no photo showed before (a source's new top, a layer a take
	// uncovered) whose letter no photo read surely. The board holds the
	// likeliest letter; the page marks it unsure and lists the squares;
	// later photos that show the stack as it stands read it again
	// (pending.go). In reading order.
	Pending []grid.Pos
	// Evidence is, for each pending square, what the photo that first
	// showed its layer said of its letter: each letter's weight (the
	// letters' evidence times the pool's prior, summing to 1), the
	// letters under pendingMinWeight left out. A move off a pending
	// stack is weighed by it (inferMove). In the text form, a line
	// "evidence r,c A=0.412 T=0.300" a square.
	Evidence map[grid.Pos]map[string]float64
}

// Announced is a word spelled and announced, not yet taken.
type Announced struct {
	Word string
	Seat int
	// Squares are the word's squares that hold a pyramid (the ones the
	// taking empties by one), in reading order.
	Squares []grid.Pos
	// Or are the other words the moved pyramids fit that the dictionary
	// knows, when the referee had to choose (Word is then a guess, the
	// longest): the take shows which was made.
	Or []Candidate
}

// Candidate is another word an announcement may be, with its squares
// that hold a pyramid.
type Candidate struct {
	Word    string
	Squares []grid.Pos
}

// AllSquares are the squares of every word it may be, each once.
func (a *Announced) AllSquares() []grid.Pos {
	var out []grid.Pos
	for _, c := range a.Words() {
		for _, q := range c.Squares {
			if !slices.Contains(out, q) {
				out = append(out, q)
			}
		}
	}
	return out
}

// Words are the announced word and the others it may be (Or).
func (a *Announced) Words() []Candidate {
	out := []Candidate{{Word: a.Word, Squares: a.Squares}}
	return append(out, a.Or...)
}

// announcedPrefix starts the text form's line for an announced word.
const announcedPrefix = "announced "

// Size is 10x10.
func (p Position) Size() (int, int) { return pyramids.Size, pyramids.Size }

// Cell is the stack in the board's text format, "" when empty.
func (p Position) Cell(row, col int) string {
	s := p.Board.At(grid.Pos{Row: row, Col: col})
	if s.Empty() {
		return ""
	}
	return s.String()
}

// String is the board's text format and, while a word waits to be taken, a
// line "announced WORD SEAT r,c r,c ...", with "or WORD r,c ..." for each
// other word it may be; while letters are not yet known, a line "pending
// r,c r,c ..." (Pending).
func (p Position) String() string {
	s := p.Board.String()
	if len(p.Pending) > 0 {
		s += pendingPrefix + squareList(p.Pending) + "\n"
		s += evidenceLines(p.Pending, p.Evidence)
	}
	if w := p.Word; w != nil {
		line := fmt.Sprintf("%s%s %d %s", announcedPrefix, w.Word, w.Seat, squareList(w.Squares))
		for _, c := range w.Or {
			line += fmt.Sprintf(" or %s %s", c.Word, squareList(c.Squares))
		}
		s += strings.TrimRight(line, " ") + "\n"
	}
	return s
}

func pos(p game.Position) (Position, error) {
	switch v := p.(type) {
	case Position:
		return v, nil
	case *Position:
		return *v, nil
	}
	return Position{}, fmt.Errorf("%w: not a Crossword Pyramids position", game.ErrBadInput)
}

// Empty is the board before the set-up photo.
func (r *Rules) Empty() game.Position { return Position{Board: pyramids.NewBoard()} }

// Parse reads the text form.
func (r *Rules) Parse(text, name string) (game.Position, error) {
	var board strings.Builder
	var ann *Announced
	var pending []grid.Pos
	var evidence map[grid.Pos]map[string]float64
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, evidencePrefix); ok {
			q, ev, err := parseEvidence(rest)
			if err != nil {
				return nil, fmt.Errorf("%w: %s: evidence: %v", game.ErrBadInput, name, err)
			}
			if evidence == nil {
				evidence = map[grid.Pos]map[string]float64{}
			}
			evidence[q] = ev
			continue
		}
		if rest, ok := strings.CutPrefix(line, pendingPrefix); ok {
			qs, err := parseSquares(rest)
			if err != nil {
				return nil, fmt.Errorf("%w: %s: pending: %v", game.ErrBadInput, name, err)
			}
			pending = qs
			continue
		}
		if rest, ok := strings.CutPrefix(line, announcedPrefix); ok {
			a, err := parseAnnounced(rest)
			if err != nil {
				return nil, fmt.Errorf("%w: %s: %v", game.ErrBadInput, name, err)
			}
			ann = a
			continue
		}
		board.WriteString(line + "\n")
	}
	b, err := pyramids.Parse(strings.NewReader(board.String()), name)
	if err != nil {
		return nil, err
	}
	pending = keepPending(b, pending)
	return Position{Board: b, Word: ann, Pending: pending, Evidence: keepEvidence(pending, evidence)}, nil
}

func parseAnnounced(s string) (*Announced, error) {
	f := strings.Fields(s)
	if len(f) < 2 {
		return nil, errors.New("announced: want WORD SEAT and the squares")
	}
	seat, err := strconv.Atoi(f[1])
	if err != nil || seat < 0 || seat > 3 {
		return nil, fmt.Errorf("announced: seat %q", f[1])
	}
	a := &Announced{Word: f[0], Seat: seat}
	sq := &a.Squares
	for i := 2; i < len(f); i++ {
		q := f[i]
		if q == "or" {
			if i+1 >= len(f) {
				return nil, errors.New("announced: \"or\" wants a word")
			}
			a.Or = append(a.Or, Candidate{Word: f[i+1]})
			sq = &a.Or[len(a.Or)-1].Squares
			i++
			continue
		}
		var row, col int
		if _, err := fmt.Sscanf(q, "%d,%d", &row, &col); err != nil || !pyramids.In(grid.Pos{Row: row, Col: col}) {
			return nil, fmt.Errorf("announced: square %q", q)
		}
		*sq = append(*sq, grid.Pos{Row: row, Col: col})
	}
	return a, nil
}

// SetCell puts a stack ("rA", "kE2", "rA/bE", "" empty) on a square.
func (r *Rules) SetCell(p game.Position, row, col int, cell string) (game.Position, error) {
	v, err := pos(p)
	if err != nil {
		return nil, err
	}
	q := grid.Pos{Row: row, Col: col}
	if !pyramids.In(q) {
		return nil, fmt.Errorf("%w: %v is off the 10x10 board", game.ErrBadInput, q)
	}
	if cell == "" {
		cell = "."
	}
	s, err := pyramids.ParseCell(cell)
	if err != nil {
		return nil, fmt.Errorf("%w: %q: %v", game.ErrBadInput, cell, err)
	}
	b := v.Board.Clone()
	b.Set(q, keepUnder(s, v.Board.At(q)))
	// the table's letter is known
	pending := slices.DeleteFunc(slices.Clone(v.Pending), func(p grid.Pos) bool { return p == q })
	return Position{Board: b, Word: v.Word, Pending: pending, Evidence: keepEvidence(pending, v.Evidence)}, nil
}

// keepUnder completes a correction s that names fewer layers than its
// count (the page's tap gives the top and the count, "bG2") with the
// black house pyramid the square held under it at the same level (counted
// from the board up): a tap on a stack's top or count says nothing of the
// pyramids under it, and the house pyramids never move, so the history
// knows them. Without it the house pyramid's letter would have to be read
// from a photo when the top is taken. Other layers the reading held under
// a top may be its own guesses (a next layer read from the photo): they
// are not kept.
func keepUnder(s, old pyramids.Stack) pyramids.Stack {
	if len(s.Layers) == 0 || len(s.Layers) >= s.Height {
		return s
	}
	out := pyramids.Stack{Layers: slices.Clone(s.Layers), Height: s.Height}
	for i := len(s.Layers); i < s.Height; i++ {
		j := old.Height - s.Height + i // the same level in the old stack
		if j < 0 || j >= len(old.Layers) || old.Layers[j].Colour != pyramids.Black {
			return s
		}
		out.Layers = append(out.Layers, old.Layers[j])
	}
	return out
}

// Backfill says whether a correction of a square from orig to want also
// holds in the earlier photos that read orig there. A stack gains or loses
// at most one pyramid a turn: a correction of the count by one (with the
// top or not) is a pyramid that came or went this turn, which the earlier
// photos rightly did not show. A correction of the top alone is a
// misread, repeated until the pyramid moves; one of the count by two or
// more was wrong before too (the count came from a misread colour: a
// black E read on a red stack of five).
func (r *Rules) Backfill(orig, want string) bool {
	o, err1 := pyramids.ParseCell(orig)
	w, err2 := pyramids.ParseCell(cellOrDot(want))
	if err1 != nil || err2 != nil || o.Height == 0 {
		return false
	}
	ot, _ := o.Top()
	wt, _ := w.Top()
	d := w.Height - o.Height
	return d >= 2 || d <= -2 || (d == 0 && ot != wt)
}

func cellOrDot(s string) string {
	if s == "" {
		return "."
	}
	return s
}

// Piece is the top pyramid's colour and letter, the layers under it that
// are known, and the stack's height.
func (r *Rules) Piece(cell string) game.Piece {
	s, err := pyramids.ParseCell(cell)
	if err != nil {
		return game.Piece{Letter: cell, Height: 1}
	}
	out := game.Piece{Height: s.Height}
	if t, ok := s.Top(); ok {
		out.Letter, out.Colour = t.Letter, t.Colour.String()
	}
	for _, l := range s.Layers[min(1, len(s.Layers)):] {
		out.Layers = append(out.Layers, l.String())
	}
	return out
}

// Detail is a Pyramids turn's own account.
type Detail struct {
	Phase string `json:"phase"` // "set-up", "announced", "taken"
	// First is the colour that goes first, after the set-up.
	First string   `json:"first,omitempty"`
	Word  string   `json:"word,omitempty"`
	Taken []string `json:"taken,omitempty"` // the pyramids taken, "rA"
	// Others are the other words the moved pyramids fit, when the
	// referee had to choose (the longest the dictionary knows): the
	// table names the word announced if it was another.
	Others []string `json:"others,omitempty"`
	// NotInDictionary: the word is not in the dictionary; it stands
	// unless challenged.
	NotInDictionary bool `json:"not_in_dictionary,omitempty"`
	// Unsure: the moved pyramids fit more than one word the dictionary
	// knows (Others) and nothing has said which was made: Word is a
	// guess (the longest). The take shows it, or the table names it.
	Unsure bool `json:"unsure,omitempty"`
	// Words, when Unsure, are the words it may be (the page asks which).
	Words []string `json:"words,omitempty"`
	// Unknown are the squares ("row,col", from 0) whose top's letter is
	// not yet known after the turn (Position.Pending): the page lists
	// them; the letter shown there is the likeliest.
	Unknown []string `json:"unknown,omitempty"`
}

// Judge is the referee: the set-up photo, a word announced, or its taking.
func (r *Rules) Judge(before, after game.Position, t game.Table) (game.Move, error) {
	b, err := pos(before)
	if err != nil {
		return game.Move{}, err
	}
	a, err := pos(after)
	if err != nil {
		return game.Move{}, err
	}
	var word []grid.Pos
	if b.Word != nil {
		word = b.Word.AllSquares()
	}
	b = b.revealPending(a.Board, word).readPending(a.Board)
	if w := b.Word; w != nil {
		return r.judgeTake(b, a, w, t.Word)
	}
	if a.Word != nil {
		return game.Move{}, &game.Rejection{Code: "bad_change", Msg: "a word is announced on a board with none waiting"}
	}
	if countPyramids(b.Board) == 0 {
		if countPyramids(a.Board) == 0 {
			return game.Move{}, &game.Rejection{Code: "no_change", Msg: "no pyramids on the board: set it up"}
		}
		// The set-up: nothing to score. The player whose six pyramids
		// showing add up to the least goes first (the rulebook); on a tie
		// the board cannot break (the layers under are not seen), the
		// first seat.
		mv := game.Move{Again: true, Detail: Detail{Phase: "set-up"}}
		players := r.colours[:min(len(r.colours), t.Seats)]
		if first, err := pyramids.FirstPlayer(r.setup, a.Board, players); err == nil {
			for i, c := range players {
				if c == first && i != t.Seat {
					// From the seat to play, i seats on (play has not
					// gone round yet: Reversed is never set here).
					mv.Again, mv.Skip = false, (i-t.Seat+len(players))%len(players)-1
				}
			}
			mv.Detail = Detail{Phase: "set-up", First: first.String()}
		}
		return mv, nil
	}
	if t.Seat >= len(r.colours) {
		return game.Move{}, &game.Rejection{Code: "no_colour", Msg: fmt.Sprintf("seat %d has no colour: set the players' colours", t.Seat+1)}
	}
	colour := r.colours[t.Seat]
	turn := pyramids.Turn{Player: colour, Before: b.Board, Announced: a.Board, Word: t.Word}
	m, err := pyramids.Judge(r.setup, turn, r.dict)
	var rej *pyramids.Rejection
	var amb *pyramids.Ambiguous
	var or []Candidate // the other words the move may be
	if errors.As(err, &amb) && r.env.Dict != nil && t.Word == "" {
		// The camera does not hear the word announced: of the words the
		// moved pyramids can be part of, those the dictionary knows, the
		// longest first. The longest is the guess until the take shows
		// which the player made (judgeTake) or the table names it.
		var known []string
		for _, w := range amb.Words {
			if r.env.Dict.Contains(w) && !slices.Contains(known, w) {
				known = append(known, w)
			}
		}
		slices.SortStableFunc(known, func(x, y string) int { return len(y) - len(x) })
		for _, w := range known {
			turn.Word = w
			mw, errw := pyramids.Judge(r.setup, turn, r.dict)
			switch {
			case errw != nil:
			case m == nil || err != nil:
				m, err = mw, nil
			default:
				or = append(or, Candidate{Word: mw.Word, Squares: wordSquares(mw)})
			}
		}
		if err != nil {
			m = nil
		}
	}
	switch {
	case errors.As(err, &rej):
		return game.Move{}, &game.Rejection{Code: rej.Code, Msg: rej.Msg}
	case errors.As(err, &amb):
		return game.Move{}, &game.Rejection{Code: "ambiguous", Msg: amb.Error()}
	case err != nil:
		return game.Move{}, &game.Rejection{Code: "bad_change", Msg: err.Error()}
	}
	d := Detail{Phase: "announced", Word: m.Word}
	if amb != nil && t.Word == "" {
		// The table can name the word (POST /api/turns/N/word): the words
		// the dictionary knows first.
		for _, w := range amb.Words {
			if r.env.Dict != nil && r.env.Dict.Contains(w) {
				d.Others = append(d.Others, w)
			}
		}
		for _, w := range amb.Words {
			if r.env.Dict == nil || !r.env.Dict.Contains(w) {
				d.Others = append(d.Others, w)
			}
		}
	}
	if len(or) > 0 {
		d.Unsure, d.Words = true, []string{m.Word}
		for _, c := range or {
			d.Words = append(d.Words, c.Word)
		}
	}
	for _, p := range m.Taken {
		d.Taken = append(d.Taken, p.String())
	}
	if r.env.Dict != nil && !r.env.Dict.Contains(m.Word) {
		d.NotInDictionary = true
	}
	ann := &Announced{Word: m.Word, Seat: t.Seat, Squares: wordSquares(m), Or: or}
	pending := keepPending(a.Board, a.Pending)
	d.Unknown = squareNames(pending)
	mv := game.Move{Score: m.Score, Again: true, Detail: d,
		Words:    []game.Word{{Word: m.Word, Score: m.Score}},
		Position: Position{Board: a.Board, Word: ann, Pending: pending, Evidence: keepEvidence(pending, a.Evidence)}}
	for _, pl := range m.Placed {
		mv.Placed = append(mv.Placed, game.Placement{Row: pl.To.Row, Col: pl.To.Col, Letter: pl.Pyramid.Letter, Height: a.Board.At(pl.To).Height})
	}
	return mv, nil
}

// wordSquares are a word's squares that hold a pyramid, in reading order.
func wordSquares(m *pyramids.Move) []grid.Pos {
	var out []grid.Pos
	for _, sq := range m.Squares {
		if !sq.Printed {
			out = append(out, sq.Pos)
		}
	}
	return out
}

// judgeTake judges the photo after a word's pyramids were taken. When the
// move fitted other words too (w.Or), the take shows which was made: the
// one whose squares lost their tops, and the move names it (Move.Names:
// the session names the announcement so, which is then sure).
// When more than one fits the take (words that differ only by printed
// letters), the turn stays unsure, its words offered to the table; named
// (the table tapped one, named), it names the announcement.
func (r *Rules) judgeTake(b, a Position, w *Announced, named string) (game.Move, error) {
	if a.Word != nil {
		return game.Move{}, &game.Rejection{Code: "bad_take", Msg: fmt.Sprintf("%s is still waiting to be taken", w.Word)}
	}
	if len(w.Or) == 0 {
		return r.takeOf(b, a, w.Word, w.Squares)
	}
	var fits []Candidate
	var moves []game.Move // the take of each word that fits
	var first error
	for _, c := range w.Words() {
		m, err := r.takeOf(b, a, c.Word, c.Squares)
		if err != nil {
			if first == nil {
				first = err
			}
			continue
		}
		fits, moves = append(fits, c), append(moves, m)
	}
	switch {
	case len(fits) == 0:
		return game.Move{}, first
	case len(fits) == 1:
		moves[0].Names = fits[0].Word
		return moves[0], nil
	}
	// The take cannot tell: the table says which.
	for i, c := range fits {
		if strings.EqualFold(c.Word, named) {
			moves[i].Names = c.Word
			return moves[i], nil
		}
	}
	mv := moves[0]
	d := mv.Detail.(Detail)
	d.Unsure = true
	for _, c := range fits {
		d.Others = append(d.Others, c.Word)
	}
	d.Words = d.Others
	mv.Detail = d
	return mv, nil
}

// takeOf judges a take as the taking of word on squares.
func (r *Rules) takeOf(b, a Position, word string, squares []grid.Pos) (game.Move, error) {
	w := &Announced{Word: word, Squares: squares}
	// What the board must be: the word's squares one pyramid lower. The
	// camera sees the tops; the heights are the game's, so a height the
	// photo misjudges does not break the game.
	want := b.Board.Clone()
	inWord := map[grid.Pos]bool{}
	for _, q := range w.Squares {
		want.Set(q, b.Board.At(q).Under())
		inWord[q] = true
	}
	for row := range pyramids.Size {
		for col := range pyramids.Size {
			q := grid.Pos{Row: row, Col: col}
			exp, got := want.At(q), a.Board.At(q)
			et, eok := exp.Top()
			gt, gok := got.Top()
			switch {
			case eok == gok && (!eok || et == gt):
			case !eok && exp.Height > 0 && gok:
				// The layer under the taken pyramid was not known: the
				// photo shows it now.
				want.Set(q, pyramids.Stack{Layers: []pyramids.Pyramid{gt}, Height: exp.Height})
			case inWord[q] && !eok:
				return game.Move{}, &game.Rejection{Code: pyramids.CodeBadTake, Msg: fmt.Sprintf("%v: the pyramid of %s must be taken: the square should be empty, the photo shows %s", q, w.Word, got)}
			case inWord[q]:
				return game.Move{}, &game.Rejection{Code: pyramids.CodeBadTake, Msg: fmt.Sprintf("%v: after the top pyramid of %s is taken the %s under it should show, not %s", q, w.Word, et.Name(), got)}
			default:
				return game.Move{}, &game.Rejection{Code: pyramids.CodeBadTake, Msg: fmt.Sprintf("%v: this square is not in %s and must not change (it showed %s, now %s)", q, w.Word, b.Board.At(q), got)}
			}
		}
	}
	pending := keepPending(want, a.Pending)
	d := Detail{Phase: "taken", Word: w.Word, Unknown: squareNames(pending)}
	for _, q := range w.Squares {
		if t, ok := b.Board.At(q).Top(); ok {
			d.Taken = append(d.Taken, t.String())
		}
	}
	return game.Move{Detail: d, Position: Position{Board: want, Pending: pending, Evidence: keepEvidence(pending, a.Evidence)}}, nil
}

func countPyramids(b *pyramids.Board) int {
	n := 0
	for row := range pyramids.Size {
		for col := range pyramids.Size {
			n += b.At(grid.Pos{Row: row, Col: col}).Height
		}
	}
	return n
}

// Bag: Crossword Pyramids has no bag; it is the players' pyramids still on
// the board.
func (r *Rules) Bag(p game.Position, seats int) int {
	v, err := pos(p)
	if err != nil {
		return 0
	}
	n := 0
	for row := range pyramids.Size {
		for col := range pyramids.Size {
			s := v.Board.At(grid.Pos{Row: row, Col: col})
			if t, ok := s.Top(); ok && t.Colour.IsPlayer() {
				n += s.Height
			}
		}
	}
	return n
}

// MaxLeft: the tally counts what is on the board, nothing is typed in.
func (r *Rules) MaxLeft() int { return 0 }

// Tally: each player's points taken less the values of their own colour's
// pyramids still on the board (the tops the camera saw; the layers under
// them as far as they are known, else the colour's average).
func (r *Rules) Tally(final game.Position, players []game.Player, _ []int) []game.TallyLine {
	v, _ := pos(final)
	left := map[pyramids.Colour]int{}
	if v.Board != nil {
		avg := 0
		if n := r.setup.PlayerSet.Total(); n > 0 {
			for _, t := range r.setup.PlayerSet.Tiles {
				avg += t.Count * t.Value
			}
			avg = (avg + n/2) / n
		}
		for row := range pyramids.Size {
			for col := range pyramids.Size {
				s := v.Board.At(grid.Pos{Row: row, Col: col})
				for i := range s.Height {
					if i < len(s.Layers) {
						if l := s.Layers[i]; l.Colour.IsPlayer() {
							left[l.Colour] += r.setup.Value(l)
						}
						continue
					}
					// An unknown layer: on a player's space, theirs.
					if side, ok := pyramids.SpaceSide(grid.Pos{Row: row, Col: col}); ok {
						left[r.setup.Seats[side]] += avg
					}
				}
			}
		}
	}
	out := make([]game.TallyLine, len(players))
	best := -1 << 31
	for i, p := range players {
		out[i] = game.TallyLine{Name: p.Name, Score: p.Score}
		if i < len(r.colours) {
			out[i].Penalty = -left[r.colours[i]]
		}
		out[i].Final = out[i].Score + out[i].Penalty
		best = max(best, out[i].Final)
	}
	for i := range out {
		out[i].Winner = out[i].Final == best
	}
	return out
}

// WithdrawnLosesTurn: a word found not to be a word goes back and its
// speller loses the turn (the rulebook's "Challenging").
func (r *Rules) WithdrawnLosesTurn() bool { return true }

// FailedChallengeLosesTurn: a challenger whose word stands loses their next
// turn.
func (r *Rules) FailedChallengeLosesTurn() bool { return true }

// Colours are the players' colours in seat order.
func (r *Rules) Colours() []string {
	var out []string
	for _, c := range r.colours {
		out = append(out, c.String())
	}
	return out
}
