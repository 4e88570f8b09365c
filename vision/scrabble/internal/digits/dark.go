package digits

// Face is the grey of a whitened tile's face (vision/scrabble's whiten);
// Ink is the grey under which a pixel is part of a mark (vision/scrabble's
// looseInk: a small value's thin strokes are lighter than its letter's).
const (
	Face = 225.0
	Ink  = 170
)

// MarkFeatures is the input (Features) of one mark of a whitened grey
// crop w pixels wide: grey(i) is pixel i's grey (0..255), label(i) its
// ink component (0 where it is no ink), id the mark's component and
// x0..x1, y0..y1 its box (inclusive). The mark's own ink and the lighter
// grey round it (its anti-aliased rim) count, by how much darker than
// the face they are; another component's ink inside the box does not.
func MarkFeatures(grey func(i int) uint8, label func(i int) int32, w int, id int32, x0, y0, x1, y1 int) []float32 {
	return Features(func(x, y int) float32 {
		i := (y0+y)*w + x0 + x
		if l := label(i); l != 0 && l != id {
			return 0
		}
		return min(max(float32((Face-float64(grey(i)))/Face), 0), 1)
	}, x1-x0+1, y1-y0+1)
}
