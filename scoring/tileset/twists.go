package tileset

// Scrabble Twists & Turns. The rulebook gives the deal (4 players 27 tiles,
// 3 players 36, 2 players 54: 108 tiles) and the four action tiles, but not
// the distribution of letters. These sets are Tilescope's own choice, not
// the published game's: 100 letter tiles plus two of each action tile. The
// Russian letters follow the rough frequency of letters in Russian text,
// with no separate Ё tile (Е and Ё are one letter for spelling); the English
// set is the Lexicon set (English Scrabble without blanks) with one more E
// and one more S.

// The action tiles' names, as Set letters and as the tile reader reports
// them.
const (
	ActionSkip    = "skip"
	ActionReverse = "reverse"
	ActionGive2   = "give2"
	ActionGive3   = "give3"
)

// Actions lists the action tile names.
var Actions = []string{ActionSkip, ActionReverse, ActionGive2, ActionGive3}

func withActions(s Set, each int) Set {
	out := Set{Name: s.Name, Tiles: append([]Tile(nil), s.Tiles...)}
	for _, a := range Actions {
		out.Tiles = append(out.Tiles, Tile{Letter: a, Count: each})
	}
	return out
}

var (
	// TwistsRussian is the default Russian Twists & Turns set (108 tiles).
	TwistsRussian = withActions(parse("twists-ru",
		"О10 Е8 А8 И7 Н5 Т5 С5 Р5 В4 Л4 К4 М3 Д3 П3 У3 Я2 Ы2 Ь2 Г2 З2 Б2 "+
			"Ч1 Й1 Х1 Ж1 Ш1 Ю1 Ц1 Щ1 Э1 Ф1 Ъ1", ""), 2)

	// TwistsEnglish is the English Twists & Turns set (108 tiles).
	TwistsEnglish = withActions(parse("twists-en",
		"A9 B2 C2 D4 E13 F2 G3 H2 I9 J1 K1 L4 M2 N6 O8 P2 Q1 R6 S5 T6 U4 V2 W2 X1 Y2 Z1", ""), 2)
)
