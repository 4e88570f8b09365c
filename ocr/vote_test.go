package ocr

import (
	"errors"
	"image"
	"math"
	"path/filepath"
	"testing"
)

// TestReadVote: one crop votes as ReadKnown reads it; several crops of one
// tile pool their probabilities, so the letter most of them read wins
// with about its share; no crop, or an empty one, is an error.
func TestReadVote(t *testing.T) {
	c := defaultReader(t, English).(*Classifier)
	files, _ := filepath.Glob("testdata/real/*.png")
	imgs := loadPNGs(t, "testdata/real/*.png")
	knowns := []struct {
		name string
		k    Known
	}{
		{"nothing known", Known{}},
		{"a tile", Known{Tile: true}},
		{"a tile, upright", Known{Tile: true, HasAngle: true, Angle: 0}},
		{"a tile, a quarter turn", Known{Tile: true, HasAngle: true, Angle: 90}},
	}
	for _, kc := range knowns {
		t.Run("one crop, "+kc.name, func(t *testing.T) {
			for i, img := range imgs {
				want, err := c.ReadKnown(img, kc.k)
				if err != nil {
					t.Fatal(err)
				}
				got, err := c.ReadVote([]image.Image{img}, kc.k)
				if err != nil {
					t.Fatal(err)
				}
				if got.Letter != want.Letter || math.Abs(got.Conf-want.Conf) > 1e-6 || (got.Letter != "" && angleDiff(got.Angle, want.Angle) > 1e-6) {
					t.Errorf("%s: voted %+v, ReadKnown %+v", filepath.Base(files[i]), got, want)
				}
			}
		})
	}
	byName := map[string]image.Image{}
	for i, f := range files {
		byName[filepath.Base(f)] = imgs[i]
	}
	k1, k2, m := byName["K_0_9.png"], byName["K_1_4.png"], byName["M_0_20.png"]
	empty := byName["empty_0.png"]
	if k1 == nil || k2 == nil || m == nil || empty == nil {
		t.Fatal("fixtures K_0_9, K_1_4, M_0_20, empty_0 missing")
	}
	tests := []struct {
		name     string
		crops    []image.Image
		k        Known
		want     string
		min, max float64 // the pooled confidence
	}{
		{"two Ks outvote an M", []image.Image{k1, m, k2}, Known{Tile: true}, "K", 0.55, 0.7},
		{"two empty squares outvote an M", []image.Image{empty, m, empty}, Known{}, "", 0.6, 0.7},
		{"told a tile, an empty square does not vote for no tile", []image.Image{empty, m, empty}, Known{Tile: true}, "M", 0.33, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := c.ReadVote(tc.crops, tc.k)
			if err != nil {
				t.Fatal(err)
			}
			if got.Letter != tc.want || got.Conf < tc.min || got.Conf > tc.max {
				t.Errorf("voted %q (conf %.3f), want %q with conf in [%.2f, %.2f]", got.Letter, got.Conf, tc.want, tc.min, tc.max)
			}
		})
	}
	for _, bad := range [][]image.Image{nil, {k1, nil}, {image.NewRGBA(image.Rect(0, 0, 0, 0))}} {
		if _, err := c.ReadVote(bad, Known{}); !errors.Is(err, ErrEmptyImage) {
			t.Errorf("ReadVote(%d crops, one empty or none): %v, want ErrEmptyImage", len(bad), err)
		}
	}
}

// scrabblePool is the Scrabble scan's reader: the Scrabble specialist
// pooled with the general English model (en, returned too); the test
// is skipped in a build without the specialist.
func scrabblePool(t *testing.T) (pool Pool, en *Classifier) {
	t.Helper()
	en = defaultReader(t, English).(*Classifier)
	m, err := LoadModel(SpecialistScrabble)
	if err != nil {
		t.Skip("no en-scr model in this build")
	}
	sc, err := NewClassifier(m)
	if err != nil {
		t.Fatal(err)
	}
	return Pool{sc, en}, en
}

// TestPoolAnalysesOnce: a pool reads each crop analysed once for all its
// classifiers (analysedCrop), and gives exactly what each classifier's
// own reading of every crop, summed classifier by classifier, gives:
// the same letter, conf and angle, to the last bit.
func TestPoolAnalysesOnce(t *testing.T) {
	pool, en := scrabblePool(t)
	imgs := loadPNGs(t, "testdata/real/*.png")
	// The pool as it read before: each classifier analyses each crop.
	separately := func(tiles []image.Image, k Known) Reading {
		G := len(en.Glyphs())
		sum, top, angle := make([]float64, G), make([]float64, G), make([]float64, G)
		for _, c := range pool {
			for _, tl := range tiles {
				probs, angles, err := c.GlyphProbs(tl, k)
				if err != nil {
					t.Fatal(err)
				}
				for g, v := range probs {
					sum[g] += v
					if v > top[g] {
						top[g], angle[g] = v, angles[g]
					}
				}
			}
		}
		return voted(en.Glyphs(), sum, angle, len(pool)*len(tiles), k)
	}
	for _, tc := range []struct {
		name string
		k    Known
		n    int // crops per vote
	}{
		{"nothing known, one crop", Known{}, 1},
		{"a tile, one crop", Known{Tile: true}, 1},
		{"a tile upright, three crops", Known{Tile: true, HasAngle: true}, 3},
		{"a tile turned, two crops", Known{Tile: true, HasAngle: true, Angle: 270}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for i := 0; i+tc.n <= len(imgs); i++ {
				tiles := imgs[i : i+tc.n]
				got, err := pool.ReadVote(tiles, tc.k)
				if err != nil {
					t.Fatal(err)
				}
				if want := separately(tiles, tc.k); got != want {
					t.Errorf("crops %d..%d: pooled %+v, read separately %+v", i, i+tc.n-1, got, want)
				}
			}
		})
	}
}

// TestReadVoteRival: the pool's runner-up is the glyph whose averaged
// probability comes next after ReadVote's letter: the same letter, conf
// and angle as ReadVote for the winner, a different glyph (never "no
// tile" for a crop known to hold one) no more probable than it, and the
// two together no more than all.
func TestReadVoteRival(t *testing.T) {
	pool, _ := scrabblePool(t)
	imgs := loadPNGs(t, "testdata/real/*.png")
	for _, tc := range []struct {
		name string
		k    Known
		n    int
	}{
		{"nothing known, one crop", Known{}, 1},
		{"a tile upright, three crops", Known{Tile: true, HasAngle: true}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for i := 0; i+tc.n <= len(imgs); i++ {
				tiles := imgs[i : i+tc.n]
				want, err := pool.ReadVote(tiles, tc.k)
				if err != nil {
					t.Fatal(err)
				}
				best, rival, err := pool.ReadVoteRival(tiles, tc.k)
				if err != nil {
					t.Fatal(err)
				}
				if best != want {
					t.Errorf("crops %d..: best %+v, ReadVote %+v", i, best, want)
				}
				if rival.Letter == best.Letter && rival.Conf > 0 {
					t.Errorf("crops %d..: the runner-up %+v is the winner", i, rival)
				}
				if tc.k.Tile && rival.Letter == "" && rival.Conf > 0 {
					t.Errorf("crops %d..: the runner-up of a tile is no tile (%.2f)", i, rival.Conf)
				}
				if rival.Conf > best.Conf || best.Conf+rival.Conf > 1+1e-6 {
					t.Errorf("crops %d..: runner-up %+v against %+v", i, rival, best)
				}
			}
		})
	}
}
