package vision

import (
	"image"
	"math"
	"slices"
	"sort"
)

// The four centre squares of an Upwords board are printed light with a red
// mark. Where they show, they pin the grid: a grid fitted a whole square
// off (its outermost line taken from a line printed in the border, or the
// border's edge) has the marks off its centre block. fixByMarks moves it.

// squareColour measures the middle of square (r, c) of the fit over a
// lattice of samples: red is the upper quartile of how much red stands
// above green and blue (0..1, as a fraction of red), light the upper
// quartile of brightness (0..255; the
// upper quartile sees past a letter's strokes on a tile and the board
// around a mark). NaN when the square is not all in the picture.
func squareColour(img image.Image, h Homography, r, c int) (red, light float64) {
	const k = 7
	var rbuf, lbuf [k * k]float64 // on the stack
	reds, lights := rbuf[:0], lbuf[:0]
	b := img.Bounds()
	for j := 0; j < k; j++ {
		for i := 0; i < k; i++ {
			q := h.Apply(Point{float64(c) + 0.2 + 0.1*float64(i), float64(r) + 0.2 + 0.1*float64(j)})
			x, y := int(q.X), int(q.Y)
			if x < b.Min.X || y < b.Min.Y || x >= b.Max.X || y >= b.Max.Y {
				return math.NaN(), math.NaN()
			}
			var rr, gg, bb uint32
			if m, ok := img.(*image.YCbCr); ok {
				// img.At's colour, without boxing it.
				rr, gg, bb, _ = m.YCbCrAt(x, y).RGBA()
			} else {
				rr, gg, bb, _ = img.At(x, y).RGBA()
			}
			rf := float64(rr) / 257
			reds = append(reds, (rf-math.Max(float64(gg), float64(bb))/257)/math.Max(rf, 24))
			lights = append(lights, (0.299*float64(rr)+0.587*float64(gg)+0.114*float64(bb))/257)
		}
	}
	slices.Sort(reds)
	slices.Sort(lights)
	return reds[len(reds)*3/4], lights[len(lights)*3/4]
}

