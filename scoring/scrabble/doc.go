// Package scrabble is the referee of Scrabble (RULES.md): the 15x15 board
// and its grid text (a blank is its letter in lower case, "*" a blank whose
// letter is unknown), the standard premium layout, the 100-tile set, and
// from the boards before and after a turn the placed tiles, the rule broken
// or the words and points.
package scrabble
