package dataset

import (
	"image"
	"math"
)

// SampleRGB is img's colour at (x, y) in img's own coordinates, pixel
// centres at integers, interpolated bilinearly from the four pixels
// around it; outside img the edge pixels are repeated. The square
// crops cut for training (ocr/internal/train) and for evaluation
// (ocr/internal/scrcrops) are both sampled with it, so a crop cut the
// same way is the same pixels in either.
func SampleRGB(img image.Image, x, y float64) [3]uint8 {
	b := img.Bounds()
	x0, y0 := int(math.Floor(x)), int(math.Floor(y))
	fx, fy := x-float64(x0), y-float64(y0)
	rgba, isRGBA := img.(*image.RGBA)
	var acc [3]float64
	for j := 0; j < 2; j++ {
		for i := 0; i < 2; i++ {
			w := (1 - math.Abs(float64(i)-fx)) * (1 - math.Abs(float64(j)-fy))
			if w == 0 {
				continue
			}
			px := min(max(x0+i, b.Min.X), b.Max.X-1)
			py := min(max(y0+j, b.Min.Y), b.Max.Y-1)
			var r, g, bl uint8
			if isRGBA {
				k := rgba.PixOffset(px, py)
				r, g, bl = rgba.Pix[k], rgba.Pix[k+1], rgba.Pix[k+2]
			} else {
				cr, cg, cb, _ := img.At(px, py).RGBA()
				r, g, bl = uint8(cr>>8), uint8(cg>>8), uint8(cb>>8)
			}
			acc[0] += w * float64(r)
			acc[1] += w * float64(g)
			acc[2] += w * float64(bl)
		}
	}
	return [3]uint8{uint8(acc[0] + 0.5), uint8(acc[1] + 0.5), uint8(acc[2] + 0.5)}
}
