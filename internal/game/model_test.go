package game

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
)

var registerRow = sync.OnceFunc(func() { Register(rowGame{}) })

// rowPos is a game that is not a grid game: one row of cells, each a
// colour letter (r, g, b) and a digit, written "r1 . g2".
type rowPos []string

func (p rowPos) Size() (int, int) { return 1, len(p) }
func (p rowPos) Cell(r, c int) string {
	if r != 0 || c < 0 || c >= len(p) {
		return ""
	}
	return p[c]
}
func (p rowPos) String() string {
	out := make([]string, len(p))
	for i, c := range p {
		out[i] = c
		if c == "" {
			out[i] = "."
		}
	}
	return strings.Join(out, " ")
}

// rowRules: a turn adds cells; it scores the sum of their digits; a cell
// "x9" is refused.
type rowRules struct{ n int }

func validCell(c string) bool {
	return len(c) == 2 && strings.ContainsAny(c[:1], "rgb") && c[1] >= '1' && c[1] <= '9'
}

func (g rowRules) Empty() Position { return make(rowPos, g.n) }
func (g rowRules) Parse(text, name string) (Position, error) {
	f := strings.Fields(text)
	if len(f) != g.n {
		return nil, badInputf("%s: %d cells, want %d", name, len(f), g.n)
	}
	p := make(rowPos, g.n)
	for i, c := range f {
		if c == "." {
			continue
		}
		if !validCell(c) {
			return nil, badInputf("%s: cell %d: %q", name, i, c)
		}
		p[i] = c
	}
	return p, nil
}
func (g rowRules) SetCell(p Position, row, col int, cell string) (Position, error) {
	if cell != "" && !validCell(cell) {
		return nil, badInputf("%q is not a cell", cell)
	}
	out := append(rowPos(nil), p.(rowPos)...)
	out[col] = cell
	return out, nil
}
func (g rowRules) Piece(cell string) Piece {
	return Piece{Letter: cell[1:], Colour: map[byte]string{'r': "red", 'g': "green", 'b': "blue"}[cell[0]], Height: 1}
}
func (g rowRules) Judge(before, after Position, _ Table) (Move, error) {
	b, a := before.(rowPos), after.(rowPos)
	var mv Move
	for i := range a {
		switch {
		case b[i] == a[i]:
		case b[i] != "":
			return Move{}, &Rejection{Code: "removed_tile", Msg: "a cell changed"}
		default:
			mv.Placed = append(mv.Placed, Placement{Col: i, Letter: a[i], Height: 1})
			mv.Score += int(a[i][1] - '0')
			// Order tiles: a red 7 reverses the play, a red 8 skips
			// the next seat, a red 9 lets the same seat go on.
			switch a[i] {
			case "r7":
				mv.Reverse = true
			case "r8":
				mv.Skip = 1
			case "r9":
				mv.Again = true
			}
		}
	}
	mv.Words = []Word{{Word: "ROW", Score: mv.Score}}
	return mv, nil
}
func (g rowRules) Read(context.Context, Frame, Position) (Reading, error) {
	return Reading{}, errors.New("no camera")
}
func (g rowRules) Bag(p Position, seats int) int { return 10 }
func (g rowRules) Tally(_ Position, players []Player, left []int) []TallyLine {
	out := make([]TallyLine, len(players))
	for i, p := range players {
		out[i] = TallyLine{Name: p.Name, Score: p.Score, Final: p.Score - left[i]}
	}
	return out
}
func (g rowRules) MaxLeft() int { return 3 }

type rowGame struct{}

func (rowGame) Info() Info {
	return Info{Kind: "rowtest", Title: "Row", MinPlayers: 2, MaxPlayers: 4,
		Options: []Option{{Name: "n", Values: []string{"5", "6"}}}}
}
func (rowGame) New(opt Options, _ Env) (Rules, error) {
	if err := CheckOptions(rowGame{}.Info(), opt); err != nil {
		return nil, err
	}
	n, err := opt.Int("n", 5)
	return rowRules{n}, err
}

