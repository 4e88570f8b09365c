package vision

import (
	"image/color"
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
