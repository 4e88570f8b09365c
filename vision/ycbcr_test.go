package vision

import (
	"image"
	"image/color"
	"math/rand/v2"
	"testing"
)

// TestYCbCrRGB checks YCbCrChroma and YCbCrRGB against
// color.YCbCrToRGB on every luma, chroma and chroma-red value.
func TestYCbCrRGB(t *testing.T) {
	for cb := 0; cb < 256; cb++ {
		for cr := 0; cr < 256; cr++ {
			rc, gc, bc := YCbCrChroma(uint8(cb), uint8(cr))
			for y := 0; y < 256; y++ {
				r, g, b := YCbCrRGB(uint8(y), rc, gc, bc)
				wr, wg, wb := color.YCbCrToRGB(uint8(y), uint8(cb), uint8(cr))
				if r != wr || g != wg || b != wb {
					t.Fatalf("y %d cb %d cr %d: %d,%d,%d, want %d,%d,%d", y, cb, cr, r, g, b, wr, wg, wb)
				}
			}
		}
	}
}

// TestYCbCrRow420 checks YCbCrRow420 against image.YCbCr's own At on
// rows of a 4:2:0 picture of random levels: spans starting on even and
// odd columns, of odd and even lengths, a single pixel, and a sub-image
// whose origin lies off (0, 0) on an odd column and row.
func TestYCbCrRow420(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	whole := image.NewYCbCr(image.Rect(0, 0, 37, 21), image.YCbCrSubsampleRatio420)
	for _, b := range [][]uint8{whole.Y, whole.Cb, whole.Cr} {
		for i := range b {
			b[i] = uint8(rng.IntN(256))
		}
	}
	sub := whole.SubImage(image.Rect(5, 3, 30, 20)).(*image.YCbCr)
	for _, tc := range []struct {
		name      string
		m         *image.YCbCr
		x0, x1, y int
	}{
		{"even start, even length", whole, 0, 35, 0},
		{"even start, odd length", whole, 2, 30, 7},
		{"odd start, odd length", whole, 1, 35, 8},
		{"odd start, even length", whole, 3, 36, 20},
		{"one pixel, odd column", whole, 9, 9, 5},
		{"one pixel, even column", whole, 10, 10, 5},
		{"sub-image, odd origin", sub, 5, 29, 3},
		{"sub-image, inside", sub, 8, 21, 14},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := make([]uint8, 3*(tc.x1-tc.x0+1))
			YCbCrRow420(tc.m, tc.x0, tc.x1, tc.y, out)
			for x := tc.x0; x <= tc.x1; x++ {
				c := tc.m.YCbCrAt(x, tc.y)
				r, g, b := color.YCbCrToRGB(c.Y, c.Cb, c.Cr)
				o := out[3*(x-tc.x0):]
				if o[0] != r || o[1] != g || o[2] != b {
					t.Fatalf("x %d: %d,%d,%d, want %d,%d,%d", x, o[0], o[1], o[2], r, g, b)
				}
			}
		})
	}
}
