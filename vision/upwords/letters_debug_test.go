package upwords

import (
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/vision"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
)

// TestLetterDiagnosis is a diagnostic, not a check: with
// TILESCOPE_LETTER_DIAG=DIR (a render-set directory) it scans every scene
// and, for every stack whose letter the scan got wrong, reads the crop cut
// at the stack's true top face (the render's truth) too, and prints both
// readings, how far the scan's face was from the true one (in tile sides)
// and the scene's conditions. That separates the reader's mistakes from
// the crop's. With TILESCOPE_LETTER_DIAG_CROPS=DIR it also writes the
// scan's and the true crops of the misread stacks there.
func TestLetterDiagnosis(t *testing.T) {
	dir := diagnosisSet(t, "TILESCOPE_LETTER_DIAG")
	out := os.Getenv("TILESCOPE_LETTER_DIAG_CROPS")
	rd, err := ocr.Default("en")
	if err != nil {
		t.Fatal(err)
	}
	kr := rd.(ocr.KnownReader)
	var kinds = map[string]int{}
	stacks, wrong := 0, 0
	// Confidence of the scan's letters, right and wrong, by band.
	bands := []float64{0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 0.99, 1.01}
	rightBy := make([]int, len(bands))
	wrongBy := make([]int, len(bands))
	eachFound(t, dir, rd, func(path string, tr *vision.Truth, img image.Image, r *UpwordsReading, turned int) {
		n := tr.Board.Rows
		cond := tr.Conditions
		name := filepath.Base(path)
		for _, tc := range tr.Cells {
			if tc.Height == 0 {
				continue
			}
			op := ourPos(grid.Pos{Row: tc.Row, Col: tc.Col}, turned, n)
			c := r.Cell(op)
			if c.Height == 0 {
				continue // taken for empty: the cells' part
			}
			stacks++
			b := sort.SearchFloat64s(bands, c.Conf)
			if b >= len(bands) {
				b = len(bands) - 1
			}
			if c.Letter == tc.Letter {
				rightBy[b]++
				continue
			}
			wrongBy[b]++
			wrong++
			tf := trueFace(tc.Corners, c.Face)
			tside := math.Hypot(tf[1].X-tf[0].X, tf[1].Y-tf[0].Y)
			cs, ct := c.Face.Centre(), tf.Centre()
			off := math.Hypot(cs.X-ct.X, cs.Y-ct.Y) / tside
			face := letterCrop(img, tf, 64)
			plain, _ := rd.Read(face)
			known, _ := kr.ReadKnown(face, ocr.Known{Tile: true, HasAngle: true, Angle: float64(90 * r.Turned)})
			kind := "reader"
			if known.Letter == tc.Letter {
				kind = "crop"
			}
			kinds[kind]++
			fmt.Printf("%s %v %s: read %s %.2f (h %d, is %d, off %.2f) | true crop %s %.2f known %s %.2f | %s blur %.1f motion %.1f exp %.2f amb %.2f jpeg %v tilt %.0f side %.0fpx\n",
				name, grid.Pos{Row: tc.Row, Col: tc.Col}, tc.Letter, c.Letter, c.Conf, c.Height, tc.Height, off,
				plain.Letter, plain.Conf, known.Letter, known.Conf, kind,
				num(cond["blur_px"]), num(cond["motion_px"]), num(cond["exposure"]), num(cond["ambient"]), cond["jpeg_quality"], tr.Camera.TiltDeg, tside)
			if out != "" {
				base := fmt.Sprintf("%s_r%dc%d_%s_as_%s", strings.TrimSuffix(name, ".jpg"), tc.Row, tc.Col, tc.Letter, c.Letter)
				writePNG(t, filepath.Join(out, base+"_true.png"), face)
				writePNG(t, filepath.Join(out, base+"_scan.png"), letterCrop(img, c.Face, 64))
			}
		}
	})
	fmt.Printf("stacks read %d, letters wrong %d: %v\n", stacks, wrong, kinds)
	for i, b := range bands {
		fmt.Printf("conf < %.2f: right %d wrong %d\n", b, rightBy[i], wrongBy[i])
	}
}

