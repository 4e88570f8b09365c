// Package scrabble is the referee of Scrabble (RULES.md; docs/scrabble.md).
//
// The board is 15x15 in the grid text of DESIGN.md: "." empty, "A".."Z" a
// tile, a lower-case letter a blank named that letter, "*" a blank whose
// letter is not known (what a camera sees). PremiumAt is the standard
// layout, built from RULES.md's description and checked against the real
// boards photographed; LetterValue and LetterCount are the 100-tile set.
//
// Rules.Judge compares the boards before and after a turn: the tiles
// placed, then the first rule broken in a fixed order (removed_tile,
// changed_tile, no_change, too_many_tiles, not_in_line, gap,
// first_not_centre, first_too_short, not_connected, not_in_set,
// not_a_word) as a *Rejection naming the square, or the Move: the words
// (the one along the play, then the cross words), each scored with the
// premiums under the new tiles only, and 50 for all seven tiles. A blank
// placed as "*" is named from the dictionary.
//
// Game keeps a game's turns: plays with the racks and bag counted, passes,
// exchanges (only with seven or more in the bag), challenges (the play
// withdrawn, or the challenger's next turn lost), the end when a player
// goes out with the bag empty or after six scoreless turns; Adjust is the
// end-of-game rack adjustment.
//
// The package knows no word list: Dictionary is the one-method interface
// (Contains, upper case) the commands fill with the real dictionary.
package scrabble
