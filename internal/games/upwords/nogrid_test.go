package upwords

import (
	"errors"
	"image"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/render"
	vupw "github.com/tilescope/tilescope/vision/upwords"
)

// noGridGame is two turns of a rendered game (eval-game --seed 102602,
// game 2, turns 4 and 5; hard, another maker's board and print) whose
// second photo's search finds no grid (its lines too faint among the
// tall stacks), the camera not having moved.
var noGridGame = []string{`
. . . . . . S . . .
. . . . . . H . . .
. . . . . Y E A R .
. . . . . . L . . .
. . . . . A L2 S2 . .
. . . . . . . C . .
. . . . . . . O . .
. . . . . . . R . .
. . . . . . . E . .
. . . . . . . . . .
`, `
. . . . . . S . . .
. . . . . . H . . .
. . . . . Y E A R .
. . . . . . L . . .
. . . . . A L2 S2 . .
. . . . . . . C . .
. . . . . A G O . .
. . . . . . . R . .
. . . . . . . E . .
. . . . . . . . . .
`}

// TestScanNoGridFound: through a game, a photo whose search finds no
// grid is read on the last good grid (the camera has not moved) when
// the stacks standing read as they stood; with no last grid, or a board
// before that the photo does not show, it is still no board.
func TestScanNoGridFound(t *testing.T) {
	if testing.Short() {
		t.Skip("renders two photos")
	}
	seed := int64(102602*1000 + 2)
	o, err := render.RandomOptions(seed, "hard")
	if err != nil {
		t.Fatal(err)
	}
	o.FitGame("upwords")
	o.Hand = false
	o.UpwordsDims = render.VariedUpwordsDims(seed)
	p := render.RandomUpwordsPrint(seed)
	o.UpwordsPrint = &p
	o.UpwordsCentre = render.UpwordsCentres[int(uint64(seed)*0x9e3779b97f4a7c15>>59)%len(render.UpwordsCentres)]
	o.FitUpwords(10) // the camera moved to fit this maker's board
	var imgs []image.Image
	var boards []*grid.Board
	for _, spec := range noGridGame {
		b, err := grid.Parse(strings.NewReader(strings.TrimSpace(spec)+"\n"), "test")
		if err != nil {
			t.Fatal(err)
		}
		sc, err := render.Render("upwords", []byte(b.String()), o)
		if err != nil {
			t.Fatal(err)
		}
		img, err := sc.Photo()
		if err != nil {
			t.Fatal(err)
		}
		imgs, boards = append(imgs, img), append(boards, b)
	}
	_, opt, _ := scanCommittedScene(t)
	last, err := vupw.ScanUpwords(imgs[0], opt)
	if err != nil {
		t.Fatalf("the first photo: %v", err)
	}
	if _, err := vupw.ScanUpwords(imgs[1], opt); !errors.Is(err, vision.ErrNoBoard) {
		t.Fatalf("the second photo alone: %v, want no board found", err)
	}
	other := grid.New(10, 10)
	other.Set(grid.Pos{Row: 0, Col: 0}, grid.Stack{Letter: "Q", Height: 1})
	other.Set(grid.Pos{Row: 9, Col: 9}, grid.Stack{Letter: "Z", Height: 1})
	tests := []struct {
		name   string
		last   *vision.Grid
		before *grid.Board
		ok     bool
	}{
		{"last good grid, board as it stood", &last.Found, boards[0], true},
		{"no last grid", nil, boards[0], false},
		{"no board before", &last.Found, nil, false},
		{"board before not what shows", &last.Found, other, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Scan(imgs[1], opt, tc.last, tc.before)
			if !tc.ok {
				if !errors.Is(err, vision.ErrNoBoard) {
					t.Errorf("got %v, want no board found", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if straightCorners(got.Found) != straightCorners(last.Found) {
				t.Errorf("read on another grid")
			}
			if changed := changedStacks(got.Board, boards[1]); changed > 0 {
				t.Errorf("%d stacks read otherwise than they stand:\n%s", changed, got.Board)
			}
		})
	}
}
