// Package upwords is the referee of Upwords: from the board before a turn
// and the board after it, it works out what the player did, checks it
// against every rule of RULES.md, and scores it.
//
// # From two boards to a placement
//
// The camera sees boards, not moves. Judge compares the two boards square by
// square: a square whose stack grew by exactly one tile got a new tile (a
// Placement); a square that did not change was left alone; anything else is
// not a turn of Upwords (a tile taken off, a stack that grew by two, a letter
// that changed while its stack stayed as high).
//
// # The order of the checks
//
// A turn can break several rules at once; the player is told the first
// broken rule in this fixed order, from what is wrong with one square, to
// the shape of the play, to how it meets the board, to the words:
//
//  1. removed_tile   a stack lower than before, or a new top letter on a stack that did not grow
//  2. no_change      nothing was placed
//  3. two_on_stack   a stack grew by two or more tiles
//  4. too_high       a stack is higher than the maximum (5)
//  5. same_letter    a tile went on a tile of the same letter
//  6. too_many_tiles more than 7 tiles
//  7. not_in_line    the tiles are not all in one row or one column
//  8. gap            an empty square between the tiles
//  9. first_not_centre  the first word covers none of the centre squares
//  10. first_too_short  the first play is a single tile
//  11. not_connected the play neither touches nor stacks on the board (or forms no word)
//  12. covers_word   every letter of an existing word was covered
//  13. plural_only   every word formed is an existing word plus an S
//  14. not_a_word    a word formed is not in the dictionary
//
// Squares are checked row by row, so with several bad squares the message
// names the first in reading order.
//
// # Words and points
//
// The words of a turn are every run of two or more letters, across and
// down, that passes through a square where a tile was placed: the turn
// created or changed exactly those. A word whose tiles are all one high
// scores 2 points a tile, plus 2 if it uses the Qu tile; a word with any
// stacked square scores the sum of its stack heights. A stack in two words
// counts in each. Seven tiles in one turn earn 20 more. RackPenalty is the
// end-of-game -5 per tile left on a rack.
//
// # The plural rule
//
// RULES.md forbids a turn in which every word formed is an existing word
// with one S added at its end, when that word did not already end in S. A
// word counts as "an existing word plus S" when its last square is a new S
// on a square that was empty, and the rest of it is exactly a run of two or
// more letters that stood on the board before, untouched this turn. So HIS
// -> HISS is fine (HIS ends in S), WORD -> WORDS with ART -> ARTS (one S at
// their meeting point) is not, and SWIM -> SWIMS is fine when the same S
// also starts or ends a new word such as CINDERS, which is no plural.
//
// # Dictionary
//
// The package does not know any word list: Rules.Dictionary is the small
// Dictionary interface (Contains), nil meaning "no dictionary check". The
// random game generator carries a short list of common words of its own
// (words.txt, written for this project; every word is in ENABLE).
package upwords
