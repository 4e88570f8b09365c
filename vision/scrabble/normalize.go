package scrabble

import (
	"image"
	"slices"
	"sync"

	"github.com/tilescope/tilescope/internal/blobs"
	"github.com/tilescope/tilescope/vision/scrabble/internal/digits"
)

// whiten turns a tile's crop into a grey one whose face is near white and
// whose letter is dark, whatever the tile's wood or the light: the tile
// reader learned from light tiles, and reads the darker woods' faint
// contrast as an empty square. The face's level is the crop's median
// grey (the face fills most of it); the ink's is its darkest few percent.
//
// The levels are taken from the crop's middle (its centre 60%, where the
// letter is), not the whole crop: on a board darker than its tiles (the
// wooden edition) the whole crop's darkest pixels are the board's lines
// and the square around the tile, which left the letter a faint grey in
// a black frame (render sets seeds 1-3: letters misread 206 -> 137,
// those read sure 30 -> 19). whitenBy(m, false) is the old whole-crop
// whitening, which the blur gate (ocr.BlurSpread) was measured on.
func whiten(m *image.RGBA) *image.RGBA { return whitenBy(m, true) }

func whitenBy(m *image.RGBA, middle bool) *image.RGBA {
	n := m.Rect.Dx() * m.Rect.Dy()
	// the greys in a buffer kept for the next crop (the crops are
	// whitened by the thousand a scan)
	gp := greys.Get().(*[]float64)
	defer greys.Put(gp)
	if cap(*gp) < n {
		*gp = make([]float64, n)
	}
	g := (*gp)[:n]
	for i := range g {
		px := m.Pix[4*i : 4*i+3 : 4*i+3]
		g[i] = 0.299*float64(px[0]) + 0.587*float64(px[1]) + 0.114*float64(px[2])
	}
	// the levels' histogram, counted once for both percentiles
	var hist [256]int
	cnt := 0
	if middle {
		w, h := m.Rect.Dx(), m.Rect.Dy()
		const e = 5
		for y := h / e; y < h-h/e; y++ {
			for _, v := range g[y*w+w/e : y*w+w-w/e] {
				hist[level(v)]++
				cnt++
			}
		}
	} else {
		for _, v := range g {
			hist[level(v)]++
		}
		cnt = len(g)
	}
	lo, face := percentileOf(&hist, cnt, inkPercent), percentileOf(&hist, cnt, 50)
	out := image.NewRGBA(m.Rect)
	if face-lo < 1 {
		copy(out.Pix, m.Pix)
		return out
	}
	for i, gi := range g {
		v := (gi - lo) / (face - lo) * faceGrey
		v = min(max(v, 0), 255)
		px := out.Pix[4*i : 4*i+4 : 4*i+4]
		px[0], px[1], px[2], px[3] = uint8(v), uint8(v), uint8(v), 255
	}
	return out
}

// greys holds whitenBy's buffers of grey levels between crops.
var greys = sync.Pool{New: func() any { return new([]float64) }}

const (
	inkPercent = 2
	faceGrey   = 225.0
)

// inkContrast is the darkest ink's grey and the face's grey in the middle
// of a tile's crop (its centre 60%, where the letter is).
func inkContrast(m *image.RGBA) (ink, face float64) {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	// the levels' histogram, counted once for both percentiles
	var hist [256]int
	n := 0
	for y := h / 5; y < h-h/5; y++ {
		for x := w / 5; x < w-w/5; x++ {
			o := y*m.Stride + 4*x
			px := m.Pix[o : o+3 : o+3]
			g := 0.299*float64(px[0]) + 0.587*float64(px[1]) + 0.114*float64(px[2])
			hist[level(g)]++
			n++
		}
	}
	return percentileOf(&hist, n, inkPercent), percentileOf(&hist, n, 50)
}

// level is the histogram's bin of grey level g (0..255): the nearest
// whole level, clamped.
func level(g float64) int { return min(max(int(g+0.5), 0), 255) }

// percentileOf is the k-th percentile of the n grey levels counted in h
// (h[l]: how many of them lie nearest level l, level), to the nearest
// level.
func percentileOf(h *[256]int, n, k int) float64 {
	want := n * k / 100
	n = 0
	for i, c := range h {
		n += c
		if n > want {
			return float64(i)
		}
	}
	return 255
}

