package scrabble

import (
	"fmt"
	"strings"
	"testing"
)

// TestPremiumOverGrid: a grid the search finds that the premium layout
// does not vouch for (a lattice of the board's pitch taking in the rack
// along its border, squares off) gives way to the board the premium
// squares place; a grid the layout places clearly stays. Scenes of
// render-set --game scrabble --difficulty hard --scr-print mixed --seed
// 112801 (tuning).
func TestPremiumOverGrid(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	rd := reader(t)
	for _, tc := range []struct {
		name string
		seed int64
	}{
		{"a wooden board, its rack along the lower border, a hand", 11280100020},
		{"a white board placed clearly by its grid", 11280100000},
		{"a red board placed clearly by its grid", 11280100005},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, l, _ := handSceneAs(t, tc.seed, "hard", "mixed", false, 0)
			res := EvalPhoto(fmt.Sprint(tc.seed), img, l, Options{Reader: rd})
			if res.Err != "" {
				t.Fatalf("scan: %s", res.Err)
			}
			if !res.Found {
				t.Errorf("the board placed %.2f of a square off at a corner, want under 0.5", res.CornerErr)
			}
			if res.TilesFound < res.Tiles*9/10 {
				t.Errorf("%d of %d tiles found, want nine in ten or more", res.TilesFound, res.Tiles)
			}
			for _, m := range res.Mistakes {
				if strings.Contains(m, ": . read ") && strings.HasSuffix(m, " sure") {
					t.Errorf("an empty square read as a tile, sure: %s", m)
				}
			}
		})
	}
}
