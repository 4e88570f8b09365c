package upwords

import (
	"errors"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/upwords"
)

func TestScorerAdapter(t *testing.T) {
	s := Scorer{upwords.Rules{}}
	empty := grid.New(10, 10)
	after := grid.New(10, 10)
	for i, l := range []string{"C", "A", "T"} {
		after.Set(grid.Pos{Row: 4, Col: 3 + i}, grid.Stack{Letter: l, Height: 1})
	}
	mv, err := s.Judge(empty, after)
	if err != nil || mv.Score != 6 || len(mv.Placed) != 3 || mv.Words[0].Word != "CAT" {
		t.Fatalf("CAT: %+v, %v", mv, err)
	}
	_, err = s.Judge(after, empty)
	rej, ok := err.(*game.Rejection)
	if !ok || rej.Code != string(upwords.RemovedTile) {
		t.Fatalf("removing CAT: %v, want a removed_tile rejection", err)
	}
}

// TestNewOptions: the settings the "new game" form and serve pass.
func TestNewOptions(t *testing.T) {
	tests := []struct {
		name    string
		opt     game.Options
		rows    int
		wantErr string
	}{
		{"default", nil, 10, ""},
		{"classic", game.Options{OptSize: "8"}, 8, ""},
		{"refuse", game.Options{game.OptRefuse: "true"}, 10, ""},
		{"bad size", game.Options{OptSize: "9"}, 0, "size"},
		{"not a number", game.Options{OptSize: "ten"}, 0, "size"},
		{"unknown setting", game.Options{"colours": "red"}, 0, "colours"},
		{"bad refuse", game.Options{game.OptRefuse: "maybe"}, 0, "refuse"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Game{}.New(tc.opt, game.Env{})
			if tc.wantErr != "" {
				if err == nil || !errors.Is(err, game.ErrBadInput) || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("New(%v) = %v, want a bad-input error naming %s", tc.opt, err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if rows, cols := r.Empty().Size(); rows != tc.rows || cols != tc.rows {
				t.Errorf("empty board %dx%d, want %dx%d", rows, cols, tc.rows, tc.rows)
			}
		})
	}
}

type words map[string]bool

func (w words) Contains(s string) bool { return w[s] }

// TestRules: the game's positions, corrections, referee and tally.
func TestRules(t *testing.T) {
	r, err := Game{}.New(game.Options{OptSize: "8", game.OptRefuse: "true"}, game.Env{Dict: words{"CAT": true}})
	if err != nil {
		t.Fatal(err)
	}
	empty := r.Empty()
	cat, err := r.SetCell(empty, 3, 2, "C")
	if err != nil {
		t.Fatal(err)
	}
	cat, _ = r.SetCell(cat, 3, 3, "a")
	cat, _ = r.SetCell(cat, 3, 4, "T")
	if empty.Cell(3, 2) != "" {
		t.Fatal("SetCell changed the position it was given")
	}
	back, err := r.Parse(cat.String(), "cat")
	if err != nil || !game.SamePosition(back, cat) {
		t.Fatalf("Parse(String()) = %v, %v; want the same position", back, err)
	}
	mv, err := r.Judge(empty, cat, game.Table{})
	if err != nil || mv.Score != 6 {
		t.Fatalf("CAT: %+v, %v; want 6 points", mv, err)
	}
	cot, _ := r.SetCell(empty, 3, 2, "C")
	cot, _ = r.SetCell(cot, 3, 3, "O")
	cot, _ = r.SetCell(cot, 3, 4, "T")
	var rej *game.Rejection
	if _, err := r.Judge(empty, cot, game.Table{}); !errors.As(err, &rej) || rej.Code != "not_a_word" {
		t.Errorf("COT with refuse=true: %v, want not_a_word", err)
	}
	for _, bad := range []string{"Q", "A0", "1", "AB"} {
		if _, err := r.SetCell(empty, 0, 0, bad); !errors.Is(err, game.ErrBadInput) {
			t.Errorf("SetCell %q: %v, want bad input", bad, err)
		}
	}
	if _, err := r.SetCell(empty, 8, 0, "A"); !errors.Is(err, game.ErrBadInput) {
		t.Errorf("SetCell off the board: %v, want bad input", err)
	}
	if p := r.Piece("Qu3"); p.Letter != "Qu" || p.Height != 3 {
		t.Errorf("Piece(Qu3) = %+v", p)
	}
	if got, want := r.Bag(cat, 2), 100-14-3; got != want {
		t.Errorf("bag %d, want %d", got, want)
	}
	tally := r.Tally(r.Empty(), []game.Player{{Name: "Ann", Score: 20}, {Name: "Ben", Score: 12}}, []int{3, 0})
	if tally[0].Final != 5 || tally[1].Final != 12 || tally[0].Winner || !tally[1].Winner {
		t.Errorf("tally %+v: want Ann 20-15=5, Ben 12 the winner", tally)
	}
}
