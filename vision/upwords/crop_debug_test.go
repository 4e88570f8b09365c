package upwords

import (
	"fmt"
	"image"
	"math"
	"sort"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// TestFaceCropDiagnosis is a diagnostic, not a check: with
// TILESCOPE_CROP_DIAG=DIR (a render-set directory) it scans every scene
// with the Upwords reader and measures, for every stack found, how far
// the face the letter was read from (Cell.Face) and that face located
// again by its outline (locateFace) lie from the true face (their
// centres apart, in the face's side), and how the reader (its specialist
// on a blurred crop) reads each crop and the true face's once, split by
// whether the crop is blurred (ocr.BlurSpread).
func TestFaceCropDiagnosis(t *testing.T) {
	dir := diagnosisSet(t, "TILESCOPE_CROP_DIAG")
	rd := upwordsReader(t)
	type tallyT struct {
		n, scanRight, faceRight, locRight, trueRight int
		dFace, dLoc                                  []float64
	}
	var tl [2]tallyT
	eachFound(t, dir, rd, func(path string, tr *vision.Truth, img image.Image, r *UpwordsReading, turned int) {
		n := tr.Board.Rows
		lp := vision.Luma(img)
		kn := ocr.Known{Tile: true, HasAngle: true, Angle: float64(90 * r.Turned)}
		for _, tc := range tr.Cells {
			if tc.Height == 0 {
				continue
			}
			c := r.Cell(ourPos(grid.Pos{Row: tc.Row, Col: tc.Col}, turned, n))
			if c.Height == 0 {
				continue
			}
			tf := trueFace(tc.Corners, c.Face)
			side := math.Hypot(tf[1].X-tf[0].X, tf[1].Y-tf[0].Y)
			tcn := tf.Centre()
			dist := func(q vision.Quad) float64 {
				qc := q.Centre()
				return math.Hypot(qc.X-tcn.X, qc.Y-tcn.Y) / side
			}
			face := letterCrop(img, c.Face, 64)
			sp, err := ocr.EdgeSpread(face)
			if err != nil {
				t.Fatal(err)
			}
			b := 0
			if sp >= ocr.BlurSpread {
				b = 1
			}
			x := &tl[b]
			x.n++
			x.dFace = append(x.dFace, dist(c.Face))
			loc := locateFace(lp, c.Face)
			x.dLoc = append(x.dLoc, dist(loc))
			if c.Letter == tc.Letter {
				x.scanRight++
			}
			read := func(q vision.Quad) ocr.Reading {
				cr := letterCrop(img, q, 64)
				var rk ocr.KnownReader = rd
				if s, ok, _ := rd.SpecialistFor(cr); ok {
					rk = s
				}
				g, _ := rk.ReadKnown(cr, kn)
				return g
			}
			g1, g3, g4 := read(c.Face), read(tf), read(loc)
			if g4.Letter == tc.Letter {
				x.locRight++
			}
			if g1.Letter == tc.Letter {
				x.faceRight++
			}
			if g3.Letter == tc.Letter {
				x.trueRight++
			}
			if c.Letter != tc.Letter || g4.Letter != g1.Letter {
				fmt.Printf("CROP %s %v %s h%d/%d: scan %s %.2f | face %s %.2f (%.2f) located %s %.2f (%.2f) true %s %.2f | spread %.3f\n",
					path, grid.Pos{Row: tc.Row, Col: tc.Col}, tc.Letter, c.Height, tc.Height, c.Letter, c.Conf,
					g1.Letter, g1.Conf, dist(c.Face), g4.Letter, g4.Conf, dist(loc), g3.Letter, g3.Conf, sp)
			}
		}
	})
	q := func(v []float64, f float64) float64 {
		if len(v) == 0 {
			return 0
		}
		s := append([]float64(nil), v...)
		sort.Float64s(s)
		return s[int(f*float64(len(s)-1))]
	}
	for b, name := range []string{"sharp", "blurred"} {
		x := tl[b]
		fmt.Printf("%s: %d stacks; scan right %d; one read at the face %d, located again %d, at the true face %d; centre off (side) face median %.3f p90 %.3f, located again median %.3f p90 %.3f\n",
			name, x.n, x.scanRight, x.faceRight, x.locRight, x.trueRight, q(x.dFace, 0.5), q(x.dFace, 0.9), q(x.dLoc, 0.5), q(x.dLoc, 0.9))
	}
}
