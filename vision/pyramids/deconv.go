package pyramids

import (
	"image"

	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/internal/deconv"
)

// deconvSigma and deconvIters: the Gaussian (crop pixels) a face crop
// is deconvolved by and the Richardson-Lucy iterations, for the second
// look at a pyramid not settled (faceReads.faceRead). Chosen on the
// tuning sets' faces cut at the true count (T-hard 98400, T-mhard 98401:
// 2.5, 3.5 and 5 px, 3-15 iterations; docs/pyramids-vision.md, "Letters
// on blurred faces: the deconvolved crop in the second look").
const (
	deconvSigma = 3.5
	deconvIters = 5
)

// deconvKernel is the Gaussian of deconvSigma, worked out once.
var deconvKernel = vision.GaussianKernel(deconvSigma, 3)

// deconvolve is the crop's luminance sharpened by Richardson-Lucy
// deconvolution of a Gaussian of deconvSigma crop pixels, deconvIters
// iterations, as a grey crop of the same size.
func deconvolve(c *image.RGBA) *image.RGBA {
	n := c.Rect.Dx()
	return deconvolveInto(image.NewRGBA(image.Rect(0, 0, n, n)), c)
}

// deconvolveInto is deconvolve drawn into out (the crop's size at the
// origin, every pixel written; it may be c itself: the crop is read
// before out is written), which it returns (deconv.LumaCrop).
func deconvolveInto(out, c *image.RGBA) *image.RGBA {
	return deconv.LumaCrop(out, c, deconvKernel, deconvIters)
}

// convolveSep convolves the n x n plane p by k along x then y into out
// (tmp the pass between), the edges repeated (deconv.ConvolveSep).
func convolveSep(p, out, tmp []float64, n int, k []float64) {
	deconv.ConvolveSep(p, out, tmp, n, n, k)
}
