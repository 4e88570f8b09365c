package scrabble

import "testing"

func TestPremiumLayout(t *testing.T) {
	count := map[Premium]int{}
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			count[PremiumAt(r, c)]++
		}
	}
	// The standard board: 8 triple word, 17 double word (the star
	// included), 12 triple letter, 24 double letter squares.
	want := map[Premium]int{TripleWord: 8, DoubleWord: 17, TripleLetter: 12, DoubleLetter: 24, Plain: 225 - 61}
	for p, n := range want {
		if count[p] != n {
			t.Errorf("premium %d: %d squares, want %d", p, count[p], n)
		}
	}
	for _, tc := range []struct {
		name string
		r, c int
		want Premium
	}{
		{"corner", 0, 0, TripleWord},
		{"centre star", 7, 7, DoubleWord},
		{"double letter on the top row", 0, 3, DoubleLetter},
		{"triple letter", 5, 9, TripleLetter},
		{"double letter near the centre", 8, 6, DoubleLetter},
		{"plain", 0, 1, Plain},
		{"double word on the anti-diagonal", 3, 11, DoubleWord},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := PremiumAt(tc.r, tc.c); got != tc.want {
				t.Errorf("PremiumAt(%d, %d) = %d, want %d", tc.r, tc.c, got, tc.want)
			}
		})
	}
}
