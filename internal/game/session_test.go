package game

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tilescope/tilescope/scoring/grid"
)

// lineScorer is a small stand-in for the Upwords engine: a move puts new or
// higher stacks in one row or column; it scores 2 points per tile of the
// word along that line (1 per tile height when stacked). It refuses a
// removed tile and a move off one line.
type lineScorer struct{}

func (lineScorer) Judge(before, after *grid.Board) (Move, error) {
	var placed []Placement
	var bad error
	after.Each(func(p grid.Pos, s grid.Stack) {
		b := before.At(p)
		switch {
		case s == b:
		case s.Empty() || s.Height < b.Height:
			bad = &Rejection{Code: "removed_tile", Msg: "a tile was removed at " + p.String()}
		default:
			placed = append(placed, Placement{Row: p.Row, Col: p.Col, Letter: s.Letter, Height: s.Height})
		}
	})
	if bad != nil {
		return Move{}, bad
	}
	if len(placed) == 0 {
		return Move{}, &Rejection{Code: "no_change", Msg: "nothing new"}
	}
	dir := grid.Across
	for _, p := range placed[1:] {
		if p.Row != placed[0].Row {
			dir = grid.Down
			if p.Col != placed[0].Col {
				return Move{}, &Rejection{Code: "not_in_line", Msg: "not in one line"}
			}
		}
	}
	if len(placed) == 1 && !after.At(grid.Pos{Row: placed[0].Row, Col: placed[0].Col - 1}).Empty() {
		dir = grid.Across
	} else if len(placed) == 1 {
		dir = grid.Down
		if after.At(grid.Pos{Row: placed[0].Row - 1, Col: placed[0].Col}).Empty() && after.At(grid.Pos{Row: placed[0].Row + 1, Col: placed[0].Col}).Empty() {
			dir = grid.Across
		}
	}
	p := grid.Pos{Row: placed[0].Row, Col: placed[0].Col}
	back := grid.Pos{Row: -dir.Row, Col: -dir.Col}
	for !after.At(p.Add(back)).Empty() {
		p = p.Add(back)
	}
	var word strings.Builder
	heights, tiles, stacked := 0, 0, false
	for ; !after.At(p).Empty(); p = p.Add(dir) {
		s := after.At(p)
		word.WriteString(s.Spelling())
		heights += s.Height
		tiles++
		stacked = stacked || s.Height > 1
	}
	score := 2 * tiles
	if stacked {
		score = heights
	}
	return Move{Placed: placed, Words: []Word{{Word: word.String(), Score: score, Stacked: stacked}}, Score: score}, nil
}

type words map[string]bool

func (w words) Contains(s string) bool { return w[strings.ToUpper(s)] }

// boards of a short game on a 5x5 board.
var (
	turn1 = `
. . . . .
. . . . .
C A T . .
. . . . .
. . . . .`
	turn2 = `
. . . . .
. . . . .
C A T . .
. . O . .
. . P . .`
	turn3 = `
. . . . .
. . . . .
C O2 T . .
. . O . .
. . P . .`
)

func reading(text string) Reading { return Reading{Board: grid.MustParse(text)} }

