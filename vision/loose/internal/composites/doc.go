// Command composites makes photos of wooden Scrabble tiles lying anyhow
// on a printed board, off its squares, from the hand-labelled real
// photos: lettered tiles are cut from source photos (each square holding
// one, through its board's corners) and drawn onto a target photo's
// board at random places and turns, through the target board's own
// homography (so the perspective is the target's), clear of the tiles
// already there and of each other. Each composite is written as
// OUT/images/TARGET_sS_K.png with YOLO box labels (the target's own
// tiles and the pasted ones, each box the quad's bounds grown by a
// tenth, as scrabblelabels writes them) in OUT/labels and classes.txt
// in OUT, for `tilescope eval-loose --photos OUT` (docs/loose-tiles.md,
// "Tiles lying anyhow on a printed board").
//
// The composites are crude: no shadow, the source's light, a square's
// whole picture (the tile and the gap round it). They stand for the
// team's photos of loose tiles on a board, which are not in the
// repository.
//
//	go run ./vision/loose/internal/composites \
//	    -images ../shared/data/photos/scrabble-board \
//	    -sources IMG_20141025_164035,IMG_20141025_164039 \
//	    -targets IMG_20141025_163920,IMG_20141025_163949 \
//	    -n 3 -tiles 14 -seed 99800 -out /tmp/comp
package main
