package scrabble

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/scrabble"
	vscr "github.com/tilescope/tilescope/vision/scrabble"
)

type words map[string]bool

func (w words) Contains(s string) bool { return w[strings.ToUpper(s)] }

var testWords = words{"BENDS": true, "HA": true, "EH": true, "NA": true, "BA": true, "QI": true}

// boardWith is the empty board with rows replaced: "ROW:COL:LETTERS" across.
func boardWith(specs ...string) Position {
	var b scrabble.Board
	for _, s := range specs {
		var row, col int
		f := strings.Split(s, ":")
		for _, c := range f[0] {
			row = row*10 + int(c-'0')
		}
		for _, c := range f[1] {
			col = col*10 + int(c-'0')
		}
		for i := range len(f[2]) {
			t, err := scrabble.ParseCell(f[2][i : i+1])
			if err != nil {
				panic(err)
			}
			b[row][col+i] = t
		}
	}
	return Position{Board: b}
}

func TestNewOptions(t *testing.T) {
	for _, tc := range []struct {
		name    string
		opt     game.Options
		wantErr string
	}{
		{"default", nil, ""},
		{"refuse", game.Options{game.OptRefuse: "true"}, ""},
		{"unknown setting", game.Options{"size": "15"}, "size"},
		{"bad refuse", game.Options{game.OptRefuse: "maybe"}, "refuse"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Game{}.New(tc.opt, game.Env{})
			if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !errors.Is(err, game.ErrBadInput) || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Errorf("New(%v) = %v, want error %q", tc.opt, err, tc.wantErr)
			}
		})
	}
}

func TestPositionText(t *testing.T) {
	r, _ := Game{}.New(nil, game.Env{})
	p := boardWith("7:3:BeNDS", "8:3:*")
	q, err := r.Parse(p.String(), "p")
	if err != nil || !game.SamePosition(p, q) || q.String() != p.String() {
		t.Fatalf("round trip: %v\n%s", err, q)
	}
	if p.Cell(7, 4) != "e" || p.Cell(8, 3) != "*" || p.Cell(7, 3) != "B" || p.Cell(0, 0) != "" || p.Cell(15, 0) != "" {
		t.Errorf("cells %q %q %q", p.Cell(7, 4), p.Cell(8, 3), p.Cell(7, 3))
	}
	if _, err := r.Parse("A B C\n", "bad.txt"); !errors.Is(err, game.ErrBadInput) || !strings.Contains(err.Error(), "bad.txt:1") {
		t.Errorf("Parse of a short board: %v", err)
	}
	s, err := r.SetCell(p, 7, 4, "E")
	if err != nil || s.Cell(7, 4) != "E" || p.Cell(7, 4) != "e" {
		t.Errorf("SetCell E: %v, %q (the old position %q)", err, s.Cell(7, 4), p.Cell(7, 4))
	}
	if s, err = r.SetCell(p, 7, 4, ""); err != nil || s.Cell(7, 4) != "" {
		t.Errorf("SetCell empty: %v", err)
	}
	for _, bad := range []struct {
		row, col int
		cell     string
	}{{7, 4, "E2"}, {7, 4, "Qu"}, {15, 0, "A"}, {7, 4, "1"}} {
		if _, err := r.SetCell(p, bad.row, bad.col, bad.cell); !errors.Is(err, game.ErrBadInput) {
			t.Errorf("SetCell(%d,%d,%q): %v", bad.row, bad.col, bad.cell, err)
		}
	}
	if pc := r.Piece("e"); pc.Letter != "e" || pc.Height != 1 {
		t.Errorf("Piece: %+v", pc)
	}
}

func TestJudge(t *testing.T) {
	r, _ := Game{}.New(game.Options{game.OptRefuse: "true"}, game.Env{Dict: testWords})
	bends := boardWith("7:3:BENDS")
	m, err := r.Judge(Position{}, bends, game.Table{Seats: 2})
	if err != nil || m.Score != 22 || len(m.Placed) != 5 || m.Words[0].Word != "BENDS" || m.Position == nil ||
		!game.SamePosition(m.Position, bends) || !slices.Equal(m.Position.(Position).Racks, []int{7, 7}) {
		t.Fatalf("BENDS: %+v, %v", m, err)
	}
	_, err = r.Judge(bends, boardWith("7:3:BENDS", "2:2:CAT"), game.Table{Seat: 1, Seats: 2})
	var rej *game.Rejection
	if !errors.As(err, &rej) || rej.Code != "not_connected" {
		t.Errorf("CAT in the corner: %v", err)
	}
	if _, err := r.Judge(Position{}, boardWith("7:3:BENDZ"), game.Table{}); !errors.As(err, &rej) || rej.Code != "not_a_word" {
		t.Errorf("BENDZ refused: %v", err)
	}
	// A blank placed as * is named; the position the turn leaves holds it.
	m, err = r.Judge(Position{}, boardWith("7:6:Q*"), game.Table{})
	if err != nil || m.Score != 20 || m.Position == nil || m.Position.Cell(7, 7) != "i" || m.Placed[1].Letter != "i" {
		t.Fatalf("Q*: %+v, %v", m, err)
	}
	// Without refuse, a non-word stands (for a challenge).
	r2, _ := Game{}.New(nil, game.Env{Dict: testWords})
	if m, err := r2.Judge(Position{}, boardWith("7:3:BENDZ"), game.Table{}); err != nil || m.Score != 40 {
		t.Errorf("BENDZ standing: %+v, %v", m, err)
	}
}