// trueFace is a stack's true top face (corners, the render's truth), its
// corners in the order of the scan's face as read (the quarter turn
// nearest it), so that a crop of it stands as the scan's crop stands.
func trueFace(corners [4][2]float64, scan vision.Quad) vision.Quad {
	var q vision.Quad
	for i, cc := range corners {
		q[i] = vision.Point{X: cc[0], Y: cc[1]}
	}
	sh, bd := 0, math.Inf(1)
	for k := 0; k < 4; k++ {
		d := 0.0
		for i := 0; i < 4; i++ {
			d += math.Hypot(q[(i+k)%4].X-scan[i].X, q[(i+k)%4].Y-scan[i].Y)
		}
		if d < bd {
			bd, sh = d, k
		}
	}
	var tf vision.Quad
	for i := range tf {
		tf[i] = q[(i+sh)%4]
	}
	return tf
}

func num(v any) float64 {
	f, _ := v.(float64)
	return f
}

func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

// TestFaceOverlapDiagnosis is a diagnostic, not a check: with
// TILESCOPE_OVERLAP_DIAG=DIR (a render-set directory) it scans every scene
// in the camera's orientation and prints, for every stack found, the
// truth, the scan's reading, its height margin and the nearest other
// stack's face (centre distance in tile sides, its letter), and what the
// reader reads at every height (the main model, at the board's angle).
func TestFaceOverlapDiagnosis(t *testing.T) {
	dir := diagnosisSet(t, "TILESCOPE_OVERLAP_DIAG")
	rd, err := ocr.Default("en")
	if err != nil {
		t.Fatal(err)
	}
	kr := rd.(ocr.KnownReader)
	eachScene(t, dir, func(path string, tr *vision.Truth) {
		img := loadImage(t, path)
		r, err := ScanUpwords(img, Options{Size: tr.Board.Rows, Reader: rd, CameraOrientation: true})
		if err != nil {
			return
		}
		turned, _, found := matchGrid(tr, r.Corners)
		if !found {
			return
		}
		k, known := letterTurn(r.Cells)
		n := tr.Board.Rows
		name := filepath.Base(path)
		for _, tc := range tr.Cells {
			if tc.Height == 0 {
				continue
			}
			op := ourPos(grid.Pos{Row: tc.Row, Col: tc.Col}, turned, n)
			c := r.Cell(op)
			if c.Height == 0 {
				continue
			}
			side := math.Hypot(c.Face[1].X-c.Face[0].X, c.Face[1].Y-c.Face[0].Y)
			cc := c.Face.Centre()
			nd, nl, nh, nconf := math.Inf(1), "", 0, 0.0
			for _, o := range r.Cells {
				if o.Pos == c.Pos || o.Height == 0 {
					continue
				}
				oc := o.Face.Centre()
				if d := math.Hypot(oc.X-cc.X, oc.Y-cc.Y) / side; d < nd {
					nd, nl, nh, nconf = d, o.Letter, o.Height, o.Conf
				}
			}
			var hs []string
			for h := 1; h <= UpwordsGeometry.MaxStack; h++ {
				face := letterCrop(img, faceQuad(&r.Pose, op.Row, op.Col, float64(h), UpwordsGeometry), 64)
				got, _ := kr.ReadKnown(face, ocr.Known{Tile: true, HasAngle: known, Angle: float64(90 * k)})
				hs = append(hs, fmt.Sprintf("%s%.2f", got.Letter, got.Conf))
			}
			f1 := faceQuad(&r.Pose, op.Row, op.Col, 1, UpwordsGeometry).Centre()
			shift := math.Hypot(cc.X-f1.X, cc.Y-f1.Y) / side
			ok := "ok"
			if c.Letter != tc.Letter {
				ok = "WRONG"
			}
			fmt.Printf("OV %s %d,%d %s is %s%d read %s%d %.2f margin %.2f shift %.2f tilt %.0f | near %.2f %s%d %.2f | %s\n",
				ok, op.Row, op.Col, name, tc.Letter, tc.Height, c.Letter, c.Height, c.Conf, c.HeightOK, shift, tr.Camera.TiltDeg,
				nd, nl, nh, nconf, strings.Join(hs, " "))
		}
	})
}
