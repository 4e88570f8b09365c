package loose

import (
	"errors"
	"image"
	"image/color"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestDarkLexiconTable: hard Lexicon tables on dark felt in dim light
// were answered "too dark" (97607: mean grey 23, under the search's gate
// of 25; 95653: no tile found at a mean under 45), 0 tiles found at
// 87aeba5; 99707, mean grey 25, at 6dfa0a0. The look at their grey levels smoothed and stretched
// (darkLook) finds most of their tiles, and reports every one unsure
// (95653's W is read A at 0.90 so).
func TestDarkLexiconTable(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and scans scenes")
	}
	rd := englishReader(t)
	for _, tc := range []struct {
		name string
		seed int64
		min  int // tiles found on their outline, at least
	}{
		{"dark felt, a hand, motion 3.8 px", 97607, 12},
		{"dark felt, a W the stretch makes an A", 95653, 6},
		{"dark felt, a hand, blur 2.7 px (mean grey 25)", 99707, 12},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, tr := renderScene(t, "lexicon", "hard", tc.seed)
			r, err := Scan(img, Options{Lattice: true, UprightFromLetters: true, Reader: rd})
			if err != nil {
				t.Fatal(err)
			}
			s := ScoreScan(r.Tiles, truthFromRender(tr), func(a, b string) bool { return a == b })
			if s.Matched < tc.min {
				t.Errorf("%d of %d tiles found on their outline (IoU >= 0.5), want %d at least", s.Matched, s.Truth, tc.min)
			}
			for _, tile := range r.Tiles {
				if tile.Conf >= SureConf {
					t.Errorf("%s at (%.0f, %.0f) reported sure (%.2f) on a photo too dark to search", tile.Letter, tile.Center.X, tile.Center.Y, tile.Conf)
				}
			}
		})
	}
}

// TestDarkLookFindsNoTilesInNoise: a dim photo with no tiles (noisy dark
// felt, a light card or none) is looked at stretched (darkLook) and
// stays too dark: its noise, smoothed and stretched, is no crossword.
func TestDarkLookFindsNoTilesInNoise(t *testing.T) {
	if testing.Short() {
		t.Skip("scans photos")
	}
	rd := englishReader(t)
	felt := func(patch bool) image.Image {
		r := rand.New(rand.NewPCG(97, 600))
		img := image.NewRGBA(image.Rect(0, 0, 820, 616))
		for y := 0; y < 616; y++ {
			for x := 0; x < 820; x++ {
				v := 10 + 16*float64(x)/820 + r.NormFloat64()*12 // a light falling off
				if patch && x > 350 && x < 450 && y > 250 && y < 350 {
					v = 60 + r.NormFloat64()*12
				}
				g := uint8(min(255, max(0, v)))
				img.Set(x, y, color.RGBA{g / 2, g, g, 255})
			}
		}
		return img
	}
	for _, tc := range []struct {
		name  string
		patch bool
	}{
		{"bare dark felt", false},
		{"dark felt, a light card", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stretched := false
			old := debugf
			debugf = func(format string, a ...any) {
				if strings.HasPrefix(format, "contrast:") {
					stretched = true
				}
			}
			defer func() { debugf = old }()
			r, err := Scan(felt(tc.patch), Options{Lattice: true, UprightFromLetters: true, Reader: rd})
			if !stretched {
				t.Error("the dim photo was not looked at stretched")
			}
			if err == nil {
				t.Fatalf("%d tiles (%d sure) on a photo with none", len(r.Tiles), sureCount(r.Tiles))
			}
			if !errors.Is(err, ErrTooDark) {
				t.Errorf("error %v, want ErrTooDark", err)
			}
		})
	}
}