// TestSessionOnAnotherGame plays a game whose positions are not grid
// boards through the session: plays, a refused reading, a correction by
// the game's own cell text, a challenge, the end, and a replay from the
// store.
func TestSessionOnAnotherGame(t *testing.T) {
	ctx := context.Background()
	registerRow()
	g, err := Lookup("rowtest")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Lookup("nosuchgame"); !errors.Is(err, ErrUnknownGame) || !strings.Contains(err.Error(), "rowtest") {
		t.Errorf("Lookup of an unknown game: %v", err)
	}
	if _, err := g.New(Options{"n": "7"}, Env{}); !errors.Is(err, ErrBadInput) {
		t.Errorf("n=7: %v, want bad input", err)
	}
	rules, err := g.New(Options{"n": "6"}, Env{})
	if err != nil {
		t.Fatal(err)
	}
	store := NewMemStore()
	s, err := Open(ctx, store, Config{Kind: "rowtest", Players: []string{"Ann", "Ben"}, Rules: rules})
	if err != nil {
		t.Fatal(err)
	}
	if st := s.State(); st.Rows != 1 || st.Cols != 6 || len(st.Board[0]) != 6 {
		t.Fatalf("a new game is %dx%d, want 1x6", st.Rows, st.Cols)
	}
	read := func(text string, conf ...float64) Reading {
		p, err := rules.Parse(text, "test")
		if err != nil {
			t.Fatal(err)
		}
		r := Reading{Board: p}
		if conf != nil {
			r.Conf = [][]float64{conf}
		}
		return r
	}
	// Turn 1: Ann, r3 and g2 (g2 read unsurely: it is really b4).
	t1, err := s.Play(ctx, Frame{ID: "1"}, read("r3 g2 . . . .", 1, 0.4, 1, 1, 1, 1))
	if err != nil || t1.Status != StatusAccepted || t1.Score != 5 {
		t.Fatalf("turn 1: %+v, %v", t1, err)
	}
	if _, err := s.Play(ctx, Frame{ID: "1b"}, read("r3 g2 . . . .")); !errors.Is(err, ErrNoChange) {
		t.Errorf("the same reading again: %v, want no change", err)
	}
	// Turn 2: Ben, b1; the camera still reads g2.
	if t2, err := s.Play(ctx, Frame{ID: "2"}, read("r3 g2 b1 . . .")); err != nil || t2.Score != 1 {
		t.Fatalf("turn 2: %+v, %v", t2, err)
	}
	st := s.State()
	if c := st.Board[0][1]; c == nil || c.Colour != "green" || c.Letter != "2" {
		t.Errorf("cell 1 = %+v, want a green 2", c)
	}
	if u := st.History[0].Uncertain; len(u) != 1 || u[0] != [2]int{0, 1} {
		t.Errorf("turn 1's unsure cells %v, want [[0 1]]", u)
	}
	// Turn 3: Ann; a changed cell is refused.
	if t3, _ := s.Play(ctx, Frame{ID: "3"}, read("g3 g2 b1 . . .")); t3.Status != StatusRejected || t3.Code != "removed_tile" {
		t.Errorf("turn 3: %+v, want refused", t3)
	}
	// The table fixes turn 1's g2: b4, in the game's own cell text.
	if _, err := s.CorrectCell(ctx, 1, 0, 1, "x9"); !errors.Is(err, ErrBadInput) {
		t.Errorf("correcting to x9: %v, want bad input", err)
	}
	st, err = s.CorrectCell(ctx, 1, 0, 1, "b4")
	if err != nil {
		t.Fatal(err)
	}
	if st.Players[0].Score != 7 || st.Board[0][1].Colour != "blue" || !st.Board[0][1].Corrected {
		t.Errorf("after the correction: Ann %d, cell %+v; want 7 and a corrected blue 4", st.Players[0].Score, st.Board[0][1])
	}
	// The correction holds in turn 2, which read the same cell the same way.
	if st.Turns[1].Board != "r3 b4 b1 . . ." {
		t.Errorf("turn 2's reading %q, want the correction carried forward", st.Turns[1].Board)
	}
	// Ann plays g5; Ben challenges ROW, which the dictionary does not know.
	if _, err := s.Play(ctx, Frame{ID: "4"}, read("r3 b4 b1 g5 . .")); err != nil {
		t.Fatal(err)
	}
	s.cfg.Dict = wordSet{}
	valid, st, err := s.Challenge(ctx, st.History[len(st.History)-1].N+1, "ROW")
	if err != nil || valid || st.Players[0].Score != 7 || st.Board[0][3] != nil {
		t.Fatalf("challenge: %v %v; Ann %d, cell 3 %+v; want withdrawn", valid, err, st.Players[0].Score, st.Board[0][3])
	}
	st, err = s.End(ctx, []int{2, 3})
	if err != nil || !st.Over || st.Tally[0].Final != 5 || st.Tally[1].Final != -2 {
		t.Fatalf("end: %+v, %v", st.Tally, err)
	}
	if _, err := s.End(ctx, []int{4, 0}); err == nil {
		t.Error("a second end was accepted")
	}
	// The store replays to the same game.
	s2, err := Open(ctx, store, Config{Kind: "rowtest", Rules: rules})
	if err != nil {
		t.Fatal(err)
	}
	if a, b := string(s.Snapshot().JSON), string(s2.Snapshot().JSON); a != b {
		t.Errorf("replayed\n%s\nwant\n%s", b, a)
	}
}

