package tileset

import "fmt"

// Tile is one kind of tile in a set: its letter, how many the set holds and
// its printed value (0 where the game prints none).
type Tile struct {
	Letter string
	Count  int
	Value  int
}

// Set is a game's bag of tiles.
type Set struct {
	Name  string
	Tiles []Tile
}

// Find returns the tile kind with the given letter.
func (s Set) Find(letter string) (Tile, bool) {
	for _, t := range s.Tiles {
		if t.Letter == letter {
			return t, true
		}
	}
	return Tile{}, false
}

// Value is the value of letter in the set, 0 if the set has no such tile.
func (s Set) Value(letter string) int {
	t, _ := s.Find(letter)
	return t.Value
}

// Count is how many tiles of letter the set holds.
func (s Set) Count(letter string) int {
	t, _ := s.Find(letter)
	return t.Count
}

// Total is the number of tiles in the set.
func (s Set) Total() int {
	n := 0
	for _, t := range s.Tiles {
		n += t.Count
	}
	return n
}

// Letters lists the set's letters in the set's order.
func (s Set) Letters() []string {
	out := make([]string, len(s.Tiles))
	for i, t := range s.Tiles {
		out[i] = t.Letter
	}
	return out
}

// Bag returns every tile of the set, one entry per physical tile, in a fixed
// order (the set's order), for dealing and for drawing random game states.
func (s Set) Bag() []string {
	out := make([]string, 0, s.Total())
	for _, t := range s.Tiles {
		for i := 0; i < t.Count; i++ {
			out = append(out, t.Letter)
		}
	}
	return out
}

func parse(name, counts, values string) Set {
	val := map[string]int{}
	if values != "" {
		for _, f := range splitEntries(values) {
			val[f.letter] = f.n
		}
	}
	s := Set{Name: name}
	for _, f := range splitEntries(counts) {
		s.Tiles = append(s.Tiles, Tile{Letter: f.letter, Count: f.n, Value: val[f.letter]})
	}
	return s
}

type entry struct {
	letter string
	n      int
}

// splitEntries reads "A7 B3 Qu1" into letter/number pairs.
func splitEntries(s string) []entry {
	var out []entry
	var cur []rune
	for _, r := range s + " " {
		if r == ' ' {
			if len(cur) == 0 {
				continue
			}
			i := len(cur)
			for i > 0 && cur[i-1] >= '0' && cur[i-1] <= '9' {
				i--
			}
			n := 0
			fmt.Sscan(string(cur[i:]), &n)
			out = append(out, entry{string(cur[:i]), n})
			cur = cur[:0]
			continue
		}
		cur = append(cur, r)
	}
	return out
}

// The sets of RULES.md.
var (
	// Upwords is the current 100-tile Upwords set. Tiles carry no values.
	Upwords = parse("upwords",
		"A7 B3 C4 D5 E8 F3 G3 H3 I7 J1 K2 L5 M5 N5 O7 P3 Qu1 R5 S6 T5 U5 V1 W2 X1 Y2 Z1", "")

	// scrabbleValues are the English Scrabble letter values.
	scrabbleValues = "A1 B3 C3 D2 E1 F4 G2 H4 I1 J8 K5 L1 M3 N1 O1 P3 Q10 R1 S1 T1 U1 V4 W4 X8 Y4 Z10"

	// Lexicon is the English Scrabble set without blanks (98 tiles), used by
	// Lexicon Crossing.
	Lexicon = parse("lexicon",
		"A9 B2 C2 D4 E12 F2 G3 H2 I9 J1 K1 L4 M2 N6 O8 P2 Q1 R6 S4 T6 U4 V2 W2 X1 Y2 Z1", scrabbleValues)

	// PyramidsPlayer is one colour's default set of 30 Crossword Pyramids.
	PyramidsPlayer = parse("pyramids-player",
		"A2 E3 I2 O2 U1 N2 R2 S2 T2 L2 D1 G1 B1 C1 M1 P1 H1 Y1 K1 W1", scrabbleValues)

	// PyramidsHouse is the default set of 42 black house pyramids.
	PyramidsHouse = parse("pyramids-house",
		"A3 E4 I3 O3 U2 N3 R3 S3 T3 L2 D2 G1 B1 C1 M1 P1 F1 H1 V1 W1 Y1 K1", scrabbleValues)
)

// ScrabbleValue is the English Scrabble value of a letter (A-Z), 0 otherwise.
func ScrabbleValue(letter string) int { return Lexicon.Value(letter) }

// Latin is A-Z; Cyrillic is the 33 letters of the Russian alphabet.
var (
	Latin    = splitRunes("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
	Cyrillic = splitRunes("АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ")
)

func splitRunes(s string) []string {
	var out []string
	for _, r := range s {
		out = append(out, string(r))
	}
	return out
}
