package pyramids

import (
	"image"
	"math"
)

// blurPicture blurs a picture by three box blurs (about a Gaussian of
// sigma pixels): a camera out of focus.
func blurPicture(p picture, sigma float64) picture {
	if sigma <= 0 {
		return p
	}
	r := int(math.Round(sigma * 0.9))
	if r < 1 {
		r = 1
	}
	m := image.NewRGBA(image.Rect(0, 0, p.W, p.H))
	copy(m.Pix, p.Pix)
	tmp := make([]uint8, len(m.Pix))
	for pass := 0; pass < 3; pass++ {
		boxPass(m.Pix, tmp, p.W, p.H, r, 4, 4*p.W)
		boxPass(tmp, m.Pix, p.H, p.W, r, 4*p.W, 4)
	}
	return picture{RGBA: m, W: p.W, H: p.H}
}

// boxPass averages along lines of n pixels (step apart) for each of
// count lines (stride apart), writing dst.
func boxPass(src, dst []uint8, n, count, r, step, stride int) {
	for line := 0; line < count; line++ {
		base := line * stride
		for c := 0; c < 3; c++ {
			for i := 0; i < n; i++ {
				sum, k := 0, 0
				for j := max(0, i-r); j <= min(n-1, i+r); j++ {
					sum += int(src[base+j*step+c])
					k++
				}
				dst[base+i*step+c] = uint8(sum / k)
			}
			for i := 0; i < n; i++ {
				dst[base+i*step+3] = 255
			}
		}
	}
}
