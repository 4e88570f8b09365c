// Package lexicon scores Lexicon Crossing: each player builds one
// crossword of Scrabble tiles on the table, and at the end the crosswords
// are scored and ranked.
//
// # Layout
//
// A player's crossword is written as a Layout: one row per line, one
// character per cell, '.' or a space for an empty square, a letter A-Z (any
// case) for a tile. Row and column numbers are 0-based line and character
// positions in the file, so a message "row 2, column 0" points into the
// file as written. Lines may have different lengths; missing cells are
// empty.
//
// # Words and score
//
// The words are the maximal runs of two or more tiles, across and down. A
// crossword is valid when it has tiles, its tiles form one piece (joined
// edge to edge), every tile is in a word and every word is in the
// dictionary. Checks in that order: empty, not_connected, not_a_word.
//
// Its points are the Scrabble values of the tiles that lie in two words
// (an across word and a down word), each tile counted once. The score is
// points / (words + leftover tiles): every tile left unused counts as one
// more word. Scores are shown to two decimals and on the seed's "x50"
// scale (score x 50), which feels like a Scrabble score. The seed's
// example: KEYBOARD crossed by CAKE, BED and RUBBISH: K5 + B3 + R1 = 9
// points over 4 words = 2.25 (x50: 112.5).
//
// # Ranking
//
// Rank orders several players' results by exact score (compared as
// fractions, not rounded decimals); equal scores share a rank; invalid
// crosswords come last with no rank.
package lexicon
