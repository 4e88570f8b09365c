// Package scrhalf splits the 16 labelled real Scrabble photos
// (../shared/data/photos/scrabble-board, labels
// vision/scrabble/testdata/real) into the tuning half and the held-out
// half, as docs/loose-tiles.md ("Blanks on a printed board") splits them.
// scrcrops cuts both halves for measuring; the trainer (-scr-real) may
// read the tuning half only, and asks this package which photos those are,
// so that the two can never disagree.
package scrhalf
