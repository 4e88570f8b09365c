// Command closeups makes close-ups of tiles on a printed board from
// labelled photos: each photo cropped to the box round its labelled
// tiles grown by a margin of m tiles' sides (-margins 1,3), written as
// OUT/images/NAME_mM.png with its labels carried over (YOLO boxes,
// clipped to the crop) in OUT/labels/NAME_mM.txt, for
// `tilescope eval-loose --photos OUT` (copy classes.txt beside them).
// The board's outline is then mostly out of view, as in a photo taken
// close to the tiles (docs/loose-tiles.md, "Close-ups of a board").
//
//	go run ./vision/loose/internal/closeups \
//	    -images ../shared/data/photos/scrabble-board \
//	    -labels vision/loose/testdata/scrabble-real/labels \
//	    -out /tmp/closeup -names IMG_20141025_163920,...
package main
