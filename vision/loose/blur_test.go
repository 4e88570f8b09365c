package loose

import (
	"testing"
)

// TestBlurInkLevel: the letters' ink level follows the photo's strongest
// strokes down where blur has made them faint, never above strongInk
// nor under faintInk, and stays strongInk where there are too few dark
// pixels to measure.
func TestBlurInkLevel(t *testing.T) {
	// strokes: n pixels of black-hat bh on a grey of g; the rest of the
	// picture a face (black-hat 0, grey 200).
	picture := func(n int, bh, g byte) ([]byte, []byte) {
		bhb, gb := make([]byte, 10000), make([]byte, 10000)
		for i := range gb {
			gb[i] = 200
		}
		for i := 0; i < n; i++ {
			bhb[i], gb[i] = bh, g
		}
		return bhb, gb
	}
	for _, tc := range []struct {
		name string
		n    int
		bh   byte
		g    byte
		want byte
	}{
		{"sharp strokes: the strong level", 500, 150, 40, strongInk},
		{"strokes just sharp enough", 500, 100, 60, strongInk},
		{"blurred strokes: the level follows", 500, 70, 60, 42},
		{"very faint strokes: no lower than faintInk", 500, 40, 50, faintInk},
		{"too few dark pixels: the strong level", 50, 60, 40, strongInk},
		{"dark but not darker than half their surroundings", 500, 60, 130, strongInk},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bhb, gb := picture(tc.n, tc.bh, tc.g)
			if got := blurInkLevel(bhb, gb); got != tc.want {
				t.Errorf("blurInkLevel = %d, want %d", got, tc.want)
			}
		})
	}
}

// TestBlurredLexiconTable: rendered Lexicon tables (difficulty hard)
// blurred 2.5-2.9 px, whose letters' strokes come out 45-75 levels
// under their faces, under the strong ink level (60) in most pixels:
// the search found no letter and no tile. The search whose ink level
// follows the photo's strokes finds nearly all of them, and no tile is
// read wrong and sure.
func TestBlurredLexiconTable(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and scans scenes")
	}
	rd := englishReader(t)
	for _, tc := range []struct {
		name string
		seed int64
	}{
		{"laminate, blur and motion, dim", 75021},
		{"wood, blur", 75027},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := scanHardLexicon(t, rd, tc.seed)
			if float64(s.Matched) < 0.85*float64(s.Truth) {
				t.Errorf("%d of %d tiles found on their outline (IoU >= 0.5), want 85 %% or more", s.Matched, s.Truth)
			}
		})
	}
}
