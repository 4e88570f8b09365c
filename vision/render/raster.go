package render

import (
	"math"
	"sync"
)

// canvas is the ideal (undistorted) image being drawn: RGBA bytes, with an
// offset so that it can extend past the final image where barrel distortion
// will pull pixels in from outside.
type canvas struct {
	w, h   int
	pix    []uint8 // RGBA, stride 4*w; alpha unused
	ox, oy float64 // canvas pixel = ideal image pixel + (ox, oy)
}

func newCanvas(w, h int, ox, oy float64) *canvas {
	return &canvas{w: w, h: h, pix: getPix(4 * w * h), ox: ox, oy: oy}
}

// The big scratch buffers are reused from scene to scene: a canvas is
// wholly overwritten by the table before anything reads it, and a shadow
// mask is returned all zero (drawShadowsOf clears what it used). The pools
// hold pointers, so that putting a buffer back allocates nothing.
var pixPool, maskPool sync.Pool

func getPix(n int) []uint8 {
	if v, ok := pixPool.Get().(*[]uint8); ok && cap(*v) >= n {
		return (*v)[:n]
	}
	return make([]uint8, n)
}

func putPix(v []uint8) { pixPool.Put(&v) }

func getMask(n int) []float32 {
	if v, ok := maskPool.Get().(*[]float32); ok && cap(*v) >= n {
		return (*v)[:n]
	}
	return make([]float32, n)
}

func putMask(v []float32) { maskPool.Put(&v) }

// edges holds a convex polygon's edge lines, normalised so that the value
// at a point is its signed distance in pixels, positive inside.
type edges struct {
	n          int
	nx, ny, c  [40]float64
	minY, maxY float64
}

func makeEdges(p []pt) (edges, bool) {
	var e edges
	if len(p) < 3 || len(p) > 40 {
		return e, false
	}
	area := 0.0
	for i := range p {
		j := (i + 1) % len(p)
		area += float64(p[i].X*p[j].Y) - float64(p[j].X*p[i].Y)
	}
	if math.Abs(area) < 1e-9 || math.IsNaN(area) {
		return e, false
	}
	e.minY, e.maxY = math.Inf(1), math.Inf(-1)
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		if area < 0 {
			a, b = p[(len(p)-i)%len(p)], p[len(p)-1-i]
		}
		dx, dy := b.X-a.X, b.Y-a.Y
		l := math.Hypot(dx, dy)
		if l < 1e-12 {
			continue
		}
		nx, ny := -dy/l, dx/l
		e.nx[e.n], e.ny[e.n], e.c[e.n] = nx, ny, -(float64(nx*a.X) + float64(ny*a.Y))
		e.n++
		e.minY = math.Min(e.minY, p[i].Y)
		e.maxY = math.Max(e.maxY, p[i].Y)
	}
	return e, e.n >= 3
}

// span returns the pixel columns of row y whose centres lie within half a
// pixel of the polygon [x0, x1], and the columns wholly inside [i0, i1].
func (e *edges) span(y int, w int) (x0, x1, i0, i1 int) {
	yc := float64(y) + 0.5
	lo, hi := -1e18, 1e18
	ilo, ihi := -1e18, 1e18
	partial := false
	for k := 0; k < e.n; k++ {
		nx := e.nx[k]
		base := float64(e.ny[k]*yc) + e.c[k] // d = nx*x + base
		if math.Abs(nx) < 1e-12 {
			if base <= -0.5 {
				return 0, -1, 0, -1
			}
			if base < 0.5 {
				partial = true
			}
			continue
		}
		b := (-0.5 - base) / nx // d = -0.5
		bi := (0.5 - base) / nx // d = +0.5
		if nx > 0 {
			lo = math.Max(lo, b)
			ilo = math.Max(ilo, bi)
		} else {
			hi = math.Min(hi, b)
			ihi = math.Min(ihi, bi)
		}
	}
	x0 = int(math.Ceil(lo - 0.5))
	x1 = int(math.Floor(hi - 0.5))
	if x0 < 0 {
		x0 = 0
	}
	if x1 > w-1 {
		x1 = w - 1
	}
	if partial || ilo > ihi {
		return x0, x1, 0, -1
	}
	i0 = int(math.Ceil(ilo - 0.5))
	i1 = int(math.Floor(ihi - 0.5))
	return x0, x1, i0, i1
}

// cover is the fraction of pixel (x,y) the polygon covers, estimated from
// the distance of its centre to the nearest edge.
func (e *edges) cover(x, y int) float64 {
	xc, yc := float64(x)+0.5, float64(y)+0.5
	m := 1.0
	for k := 0; k < e.n; k++ {
		d := float64(e.nx[k]*xc) + float64(e.ny[k]*yc) + e.c[k] + 0.5
		if d < m {
			m = d
		}
	}
	if m < 0 {
		return 0
	}
	return m
}

func (e *edges) rows(h int) (int, int) {
	y0 := int(math.Floor(e.minY - 1))
	y1 := int(math.Ceil(e.maxY + 1))
	if y0 < 0 {
		y0 = 0
	}
	if y1 > h-1 {
		y1 = h - 1
	}
	return y0, y1
}

