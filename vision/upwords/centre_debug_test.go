package upwords

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// TestCentreDiagnosis is a diagnostic, not a check: with
// TILESCOPE_CENTRE_DIAG=DIR it scans every scene eval-scan counts and
// prints one line per centre square: the truth, the reading, what
// dropCentrePrint weighed (the letter, its first reading, the face's
// chroma distance from the board's sure tiles' and the chroma itself),
// the print's chroma on the centre squares the truth has bare, and the
// best face score (faceEdge x faceFill) at the floor, one high, and the
// height where it is best.
func TestCentreDiagnosis(t *testing.T) {
	dir := os.Getenv("TILESCOPE_CENTRE_DIAG")
	if dir == "" {
		t.Skip("set TILESCOPE_CENTRE_DIAG to a render-set directory")
	}
	rd, err := ocr.ForUpwords()
	if err != nil {
		t.Skip(err)
	}
	fmt.Println("scene\tpos\twant\tgot\tpre\tconf\tconf0\tnoTile\tdist\tchroma\tprint\tfloorS\toneS\tbestH")
	eachScene(t, dir, func(path string, tr *vision.Truth) {
		res := EvalScene(path, tr, EvalOptions{Scan: Options{Reader: rd}})
		if !res.Found {
			return
		}
		img := loadImage(t, path)
		pre := map[grid.Pos]string{}
		debugCentre = func(c Cell, dist float64, refOK bool) {
			if !refOK {
				dist = -1
			}
			cb, cr, _ := faceChroma(img, c.Face)
			pre[c.Pos] = fmt.Sprintf("%s%d\t%.2f\t%.2f\t%v\t%.1f\t%.0f,%.0f", c.Letter, c.Height, c.Conf, c.conf0, c.noTile, dist, cb, cr)
		}
		r, err := ScanUpwords(img, Options{Size: tr.Board.Rows, Reader: rd})
		debugCentre = nil
		if err != nil {
			return
		}
		n := tr.Board.Rows
		truth := tr.TrueBoard()
		turned := truthTurn(r, tr)
		p := vision.Luma(img)
		var occ occluders
		pcb, pcr, pn := 0.0, 0.0, 0
		centres := []grid.Pos{{Row: n/2 - 1, Col: n/2 - 1}, {Row: n/2 - 1, Col: n / 2}, {Row: n / 2, Col: n/2 - 1}, {Row: n / 2, Col: n / 2}}
		for _, tp := range centres {
			if !truth.At(tp).Empty() {
				continue
			}
			cp := ourPos(tp, turned+r.Turned, n)
			if cb, cr, ok := faceChroma(img, faceQuad(&r.Pose, cp.Row, cp.Col, 0, UpwordsGeometry)); ok {
				pcb, pcr, pn = pcb+cb, pcr+cr, pn+1
			}
		}
		if pn > 0 {
			pcb, pcr = pcb/float64(pn), pcr/float64(pn)
		}
		for _, tp := range centres {
			op := ourPos(tp, turned, n)
			c := r.Cell(op)
			cp := ourPos(op, r.Turned, n)
			want := truth.At(tp)
			w := "."
			if !want.Empty() {
				w = fmt.Sprintf("%s%d", want.Letter, want.Height)
			}
			g := "."
			if c.Height > 0 {
				g = fmt.Sprintf("%s%d", c.Letter, c.Height)
			}
			floorS, oneS, bestH, bestS := -1.0, -1.0, 0.0, -1.0
			for h := -0.5; h <= 1.6; h += 0.1 {
				q := faceQuad(&r.Pose, cp.Row, cp.Col, h, UpwordsGeometry)
				s := -1.0
				for _, off := range [][2]float64{{0, 0}, {2, 0}, {-2, 0}, {0, 2}, {0, -2}} {
					var sq vision.Quad
					for k, v := range q {
						sq[k] = vision.Point{X: v.X + off[0], Y: v.Y + off[1]}
					}
					s = math.Max(s, faceEdge(p, &occ, sq)*faceFill(p, &occ, sq))
				}
				if h < 0.45 {
					floorS = math.Max(floorS, s)
				} else if h > 0.65 && h < 1.45 {
					oneS = math.Max(oneS, s)
				}
				if s > bestS {
					bestS, bestH = s, h
				}
			}
			pr, ok := pre[cp]
			if !ok {
				pr = "-\t\t\t\t\t"
			}
			pr += fmt.Sprintf("\tprint %.0f,%.0f", pcb, pcr)
			fmt.Printf("%s\t%v,%v\t%s\t%s\t%s\t%.1f\t%.1f\t%.2f\n", filepath.Base(path), tp.Row, tp.Col, w, g, pr, floorS, oneS, bestH)
		}
	})
}