func TestBagAndTally(t *testing.T) {
	r, _ := Game{}.New(nil, game.Env{})
	if got := r.Bag(Position{}, 2); got != 86 {
		t.Errorf("bag at the start, 2 seats: %d", got)
	}
	if got := r.Bag(boardWith("7:3:BENDS"), 4); got != 67 {
		t.Errorf("bag after BENDS, 4 seats: %d", got)
	}
	if r.MaxLeft() != 49 {
		t.Errorf("MaxLeft %d", r.MaxLeft())
	}
	players := []game.Player{{Name: "Ann", Score: 300}, {Name: "Bo", Score: 290}, {Name: "Cy", Score: 250}}
	// The bag is empty (a full board's worth of tiles): Bo went out.
	var full scrabble.Board
	for i := range 90 {
		full[i/15][i%15] = scrabble.Tile{Letter: 'E'}
	}
	lines := r.Tally(Position{Board: full, Racks: []int{6, 0, 4}}, players, []int{12, 0, 5})
	want := []int{288, 307, 245}
	for i, l := range lines {
		if l.Final != want[i] {
			t.Errorf("%s: final %d, want %d (%+v)", l.Name, l.Final, want[i], l)
		}
	}
	if !lines[1].Winner || lines[0].Winner {
		t.Errorf("winner: %+v", lines)
	}
	// A rack of blanks is worth nothing but is not out.
	lines = r.Tally(Position{Board: full, Racks: []int{6, 2, 2}}, players, []int{12, 0, 5})
	if lines[1].Final != 290 || lines[0].Final != 288 {
		t.Errorf("Bo holding two blanks: %+v", lines)
	}
	// Tiles still in the bag (six scoreless turns): nobody gains.
	lines = r.Tally(boardWith("7:3:BENDS"), players, []int{12, 0, 5})
	if lines[1].Final != 290 || lines[0].Final != 288 {
		t.Errorf("no one out: %+v", lines)
	}
}

// TestReadingOf: the board reader's cells become the board text's, a blank
// with no letter "*".
func TestReadingOf(t *testing.T) {
	var scan vscr.Reading
	scan.Cells[7][3] = &vscr.Cell{Letter: "B", Conf: 0.9}
	scan.Cells[7][4] = &vscr.Cell{Blank: true, Conf: 0.8}
	rd := readingOf(&scan, scrabble.Board{})
	if rd.Board.Cell(7, 3) != "B" || rd.Board.Cell(7, 4) != "*" || rd.Board.Cell(0, 0) != "" {
		t.Errorf("cells %q %q", rd.Board.Cell(7, 3), rd.Board.Cell(7, 4))
	}
	if rd.Conf[7][3] != 0.9 || rd.Conf[7][4] != 0.8 || rd.Conf[0][0] != 1 {
		t.Errorf("conf %v %v %v", rd.Conf[7][3], rd.Conf[7][4], rd.Conf[0][0])
	}
}

// TestPlayThrough plays turns through the session: scores, a refusal, a
// challenge that withdraws a play.
func TestPlayThrough(t *testing.T) {
	ctx := context.Background()
	s := openAnnBo(ctx, t, game.Env{Dict: testWords})
	play := func(name string, p Position) game.Turn {
		t.Helper()
		tn, err := s.Play(ctx, game.Frame{ID: name}, game.Reading{Board: p})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return tn
	}
	bends := boardWith("7:3:BENDS")
	if tn := play("BENDS", bends); tn.Status != game.StatusAccepted || tn.Score != 22 {
		t.Fatalf("BENDS: %+v", tn)
	}
	if tn := play("corner", boardWith("7:3:BENDS", "0:0:QI")); tn.Status != game.StatusRejected || tn.Code != "not_connected" {
		t.Errorf("QI in the corner: %+v", tn)
	}
	ha := play("HA", boardWith("7:3:BENDS", "8:4:HA"))
	if ha.Status != game.StatusAccepted || ha.Score != 12 {
		t.Fatalf("HA: %+v", ha)
	}
	st := s.State()
	if st.Players[0].Score != 22 || st.Players[1].Score != 12 || st.ToPlay != 0 || st.Bag != 100-7-14 {
		t.Errorf("after two plays: %+v to play %d bag %d", st.Players, st.ToPlay, st.Bag)
	}
	// Ann's next play forms non-words (QB, IE); Bo challenges it off.
	bad := play("BENDZ-ish", boardWith("7:3:BENDS", "8:4:HA", "6:3:QI"))
	if bad.Status != game.StatusAccepted {
		t.Fatalf("QI above B: %+v", bad)
	}
	qb := nonWord(t, bad)
	valid, st, err := s.Challenge(ctx, bad.N, qb)
	if err != nil || valid || st.Players[0].Score != 22 || st.BoardText != boardWith("7:3:BENDS", "8:4:HA").String() {
		t.Errorf("challenge of %s: %v %v, scores %+v, board\n%s", qb, valid, err, st.Players, st.BoardText)
	}
}

// TestRealPhotos: two real photos (testdata, the demo's before it was
// rendered) read as their labels say, and the turn between them is BENDS
// for 22.
func TestRealPhotos(t *testing.T) {
	if testing.Short() {
		t.Skip("reads two photos")
	}
	r, err := Game{}.New(nil, game.Env{Dict: testWords})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var read []game.Position
	for _, name := range []string{"IMG_20151016_165320.jpg", "IMG_20151016_165401.jpg"} {
		jpg, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		rd, err := r.Read(ctx, game.Frame{ID: name, JPEG: jpg}, r.Empty())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		read = append(read, rd.Board)
	}
	if got := read[0].String(); got != (Position{}).String() {
		t.Errorf("the empty board read as\n%s", got)
	}
	m, err := r.Judge(read[0], read[1], game.Table{Seats: 2})
	if err != nil || m.Score != 22 || len(m.Words) != 1 || m.Words[0].Word != "BENDS" {
		t.Errorf("the turn: %+v, %v\n%s", m, err, read[1])
	}
}

