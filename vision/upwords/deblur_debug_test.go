package upwords

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// TestDeblurDiagnosis is a diagnostic, not a check: with
// TILESCOPE_DEBLUR_DIAG=DIR (a render-set directory) it scans every
// scene as eval-scan reads it and reads each stack found at its true
// height whose crop is blurred (ocr.BlurSpread) with the reader's
// specialist for blurred crops, as cut and pooled with the crop
// deconvolved (deblurReader), and prints the letters each reads right
// and sure (SureConf) and wrong, over every such stack and over those of
// scenes drawn with 2.5 px of defocus or more, and each stack the two
// read differently. With TILESCOPE_DEBLUR_SAVE=DIR it writes those
// stacks' crops there (how testdata/deblur was cut).
func TestDeblurDiagnosis(t *testing.T) {
	dir := diagnosisSet(t, "TILESCOPE_DEBLUR_DIAG")
	save := os.Getenv("TILESCOPE_DEBLUR_SAVE")
	rd := upwordsReader(t)
	spec, ok, err := rd.SpecialistFor(blurredCrop)
	if err != nil || !ok {
		t.Fatalf("the Upwords reader has no specialist for blurred crops (%v)", err)
	}
	// by way (as cut, deconvolved and pooled), by all and heavy: right,
	// sure and wrong
	var right, sureWrong [2][2]int
	var n [2]int
	eachFound(t, dir, rd, func(path string, tr *vision.Truth, img image.Image, r *UpwordsReading, turned int) {
		name := strings.TrimSuffix(filepath.Base(path), ".jpg")
		kn := ocr.Known{Tile: true, HasAngle: true, Angle: float64(90 * r.Turned)}
		heavy := num(tr.Conditions["blur_px"]) >= 2.5
		for _, tc := range tr.Cells {
			if tc.Height == 0 {
				continue
			}
			c := r.Cell(ourPos(grid.Pos{Row: tc.Row, Col: tc.Col}, turned, tr.Board.Rows))
			if c.Height != tc.Height {
				continue
			}
			face := letterCrop(img, c.Face, 64)
			spread, err := ocr.EdgeSpread(face)
			if err != nil {
				t.Fatal(err)
			}
			if spread < ocr.BlurSpread {
				continue
			}
			var got [2]ocr.Reading
			if got[0], err = spec.ReadKnown(face, kn); err != nil {
				t.Fatal(err)
			}
			if got[1], err = (deblurReader{spec}).ReadKnown(face, kn); err != nil {
				t.Fatal(err)
			}
			for b := 0; b < 2; b++ {
				if b == 1 && !heavy {
					continue
				}
				n[b]++
				for w, g := range got {
					if g.Letter == tc.Letter {
						right[w][b]++
					} else if g.Conf >= SureConf {
						sureWrong[w][b]++
					}
				}
			}
			if (got[0].Letter == tc.Letter) == (got[1].Letter == tc.Letter) {
				continue
			}
			fmt.Printf("DEBLUR %s %v %s: as cut %s %.2f, deconvolved %s %.2f (spread %.3f, blur %.1f px)\n", name,
				grid.Pos{Row: tc.Row, Col: tc.Col}, tc.Letter, got[0].Letter, got[0].Conf, got[1].Letter, got[1].Conf, spread, num(tr.Conditions["blur_px"]))
			if save != "" {
				fn := fmt.Sprintf("%s-%s-r%dc%d-%s-k%d.png", filepath.Base(dir), name, tc.Row, tc.Col, tc.Letter, r.Turned)
				writePNG(t, filepath.Join(save, fn), face)
			}
		}
	})
	fmt.Printf("blurred stacks at their true height: %d (%d in scenes of 2.5 px or more)\n", n[0], n[1])
	for w, way := range []string{"as cut", "deconvolved and pooled"} {
		fmt.Printf("specialist, %s: right %d (%d), sure and wrong %d (%d)\n", way, right[w][0], right[w][1], sureWrong[w][0], sureWrong[w][1])
	}
}
