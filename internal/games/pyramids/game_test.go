package pyramids

import (
	"context"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
)

type words map[string]bool

func (w words) Contains(s string) bool { return w[strings.ToUpper(s)] }

func readLog(t *testing.T) *pyramids.Log {
	t.Helper()
	f, err := os.Open("../../../scoring/pyramids/testdata/game3.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	l, err := pyramids.ReadLog(f, "game3.txt")
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestNewOptions(t *testing.T) {
	tests := []struct {
		name    string
		opt     game.Options
		wantErr string
	}{
		{"default", nil, ""},
		{"colours", game.Options{OptColours: "blue, green,red"}, ""},
		{"stack of 4", game.Options{OptStack: "4"}, ""},
		{"black is no player", game.Options{OptColours: "black,red"}, "colours"},
		{"a colour twice", game.Options{OptColours: "red,red"}, "colours"},
		{"bad stack", game.Options{OptStack: "6"}, "stack"},
		{"unknown", game.Options{"size": "8"}, "size"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Game{}.New(tc.opt, game.Env{})
			if tc.wantErr == "" && err != nil {
				t.Fatal(err)
			}
			if tc.wantErr != "" && (!errors.Is(err, game.ErrBadInput) || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Fatalf("%v, want bad input naming %s", err, tc.wantErr)
			}
		})
	}
}

func TestPositionText(t *testing.T) {
	l := readLog(t)
	r, _ := Game{}.New(nil, game.Env{})
	p := Position{Board: l.Start, Word: &Announced{Word: "HOLD", Seat: 2, Squares: []grid.Pos{{Row: 3, Col: 2}, {Row: 5, Col: 2}}}}
	back, err := r.Parse(p.String(), "p")
	if err != nil || !game.SamePosition(back, p) || back.String() != p.String() {
		t.Fatalf("Parse(String()) = %v, %v\nwant\n%s", back, err, p)
	}
	if _, err := r.Parse(p.String()+"announced X 9 1,1\n", "p"); !errors.Is(err, game.ErrBadInput) {
		t.Errorf("a bad announced line: %v", err)
	}
	if c := p.Cell(1, 2); c != "rA5" {
		t.Errorf("Cell(1,2) = %q", c)
	}
	if pc := r.Piece("rA/bE3"); pc.Colour != "red" || pc.Letter != "A" || pc.Height != 3 || len(pc.Layers) != 1 || pc.Layers[0] != "bE" {
		t.Errorf("Piece = %+v", pc)
	}
	if _, err := r.SetCell(p, 0, 0, "xQ"); !errors.Is(err, game.ErrBadInput) {
		t.Errorf("SetCell xQ: %v", err)
	}
}

// TestSetCellKeepsUnder: a tap gives a stack's top and count; the black
// house pyramid under it that the square held at the same level stays
// known (house pyramids never move); other layers the reading held may be
// its guesses and are not kept.
func TestSetCellKeepsUnder(t *testing.T) {
	r, _ := Game{}.New(nil, game.Env{})
	q := grid.Pos{Row: 3, Col: 2}
	for _, tc := range []struct{ name, held, tap, want string }{
		{"top corrected on a house pyramid", "bS/kH", "bG2", "bG/kH"},
		{"a pyramid put on a house pyramid", "kH", "gK2", "gK/kH"},
		{"a top the reading took as gone", "rN/rB/rK", "rI4", "rI4"},
		{"a pyramid the reading put on", "rX/bP/bE/bC/bA/bI", "bP5", "bP5"},
		{"the house pyramid at another level", "bS/kH", "bG3", "bG3"},
		{"count only, lower layers unknown", "yA5", "yW5", "yW5"},
		{"a stack of one", "rI", "gK", "gK"},
		{"every layer given", "bS/kH", "bG/kR", "bG/kR"},
		{"emptied", "bS/kH", "", "."},
		{"onto an empty square", ".", "rA2", "rA2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := pyramids.NewBoard()
			if tc.held != "." {
				s, err := pyramids.ParseCell(tc.held)
				if err != nil {
					t.Fatal(err)
				}
				b.Set(q, s)
			}
			p, err := r.SetCell(Position{Board: b}, q.Row, q.Col, tc.tap)
			if err != nil {
				t.Fatal(err)
			}
			got := p.(Position).Board.At(q).String()
			if got != tc.want {
				t.Errorf("held %s, tap %q: %s, want %s", tc.held, tc.tap, got, tc.want)
			}
		})
	}
}

