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
// (tmp the pass between), the edges repeated. Each output is the sum of
// its taps' products in the kernel's order from 0, as a loop over the
// taps per pixel would add them, so every value is the same to the bit;
// the loop runs over the taps outside and the pixels of a row inside,
// so the additions into neighbouring pixels do not wait on each other,
// and a tap's clamped pixels (before the first or past the last) are
// cut off as the row's two ends instead of clamped pixel by pixel.
func convolveSep(p, out, tmp []float64, n int, k []float64) {
	r := len(k) / 2
	for y := 0; y < n; y++ {
		row, acc := p[y*n:(y+1)*n], tmp[y*n:(y+1)*n]
		clear(acc)
		for i, w := range k {
			d := i - r
			lo, hi := min(n, max(0, -d)), max(0, min(n, n-d))
			first, last := row[0], row[n-1]
			for x := range acc[:lo] {
				acc[x] += w * first
			}
			if lo < hi {
				deconv.AddScaled(acc[lo:hi], row[lo+d:hi+d], w)
			}
			for x := range acc[hi:] {
				acc[hi+x] += w * last
			}
		}
	}
	// down the columns: tap by tap over the whole plane, the rows whose
	// tap falls inside it in one stretch (each output still adds its
	// taps in the kernel's order from 0), the clamped rows one by one
	out = out[:n*n]
	clear(out)
	for i, w := range k {
		d := i - r
		lo, hi := min(n, max(0, -d)), max(0, min(n, n-d))
		for y := 0; y < lo; y++ {
			deconv.AddScaled(out[y*n:(y+1)*n], tmp[:n], w)
		}
		if lo < hi {
			deconv.AddScaled(out[lo*n:hi*n], tmp[(lo+d)*n:(hi+d)*n], w)
		}
		for y := hi; y < n; y++ {
			deconv.AddScaled(out[y*n:(y+1)*n], tmp[(n-1)*n:n*n], w)
		}
	}
}
