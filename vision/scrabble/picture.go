package scrabble

import (
	"image"
	"image/draw"
	"math"
	"sync"

	"github.com/tilescope/tilescope/vision"
)

// picture is the photo, sampled with sub-pixel accuracy. A JPEG's
// *image.YCbCr is sampled as it is (the scan reads a few tens of
// thousands of points; converting the whole photo costs more); anything
// else is converted to RGBA once. A grey picture (deblurredFrame's)
// holds only part of the picture (its Rect inside W x H, minPt zero);
// the pixels outside it are black.
type picture struct {
	rgba  *image.RGBA
	ycc   *image.YCbCr
	grey  *image.Gray
	W, H  int
	minPt image.Point
	// patches keeps the premium squares' patches and the proposed
	// boards' squares' looks once found (pictureMemo); shared by the
	// picture's copies.
	patches *pictureMemo
}

func toPicture(img image.Image) picture {
	b := img.Bounds()
	p := picture{W: b.Dx(), H: b.Dy(), minPt: b.Min, patches: &pictureMemo{}}
	switch m := img.(type) {
	case *image.YCbCr:
		p.ycc = m
		return p
	case *image.RGBA:
		p.rgba = m
		return p
	}
	m := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(m, m.Rect, img, b.Min, draw.Src)
	p.rgba, p.minPt = m, image.Point{}
	return p
}

// pixel is the colour of pixel (x, y), counted from the picture's corner.
func (p picture) pixel(x, y int) (r, g, b float64) {
	x += p.minPt.X
	y += p.minPt.Y
	if m := p.ycc; m != nil {
		yi := m.YOffset(x, y)
		var ci int
		if m.SubsampleRatio == image.YCbCrSubsampleRatio420 {
			// a phone's JPEG: COffset's case, without its call
			ci = (y/2-m.Rect.Min.Y/2)*m.CStride + (x/2 - m.Rect.Min.X/2)
		} else {
			ci = m.COffset(x, y)
		}
		// color.YCbCrToRGB's integer arithmetic, without its call
		rc, gc, bc := vision.YCbCrChroma(m.Cb[ci], m.Cr[ci])
		r, g, b := vision.YCbCrRGB(m.Y[yi], rc, gc, bc)
		return float64(r), float64(g), float64(b)
	}
	if m := p.grey; m != nil {
		if !(image.Point{x, y}.In(m.Rect)) {
			return 0, 0, 0 // outside the picture's part: black
		}
		v := float64(m.Pix[m.PixOffset(x, y)])
		return v, v, v
	}
	o := p.rgba.PixOffset(x, y)
	return float64(p.rgba.Pix[o]), float64(p.rgba.Pix[o+1]), float64(p.rgba.Pix[o+2])
}

// at is the bilinear colour at pixel position pt (pixel centres at +0.5);
// outside the picture it is the nearest edge pixel's.
func (p picture) at(pt vision.Point) (c [3]float64) {
	x, y := pt.X-0.5, pt.Y-0.5
	x = min(max(x, 0), float64(p.W-1))
	y = min(max(y, 0), float64(p.H-1))
	x0, y0 := int(x), int(y)
	x1, y1 := min(x0+1, p.W-1), min(y0+1, p.H-1)
	fx, fy := x-float64(x0), y-float64(y0)
	var r00, g00, b00, r01, g01, b01, r10, g10, b10, r11, g11, b11 float64
	if m := p.ycc; m != nil && m.SubsampleRatio == image.YCbCrSubsampleRatio420 {
		// a phone's JPEG: pixel's arithmetic for the four pixels at
		// once, each chroma sample's terms taken once (the four pixels
		// share one, two or four of them)
		ax0, ax1 := x0+p.minPt.X, x1+p.minPt.X
		ay0, ay1 := y0+p.minPt.Y, y1+p.minPt.Y
		yr0 := (ay0-m.Rect.Min.Y)*m.YStride - m.Rect.Min.X
		yr1 := (ay1-m.Rect.Min.Y)*m.YStride - m.Rect.Min.X
		cr0 := (ay0/2 - m.Rect.Min.Y/2) * m.CStride
		cr1 := (ay1/2 - m.Rect.Min.Y/2) * m.CStride
		cc0, cc1 := ax0/2-m.Rect.Min.X/2, ax1/2-m.Rect.Min.X/2
		rc00, gc00, bc00 := vision.YCbCrChroma(m.Cb[cr0+cc0], m.Cr[cr0+cc0])
		rc01, gc01, bc01 := rc00, gc00, bc00
		if cc1 != cc0 {
			rc01, gc01, bc01 = vision.YCbCrChroma(m.Cb[cr0+cc1], m.Cr[cr0+cc1])
		}
		rc10, gc10, bc10, rc11, gc11, bc11 := rc00, gc00, bc00, rc01, gc01, bc01
		if cr1 != cr0 {
			rc10, gc10, bc10 = vision.YCbCrChroma(m.Cb[cr1+cc0], m.Cr[cr1+cc0])
			rc11, gc11, bc11 = rc10, gc10, bc10
			if cc1 != cc0 {
				rc11, gc11, bc11 = vision.YCbCrChroma(m.Cb[cr1+cc1], m.Cr[cr1+cc1])
			}
		}
		r00, g00, b00 = rgbFloat(vision.YCbCrRGB(m.Y[yr0+ax0], rc00, gc00, bc00))
		r01, g01, b01 = rgbFloat(vision.YCbCrRGB(m.Y[yr0+ax1], rc01, gc01, bc01))
		r10, g10, b10 = rgbFloat(vision.YCbCrRGB(m.Y[yr1+ax0], rc10, gc10, bc10))
		r11, g11, b11 = rgbFloat(vision.YCbCrRGB(m.Y[yr1+ax1], rc11, gc11, bc11))
	} else {
		r00, g00, b00 = p.pixel(x0, y0)
		r01, g01, b01 = p.pixel(x1, y0)
		r10, g10, b10 = p.pixel(x0, y1)
		r11, g11, b11 = p.pixel(x1, y1)
	}
	w00, w01, w10, w11 := (1-fx)*(1-fy), fx*(1-fy), (1-fx)*fy, fx*fy
	c[0] = r00*w00 + r01*w01 + r10*w10 + r11*w11
	c[1] = g00*w00 + g01*w01 + g10*w10 + g11*w11
	c[2] = b00*w00 + b01*w01 + b10*w10 + b11*w11
	return c
}

