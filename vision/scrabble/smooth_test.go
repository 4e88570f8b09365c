package scrabble

import (
	"strings"
	"testing"

	"github.com/tilescope/tilescope/vision/render"
)

// emptyHardScene renders an empty board as the lead's empty hard sets
// draw it (render --state EMPTY --seed S --board EDITION --difficulty
// hard, the edition by the seed modulo 4).
func emptyHardScene(t *testing.T, seed int64) *render.Scene {
	t.Helper()
	o, err := render.RandomOptions(seed, "hard")
	if err != nil {
		t.Fatal(err)
	}
	o.FitGame("scrabble")
	o.Width, o.Height = 1640, 1232
	o.Edition = [...]string{"red", "white", "beige", "wooden"}[seed%4]
	row := strings.TrimSpace(strings.Repeat(". ", Size))
	state := strings.Repeat(row+"\n", Size)
	sc, err := render.Render("scrabble", []byte(state), o)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// TestHandWithoutBreach: a hand the board's border does not show apart
// (a pale hand over a beige board in dim light, a dark one over a
// white board's brown rim) is found by its smooth patch with no grid
// line through it; its squares are said covered, not read as a patch of
// tiles; a board with no hand has no square covered.
func TestHandWithoutBreach(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	rd := reader(t)
	for _, tc := range []struct {
		name string
		seed int64
		// most false tiles (all unsure); covered squares at least and at
		// most
		false, least, most int
	}{
		// 20 false tiles and 13 covered before
		{"pale hand over a beige board in dim light", 78002, 8, 20, 60},
		// the lead's example: 25 false tiles, nothing covered before
		{"dark hand over a white board's middle", 79202, 12, 20, 60},
		{"no hand", 78006, 0, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, l := photoOf(t, emptyHardScene(t, tc.seed))
			r, err := Scan(img, Options{Reader: rd})
			if err != nil {
				t.Fatal(err)
			}
			covered := 0
			for row := 0; row < Size; row++ {
				for col := 0; col < Size; col++ {
					if r.Covered[row][col] {
						covered++
						if r.Cells[row][col] != nil {
							t.Errorf("square %d,%d said covered and read as a tile", row, col)
						}
					}
					if c := r.Cells[row][col]; c != nil && c.Conf >= unsureConf {
						t.Errorf("empty square %d,%d read %q, sure (conf %.2f)", row, col, cellText(c), c.Conf)
					}
				}
			}
			res := EvalPhoto("scene", img, l, Options{Reader: rd})
			t.Logf("%d covered, %d false\n%s", covered, res.FalseTiles, r.Text())
			if !res.Found || res.FalseTiles > tc.false || covered < tc.least || covered > tc.most {
				t.Errorf("board found %v, %d false (at most %d), %d covered (want %d to %d)",
					res.Found, res.FalseTiles, tc.false, covered, tc.least, tc.most)
			}
		})
	}
}