type wordSet map[string]bool

func (w wordSet) Contains(s string) bool { return w[s] }

// TestSessionSwitchesGames: a table set up for one game starts a game of
// another kind (the page's game picker), keeps it across a restart and
// goes back; a game that is not registered is refused.
func TestSessionSwitchesGames(t *testing.T) {
	ctx := context.Background()
	registerRow()
	store := NewMemStore()
	cfg := Config{Players: []string{"Ann", "Ben"}, Rows: 5, Cols: 5, Scorer: lineScorer{}, NewRules: RulesFrom(Env{})}
	s, err := Open(ctx, store, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Start(ctx, NewGame{Kind: "nosuchgame", Players: []string{"A", "B"}}); !errors.Is(err, ErrBadInput) {
		t.Errorf("an unknown game: %v, want bad input", err)
	}
	if err := s.Start(ctx, NewGame{Kind: "rowtest", Players: []string{"A", "B"}, Options: Options{"n": "9"}}); !errors.Is(err, ErrBadInput) {
		t.Errorf("a bad setting: %v, want bad input", err)
	}
	if err := s.Start(ctx, NewGame{Kind: "rowtest", Players: []string{"Cy", "Di"}, Options: Options{"n": "6"}}); err != nil {
		t.Fatal(err)
	}
	rowRead := func(text string) Reading {
		p, err := s.Rules().Parse(text, "test")
		if err != nil {
			t.Fatal(err)
		}
		return Reading{Board: p}
	}
	if tn, err := s.Play(ctx, Frame{ID: "1"}, rowRead(". . r5 . . .")); err != nil || tn.Score != 5 {
		t.Fatalf("a row turn: %+v, %v", tn, err)
	}
	// A restart: the table's configuration is still the grid game's, the
	// stored game the row game with its settings.
	s2, err := Open(ctx, store, cfg)
	if err != nil {
		t.Fatal(err)
	}
	st := s2.State()
	if st.Game != "rowtest" || st.Cols != 6 || st.Players[0].Score != 5 || s2.Setup().Options["n"] != "6" {
		t.Fatalf("after a restart: %s %dx%d, Cy %d, options %v", st.Game, st.Rows, st.Cols, st.Players[0].Score, s2.Setup().Options)
	}
	// A new game with the same players is the same game again.
	if err := s2.NewGame(ctx, []string{"Cy", "Di"}); err != nil || s2.State().Game != "rowtest" || s2.State().Cols != 6 {
		t.Fatalf("NewGame: %v, %s", err, s2.State().Game)
	}
	// Back to the table's own game.
	if err := s2.Start(ctx, NewGame{Players: []string{"Ann", "Ben"}}); err != nil {
		t.Fatal(err)
	}
	if st := s2.State(); st.Game != "upwords" || st.Rows != 5 {
		t.Fatalf("back: %s %dx%d", st.Game, st.Rows, st.Cols)
	}
	// Without NewRules, the table plays its own game only.
	s3, err := Open(ctx, NewMemStore(), Config{Scorer: lineScorer{}})
	if err != nil {
		t.Fatal(err)
	}
	if err := s3.Start(ctx, NewGame{Kind: "rowtest", Players: []string{"A", "B"}}); !errors.Is(err, ErrBadInput) {
		t.Errorf("another game on a single-game table: %v, want bad input", err)
	}
}

// TestSessionTurnOrder: a move's order effects (reverse, skip, again) and
// their undoing by a successful challenge.
func TestSessionTurnOrder(t *testing.T) {
	ctx := context.Background()
	rules := rowRules{8}
	s, err := Open(ctx, NewMemStore(), Config{Kind: "rowtest", Players: []string{"A", "B", "C", "D"}, Rules: rules, Dict: wordSet{}})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		row   string
		after int // the seat to play after it
	}{
		{"plain: next seat", "g1 . . . . . . .", 1},
		{"reverse: back to A", "g1 r7 . . . . . .", 0},
		{"reversed: D", "g1 r7 g1 . . . . .", 3},
		{"skip: C is skipped, B", "g1 r7 g1 r8 . . . .", 1},
		{"again: B goes on", "g1 r7 g1 r8 r9 . . .", 1},
		{"reversed, plain: A", "g1 r7 g1 r8 r9 g2 . .", 0},
	}
	for _, tc := range tests {
		p, err := rules.Parse(tc.row, tc.name)
		if err != nil {
			t.Fatal(err)
		}
		if tn, err := s.Play(ctx, Frame{ID: tc.name}, Reading{Board: p}); err != nil || tn.Status != StatusAccepted {
			t.Fatalf("%s: %+v, %v", tc.name, tn, err)
		}
		if got := s.State().ToPlay; got != tc.after {
			t.Errorf("%s: seat %d to play, want %d", tc.name, got, tc.after)
		}
	}
	// A plays a reverse tile; the word is challenged off: A again, and
	// the order as it was (anticlockwise: D after A).
	p, _ := rules.Parse("g1 r7 g1 r8 r9 g2 r7 .", "reverse")
	tn, err := s.Play(ctx, Frame{ID: "reverse"}, Reading{Board: p})
	if err != nil || s.State().ToPlay != 1 {
		t.Fatalf("A's reverse: %+v, %v; seat %d to play, want 1", tn, err, s.State().ToPlay)
	}
	if _, st, err := s.Challenge(ctx, tn.N, "ROW"); err != nil || st.ToPlay != 0 {
		t.Fatalf("the challenge: %v; seat %d to play, want 0", err, st.ToPlay)
	}
	if _, err := s.Pass(ctx); err != nil || s.State().ToPlay != 3 {
		t.Fatalf("A passes: %v; seat %d to play, want 3 (still anticlockwise)", err, s.State().ToPlay)
	}
}

