package scrabble

import (
	"image"
	"path/filepath"
	"testing"
)

// TestShakenPlace: a board shaken along a line is placed by its squares'
// colours (shakenPlace), not where the lines' search settled in the
// bands the shake smeared its printed lines into: its corners lie
// nearer the label's (main read the real 164048 0.44 of a square off,
// the rendered one 0.30). A sharp board is placed as found.
func TestShakenPlace(t *testing.T) {
	if testing.Short() {
		t.Skip("scans several photos")
	}
	if scrabbleBlurModel() == nil {
		t.Skip("no model trained on shaken squares in this binary")
	}
	for _, tc := range []struct {
		name  string
		photo func(t *testing.T) (image.Image, *Label)
		// maxOff: the most a found corner may lie from the label's, in squares
		maxOff float64
	}{
		{"real photo, shaken by the hand (164048)", func(t *testing.T) (image.Image, *Label) {
			img := loadImage(t, filepath.Join(sharedPhotos(t), "IMG_20141025_164048.jpg"))
			l, err := LoadLabel("testdata/real/IMG_20141025_164048.txt")
			if err != nil {
				t.Fatal(err)
			}
			return img, l
		}, 0.35},
		{"rendered board shaken 16 px (render-set seed 99070, scene 1)", func(t *testing.T) (image.Image, *Label) {
			return shakenScene(t, 9907000001, 16)
		}, 0.2},
		{"sharp photo (164052)", func(t *testing.T) (image.Image, *Label) {
			img := loadImage(t, "testdata/photos/IMG_20141025_164052.jpg")
			l, err := LoadLabel("testdata/real/IMG_20141025_164052.txt")
			if err != nil {
				t.Fatal(err)
			}
			return img, l
		}, 0.2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, l := tc.photo(t)
			res := EvalPhoto("photo", img, l, Options{Reader: reader(t)})
			if res.Err != "" {
				t.Fatal(res.Err)
			}
			if res.CornerErr > tc.maxOff {
				t.Errorf("corners %.2f of a square off the label's, want %.2f or less", res.CornerErr, tc.maxOff)
			}
		})
	}
}

// TestShakenPlaceOnce: a board placed again by its colours, or one
// partly out of view, is not placed again (the scan would otherwise
// place it round and round).
func TestShakenPlaceOnce(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    frame
	}{
		{"placed again already", frame{reset: true}},
		{"partly out of view", frame{unseen: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if nf := shakenPlace(&tc.f); nf != nil {
				t.Errorf("placed again: %+v", nf)
			}
		})
	}
}