// luma is the brightness at pixel position pt, bilinear as at: a
// JPEG's own luma plane where the picture is one, else at's colour
// weighed as luma is.
func (p picture) luma(pt vision.Point) float64 {
	m := p.ycc
	if m == nil {
		c := p.at(pt)
		return 0.299*c[0] + 0.587*c[1] + 0.114*c[2]
	}
	x, y := pt.X-0.5, pt.Y-0.5
	x = min(max(x, 0), float64(p.W-1))
	y = min(max(y, 0), float64(p.H-1))
	x0, y0 := int(x), int(y)
	x1, y1 := min(x0+1, p.W-1), min(y0+1, p.H-1)
	fx, fy := x-float64(x0), y-float64(y0)
	r0 := m.YOffset(x0+p.minPt.X, y0+p.minPt.Y)
	r1 := m.YOffset(x0+p.minPt.X, y1+p.minPt.Y)
	dx := x1 - x0
	a, b := float64(m.Y[r0]), float64(m.Y[r0+dx])
	c, d := float64(m.Y[r1]), float64(m.Y[r1+dx])
	return (a*(1-fx)+b*fx)*(1-fy) + (c*(1-fx)+d*fx)*fy
}

// rgbWindow is the picture's pixels over a rectangle (x0, y0)-(x1, y1),
// inclusive, as picture.pixel gives them, three bytes a pixel row by row;
// empty where x1 < x0.
type rgbWindow struct {
	x0, y0, x1, y1 int
	pix            []uint8
}

// window converts the pixels every bilinear sample inside the hull of
// the points q reaches (picture.at's four pixels), at most most pixels
// of them (none otherwise: atIn then samples the picture as at does).
func (p picture) window(q [4]vision.Point, most int) rgbWindow {
	return p.windowIn(q, most, nil)
}

// windows holds the crops' windows' bytes between crops (cropPart).
var windows = sync.Pool{New: func() any { return new([]uint8) }}

