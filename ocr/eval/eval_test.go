package eval

import (
	"bytes"
	"errors"
	"image"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/ocr/dataset"
)

// fake reads the crop's width as a letter index: a reader whose answers
// the test controls.
type fake struct{}

func (fake) Read(img image.Image) (ocr.Reading, error) {
	switch img.Bounds().Dx() {
	case 1:
		return ocr.Reading{Letter: "A", Conf: 0.95}, nil
	case 2:
		return ocr.Reading{Letter: "B", Conf: 0.5}, nil
	case 3:
		return ocr.Reading{}, errors.New("boom")
	}
	return ocr.Reading{Conf: 0.99}, nil
}

func crop(w int, letter string) dataset.Crop {
	return dataset.Crop{Name: letter, Image: image.NewGray(image.Rect(0, 0, w, 4)), Letter: letter}
}

func TestRun(t *testing.T) {
	crops := []dataset.Crop{
		crop(1, "A"), crop(1, "A"), // right
		crop(1, "N"), // sure and wrong
		crop(2, "N"), // unsure and wrong
		crop(3, "C"), // error
		crop(4, ""),  // no tile, right
	}
	r := Run("fake", fake{}, crops)
	if r.Total != 6 || r.Right != 3 || r.SureWrong != 1 || r.Errors != 1 {
		t.Fatalf("result %+v", r)
	}
	if got := r.PerLetter["N"]; got != [2]int{0, 2} {
		t.Errorf("per letter N %v", got)
	}
	var b bytes.Buffer
	r.Print(&b, 2)
	out := b.String()
	for _, want := range []string{"fake: 3/6 right = 50.00%", "wrong with conf >= 0.9: 1", "1 errors", ". 1/1 A 2/2 C 0/1 N 0/2", "confusions (truth->read): C->?error 1 N->A 1\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
}