// TestPlayThrough plays the set-up, a word announced then challenged off,
// the word announced again and taken (with heights the photo misjudged),
// and a take that breaks the rules, through the session.
func TestPlayThrough(t *testing.T) {
	ctx := context.Background()
	l := readLog(t)
	hold := l.Entries[0]
	// The referee finds the word among those the moved pyramids can be
	// part of with its word list; challenges go to the table's dictionary
	// (here one that does not know HOLD).
	rules, err := Game{}.New(game.Options{OptColours: "blue,green,red"}, game.Env{Dict: words{"HOLD": true, "OLD": true, "WHO": true}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := game.Open(ctx, game.NewMemStore(), game.Config{Kind: Kind, Players: []string{"Bo", "Gil", "Ro"}, Rules: rules, Dict: words{"EAT": true}})
	if err != nil {
		t.Fatal(err)
	}
	play := func(name string, b *pyramids.Board) game.Turn {
		t.Helper()
		tn, err := s.Play(ctx, game.Frame{ID: name}, game.Reading{Board: Position{Board: b}})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return tn
	}
	if tn := play("set-up", l.Start); tn.Status != game.StatusAccepted || tn.Score != 0 || s.State().ToPlay != 0 {
		t.Fatalf("set-up: %+v, seat %d", tn, s.State().ToPlay)
	}
	if d := s.State().Turns[0].Detail.(Detail); d.First != "blue" {
		t.Errorf("set-up: %q goes first, want blue (the tops add up to the least: red 10, blue 9, green 10)", d.First)
	}
	ann := play("HOLD", hold.Announced)
	if ann.Status != game.StatusAccepted || len(ann.Words) != 1 || ann.Words[0].Word != "HOLD" || ann.Score == 0 {
		t.Fatalf("HOLD announced: %+v", ann)
	}
	if d, ok := ann.Detail.(Detail); !ok || d.Phase != "announced" || d.Word != "HOLD" || len(d.Taken) != 4 {
		t.Errorf("HOLD's detail %+v: want announced, four pyramids to take", ann.Detail)
	}
	if d := ann.Detail.(Detail); len(d.Others) < 2 {
		t.Errorf("HOLD's detail lists %v as the other words, want the words the move also fits", d.Others)
	}
	// The table names the word: OLD (a shorter word through the same
	// pyramid), then HOLD again.
	st, err := s.NameWord(ctx, ann.N, "old")
	if err != nil || st.Turns[1].Words[0].Word != "OLD" || st.Turns[1].Score >= ann.Score {
		t.Fatalf("named OLD: %v, %+v", err, st.Turns[1])
	}
	if st, err = s.NameWord(ctx, ann.N, "HOLD"); err != nil || st.Turns[1].Words[0].Word != "HOLD" || st.Turns[1].Score != ann.Score {
		t.Fatalf("named HOLD: %v, %+v", err, st.Turns[1])
	}
	if st := s.State(); st.ToPlay != 0 || st.Players[0].Score != ann.Score {
		t.Errorf("after the announcement seat %d to play with %d points, want blue still, with the word's", st.ToPlay, st.Players[0].Score)
	}
	// Green challenges: HOLD is not in this table's dictionary.
	valid, st, err := s.Challenge(ctx, ann.N, "HOLD")
	if err != nil || valid || st.Players[0].Score != 0 || st.BoardText != l.Start.String() {
		t.Fatalf("challenge: %v %v, blue %d, board\n%s", valid, err, st.Players[0].Score, st.BoardText)
	}
	if st.ToPlay != 1 {
		t.Errorf("after the withdrawal seat %d is to play; want green (the speller loses the turn)", st.ToPlay)
	}
	// Blue spells it again (the table's dictionary now knows it) and takes it.
	s2, err := game.Open(ctx, game.NewMemStore(), game.Config{Kind: Kind, Players: []string{"Bo", "Gil", "Ro"}, Rules: rules})
	if err != nil {
		t.Fatal(err)
	}
	s = s2
	play("set-up", l.Start)
	ann = play("HOLD", hold.Announced)
	if _, _, err := s.ChallengeBy(ctx, ann.N, "HOLD", 0); !errors.Is(err, game.ErrBadInput) {
		t.Errorf("blue challenging its own word: %v, want bad input", err)
	}
	if valid, _, err := s.ChallengeBy(ctx, ann.N, "HOLD", 2); err != nil || !valid {
		t.Fatalf("red challenges HOLD: %v, %v; want it to stand", valid, err)
	}
	// A take that also moves another pyramid.
	bad := hold.Taken.Clone()
	bad.Set(grid.Pos{Row: 1, Col: 2}, pyramids.Stack{})
	if tn := play("bad take", bad); tn.Status != game.StatusRejected || tn.Code != pyramids.CodeBadTake {
		t.Errorf("a take that empties another square: %+v, want bad_take", tn)
	}
	// The take, with the camera misjudging a stack's height.
	taken := hold.Taken.Clone()
	taken.Set(grid.Pos{Row: 2, Col: 8}, pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: pyramids.Blue, Letter: "H"}}, Height: 2})
	tn := play("taken", taken)
	if tn.Status != game.StatusAccepted || tn.Score != 0 {
		t.Fatalf("taken: %+v", tn)
	}
	st = s.State()
	if st.ToPlay != 1 || st.Players[0].Score != ann.Score {
		t.Errorf("after the take: seat %d to play, blue %d; want green, %d", st.ToPlay, st.Players[0].Score, ann.Score)
	}
	// Red challenged HOLD before the take (above) and it stands: red
	// misses its next turn; green passes and blue plays again.
	if st.Players[2].Misses != 1 {
		t.Errorf("red misses %d turns, want 1", st.Players[2].Misses)
	}
	if st, err := s.Pass(ctx); err != nil || st.ToPlay != 0 || st.Players[2].Misses != 0 {
		t.Errorf("green passes: %v, seat %d to play (want blue: red's turn is lost), red misses %d", err, st.ToPlay, st.Players[2].Misses)
	}
	if st.BoardText != hold.Taken.String() {
		t.Errorf("the board after the take\n%s\nwant (heights from the game)\n%s", st.BoardText, hold.Taken)
	}
	if c := st.Board[2][8]; c == nil || c.Colour != "blue" || c.Height != 5 {
		t.Errorf("cell (2,8) = %+v, want the blue stack of 5", c)
	}
	// The word can no longer be challenged.
	if _, _, err := s.Challenge(ctx, ann.N, "HOLD"); err == nil {
		t.Error("a challenge after the take was accepted")
	}
	// The end: blue's points less its pyramids on the board.
	st, err = s.End(ctx, []int{0, 0, 0})
	if err != nil || len(st.Tally) != 3 || st.Tally[0].Score != ann.Score || st.Tally[0].Penalty >= 0 {
		t.Fatalf("end: %+v, %v", st.Tally, err)
	}
}

