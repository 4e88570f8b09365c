package tileset

import "testing"

func TestSets(t *testing.T) {
	tests := []struct {
		name    string
		set     Set
		total   int
		letter  string
		count   int
		value   int
		letters int
	}{
		{"upwords has 100 tiles and one Qu", Upwords, 100, "Qu", 1, 0, 26},
		{"lexicon is scrabble without blanks", Lexicon, 98, "Z", 1, 10, 26},
		{"lexicon E", Lexicon, 98, "E", 12, 1, 26},
		{"pyramids player set of 30", PyramidsPlayer, 30, "A", 2, 1, 20},
		{"pyramids house set of 42", PyramidsHouse, 42, "K", 1, 5, 22},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.set.Total(); got != tc.total {
				t.Errorf("Total = %d, want %d", got, tc.total)
			}
			if got := tc.set.Count(tc.letter); got != tc.count {
				t.Errorf("Count(%s) = %d, want %d", tc.letter, got, tc.count)
			}
			if got := tc.set.Value(tc.letter); got != tc.value {
				t.Errorf("Value(%s) = %d, want %d", tc.letter, got, tc.value)
			}
			if got := len(tc.set.Tiles); got != tc.letters {
				t.Errorf("%d kinds of tile, want %d", got, tc.letters)
			}
			if got := len(tc.set.Bag()); got != tc.total {
				t.Errorf("Bag has %d tiles, want %d", got, tc.total)
			}
		})
	}
}

func TestAlphabets(t *testing.T) {
	if len(Latin) != 26 || len(Cyrillic) != 33 {
		t.Fatalf("alphabets have %d and %d letters", len(Latin), len(Cyrillic))
	}
	if ScrabbleValue("Q") != 10 || ScrabbleValue("K") != 5 || ScrabbleValue("?") != 0 {
		t.Fatal("scrabble values wrong")
	}
}
