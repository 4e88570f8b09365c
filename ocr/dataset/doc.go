// Package dataset loads labelled tile crops for training and evaluating
// the tile reader: the real photos with YOLO polygon labels (the "ban-seg"
// Bananagrams photos by Zawaer, Roboflow Universe, CC BY 4.0), and folders
// of crops with one sub-folder per letter.
//
// Tiles are cut out of a photo in two ways: Box, the axis-aligned bounding
// box of the tile's polygon plus a margin, as photographed (any rotation);
// and Warp, the tile's minimum-area rectangle rectified by a perspective
// warp to a square with a margin (rotation a multiple of 90 degrees, as a
// board reader hands over a cell).
package dataset
