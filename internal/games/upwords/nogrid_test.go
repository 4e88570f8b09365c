package upwords

import (
	"errors"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/render"
	vupw "github.com/tilescope/tilescope/vision/upwords"
)

// noGridBefore is the board after turn 4 of a rendered game (eval-game
// --seed 102602, game 2; hard, another maker's board and print); turn 5
// puts A and G on (6,5) and (6,6), and its photo's search finds no grid
// (its lines too faint among the tall stacks), the camera not moved.
const noGridBefore = `
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
`

// TestScanNoGridFound: through a game, a photo whose search finds no
// whole grid is read on the last good grid (the camera has not moved)
// when the stacks standing read as they stood; with no last grid, or a
// board before that the photo does not show, it is still no board, or
// a grid found with a quarter of the board left out (the search's
// hidden look) with none of its squares sure.
func TestScanNoGridFound(t *testing.T) {
	if testing.Short() {
		t.Skip("renders two photos")
	}
	o, err := render.VariedUpwordsGame(102602*1000+2, "hard")
	if err != nil {
		t.Fatal(err)
	}
	before, err := grid.Parse(strings.NewReader(strings.TrimSpace(noGridBefore)+"\n"), "test")
	if err != nil {
		t.Fatal(err)
	}
	after := before.Clone()
	after.Set(grid.Pos{Row: 6, Col: 5}, grid.Stack{Letter: "A", Height: 1})
	after.Set(grid.Pos{Row: 6, Col: 6}, grid.Stack{Letter: "G", Height: 1})
	_, first := renderBoard(t, before, o)
	_, second := renderBoard(t, after, o)
	_, opt, _ := scanCommittedScene(t)
	last, err := vupw.ScanUpwords(first, opt)
	if err != nil {
		t.Fatalf("the first photo: %v", err)
	}
	if alone, err := vupw.ScanUpwords(second, opt); !errors.Is(err, vision.ErrNoBoard) && !hiddenNothingSure(alone, err) {
		t.Fatalf("the second photo alone: %v, want no board found, or a grid found with a quarter left out and nothing sure", err)
	}
	testOnLastGrid(t, second, opt, last.Found, before, after, vision.ErrNoBoard)
}
