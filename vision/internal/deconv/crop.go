package deconv

import (
	"image"
	"math"
	"sync"

	"github.com/tilescope/tilescope/ocr"
)

// cropPlanes are LumaCrop's working planes, kept between calls
// (cropPool): a hard scene deconvolves hundreds of crops.
type cropPlanes struct {
	obs, est, blur, ratio, tmp []float64
}

var cropPool = sync.Pool{New: func() any { return new(cropPlanes) }}

// LumaCrop is the crop c's luminance (ocr.Luma) sharpened by iters steps
// of Richardson-Lucy deconvolution of the symmetric kernel k (along x,
// then y: ConvolveSep), drawn grey into out, which it returns: out is
// c's size (every pixel written) and may be c itself (the crop is read
// before out is written). The face crops of vision/pyramids and
// vision/upwords are sharpened so before a reader reads them.
func LumaCrop(out, c *image.RGBA, k []float64, iters int) *image.RGBA {
	w, h := c.Rect.Dx(), c.Rect.Dy()
	pl := cropPool.Get().(*cropPlanes)
	defer cropPool.Put(pl)
	plane := func(b *[]float64) []float64 {
		if cap(*b) < w*h {
			*b = make([]float64, w*h)
		}
		*b = (*b)[:w*h]
		return *b
	}
	obs, est, blur, ratio, tmp := plane(&pl.obs), plane(&pl.est), plane(&pl.blur), plane(&pl.ratio), plane(&pl.tmp)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			o := c.PixOffset(c.Rect.Min.X+x, c.Rect.Min.Y+y)
			obs[y*w+x] = float64(ocr.Luma(c.Pix[o], c.Pix[o+1], c.Pix[o+2])) + 1
		}
	}
	copy(est, obs)
	g := func(src, dst []float64) { ConvolveSep(src, dst, tmp, w, h, k) }
	RichardsonLucy(obs, est, blur, ratio, iters, g, g)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			u := uint8(math.Max(0, math.Min(255, est[y*w+x]-1+0.5)))
			o := out.PixOffset(out.Rect.Min.X+x, out.Rect.Min.Y+y)
			out.Pix[o], out.Pix[o+1], out.Pix[o+2], out.Pix[o+3] = u, u, u, 255
		}
	}
	return out
}
