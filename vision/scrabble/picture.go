package scrabble

import (
	"image"
	"image/draw"

	"github.com/tilescope/tilescope/vision"
)

// picture is the photo, sampled with sub-pixel accuracy. A JPEG's
// *image.YCbCr is sampled as it is (the scan reads a few tens of
// thousands of points; converting the whole photo costs more); anything
// else is converted to RGBA once.
type picture struct {
	rgba  *image.RGBA
	ycc   *image.YCbCr
	W, H  int
	minPt image.Point
}

func toPicture(img image.Image) picture {
	b := img.Bounds()
	p := picture{W: b.Dx(), H: b.Dy(), minPt: b.Min}
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
	r00, g00, b00 := p.pixel(x0, y0)
	r01, g01, b01 := p.pixel(x1, y0)
	r10, g10, b10 := p.pixel(x0, y1)
	r11, g11, b11 := p.pixel(x1, y1)
	w00, w01, w10, w11 := (1-fx)*(1-fy), fx*(1-fy), (1-fx)*fy, fx*fy
	c[0] = r00*w00 + r01*w01 + r10*w10 + r11*w11
	c[1] = g00*w00 + g01*w01 + g10*w10 + g11*w11
	c[2] = b00*w00 + b01*w01 + b10*w10 + b11*w11
	return c
}

func pointXY(x, y float64) vision.Point { return vision.Point{X: x, Y: y} }
