package vision

import "github.com/tilescope/tilescope/vision/internal/deconv"

// GaussianKernel is a Gaussian of sigma pixels sampled at whole pixels
// out to reach sigmas either side of its centre, its weights summing to
// 1 (deconv.GaussianKernel, for the packages outside vision). The
// deconvolution of Pyramids faces, the trainer's blurs and the Scrabble
// crops' blur all take their kernels from it.
func GaussianKernel(sigma, reach float64) []float64 {
	return deconv.GaussianKernel(sigma, reach)
}