// nonWord is a word of the play that testWords does not hold.
func nonWord(t *testing.T, play game.Turn) string {
	t.Helper()
	for _, w := range play.Words {
		if !testWords[w.Word] {
			return w.Word
		}
	}
	t.Fatalf("turn %d formed only words: %+v", play.N, play.Words)
	return ""
}

// TestRacks: the racks are counted turn by turn (the camera does not see
// them): a play takes its tiles from the player's rack and draws as many
// while the bag lasts; a play of more tiles than the rack holds is
// refused; emptying the rack with the bag empty is going out.
func TestRacks(t *testing.T) {
	r, _ := Game{}.New(nil, game.Env{})
	// 86 tiles on the board (rows 0-4, and row 5 to column 10): 14 on the
	// racks, none in the bag; then two more at row 5, columns 11 and 12.
	late := setTiles(86)
	two := Position{Board: setTiles(88)}
	cases := []struct {
		name     string
		before   Position
		after    Position
		seat     int
		racks    []int
		bag      int
		out      bool
		wantCode string
	}{
		{"the first play: five placed, five drawn", Position{}, boardWith("7:3:BENDS"), 0, []int{7, 7}, 81, false, ""},
		{"the bag short: draws what is left", Position{Board: boardWith("7:3:BENDS").Board, Racks: []int{7, 7}}, boardWith("7:3:BENDS", "8:4:HA"), 1, []int{7, 7}, 79, false, ""},
		{"the bag empty: the rack shrinks", Position{Board: late, Racks: []int{7, 7}}, two, 1, []int{7, 5}, 0, false, ""},
		{"the last tiles: out", Position{Board: setTiles(91), Racks: []int{7, 2}}, Position{Board: setTiles(93)}, 1, []int{7, 0}, 0, true, ""},
		{"more than the rack holds", Position{Board: late, Racks: []int{7, 1}}, two, 1, nil, 0, false, "too_many_tiles"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := r.Judge(c.before, c.after, game.Table{Seat: c.seat, Seats: 2})
			if c.wantCode != "" {
				var rej *game.Rejection
				if !errors.As(err, &rej) || rej.Code != c.wantCode {
					t.Fatalf("got %+v, %v; want %s", m, err, c.wantCode)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := m.Position.(Position)
			if !slices.Equal(got.Racks, c.racks) || !slices.Equal(r.(game.Holder).Held(got, 2), c.racks) {
				t.Errorf("racks %v, want %v", got.Racks, c.racks)
			}
			if b := r.Bag(got, 2); b != c.bag {
				t.Errorf("bag %d, want %d", b, c.bag)
			}
			d, _ := m.Detail.(map[string]any)
			if out := d["out"] == true; out != c.out {
				t.Errorf("out %v, want %v (%v)", out, c.out, m.Detail)
			}
		})
	}
}

// TestScrabbleAtTheTable: RULES.md's Scrabble through the session. A
// challenged non-word takes the tiles back and the turn is lost (the next
// seat plays); a challenge of a word that stands costs the challenger,
// who is to play, that turn; an exchange needs seven tiles in the bag;
// each player's rack is counted and shown.
func TestScrabbleAtTheTable(t *testing.T) {
	ctx := context.Background()
	rules, err := Game{}.New(nil, game.Env{Dict: testWords})
	if err != nil {
		t.Fatal(err)
	}
	s, err := game.Open(ctx, game.NewMemStore(), game.Config{Kind: Kind, Players: []string{"Ann", "Bo", "Cy"}, Rules: rules, Dict: testWords})
	if err != nil {
		t.Fatal(err)
	}
	play := func(p Position) game.Turn {
		t.Helper()
		tn, err := s.Play(ctx, game.Frame{ID: p.String()}, game.Reading{Board: p})
		if err != nil {
			t.Fatal(err)
		}
		return tn
	}
	held := func(st *game.State) []int {
		var out []int
		for _, p := range st.Players {
			if p.Held == nil {
				t.Fatalf("%s: no rack count", p.Name)
			}
			out = append(out, *p.Held)
		}
		return out
	}
	// Ann: BENDS (a word). Bo, to play, challenges it: it stands, and Bo's
	// turn is the one lost: Cy plays.
	bends := play(boardWith("7:3:BENDS"))
	valid, st, err := s.ChallengeBy(ctx, bends.N, "BENDS", 1)
	if err != nil || !valid || st.ToPlay != 2 || st.Players[1].Misses != 0 {
		t.Fatalf("Bo challenges BENDS: %v %v, seat %d to play (want Cy), Bo misses %d", valid, err, st.ToPlay, st.Players[1].Misses)
	}
	// Cy: QIA under the B, E and N: QIA, BI and EA are not words.
	bad := play(boardWith("7:3:BENDS", "8:2:QIA"))
	if bad.Status != game.StatusAccepted || bad.Player != 2 {
		t.Fatalf("Cy's play: %+v", bad)
	}
	non := nonWord(t, bad)
	if got := held(s.State()); !slices.Equal(got, []int{7, 7, 7}) {
		t.Errorf("racks after two plays %v, want 7 each (drawn from the bag)", got)
	}
	// Ann challenges it: withdrawn, Cy's turn lost: Ann plays.
	valid, st, err = s.ChallengeBy(ctx, bad.N, non, 0)
	if err != nil || valid || st.ToPlay != 0 || st.Players[2].Score != 0 || st.BoardText != boardWith("7:3:BENDS").String() {
		t.Fatalf("Ann challenges %s: %v %v, seat %d to play (want Ann), Cy %d, board\n%s", non, valid, err, st.ToPlay, st.Players[2].Score, st.BoardText)
	}
	if st.Bag != 100-5-21 {
		t.Errorf("the bag after the withdrawal: %d, want %d", st.Bag, 100-5-21)
	}
	// An exchange while the bag holds seven or more.
	if st, err = s.Exchange(ctx); err != nil || st.ToPlay != 1 {
		t.Fatalf("Ann exchanges: %v, seat %d to play", err, st.ToPlay)
	}
}

// setTiles is a board holding the set's first n letter tiles (A A ... B B
// C C ...) row by row from the top left.
func setTiles(n int) scrabble.Board {
	var b scrabble.Board
	i := 0
	for l := byte('A'); l <= 'Z' && i < n; l++ {
		for k := 0; k < scrabble.LetterCount(l) && i < n; k++ {
			b[i/scrabble.Size][i%scrabble.Size] = scrabble.Tile{Letter: l}
			i++
		}
	}
	return b
}

// TestExchangeNeedsSeven: with six tiles in the bag an exchange is refused
// (RULES.md), with seven it is a turn. The board is built by plays of
// seven tiles, row by row (no dictionary: every run is a word).
func TestExchangeNeedsSeven(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name string
		last int // tiles of the last play: the bag then holds 9 - last
		ok   bool
	}{
		{"seven in the bag", 2, true},
		{"six in the bag", 3, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			rules, _ := Game{}.New(nil, game.Env{})
			s, err := game.Open(ctx, game.NewMemStore(), game.Config{Kind: Kind, Players: []string{"Ann", "Bo"}, Rules: rules})
			if err != nil {
				t.Fatal(err)
			}
			var b scrabble.Board
			pool := setTiles(98)
			next := 0
			put := func(row, n int) {
				t.Helper()
				for col := 1; col <= n; col++ {
					b[row][col] = pool[next/scrabble.Size][next%scrabble.Size]
					next++
				}
				tn, err := s.Play(ctx, game.Frame{ID: "row"}, game.Reading{Board: Position{Board: b}})
				if err != nil || tn.Status != game.StatusAccepted {
					t.Fatalf("row %d: %+v, %v", row, tn, err)
				}
			}
			for _, row := range []int{7, 6, 5, 4, 3, 2, 1, 0, 8, 9, 10} {
				put(row, 7)
			}
			put(11, c.last)
			if bag := s.State().Bag; bag != 9-c.last {
				t.Fatalf("bag %d, want %d", bag, 9-c.last)
			}
			_, err = s.Exchange(ctx)
			if c.ok && err != nil {
				t.Errorf("exchange refused: %v", err)
			}
			if !c.ok && !errors.Is(err, game.ErrConflict) {
				t.Errorf("exchange with %d in the bag: %v, want a conflict", 9-c.last, err)
			}
		})
	}
}

