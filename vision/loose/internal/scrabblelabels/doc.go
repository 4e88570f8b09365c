// Command scrabblelabels writes YOLO box labels for the tiles of the real
// Scrabble photos from their hand-labelled boards.
//
// Each board file (vision/scrabble/testdata/real/NAME.txt: "# corners:"
// the 15x15 grid's four outer corners in the photo, then 15 rows of 15
// cells) gives, for every square that holds a tile, the square's four
// corners through the homography that takes the 15x15 grid to those
// corners; the square is grown by a tenth about its centre (a tile stands
// above the board and covers a little more than its square), and the box
// round it, normalised by the photo's size, is the tile's label:
// "CLASS cx cy w h", CLASS 0-25 the letters A-Z and 26 a blank tile
// (lower case or '*' in the board file). The photos' sizes come from the
// photos themselves (only their headers are read).
//
//	go run ./vision/loose/internal/scrabblelabels -boards vision/scrabble/testdata/real \
//	    -photos ../shared/data/photos/scrabble-board -out vision/loose/testdata/scrabble-real
//
// writes OUT/labels/NAME.txt and OUT/classes.txt. The output depends only
// on the board files and the photos' sizes: running it again gives the
// same bytes.
package main
