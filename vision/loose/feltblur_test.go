package loose

import (
	"errors"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"testing"

	"github.com/tilescope/tilescope/ocr"
)

// TestLettersFitFaces: where the typical letter comes out at least as
// large as the patches' side (a few large dark blobs, the table in a
// blurred crossword's pockets, outweigh the faint letters), the blobs of
// a size the faces hold are the letters when they are more than the
// first band's; the letters stay where they are smaller than the faces,
// where they are the many (a mask broken by glare, its patches smaller
// than the tiles) or where the blobs that fit are specks.
func TestLettersFitFaces(t *testing.T) {
	// blobs of size s, n of them, each of weight wt.
	blobs := func(s float64, n int, wt float64) ([]blob, []float64) {
		var bs []blob
		var ws []float64
		for i := 0; i < n; i++ {
			bs = append(bs, blob{x: float64(30 * i), y: s, size: s})
			ws = append(ws, wt)
		}
		return bs, ws
	}
	// lettersOf is what letterBlobs gives for the blobs: the weighted
	// median and its band.
	lettersOf := func(parts ...[]blob) func(ws ...[]float64) letters {
		return func(wss ...[]float64) letters {
			var all []blob
			var wt []float64
			for i := range parts {
				all = append(all, parts[i]...)
				wt = append(wt, wss[i]...)
			}
			typ := weightedMedian(all, wt)
			return letters{blobs: inLetterBand(all, typ, true), typical: typ, all: all, weights: wt}
		}
	}
	pockets, pw := blobs(25, 4, 120)
	faint, fw := blobs(9, 6, 20)
	few, fwf := blobs(9, 3, 20)
	letters12, lw := blobs(12, 10, 60)
	specks, sw := blobs(5, 6, 10)
	tiny, tw := blobs(4, 8, 10)
	for _, tc := range []struct {
		name    string
		lb      letters
		side    float64
		ok      bool
		typical float64 // when ok
	}{
		{"pockets outweigh faint letters on faces of 21.6", lettersOf(pockets, faint)(pw, fw), 21.6, true, 9},
		{"letters smaller than the faces stay", lettersOf(faint)(fw), 21.6, false, 0},
		{"too few blobs fit the faces", lettersOf(pockets, few)(pw, fwf), 21.6, false, 0},
		{"a broken mask's patches under many letters", lettersOf(letters12, specks)(lw, sw), 8, false, 0},
		{"specks too small for the faces", lettersOf(pockets, tiny)(pw, tw), 21.6, false, 0},
		{"no blobs kept (a face colour's own letters)", letters{blobs: pockets, typical: 25}, 21.6, false, 0},
		{"no side", lettersOf(pockets, faint)(pw, fw), 0, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := lettersFitFaces(tc.lb, tc.side, true)
			if ok != tc.ok {
				t.Fatalf("ok %v, want %v (typical %.1f)", ok, tc.ok, got.typical)
			}
			if !ok {
				if got.typical != tc.lb.typical || len(got.blobs) != len(tc.lb.blobs) {
					t.Errorf("letters changed to %.1f (%d) where they should stay %.1f (%d)", got.typical, len(got.blobs), tc.lb.typical, len(tc.lb.blobs))
				}
				return
			}
			if got.typical != tc.typical {
				t.Errorf("typical %.1f, want %.1f", got.typical, tc.typical)
			}
			for _, b := range got.blobs {
				if b.size > faceLetterMax*tc.side {
					t.Errorf("a blob of %.0f over the faces' %.1f kept as a letter", b.size, tc.side)
				}
			}
		})
	}
}

// TestBlurredFeltLetterSize: hard Lexicon tables on dark felt, blurred
// and moved, whose small tiles' letters are faint: a few blobs of the
// table in the crossword's pockets (25-29 px where the letters are about
// 9) set the letter size, the side was raised to 1.6 of it and the
// tiles were searched too coarse (4 of 14 and 1 of 11 found before).
// The letters the faces hold keep the patches' side.
func TestBlurredFeltLetterSize(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and scans a scene")
	}
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		t.Skip(err)
	}
	for _, tc := range []struct {
		name string
		seed int64
		min  int // tiles found on their outline, at least
	}{
		{"blurred felt, a cross of words", 95670, 7},
		{"blurred felt, turned 45 degrees", 95690, 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := scanHardLexicon(t, rd, tc.seed)
			if s.Matched < tc.min {
				t.Errorf("%d of %d tiles found on their outline (IoU >= 0.5), want %d at least", s.Matched, s.Truth, tc.min)
			}
		})
	}
}

// TestLettersFitFacesOnlyWhereUnfit: the search with the letters the
// faces hold is tried only where the first search's letters came out
// larger than its patches (tilesFound.unfit): not on the real photos of
// loose tiles, whose letters are smaller than their faces, and on the
// blurred felt table whose pockets set the letter size.
func TestLettersFitFacesOnlyWhereUnfit(t *testing.T) {
	if testing.Short() {
		t.Skip("scans photos")
	}
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		t.Skip(err)
	}
	opt := Options{Reader: rd, Lattice: true, UprightFromLetters: true}
	felt, _ := renderScene(t, "lexicon", "hard", 95690)
	for _, tc := range []struct {
		name  string
		img   func(t *testing.T) image.Image
		unfit bool
	}{
		{"real tiles, b1", photo("b1"), false},
		{"real tiles, b2", photo("b2"), false},
		{"real tiles, b3", photo("b3"), false},
		{"blurred felt 95690", func(*testing.T) image.Image { return felt }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := findTiles(tc.img(t), opt)
			if err != nil && !errors.Is(err, ErrNoTiles) {
				t.Fatal(err)
			}
			if f.unfit != tc.unfit {
				t.Errorf("unfit %v, want %v", f.unfit, tc.unfit)
			}
		})
	}
}

// photo opens testdata/bananagrams/images/NAME.jpg.
func photo(name string) func(t *testing.T) image.Image {
	return func(t *testing.T) image.Image {
		t.Helper()
		f, err := os.Open(filepath.Join("testdata", "bananagrams", "images", name+".jpg"))
		if err != nil {
			t.Skip(err)
		}
		defer f.Close()
		img, err := jpeg.Decode(f)
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
}
