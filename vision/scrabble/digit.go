package scrabble

import (
	"image"
	"slices"

	"github.com/tilescope/tilescope/internal/blobs"
	rules "github.com/tilescope/tilescope/scoring/scrabble"
	"github.com/tilescope/tilescope/vision/scrabble/internal/digits"
)

// readValue reads the value number printed at the lower right of a
// tile's upright whitened crop (whiten, turned as the board stands): the
// marks clearValue paints out, each read as a digit by the digit model
// (internal/digits), left to right. ok is false where there is no such
// mark, where the marks are not one number (more than two, or two not
// side by side), or where any digit is not read at digitSure or more.
func readValue(m *image.RGBA) (value int, ok bool) {
	net := digits.Model()
	if net == nil {
		return 0, false
	}
	v := findValue(m)
	if len(v.marks) == 0 {
		return 0, false
	}
	// Each mark whole: a value's thin strokes are fainter than its
	// letter's, and the whitening leaves only part of a small digit
	// darker than inkLevel (an I's 1, a 3's middle), so a mark is read
	// as the ink joined to it at the lighter looseInk (digits.Ink). Not where that
	// joins it to the letter or reaches the crop's side.
	w, h := v.w, v.h
	letterLoose := int32(-1)
	if v.loose == nil {
		// no letter found: the marks' ink labelled here
		v.loose, v.looseComps = blobs.Label(w, h, func(i int) bool { return m.Pix[(i/w)*m.Stride+4*(i%w)] < looseInk })
	} else {
		letterLoose = looseOf(v, v.letter)
	}
	loose, lcomps := v.loose, v.looseComps
	var ids []int32
	for _, i := range v.marks {
		id := looseOf(v, i)
		if id <= 0 || id == letterLoose {
			return 0, false
		}
		if lcomps[id].Edge(w, h) {
			continue // the tile's edge or its shadow, no digit
		}
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	// the value's digits: its marks as tall as its tallest, less a
	// speck beside them
	tall := 0
	for _, id := range ids {
		tall = max(tall, lcomps[id].Y1-lcomps[id].Y0+1)
	}
	if tall < minDigitTall {
		return 0, false
	}
	var ds []int32
	for _, id := range ids {
		if c := lcomps[id]; float64(c.Y1-c.Y0+1) >= digitOfValue*float64(tall) {
			ds = append(ds, id)
		}
	}
	if len(ds) > 2 {
		return 0, false
	}
	slices.SortFunc(ds, func(a, b int32) int { return lcomps[a].X0 - lcomps[b].X0 })
	if len(ds) == 2 {
		// two digits (a 10): side by side, level, a narrow gap
		a, b := lcomps[ds[0]], lcomps[ds[1]]
		if b.X0-a.X1 > tall/2 || b.X0 <= a.X1 || min(a.Y1, b.Y1)-max(a.Y0, b.Y0) < tall/2 {
			return 0, false
		}
	}
	grey := func(i int) uint8 { return m.Pix[(i/w)*m.Stride+4*(i%w)] }
	label := func(i int) int32 { return loose[i] }
	for _, id := range ds {
		c := lcomps[id]
		d, p := net.Read(digits.MarkFeatures(grey, label, w, id, c.X0, c.Y0, c.X1, c.Y1))
		if d == digits.NoDigit || p < digitSure {
			return 0, false
		}
		value = 10*value + d
	}
	return value, true
}

// looseOf is the component of v.loose (the ink at looseInk) holding v's
// component i.
func looseOf(v valueMarks, i int) int32 {
	c := v.comps[i]
	for y := c.Y0; y <= c.Y1; y++ {
		for x := c.X0; x <= c.X1; x++ {
			if v.label[y*v.w+x] == int32(i) {
				return v.loose[y*v.w+x]
			}
		}
	}
	return -1
}

const (
	minDigitTall = 5    // pixels: a smaller mark is not read as a digit
	digitOfValue = 0.6  // a digit of a value is at least this share of its tallest mark's height
	digitSure    = 0.95 // a digit read under this probability says nothing
)

// letterValue is a letter's printed value in the English set (the
// referee's, scoring/scrabble.LetterValue), 0 for anything else. The
// values differ by edition and language, so a value only ever chooses
// between two letters the shape already offers (valueSays), never names
// one.
func letterValue(letter string) int {
	if len(letter) != 1 {
		return 0
	}
	return rules.LetterValue(letter[0])
}

// valuePair: two letters the value settles: both letters of the English
// sets, with different values. The letters two reads of a tile's shape
// name most often (the first read with the value left in, the upright
// one with it cleared) are a letter with its value taken for a stroke
// and one with a stroke there: I and L, I and J, P and R, C and G, F and
// E, O and Q, V and K, V and M, N and M; but the first read, any way up,
// names others too (a P as E on a steep view of 164052).
func valuePair(a, b string) bool {
	va, vb := letterValue(a), letterValue(b)
	return va > 0 && vb > 0 && va != vb
}

// valueSays is what a tile's value number says of its letter where its
// shape was read as letter and as rival: +1 it is letter (the value is
// letter's and not rival's), -1 it is rival, 0 nothing (no pair the
// value settles, no value read sure, or a value both or neither have).
func valueSays(value int, ok bool, letter, rival string) int {
	if !ok || !valuePair(letter, rival) {
		return 0
	}
	l, r := letterValue(letter) == value, letterValue(rival) == value
	switch {
	case l && !r:
		return 1
	case r && !l:
		return -1
	}
	return 0
}
