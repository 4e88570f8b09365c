package scrabble

import (
	"image"
	"image/color"
	"math/rand/v2"
	"testing"
)

// TestPicturePixel checks picture.pixel on a JPEG's YCbCr against the
// standard library's conversion, for each chroma subsampling, on a
// picture whose corner is not at the origin.
func TestPicturePixel(t *testing.T) {
	ratios := []struct {
		name string
		r    image.YCbCrSubsampleRatio
	}{
		{"4:2:0", image.YCbCrSubsampleRatio420},
		{"4:2:2", image.YCbCrSubsampleRatio422},
		{"4:4:4", image.YCbCrSubsampleRatio444},
		{"4:4:0", image.YCbCrSubsampleRatio440},
	}
	rng := rand.New(rand.NewPCG(7, 9))
	for _, c := range ratios {
		t.Run(c.name, func(t *testing.T) {
			m := image.NewYCbCr(image.Rect(3, 5, 40, 31), c.r)
			for _, s := range [][]uint8{m.Y, m.Cb, m.Cr} {
				for i := range s {
					s[i] = uint8(rng.IntN(256))
				}
			}
			p := toPicture(m)
			for y := 0; y < p.H; y++ {
				for x := 0; x < p.W; x++ {
					r, g, b := p.pixel(x, y)
					yi, ci := m.YOffset(x+3, y+5), m.COffset(x+3, y+5)
					wr, wg, wb := color.YCbCrToRGB(m.Y[yi], m.Cb[ci], m.Cr[ci])
					if r != float64(wr) || g != float64(wg) || b != float64(wb) {
						t.Fatalf("(%d, %d): %v %v %v, want %v %v %v", x, y, r, g, b, wr, wg, wb)
					}
				}
			}
		})
	}
}
