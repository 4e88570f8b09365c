// Package chamfer is OpenCV's distance transform (L2, 5x5 mask, 32-bit
// float distances) without the labels gocv's DistanceTransform always
// asks for. Asked for labels, OpenCV labels the zero pixels' connected
// components and carries each label along both passes; the distances are
// the same 5x5 chamfer sums either way (chamfer_test.go checks that, pixel
// for pixel), and without the labels the transform costs a fraction of
// the time. vision/loose measures its tiles with it.
package chamfer
