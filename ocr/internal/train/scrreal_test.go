package main

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/vision"
	vscr "github.com/tilescope/tilescope/vision/scrabble"
)

// TestTuningLabels: only the tuning half's labels are listed, whatever
// else the folder holds; a folder without one is an error.
func TestTuningLabels(t *testing.T) {
	for _, tc := range []struct {
		name    string
		files   []string
		want    []string
		wantErr bool
	}{
		{"both halves", []string{"IMG_20141025_163929.txt", "IMG_20141025_163920.txt", "IMG_20141025_164048.txt", "IMG_20141025_165313.txt"},
			[]string{"IMG_20141025_163920.txt", "IMG_20141025_165313.txt"}, false},
		{"held-out half only", []string{"IMG_20141025_163929.txt", "IMG_20141025_164048.txt"}, nil, true},
		{"a tuning photo's picture, no label", []string{"IMG_20141025_163920.jpg"}, nil, true},
		{"empty folder", nil, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, f := range tc.files {
				if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			got, err := tuningLabels(dir)
			if (err != nil) != tc.wantErr {
				t.Fatalf("tuningLabels: err %v, want an error: %v", err, tc.wantErr)
			}
			for i := range got {
				got[i] = filepath.Base(got[i])
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("tuningLabels = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestRealSquares cuts the real tuning photos once a square: the counts
// are the tuning half's (84 lettered tiles, the blanks left out), every
// sample is a square's view with its label's glyph, and the same seed
// cuts the same samples.
func TestRealSquares(t *testing.T) {
	photos := filepath.Join("..", "..", "..", "..", "shared", "data", "photos", "scrabble-board")
	if d := os.Getenv("TILESCOPE_SHARED"); d != "" {
		photos = filepath.Join(d, "data", "photos", "scrabble-board")
	}
	if _, err := os.Stat(photos); err != nil {
		t.Skipf("no real Scrabble photos: %v", err)
	}
	labels := filepath.Join("..", "..", "..", "vision", "scrabble", "testdata", "real")
	_, index, err := glyphIndex(ocr.English)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name             string
		tileCuts, empty  int
		plain            float64
		wantTiles, wantE int // wantE < 0: not checked
	}{
		{"tiles only", 1, 0, 0, 84, 0},
		{"tiles twice, premium squares once", 2, 1, 0, 168, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, n, err := realSquares(labels, photos, tc.tileCuts, tc.empty, tc.plain, 0.5, 0, 1, index)
			if err != nil {
				t.Fatal(err)
			}
			if n.photos != 8 || n.tiles != tc.wantTiles || (tc.wantE >= 0 && n.empty != tc.wantE) {
				t.Fatalf("cut %+v, want 8 photos, %d tiles, %d empty", n, tc.wantTiles, tc.wantE)
			}
			if len(s) == 0 || len(s) > 2*(n.tiles+n.empty) {
				t.Fatalf("%d samples from %d cuts (two views a cut at most)", len(s), n.tiles+n.empty)
			}
			tiles := 0
			for _, x := range s {
				if x.glyph != 0 {
					tiles++
				}
				if x.upright != (x.glyph != 0) {
					t.Fatalf("sample of glyph %d upright %v", x.glyph, x.upright)
				}
			}
			if tiles == 0 || (tc.empty > 0 && tiles == len(s)) {
				t.Errorf("%d tile samples of %d", tiles, len(s))
			}
			again, _, err := realSquares(labels, photos, tc.tileCuts, tc.empty, tc.plain, 0.5, 0, 1, index)
			if err != nil {
				t.Fatal(err)
			}
			if len(again) != len(s) || !slices.Equal(again[0].fv.Vec, s[0].fv.Vec) || !slices.Equal(again[len(s)-1].fv.Vec, s[len(s)-1].fv.Vec) {
				t.Errorf("the same seed cut other samples")
			}
		})
	}
}

// TestRealPhotoSquaresMotion: -scr-real-motion smears a share of the real
// cuts from a stream of its own: none leaves every sample as before, all
// changes the lettered cuts' samples but not how many there are, and the
// same seed smears the same way.
func TestRealPhotoSquaresMotion(t *testing.T) {
	_, index, err := glyphIndex(ocr.English)
	if err != nil {
		t.Fatal(err)
	}
	// a board of 15 x 15 squares of 24 pixels, each with a dark bar in a
	// light face, and a label with three lettered squares
	img := image.NewRGBA(image.Rect(0, 0, 15*24, 15*24))
	for y := range 15 * 24 {
		for x := range 15 * 24 {
			v := uint8(220)
			if x%24 >= 8 && x%24 < 12 && y%24 >= 5 && y%24 < 19 {
				v = 30
			}
			img.SetRGBA(x, y, color.RGBA{v, v, v, 255})
		}
	}
	l := &vscr.Label{HasCorners: true, Corners: vision.Quad{{X: 0, Y: 0}, {X: 360, Y: 0}, {X: 360, Y: 360}, {X: 0, Y: 360}}}
	l.Cells[7][7], l.Cells[7][8], l.Cells[3][4] = "I", "L", "T"
	base, n0, err := realPhotoSquares(img, l, 2, 0, 0, 0, 0, 1, "board", index)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name       string
		motion     float64
		wantChange bool
	}{
		{"no motion: the samples as before", 0, false},
		{"every cut smeared", 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, n, err := realPhotoSquares(img, l, 2, 0, 0, 0, tc.motion, 1, "board", index)
			if err != nil {
				t.Fatal(err)
			}
			if n != n0 || len(got) != len(base) {
				t.Fatalf("%+v cuts, %d samples; without motion %+v, %d", n, len(got), n0, len(base))
			}
			changed := 0
			for i := range got {
				if got[i].glyph != base[i].glyph {
					t.Fatalf("sample %d: glyph %d, without motion %d", i, got[i].glyph, base[i].glyph)
				}
				if !slices.Equal(got[i].fv.Vec, base[i].fv.Vec) {
					changed++
				}
			}
			if (changed > 0) != tc.wantChange {
				t.Errorf("%d of %d samples changed, want changed: %v", changed, len(got), tc.wantChange)
			}
			again, _, err := realPhotoSquares(img, l, 2, 0, 0, 0, tc.motion, 1, "board", index)
			if err != nil {
				t.Fatal(err)
			}
			for i := range again {
				if !slices.Equal(again[i].fv.Vec, got[i].fv.Vec) {
					t.Fatalf("the same seed cut sample %d otherwise", i)
				}
			}
		})
	}
}