// dropValue paints out a tile's value number: on an upright whitened crop
// (whiten), the dark components other than the letter that lie wholly in
// the bottom-right part of the tile, where Scrabble tiles print it, and
// touch no side of the crop. The reader is meant to leave it out by
// itself, but a value close to its letter joins it (V and its 4 read as
// K). The letter is the largest component that touches no side of the
// crop and is as tall as a letter, wherever it lies: the largest of all
// is often the dark gap or frame around the tile at the crop's edge, and
// a corner piece of that is no value. It returns a new crop; the letter is
// untouched. A value that touches its letter stays (one component).
func dropValue(m *image.RGBA) *image.RGBA {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	dark := make([]bool, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			dark[y*w+x] = m.Pix[y*m.Stride+4*x] < inkLevel
		}
	}
	label, comps := blobs.Label(w, h, func(i int) bool { return dark[i] })
	corner := func(c blobs.Blob) bool {
		return float64(c.X0) >= valueFrom*float64(w) && float64(c.Y0) >= valueFrom*float64(h)
	}
	letter := 0
	for i := 1; i < len(comps); i++ {
		if c := comps[i]; !c.Edge(w, h) && float64(c.Y1-c.Y0+1) >= letterTall*float64(h) && c.N > comps[letter].N {
			letter = i
		}
	}
	out := image.NewRGBA(m.Rect)
	copy(out.Pix, m.Pix)
	for i := 1; i < len(comps); i++ {
		c := comps[i]
		if i == letter || c.Edge(w, h) || !corner(c) {
			continue
		}
		for y := c.Y0; y <= c.Y1; y++ {
			for x := c.X0; x <= c.X1; x++ {
				if label[y*w+x] == int32(i) {
					o := y*out.Stride + 4*x
					out.Pix[o], out.Pix[o+1], out.Pix[o+2] = faceGrey, faceGrey, faceGrey
				}
			}
		}
	}
	return out
}

const (
	inkLevel   = 110  // grey: darker is ink, on a whitened crop
	valueFrom  = 0.6  // a value number lies right of and below this share of the crop
	letterTall = 0.25 // a letter is at least this share of the crop tall; a value is less
)

// clearValue paints out a tile's value number as dropValue does, and
// more of it: a value placed by the letter as well as by the crop, and
// the grey halo round each value's ink (the pixels within valueHalo of
// it that are not ink of another component nor beside the letter's
// ink). A value placed by the letter is a component other than the
// letter that lies below the letter's middle, starts no more than
// valueTuck left of its right side, reaches down to about its foot,
// stands valueLeast to valueOfLetter of its height and no wider than
// tall (as digits stand), holds at most valueInk of its ink, and is not
// joined to it at the lighter grey looseInk. So a stroke the whitening
// broke off a blurred letter (an E's bottom bar, a G's jaw, an L's foot)
// is kept, and so is a speck (a blurred digit's dot, which dropValue
// leaves too). On the real photos' tiles the value's top often lies just
// above dropValue's fixed corner (a tile a little off its square, a
// steep view's foreshortened crop), and where dropValue painted a value
// its grey outline was left: an I's 1 so painted still read as L's foot,
// a P's 3 as R's leg, an N's 1 as M's stroke.
func clearValue(m *image.RGBA) *image.RGBA {
	out, _ := clearValueBy(m)
	return out
}

// clearValueBy is clearValue, and whether it painted out a mark only its
// letter placed as a value (one dropValue leaves).
func clearValueBy(m *image.RGBA) (*image.RGBA, bool) {
	v := findValue(m)
	return v.clear(m), v.byLetterOnly
}

// valueMarks are the ink components of an upright whitened crop
// (whiten) and which of them are its letter and its value number.
type valueMarks struct {
	w, h         int
	label        []int32      // each pixel's component (0: no ink)
	comps        []blobs.Blob // the components, comps[0] none
	letter       int          // the letter's component (0: none found)
	marks        []int        // the value's components, as clearValue paints them
	byLetterOnly bool         // some mark is placed by its letter only (one dropValue leaves)
	// the ink at the lighter grey looseInk, labelled where a letter was
	// found (nil otherwise): each pixel's component and the components
	loose      []int32
	looseComps []blobs.Blob
}

