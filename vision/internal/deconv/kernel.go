package deconv

import "math"

// GaussianKernel is a Gaussian of sigma pixels sampled at whole pixels
// out to reach sigmas either side of its centre (rounded up: the kernel
// has 2r+1 taps, r = len/2), its weights summing to 1. It lives here,
// without cgo, so that the cgo-free trainers under vision (the Scrabble
// value digits') blur with the kernel the readers use;
// vision.GaussianKernel hands it on to the packages outside vision.
func GaussianKernel(sigma, reach float64) []float64 {
	r := int(math.Ceil(reach * sigma))
	k := make([]float64, 2*r+1)
	var sum float64
	for i := range k {
		d := float64(i - r)
		k[i] = math.Exp(-d * d / (2 * sigma * sigma))
		sum += k[i]
	}
	for i := range k {
		k[i] /= sum
	}
	return k
}