func newSession(t *testing.T, store Store) *Session {
	t.Helper()
	s, err := Open(context.Background(), store, Config{
		Players: []string{"Ann", "Ben"}, Rows: 5, Cols: 5, Scorer: lineScorer{},
		Dict: words{"CAT": true, "TOP": true, "COT": true},
		Now:  func() time.Time { return time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC) },
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func play(t *testing.T, s *Session, text string) Turn {
	t.Helper()
	turn, err := s.Play(context.Background(), Frame{ID: "test"}, reading(text))
	if err != nil {
		t.Fatalf("play: %v", err)
	}
	return turn
}

func scores(st *State) []int {
	var out []int
	for _, p := range st.Players {
		out = append(out, p.Score)
	}
	return out
}

func TestPlaysScoreAndRotate(t *testing.T) {
	s := newSession(t, NewMemStore())
	t1 := play(t, s, turn1)
	if t1.Status != StatusAccepted || t1.Score != 6 || t1.Player != 0 || t1.N != 1 {
		t.Fatalf("turn 1 = %+v, want accepted, 6 points, Ann, n=1", t1)
	}
	t2 := play(t, s, turn2)
	if t2.Status != StatusAccepted || t2.Words[0].Word != "TOP" || t2.Player != 1 {
		t.Fatalf("turn 2 = %+v, want TOP by Ben", t2)
	}
	st := s.State()
	if got := scores(st); !reflect.DeepEqual(got, []int{6, 6}) {
		t.Errorf("scores %v, want [6 6]", got)
	}
	if st.ToPlay != 0 || st.Last != 2 || len(st.Turns) != 2 {
		t.Errorf("to_play %d last %d turns %d, want 0 2 2", st.ToPlay, st.Last, len(st.Turns))
	}
	if c := st.Board[4][2]; c == nil || !c.Last || c.Letter != "P" {
		t.Errorf("cell (4,2) = %+v, want P marked last", c)
	}
	if c := st.Board[2][0]; c == nil || c.Last {
		t.Errorf("cell (2,0) = %+v, want C not last", c)
	}
	if st.Bag != UpwordsTiles-2*RackSize-5 {
		t.Errorf("bag %d, want %d", st.Bag, UpwordsTiles-2*RackSize-5)
	}
	if _, err := s.Play(context.Background(), Frame{}, reading(turn2)); !errors.Is(err, ErrNoChange) {
		t.Errorf("the same board again: %v, want ErrNoChange", err)
	}
}

func TestConfidenceIsTheBestReadingOfAStack(t *testing.T) {
	s := newSession(t, NewMemStore())
	ctx := context.Background()
	r1 := reading(turn1)
	r1.Conf = [][]float64{{1, 1, 1, 1, 1}, {1, 1, 1, 1, 1}, {0.95, 0.6, 1, 1, 1}, {1, 1, 1, 1, 1}, {1, 1, 1, 1, 1}}
	s.Play(ctx, Frame{}, r1)
	r2 := reading(turn2)
	r2.Conf = [][]float64{{1, 1, 1, 1, 1}, {1, 1, 1, 1, 1}, {0.5, 0.7, 1, 1, 1}, {1, 1, 0.4, 1, 1}, {1, 1, 1, 1, 1}}
	s.Play(ctx, Frame{}, r2)
	st := s.State()
	tests := []struct {
		name      string
		row, col  int
		want      float64
		uncertain bool
	}{
		{"sure once, sure now", 2, 0, 0.95, false},
		{"unsure twice: the better", 2, 1, 0.7, true},
		{"new and unsure", 3, 2, 0.4, true},
	}
	for _, tc := range tests {
		c := st.Board[tc.row][tc.col]
		if c.Conf != tc.want || c.Uncertain != tc.uncertain {
			t.Errorf("%s: (%d,%d) conf %v uncertain %v, want %v %v", tc.name, tc.row, tc.col, c.Conf, c.Uncertain, tc.want, tc.uncertain)
		}
	}
}

func TestRejectedReadingKeepsTheTurn(t *testing.T) {
	s := newSession(t, NewMemStore())
	play(t, s, turn1)
	// The camera misses the C: a removed tile, refused.
	bad := play(t, s, strings.Replace(turn2, "C A T", ". A T", 1))
	if bad.Status != StatusRejected || bad.Code != "removed_tile" || bad.Player != 1 {
		t.Fatalf("misread turn = %+v, want rejected removed_tile by Ben", bad)
	}
	if _, err := s.Play(context.Background(), Frame{}, reading(strings.Replace(turn2, "C A T", ". A T", 1))); !errors.Is(err, ErrNoChange) {
		t.Errorf("the same refused reading again: %v, want ErrNoChange", err)
	}
	st := s.State()
	if st.ToPlay != 1 || len(st.Turns) != 1 || len(st.History) != 2 {
		t.Fatalf("after a rejection: to_play %d, %d turns, %d history; want 1 1 2", st.ToPlay, len(st.Turns), len(st.History))
	}
	// The table puts the C back: the turn is re-judged and accepted.
	st, err := s.Correct(context.Background(), bad.N, grid.Pos{Row: 2, Col: 0}, grid.Stack{Letter: "C", Height: 1})
	if err != nil {
		t.Fatal(err)
	}
	if h := st.History[1]; h.Status != StatusAccepted || h.Words[0].Word != "TOP" || !reflect.DeepEqual(h.Corrected, [][2]int{{2, 0}}) {
		t.Fatalf("corrected turn = %+v, want TOP accepted, (2,0) corrected", h)
	}
	if st.ToPlay != 0 {
		t.Errorf("to_play %d after the corrected turn, want 0", st.ToPlay)
	}
}

func TestCorrectionIsSticky(t *testing.T) {
	s := newSession(t, NewMemStore())
	// The camera reads the A of CAT as R, in turn 1 and again in turn 2.
	play(t, s, strings.Replace(turn1, "C A T", "C R T", 1))
	t2 := play(t, s, strings.Replace(turn2, "C A T", "C R T", 1))
	// A player taps the R on the board as it stands (turn 2) and fixes it.
	st, err := s.Correct(context.Background(), t2.N, grid.Pos{Row: 2, Col: 1}, grid.Stack{Letter: "A", Height: 1})
	if err != nil {
		t.Fatal(err)
	}
	if w := st.Turns[0].Words[0].Word; w != "CAT" {
		t.Errorf("turn 1 word %q after fixing turn 2, want CAT (the same misread)", w)
	}
	if !strings.Contains(st.BoardText, "C   A   T") {
		t.Errorf("board %q, want CAT on it", st.BoardText)
	}
	// A correction to empty (a phantom tile) does not reach backward into
	// turns where the square was really empty.
	t3 := play(t, s, turn3)
	if t3.Status != StatusAccepted {
		t.Fatalf("turn 3 %+v", t3)
	}
}

func TestCorrectingAMissedStackedTile(t *testing.T) {
	s := newSession(t, NewMemStore())
	play(t, s, turn1)
	play(t, s, turn2)
	// Turn 3 puts O on the A of CAT, but the camera still reads the A one
	// high, and the T beside it as I (a second misread, so that the turn
	// is not just "no change").
	t3 := play(t, s, strings.Replace(turn3, "C O2 T", "C A I", 1))
	if _, err := s.Correct(context.Background(), t3.N, grid.Pos{Row: 2, Col: 1}, grid.Stack{Letter: "O", Height: 2}); err != nil {
		t.Fatal(err)
	}
	st, err := s.Correct(context.Background(), t3.N, grid.Pos{Row: 2, Col: 2}, grid.Stack{Letter: "T", Height: 1})
	if err != nil {
		t.Fatal(err)
	}
	// The A of turns 1 and 2 was read right and must stay an A: the O
	// went on it in turn 3.
	for i, w := range []string{"CAT", "TOP"} {
		if got := st.Turns[i].Words[0].Word; got != w {
			t.Errorf("turn %d word %q after the correction, want %s", i+1, got, w)
		}
	}
	if last := st.History[len(st.History)-1]; last.Status != StatusAccepted || last.Score != 4 {
		t.Errorf("corrected turn 3 = %s %s %q score %d, want accepted, COT scoring 1+2+1", last.Status, last.Code, last.Error, last.Score)
	}
}

func TestChallenge(t *testing.T) {
	tests := []struct {
		name      string
		word      string
		wantValid bool
		wantErr   error
	}{
		{"a word stays", "COT", true, nil},
		{"not a word comes off", "CXT", false, nil},
		{"a word the turn did not form", "DOG", false, ErrBadInput},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newSession(t, NewMemStore())
			play(t, s, turn1)
			play(t, s, turn2)
			board := strings.Replace(turn3, "C O2 T", "C X2 T", 1)
			if tc.wantValid {
				board = turn3
			}
			t3 := play(t, s, board)
			word := tc.word
			valid, st, err := s.Challenge(context.Background(), t3.N, word)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("challenge %s: err %v, want %v", word, err, tc.wantErr)
			}
			if err != nil {
				return
			}
			if valid != tc.wantValid {
				t.Fatalf("challenge %s: valid %v, want %v", word, valid, tc.wantValid)
			}
			last := st.History[len(st.History)-1]
			if tc.wantValid {
				if last.Status != StatusAccepted || st.ToPlay != 1 || st.Players[0].Score != 6+4 {
					t.Errorf("a valid word: %+v, to_play %d, scores %v", last, st.ToPlay, scores(st))
				}
				return
			}
			if last.Status != StatusWithdrawn || st.ToPlay != 0 || st.Players[0].Score != 6 {
				t.Errorf("withdrawn: status %s, to_play %d, scores %v; want withdrawn, Ann again, 6", last.Status, st.ToPlay, scores(st))
			}
			if !strings.Contains(st.BoardText, "C   A   T") || st.Last != 2 {
				t.Errorf("the tiles must come off: board\n%s last %d", st.BoardText, st.Last)
			}
			// Only the latest accepted play can be challenged.
			if _, _, err := s.Challenge(context.Background(), 1, "CAT"); !errors.Is(err, ErrConflict) {
				t.Errorf("challenging an old turn: %v, want ErrConflict", err)
			}
			// The camera still sees the withdrawn tiles (not taken back
			// yet): not a new turn.
			r, _ := grid.Parse(strings.NewReader(board), "again")
			if _, err := s.Play(context.Background(), Frame{ID: "again"}, Reading{Board: r}); !errors.Is(err, ErrNoChange) {
				t.Errorf("the withdrawn board seen again: %v, want ErrNoChange", err)
			}
		})
	}
}

