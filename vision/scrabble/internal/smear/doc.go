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
// -shake smears along a bent path at an uneven pace instead (the middle
// bowed out sideways by up to 0.3 of the length, the path's points
// weighted 1 + pace*(4t^2-1), pace from -0.7 to 0.7), as a hand's shake
// is no straight, even line.
//
// Each copy is written as OUT/<name>.jpg (quality 92) and its line as a
// line of OUT/smear.txt: name, length, degrees (and the bend and pace).
package main
