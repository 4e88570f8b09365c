package pyramids

import (
	"testing"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
	vpyr "github.com/tilescope/tilescope/vision/pyramids"
)

// The page marks a square unsure when its confidence is under
// game.LowConf: the mark follows the scan's Sure, not the letter's
// confidence alone.
func TestSquareConfFollowsSure(t *testing.T) {
	tests := []struct {
		name   string
		sq     vpyr.Square
		unsure bool
	}{
		{"sure pyramid, letter confident", vpyr.Square{Colour: pyramids.Red, Letter: "E", Conf: 0.97, ColourConf: 0.9, Sure: true}, false},
		{"sure pyramid, colour share just over the scan's bar", vpyr.Square{Colour: pyramids.Blue, Letter: "T", Conf: 0.75, ColourConf: 0.2, Sure: true}, false},
		{"unsure pyramid, letter confident", vpyr.Square{Colour: pyramids.Green, Letter: "S", Conf: 0.99, ColourConf: 0.95, Sure: false}, true},
		{"unsure pyramid, faces disagree", vpyr.Square{Colour: pyramids.Yellow, Letter: "O", Conf: 0.55, ColourConf: 0.9, Sure: false}, true},
		{"unread letter", vpyr.Square{Colour: pyramids.Black, Letter: "?", Conf: 0, Sure: false}, true},
		{"empty square", vpyr.Square{Colour: pyramids.NoColour, Sure: false}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := squareConf(tc.sq)
			if c < 0 || c > 1 {
				t.Fatalf("conf %v out of 0..1", c)
			}
			if got := c < game.LowConf; got != tc.unsure {
				t.Errorf("conf %v: marked unsure %v, want %v", c, got, tc.unsure)
			}
		})
	}
}

// The face model is on unless Game.NoFaceModel (eval-game's
// --face-model=false), and the setting reaches the reader's.
func TestFaceModelReachesTheReader(t *testing.T) {
	for _, tc := range []struct {
		name string
		game Game
		on   bool
	}{{"default", Game{}, true}, {"off", Game{NoFaceModel: true}, false}} {
		t.Run(tc.name, func(t *testing.T) {
			rules, err := tc.game.New(game.Options{}, game.Env{})
			if err != nil {
				t.Fatal(err)
			}
			opt, err := rules.(*Rules).newReader()
			if err != nil {
				t.Fatal(err)
			}
			if opt.FaceModel != tc.on {
				t.Errorf("FaceModel = %v, want %v", opt.FaceModel, tc.on)
			}
		})
	}
}

// TestReadCounts: the letters are read at the counts the game holds, one
// lower on a word being taken, and one high where the game holds no
// pyramid (one put there this turn stands alone).
func TestReadCounts(t *testing.T) {
	at := func(r, c int) grid.Pos { return grid.Pos{Row: r, Col: c} }
	b := pyramids.NewBoard()
	for q, c := range map[grid.Pos]string{at(1, 3): "rE5", at(3, 3): "kA", at(3, 4): "bO5"} {
		s, err := pyramids.ParseCell(c)
		if err != nil {
			t.Fatal(err)
		}
		b.Set(q, s)
	}
	counts := readCounts(b, []grid.Pos{at(3, 3), at(3, 4)})
	for _, tc := range []struct {
		name string
		q    grid.Pos
		want int
	}{
		{"a player's stack", at(1, 3), 5},
		{"empty on the board: one put there stands alone", at(4, 5), 1},
		{"empty on the runway", at(0, 6), 1},
		{"a word's square of one, being taken", at(3, 3), 1},
		{"a word's stack of five, being taken: one lower", at(3, 4), 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := counts(tc.q); got != tc.want {
				t.Errorf("count %d, want %d", got, tc.want)
			}
		})
	}
}