// TestReconcileRepeatedMisread: a pyramid read the same wrong way as in a
// photo the table corrected is the stack that stands; a new reading of it
// is left for the referee.
func TestReconcileRepeatedMisread(t *testing.T) {
	l := readLog(t)
	r, _ := Game{}.New(nil, game.Env{})
	rules := r.(*Rules)
	q := grid.Pos{Row: 1, Col: 3}
	misread := l.Start.Clone()
	misread.Set(q, pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: pyramids.Black, Letter: "D"}}, Height: 1})
	other := l.Start.Clone()
	other.Set(q, pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: pyramids.Blue, Letter: "D"}}, Height: 6})
	past := []game.Sighting{{Seen: Position{Board: misread}, After: Position{Board: l.Start}}}
	tests := []struct {
		name string
		read *pyramids.Board
		past []game.Sighting
		want string // the top at q after
		n    int
	}{
		{"the corrected misread again", misread, past, "rE", 1},
		{"a misread never corrected", misread, nil, "kD", 0},
		{"another reading", other, past, "bD", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, n := rules.Reconcile(Position{Board: l.Start}, tc.past, game.Reading{Board: Position{Board: tc.read}})
			top, _ := got.Board.(Position).Board.At(q).Top()
			if top.String() != tc.want || n != tc.n {
				t.Errorf("top %s, %d changed; want %s, %d", top, n, tc.want, tc.n)
			}
		})
	}
}