func TestUndoPassExchangeEnd(t *testing.T) {
	ctx := context.Background()
	s := newSession(t, NewMemStore())
	if _, err := s.Undo(ctx); !errors.Is(err, ErrConflict) {
		t.Fatalf("undo of nothing: %v, want ErrConflict", err)
	}
	play(t, s, turn1)
	st, err := s.Pass(ctx)
	if err != nil || st.ToPlay != 0 || st.Turns[1].Kind != KindPass || st.Turns[1].Name != "Ben" {
		t.Fatalf("pass: %v, to_play %d", err, st.ToPlay)
	}
	st, err = s.Undo(ctx)
	if err != nil || st.ToPlay != 1 || len(st.Turns) != 1 {
		t.Fatalf("undo pass: %v, to_play %d, %d turns", err, st.ToPlay, len(st.Turns))
	}
	st, _ = s.Exchange(ctx)
	if st.Turns[1].Kind != KindExchange || st.ToPlay != 0 {
		t.Fatalf("exchange: %+v", st.Turns[1])
	}
	if _, err := s.End(ctx, []int{1}); !errors.Is(err, ErrBadInput) {
		t.Errorf("one rack for two players: %v, want ErrBadInput", err)
	}
	if _, err := s.End(ctx, []int{-1, 3}); !errors.Is(err, ErrBadInput) {
		t.Errorf("negative rack: %v, want ErrBadInput", err)
	}
	st, err = s.End(ctx, []int{0, 3})
	if err != nil {
		t.Fatal(err)
	}
	want := []TallyLine{
		{Name: "Ann", Score: 6, Tiles: 0, Penalty: 0, Final: 6, Winner: true},
		{Name: "Ben", Score: 0, Tiles: 3, Penalty: -15, Final: -15},
	}
	if !st.Over || !reflect.DeepEqual(st.Tally, want) {
		t.Fatalf("tally %+v, want %+v", st.Tally, want)
	}
	if _, err := s.Play(ctx, Frame{}, reading(turn2)); !errors.Is(err, ErrConflict) {
		t.Errorf("play after the end: %v, want ErrConflict", err)
	}
	st, _ = s.Undo(ctx)
	if st.Over || st.Tally != nil {
		t.Errorf("undo of the end: over %v", st.Over)
	}
}

