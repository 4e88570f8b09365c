package pyramids

import (
	"image"
	"math"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/vision"
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

// deconvolve is the crop's luminance sharpened by Richardson-Lucy
// deconvolution of a Gaussian of deconvSigma crop pixels, deconvIters
// iterations, as a grey crop of the same size.
func deconvolve(c *image.RGBA) *image.RGBA {
	n := c.Rect.Dx()
	obs := make([]float64, n*n)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			o := y*c.Stride + 4*x
			obs[y*n+x] = float64(ocr.Luma(c.Pix[o], c.Pix[o+1], c.Pix[o+2])) + 1
		}
	}
	k := vision.GaussianKernel(deconvSigma, 3)
	est := append([]float64(nil), obs...)
	blur, ratio, tmp := make([]float64, n*n), make([]float64, n*n), make([]float64, n*n)
	for it := 0; it < deconvIters; it++ {
		convolveSep(est, blur, tmp, n, k)
		for i := range obs {
			ratio[i] = obs[i] / math.Max(blur[i], 1e-3)
		}
		convolveSep(ratio, blur, tmp, n, k)
		for i := range est {
			est[i] *= blur[i]
		}
	}
	out := image.NewRGBA(image.Rect(0, 0, n, n))
	for i, v := range est {
		u := uint8(math.Max(0, math.Min(255, v-1+0.5)))
		out.Pix[4*i], out.Pix[4*i+1], out.Pix[4*i+2], out.Pix[4*i+3] = u, u, u, 255
	}
	return out
}

// convolveSep convolves the n x n plane p by k along x then y into out
// (tmp the pass between), the edges repeated.
func convolveSep(p, out, tmp []float64, n int, k []float64) {
	r := len(k) / 2
	for y := 0; y < n; y++ {
		row := p[y*n : (y+1)*n]
		for x := 0; x < n; x++ {
			a := 0.0
			for i, w := range k {
				a += w * row[max(0, min(n-1, x+i-r))]
			}
			tmp[y*n+x] = a
		}
	}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			a := 0.0
			for i, w := range k {
				a += w * tmp[max(0, min(n-1, y+i-r))*n+x]
			}
			out[y*n+x] = a
		}
	}
}
