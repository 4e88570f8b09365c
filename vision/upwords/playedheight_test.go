package upwords

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
)

// loadBoard reads a board in the grid text format from testdata.
func loadBoard(t *testing.T, path string) *grid.Board {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := grid.Parse(f, path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestNewAtPlayedHeight: through a game (Options.Stood), a new letter on
// a square that stood bare is read one high, where the played tile's
// face is, not from the face of the stack beside it taken for this one's
// at another height. The scene (testdata/played) is turn 12 of game 3 of
// `eval-game --game upwords --games 6 --turns 16 --dims varied --print
// varied --centres varied --difficulty hard --seed 99300`: AGREE played
// at the far side of a steep view through R2 E E; the new G beside the A
// read as that A at height 5 (0.97) without newAtPlayedHeight.
func TestNewAtPlayedHeight(t *testing.T) {
	rd, err := ocr.ForUpwords()
	if err != nil {
		t.Skipf("no letter model: %v", err)
	}
	tests := []struct {
		name  string
		scene string
		pos   grid.Pos // a new tile on a square that stood bare
	}{
		{"a new G beside a new A, far side of a steep view", "g99300-3-12", grid.Pos{Row: 8, Col: 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join("testdata", "played")
			before := loadBoard(t, filepath.Join(dir, tc.scene+".before.txt"))
			after := loadBoard(t, filepath.Join(dir, tc.scene+".after.txt"))
			r, err := ScanUpwords(loadImage(t, filepath.Join(dir, tc.scene+".jpg")), Options{
				Reader: rd,
				Stood:  func(p grid.Pos) grid.Stack { return before.At(p) },
			})
			if err != nil {
				t.Fatal(err)
			}
			want, got := after.At(tc.pos), r.Board.At(tc.pos)
			if got != want {
				t.Errorf("%v: read %v, want %v", tc.pos, got, want)
			}
			// No stack that stood is read with another letter: the
			// history's squares are not disturbed.
			before.Each(func(p grid.Pos, s grid.Stack) {
				if s.Empty() {
					return
				}
				if g := r.Board.At(p); g.Letter != s.Letter && g.Letter != after.At(p).Letter {
					t.Errorf("%v: stood %v, is %v, read %v", p, s, after.At(p), g)
				}
			})
		})
	}
}
