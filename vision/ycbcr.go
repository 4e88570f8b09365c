package vision

import "image"

// A JPEG's pixels to RGB without image/color's call per pixel: the same
// fixed-point arithmetic as color.YCbCrToRGB, so the same bytes, split
// so that the chroma terms, shared by two or four pixels in a phone's
// 4:2:0 JPEG, are worked out once.

// YCbCrChroma is color.YCbCrToRGB's chroma terms for cb and cr, to add
// to each of their pixels' luma in YCbCrRGB.
func YCbCrChroma(cb, cr uint8) (rc, gc, bc int32) {
	b, r := int32(cb)-128, int32(cr)-128
	return 91881 * r, -22554*b - 46802*r, 116130 * b
}

// YCbCrRGB is color.YCbCrToRGB(y, cb, cr) given cb's and cr's terms
// (YCbCrChroma).
func YCbCrRGB(y uint8, rc, gc, bc int32) (r, g, b uint8) {
	yy := int32(y) * 0x10101
	return level16(yy + rc), level16(yy + gc), level16(yy + bc)
}

// level16 is a channel in 16.16 fixed point clamped to 0..255.
func level16(v int32) uint8 {
	if uint32(v)&0xff000000 == 0 {
		return uint8(v >> 16)
	}
	return uint8(^(v >> 31))
}

// YCbCrRow420 converts the pixels x0..x1 of row y of the 4:2:0 picture m
// (a phone's JPEG) to RGB into out, three bytes a pixel: the bytes
// color.YCbCrToRGB gives (YCbCrRGB), each chroma sample's terms worked
// out once for the two pixels sharing it, without a bounds check or an
// offset's sum a pixel. x0 is at least 0 (left of the origin, x/2
// rounds towards zero and a chroma sample is shared otherwise);
// x0..x1 and y lie inside m.Rect.
func YCbCrRow420(m *image.YCbCr, x0, x1, y int, out []uint8) {
	yr := (y-m.Rect.Min.Y)*m.YStride - m.Rect.Min.X
	lum := m.Y[yr+x0 : yr+x1+1]
	c0 := (y/2-m.Rect.Min.Y/2)*m.CStride - m.Rect.Min.X/2 + x0/2
	cb, cr := m.Cb[c0:], m.Cr[c0:]
	out = out[:3*len(lum)]
	// x/2 - x0/2 is the chroma sample's place after the first's: 0 for
	// the first pixel (and its right neighbour where x0 is even), then
	// one more every two pixels
	k, ci := 0, 0
	if x0&1 == 1 {
		rc, gc, bc := YCbCrChroma(cb[0], cr[0])
		o := out[0:3:3]
		o[0], o[1], o[2] = YCbCrRGB(lum[0], rc, gc, bc)
		k, ci = 1, 1
	}
	for ; k+1 < len(lum); k, ci = k+2, ci+1 {
		rc, gc, bc := YCbCrChroma(cb[ci], cr[ci])
		o := out[3*k : 3*k+6 : 3*k+6]
		o[0], o[1], o[2] = YCbCrRGB(lum[k], rc, gc, bc)
		o[3], o[4], o[5] = YCbCrRGB(lum[k+1], rc, gc, bc)
	}
	if k < len(lum) {
		rc, gc, bc := YCbCrChroma(cb[ci], cr[ci])
		o := out[3*k : 3*k+3 : 3*k+3]
		o[0], o[1], o[2] = YCbCrRGB(lum[k], rc, gc, bc)
	}
}
