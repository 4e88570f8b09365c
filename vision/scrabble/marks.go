package scrabble

import (
	"image"

	"github.com/tilescope/tilescope/internal/parallel"
)

// centredMarks adds to a reading (occ, weak) the plain squares that show
// what every lettered tile shows and an empty plain square does not: a
// dark mark at the square's centre (the letter), darker than anything in
// the band round it (the tile's face; centreMark), and read as a letter
// by the tile reader (lettered). Such a square is taken for a tile
// whatever its colour: under a hand's shade, in a dim corner, or on a
// board whose plain squares are the tiles' own colour (a white board's
// cream squares), a tile's look can lie as near its print's as the
// light's change over the board, and occupancy's comparison of colours
// leaves it out (docs/scrabble-vision.md, "Tiles of the squares'
// colour found by their letters' mark").
//
// The tiles so found are weak: one that reads as no letter is dropped
// (scanFrame). Premium squares are left: their print is lettered at
// its centre ("DOUBLE LETTER SCORE"). A board on which the reading found
// no tile is left as read: an empty board gains nothing here.
func centredMarks(f *frame, looks *[Size][Size]look, occ, weak, covered *[Size][Size]bool, lettered func(r, c int) bool) {
	if count(occ) < minSeeds {
		return
	}
	var cand [][2]int
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if !occ[r][c] && !covered[r][c] && !looks[r][c].out && premiumAt[r][c] == Plain {
				cand = append(cand, [2]int{r, c})
			}
		}
	}
	found := make([]bool, len(cand))
	parallel.For(len(cand), func(i int) {
		r, c := cand[i][0], cand[i][1]
		// centreMark reads the crop's pixels a tenth of it in from
		// each side and no others: only those are sampled
		found[i] = centreMark(f.cropPart(r, c, 0, markCrop, 0, 0, markCrop/10, markCrop-markCrop/10)) && lettered(r, c)
	})
	for i, ok := range found {
		if ok {
			r, c := cand[i][0], cand[i][1]
			occ[r][c], weak[r][c] = true, true
		}
	}
}

// centreMark says whether a square's crop (the square itself, no
// margin) shows a dark mark at its centre: the darkest markPercent of
// its middle half (a quarter of the square in from each side, where a
// tile's letter lies) darker, by markMargin of the band's median grey,
// than the darkest markPercent of the band round it (from a tenth to a
// quarter of the square in from each side: the tile's face round its
// letter; the outer tenth, where the grid's lines lie, is left out). A
// texture, a grain, a shadow's edge or a stripe that crosses the square
// darkens the band as much as the middle; an empty plain square's
// middle is no darker than its band. (Leaving out of the band the one
// or two sides a tile's edge darkens found a few more tiles and many
// more false ones: docs/scrabble-vision.md.)
func centreMark(m *image.RGBA) bool {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	// each part's grey levels counted by level (percentileOf)
	var mid, band [256]int
	nMid, nBand := 0, 0
	// the middle's bounds, worked out once
	mx0, mx1, my0, my1 := w/4, w-w/4, h/4, h-h/4
	for y := h / 10; y < h-h/10; y++ {
		midRow := y >= my0 && y < my1
		for x := w / 10; x < w-w/10; x++ {
			o := y*m.Stride + 4*x
			px := m.Pix[o : o+3 : o+3]
			g := 0.299*float64(px[0]) + 0.587*float64(px[1]) + 0.114*float64(px[2])
			l := level(g)
			if midRow && x >= mx0 && x < mx1 {
				mid[l]++
				nMid++
			} else {
				band[l]++
				nBand++
			}
		}
	}
	if nMid == 0 || nBand == 0 {
		return false
	}
	face := percentileOf(&band, nBand, 50)
	return face > 0 && percentileOf(&band, nBand, markPercent)-percentileOf(&mid, nMid, markPercent) > markMargin*face
}

// The centre mark's sampling (centreMark).
const (
	// markCrop is the crop's side in pixels.
	markCrop = 40
	// markPercent: the darkest share (percent) of each part compared.
	markPercent = 5
	// markMargin: how much darker, as a share of the band's median
	// grey, the middle's darkest must be. On the crowded tuning boards'
	// plain squares the reading left empty (docs/scrabble-vision.md),
	// 0.05 passed 126 of 241 tiles and 3 of 8,954 empty squares; with
	// the reader's letter as well, 104 tiles and no empty square.
	markMargin = 0.05
)