func TestReplayFromTheStore(t *testing.T) {
	ctx := context.Background()
	store := NewMemStore()
	s := newSession(t, store)
	play(t, s, turn1)
	play(t, s, strings.Replace(turn2, "O", "D", 1)) // a misread D, fixed below
	s.Correct(ctx, 2, grid.Pos{Row: 3, Col: 2}, grid.Stack{Letter: "O", Height: 1})
	s.Pass(ctx)
	s.Confirm(ctx, 2)
	before := s.Snapshot()

	again := newSession(t, store)
	after := again.Snapshot()
	if string(before.JSON) != string(after.JSON) {
		t.Fatalf("a reopened session differs:\n%s\n%s", before.JSON, after.JSON)
	}
	if !after.State.Turns[1].Confirmed {
		t.Errorf("confirm lost in replay")
	}
}

func TestFailedWriteTellsNobody(t *testing.T) {
	store := NewMemStore()
	s := newSession(t, store)
	play(t, s, turn1)
	v := s.Snapshot().Version
	store.Fail = errors.New("disk full")
	if _, err := s.Play(context.Background(), Frame{}, reading(turn2)); err == nil {
		t.Fatal("play with a failing store: no error")
	}
	if s.Snapshot().Version != v || len(s.State().Turns) != 1 {
		t.Errorf("a turn that was not written was published")
	}
}

