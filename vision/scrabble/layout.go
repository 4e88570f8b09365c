package scrabble

// Size is the number of squares on each side of the Scrabble board.
const Size = 15

// Premium is the print on an empty square.
type Premium uint8

const (
	Plain Premium = iota
	DoubleLetter
	TripleLetter
	DoubleWord // the centre star is a double word square
	TripleWord
	numPremiums
)

// premiumAt is the standard board's layout (the same on every edition
// whose rules RULES.md follows). It is symmetric under every quarter turn
// and mirror, so the scan can use it before it knows which side is up.
var premiumAt = func() (b [Size][Size]Premium) {
	// One eighth of the board (row <= col <= 7); the rest by symmetry.
	eighth := map[[2]int]Premium{
		{0, 0}: TripleWord, {0, 7}: TripleWord, {0, 3}: DoubleLetter,
		{1, 1}: DoubleWord, {1, 5}: TripleLetter,
		{2, 2}: DoubleWord, {2, 6}: DoubleLetter,
		{3, 3}: DoubleWord, {3, 7}: DoubleLetter,
		{4, 4}: DoubleWord,
		{5, 5}: TripleLetter,
		{6, 6}: DoubleLetter,
		{7, 7}: DoubleWord,
	}
	for k, v := range eighth {
		r, c := k[0], k[1]
		for _, p := range [][2]int{{r, c}, {c, r}} {
			for _, q := range [][2]int{{p[0], p[1]}, {Size - 1 - p[0], p[1]}, {p[0], Size - 1 - p[1]}, {Size - 1 - p[0], Size - 1 - p[1]}} {
				b[q[0]][q[1]] = v
			}
		}
	}
	return b
}()

// layoutSquares is each print's squares (row, column) in row order.
var layoutSquares = func() (ps [numPremiums][][2]uint8) {
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			k := premiumAt[r][c]
			ps[k] = append(ps[k], [2]uint8{uint8(r), uint8(c)})
		}
	}
	return ps
}()

// PremiumAt is the print on the empty square at row r, column c.
func PremiumAt(r, c int) Premium { return premiumAt[r][c] }
