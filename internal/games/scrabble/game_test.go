package scrabble

import (
	"context"
	"errors"
	"os"
	"path/filepath"
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
	if err != nil || m.Score != 22 || len(m.Placed) != 5 || m.Words[0].Word != "BENDS" || m.Position != nil {
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
	lines := r.Tally(Position{Board: full}, players, []int{12, 0, 5})
	want := []int{288, 307, 245}
	for i, l := range lines {
		if l.Final != want[i] {
			t.Errorf("%s: final %d, want %d (%+v)", l.Name, l.Final, want[i], l)
		}
	}
	if !lines[1].Winner || lines[0].Winner {
		t.Errorf("winner: %+v", lines)
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
	rd := readingOf(&scan)
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
	rules, err := Game{}.New(nil, game.Env{Dict: testWords})
	if err != nil {
		t.Fatal(err)
	}
	s, err := game.Open(ctx, game.NewMemStore(), game.Config{Kind: Kind, Players: []string{"Ann", "Bo"}, Rules: rules, Dict: testWords})
	if err != nil {
		t.Fatal(err)
	}
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
	var qb string
	for _, w := range bad.Words {
		if !testWords[w.Word] {
			qb = w.Word
		}
	}
	if qb == "" {
		t.Fatalf("QI above B formed only words: %+v", bad.Words)
	}
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