func TestSnapshotsNotifyEveryChange(t *testing.T) {
	s := newSession(t, NewMemStore())
	first := s.Snapshot()
	play(t, s, turn1)
	select {
	case <-first.Next():
	default:
		t.Fatal("the old snapshot's Next is not closed after a change")
	}
	play(t, s, turn2)
	got := s.Since(first.Version)
	if len(got) != 2 || got[0].Version >= got[1].Version {
		t.Fatalf("Since: %d snapshots, want 2 in order", len(got))
	}
}

func TestBadPlayers(t *testing.T) {
	tests := []struct {
		name    string
		players []string
	}{
		{"none", []string{}},
		{"five", []string{"a", "b", "c", "d", "e"}},
		{"blank", []string{"Ann", " "}},
		{"41 letters", []string{"Ann", strings.Repeat("ж", 41)}},
		{"not UTF-8", []string{"Ann", "\xff"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newSession(t, NewMemStore())
			if err := s.NewGame(context.Background(), tc.players); !errors.Is(err, ErrBadInput) {
				t.Errorf("NewGame(%q) = %v, want ErrBadInput", tc.players, err)
			}
		})
	}
}

// TestPlayersInAnyScript: names are counted in letters, so a long name in
// Cyrillic (two bytes a letter) or with emoji is fine.
func TestPlayersInAnyScript(t *testing.T) {
	names := []string{"Марина Александровна Кузнецова-Петрова", "Ёжик 🦔", "李小龍", "Ann"}
	s := newSession(t, NewMemStore())
	if err := s.NewGame(context.Background(), names); err != nil {
		t.Fatal(err)
	}
	for i, p := range s.State().Players {
		if p.Name != names[i] {
			t.Errorf("player %d is %q, want %q", i, p.Name, names[i])
		}
	}
}

// BenchmarkAction is one action on a game of 60 turns: the record is
// written (in memory) and the whole log replayed and encoded, as after
// every action at a real table.
func BenchmarkAction(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, NewMemStore(), Config{Players: []string{"Ann", "Ben"}, Scorer: lineScorer{}})
	if err != nil {
		b.Fatal(err)
	}
	board := grid.New(10, 10)
	for i := 0; i < 60; i++ {
		board = board.Clone()
		board.Set(grid.Pos{Row: i / 10, Col: i % 10}, grid.Stack{Letter: "E", Height: 1})
		if _, err := s.Play(ctx, Frame{}, Reading{Board: board}); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		if _, err := s.Confirm(ctx, 60); err != nil {
			b.Fatal(err)
		}
		if _, err := s.Undo(ctx); err != nil {
			b.Fatal(err)
		}
	}
}

// fixedReader is a camera that always reads the same board.
type fixedReader struct{ board string }

func (f fixedReader) ReadBoard(ctx context.Context, fr Frame) (Reading, error) {
	return reading(f.board), nil
}

