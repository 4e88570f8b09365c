package vision

import (
	"image"

	"gocv.io/x/gocv"
	"image/color"
)

// Plane is an 8-bit grey image in Go memory: the full-resolution picture the
// scan samples with sub-pixel accuracy, and the bytes gocv Mats wrap.
type Plane struct {
	W, H int
	Pix  []uint8 // row-major, stride W
}

// Luma converts any image to its grey plane. *image.YCbCr (what image/jpeg
// decodes) and *image.RGBA/*image.NRGBA/*image.Gray take fast paths.
func Luma(img image.Image) Plane {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	p := Plane{W: w, H: h, Pix: make([]uint8, w*h)}
	switch m := img.(type) {
	case *image.YCbCr:
		for y := 0; y < h; y++ {
			off := (b.Min.Y+y-m.Rect.Min.Y)*m.YStride + (b.Min.X - m.Rect.Min.X)
			copy(p.Pix[y*w:(y+1)*w], m.Y[off:off+w])
		}
	case *image.Gray:
		for y := 0; y < h; y++ {
			off := m.PixOffset(b.Min.X, b.Min.Y+y)
			copy(p.Pix[y*w:(y+1)*w], m.Pix[off:off+w])
		}
	case *image.RGBA:
		rgbLuma(p, m.Pix, m.Stride, m.PixOffset(b.Min.X, b.Min.Y))
	case *image.NRGBA:
		rgbLuma(p, m.Pix, m.Stride, m.PixOffset(b.Min.X, b.Min.Y))
	default:
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				g := color.GrayModel.Convert(img.At(b.Min.X+x, b.Min.Y+y)).(color.Gray)
				p.Pix[y*w+x] = g.Y
			}
		}
	}
	return p
}

func rgbLuma(p Plane, pix []uint8, stride, start int) {
	for y := 0; y < p.H; y++ {
		src := pix[start+y*stride : start+y*stride+4*p.W]
		dst := p.Pix[y*p.W : (y+1)*p.W]
		for x := range dst {
			r, g, b := uint32(src[4*x]), uint32(src[4*x+1]), uint32(src[4*x+2])
			dst[x] = uint8((19595*r + 38470*g + 7471*b + 1<<15) >> 16)
		}
	}
}

// At returns the bilinear-interpolated grey value at the continuous image
// position (x, y), pixel centres at half-integers; outside it returns -1.
func (p Plane) At(x, y float64) float64 {
	x -= 0.5 // pixel (i, j) has its centre at (i+0.5, j+0.5)
	y -= 0.5
	if x < 0 || y < 0 || x > float64(p.W-1) || y > float64(p.H-1) {
		return -1
	}
	x0, y0 := int(x), int(y)
	x1, y1 := x0+1, y0+1
	if x1 >= p.W {
		x1 = p.W - 1
	}
	if y1 >= p.H {
		y1 = p.H - 1
	}
	fx, fy := x-float64(x0), y-float64(y0)
	a := float64(p.Pix[y0*p.W+x0])
	b := float64(p.Pix[y0*p.W+x1])
	c := float64(p.Pix[y1*p.W+x0])
	d := float64(p.Pix[y1*p.W+x1])
	return (a*(1-fx)+b*fx)*(1-fy) + (c*(1-fx)+d*fx)*fy
}

// ColourAt returns the colour of img at (x, y) in the full-resolution pixel
// frame (relative to img.Bounds().Min).
func ColourAt(img image.Image, x, y int) (r, g, b float64) {
	bd := img.Bounds()
	x += bd.Min.X
	y += bd.Min.Y
	switch m := img.(type) {
	case *image.RGBA:
		if !(image.Point{x, y}.In(m.Rect)) {
			return 0, 0, 0
		}
		o := m.PixOffset(x, y)
		return float64(m.Pix[o]), float64(m.Pix[o+1]), float64(m.Pix[o+2])
	default:
		cr, cg, cb, _ := img.At(x, y).RGBA()
		return float64(cr >> 8), float64(cg >> 8), float64(cb >> 8)
	}
}

// warpMat samples the region that hm maps [0,w]x[0,h] onto into a new w x h
// grey plane, by OpenCV on a grey Mat: hm maps output pixels to
// source pixels (continuous coordinates, pixel centres at half-integers).
func warpMat(src gocv.Mat, hm Homography, w, h int) Plane {
	// OpenCV's pixel centres are at integers: shift by half a pixel on
	// both sides, then invert (OpenCV wants source -> destination).
	half := Homography{1, 0, 0.5, 0, 1, 0.5, 0, 0, 1}
	unhalf := Homography{1, 0, -0.5, 0, 1, -0.5, 0, 0, 1}
	m := unhalf.Mul(hm).Mul(half).Inverse()
	mat := gocv.NewMatWithSize(3, 3, gocv.MatTypeCV64F)
	defer mat.Close()
	for i := 0; i < 9; i++ {
		mat.SetDoubleAt(i/3, i%3, m[i])
	}
	dst := gocv.NewMat()
	defer dst.Close()
	gocv.WarpPerspectiveWithParams(src, &dst, mat, image.Pt(w, h), gocv.InterpolationLinear, gocv.BorderConstant, color.RGBA{})
	return matPlane(dst)
}
