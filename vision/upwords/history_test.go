package upwords

import (
	"image"
	"os"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
)

// TestRereadHistory: a stack read at a height the game's history cannot
// give, its crop on another tile (a misjudged height), is read again at
// the heights the history allows: a new stack at one high, a stack that
// stood with its letter at the height it stood, a new tile one higher
// than its stack stood. A reading the history allows is left alone. A committed scene read as the camera sees it, then
// one of its stacks given a wrong height and letter as a steep view's
// misjudged face would.
func TestRereadHistory(t *testing.T) {
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		t.Skipf("no letter model: %v", err)
	}
	f, err := os.Open("testdata/scenes/upwords-0005.jpg")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	r, err := ScanUpwords(img, Options{Reader: rd, CameraOrientation: true})
	if err != nil {
		t.Fatal(err)
	}
	// A one-high stack read surely: the one the cases misread.
	var one Cell
	for _, c := range r.Cells {
		if c.Height == 1 && c.Conf >= 0.95 && c.Letter != "" && c.Letter != "?" {
			one = c
			break
		}
	}
	if one.Height == 0 {
		t.Fatal("no one-high stack read surely in the scene")
	}
	other, third := "Q", "J"
	if one.Letter == "Q" || one.Letter == "J" {
		other, third = "Z", "X"
	}
	tests := []struct {
		name   string
		read   grid.Stack // the misread given to the stack
		before grid.Stack // the history's stack there
		want   grid.Stack // after rereadHistory
	}{
		{"new stack read four high", grid.Stack{Letter: other, Height: 4}, grid.Stack{}, grid.Stack{Letter: one.Letter, Height: 1}},
		{"new stack read one high: left", grid.Stack{Letter: other, Height: 1}, grid.Stack{}, grid.Stack{Letter: other, Height: 1}},
		{"stood as it stands, read three high", grid.Stack{Letter: other, Height: 3}, grid.Stack{Letter: one.Letter, Height: 1}, grid.Stack{Letter: one.Letter, Height: 1}},
		{"a tile on a stack, one higher: left", grid.Stack{Letter: other, Height: 2}, grid.Stack{Letter: one.Letter, Height: 1}, grid.Stack{Letter: other, Height: 2}},
		{"its own letter at another height: left", grid.Stack{Letter: one.Letter, Height: 4}, grid.Stack{Letter: one.Letter, Height: 1}, grid.Stack{Letter: one.Letter, Height: 4}},
		{"a tile on a stack, read four high", grid.Stack{Letter: other, Height: 4}, grid.Stack{Letter: third, Height: 1}, grid.Stack{Letter: one.Letter, Height: 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cells := append([]Cell(nil), r.Cells...)
			i := one.Pos.Row*r.Board.Cols + one.Pos.Col
			cells[i].Letter, cells[i].Height, cells[i].Conf = tc.read.Letter, tc.read.Height, 1
			before := func(p grid.Pos) grid.Stack {
				if p == one.Pos {
					return tc.before
				}
				return r.Board.At(p)
			}
			if err := rereadHistory(img, cells, before, &r.Pose, UpwordsGeometry, 64, rd, 0, true); err != nil {
				t.Fatal(err)
			}
			if got := (grid.Stack{Letter: cells[i].Letter, Height: cells[i].Height}); got != tc.want {
				t.Errorf("%v: got %v, want %v", one.Pos, got, tc.want)
			}
			for j := range cells {
				if j != i && cells[j] != r.Cells[j] {
					t.Errorf("%v changed: the history allows its reading", cells[j].Pos)
				}
			}
		})
	}
}