// TestFirstPlayer: the set-up photo hands the turn to the player whose
// tops add up to the least, whatever seat they sit in.
func TestFirstPlayer(t *testing.T) {
	l := readLog(t)
	ctx := context.Background()
	tests := []struct {
		colours string
		want    int // the seat to play after the set-up
	}{
		{"blue,green,red", 0},
		{"red,blue,green", 1},
		{"green,red,blue", 2},
	}
	for _, tc := range tests {
		t.Run(tc.colours, func(t *testing.T) {
			rules, err := Game{}.New(game.Options{OptColours: tc.colours}, game.Env{})
			if err != nil {
				t.Fatal(err)
			}
			s, err := game.Open(ctx, game.NewMemStore(), game.Config{Kind: Kind, Players: []string{"A", "B", "C"}, Rules: rules})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Play(ctx, game.Frame{ID: "set-up"}, game.Reading{Board: Position{Board: l.Start}}); err != nil {
				t.Fatal(err)
			}
			if got := s.State().ToPlay; got != tc.want {
				t.Errorf("seat %d to play, want %d (blue)", got, tc.want)
			}
		})
	}
}

// TestBackfill: a correction of a pyramid's colour or letter holds in the
// earlier photos that read the same, and so does one of the count by two or
// more; one of the count by one (a pyramid went or came this turn) does
// not.
func TestBackfill(t *testing.T) {
	r := &Rules{}
	for _, tc := range []struct {
		name, orig, want string
		back             bool
	}{
		{"letter misread", "rA5", "rE5", true},
		{"colour misread", "kD", "rD", true},
		{"colour misread, the count with it", "kE", "rE5", true},
		{"count only", "yS5", "yS4", false},
		{"top gone and count", "yS5", "yE4", false},
		{"one put on and count", "yO5", "yS6", false},
		{"one of another colour put on, missed", "yE5", "rR6", false},
		{"one put on a house pyramid, missed", "kE", "rE2", false},
		{"read where a one-high stack went", "rA", "", false},
		{"read where nothing stood", "rA5", "", true},
		{"missed", "", "rA", false},
		{"not a cell", "zz", "rA", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := r.Backfill(tc.orig, tc.want); got != tc.back {
				t.Errorf("Backfill(%q, %q) = %v, want %v", tc.orig, tc.want, got, tc.back)
			}
		})
	}
}

// TestTakeNamesTheWord: red moves its A so that E A T reads from the
// north, and with it R E A T A (the demo's third turn): the referee cannot
// hear the word, so it takes the longest as a guess and marks the turn
// unsure with both. The take shows which word was made (the squares whose
// tops went), and the announcement is worded and scored as that word,
// sure; a store read again gives the same game.
func TestTakeNamesTheWord(t *testing.T) {
	ctx := context.Background()
	l, err := pyramids.ReadLog(strings.NewReader(demoLog), "demo")
	if err != nil {
		t.Fatal(err)
	}
	hold, eat := l.Entries[0], l.Entries[1]
	setup := pyramids.DefaultSetup()
	score := func(word string) int {
		m, err := pyramids.Judge(&setup, pyramids.Turn{Player: pyramids.Red, Word: word, Before: hold.Taken, Announced: eat.Announced}, nil)
		if err != nil {
			t.Fatalf("%s: %v", word, err)
		}
		return m.Score
	}
	// REATA's take: its five squares one lower (the four house
	// pyramids gone, the red A off the black S it was put on).
	reata := eat.Taken.Clone()
	reata.Set(grid.Pos{Row: 2, Col: 3}, pyramids.Stack{})
	reata.Set(grid.Pos{Row: 2, Col: 7}, pyramids.Stack{})
	tests := []struct {
		name  string
		taken *pyramids.Board
		want  string
	}{
		{"EAT taken", eat.Taken, "EAT"},
		{"REATA taken", reata, "REATA"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dict := words{"HOLD": true, "EAT": true, "REATA": true}
			rules, err := Game{}.New(demoOptions(l), game.Env{Dict: dict})
			if err != nil {
				t.Fatal(err)
			}
			store := game.NewMemStore()
			cfg := game.Config{Kind: Kind, Players: []string{"Bo", "Ro", "Gil"}, Rules: rules, Dict: dict}
			s, err := game.Open(ctx, store, cfg)
			if err != nil {
				t.Fatal(err)
			}
			for _, b := range []*pyramids.Board{l.Start, hold.Announced, hold.Taken} {
				if tn, err := s.Play(ctx, game.Frame{}, game.Reading{Board: Position{Board: b}}); err != nil || tn.Status != game.StatusAccepted {
					t.Fatalf("%+v, %v", tn, err)
				}
			}
			ann, err := s.Play(ctx, game.Frame{ID: "EAT"}, game.Reading{Board: Position{Board: eat.Announced}})
			if err != nil {
				t.Fatal(err)
			}
			d, _ := ann.Detail.(Detail)
			if ann.Status != game.StatusAccepted || ann.Words[0].Word != "REATA" || !d.Unsure || !slices.Contains(d.Others, "EAT") {
				t.Fatalf("announced: %+v, detail %+v; want the guess REATA, unsure, EAT among the others", ann, d)
			}
			if w := s.Board().(Position).Word; w == nil || len(w.Or) != 1 || w.Or[0].Word != "EAT" || len(w.Or[0].Squares) != 3 {
				t.Fatalf("the word waiting: %+v; want REATA or EAT on its 3 squares", w)
			}
			tk, err := s.Play(ctx, game.Frame{ID: "taken"}, game.Reading{Board: Position{Board: tc.taken}})
			if err != nil || tk.Status != game.StatusAccepted {
				t.Fatalf("taken: %+v, %v", tk, err)
			}
			if d := tk.Detail.(Detail); d.Word != tc.want || d.Unsure {
				t.Errorf("the take: %+v, want %s taken, sure", d, tc.want)
			}
			check := func(s *game.Session, when string) {
				t.Helper()
				st := s.State()
				a, ok := s.Turn(ann.N)
				if !ok || len(a.Words) != 1 || a.Words[0].Word != tc.want || a.Score != score(tc.want) || a.Detail.(Detail).Unsure {
					t.Errorf("%s: the announcement is %+v; want %s for %d, sure", when, a, tc.want, score(tc.want))
				}
				if st.Players[1].Score != score(tc.want) || st.BoardText != tc.taken.String() || st.ToPlay != 2 {
					t.Errorf("%s: Ro has %d (want %d), %s to play, board\n%s\nwant\n%s", when, st.Players[1].Score, score(tc.want), st.Players[st.ToPlay].Name, st.BoardText, tc.taken)
				}
			}
			check(s, "after the take")
			again, err := game.Open(ctx, store, cfg)
			if err != nil {
				t.Fatal(err)
			}
			check(again, "read again from the store")
			// Undo takes the take back, and the naming it made with it.
			st, err := again.Undo(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if a, _ := again.Turn(ann.N); len(st.History) != 4 || a.Words[0].Word != "REATA" || !a.Detail.(Detail).Unsure {
				t.Errorf("undone: %d turns, the announcement %+v; want 4, REATA unsure again", len(st.History), a)
			}
		})
	}
}

