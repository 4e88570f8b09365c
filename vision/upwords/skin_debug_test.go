package upwords

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// TestOffColourDiag is a diagnostic, not a check: with
// TILESCOPE_SKIN_DIAG set to render-set directories (separated by
// commas) it scans every scene with coverOffColour's bound lifted (so
// nothing is covered for its colour) and writes one line per square read
// empty: the truth (a stack under a hand or not), whether it was read
// sure, its floor's distance from the bare board's colour and the
// scan's bare spread and bound (TILESCOPE_SKIN_OUT, else stdout).
func TestOffColourDiag(t *testing.T) {
	dirs := os.Getenv("TILESCOPE_SKIN_DIAG")
	if dirs == "" {
		t.Skip("set TILESCOPE_SKIN_DIAG to render-set directories")
	}
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		t.Skip(err)
	}
	out := os.Stdout
	if o := os.Getenv("TILESCOPE_SKIN_OUT"); o != "" {
		f, err := os.Create(o)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		out = f
	}
	was := skinOff
	skinOff = math.Inf(1)
	defer func() { skinOff = was }()
	fmt.Fprintln(out, "scene\trow\tcol\twant\toccluded\tsure\tcovered\ttile\twalls\toff\tspread\tbound")
	for _, dir := range strings.Split(dirs, ",") {
		eachScene(t, dir, func(path string, tr *vision.Truth) {
			var spread, bound float64
			debugOffColour = func(s, b float64) { spread, bound = s, b }
			r, err := ScanUpwords(loadImage(t, path), Options{Size: tr.Board.Rows, Reader: rd})
			debugOffColour = nil
			if err != nil {
				return
			}
			occluded := map[grid.Pos]bool{}
			for _, c := range tr.Cells {
				occluded[grid.Pos{Row: c.Row, Col: c.Col}] = c.Occluded
			}
			n := tr.Board.Rows
			turned := truthTurn(r, tr)
			tr.TrueBoard().Each(func(p grid.Pos, want grid.Stack) {
				c := r.Cell(ourPos(p, turned, n))
				if c.Height > 0 || !c.floor.ok {
					return
				}
				w := "."
				if !want.Empty() {
					w = want.String()
				}
				fmt.Fprintf(out, "%s/%s\t%d\t%d\t%s\t%v\t%v\t%v\t%.2f\t%.2f\t%.3f\t%.3f\t%.3f\n", filepath.Base(dir), filepath.Base(path), p.Row, p.Col, w, occluded[p], c.Sure, c.Covered, c.Tile, c.walls, c.offColour, spread, bound)
			})
		})
	}
}
