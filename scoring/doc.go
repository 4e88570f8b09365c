// Package scoring holds nothing but this overview: the referee of each game
// lives in a package of its own below it, and all of them are pure Go (no
// cgo, no files, no network) so they build for any target and test in
// microseconds.
//
//   - grid: the square board of stacks (Upwords) and its text format.
//   - tileset: every game's tiles, counts and values.
//   - upwords: from the boards before and after a turn to the placed tiles,
//     the rules broken (a code and a message naming the square) or the
//     words and points; the rack penalty; random legal games.
//   - lexicon: a player's Lexicon Crossing crossword: its words, whether it
//     is one valid crossword, its score, and the ranking of several.
//   - pyramids, twists: Crossword Pyramids and Scrabble Twists & Turns.
//
// A package that checks words defines the one-method Dictionary interface
// it needs (Contains); none of them imports the word lists, so tests use
// small in-memory word sets and the commands pass the real dictionary.
package scoring
