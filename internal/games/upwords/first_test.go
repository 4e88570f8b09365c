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
// with the table's dictionary, reads the first play as it stands. The
// photos are first photos of eval-game's hard games on other makers'
// boards (docs/vision.md, "The first photo: one high, and its direction
// by the letters it reads surely"), kept in testdata/first.
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
		// sought one high, they are bare squares.
		{"the centre prints beside a word down, not tiles", "game-99655-1.jpg", "3,4,down,STORM"},
		// No direction's letters settle it, nor its words read surely
		// (its M read at 0.15): on its side it read O, K, A down from
		// guesses; ROOM across has the most letters read surely.
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
