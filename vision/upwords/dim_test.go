package upwords

import (
	"errors"
	"testing"

	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/render"
)

// TestDimBoardFound: a board on a dark table under a weak light (the
// picture's median grey 19 of 255, the board's walls a few grey levels
// above its floor) is found by the search brightened (dimGain), where
// the line and outline stages see no grid and the picture was refused
// as too dark. The camera of a rendered game (eval-game --seed 105401,
// game 2: hard, another maker's board and print), whose every photo
// was refused; the boards of two of its turns.
func TestDimBoardFound(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	o, err := render.VariedUpwordsGame(105401*1000+2, "hard")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		board string
	}{
		{"turn 2, six tiles", `
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . M E2 S H . .
. . . . . A . . . .
. . . . . R . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
`},
		{"turn 8, stacks three high", `
. . . . . . . . . .
. . . . . . . . . .
. . . . . B . . . .
. . . C L2 O3 V2 E2 R .
W I R E . N2 . . . .
. . . L A2 U2 N2 C H .
. . . . . S . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sc, err := render.Render("upwords", []byte(tc.board[1:]), o)
			if err != nil {
				t.Fatal(err)
			}
			img, err := sc.Photo()
			if err != nil {
				t.Fatal(err)
			}
			r, err := ScanUpwords(img, Options{})
			if err != nil {
				t.Fatalf("the dim photo: %v, want the board found", err)
			}
			var truth vision.Quad
			for i, c := range sc.Truth.Board.Corners {
				truth[i] = vision.Point{X: c[0], Y: c[1]}
			}
			nearTruth(t, r.Corners, truth)
		})
	}
	// The same camera and light aimed at the table a metre beside the
	// board: still no board (too dark, as before), not a grid found in
	// the table's grain.
	t.Run("the table beside the board", func(t *testing.T) {
		e := o
		e.ShiftX = 1000
		sc, err := render.Render("upwords", []byte(tests[0].board[1:]), e)
		if err != nil {
			t.Fatal(err)
		}
		img, err := sc.Photo()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ScanUpwords(img, Options{}); !errors.Is(err, vision.ErrNoBoard) && !errors.Is(err, vision.ErrTooDark) {
			t.Fatalf("no board on the table: %v, want no board or too dark", err)
		}
	})
}
