package scrabble

import (
	"image"
	"image/draw"

	"github.com/tilescope/tilescope/vision"
)

// picture is the photo as 8-bit RGBA in Go memory, sampled with sub-pixel
// accuracy.
type picture struct {
	*image.RGBA
	W, H int
}

func toPicture(img image.Image) picture {
	b := img.Bounds()
	m, ok := img.(*image.RGBA)
	if !ok || b.Min != (image.Point{}) || m.Stride != 4*b.Dx() {
		m = image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		draw.Draw(m, m.Rect, img, b.Min, draw.Src)
	}
	return picture{RGBA: m, W: b.Dx(), H: b.Dy()}
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
	o00, o01 := y0*p.Stride+4*x0, y0*p.Stride+4*x1
	o10, o11 := y1*p.Stride+4*x0, y1*p.Stride+4*x1
	for k := 0; k < 3; k++ {
		a, b := float64(p.Pix[o00+k]), float64(p.Pix[o01+k])
		cc, d := float64(p.Pix[o10+k]), float64(p.Pix[o11+k])
		c[k] = (a*(1-fx)+b*fx)*(1-fy) + (cc*(1-fx)+d*fx)*fy
	}
	return c
}

func pointXY(x, y float64) vision.Point { return vision.Point{X: x, Y: y} }
