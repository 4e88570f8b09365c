package scrabble

import (
	"image"
	"sort"
)

// whiten turns a tile's crop into a grey one whose face is near white and
// whose letter is dark, whatever the tile's wood or the light: the tile
// reader learned from light tiles, and reads the darker woods' faint
// contrast as an empty square. The face's level is the crop's median
// grey (the face fills most of it); the ink's is its darkest few percent.
func whiten(m *image.RGBA) *image.RGBA {
	n := m.Rect.Dx() * m.Rect.Dy()
	g := make([]float64, n)
	for i := 0; i < n; i++ {
		o := 4 * i
		g[i] = 0.299*float64(m.Pix[o]) + 0.587*float64(m.Pix[o+1]) + 0.114*float64(m.Pix[o+2])
	}
	s := append([]float64(nil), g...)
	sort.Float64s(s)
	lo, face := s[n*inkPercent/100], s[n/2]
	out := image.NewRGBA(m.Rect)
	if face-lo < 1 {
		copy(out.Pix, m.Pix)
		return out
	}
	for i := 0; i < n; i++ {
		v := (g[i] - lo) / (face - lo) * faceGrey
		v = min(max(v, 0), 255)
		o := 4 * i
		out.Pix[o], out.Pix[o+1], out.Pix[o+2], out.Pix[o+3] = uint8(v), uint8(v), uint8(v), 255
	}
	return out
}

const (
	inkPercent = 2
	faceGrey   = 225.0
)

// inkContrast is the darkest ink's grey and the face's grey in the middle
// of a tile's crop (its centre 60%, where the letter is).
func inkContrast(m *image.RGBA) (ink, face float64) {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	var g []float64
	for y := h / 5; y < h-h/5; y++ {
		for x := w / 5; x < w-w/5; x++ {
			o := y*m.Stride + 4*x
			g = append(g, 0.299*float64(m.Pix[o])+0.587*float64(m.Pix[o+1])+0.114*float64(m.Pix[o+2]))
		}
	}
	sort.Float64s(g)
	return g[len(g)*inkPercent/100], g[len(g)/2]
}
