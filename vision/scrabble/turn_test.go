package scrabble

import (
	"image"
	"testing"

	"github.com/tilescope/tilescope/ocr"
)

// TestTurnAlike: the letter pairs whose two reads (any way up, then
// upright) may differ without the reading being in doubt.
func TestTurnAlike(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"N", "Z", true}, {"Z", "N", true}, {"M", "W", true}, {"W", "M", true},
		{"C", "U", true}, {"L", "T", true}, {"V", "L", true},
		{"E", "F", false}, {"O", "D", false}, {"A", "", false}, {"", "", false},
	} {
		t.Run(tc.a+"-"+tc.b, func(t *testing.T) {
			if got := turnAlike(tc.a, tc.b); got != tc.want {
				t.Errorf("turnAlike(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
			}
		})
	}
}

// faintReader is the real reader whose upright reads (told the angle)
// find no letter sure at all: as on a blank whose face pattern passed
// the contrast test.
type faintReader struct{ *ocr.Classifier }

func (f faintReader) ReadKnown(m image.Image, k ocr.Known) (ocr.Reading, error) {
	r, err := f.Classifier.ReadKnown(m, k)
	if k.HasAngle {
		r.Conf = 0.05
	}
	return r, err
}

func (f faintReader) ReadVote(ms []image.Image, k ocr.Known) (ocr.Reading, error) {
	r, err := f.Classifier.ReadVote(ms, k)
	if k.HasAngle {
		r.Conf = 0.05
	}
	return r, err
}

// TestNoLetterIsABlank: a tile on which no letter reaches noLetterConf
// upright is a blank, and the reading says it is not sure of it.
func TestNoLetterIsABlank(t *testing.T) {
	c, err := ocr.Default(ocr.English)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Scan(loadImage(t, "testdata/photos/IMG_20141025_164044.jpg"), Options{Reader: faintReader{c.(*ocr.Classifier)}})
	if err != nil {
		t.Fatal(err)
	}
	tiles := r.Tiles()
	if len(tiles) == 0 {
		t.Fatal("no tiles read")
	}
	for _, tl := range tiles {
		if !tl.Blank || tl.Letter != "" || tl.Conf >= unsureConf {
			t.Errorf("%d,%d: letter %q blank %v conf %.2f: want an unsure blank", tl.Row, tl.Col, tl.Letter, tl.Blank, tl.Conf)
		}
	}
}
