package loose

import (
	"testing"
)

// TestFaintTableFinerLook: a Lexicon table whose strokes are faint
// (blurred) is searched at lookAgain's finer working sizes too, even
// where the first search reads enough tiles sure for lookAgain not to
// look (findOrLookAgain). On a blurred wooden table with a hand (hard
// render 98609, 5.1 px of motion) the search at 800 px read 7 of 12
// tiles, 6 sure; at 1200 px it reads 11. A sharp photo (the benchmark's
// mosaic of real tiles) is not faint, so it pays no finer search.
func TestFaintTableFinerLook(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and scans a scene")
	}
	rd := englishReader(t)
	opt := Options{Reader: rd, Lattice: true, UprightFromLetters: true}
	t.Run("sharp mosaic is not faint", func(t *testing.T) {
		f, err := findTiles(mosaic100(t), opt)
		if err != nil {
			t.Fatal(err)
		}
		if f.faint {
			t.Errorf("the mosaic of real tiles counts as faint: every scan of it would search at the finer sizes")
		}
	})
	for _, tc := range []struct {
		name    string
		seed    int64
		atLeast int // tiles found by centres
	}{
		{"blurred wood with a hand and motion", 98609, 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, sceneTruth := renderScene(t, "lexicon", "hard", tc.seed)
			truth := TruthFromRender(sceneTruth)
			r, err := Scan(img, opt)
			if err != nil {
				t.Fatalf("Scan: %v", err)
			}
			s := ScoreCentres(r.Tiles, truth, func(read, label string) bool { return read == label })
			t.Logf("%d of %d found, %d false", s.Found, s.Truth, s.False)
			if s.Found < tc.atLeast {
				t.Errorf("%d of %d tiles found, want at least %d", s.Found, s.Truth, tc.atLeast)
			}
			if s.FalseSure > 0 || s.WrongSure > 0 {
				t.Errorf("%d false and %d read wrong, shown sure", s.FalseSure, s.WrongSure)
			}
		})
	}
}