// TestSeats: Scrabble is for 2 to 4 players (the published game): a table
// of one is refused when it opens and when a new game starts, with a
// one-line error that says so.
func TestSeats(t *testing.T) {
	if in := (Game{}).Info(); in.MinPlayers != 2 || in.MaxPlayers != 4 {
		t.Fatalf("Info seats %d to %d, want 2 to 4", in.MinPlayers, in.MaxPlayers)
	}
	if _, err := game.Lookup(Kind); err != nil {
		game.Register(Game{})
	}
	ctx := context.Background()
	open := func(players ...string) (*game.Session, error) {
		rules, err := Game{}.New(nil, game.Env{})
		if err != nil {
			t.Fatal(err)
		}
		return game.Open(ctx, game.NewMemStore(), game.Config{Kind: Kind, Players: players, Rules: rules})
	}
	for _, c := range []struct {
		name    string
		players []string
		ok      bool
	}{
		{"one", []string{"Ann"}, false},
		{"two", []string{"Ann", "Bo"}, true},
		{"four", []string{"Ann", "Bo", "Cy", "Di"}, true},
		{"five", []string{"Ann", "Bo", "Cy", "Di", "Ed"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := open(c.players...)
			if c.ok != (err == nil) {
				t.Fatalf("open with %d: %v", len(c.players), err)
			}
			if err != nil && (!errors.Is(err, game.ErrBadInput) || strings.Contains(err.Error(), "\n")) {
				t.Errorf("open with %d: %v, want one line of bad input", len(c.players), err)
			}
		})
	}
	s, err := open("Ann", "Bo")
	if err != nil {
		t.Fatal(err)
	}
	err = s.Start(ctx, game.NewGame{Kind: Kind, Players: []string{"Ann"}})
	if !errors.Is(err, game.ErrBadInput) || !strings.Contains(err.Error(), "Scrabble is for 2 to 4 players, not 1") {
		t.Errorf("a new game of one: %v", err)
	}
}

