package tileset

import "testing"

func TestTwistsSets(t *testing.T) {
	tests := []struct {
		name    string
		set     Set
		letters int
		alpha   []string
	}{
		{"russian", TwistsRussian, 32, Cyrillic},
		{"english", TwistsEnglish, 26, Latin},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// 108 tiles: the deal table (4x27, 3x36, 2x54) uses them all.
			if n := tc.set.Total(); n != 108 {
				t.Errorf("%d tiles, want 108", n)
			}
			for _, a := range Actions {
				if tc.set.Count(a) != 2 {
					t.Errorf("%s: %d tiles, want 2", a, tc.set.Count(a))
				}
			}
			if n := len(tc.set.Tiles) - len(Actions); n != tc.letters {
				t.Errorf("%d kinds of letter, want %d", n, tc.letters)
			}
			in := map[string]bool{}
			for _, l := range tc.alpha {
				in[l] = true
			}
			for _, tile := range tc.set.Tiles[:tc.letters] {
				if !in[tile.Letter] || tile.Count < 1 {
					t.Errorf("tile %q x%d", tile.Letter, tile.Count)
				}
			}
		})
	}
}
