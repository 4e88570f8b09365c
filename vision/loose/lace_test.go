package loose

import (
	"testing"
)

// TestLettersOnCloth: a glyph stands on a tile when a face colour other
// than the table's rings it (ringShare); a lace cloth's holes, dark
// blobs on the cloth, have none. Where most glyphs of the letter band are
// such marks the table is a patterned cloth (lettersOnCloth), and each
// face colour's own letters (faceLetters) are the glyphs it surrounds,
// with their own size.
func TestLettersOnCloth(t *testing.T) {
	const w, h = 300, 300
	// A scene: a face mask square of 26 px round a 10 px glyph at each
	// tile's centre; the marks, 15 px blobs with no face round them.
	type scene struct {
		mask    []byte
		glyphs  []blob
		weights []float64
	}
	build := func(tiles, marks [][2]float64) scene {
		s := scene{mask: make([]byte, w*h)}
		for _, c := range tiles {
			cx, cy := int(c[0]), int(c[1])
			for y := cy - 13; y < cy+13; y++ {
				for x := cx - 13; x < cx+13; x++ {
					inGlyph := x >= cx-5 && x < cx+5 && y >= cy-5 && y < cy+5
					if !inGlyph {
						s.mask[y*w+x] = 255
					}
				}
			}
			s.glyphs = append(s.glyphs, blob{x: c[0], y: c[1], size: 10, elong: 1.3})
			s.weights = append(s.weights, 45)
		}
		for _, c := range marks {
			s.glyphs = append(s.glyphs, blob{x: c[0], y: c[1], size: 15, elong: 1.3})
			s.weights = append(s.weights, 100)
		}
		return s
	}
	grid := func(n int, x0, y0, step float64) [][2]float64 {
		var out [][2]float64
		for i := 0; i < n; i++ {
			out = append(out, [2]float64{x0 + step*float64(i%8), y0 + step*float64(i/8)})
		}
		return out
	}
	word := grid(5, 40, 40, 26)       // five touching tiles in a row
	crossword := grid(16, 30, 30, 26) // two rows of eight
	holes := grid(24, 30, 150, 32)    // a lace cloth's holes
	cases := []struct {
		name        string
		s           scene
		plain       bool
		onCloth     bool
		faceLetters int // 0: too few for letters of their own
	}{
		{"a word among many more holes", build(word, holes), false, true, 5},
		{"tiles on a plain table", build(crossword, nil), false, false, 16},
		{"a crossword and a few marks", build(crossword, holes[:6]), false, false, 16},
		{"the face colour is the table's: the rings cannot tell", build(word, holes), true, false, 5},
		{"a handful of glyphs: no cloth told", build(word[:2], holes[:4]), false, false, 0},
		{"holes and no tile", build(nil, holes), false, true, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lb := letters{blobs: c.s.glyphs, typical: 15}
			masks := []faceMask{{m: c.s.mask, plain: c.plain}}
			if got := lettersOnCloth(lb, masks, w, h); got != c.onCloth {
				t.Errorf("lettersOnCloth = %v, want %v", got, c.onCloth)
			}
			fl, ok := faceLetters(c.s.glyphs, c.s.weights, c.s.mask, w, h, true)
			if ok != (c.faceLetters > 0) {
				t.Fatalf("faceLetters: letters of their own %v, want %v", ok, c.faceLetters > 0)
			}
			if !ok {
				return
			}
			if len(fl.blobs) != c.faceLetters {
				t.Errorf("faceLetters: %d letters, want %d", len(fl.blobs), c.faceLetters)
			}
			if fl.typical != 10 {
				t.Errorf("faceLetters: typical size %.0f, want the letters' 10", fl.typical)
			}
		})
	}
}

// TestLaceLexiconTable: rendered Lexicon tables (difficulty hard) on a
// lace cloth whose dark holes, as dark as the letters and many more, set
// the letter size and the tiles' spacing (none or half of their tiles
// found before). The search with each face colour's own letters
// (laceLook) finds most of them; no tile is read wrong and sure
// (scanHardLexicon) and few are reported off the tiles.
func TestLaceLexiconTable(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and scans scenes")
	}
	rd := englishReader(t)
	cases := []struct {
		name string
		seed int64
	}{
		{"small tiles among the holes, none on its outline before", 95691},
		{"a hand over the cloth, half found before", 95699},
		{"a hand and a short word, none found before", 95606},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := scanHardLexicon(t, rd, c.seed)
			if 3*s.Matched < 2*s.Truth {
				t.Errorf("%d of %d tiles found on their outline (IoU >= 0.5), want two thirds or more", s.Matched, s.Truth)
			}
			if extra := s.Found - s.Matched; 10*extra > s.Truth {
				t.Errorf("%d of %d reported tiles off any tile's outline", extra, s.Found)
			}
		})
	}
}
