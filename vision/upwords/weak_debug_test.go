package upwords

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
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
	dirs := os.Getenv("TILESCOPE_WEAK_DIR")
	if dirs == "" {
		t.Skip("set TILESCOPE_WEAK_DIR to rendered sets")
	}
	walls := func(p vision.Plane, g vision.Grid, rows bool) string {
		n := g.N
		ev := rowsWalls(p, g, rows)
		inner := slices.DeleteFunc(slices.Clone(ev[3:n+1]), math.IsNaN)
		if len(inner) == 0 {
			return "no rows inside"
		}
		slices.Sort(inner)
		m := inner[len(inner)/2]
		s := make([]string, len(ev))
		for i, v := range ev {
			s[i] = fmt.Sprintf("%.2f", v/m)
		}
		return fmt.Sprintf("M %.1f: %s", m, strings.Join(s, " "))
	}
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
	for _, dir := range strings.Split(dirs, ",") {
		names, _ := filepath.Glob(filepath.Join(dir, "*.jpg"))
		for _, name := range names {
			tr, err := vision.LoadTruth(strings.TrimSuffix(name, ".jpg") + ".json")
			if err != nil || tr.Board == nil {
				continue
			}
			img := loadImage(t, name)
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
				continue
			}
			g := weak.Grid
			worst := cornerOff(g, tr)
			_, dc, dr := registered(p, g)
			t.Logf("%s weak %.2f worst corner %.2f sq | moved %+d%+d vouch %q\n   rows %s\n   cols %s", name, g.Score, worst, dc, dr, wallsRefusal(p, g), walls(p, g, true), walls(p, g, false))
			for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				gs := g.Shift(d[0], d[1])
				_, c, r := registered(p, gs)
				t.Logf("  V %+d%+d: %s | moved back by %+d%+d vouch %v", d[0], d[1], walls(p, gs, d[1] != 0), c, r, wallsVouch(p, gs))
			}
		}
	}
}

// cornerOff is how far, in squares of the grid g, the truth's board
// corner farthest from any of g's corners lies from the nearest.
func cornerOff(g vision.Grid, tr *vision.Truth) float64 {
	inv := g.H.Inverse()
	nf := float64(g.N)
	worst := 0.0
	for _, c := range tr.Board.Corners {
		q := inv.Apply(vision.Point{X: c[0], Y: c[1]})
		near := math.Inf(1)
		for _, k := range []vision.Point{{X: 0, Y: 0}, {X: nf, Y: 0}, {X: nf, Y: nf}, {X: 0, Y: nf}} {
			near = math.Min(near, math.Hypot(q.X-k.X, q.Y-k.Y))
		}
		worst = math.Max(worst, near)
	}
	return worst
}
