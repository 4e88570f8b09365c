package upwords

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/tilescope/tilescope/dict"
	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/grid"
)

// TestFirstPhoto: a game's first photo, read through the game's reader
// with the table's dictionary, reads the first play as it stands, and
// shows no wrong stack sure. The photos are first photos of eval-game's
// hard games on other makers' boards (docs/vision.md, "The first photo:
// one high inside the vision, the direction by all the evidence"), kept
// in testdata/first.
func TestFirstPhoto(t *testing.T) {
	if testing.Short() {
		t.Skip("reads photos")
	}
	tests := []struct {
		name  string
		photo string
		want  string // turnBoard's spec
	}{
		// Sought up to five high, the centre squares' print beside
		// STORM read as I1 (0.75) and O1 (0.95) a level or more up:
		// sought one high (a first play), they are bare squares.
		{"the centre prints beside a word down, not tiles", "game-99655-1.jpg", "3,4,down,STORM"},
		// No direction's letters settle it, nor its words read surely
		// (its M read at 0.15): on its side it read O, K, A down from
		// guesses; ROOM across is read surest.
		{"a word whose letters do not settle its direction", "game-100100-0.jpg", "5,4,across,ROOM"},
	}
	rd, closer, err := NewReader(10, "", t.Logf)
	if err != nil {
		t.Fatal(err)
	}
	defer closer()
	rd.Words = dict.English()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", "first", tc.photo))
			if err != nil {
				t.Fatal(err)
			}
			rd.Forget()
			r, err := rd.read(context.Background(), game.Frame{ID: tc.photo, JPEG: data}, grid.New(10, 10))
			if err != nil {
				t.Fatal(err)
			}
			want := turnBoard(t, tc.want)
			got := r.Board.(*grid.Board)
			if !got.Equal(want) {
				t.Errorf("read\n%swant\n%s", got, want)
			}
			got.Each(func(p grid.Pos, s grid.Stack) {
				if !s.Empty() && s != want.At(p) && r.Conf[p.Row][p.Col] >= game.LowConf {
					t.Errorf("%v: %s%d shown sure, is %v", p, s.Letter, s.Height, want.At(p))
				}
			})
		})
	}
}

// TestLikeliestDirection: with no direction settled by its words, a
// first photo is read in the spelled direction whose letters weigh
// most, when it weighs directionMargin more than every other direction;
// else in none.
func TestLikeliestDirection(t *testing.T) {
	tests := []struct {
		name    string
		spelled [4]bool
		weight  [4]float64
		want    int
	}{
		{"the one spelled direction weighing most", [4]bool{true, false, false, false}, [4]float64{3.07, 1.5, 0.8, 1.2}, 0},
		{"the heavier of two spelled directions", [4]bool{false, true, false, true}, [4]float64{0.5, 2.9, 0.4, 1.6}, 1},
		{"within the margin of another direction", [4]bool{true, false, false, false}, [4]float64{3.0, 2.7, 0, 0}, -1},
		{"a spelled direction beaten by one not spelled", [4]bool{true, false, false, false}, [4]float64{2.0, 3.5, 0, 0}, -1},
		{"two spelled directions weighing alike", [4]bool{true, false, true, false}, [4]float64{2.0, 0, 2.0, 0}, -1},
		{"no direction spelled", [4]bool{}, [4]float64{4, 1, 0, 0}, -1},
		{"unreadable directions", [4]bool{false, true, false, false}, [4]float64{-1, 2, -1, 1}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := likeliestDirection(tc.spelled, tc.weight); got != tc.want {
				t.Errorf("likeliestDirection(%v, %v) = %d, want %d", tc.spelled, tc.weight, got, tc.want)
			}
		})
	}
}

// TestLetterWeight: a direction's weight is its reader's confidence
// summed over the letters in runs of two or more; a lone letter does
// not weigh.
func TestLetterWeight(t *testing.T) {
	tests := []struct {
		name string
		spec string
		low  []grid.Pos // the stacks read at 0.15 (the others at 0.95)
		want float64
	}{
		{"every letter read", "5,4,across,ROOM", nil, 3.8},
		{"a guess in the word", "5,4,across,ROOM", []grid.Pos{{Row: 5, Col: 7}}, 3.0},
		{"a letter standing alone", "5,4,across,ROOM;8,8,across,E", nil, 3.8},
		{"two words", "5,4,across,ROOM;1,1,down,AT", []grid.Pos{{Row: 1, Col: 1}}, 4.9},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rd := readingAt(t, tc.spec, tc.low, 0.15)
			if got := letterWeight(rd); got < tc.want-1e-9 || got > tc.want+1e-9 {
				t.Errorf("letterWeight(\n%s) = %.2f, want %.2f", rd.Board, got, tc.want)
			}
		})
	}
}

// TestDropPrints: on a first photo whose reading is not all words, the
// fewest unsure stacks on the centre squares whose dropping leaves one
// word over a centre square are read empty; sure stacks, stacks off the
// centre squares and two ways of as few are left as read.
func TestDropPrints(t *testing.T) {
	tests := []struct {
		name   string
		spec   string
		unsure []grid.Pos // read at 0.45 (the others at 0.95)
		want   string
	}{
		{"three prints about a word down", "0,5,down,GIANT;4,4,across,O;5,4,across,OO", []grid.Pos{{Row: 4, Col: 4}, {Row: 5, Col: 4}, {Row: 5, Col: 5}}, "0,5,down,GIANT"},
		{"a print read surely stays", "0,5,down,GIANT;5,5,across,O", nil, "0,5,down,GIANT;5,5,across,O"},
		{"a word already", "4,3,across,ROOM", []grid.Pos{{Row: 4, Col: 4}, {Row: 4, Col: 5}}, "4,3,across,ROOM"},
		{"an unsure letter of the word is no print", "4,3,across,ROQM", []grid.Pos{{Row: 4, Col: 5}}, "4,3,across,ROQM"},
		{"a stack off the centre squares stays", "4,5,down,TO;2,2,across,O", []grid.Pos{{Row: 2, Col: 2}}, "4,5,down,TO;2,2,across,O"},
		{"two ways with as few", "4,4,across,AT;5,4,across,TA", []grid.Pos{{Row: 4, Col: 4}, {Row: 4, Col: 5}, {Row: 5, Col: 4}, {Row: 5, Col: 5}}, "4,4,across,AT;5,4,across,TA"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rd := readingAt(t, tc.spec, tc.unsure, 0.45)
			want := turnBoard(t, tc.want)
			dropped := dropPrints(rd, dict.English())
			if !rd.Board.Equal(want) {
				t.Errorf("read\n%swant\n%s", rd.Board, want)
			}
			if dropped != !rd.Board.Equal(turnBoard(t, tc.spec)) {
				t.Errorf("dropPrints reported %v", dropped)
			}
			rd.Board.Each(func(p grid.Pos, s grid.Stack) {
				if c := rd.Cell(p); s.Empty() != (c.Height == 0) {
					t.Errorf("%v: board %v, cell height %d", p, s, c.Height)
				}
			})
		})
	}
}