// TestSixScorelessTurns: RULES.md's end by six scoreless turns in a row,
// through the session. Passes, exchanges, a play withdrawn on a challenge
// and a play that scored 0 count; a play that scored starts the count
// again. At the sixth the game is over with the racks still to be told:
// no turn is taken any more, and End gives the adjustment (each loses
// their rack's value, nobody went out).
func TestSixScorelessTurns(t *testing.T) {
	ctx := context.Background()
	pass := func(n int) []string { return slices.Repeat([]string{"pass"}, n) }
	for _, c := range []struct {
		name  string
		steps []string // pass, exchange, challenge (the last play, by the seat to play), or a board: "ROW:COL:LETTERS|..."
		over  int      // the step (1-based) that ends the game, 0 none; it stays over after
	}{
		{"six passes", pass(6), 6},
		{"five passes", pass(5), 0},
		{"six exchanges", slices.Repeat([]string{"exchange"}, 6), 6},
		{"a scoring play starts again", append(append(pass(5), "7:3:BENDS"), pass(5)...), 0},
		{"after a scoring play", append([]string{"7:3:BENDS"}, pass(6)...), 7},
		{"a play of 0 points counts", append([]string{"7:7:ab"}, pass(5)...), 6},
		{"a withdrawn play counts", append(append(append([]string{"7:3:BENDS"}, pass(4)...), "7:3:BENDS|8:2:QIA", "challenge"), "pass"), 8},
		// The sixth a play of 0 points: it may still be challenged before
		// the racks are told; withdrawn, it is still a scoreless turn.
		{"the sixth a play of 0 points, challenged", append(pass(5), "7:7:ab", "challenge"), 6},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := openAnnBo(ctx, t, game.Env{Dict: testWords})
			var err error
			var last game.Turn
			for i, step := range c.steps {
				var st *game.State
				switch step {
				case "pass":
					st, err = s.Pass(ctx)
				case "exchange":
					st, err = s.Exchange(ctx)
				case "challenge":
					_, st, err = s.ChallengeBy(ctx, last.N, nonWord(t, last), s.State().ToPlay)
				default:
					last, err = s.Play(ctx, game.Frame{ID: step}, game.Reading{Board: boardWith(strings.Split(step, "|")...)})
					if err == nil && last.Status != game.StatusAccepted {
						t.Fatalf("step %d %s: %+v", i+1, step, last)
					}
					st = s.State()
				}
				if err != nil {
					t.Fatalf("step %d %s: %v", i+1, step, err)
				}
				if want := c.over > 0 && i+1 >= c.over; st.Over != want || st.RacksDue != want {
					t.Fatalf("after step %d %s: over %v, racks due %v; want %v", i+1, step, st.Over, st.RacksDue, want)
				}
			}
			if c.over == 0 {
				return
			}
			if _, err := s.Pass(ctx); !errors.Is(err, game.ErrConflict) {
				t.Errorf("a pass after the end: %v, want a conflict", err)
			}
			before := s.State().Players
			st, err := s.End(ctx, []int{5, 12})
			if err != nil {
				t.Fatal(err)
			}
			if st.RacksDue || len(st.Tally) != 2 || st.Tally[0].Final != before[0].Score-5 || st.Tally[1].Final != before[1].Score-12 {
				t.Errorf("the end with racks worth 5 and 12 from %+v: racks due %v, tally %+v", before, st.RacksDue, st.Tally)
			}
			if _, err := s.End(ctx, []int{0, 0}); !errors.Is(err, game.ErrConflict) {
				t.Errorf("a second end: %v, want a conflict", err)
			}
		})
	}
}

// TestGoingOut: RULES.md's end by going out, through the session. The
// board is filled by plays of seven tiles (no dictionary flags them: the
// table's words hold none of the runs, so a challenge withdraws any); the
// bag runs dry at Ann's play, and Bo's next play of seven empties Bo's
// rack: the game is over with the racks still to be told, no turn is taken
// after, End takes Ann's rack's value from Ann and gives it to Bo, and
// undo puts each step back. A challenge of the play that went out is still
// taken before End: withdrawn, the game goes on (Bo holds the tiles again).
func TestGoingOut(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name  string
		after []string // pass, challenge (Bo's last play, by Ann), end, undo
		over  bool     // the game over at the end of the steps
		due   bool     // with the racks still to tell
		toBo  bool     // Bo to play (when not over)
	}{
		{"going out ends the game", nil, true, true, false},
		{"a pass after it is refused", []string{"pass"}, true, true, false},
		{"the end adjusts", []string{"end"}, true, false, false},
		{"no challenge after the end", []string{"end", "challenge"}, true, false, false},
		{"the end undone", []string{"end", "undo"}, true, true, false},
		{"the play that went out, undone", []string{"undo"}, false, false, true},
		{"challenged off: the game goes on", []string{"challenge"}, false, false, false},
		{"challenged off, then a pass", []string{"challenge", "pass"}, false, false, true},
		{"the challenge undone: over again", []string{"challenge", "undo"}, true, true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := openAnnBo(ctx, t, game.Env{})
			var err error
			var b scrabble.Board
			pool := setTiles(98)
			next := 0
			var last game.Turn
			for _, row := range []int{7, 6, 5, 4, 3, 2, 1, 0, 8, 9, 10, 11, 12, 13} {
				for col := 1; col <= 7; col++ {
					b[row][col] = pool[next/scrabble.Size][next%scrabble.Size]
					next++
				}
				if st := s.State(); st.Over {
					t.Fatalf("over before row %d: %+v", row, st.Players)
				}
				last, err = s.Play(ctx, game.Frame{ID: "row"}, game.Reading{Board: Position{Board: b}})
				if err != nil || last.Status != game.StatusAccepted {
					t.Fatalf("row %d: %+v, %v", row, last, err)
				}
			}
			st := s.State()
			if d, _ := last.Detail.(map[string]any); d["out"] != true || last.Player != 1 || st.Bag != 0 {
				t.Fatalf("the last play: %+v, bag %d; want Bo out with the bag empty", last, st.Bag)
			}
			held := func(st *game.State, seat int) int {
				if h := st.Players[seat].Held; h != nil {
					return *h
				}
				return -1
			}
			if held(st, 0) != 2 || held(st, 1) != 0 {
				t.Fatalf("racks %d and %d, want 2 and 0", held(st, 0), held(st, 1))
			}
			scores := []int{st.Players[0].Score, st.Players[1].Score}
			const annLeft = 9 // the value Ann's rack is told at
			ended := false
			for _, step := range c.after {
				switch step {
				case "pass":
					_, err = s.Pass(ctx)
					if !st2over(s) && err != nil {
						t.Fatalf("pass: %v", err)
					}
					if st2over(s) && !errors.Is(err, game.ErrConflict) {
						t.Errorf("a pass after going out: %v, want a conflict", err)
					}
				case "challenge":
					_, _, err = s.ChallengeBy(ctx, last.N, nonWord(t, last), 0)
					if ended && !errors.Is(err, game.ErrConflict) {
						t.Errorf("a challenge after the end: %v, want a conflict", err)
					}
					if !ended && err != nil {
						t.Fatalf("challenge: %v", err)
					}
				case "end":
					st, err = s.End(ctx, []int{annLeft, 0})
					if err != nil {
						t.Fatal(err)
					}
					ended = true
					if len(st.Tally) != 2 || st.Tally[0].Final != scores[0]-annLeft || st.Tally[1].Final != scores[1]+annLeft {
						t.Errorf("the end from scores %v with Ann's rack worth %d: tally %+v", scores, annLeft, st.Tally)
					}
				case "undo":
					if _, err = s.Undo(ctx); err != nil {
						t.Fatal(err)
					}
					ended = false
				}
			}
			st = s.State()
			if st.Over != c.over || st.RacksDue != c.due {
				t.Fatalf("over %v, racks due %v; want %v, %v", st.Over, st.RacksDue, c.over, c.due)
			}
			if !c.over {
				if want := map[bool]int{false: 0, true: 1}[c.toBo]; st.ToPlay != want {
					t.Errorf("to play %d, want %d", st.ToPlay, want)
				}
			}
		})
	}
}