func TestPipelineKeepsWhatThePhotoShowed(t *testing.T) {
	ctx := context.Background()
	store := NewMemStore()
	s := newSession(t, store)
	if len(s.Sightings()) != 0 {
		t.Fatal("sightings before any photo")
	}
	// The camera reads CAT as CAI; the rules (lineScorer) accept it; the
	// table corrects the I.
	misread := strings.Replace(turn1, "C A T", "C A I", 1)
	p := &Pipeline{Reader: fixedReader{misread}, Session: s, Reconcile: ReconcileUpwordsJudged(lineScorer{})}
	t1, err := p.Submit(ctx, Frame{ID: "one"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Correct(ctx, t1.N, grid.Pos{Row: 2, Col: 2}, grid.Stack{Letter: "T", Height: 1}); err != nil {
		t.Fatal(err)
	}
	// After a restart the session still knows what the photo showed.
	s2 := newSession(t, store)
	if got := s2.Sightings(); len(got) != 1 || !SamePosition(got[0].Seen, grid.MustParse(misread)) || !SamePosition(got[0].After, grid.MustParse(turn1)) {
		t.Fatalf("sightings after reopening = %+v, want the misread board beside the corrected one", got)
	}
	// The next photo shows turn 2 with the same misread: the T stands.
	p.Session = s2
	p.Reader = fixedReader{strings.Replace(turn2, "C A T", "C A I", 1)}
	t2, err := p.Submit(ctx, Frame{ID: "two"})
	if err != nil {
		t.Fatal(err)
	}
	if t2.Status != StatusAccepted || !strings.Contains(t2.Board, "C   A   T") {
		t.Errorf("turn 2 = %s, board\n%s\nwant accepted with CAT", t2.Status, t2.Board)
	}
	// A turn entered by hand has no photo to remember.
	if _, err := s2.Play(ctx, Frame{ID: "hand"}, reading(turn3)); err != nil {
		t.Fatal(err)
	}
	if n := len(s2.Sightings()); n != 2 {
		t.Errorf("%d sightings after a turn entered by hand, want 2 (the photos)", n)
	}
}

// troubleReader is a camera whose photos cannot be read until fixed.
type troubleReader struct {
	err   error
	board string
}

type codedErr struct{ code, msg string }

func (e codedErr) Error() string { return e.msg }
func (e codedErr) Code() string  { return e.code }

func (r *troubleReader) ReadBoard(ctx context.Context, f Frame) (Reading, error) {
	if r.err != nil {
		return Reading{}, r.err
	}
	return reading(r.board), nil
}

func TestCameraNotice(t *testing.T) {
	ctx := context.Background()
	store := NewMemStore()
	s := newSession(t, store)
	rd := &troubleReader{err: codedErr{"too_dark", "vision: too dark: add light"}}
	p := &Pipeline{Reader: rd, Session: s}
	if _, err := p.Submit(ctx, Frame{ID: "dim"}); err == nil {
		t.Fatal("an unreadable photo gave no error")
	}
	st := s.State()
	if st.Camera == nil || st.Camera.Code != "too_dark" || st.Camera.Frame != "dim" || !strings.Contains(st.Camera.Error, "add light") {
		t.Fatalf("camera notice = %+v, want too_dark from frame dim", st.Camera)
	}
	// The same trouble again is not written again; another one is.
	v := st.Version
	p.Submit(ctx, Frame{ID: "dim again"})
	if s.State().Version != v {
		t.Error("the same notice was written twice")
	}
	rd.err = errors.New("the photo does not decode")
	p.Submit(ctx, Frame{ID: "broken"})
	if c := s.State().Camera; c == nil || c.Code != "unreadable" {
		t.Errorf("camera notice = %+v, want unreadable", c)
	}
	// It survives a restart, and undo passes over it.
	if c := newSession(t, store).State().Camera; c == nil || c.Code != "unreadable" {
		t.Errorf("after reopening: camera notice = %+v", c)
	}
	if _, err := s.Undo(ctx); err == nil {
		t.Error("undo with no turn: want an error, the notice is not a turn")
	}
	// A photo read again takes it down, even one showing no change.
	rd.err, rd.board = nil, turn1
	if _, err := p.Submit(ctx, Frame{ID: "lit"}); err != nil {
		t.Fatal(err)
	}
	if c := s.State().Camera; c != nil {
		t.Errorf("camera notice after a photo was read = %+v, want none", c)
	}
	rd.err = codedErr{"no_board", "vision: no board found"}
	p.Submit(ctx, Frame{ID: "away"})
	rd.err = nil
	if _, err := p.Submit(ctx, Frame{ID: "back"}); !errors.Is(err, ErrNoChange) {
		t.Fatalf("the same board again: %v, want ErrNoChange", err)
	}
	if c := s.State().Camera; c != nil {
		t.Errorf("camera notice after an unchanged photo was read = %+v, want none", c)
	}
	if n := len(s.State().Turns); n != 1 {
		t.Errorf("%d turns, want 1: notices are not turns", n)
	}
}

// TestClearCameraNotice: the turn detector's "held" notice comes down when
// the hold ends, and only that notice: a photo the vision could not read
// stays told.
func TestClearCameraNotice(t *testing.T) {
	ctx := context.Background()
	s := newSession(t, NewMemStore())
	steps := []struct {
		name  string
		do    func() error
		want  string // the notice's code after, "" none
		wrote bool   // a record was written
	}{
		{"nothing up: nothing to clear", func() error { return s.ClearCameraNotice(ctx, "held") }, "", false},
		{"a turn held", func() error { return s.CameraTrouble(ctx, "f1", "held", "something is over the board") }, "held", true},
		{"held again: not written twice", func() error { return s.CameraTrouble(ctx, "f2", "held", "something is over the board") }, "held", false},
		{"another code is not cleared", func() error { return s.ClearCameraNotice(ctx, "too_dark") }, "held", false},
		{"the hold ends", func() error { return s.ClearCameraNotice(ctx, "held") }, "", true},
		{"a dark photo", func() error { return s.CameraTrouble(ctx, "f3", "too_dark", "add light") }, "too_dark", true},
		{"the end of a hold leaves it up", func() error { return s.ClearCameraNotice(ctx, "held") }, "too_dark", false},
	}
	for _, st := range steps {
		v := s.State().Version
		if err := st.do(); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		got := ""
		if c := s.State().Camera; c != nil {
			got = c.Code
		}
		if got != st.want || (s.State().Version != v) != st.wrote {
			t.Errorf("%s: notice %q, wrote %v; want %q, %v", st.name, got, s.State().Version != v, st.want, st.wrote)
		}
	}
}

// TestCoveredSquares: the squares a photo read empty but may not have
// seen (Reading.Covered) are kept with the turn, left out where the
// reading has a piece, and come back when the session is opened again
// from its store.
func TestCoveredSquares(t *testing.T) {
	store := NewMemStore()
	s := newSession(t, store)
	r := reading(turn1)
	r.Covered = [][2]int{{0, 4}, {2, 0}, {4, 4}} // (2,0) holds the C
	turn, err := s.Play(context.Background(), Frame{ID: "covered"}, r)
	if err != nil {
		t.Fatal(err)
	}
	want := [][2]int{{0, 4}, {4, 4}}
	if fmt.Sprint(turn.Covered) != fmt.Sprint(want) {
		t.Errorf("turn covered %v, want %v", turn.Covered, want)
	}
	again := newSession(t, store)
	h := again.State().History
	if len(h) != 1 || fmt.Sprint(h[0].Covered) != fmt.Sprint(want) {
		t.Errorf("reopened: history %+v, want one turn covered at %v", h, want)
	}
}

// TestWithdrawnSeenAgain: after a challenge withdrew a play, frames that
// still show its tiles (not taken back yet) are not a new turn, even when
// the table corrected a square of that turn or of an earlier one (carried
// into the withdrawn reading) since, and after a restart; a frame that
// differs from that photo is.
func TestWithdrawnSeenAgain(t *testing.T) {
	withdrawn := strings.Replace(turn3, "C O2 T", "C X2 T", 1)
	tests := []struct {
		name string
		fix  func(s *Session, n int) error // a correction after the challenge; nil none
	}{
		{"no correction", nil},
		{"a square of an earlier turn", func(s *Session, n int) error {
			// C of turn 1 was a B: carried into turns 2 and 3.
			_, err := s.CorrectCell(context.Background(), 1, 2, 0, "B")
			return err
		}},
		{"a square of the withdrawn turn", func(s *Session, n int) error {
			_, err := s.CorrectCell(context.Background(), n, 2, 1, "Z2")
			return err
		}},
		{"a square of the withdrawn turn emptied", func(s *Session, n int) error {
			// The camera saw a tile where none was (the P under TOP).
			_, err := s.CorrectCell(context.Background(), n, 4, 2, "")
			return err
		}},
	}
	for _, tc := range tests {
		for _, piped := range []bool{false, true} {
			name := tc.name
			if piped {
				name += " (camera through the pipeline)"
			}
			t.Run(name, func(t *testing.T) {
				withdrawnSeenAgain(t, withdrawn, tc.fix, piped)
			})
		}
	}
}

func withdrawnSeenAgain(t *testing.T, withdrawn string, fix func(s *Session, n int) error, piped bool) {
	ctx := context.Background()
	store := NewMemStore()
	s := newSession(t, store)
	// The camera: straight to the session, or read and reconciled with
	// the board as it stands and the earlier photos, as served.
	submit := func(s *Session, id, board string) (Turn, error) {
		if !piped {
			return s.Play(ctx, Frame{ID: id}, reading(board))
		}
		p := &Pipeline{Reader: fixedReader{board}, Session: s, Reconcile: ReconcileUpwordsJudged(lineScorer{})}
		return p.Submit(ctx, Frame{ID: id})
	}
	for i, b := range []string{turn1, turn2} {
		if _, err := submit(s, fmt.Sprint(i+1), b); err != nil {
			t.Fatalf("turn %d: %v", i+1, err)
		}
	}
	t3, err := submit(s, "3", withdrawn)
	if err != nil {
		t.Fatalf("turn 3: %v", err)
	}
	if valid, _, err := s.Challenge(ctx, t3.N, "CXT"); err != nil || valid {
		t.Fatalf("challenge CXT: %v %v, want withdrawn", valid, err)
	}
	if fix != nil {
		if err := fix(s, t3.N); err != nil {
			t.Fatalf("correction: %v", err)
		}
	}
	h := s.State().History
	if last := h[len(h)-1]; last.N != t3.N || last.Status != StatusWithdrawn {
		t.Fatalf("after the correction the latest turn is %d %s, want %d withdrawn", last.N, last.Status, t3.N)
	}
	again := func(s *Session, what string) {
		t.Helper()
		n := len(s.State().History)
		if _, err := submit(s, "again", withdrawn); !errors.Is(err, ErrNoChange) {
			t.Errorf("%s: the withdrawn tiles seen again: %v, want ErrNoChange", what, err)
		}
		if got := len(s.State().History); got != n {
			t.Errorf("%s: %d turns after the same frame, want %d", what, got, n)
		}
	}
	again(s, "running")
	// kill -9: the game is replayed from its log.
	s = newSession(t, store)
	again(s, "restarted")
	// The tiles taken back: the board as it stands, not a turn.
	if _, err := s.Play(ctx, Frame{ID: "back"}, Reading{Board: s.Board()}); !errors.Is(err, ErrNoChange) {
		t.Errorf("the tiles taken back: %v, want ErrNoChange", err)
	}
	// A frame that differs from the withdrawn photo is a new turn.
	next := s.Board().(*grid.Board)
	next.Set(grid.Pos{Row: 2, Col: 3}, grid.Stack{Letter: "S", Height: 1})
	turn, err := s.Play(ctx, Frame{ID: "next"}, Reading{Board: next})
	if err != nil || turn.N != t3.N+1 || turn.Status != StatusAccepted {
		t.Errorf("a new play after the withdrawn one: turn %d %s %v, want turn %d accepted", turn.N, turn.Status, err, t3.N+1)
	}
}