// fixByMarks returns h moved by a whole square (or two) in either
// direction when the red centre marks seen lie off the fit's centre block
// but inside a neighbouring block. Only boards with an even number of
// squares per side (a 2x2 centre block) are checked; with no mark in view
// (all covered by tiles) h is returned as it is.
//
// pinned reports that the marks seen allow one centre block only (every
// other block consistent with them holds an empty board square): the grid
// returned is then placed by the marks, whatever its lines' contrast.
// Marks that do not pin it never move a grid wholly in the picture
// partly out of it.
func fixByMarks(img image.Image, h Homography, n int) (_ Homography, pinned bool) {
	if img == nil || n%2 != 0 || n < 6 {
		return h, false
	}
	lo := n/2 - 1 // first row/column of the centre block
	// Every square's colour, measured once (the board's squares; any
	// other measured when asked).
	type colour struct{ red, light float64 }
	colours := make([]colour, n*n)
	colourOf := func(r, c int) (float64, float64) {
		if r < 0 || c < 0 || r >= n || c >= n {
			return squareColour(img, h, r, c)
		}
		k := colours[r*n+c]
		return k.red, k.light
	}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			v, l := squareColour(img, h, r, c)
			colours[r*n+c] = colour{v, l}
		}
	}
	// Redness of every square, for the board's own level.
	var all, lights []float64
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if v, l := colourOf(r, c); !math.IsNaN(v) {
				all = append(all, v)
				lights = append(lights, l)
			}
		}
	}
	if len(all) < n*n/2 {
		return h, false
	}
	sort.Float64s(all)
	sort.Float64s(lights)
	// An empty board square is dark; a centre square is light (printed
	// light, or a tile on it). Only squares close to the board's own level
	// count as dark: a mark in a stack's shadow, or a tall stack's side
	// over a square, is in between.
	q25, q97 := lights[len(lights)/4], lights[len(lights)*97/100]
	darkBelow := q25 + 0.3*(q97-q25)
	base := all[len(all)/2]
	spread := all[len(all)*3/4] - all[len(all)/4]
	thr := math.Max(0.45, base+math.Max(0.25, 1.5*spread))
	if debugf != nil {
		debugf("marks: redness median %.2f iqr %.2f threshold %.2f", base, spread, thr)
	}
	// Red squares within two of the centre block.
	type rc struct{ r, c int }
	var red []rc
	for r := lo - 2; r <= lo+3; r++ {
		for c := lo - 2; c <= lo+3; c++ {
			if v, _ := colourOf(r, c); !math.IsNaN(v) && v > thr {
				red = append(red, rc{r, c})
				if debugf != nil {
					debugf("marks: red square %d,%d redness %.2f", r, c, v)
				}
			}
		}
	}
	if len(red) == 0 || len(red) > 4 {
		return h, false
	}
	// Of the shifts that put every red square in the centre block, the
	// one whose block has the fewest dark (empty board) squares, then the
	// smallest.
	dark := func(r, c int) bool {
		v, l := colourOf(r, c)
		if debugf != nil {
			debugf("marks: square %d,%d light %.0f (q25 %.0f q97 %.0f)", r, c, l, q25, q97)
		}
		return !math.IsNaN(l) && l < darkBelow && v <= thr
	}
	bestD, best := math.MaxInt, Point{}
	minDark, atMin := math.MaxInt, 0 // the fewest empty squares in a block, and how many blocks have so few
	curD := -1                       // the fit's own block: -1 when the red squares rule it out
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			ok := true
			for _, q := range red {
				if q.r < lo+dy || q.r > lo+1+dy || q.c < lo+dx || q.c > lo+1+dx {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			nd := 0
			for r := lo + dy; r <= lo+1+dy; r++ {
				for c := lo + dx; c <= lo+1+dx; c++ {
					if dark(r, c) {
						nd++
					}
				}
			}
			if debugf != nil {
				debugf("marks: shift %d,%d: %d dark (below %.0f)", dx, dy, nd, darkBelow)
			}
			switch {
			case nd < minDark:
				minDark, atMin = nd, 1
			case nd == minDark:
				atMin++
			}
			if dx == 0 && dy == 0 {
				curD = nd
			}
			if d := 10*nd + absInt(dx) + absInt(dy); d < bestD {
				bestD, best = d, Point{float64(dx), float64(dy)}
			}
		}
	}
	if bestD == math.MaxInt {
		return h, false
	}
	pinned = minDark == 0 && atMin == 1
	if best == (Point{}) {
		return h, pinned
	}
	// When the marks alone allow the fit as it is, move only if the new
	// block is all light and the fit's own is not: a tall stack leaning
	// over a square can darken or lighten it in a steep view.
	if curD >= 0 && bestD >= 10 {
		return h, false
	}
	moved := h.Mul(Homography{1, 0, best.X, 0, 1, best.Y, 0, 0, 1})
	// Marks that do not pin the grid do not move a grid wholly in view
	// partly out of it: its lines were found in the picture, and the
	// marks' colour can be a tile's (a red letter on another maker's
	// tiles, read as the centre squares' print: tuning 110503t's 0023,
	// two rows down, then refused as partly out of view). Marks that pin
	// it move it (a board cut by the picture whose rim passed for a row).
	if b := img.Bounds(); !pinned && quadInside(fullQuad(h, n), b.Dx(), b.Dy()) && !quadInside(fullQuad(moved, n), b.Dx(), b.Dy()) {
		if debugf != nil {
			debugf("marks: the shift %v would take the grid out of view: not taken", best)
		}
		return h, false
	}
	if debugf != nil {
		debugf("marks: shifting by %v", best)
	}
	return moved, pinned
}

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
