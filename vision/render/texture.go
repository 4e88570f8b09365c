package render

import (
	"image"
	"math"
)

// texture is an RGBA image with a chain of half-size levels (a mipmap), so
// that a face drawn small is sampled from a level of about its size instead
// of aliasing.
type texture struct {
	w, h   int
	wrap   bool // repeat (table cloth) rather than clamp (a tile face)
	levels []*texLevel
}

type texLevel struct {
	w, h int
	pix  []uint8 // RGBA, 8 bits each (small: the big board texture stays in cache better)
}

// newTexture builds a texture from an *image.RGBA (non-premultiplied
// colours are fine: our textures are opaque or use alpha for cut-outs).
func newTexture(img *image.RGBA, wrap bool) *texture {
	b := img.Bounds()
	l := &texLevel{w: b.Dx(), h: b.Dy(), pix: make([]uint8, 4*b.Dx()*b.Dy())}
	for y := 0; y < l.h; y++ {
		o := img.PixOffset(b.Min.X, b.Min.Y+y)
		copy(l.pix[4*y*l.w:4*(y+1)*l.w], img.Pix[o:o+4*l.w])
	}
	t := &texture{w: l.w, h: l.h, wrap: wrap, levels: []*texLevel{l}}
	for l.w > 4 && l.h > 4 {
		n := &texLevel{w: l.w / 2, h: l.h / 2}
		n.pix = make([]uint8, 4*n.w*n.h)
		for y := 0; y < n.h; y++ {
			for x := 0; x < n.w; x++ {
				for c := 0; c < 4; c++ {
					s := int(l.pix[4*((2*y)*l.w+2*x)+c]) + int(l.pix[4*((2*y)*l.w+2*x+1)+c]) +
						int(l.pix[4*((2*y+1)*l.w+2*x)+c]) + int(l.pix[4*((2*y+1)*l.w+2*x+1)+c])
					n.pix[4*(y*n.w+x)+c] = uint8((s + 2) / 4)
				}
			}
		}
		t.levels = append(t.levels, n)
		l = n
	}
	return t
}

// level picks the mip level for scale texels per pixel.
func (t *texture) level(scale float64) *texLevel {
	if scale <= 1.5 {
		return t.levels[0]
	}
	i := int(math.Log2(scale / 1.5))
	if i >= len(t.levels) {
		i = len(t.levels) - 1
	}
	return t.levels[i]
}

// sample returns the bilinear colour at texel coordinates (x, y), where
// texel i's centre is at i.
func (l *texLevel) sample(x, y float64, wrap bool) (r, g, b, a float64) {
	fx, fy := math.Floor(x), math.Floor(y)
	ax, ay := float32(x-fx), float32(y-fy)
	x0, y0 := int(fx), int(fy)
	x1, y1 := x0+1, y0+1
	if wrap {
		if l.w&(l.w-1) == 0 && l.h&(l.h-1) == 0 {
			mw, mh := l.w-1, l.h-1
			x0, x1, y0, y1 = x0&mw, x1&mw, y0&mh, y1&mh
		} else {
			x0, x1 = mod(x0, l.w), mod(x1, l.w)
			y0, y1 = mod(y0, l.h), mod(y1, l.h)
		}
	} else {
		x0, x1 = clampi(x0, l.w), clampi(x1, l.w)
		y0, y1 = clampi(y0, l.h), clampi(y1, l.h)
	}
	p := l.pix
	i00, i10 := 4*(y0*l.w+x0), 4*(y0*l.w+x1)
	i01, i11 := 4*(y1*l.w+x0), 4*(y1*l.w+x1)
	w00 := float32((1 - ax) * (1 - ay))
	w10 := float32(ax * (1 - ay))
	w01 := float32((1 - ax) * ay)
	w11 := float32(ax * ay)
	r = float64(float32(float32(p[i00])*w00) + float32(float32(p[i10])*w10) + float32(float32(p[i01])*w01) + float32(float32(p[i11])*w11))
	g = float64(float32(float32(p[i00+1])*w00) + float32(float32(p[i10+1])*w10) + float32(float32(p[i01+1])*w01) + float32(float32(p[i11+1])*w11))
	b = float64(float32(float32(p[i00+2])*w00) + float32(float32(p[i10+2])*w10) + float32(float32(p[i01+2])*w01) + float32(float32(p[i11+2])*w11))
	a = float64(float32(float32(p[i00+3])*w00)+float32(float32(p[i10+3])*w10)+float32(float32(p[i01+3])*w01)+float32(float32(p[i11+3])*w11)) / 255
	return
}

func mod(a, n int) int {
	a %= n
	if a < 0 {
		a += n
	}
	return a
}

func clampi(a, n int) int {
	if a < 0 {
		return 0
	}
	if a >= n {
		return n - 1
	}
	return a
}
