package exif

// Upright reports whether orientation o leaves a picture as stored: 1, 0
// (none given), and any value EXIF does not define.
func Upright(o int) bool { return o < 2 || o > 8 }

// Size is the width and height of a w by h picture once turned upright
// by orientation o: 5 to 8 swap them.
func Size(o, w, h int) (int, int) {
	if !Upright(o) && o >= 5 {
		return h, w
	}
	return w, h
}

// Source is where the pixel at (x, y) of the upright picture comes from
// in the stored w by h picture, as OpenCV turns a picture by its
// orientation: 2 mirrors left-right, 3 turns it half round, 4 mirrors it
// top-bottom, 5 transposes it, 6 turns it a quarter clockwise, 7
// transposes it the other way, 8 turns it a quarter anticlockwise.
func Source(o, w, h, x, y int) (sx, sy int) {
	switch o {
	case 2:
		return w - 1 - x, y
	case 3:
		return w - 1 - x, h - 1 - y
	case 4:
		return x, h - 1 - y
	case 5:
		return y, x
	case 6:
		return y, h - 1 - x
	case 7:
		return w - 1 - y, h - 1 - x
	case 8:
		return w - 1 - y, x
	}
	return x, y
}