// TestTakeCannotTell: two words on the same squares (only a printed letter
// could tell them apart, which is not taken): the take fits both, the
// turn stays unsure with both offered, and the table's naming of the take
// names the announcement.
func TestTakeCannotTell(t *testing.T) {
	l, err := pyramids.ReadLog(strings.NewReader(demoLog), "demo")
	if err != nil {
		t.Fatal(err)
	}
	eat := l.Entries[1]
	rules, err := Game{}.New(demoOptions(l), game.Env{})
	if err != nil {
		t.Fatal(err)
	}
	r := rules.(*Rules)
	sq := []grid.Pos{{Row: 2, Col: 6}, {Row: 2, Col: 5}, {Row: 2, Col: 4}}
	w := &Announced{Word: "EAT", Seat: 1, Squares: sq, Or: []Candidate{{Word: "EATS", Squares: sq}}}
	back, err := r.Parse(Position{Board: eat.Announced, Word: w}.String(), "p")
	if err != nil || back.(Position).Word == nil || len(back.(Position).Word.Or) != 1 || back.(Position).Word.Or[0].Word != "EATS" {
		t.Fatalf("the text form with its other word: %+v, %v", back, err)
	}
	before := Position{Board: eat.Announced, Word: w}
	tests := []struct {
		name, named, wantNames string
		unsure                 bool
	}{
		{"not named", "", "", true},
		{"named EATS", "EATS", "EATS", false},
		{"named EAT", "eat", "EAT", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			mv, err := r.Judge(before, Position{Board: eat.Taken}, game.Table{Seat: 1, Seats: 3, Word: tc.named})
			if err != nil {
				t.Fatal(err)
			}
			d := mv.Detail.(Detail)
			if mv.Names != tc.wantNames || d.Unsure != tc.unsure || (tc.unsure && len(d.Others) != 2) {
				t.Errorf("names %q, detail %+v; want names %q, unsure %v with both words", mv.Names, d, tc.wantNames, tc.unsure)
			}
		})
	}
}
