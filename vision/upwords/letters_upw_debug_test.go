package upwords

import (
	"fmt"
	"image"
	"path/filepath"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// TestUpwordsLetterDiagnosis is a diagnostic, not a check: with
// TILESCOPE_UPW_DIAG=DIR (a render-set directory) it scans every scene
// with the Upwords reader (ocr.ForUpwords, as eval-scan reads) and
// prints every stack whose letter is wrong or taken for empty: the
// scan's reading, and what the main model, en-upw and their pool read
// on the scan's own crop at the board's angle, with the crop's edge
// spread.
func TestUpwordsLetterDiagnosis(t *testing.T) {
	dir := diagnosisSet(t, "TILESCOPE_UPW_DIAG")
	rd := upwordsReader(t)
	en, err := ocr.Default("en")
	if err != nil {
		t.Fatal(err)
	}
	m, err := ocr.LoadModel(ocr.SpecialistUpwords)
	if err != nil {
		t.Fatal(err)
	}
	up, err := ocr.NewClassifier(m)
	if err != nil {
		t.Fatal(err)
	}
	eachFound(t, dir, rd, func(path string, tr *vision.Truth, img image.Image, r *UpwordsReading, turned int) {
		n := tr.Board.Rows
		name := filepath.Base(path)
		for _, tc := range tr.Cells {
			if tc.Height == 0 {
				c := r.Cell(ourPos(grid.Pos{Row: tc.Row, Col: tc.Col}, turned, n))
				if c.Height == 0 && c.faint != nil {
					fmt.Printf("DIAG %s %v empty: faint (tile %.2f)\n", name, grid.Pos{Row: tc.Row, Col: tc.Col}, c.Tile)
				}
				continue
			}
			c := r.Cell(ourPos(grid.Pos{Row: tc.Row, Col: tc.Col}, turned, n))
			if c.Letter == tc.Letter {
				continue
			}
			if c.Height == 0 {
				fmt.Printf("DIAG %s %v %s: empty (tile %.2f, covered %v, faint %v)\n", name, grid.Pos{Row: tc.Row, Col: tc.Col}, tc.Letter, c.Tile, c.Covered, c.faint != nil)
				continue
			}
			face := letterCrop(img, c.Face, 64)
			kn := ocr.Known{Tile: true, HasAngle: true, Angle: float64(90 * r.Turned)}
			a, _ := en.(ocr.KnownReader).ReadKnown(face, kn)
			b, _ := up.ReadKnown(face, kn)
			p, _ := rd.ReadKnown(face, kn)
			sp, _ := ocr.EdgeSpread(face)
			fmt.Printf("DIAG %s %v %s: read %s %.2f sure %v | en %s %.2f upw %s %.2f pool %s %.2f | spread %.3f %s blur %.1f motion %.1f\n",
				name, grid.Pos{Row: tc.Row, Col: tc.Col}, tc.Letter, c.Letter, c.Conf, c.Sure, a.Letter, a.Conf, b.Letter, b.Conf, p.Letter, p.Conf,
				sp, tr.Conditions["difficulty"], num(tr.Conditions["blur_px"]), num(tr.Conditions["motion_px"]))
		}
	})
}
