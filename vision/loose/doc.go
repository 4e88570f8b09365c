// Package loose finds loose tiles on a table in a photo, reads them and
// places them on a lattice: the camera side of Lexicon Crossing (each
// player's free-form crossword of Scrabble tiles) and Scrabble Twists &
// Turns (notched tiles joined edge to edge).
package loose
