package upwords

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// TestUpwordsOccupancyMisses is a diagnostic, not a check: with
// TILESCOPE_OCC_MISS=DIR (a render-set directory) it scans every scene
// with the Upwords reader (as eval-scan reads) and prints each square
// whose occupancy is wrong (a stack read empty, an empty square read as
// a stack): what readCells saw (its evidence, the check that dropped it,
// the centre's mark), what the scan settled on (covered, sure), and
// what the reader reads where the true stack's top face is.
func TestUpwordsOccupancyMisses(t *testing.T) {
	dir := diagnosisSet(t, "TILESCOPE_OCC_MISS")
	rd := upwordsReader(t)
	eachScene(t, dir, func(path string, tr *vision.Truth) {
		img := loadImage(t, path)
		seen := map[grid.Pos]cellDiag{}
		debugCell = func(r, c int, d cellDiag, p vision.Plane, occ *occluders) {
			seen[grid.Pos{Row: r, Col: c}] = d
		}
		var centres []string
		debugCentre = func(c Cell, dist float64, refOK bool) {
			centres = append(centres, fmt.Sprintf("%v %s %.2f first %.2f noTile %v dist %.1f ref %v", c.Pos, c.Letter, c.Conf, c.conf0, c.noTile, dist, refOK))
		}
		r, err := ScanUpwords(img, Options{Size: tr.Board.Rows, Reader: rd})
		debugCell, debugCentre = nil, nil
		for _, s := range centres {
			fmt.Printf("CENTRE %s %s\n", filepath.Base(path), s)
		}
		if err != nil {
			return
		}
		turned, _, found := matchGrid(tr, r.Corners)
		if !found {
			return
		}
		n := tr.Board.Rows
		name := filepath.Base(path)
		truth := tr.TrueBoard()
		if os.Getenv("TILESCOPE_OCC_LOOK") != "" {
			var tcb, tcr, ecb, ecr []float64
			for _, c := range r.Cells {
				if c.Height > 0 && c.Conf >= SureConf {
					cb, cr, _ := faceChroma(img, c.Face)
					tcb, tcr = append(tcb, cb), append(tcr, cr)
				} else if c.Height == 0 && c.Sure && c.Tile < -0.3 {
					cb, cr, _ := faceChroma(img, c.Face)
					ecb, ecr = append(ecb, cb), append(ecr, cr)
				}
			}
			med := func(v []float64) float64 {
				if len(v) == 0 {
					return -1
				}
				w := append([]float64(nil), v...)
				sort.Float64s(w)
				return w[len(w)/2]
			}
			tb, tr2, eb, er := med(tcb), med(tcr), med(ecb), med(ecr)
			truth.Each(func(p grid.Pos, want grid.Stack) {
				op := ourPos(p, turned, n)
				c := r.Cell(op)
				if !(c.Height == 0 && c.Tile == 0 && c.overlaid) {
					return
				}
				cb, cr, _ := faceChroma(img, c.Face)
				fmt.Printf("LOOK %s %v tile=%v dT %.1f dE %.1f (tiles %.0f,%.0f n%d empties %.0f,%.0f n%d here %.0f,%.0f) walls %.2f\n", name, p, !want.Empty(),
					math.Hypot(cb-tb, cr-tr2), math.Hypot(cb-eb, cr-er), tb, tr2, len(tcb), eb, er, len(ecb), cb, cr, c.walls)
			})
		}
		truth.Each(func(p grid.Pos, want grid.Stack) {
			op := ourPos(p, turned, n)
			c := r.Cell(op)
			if want.Empty() == (c.Height == 0) {
				return
			}
			cp := op
			for i := 0; i < r.Turned; i++ {
				cp = grid.Pos{Row: n - 1 - cp.Col, Col: cp.Row}
			}
			d := seen[cp]
			what := "stack read empty"
			if want.Empty() {
				what = "empty read " + c.Letter
			}
			extra := ""
			if !want.Empty() {
				q := faceQuad(&r.Pose, cp.Row, cp.Col, float64(want.Height), UpwordsGeometry)
				got, _ := rd.Read(letterCrop(img, q, 64))
				extra = fmt.Sprintf(" | true face reads %q %.2f", got.Letter, got.Conf)
			}
			fmt.Printf("OCC %s %v want %s%d: %s tile %.2f (cells %.2f ev %.2f base %.2f top %.2f hidden %v marked %v dropped %q) covered %v overlaid %v walls %.2f unsureEmpty %v sure %v centre %v conf %.2f%s | %s blur %.1f motion %.1f\n",
				name, p, want.Letter, want.Height, what, c.Tile, d.final, d.ev, d.baseEv, d.topEv, d.floorHidden, d.marked, d.dropped,
				c.Covered, c.overlaid, c.walls, c.unsureEmpty, c.Sure, centreSquare(cp.Row, cp.Col, n), c.Conf, extra,
				tr.Conditions["difficulty"], num(tr.Conditions["blur_px"]), num(tr.Conditions["motion_px"]))
		})
	})
}
