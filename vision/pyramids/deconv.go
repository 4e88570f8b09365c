package pyramids

import (
	"image"
	"math"
	"sync"

	"github.com/tilescope/tilescope/ocr"
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

// deconvPlanes are deconvolve's working planes, kept between calls
// (deconvPool): a hard scene deconvolves hundreds of crops.
type deconvPlanes struct {
	obs, est, blur, ratio, tmp []float64
}

var deconvPool = sync.Pool{New: func() any { return new(deconvPlanes) }}

// deconvolve is the crop's luminance sharpened by Richardson-Lucy
// deconvolution of a Gaussian of deconvSigma crop pixels, deconvIters
// iterations, as a grey crop of the same size.
func deconvolve(c *image.RGBA) *image.RGBA {
	n := c.Rect.Dx()
	return deconvolveInto(image.NewRGBA(image.Rect(0, 0, n, n)), c)
}

// deconvolveInto is deconvolve drawn into out (the crop's size at the
// origin, every pixel written; it may be c itself: the crop is read
// before out is written), which it returns.
func deconvolveInto(out, c *image.RGBA) *image.RGBA {
	n := c.Rect.Dx()
	pl := deconvPool.Get().(*deconvPlanes)
	defer deconvPool.Put(pl)
	plane := func(b *[]float64) []float64 {
		if cap(*b) < n*n {
			*b = make([]float64, n*n)
		}
		*b = (*b)[:n*n]
		return *b
	}
	obs, est, blur, ratio, tmp := plane(&pl.obs), plane(&pl.est), plane(&pl.blur), plane(&pl.ratio), plane(&pl.tmp)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			o := y*c.Stride + 4*x
			obs[y*n+x] = float64(ocr.Luma(c.Pix[o], c.Pix[o+1], c.Pix[o+2])) + 1
		}
	}
	copy(est, obs)
	gauss := func(src, dst []float64) { convolveSep(src, dst, tmp, n, deconvKernel) }
	deconv.RichardsonLucy(obs, est, blur, ratio, deconvIters, gauss, gauss)
	for i, v := range est {
		u := uint8(math.Max(0, math.Min(255, v-1+0.5)))
		out.Pix[4*i], out.Pix[4*i+1], out.Pix[4*i+2], out.Pix[4*i+3] = u, u, u, 255
	}
	return out
}

// convolveSep convolves the n x n plane p by k along x then y into out
// (tmp the pass between), the edges repeated (deconv.ConvolveSep).
func convolveSep(p, out, tmp []float64, n int, k []float64) {
	deconv.ConvolveSep(p, out, tmp, n, n, k)
}
