package scrabble

import (
	"strings"
	"testing"
)

// printed is the premium layout as printed on both real boards of
// vision/scrabble/testdata/real (read off photos IMG_20141025_163939 and
// IMG_20151016_165303): T triple word, D double word, t triple letter, d
// double letter, * the centre (a double word).
const printed = `
T . . d . . . T . . . d . . T
. D . . . t . . . t . . . D .
. . D . . . d . d . . . D . .
d . . D . . . d . . . D . . d
. . . . D . . . . . D . . . .
. t . . . t . . . t . . . t .
. . d . . . d . d . . . d . .
T . . d . . . * . . . d . . T
. . d . . . d . d . . . d . .
. t . . . t . . . t . . . t .
. . . . D . . . . . D . . . .
d . . D . . . d . . . D . . d
. . D . . . d . d . . . D . .
. D . . . t . . . t . . . D .
T . . d . . . T . . . d . . T
`

// TestLayoutAsPrinted: the layout built from RULES.md's description is the
// one printed on real boards, square for square, and has RULES.md's counts.
func TestLayoutAsPrinted(t *testing.T) {
	want := map[string]Premium{".": Plain, "T": TripleWord, "D": DoubleWord, "*": DoubleWord, "t": TripleLetter, "d": DoubleLetter}
	rows := strings.Split(strings.TrimSpace(printed), "\n")
	if len(rows) != Size {
		t.Fatalf("%d rows", len(rows))
	}
	counts := map[Premium]int{}
	for r, line := range rows {
		cells := strings.Fields(line)
		for c, cell := range cells {
			p := Pos{r, c}
			if got := PremiumAt(p); got != want[cell] {
				t.Errorf("%v: layout has %q, the board prints %q", p, got, cell)
			}
			counts[PremiumAt(p)]++
		}
	}
	for p, n := range map[Premium]int{TripleWord: 8, DoubleWord: 17, TripleLetter: 12, DoubleLetter: 24} {
		if counts[p] != n {
			t.Errorf("%d %s squares, RULES.md has %d", counts[p], p, n)
		}
	}
	if PremiumAt(Centre) != DoubleWord {
		t.Errorf("centre is %q", PremiumAt(Centre))
	}
}

// TestTileSet: 100 tiles with 2 blanks, the values of RULES.md.
func TestTileSet(t *testing.T) {
	n := Blanks
	for ch := byte('A'); ch <= 'Z'; ch++ {
		n += LetterCount(ch)
	}
	if n != TotalTiles {
		t.Errorf("%d tiles, want %d", n, TotalTiles)
	}
	groups := map[int]string{1: "AEIOULNSTR", 2: "DG", 3: "BCMP", 4: "FHVWY", 5: "K", 8: "JX", 10: "QZ"}
	seen := 0
	for v, letters := range groups {
		for i := range len(letters) {
			seen++
			if got := LetterValue(letters[i]); got != v {
				t.Errorf("%c is worth %d, want %d", letters[i], got, v)
			}
		}
	}
	if seen != 26 {
		t.Fatalf("groups name %d letters", seen)
	}
	if (Tile{Letter: 'Q', Blank: true}).Value() != 0 || (Tile{Letter: 'Q'}).Value() != 10 {
		t.Error("a blank Q must score 0 and a Q tile 10")
	}
}
