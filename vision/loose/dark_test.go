package loose

import (
	"errors"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/vision/render"
)

// TestDarkLexiconTable: dim rendered Lexicon tables (difficulty hard) on
// which the loose search finds no tile at all, too dark (mean grey under
// 25) or no dark letters on light faces, although every tile reads sure on
// its true outline: Scan searches them again with the grey levels
// stretched (darkTable) and finds every tile on its cell.
func TestDarkLexiconTable(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and scans two scenes")
	}
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		t.Skip(err)
	}
	for _, tc := range []struct {
		name string
		seed int64
		// first: how the loose search alone fails.
		first error
	}{
		{"too dark, felt", 12, ErrTooDark},
		{"no dark letters, wood", 49125, ErrNoTiles},
	} {
		t.Run(tc.name, func(t *testing.T) {
			state, err := render.RandomState("lexicon", tc.seed)
			if err != nil {
				t.Fatal(err)
			}
			o, err := render.RandomOptions(tc.seed, "hard")
			if err != nil {
				t.Fatal(err)
			}
			sc, err := render.Render("lexicon", state, o)
			if err != nil {
				t.Fatal(err)
			}
			img, err := sc.Photo()
			if err != nil {
				t.Fatal(err)
			}
			opt := Options{Reader: rd, Lattice: true, UprightFromLetters: true}
			if _, err := findTiles(img, opt); !errors.Is(err, tc.first) {
				t.Fatalf("the loose search alone: %v, want %v (the scene no longer tests the dark route)", err, tc.first)
			}
			r, err := Scan(img, opt)
			if err != nil {
				t.Fatalf("Scan: %v", err)
			}
			truth := TruthFromRender(&sc.Truth)
			s := ScoreScan(r.Tiles, truth, func(a, b string) bool { return a == b })
			if s.Matched != s.Truth || !s.Lattice {
				t.Errorf("found %d of %d tiles (%d reported), lattice %v; want all on their cells", s.Matched, s.Truth, s.Found, s.Lattice)
			}
			for _, m := range s.Misread {
				if m.Conf >= SureConf {
					t.Errorf("%s read %s sure (conf %.2f)", m.Label, m.Read, m.Conf)
				}
			}
		})
	}
}
