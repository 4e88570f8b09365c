// Package blobs finds the connected components (4-connected) of the
// pixels a test picks out of a w x h picture: the dark marks of a tile's
// crop, say, of which the largest tall one is the letter and the small
// ones beside it a value number. Label gives each component's bounding
// box and size, and every pixel's component, so that a caller can paint
// out the components it does not want.
package blobs
