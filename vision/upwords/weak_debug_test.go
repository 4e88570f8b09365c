package upwords

import (
	"errors"
	"image"
	"os"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestWeakGridDiag prints, for every rendered scene in the sets named by
// TILESCOPE_WEAK_DIR (comma-separated; skipped without it) whose board
// search ends in a weak grid (vision.WeakGridError), where the truth's
// corners fall on that grid and the walls' evidence of its rows and
// columns, and the same for the grid moved by a row or a column each
// way: a tool for judging a weak grid by the board's own walls.
func TestWeakGridDiag(t *testing.T) {
	// With TILESCOPE_WEAK_ALL set, every grid found (weak or not) is
	// judged too, and the grids found right moved a row or a column each
	// way: how many right grids the walls vouch for, and how many moved.
	all := os.Getenv("TILESCOPE_WEAK_ALL") != ""
	right, rightVouched, moved, movedVouched := 0, 0, 0, 0
	defer func() {
		if all {
			t.Logf("grids found right: %d, vouched for %d; moved a row or a column: %d, vouched for %d", right, rightVouched, moved, movedVouched)
		}
	}()
	eachDiagScene(t, "TILESCOPE_WEAK_DIR", func(name string, img image.Image, tr *vision.Truth) {
		p := vision.Luma(img)
		found, err := vision.FindGridWith(p, img, tr.Board.Rows, vision.SearchOptions{})
		var weak *vision.WeakGridError
		isWeak := errors.As(err, &weak)
		if all && err == nil && cornerOff(found, tr) < 0.25 {
			right++
			if why := wallsRefusal(p, found); why == "" {
				rightVouched++
				t.Logf("%s: right grid vouched for", name)
			} else {
				t.Logf("%s: right grid refused: %s", name, why)
			}
			for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				moved++
				if wallsVouch(p, found.Shift(d[0], d[1])) {
					movedVouched++
					t.Logf("%s: grid moved %v vouched for", name, d)
				}
			}
		}
		if !isWeak {
			return
		}
		g := weak.Grid
		worst := cornerOff(g, tr)
		_, dc, dr := registered(p, g)
		t.Logf("%s weak %.2f worst corner %.2f sq | moved %+d%+d vouch %q\n   rows %s\n   cols %s", name, g.Score, worst, dc, dr, wallsRefusal(p, g), wallsText(p, g, true, false), wallsText(p, g, false, false))
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			gs := g.Shift(d[0], d[1])
			_, c, r := registered(p, gs)
			t.Logf("  V %+d%+d: %s | moved back by %+d%+d vouch %v", d[0], d[1], wallsText(p, gs, d[1] != 0, false), c, r, wallsVouch(p, gs))
		}
	})
}
