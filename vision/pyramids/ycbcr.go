package pyramids

import (
	"encoding/binary"
	"image"

	"github.com/tilescope/tilescope/vision"
)

// ycbcrRows writes rows [y0, y1) of the photo src (every row and column
// of it, its origin at dst's) into dst as RGBA, each pixel converted as
// image/draw converts it (color.YCbCrToRGB's integer arithmetic, the
// same bytes: TestYCbCrRows), and reports whether it could: only the
// 4:4:4, 4:2:2, 4:2:0 and 4:4:0 samplings at a non-negative origin, the
// rest left to image/draw. A photo is a JPEG's YCbCr, converted once a
// scan: image/draw's conversion was a fifth of a normal scan's
// instructions. Here each chroma sample's three terms are worked out once
// for the pixels that share it (two, or four, in a camera's 4:2:0) and
// each pixel is one store.
func ycbcrRows(dst *image.RGBA, src *image.YCbCr, y0, y1 int) bool {
	var hs, vs uint
	switch src.SubsampleRatio {
	case image.YCbCrSubsampleRatio444:
	case image.YCbCrSubsampleRatio422:
		hs = 1
	case image.YCbCrSubsampleRatio420:
		hs, vs = 1, 1
	case image.YCbCrSubsampleRatio440:
		vs = 1
	default:
		return false
	}
	sr := src.Rect
	if sr.Min.X < 0 || sr.Min.Y < 0 || dst.Rect.Dx() != sr.Dx() || dst.Rect.Dy() < y1 {
		return false
	}
	w := sr.Dx()
	if w == 0 {
		return true
	}
	// the chroma columns the picture's columns use, and each one's three
	// terms (red, green, blue)
	c0, c1 := sr.Min.X>>hs, (sr.Max.X-1)>>hs+1
	nc := c1 - c0
	tr, tg, tb := make([]int32, nc), make([]int32, nc), make([]int32, nc)
	lastRow := -1
	for y := y0; y < y1; y++ {
		if cy := (sr.Min.Y + y) >> vs; cy != lastRow {
			lastRow = cy
			co := (cy - sr.Min.Y>>vs) * src.CStride
			cb, cr := src.Cb[co:co+nc], src.Cr[co:co+nc]
			for j := range cb {
				tr[j], tg[j], tb[j] = vision.YCbCrChroma(cb[j], cr[j])
			}
		}
		ys := src.Y[y*src.YStride : y*src.YStride+w]
		out := dst.Pix[y*dst.Stride : y*dst.Stride+4*w]
		if hs == 0 {
			for x, yv := range ys {
				binary.LittleEndian.PutUint32(out[4*x:], ycbcrPixel(yv, tr[x], tg[x], tb[x]))
			}
			continue
		}
		// two pixels a chroma sample; a first pixel at an odd column
		// shares the chroma column before its pair's
		x, j := 0, 0
		if sr.Min.X&1 == 1 {
			binary.LittleEndian.PutUint32(out, ycbcrPixel(ys[0], tr[0], tg[0], tb[0]))
			x, j = 1, 1
		}
		for ; x+1 < w; x, j = x+2, j+1 {
			r, g, b := tr[j], tg[j], tb[j]
			binary.LittleEndian.PutUint64(out[4*x:], uint64(ycbcrPixel(ys[x], r, g, b))|uint64(ycbcrPixel(ys[x+1], r, g, b))<<32)
		}
		if x < w {
			binary.LittleEndian.PutUint32(out[4*x:], ycbcrPixel(ys[x], tr[j], tg[j], tb[j]))
		}
	}
	return true
}

// ycbcrPixel is one pixel of color.YCbCrToRGB, its chroma's terms given
// (vision.YCbCrChroma), as RGBA's four bytes (opaque) in memory order:
// vision.YCbCrRGB's sum, clamped by a table lookup instead of its
// branch (about four times faster here: BenchmarkYCbCrRows, 25 ms
// with vision.YCbCrRGB a pixel against 6-8 ms).
func ycbcrPixel(yv uint8, r, g, b int32) uint32 {
	yy1 := int32(yv) * 0x10101
	return uint32(clamp16(yy1+r)) | uint32(clamp16(yy1+g))<<8 | uint32(clamp16(yy1+b))<<16 | 0xff<<24
}

// clamp16 is one channel of color.YCbCrToRGB from its 16.16 fixed point
// sum: the sum's integer part, 0 below 0 and 255 above 255, looked up
// (the sums of any Y, Cb and Cr lie within clampTable's reach).
func clamp16(v int32) uint8 { return clampTable[uint32(v>>16+clampZero)&uint32(len(clampTable)-1)] }

// clampTable is clamp16's table: entry clampZero+i is i clamped to 0..255.
var clampTable = func() (t [1024]uint8) {
	for i := range t {
		t[i] = uint8(min(max(i-clampZero, 0), 255))
	}
	return t
}()

const clampZero = 512