// st2over: the session's game is over.
func st2over(s *game.Session) bool { return s.State().Over }

// openAnnBo opens a Scrabble game in memory for Ann and Bo, its rules
// made with env, judged with the test word list.
func openAnnBo(ctx context.Context, t *testing.T, env game.Env) *game.Session {
	t.Helper()
	rules, err := Game{}.New(nil, env)
	if err != nil {
		t.Fatal(err)
	}
	s, err := game.Open(ctx, game.NewMemStore(), game.Config{Kind: Kind, Players: []string{"Ann", "Bo"}, Rules: rules, Dict: testWords})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestUnseenSquaresKeepTheBoard: a photo of the board partly out of view
// (the left five columns cut off) reads those squares as not seen; the
// session's reading keeps the board's confirmed tiles there, so a tile
// out of view is not taken off the board, a photo with nothing new is no
// change, and a play in view is judged as made. Without the board as it
// stands the same photo is a removed tile.
func TestUnseenSquaresKeepTheBoard(t *testing.T) {
	ctx := context.Background()
	bends := boardWith("7:3:BENDS")
	photo := func(extra ...[3]int) *vscr.Reading {
		var scan vscr.Reading
		for row := 0; row < vscr.Size; row++ {
			for col := 0; col < 5; col++ {
				scan.Unseen[row][col] = true
			}
		}
		for i, l := range "NDS" {
			scan.Cells[7][5+i] = &vscr.Cell{Letter: string(l), Conf: 0.99}
		}
		for _, e := range extra {
			scan.Cells[e[0]][e[1]] = &vscr.Cell{Letter: string(rune(e[2])), Conf: 0.99}
		}
		return &scan
	}
	rd := readingOf(photo(), bends.Board)
	if rd.Board.Cell(7, 3) != "B" || rd.Board.Cell(7, 4) != "E" || rd.Board.Cell(7, 5) != "N" {
		t.Fatalf("the tiles out of view: %q %q %q, want B E N", rd.Board.Cell(7, 3), rd.Board.Cell(7, 4), rd.Board.Cell(7, 5))
	}
	covered := map[[2]int]bool{}
	for _, c := range rd.Covered {
		covered[c] = true
	}
	if len(rd.Covered) != 15*5-2 || !covered[[2]int{0, 0}] || covered[[2]int{7, 3}] || covered[[2]int{7, 5}] {
		t.Errorf("covered: %d squares %v, want the 73 empty squares out of view", len(rd.Covered), rd.Covered)
	}

	for _, tc := range []struct {
		name     string
		standing scrabble.Board
		scan     *vscr.Reading
		status   string
		code     string
		noChange bool
	}{
		{"nothing new", bends.Board, photo(), "", "", true},
		{"NA played in view", bends.Board, photo([3]int{8, 5, 'A'}), game.StatusAccepted, "", false},
		{"read without the board as it stands", scrabble.Board{}, photo([3]int{8, 5, 'A'}), game.StatusRejected, "removed_tile", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openAnnBo(ctx, t, game.Env{Dict: testWords})
			if tn, err := s.Play(ctx, game.Frame{ID: "BENDS"}, game.Reading{Board: bends}); err != nil || tn.Status != game.StatusAccepted {
				t.Fatalf("BENDS: %+v %v", tn, err)
			}
			tn, err := s.Play(ctx, game.Frame{ID: "cut"}, readingOf(tc.scan, tc.standing))
			if tc.noChange {
				if !errors.Is(err, game.ErrNoChange) {
					t.Errorf("got %+v, %v; want no change", tn, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tn.Status != tc.status || tn.Code != tc.code {
				t.Errorf("status %q code %q (%+v), want %q %q", tn.Status, tn.Code, tn, tc.status, tc.code)
			}
		})
	}
}

// TestCoveredSquaresKeepTheBoard: squares a hand hides (vscr.Reading.Covered)
// are kept as the board stands, as squares out of view are: the tiles
// under the hand stay on the board, and an empty square under it is listed
// as covered, not read empty.
func TestCoveredSquaresKeepTheBoard(t *testing.T) {
	bends := boardWith("7:3:BENDS")
	var scan vscr.Reading
	for _, p := range [][2]int{{7, 3}, {7, 4}, {8, 3}, {8, 4}} {
		scan.Covered[p[0]][p[1]] = true
	}
	for i, l := range "NDS" {
		scan.Cells[7][5+i] = &vscr.Cell{Letter: string(l), Conf: 0.99}
	}
	rd := readingOf(&scan, bends.Board)
	if rd.Board.Cell(7, 3) != "B" || rd.Board.Cell(7, 4) != "E" || rd.Board.Cell(7, 5) != "N" {
		t.Errorf("the tiles under the hand: %q %q %q, want B E N", rd.Board.Cell(7, 3), rd.Board.Cell(7, 4), rd.Board.Cell(7, 5))
	}
	covered := map[[2]int]bool{}
	for _, c := range rd.Covered {
		covered[c] = true
	}
	if len(rd.Covered) != 2 || !covered[[2]int{8, 3}] || !covered[[2]int{8, 4}] {
		t.Errorf("covered: %v, want the two empty squares under the hand", rd.Covered)
	}
}

// readings is a board reader that hands the pipeline one reading after
// another, as the camera's photos would come.
type readings []game.Reading

func (r *readings) ReadBoard(context.Context, game.Frame) (game.Reading, error) {
	next := (*r)[0]
	*r = (*r)[1:]
	return next, nil
}

// TestReconcileKeepsPlayedTiles: through the table's pipeline, a photo that
// misreads a tile already played (read empty, read as another letter, a
// named blank's bare face read as an empty square or as a blank) keeps the
// tile as the board holds it, sure, instead of making the turn a tile
// taken off or changed; the play the photo shows besides is judged as
// made, only its squares can be shown unsure, and a photo with only the
// misreads is no change.
func TestReconcileKeepsPlayedTiles(t *testing.T) {
	ctx := context.Background()
	bends := boardWith("7:3:BENdS") // the d a blank named D
	read := func(edit func(b *scrabble.Board)) game.Reading {
		p := Position{Board: bends.Board}
		edit(&p.Board)
		conf := make([][]float64, scrabble.Size)
		for row := range conf {
			conf[row] = make([]float64, scrabble.Size)
			for col := range conf[row] {
				conf[row][col] = 0.6
			}
		}
		return game.Reading{Board: p, Conf: conf}
	}
	na := func(b *scrabble.Board) { b[8][5] = scrabble.Tile{Letter: 'A'} }
	tests := []struct {
		name     string
		misread  func(b *scrabble.Board)
		play     bool // the photo also shows NA played
		kept     int  // squares Reconcile changes
		noChange bool
	}{
		{"a played tile read empty", func(b *scrabble.Board) { b[7][3] = scrabble.Tile{} }, true, 1, false},
		{"a played tile read as another letter", func(b *scrabble.Board) { b[7][4] = scrabble.Tile{Letter: 'F'} }, true, 1, false},
		{"a named blank read empty", func(b *scrabble.Board) { b[7][6] = scrabble.Tile{} }, true, 1, false},
		{"a named blank read as a blank", func(b *scrabble.Board) {
			b[7][6] = scrabble.Tile{Letter: scrabble.Unknown, Blank: true}
		}, true, 1, false},
		{"two misreads and nothing new", func(b *scrabble.Board) {
			b[7][3] = scrabble.Tile{}
			b[7][7] = scrabble.Tile{Letter: 'B'}
		}, false, 2, true},
		{"read right", func(*scrabble.Board) {}, true, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rd := read(func(b *scrabble.Board) {
				tc.misread(b)
				if tc.play {
					na(b)
				}
			})
			rules := &Rules{}
			got, n := rules.Reconcile(bends, nil, rd)
			if n != tc.kept {
				t.Errorf("Reconcile changed %d squares, want %d", n, tc.kept)
			}
			gb := got.Board.(Position).Board
			for col := 3; col < 8; col++ {
				if gb[7][col] != bends.Board[7][col] {
					t.Errorf("row 7 column %d: %v, want %v as played", col, gb[7][col], bends.Board[7][col])
				}
				if got.Conf[7][col] != 1 {
					t.Errorf("row 7 column %d: confidence %.2f, want 1 (a played tile is as sure as the board)", col, got.Conf[7][col])
				}
				if rd.Conf[7][col] != 0.6 {
					t.Errorf("row 7 column %d: the photo's own confidence changed to %.2f", col, rd.Conf[7][col])
				}
			}
			if tc.play && (gb[8][5] != (scrabble.Tile{Letter: 'A'}) || got.Conf[8][5] != 0.6) {
				t.Errorf("the new A: %v at %.2f, want A at the photo's 0.60", gb[8][5], got.Conf[8][5])
			}

			// The same photo through the pipeline, after BENdS was played.
			s := openAnnBo(ctx, t, game.Env{Dict: testWords})
			if tn, err := s.Play(ctx, game.Frame{ID: "BENDS"}, game.Reading{Board: bends}); err != nil || tn.Status != game.StatusAccepted {
				t.Fatalf("BENDS: %+v %v", tn, err)
			}
			src := readings{rd}
			pipe := &game.Pipeline{Reader: &src, Session: s}
			tn, err := pipe.Submit(ctx, game.Frame{ID: "photo"})
			if tc.noChange {
				if !errors.Is(err, game.ErrNoChange) {
					t.Errorf("got %+v, %v; want no change", tn, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tn.Status != game.StatusAccepted || len(tn.Words) != 1 || tn.Words[0].Word != "NA" {
				t.Errorf("turn %s %s %q words %+v, want NA accepted", tn.Status, tn.Code, tn.Error, tn.Words)
			}
			for _, u := range tn.Uncertain {
				if u[0] == 7 {
					t.Errorf("played square %v shown unsure", u)
				}
			}
		})
	}
}

// TestReconcileDropsPhantomsTappedAway: a tile read unsure on a square
// where an earlier photo showed the same tile and the table tapped it away
// is left out when the play as read is refused and the play without it is
// accepted; a play the rules accept as read keeps it (a tile really placed
// there), and without an earlier photo nothing is left out.
func TestReconcileDropsPhantomsTappedAway(t *testing.T) {
	ctx := context.Background()
	bends := boardWith("7:3:BENDS")
	tile := func(l byte) scrabble.Tile { return scrabble.Tile{Letter: l} }
	// photo is the board with the given tiles added, read at conf 0.6 on
	// the added squares and 0.99 elsewhere.
	photo := func(base Position, add map[scrabble.Pos]scrabble.Tile) game.Reading {
		p := Position{Board: base.Board}
		conf := make([][]float64, scrabble.Size)
		for row := range conf {
			conf[row] = make([]float64, scrabble.Size)
			for col := range conf[row] {
				conf[row][col] = 0.99
			}
		}
		for q, tl := range add {
			p.Board[q.Row][q.Col] = tl
			conf[q.Row][q.Col] = 0.6
		}
		return game.Reading{Board: p, Conf: conf}
	}
	phantom := scrabble.Pos{Row: 1, Col: 1}
	tests := []struct {
		name string
		// first: the first photo after BENDS (its phantom, if any, tapped
		// away); second: the next photo
		first, second map[scrabble.Pos]scrabble.Tile
		want          string // the second turn's word, "" refused
	}{
		{"the phantom again beside a legal play",
			map[scrabble.Pos]scrabble.Tile{{Row: 8, Col: 5}: tile('A'), phantom: tile('T')},
			map[scrabble.Pos]scrabble.Tile{{Row: 8, Col: 3}: tile('A'), phantom: tile('T')}, "BA"},
		{"a blank's phantom again",
			map[scrabble.Pos]scrabble.Tile{{Row: 8, Col: 5}: tile('A'), phantom: {Letter: scrabble.Unknown, Blank: true}},
			map[scrabble.Pos]scrabble.Tile{{Row: 8, Col: 3}: tile('A'), phantom: {Letter: scrabble.Unknown, Blank: true}}, "BA"},
		{"another tile where the phantom was: refused as read",
			map[scrabble.Pos]scrabble.Tile{{Row: 8, Col: 5}: tile('A'), phantom: tile('T')},
			map[scrabble.Pos]scrabble.Tile{{Row: 8, Col: 3}: tile('A'), phantom: tile('E')}, ""},
		{"a tile really placed where a phantom was: kept",
			map[scrabble.Pos]scrabble.Tile{{Row: 8, Col: 5}: tile('A'), {Row: 8, Col: 3}: tile('A')},
			map[scrabble.Pos]scrabble.Tile{{Row: 8, Col: 3}: tile('A')}, "BA"},
		{"the phantom again and a new one: the new one still refused",
			map[scrabble.Pos]scrabble.Tile{{Row: 8, Col: 5}: tile('A'), phantom: tile('T')},
			map[scrabble.Pos]scrabble.Tile{{Row: 8, Col: 3}: tile('A'), phantom: tile('T'), {Row: 12, Col: 12}: tile('T')}, ""},
		{"no phantom before: refused as read",
			map[scrabble.Pos]scrabble.Tile{{Row: 8, Col: 5}: tile('A')},
			map[scrabble.Pos]scrabble.Tile{{Row: 8, Col: 3}: tile('A'), phantom: tile('T')}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rules, err := Game{}.New(nil, game.Env{Dict: testWords})
			if err != nil {
				t.Fatal(err)
			}
			s, err := game.Open(ctx, game.NewMemStore(), game.Config{Kind: Kind, Players: []string{"Ann", "Bo"}, Rules: rules, Dict: testWords})
			if err != nil {
				t.Fatal(err)
			}
			if tn, err := s.Play(ctx, game.Frame{ID: "BENDS"}, game.Reading{Board: bends}); err != nil || tn.Status != game.StatusAccepted {
				t.Fatalf("BENDS: %+v %v", tn, err)
			}
			first := photo(bends, tc.first)
			src := readings{first}
			pipe := &game.Pipeline{Reader: &src, Session: s}
			tn, err := pipe.Submit(ctx, game.Frame{ID: "first"})
			if err != nil {
				t.Fatal(err)
			}
			// The table taps every square the first photo added beyond NA
			// away.
			for q := range tc.first {
				if q != (scrabble.Pos{Row: 8, Col: 5}) {
					if _, err := s.CorrectCell(ctx, tn.N, q.Row, q.Col, ""); err != nil {
						t.Fatal(err)
					}
				}
			}
			tn, _ = s.Turn(tn.N)
			if tn.Status != game.StatusAccepted || len(tn.Words) != 1 || tn.Words[0].Word != "NA" {
				t.Fatalf("first turn after the taps: %s %s %q %+v, want NA", tn.Status, tn.Code, tn.Error, tn.Words)
			}
			var na Position
			na.Board = bends.Board
			na.Board[8][5] = tile('A')
			src = readings{photo(na, tc.second)}
			tn, err = pipe.Submit(ctx, game.Frame{ID: "second"})
			if err != nil {
				t.Fatal(err)
			}
			if b, err := s.Rules().Parse(tn.Board, "second"); err != nil {
				t.Fatal(err)
			} else if got, want := b.Cell(phantom.Row, phantom.Col), tc.second[phantom]; tc.first[phantom] == want && got != "" {
				t.Errorf("the phantom tapped away read again: %q on the turn, want it left out", got)
			}
			switch {
			case tc.want == "" && tn.Status != game.StatusRejected:
				t.Errorf("second turn %s %+v, want refused as read", tn.Status, tn.Words)
			case tc.want != "" && (tn.Status != game.StatusAccepted || len(tn.Words) != 1 || tn.Words[0].Word != tc.want):
				t.Errorf("second turn %s %s %q %+v, want %s accepted", tn.Status, tn.Code, tn.Error, tn.Words, tc.want)
			}
		})
	}
}
