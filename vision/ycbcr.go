package vision

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