// windowIn is window, its bytes in buf where buf is long enough (every
// one of them written).
func (p picture) windowIn(q [4]vision.Point, most int, buf []uint8) rgbWindow {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, pt := range q {
		x0, y0 = math.Min(x0, pt.X-0.5), math.Min(y0, pt.Y-0.5)
		x1, y1 = math.Max(x1, pt.X-0.5), math.Max(y1, pt.Y-0.5)
	}
	if !(x0 >= -1e6 && y0 >= -1e6 && x1 <= 1e6 && y1 <= 1e6) { // NaN or far off
		return rgbWindow{x1: -1}
	}
	w := rgbWindow{
		x0: max(0, int(math.Floor(x0))-1), y0: max(0, int(math.Floor(y0))-1),
		x1: min(p.W-1, int(math.Floor(x1))+2), y1: min(p.H-1, int(math.Floor(y1))+2),
	}
	if w.x1 < w.x0 || w.y1 < w.y0 || (w.x1-w.x0+1)*(w.y1-w.y0+1) > most {
		return rgbWindow{x1: -1}
	}
	ww := w.x1 - w.x0 + 1
	if n := 3 * ww * (w.y1 - w.y0 + 1); cap(buf) >= n {
		w.pix = buf[:n]
	} else {
		w.pix = make([]uint8, n)
	}
	if m := p.ycc; m != nil && m.SubsampleRatio == image.YCbCrSubsampleRatio420 && w.x0+p.minPt.X >= 0 {
		// a phone's JPEG: pixel's arithmetic a row at a time, each
		// chroma sample's terms taken once for the pixels sharing it
		// (columns left of the origin, a sub-image's, where ax/2
		// rounds towards zero, are left to pixel below)
		ax0, ax1 := w.x0+p.minPt.X, w.x1+p.minPt.X
		for y := w.y0; y <= w.y1; y++ {
			ay := y + p.minPt.Y
			yr := (ay-m.Rect.Min.Y)*m.YStride - m.Rect.Min.X
			cr := (ay/2 - m.Rect.Min.Y/2) * m.CStride
			// the row's luma, its chroma from the first pixel's sample
			// on, and its converted pixels
			lum := m.Y[yr+ax0 : yr+ax1+1]
			c0 := cr + ax0/2 - m.Rect.Min.X/2
			cb, crr := m.Cb[c0:], m.Cr[c0:]
			out := w.pix[3*(y-w.y0)*ww : 3*(y-w.y0+1)*ww]
			// ax/2 - ax0/2 is the chroma sample's place after the
			// first's: 0 for the first pixel (and its right neighbour
			// where ax0 is even), then one more every two pixels
			k, ci := 0, 0
			if ax0&1 == 1 {
				rc, gc, bc := vision.YCbCrChroma(cb[0], crr[0])
				o := out[0:3:3]
				o[0], o[1], o[2] = vision.YCbCrRGB(lum[0], rc, gc, bc)
				k, ci = 1, 1
			}
			for ; k+1 < len(lum); k, ci = k+2, ci+1 {
				rc, gc, bc := vision.YCbCrChroma(cb[ci], crr[ci])
				o := out[3*k : 3*k+6 : 3*k+6]
				o[0], o[1], o[2] = vision.YCbCrRGB(lum[k], rc, gc, bc)
				o[3], o[4], o[5] = vision.YCbCrRGB(lum[k+1], rc, gc, bc)
			}
			if k < len(lum) {
				rc, gc, bc := vision.YCbCrChroma(cb[ci], crr[ci])
				o := out[3*k : 3*k+3 : 3*k+3]
				o[0], o[1], o[2] = vision.YCbCrRGB(lum[k], rc, gc, bc)
			}
		}
		return w
	}
	i := 0
	for y := w.y0; y <= w.y1; y++ {
		for x := w.x0; x <= w.x1; x++ {
			r, g, b := p.pixel(x, y)
			w.pix[i], w.pix[i+1], w.pix[i+2] = uint8(r), uint8(g), uint8(b)
			i += 3
		}
	}
	return w
}

// atIn is at, its pixels taken from w where w holds all four. (The
// picture by pointer: its copy at every sample cost more than the
// sample's arithmetic.)
func (p *picture) atIn(w *rgbWindow, pt vision.Point) (c [3]float64) {
	x, y := pt.X-0.5, pt.Y-0.5
	// at's clamping, skipped where it changes nothing: inside the
	// picture (pt.X-0.5 is never -0, which max would make +0)
	if w1 := float64(p.W - 1); !(x >= 0 && x <= w1) {
		x = min(max(x, 0), w1)
	}
	if h1 := float64(p.H - 1); !(y >= 0 && y <= h1) {
		y = min(max(y, 0), h1)
	}
	x0, y0 := int(x), int(y)
	x1, y1 := min(x0+1, p.W-1), min(y0+1, p.H-1)
	if x0 < w.x0 || y0 < w.y0 || x1 > w.x1 || y1 > w.y1 {
		return p.at(pt)
	}
	fx, fy := x-float64(x0), y-float64(y0)
	ww := w.x1 - w.x0 + 1
	i00 := 3 * ((y0-w.y0)*ww + x0 - w.x0)
	i01 := i00 + 3*(x1-x0)
	i10 := i00 + 3*ww*(y1-y0)
	i11 := i10 + 3*(x1-x0)
	w00, w01, w10, w11 := (1-fx)*(1-fy), fx*(1-fy), (1-fx)*fy, fx*fy
	// each channel's sum in at's order, the four pixels' bytes taken as
	// three-byte slices (one bounds check each)
	p00, p01 := w.pix[i00:i00+3:i00+3], w.pix[i01:i01+3:i01+3]
	p10, p11 := w.pix[i10:i10+3:i10+3], w.pix[i11:i11+3:i11+3]
	c[0] = float64(p00[0])*w00 + float64(p01[0])*w01 + float64(p10[0])*w10 + float64(p11[0])*w11
	c[1] = float64(p00[1])*w00 + float64(p01[1])*w01 + float64(p10[1])*w10 + float64(p11[1])*w11
	c[2] = float64(p00[2])*w00 + float64(p01[2])*w01 + float64(p10[2])*w10 + float64(p11[2])*w11
	return c
}

// rgbFloat is a colour's channels as float64.
func rgbFloat(r, g, b uint8) (float64, float64, float64) {
	return float64(r), float64(g), float64(b)
}

func pointXY(x, y float64) vision.Point { return vision.Point{X: x, Y: y} }