// findValue finds a crop's letter and the marks clearValue paints out
// as its value number.
func findValue(m *image.RGBA) valueMarks {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	label, comps := blobs.Label(w, h, func(i int) bool { return m.Pix[(i/w)*m.Stride+4*(i%w)] < inkLevel })
	letter := 0
	for i := 1; i < len(comps); i++ {
		if c := comps[i]; !c.Edge(w, h) && float64(c.Y1-c.Y0+1) >= letterTall*float64(h) && c.N > comps[letter].N {
			letter = i
		}
	}
	l := comps[letter]
	byCrop := func(c blobs.Blob) bool {
		return float64(c.X0) >= valueFrom*float64(w) && float64(c.Y0) >= valueFrom*float64(h)
	}
	v := valueMarks{w: w, h: h, label: label, comps: comps, letter: letter}
	// the ink joined at a lighter grey: a letter's stroke the whitening
	// broke (a blurred L's foot, G's bar) stays one with its letter
	if letter != 0 {
		v.loose, v.looseComps = blobs.Label(w, h, func(i int) bool { return m.Pix[(i/w)*m.Stride+4*(i%w)] < looseInk })
	}
	byLetter := func(c blobs.Blob, i int) bool {
		if letter == 0 {
			return false
		}
		lh := float64(l.Y1 - l.Y0 + 1)
		return 2*c.Y0 >= l.Y0+l.Y1 && c.X0 >= l.X1-valueTuck && float64(c.Y1) >= float64(l.Y1)-0.1*lh && float64(c.Y1-c.Y0+1) <= valueOfLetter*lh && float64(c.Y1-c.Y0+1) >= valueLeast*lh && float64(c.X1-c.X0+1) <= valueOfLetter*lh && c.X1-c.X0 <= c.Y1-c.Y0 && float64(c.N) <= valueInk*float64(l.N) &&
			looseOf(v, i) != looseOf(v, letter)
	}
	for i := 1; i < len(comps); i++ {
		c := comps[i]
		if i == letter || c.Edge(w, h) {
			continue
		}
		if !byCrop(c) {
			if !byLetter(c, i) {
				continue
			}
			v.byLetterOnly = true
		}
		v.marks = append(v.marks, i)
	}
	return v
}

// clear is m with v's marks painted out, each with its halo, the face's
// grey round it.
func (v valueMarks) clear(m *image.RGBA) *image.RGBA {
	w, h, label, comps, letter := v.w, v.h, v.label, v.comps, v.letter
	l := comps[letter]
	// beside the letter: its ink and the pixels touching it
	near := make([]bool, w*h)
	if letter != 0 {
		for y := max(l.Y0-1, 0); y <= min(l.Y1+1, h-1); y++ {
			for x := max(l.X0-1, 0); x <= min(l.X1+1, w-1); x++ {
				if label[y*w+x] != int32(letter) {
					continue
				}
				for dy := -1; dy <= 1; dy++ {
					for dx := -1; dx <= 1; dx++ {
						if xx, yy := x+dx, y+dy; xx >= 0 && yy >= 0 && xx < w && yy < h {
							near[yy*w+xx] = true
						}
					}
				}
			}
		}
	}
	out := image.NewRGBA(m.Rect)
	copy(out.Pix, m.Pix)
	mark := make([]int32, w*h)
	var paints []int
	for _, i := range v.marks {
		c := comps[i]
		// the pixels to paint: the value's ink and its halo
		paint := paints[:0]
		for y := c.Y0; y <= c.Y1; y++ {
			for x := c.X0; x <= c.X1; x++ {
				if label[y*w+x] != int32(i) {
					continue
				}
				for dy := -valueHalo; dy <= valueHalo; dy++ {
					for dx := -valueHalo; dx <= valueHalo; dx++ {
						xx, yy := x+dx, y+dy
						if xx < 0 || yy < 0 || xx >= w || yy >= h {
							continue
						}
						q := yy*w + xx
						if (label[q] != 0 && label[q] != int32(i)) || near[q] || mark[q] == int32(i) {
							continue
						}
						mark[q] = int32(i)
						paint = append(paint, q)
					}
				}
			}
		}
		// painted the face's own grey round it: the upper quartile of the
		// light pixels just outside what is painted (the lower ones may be
		// a shadow or the tile's edge)
		var ring []uint8
		for y := max(c.Y0-valueHalo-2, 0); y <= min(c.Y1+valueHalo+2, h-1); y++ {
			for x := max(c.X0-valueHalo-2, 0); x <= min(c.X1+valueHalo+2, w-1); x++ {
				if q := y*w + x; mark[q] != int32(i) && label[q] == 0 {
					ring = append(ring, m.Pix[y*m.Stride+4*x])
				}
			}
		}
		fill := uint8(faceGrey)
		if len(ring) > 0 {
			slices.Sort(ring)
			fill = ring[len(ring)*3/4]
		}
		for _, q := range paint {
			o := (q/w)*out.Stride + 4*(q%w)
			out.Pix[o], out.Pix[o+1], out.Pix[o+2] = fill, fill, fill
		}
		paints = paint
	}
	return out
}

const (
	valueOfLetter = 0.55       // a value number is at most this share of its letter's height
	valueHalo     = 2          // pixels round a value's ink painted out with it
	valueLeast    = 0.25       // a value number is at least this share of its letter's height; a smaller speck is left
	valueInk      = 0.25       // a value number's ink is at most this share of its letter's
	valueTuck     = 2          // pixels a value may reach left of its letter's right side
	looseInk      = digits.Ink // grey: ink joined at this level is one stroke (the digit model's ink too)
)
