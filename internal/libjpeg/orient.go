package libjpeg

import "github.com/tilescope/tilescope/internal/exif"

// Oriented returns the picture turned upright by its EXIF orientation, as
// OpenCV's imdecode turns it (2 mirrors left-right, 3 turns half round, 4
// mirrors top-bottom, 5 transposes, 6 turns a quarter clockwise, 7
// transposes the other way, 8 turns a quarter anticlockwise); 0, 1 and
// any other value leave it as it is. The pixels are only moved, never
// changed. Its Orientation is then 1 (or 0 as before).
func (p Picture) Oriented() Picture {
	o := p.Orientation
	if exif.Upright(o) {
		return p
	}
	w, h := p.W, p.H
	ow, oh := exif.Size(o, w, h)
	out := Picture{W: ow, H: oh, BGR: make([]byte, len(p.BGR)), Orientation: 1}
	for y := 0; y < oh; y++ {
		for x := 0; x < ow; x++ {
			sx, sy := exif.Source(o, w, h, x, y)
			d, s := 3*(y*ow+x), 3*(sy*w+sx)
			out.BGR[d], out.BGR[d+1], out.BGR[d+2] = p.BGR[s], p.BGR[s+1], p.BGR[s+2]
		}
	}
	return out
}
