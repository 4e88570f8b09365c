// Command augment writes copies of labelled real photos as another
// camera would have taken them, the labels carried along, for
// `tilescope eval-loose --photos OUT` (docs/loose-tiles.md, "Real photos
// as other cameras take them"). One transform family a run (or every
// family, each into its own folder, with -family all):
//
//	rot90    a quarter, half or three-quarter turn
//	rotate   any angle (the picture grown to hold it; the corners the
//	         mean colour of the photo's rim)
//	scale    the longer side 640 to 4032 px (log-uniform)
//	crop     a window of 55-85 % of each side: tiles cut by the edge
//	wb       a colour cast: warm tungsten, cool daylight or green
//	         fluorescent (gains in linear light)
//	dark     under-exposed by 1 to 2.5 stops
//	bright   over-exposed by 0.7 to 1.7 stops, highlights clipped
//	jpeg     saved at JPEG quality 30-95
//	noise    sensor noise, 4-12 grey levels a channel
//	defocus  a Gaussian blur of 2-5 % of the median tile's side
//	tilt     the camera turned 10-30 degrees off the table's normal
//	         about any axis (a perspective warp; the picture's longer
//	         side kept)
//	steep    as tilt, 30-45 degrees (the steepest view the Scrabble
//	         issue names)
//
// Each photo's draw comes from the seed, the family and the photo's place
// in the sorted list, so a run is the same every time. A label's points
// go through the photo's geometric map; a label cut by the picture's edge
// is clipped to it and kept when at least half of its area is in view
// (less is dropped: the tile's letter is mostly gone). Labels are written
// as polygons ("CLASS x1 y1 ..."), boxes included. The class list (the
// data.yaml, classes.txt or obj.names next to the photos or in their
// parent) is copied into OUT, and OUT/augment.txt lists each photo's draw.
// With -grids DIR, each photo's board label there (vision/scrabble's grid
// text, NAME.txt, with its "# corners:" line) is written to OUT/grids
// with its corners carried through the same map, for `tilescope eval-scan
// --game scrabble --photos OUT/images --labels OUT/grids` (the squares
// are the board's and stay; the corners are not clipped: a corner out of
// view stays where it would lie).
//
//	go run ./vision/loose/internal/augment -photos ../shared/data/photos/bananagrams-fi/valid \
//	    -family tilt -seed 104001 -out /tmp/aug/valid-tilt
//	go run ./vision/loose/internal/augment -images ../shared/data/photos/scrabble-board \
//	    -labels vision/loose/testdata/scrabble-real/labels \
//	    -classes vision/loose/testdata/scrabble-real/classes.txt -family all -seed 104002 -out /tmp/aug/scrabble
//
// Photos are written as JPEG at quality 95 (the jpeg family at its own).
package main
