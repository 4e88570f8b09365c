package upwords

import (
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
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
	eachDiagScene(t, "TILESCOPE_REG_DIR", func(name string, img image.Image, tr *vision.Truth) {
		p := vision.Luma(img)
		g, err := vision.FindGridWith(p, img, tr.Board.Rows, vision.SearchOptions{})
		if err != nil {
			t.Logf("%s: %v", name, err)
			return
		}
		inv := g.H.Inverse()
		dx, dy := math.Inf(1), math.Inf(1)
		for _, c := range tr.Board.Corners {
			q := inv.Apply(vision.Point{X: c[0], Y: c[1]})
			dx, dy = math.Min(dx, q.X), math.Min(dy, q.Y)
		}
		_, dc, dr := registered(p, g)
		t.Logf("%s truth at %+.2f %+.2f | rows %s | cols %s | moved %d %d", name, dx, dy, wallsText(p, g, true, true), wallsText(p, g, false, true), dc, dr)
		if math.Abs(dx) >= 0.3 || math.Abs(dy) >= 0.3 {
			return
		}
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {2, 0}, {-2, 0}, {0, 2}, {0, -2}} {
			gs := g.Shift(d[0], d[1])
			_, c, r := registered(p, gs)
			t.Logf("  V %s %+d%+d: %s | moved back by %+d%+d", name, d[0], d[1], wallsText(p, gs, d[1] != 0, true), c, r)
		}
	})
}

// diagDirs are the folders of rendered sets a diagnostic test reads,
// named comma-separated by the environment variable env; the test is
// skipped without it.
func diagDirs(t *testing.T, env string) []string {
	t.Helper()
	dirs := os.Getenv(env)
	if dirs == "" {
		t.Skipf("set %s to rendered sets", env)
	}
	return strings.Split(dirs, ",")
}

// wallsText is the walls' evidence of the rows (columns, !rows) -2 to
// n+1 of the grid g (rowsWalls) over the median inside row's
// (innerWalls), for the diagnostic tests: every row's, or with ends the
// three at each end.
func wallsText(p vision.Plane, g vision.Grid, rows, ends bool) string {
	ev := rowsWalls(p, g, rows)
	m, k := innerWalls(ev)
	if k == 0 {
		return "no rows inside"
	}
	s := make([]string, len(ev))
	for i, v := range ev {
		s[i] = fmt.Sprintf("%.2f", v/m)
	}
	if ends {
		s = append(append(s[:3:3], ".."), s[len(s)-3:]...)
	}
	return fmt.Sprintf("M %.1f: %s", m, strings.Join(s, " "))
}

// eachDiagScene calls f with every rendered scene (its file, picture and
// truth) with a board in its truth, of the sets named by env (diagDirs).
func eachDiagScene(t *testing.T, env string, f func(name string, img image.Image, tr *vision.Truth)) {
	t.Helper()
	for _, dir := range diagDirs(t, env) {
		names, _ := filepath.Glob(filepath.Join(dir, "*.jpg"))
		for _, name := range names {
			tr, err := vision.LoadTruth(strings.TrimSuffix(name, ".jpg") + ".json")
			if err != nil || tr.Board == nil {
				continue
			}
			f(name, loadImage(t, name), tr)
		}
	}
}
