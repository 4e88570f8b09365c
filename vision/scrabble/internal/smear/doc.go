// Command smear writes copies of photos, each smeared along a straight
// line as a hand's shake smears it (render.MotionBlur): the line's
// length drawn from -min to -max pixels and its direction from 0 to 180
// degrees, per photo, from the seed and the photo's place in the sorted
// list. It makes a tuning set of blurred boards with real tiles and
// letters out of sharp photos whose labels still hold (a smear moves no
// square): docs/scrabble-vision.md, "A second look at a motion-blurred
// board". From the repository root:
//
//	go run ./vision/scrabble/internal/smear -seed 99000 -out /tmp/smeared PHOTO...
//
// Each copy is written as OUT/<name>.jpg (quality 92) and its line as a
// line of OUT/smear.txt: name, length, degrees.
package main
