package pyramids

import (
	"image"
	"math"
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

// TestFaceHeads: the English reader's faces are read by two heads alike
// (en, en-blur); with the model trained on pyramid faces
// (Options.FaceModel) by en, that model, the grey model (en-pyrg) and the
// convolutional one (en-pyrc), the grey ones weighted greyWeight and
// cnnWeight and the other two sharing the rest as tileWeightModel says;
// a reader that is not ocr's classifier gets none.
func TestFaceHeads(t *testing.T) {
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		t.Fatal(err)
	}
	tile, ok := rd.(turnClassifier)
	if !ok {
		t.Fatalf("the English reader %T is not ocr's classifier", rd)
	}
	blur, err := ocr.LoadModel(ocr.SpecialistBlur)
	if err != nil {
		t.Fatal(err)
	}
	pyr, err := ocr.LoadModel(faceModel)
	if err != nil {
		t.Fatal(err)
	}
	grey, err := ocr.LoadModel(faceGreyModel)
	if err != nil {
		t.Fatal(err)
	}
	cnn, err := ocr.LoadModel(faceCNNModel)
	if err != nil {
		t.Fatal(err)
	}
	k := 1 - greyWeight - cnnWeight
	tests := []struct {
		name      string
		model     bool
		wantNotes []string
		wantW     []float64
	}{
		{"tile reader and en-blur", false, []string{tile.Model().Note, blur.Note}, []float64{0.5, 0.5}},
		{"tile reader, en-pyr, en-pyrg and en-pyrc", true, []string{tile.Model().Note, pyr.Note, grey.Note, cnn.Note}, []float64{k * tileWeightModel, k * (1 - tileWeightModel), greyWeight, cnnWeight}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			heads, withModel := faceHeads(rd, tc.model)
			if withModel != tc.model {
				t.Errorf("with the faces' model: %v, want %v", withModel, tc.model)
			}
			if len(heads) != len(tc.wantNotes) {
				t.Fatalf("%d heads, want %d", len(heads), len(tc.wantNotes))
			}
			sum := 0.0
			for i, h := range heads {
				if h.c.Model().Note != tc.wantNotes[i] {
					t.Errorf("head %d is %q, want %q", i, h.c.Model().Note, tc.wantNotes[i])
				}
				if math.Abs(h.w-tc.wantW[i]) > 1e-12 {
					t.Errorf("head %d weighs %v, want %v", i, h.w, tc.wantW[i])
				}
				sum += h.w
			}
			if math.Abs(sum-1) > 1e-12 {
				t.Errorf("the weights add up to %v, want 1", sum)
			}
		})
	}
	if heads, _ := faceHeads(readerFunc(nil), true); heads != nil {
		t.Error("a foreign reader got heads")
	}
}

type readerFunc func(image.Image) (ocr.Reading, error)

func (f readerFunc) Read(img image.Image) (ocr.Reading, error) { return f(img) }
