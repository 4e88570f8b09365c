package scrabble

// Premium is what is printed on a square.
type Premium uint8

// The premiums. The centre square is a DoubleWord (and the start square).
const (
	Plain Premium = iota
	DoubleLetter
	TripleLetter
	DoubleWord
	TripleWord
)

// String is the premium's short name as players say it: "", "DL", "TL",
// "DW", "TW".
func (p Premium) String() string {
	return [...]string{"", "DL", "TL", "DW", "TW"}[p]
}

// LetterFactor and WordFactor are what the premium multiplies.
func (p Premium) LetterFactor() int {
	switch p {
	case DoubleLetter:
		return 2
	case TripleLetter:
		return 3
	}
	return 1
}

// WordFactor is what the premium multiplies the word by.
func (p Premium) WordFactor() int {
	switch p {
	case DoubleWord:
		return 2
	case TripleWord:
		return 3
	}
	return 1
}

// layout is the standard board, built from RULES.md's description: the
// squares named there and their mirror images in the board's eight
// symmetries.
var layout = func() (l [Size][Size]Premium) {
	named := []struct {
		p   Premium
		pos []Pos
	}{
		{TripleWord, []Pos{{0, 0}, {0, 7}}},
		{DoubleWord, []Pos{{1, 1}, {2, 2}, {3, 3}, {4, 4}, {7, 7}}},
		{TripleLetter, []Pos{{1, 5}, {1, 9}, {5, 1}, {5, 5}}},
		{DoubleLetter, []Pos{{0, 3}, {2, 6}, {3, 7}, {6, 2}, {6, 6}}},
	}
	for _, n := range named {
		for _, p := range n.pos {
			for _, m := range mirrors(p) {
				l[m.Row][m.Col] = n.p
			}
		}
	}
	return l
}()

// mirrors is p in the board's eight symmetries (flips and the diagonal).
func mirrors(p Pos) []Pos {
	const e = Size - 1
	var out []Pos
	for _, q := range []Pos{p, {p.Col, p.Row}} {
		out = append(out, q, Pos{e - q.Row, q.Col}, Pos{q.Row, e - q.Col}, Pos{e - q.Row, e - q.Col})
	}
	return out
}

// PremiumAt is the premium printed on p (Plain off the board).
func PremiumAt(p Pos) Premium {
	if !p.In() {
		return Plain
	}
	return layout[p.Row][p.Col]
}

// The numbers of the game (RULES.md).
const (
	RackSize    = 7  // tiles on a full rack
	MaxTiles    = 7  // tiles one turn may place
	Bingo       = 50 // bonus for placing all seven
	MinExchange = 7  // tiles the bag must hold for an exchange
	Scoreless   = 6  // scoreless turns in a row that end the game
	TotalTiles  = 100
	Blanks      = 2
)

// distribution is how many of each letter the 100-tile English set holds
// (plus Blanks blanks); values are the printed values. Both from RULES.md.
var (
	distribution = [26]int{9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6, 8, 2, 1, 6, 4, 6, 4, 2, 2, 1, 2, 1}
	values       = [26]int{1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 5, 1, 3, 1, 1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10}
)

// LetterValue is the printed value of a lettered tile 'A'..'Z'; 0 for
// anything else (a blank's value is 0 whatever its letter).
func LetterValue(letter byte) int {
	if letter < 'A' || letter > 'Z' {
		return 0
	}
	return values[letter-'A']
}

// LetterCount is how many tiles of letter 'A'..'Z' the set holds; Unknown
// counts the blanks.
func LetterCount(letter byte) int {
	if letter == Unknown {
		return Blanks
	}
	if letter < 'A' || letter > 'Z' {
		return 0
	}
	return distribution[letter-'A']
}

// Dictionary says whether a word (upper case) may be played.
type Dictionary interface {
	Contains(word string) bool
}
