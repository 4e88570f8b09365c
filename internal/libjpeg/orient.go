package libjpeg

// Oriented returns the picture turned upright by its EXIF orientation, as
// OpenCV's imdecode turns it (2 mirrors left-right, 3 turns half round, 4
// mirrors top-bottom, 5 transposes, 6 turns a quarter clockwise, 7
// transposes the other way, 8 turns a quarter anticlockwise); 0, 1 and
// any other value leave it as it is. The pixels are only moved, never
// changed. Its Orientation is then 1 (or 0 as before).
func (p Picture) Oriented() Picture {
	o := p.Orientation
	if o < 2 || o > 8 {
		return p
	}
	w, h := p.W, p.H
	ow, oh := w, h
	if o >= 5 {
		ow, oh = h, w
	}
	out := Picture{W: ow, H: oh, BGR: make([]byte, len(p.BGR)), Orientation: 1}
	for y := 0; y < oh; y++ {
		for x := 0; x < ow; x++ {
			// (sx, sy): where the pixel at (x, y) of the turned picture
			// comes from.
			var sx, sy int
			switch o {
			case 2:
				sx, sy = w-1-x, y
			case 3:
				sx, sy = w-1-x, h-1-y
			case 4:
				sx, sy = x, h-1-y
			case 5:
				sx, sy = y, x
			case 6:
				sx, sy = y, h-1-x
			case 7:
				sx, sy = w-1-y, h-1-x
			case 8:
				sx, sy = w-1-y, x
			}
			d, s := 3*(y*ow+x), 3*(sy*w+sx)
			out.BGR[d], out.BGR[d+1], out.BGR[d+2] = p.BGR[s], p.BGR[s+1], p.BGR[s+2]
		}
	}
	return out
}
