package pyramids

import (
	"image"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
)

// TestFaceCrops cuts the faces of the stored normal scene at the truth's
// stack counts: every pyramid in view gives the faces the scan reads
// (one to four, the largest weighing 1), crops of the size asked for,
// and a square with no count gives none; a picture with no board is the
// error Scan gives.
func TestFaceCrops(t *testing.T) {
	path := filepath.Join("testdata", "scenes", "normal.jpg")
	tr, err := loadTruth(path)
	if err != nil {
		t.Fatal(err)
	}
	img, err := loadImage(path)
	if err != nil {
		t.Fatal(err)
	}
	heights := map[grid.Pos]int{}
	for _, c := range tr.Cells {
		if c.Height > 0 && !c.Occluded {
			heights[grid.Pos{Row: c.Row, Col: c.Col}] = c.Height
		}
	}
	crops, err := FaceCrops(img, Options{CropSize: 40}, func(p grid.Pos) []int {
		if k, ok := heights[p]; ok {
			return []int{k}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	faces := map[grid.Pos][]FaceCrop{}
	for _, c := range crops {
		if b := c.Image.Bounds(); b.Dx() != 40 || b.Dy() != 40 {
			t.Fatalf("%v face %d: crop %v, want 40x40", c.Pos, c.Face, b)
		}
		if c.Height != heights[c.Pos] {
			t.Errorf("%v: cut at %d, want %d", c.Pos, c.Height, heights[c.Pos])
		}
		faces[c.Pos] = append(faces[c.Pos], c)
	}
	for p := range heights {
		fs := faces[p]
		if len(fs) < 1 || len(fs) > 4 {
			t.Errorf("%v: %d faces, want 1..4", p, len(fs))
			continue
		}
		if !slices.ContainsFunc(fs, func(c FaceCrop) bool { return c.Weight == 1 }) {
			t.Errorf("%v: no face weighs 1", p)
		}
		for _, c := range fs {
			if c.Weight < minFaceWeight || c.Weight > 1 {
				t.Errorf("%v face %d: weight %.3f out of [%.2f, 1]", p, c.Face, c.Weight, minFaceWeight)
			}
		}
	}
	if len(faces) != len(heights) {
		t.Errorf("%d squares cut, want %d", len(faces), len(heights))
	}
	blank := image.NewRGBA(image.Rect(0, 0, 320, 240))
	for i := range blank.Pix {
		blank.Pix[i] = 200
	}
	_, want := Scan(blank, Options{})
	if _, err := FaceCrops(blank, Options{}, func(grid.Pos) []int { return []int{1} }); err == nil || want == nil || err.Error() != want.Error() {
		t.Errorf("blank picture: err = %v, want Scan's %v", err, want)
	}
}

// TestFaceHeads: the English reader's faces are read by two heads (en,
// en-blur), three with the model trained on pyramid faces
// (Options.FaceModel); a reader that is not ocr's classifier gets none.
func TestFaceHeads(t *testing.T) {
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(faceHeads(rd, false)); n != 2 {
		t.Errorf("%d heads without the faces' model, want 2", n)
	}
	heads := faceHeads(rd, true)
	if len(heads) != 3 {
		t.Fatalf("%d heads, want 3 (en, en-blur, %s)", len(heads), faceModel)
	}
	pyr, err := ocr.LoadModel(faceModel)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(heads, func(h turnClassifier) bool { return h.Model().Note == pyr.Note }) {
		t.Errorf("no head is %s (%q)", faceModel, pyr.Note)
	}
	if faceHeads(readerFunc(nil), true) != nil {
		t.Error("a foreign reader got heads")
	}
}

type readerFunc func(image.Image) (ocr.Reading, error)

func (f readerFunc) Read(img image.Image) (ocr.Reading, error) { return f(img) }