// tableRules is rowRules scored on the table as it stands, with everyone
// playing at once (Lexicon's shape): the even cells are seat 1's, the odd
// ones seat 2's; each seat scores 100 a cell it has; the turn is the seat's
// whose cell came first.
type tableRules struct{ rowRules }

func (g tableRules) Judge(before, after Position, t Table) (Move, error) {
	mv, err := g.rowRules.Judge(before, after, t)
	if err != nil {
		return mv, err
	}
	mv.Again, mv.Scores = true, make([]int, 2)
	for i, c := range after.(rowPos) {
		if c != "" {
			mv.Scores[i%2] += 100
		}
	}
	mv.Seat = mv.Placed[0].Col%2 + 1
	mv.Score = mv.Scores[mv.Seat-1]
	return mv, nil
}

// TestMoveSetsScores: a move that says every seat's score (Move.Scores)
// replaces the running scores, credits the seat it names (Move.Seat), and a
// challenge that withdraws it puts the scores and the seat to play back.
func TestMoveSetsScores(t *testing.T) {
	ctx := context.Background()
	rules := tableRules{rowRules{6}}
	store := NewMemStore()
	s, err := Open(ctx, store, Config{Kind: "rowtest", Players: []string{"A", "B"}, Rules: rules, Dict: wordSet{}})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		row    string
		player int
		scores [2]int
	}{
		{"A's first", "g1 . . . . .", 0, [2]int{100, 0}},
		{"B's first", "g1 g2 . . . .", 1, [2]int{100, 100}},
		{"B again", "g1 g2 . g3 . .", 1, [2]int{100, 200}},
		{"A then B in one photo", "g1 g2 g1 g3 . g4", 0, [2]int{200, 300}},
	}
	var last Turn
	for _, tc := range tests {
		p, err := rules.Parse(tc.row, tc.name)
		if err != nil {
			t.Fatal(err)
		}
		last, err = s.Play(ctx, Frame{ID: tc.name}, Reading{Board: p})
		if err != nil || last.Status != StatusAccepted {
			t.Fatalf("%s: %+v, %v", tc.name, last, err)
		}
		st := s.State()
		if last.Player != tc.player || last.Name != st.Players[tc.player].Name || st.Players[0].Score != tc.scores[0] || st.Players[1].Score != tc.scores[1] || st.ToPlay != 0 {
			t.Errorf("%s: turn of seat %d (%s), scores %d %d, seat %d to play; want seat %d, scores %v, seat 0", tc.name,
				last.Player, last.Name, st.Players[0].Score, st.Players[1].Score, st.ToPlay, tc.player, tc.scores)
		}
	}
	_, st, err := s.Challenge(ctx, last.N, "ROW")
	if err != nil || st.Players[0].Score != 100 || st.Players[1].Score != 200 || st.ToPlay != 0 {
		t.Fatalf("the challenge: %v; scores %+v, seat %d to play; want 100, 200 and seat 0", err, st.Players, st.ToPlay)
	}
	re, err := Open(ctx, store, Config{Kind: "rowtest", Rules: rules, Dict: wordSet{}})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(re.Snapshot().JSON), string(s.Snapshot().JSON); got != want {
		t.Errorf("replayed from the store:\n%s\nwant\n%s", got, want)
	}
}

