package upwords

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestRegisterDiag prints, for every rendered scene in the directories
// named by TILESCOPE_REG_DIR (comma-separated; skipped without it), how
// far the board search's grid lies from the truth (the least of the
// truth's corners in the grid's squares), the walls' evidence
// (rowsWalls) of rows -2, -1, 0 and n-1, n, n+1 over the median inside
// row's, and the registration check's move. A grid found right (within
// 0.3 of a square) is also moved one and two rows or columns each way,
// with the check's answer for each ("V" lines): a tool for its
// thresholds.
func TestRegisterDiag(t *testing.T) {
	dirs := os.Getenv("TILESCOPE_REG_DIR")
	if dirs == "" {
		t.Skip("set TILESCOPE_REG_DIR to rendered sets")
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
		return fmt.Sprintf("M %.1f: %.2f %.2f %.2f .. %.2f %.2f %.2f", m, ev[0]/m, ev[1]/m, ev[2]/m, ev[n+1]/m, ev[n+2]/m, ev[n+3]/m)
	}
	for _, dir := range strings.Split(dirs, ",") {
		names, _ := filepath.Glob(filepath.Join(dir, "*.jpg"))
		for _, name := range names {
			tr, err := vision.LoadTruth(strings.TrimSuffix(name, ".jpg") + ".json")
			if err != nil || tr.Board == nil {
				continue
			}
			img := loadImage(t, name)
			p := vision.Luma(img)
			g, err := vision.FindGridWith(p, img, tr.Board.Rows, vision.SearchOptions{})
			if err != nil {
				t.Logf("%s: %v", name, err)
				continue
			}
			inv := g.H.Inverse()
			dx, dy := math.Inf(1), math.Inf(1)
			for _, c := range tr.Board.Corners {
				q := inv.Apply(vision.Point{X: c[0], Y: c[1]})
				dx, dy = math.Min(dx, q.X), math.Min(dy, q.Y)
			}
			_, dc, dr := registered(p, g)
			t.Logf("%s truth at %+.2f %+.2f | rows %s | cols %s | moved %d %d", name, dx, dy, walls(p, g, true), walls(p, g, false), dc, dr)
			if math.Abs(dx) >= 0.3 || math.Abs(dy) >= 0.3 {
				continue
			}
			for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {2, 0}, {-2, 0}, {0, 2}, {0, -2}} {
				gs := g.Shift(d[0], d[1])
				_, c, r := registered(p, gs)
				t.Logf("  V %s %+d%+d: %s | moved back by %+d%+d", name, d[0], d[1], walls(p, gs, d[1] != 0), c, r)
			}
		}
	}
}
