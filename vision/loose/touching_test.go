package loose

import (
	"testing"

	"github.com/tilescope/tilescope/ocr"
)

// TestTouchingTilesKeepTheirSide: a rendered Lexicon table (difficulty
// hard, a dim wooden table) whose crossword's tiles touch, the dark
// lines between them taken for bars as long as letters: those lines
// halve the spacing of all the blobs, and the tiles were found as
// squares about 0.7 of their side (IoU under 0.5). The glyphs that are
// no bar keep the patches' side, so nearly every tile is found on its
// outline, and no tile is read wrong and sure. The same where the dark
// table between touching tiles would set the letters' size.
func TestTouchingTilesKeepTheirSide(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and scans a scene")
	}
	rd := englishReader(t)
	for _, tc := range []struct {
		name string
		seed int64
	}{
		{"dim wood, lines between the tiles", 51021},
		// Dark felt: the table in the pockets between the touching
		// tiles is dark ink to the search, a few blobs larger than the
		// letters that outweigh them (fewLarge); 2 of 15 found before.
		{"dark felt, the table between the tiles", 63120},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := scanHardLexicon(t, rd, tc.seed)
			if s.Matched < s.Truth-1 {
				t.Errorf("%d of %d tiles found on their outline (IoU >= 0.5), want all but one at most", s.Matched, s.Truth)
			}
		})
	}
}

// TestFeltPocketsAreNoLetters: hard Lexicon tables on dark felt whose
// crosswords hold pockets of the table between touching tiles (and a
// hand's fingers over a light card), a few dark blobs larger than the
// letters no face surrounds, which set the letters' size: the letters
// fell out of the band and the side became four tiles' (0 of 10 and 1
// of 21 found before). The size of the blobs a face surrounds finds
// them; a hand hides 5 of the second table's 21 tiles.
func TestFeltPocketsAreNoLetters(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and scans a scene")
	}
	rd := englishReader(t)
	for _, tc := range []struct {
		name string
		seed int64
		hid  int // tiles a hand hides
	}{
		{"dark felt, fingers over a card", 92600, 0},
		{"dark felt, a crossword's pockets, a hand", 92677, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := scanHardLexicon(t, rd, tc.seed)
			if s.Matched < s.Truth-tc.hid-1 {
				t.Errorf("%d of %d tiles found on their outline (IoU >= 0.5), want all but %d at most", s.Matched, s.Truth, tc.hid+1)
			}
		})
	}
}

// scanHardLexicon renders the hard Lexicon table of seed, scans it as a
// Lexicon table is scanned (a lattice, upright from its letters, read by
// rd) and scores the tiles found against the render's; a tile read
// wrong and sure fails the test.
func scanHardLexicon(t *testing.T, rd Reader, seed int64) Score {
	t.Helper()
	img, tr := renderScene(t, "lexicon", "hard", seed)
	r, err := Scan(img, Options{Lattice: true, UprightFromLetters: true, Reader: rd})
	if err != nil {
		t.Fatal(err)
	}
	s := ScoreScan(r.Tiles, truthFromRender(tr), func(a, b string) bool { return a == b })
	for _, m := range s.Misread {
		if m.Conf >= SureConf {
			t.Errorf("%s read as %s, sure (%.2f)", m.Label, m.Read, m.Conf)
		}
	}
	return s
}

// englishReader is the shipped English tile reader; a test that needs it
// is skipped where it cannot be loaded.
func englishReader(t testing.TB) ocr.Reader {
	t.Helper()
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		t.Skip(err)
	}
	return rd
}