// heldRules is rowRules with a word list of its own (Worder) and tiles
// counted per seat (Holder): seat i holds 5+i, the first seat one less for
// every cell on the table.
type heldRules struct {
	rowRules
	words wordSet
}

func (g *heldRules) Words() Dictionary { return g.words }
func (g *heldRules) Held(p Position, seats int) []int {
	out := make([]int, seats)
	for i := range out {
		out[i] = 5 + i
	}
	for _, c := range p.(rowPos) {
		if c != "" {
			out[0]--
		}
	}
	return out
}

// TestSessionWordsAndHeld: a game's own word list decides its flags and
// challenges (not the table's), and the tiles each seat holds are shown
// with the players; the direction of play is in the state.
func TestSessionWordsAndHeld(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name      string
		own       wordSet
		flagged   bool
		challenge bool // the challenge's verdict
	}{
		{"the game's list knows ROW", wordSet{"ROW": true}, false, true},
		{"the game's list does not", wordSet{"COL": true}, true, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rules := &heldRules{rowRules{4}, tc.own}
			// The table's dictionary says the opposite of the game's.
			table := wordSet{"ROW": !tc.own["ROW"]}
			s, err := Open(ctx, NewMemStore(), Config{Kind: "rowtest", Players: []string{"A", "B"}, Rules: rules, Dict: table})
			if err != nil {
				t.Fatal(err)
			}
			p, _ := rules.Parse("g1 r7 . .", "row")
			tn, err := s.Play(ctx, Frame{ID: "1"}, Reading{Board: p})
			if err != nil || tn.Status != StatusAccepted {
				t.Fatalf("%+v, %v", tn, err)
			}
			st := s.State()
			if got := st.Turns[0].Words[0].NotInDictionary; got != tc.flagged {
				t.Errorf("flagged %v, want %v", got, tc.flagged)
			}
			if st.Players[0].Held == nil || *st.Players[0].Held != 3 || *st.Players[1].Held != 6 {
				t.Errorf("held %+v, want 3 and 6", st.Players)
			}
			if !st.Reversed {
				t.Errorf("a reverse tile was played: want reversed")
			}
			valid, _, err := s.Challenge(ctx, tn.N, "ROW")
			if err != nil || valid != tc.challenge {
				t.Errorf("challenge: %v, %v; want %v", valid, err, tc.challenge)
			}
		})
	}
}

func TestParseSeats(t *testing.T) {
	digit := func(f string) (int, bool) {
		f = strings.TrimSpace(f)
		if len(f) != 1 || f[0] < '0' || f[0] > '9' {
			return 0, false
		}
		return int(f[0] - '0'), true
	}
	for _, tc := range []struct {
		name string
		in   string
		want []int
		ok   bool
	}{
		{"one seat", "3", []int{3}, true},
		{"seat order kept", "2, 0,7", []int{2, 0, 7}, true},
		{"a name twice", "1,2,1", nil, false},
		{"a name parse refuses", "1,x", nil, false},
		{"an empty name", "1,,2", nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := ParseSeats(tc.in, digit)
			if ok != tc.ok || !slices.Equal(got, tc.want) {
				t.Errorf("ParseSeats(%q) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.ok)
			}
		})
	}
}