// fillFlat paints a convex polygon (canvas pixels) in one colour.
func (cv *canvas) fillFlat(p []pt, r, g, b float64, alpha float64) {
	e, ok := makeEdges(p)
	if !ok {
		return
	}
	y0, y1 := e.rows(cv.h)
	cr, cg, cb := clamp255(r), clamp255(g), clamp255(b)
	for y := y0; y <= y1; y++ {
		x0, x1, i0, i1 := e.span(y, cv.w)
		row := cv.pix[4*y*cv.w:]
		for x := x0; x <= x1; x++ {
			a := alpha
			if x < i0 || x > i1 {
				a *= e.cover(x, y)
				if a <= 0 {
					continue
				}
			}
			o := 4 * x
			if a >= 1 {
				row[o], row[o+1], row[o+2] = cr, cg, cb
				continue
			}
			row[o] = blend(row[o], r, a)
			row[o+1] = blend(row[o+1], g, a)
			row[o+2] = blend(row[o+2], b, a)
		}
	}
}

func blend(d uint8, s float64, a float64) uint8 {
	return clamp255(float64(d) + float64((s-float64(d))*a))
}

func clamp255(v float64) uint8 {
	if v <= 0 {
		return 0
	}
	if v >= 255 {
		return 255
	}
	return uint8(v + 0.5)
}

// fillTextured paints a convex polygon with a texture through the inverse
// homography hinv (canvas pixel -> texture coordinates in 0..1), each texel
// multiplied by tint (per channel; 1 keeps the texel). The texture's alpha
// cuts the shape (notches, holes).
func (cv *canvas) fillTextured(p []pt, tex *texture, hinv mat3, tint [3]float64, alpha float64) {
	e, ok := makeEdges(p)
	if !ok {
		return
	}
	lv := tex.level(mipScale(hinv, p, tex))
	tw, th := float64(lv.w), float64(lv.h)
	y0, y1 := e.rows(cv.h)
	tr, tg, tb := tint[0], tint[1], tint[2]
	for y := y0; y <= y1; y++ {
		x0, x1, i0, i1 := e.span(y, cv.w)
		if x0 > x1 {
			continue
		}
		yc := float64(y) + 0.5
		xc := float64(x0) + 0.5
		S := float64(hinv[0]*xc) + float64(hinv[1]*yc) + hinv[2]
		T := float64(hinv[3]*xc) + float64(hinv[4]*yc) + hinv[5]
		W := float64(hinv[6]*xc) + float64(hinv[7]*yc) + hinv[8]
		row := cv.pix[4*y*cv.w:]
		for x := x0; x <= x1; x, S, T, W = x+1, S+hinv[0], T+hinv[3], W+hinv[6] {
			a := alpha
			if x < i0 || x > i1 {
				a *= e.cover(x, y)
				if a <= 0 {
					continue
				}
			}
			if W == 0 {
				continue
			}
			iw := 1 / W
			r, g, b, ta := lv.sample(float64(S*iw*tw)-0.5, float64(T*iw*th)-0.5, tex.wrap)
			a *= ta
			if a <= 0 {
				continue
			}
			o := 4 * x
			if a >= 1 {
				row[o] = clamp255(float64(r * tr))
				row[o+1] = clamp255(float64(g * tg))
				row[o+2] = clamp255(float64(b * tb))
				continue
			}
			row[o] = blend(row[o], float64(r*tr), a)
			row[o+1] = blend(row[o+1], float64(g*tg), a)
			row[o+2] = blend(row[o+2], float64(b*tb), a)
		}
	}
}

// mipScale estimates how many texels of the base level fall on one pixel.
func mipScale(hinv mat3, p []pt, tex *texture) float64 {
	var cx, cy float64
	for _, q := range p {
		cx += q.X
		cy += q.Y
	}
	cx /= float64(len(p))
	cy /= float64(len(p))
	st := func(x, y float64) (float64, float64) {
		W := float64(hinv[6]*x) + float64(hinv[7]*y) + hinv[8]
		return float64((float64(hinv[0]*x) + float64(hinv[1]*y) + hinv[2]) / W * float64(tex.w)), float64((float64(hinv[3]*x) + float64(hinv[4]*y) + hinv[5]) / W * float64(tex.h))
	}
	s0, t0 := st(cx, cy)
	s1, t1 := st(cx+1, cy)
	s2, t2 := st(cx, cy+1)
	det := math.Abs(float64((s1-s0)*(t2-t0)) - float64((s2-s0)*(t1-t0)))
	return math.Sqrt(det)
}

// maskPoly raises a one-channel mask to the polygon's coverage times v.
func maskPoly(mask []float32, w, h int, p []pt, v float32) {
	e, ok := makeEdges(p)
	if !ok {
		return
	}
	y0, y1 := e.rows(h)
	for y := y0; y <= y1; y++ {
		x0, x1, i0, i1 := e.span(y, w)
		row := mask[y*w:]
		for x := x0; x <= x1; x++ {
			a := v
			if x < i0 || x > i1 {
				a *= float32(e.cover(x, y))
			}
			if a > row[x] {
				row[x] = a
			}
		}
	}
}
