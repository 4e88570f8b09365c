package scrabble

import (
	"math"
)

// A hand over the board (a player reaching in to place a tile, the arm
// in its sleeve) comes in from the edge of the picture, so it crosses the
// board's border, the plain band round the playing grid, on its way to
// the squares. handSquares finds it there: the band just outside the
// grid is sampled square by square all round (ring), the samples far
// from the band's own median look, in colour or in hue (a light falling
// unevenly along the border changes its lightness and colour from end to
// end but not its hue: ringHue), are breaches (the hand or the arm over
// the border; a rack or a stray tile laid across it too), and from each
// breach the squares of the grid that look like it (nearer its colour
// than their own print's, and standing out from their print) are taken,
// square by square, while they join. Nothing assumes a skin colour: the
// hand's colour is the one it shows on the border, in this photo's
// light; a square the hand's colour does not reach (its shadow, a tile
// beside it) is left to occupancy. A hand the colour of the border it
// crosses (in hue as in colour), or one in a dim photo standing under
// minBreach from it, makes no breach and is not seen
// (docs/scrabble-vision.md, "Hands the ring does not see", "A hand over
// a border lit unevenly").
//
// The squares so found are covered: not read, left out of the board's
// light and of every print's look (occupancy), never a tile.

// ringAt lists the squares of the band round the grid, in picture order:
// the row above, the column right, the row below, the column left, the
// corners included once.
func ringAt() [][2]int {
	var out [][2]int
	for c := -1; c <= Size; c++ {
		out = append(out, [2]int{-1, c})
	}
	for r := 0; r < Size; r++ {
		out = append(out, [2]int{r, Size})
	}
	for c := Size; c >= -1; c-- {
		out = append(out, [2]int{Size, c})
	}
	for r := Size - 1; r >= 0; r-- {
		out = append(out, [2]int{r, -1})
	}
	return out
}

// inPicture says whether square (r, c) of the picture-order grid (moved
// by off; any square, in the grid or round it) lies wholly in the
// picture.
func (f *frame) inPicture(r, c int) bool {
	x, y := float64(c), float64(r)
	for _, d := range [4][2]float64{{0, 0}, {1, 0}, {1, 1}, {0, 1}} {
		q := f.at(x+d[0], y+d[1])
		if q.X < 0 || q.Y < 0 || q.X > float64(f.p.W) || q.Y > float64(f.p.H) {
			return false
		}
	}
	return true
}

// handSquares marks the squares of the picture-order grid a hand (or
// whatever lies across the board's border and over its squares) covers;
// looks are the squares' looks as sampled (no light correction), out of
// view ones marked.
func handSquares(f *frame, looks *[Size][Size]look) (covered [Size][Size]bool) {
	ring := ringAt()
	rl := make([]look, len(ring))
	in := make([]bool, len(ring))
	inView := 0
	for i, p := range ring {
		if !f.inPicture(p[0], p[1]) {
			continue
		}
		in[i] = true
		inView++
		rl[i] = lookK(f, p[0], p[1], 4)
	}
	if inView < len(ring)/2 {
		return covered // too little of the border in view to tell
	}
	breach := ringBreaches(ring, rl, in)
	// Each run of breaches along the ring is one thing across the border:
	// its colour is its samples' median.
	n := len(ring)
	start := -1
	for i := 0; i < n; i++ {
		if breach[i] && !breach[(i+n-1)%n] {
			start = i
			break
		}
	}
	if start < 0 {
		return covered // no breach, or the whole band (not a border)
	}
	// The prints' looks, for "stands out from its print".
	med, dists := printLooks(looks, printSquares(looks), look.colourDist)
	var pspread [numPremiums]float64
	for k, d := range dists {
		pspread[k] = math.Max(median(d), minSpread)
	}
	for i := start; i < start+n; {
		if !breach[i%n] {
			i++
			continue
		}
		var run [][2]int
		var vs [dims][]float64
		for ; i < start+n && breach[i%n]; i++ {
			run = append(run, ring[i%n])
			for q := 0; q < dims; q++ {
				vs[q] = append(vs[q], rl[i%n].v[q])
			}
		}
		if len(run) < minRun {
			continue // a mark on the border, a stray tile: no arm
		}
		var colour vec
		for q := 0; q < dims; q++ {
			colour[q] = median(vs[q])
		}
		if colour[3] > maxBreachSpread {
			continue // print on the border (the maker's name): no arm
		}
		grow(looks, run, colour, &med, &pspread, &covered)
	}
	fillHoles(looks, &covered)
	return covered
}

// ringBreaches says which of the ring's samples rl (those in view, in)
// are breaches: far from the band's median look in colour (breachFactor
// of the band's spread and minBreach at least), or in hue (the same with
// minHueBreach: ringHue). The band's corners never are.
func ringBreaches(ring [][2]int, rl []look, in []bool) []bool {
	var all [3][]float64
	for i := range ring {
		if in[i] {
			for q := 0; q < 3; q++ {
				all[q] = append(all[q], rl[i].v[q])
			}
		}
	}
	var band vec
	for q := 0; q < 3; q++ {
		band[q] = median(all[q])
	}
	var ds []float64
	for i := range ring {
		if in[i] {
			ds = append(ds, rl[i].colourDist(band))
		}
	}
	spread := math.Max(median(ds), minSpread)
	// The same in hue (ringHue): the light's gradient along the border and
	// the hand's own shadow over it change the border's lightness, and
	// its colour with it, but not its hue.
	hues, hueBand, hueSpread := ringHue(rl, in)
	breach := make([]bool, len(ring))
	for i, p := range ring {
		d := rl[i].colourDist(band)
		h := hueGap(hues[i], hueBand)
		// The band's corners are left out: a real board prints its
		// corners (the 2014 photos' red corner pieces).
		corner := (p[0] == -1 || p[0] == Size) && (p[1] == -1 || p[1] == Size)
		breach[i] = in[i] && !corner && (d > breachFactor*spread && d > minBreach ||
			h > breachFactor*hueSpread && h > minHueBreach)
	}
	return breach
}

// ringHue gives the hue of each ring sample in view (its two colour
// numbers per unit of its lightness, chroma's first two: what a shadow
// or a gradient of the light, dimming every channel alike, leaves of
// it), the band's median hue and the samples' median distance from it
// (at least minHueSpread).
func ringHue(rl []look, in []bool) (hues [][2]float64, band [2]float64, spread float64) {
	hues = make([][2]float64, len(rl))
	var all [2][]float64
	for i := range rl {
		if !in[i] {
			continue
		}
		h := chroma(rl[i].v)
		hues[i] = [2]float64{h[0], h[1]}
		for q := 0; q < 2; q++ {
			all[q] = append(all[q], hues[i][q])
		}
	}
	if len(all[0]) == 0 {
		return hues, band, minHueSpread
	}
	for q := 0; q < 2; q++ {
		band[q] = median(all[q])
	}
	var ds []float64
	for i := range rl {
		if in[i] {
			ds = append(ds, hueGap(hues[i], band))
		}
	}
	return hues, band, math.Max(median(ds), minHueSpread)
}

func hueGap(a, b [2]float64) float64 { return math.Hypot(a[0]-b[0], a[1]-b[1]) }

// grow takes, from the ring squares run, the grid squares that look like
// colour (handLike) square by square while they join, into covered.
func grow(looks *[Size][Size]look, run [][2]int, colour vec, med *[numPremiums]vec, spread *[numPremiums]float64, covered *[Size][Size]bool) {
	like := func(r, c int) bool {
		l := looks[r][c]
		if l.out || covered[r][c] {
			return false
		}
		k := premiumAt[r][c]
		dOwn := l.colourDist(med[k])
		return dOwn > handStand*spread[k] && l.colourDist(colour) < handNear*dOwn
	}
	var queue [][2]int
	for _, p := range run {
		// the grid squares beside the ring square, across or corner to
		// corner (a ring corner touches the grid's corner square only)
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				r, c := p[0]+dr, p[1]+dc
				if r >= 0 && r < Size && c >= 0 && c < Size && like(r, c) {
					covered[r][c] = true
					queue = append(queue, [2]int{r, c})
				}
			}
		}
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, d := range [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
			r, c := p[0]+d[0], p[1]+d[1]
			if r >= 0 && r < Size && c >= 0 && c < Size && like(r, c) {
				covered[r][c] = true
				queue = append(queue, [2]int{r, c})
			}
		}
	}
}

// The hand's thresholds. A ring sample is a breach when its colour lies
// breachFactor times the band's spread from the band's median, and at
// least minBreach grey levels, along minRun squares at least. A grid square joins a breach when it
// stands handStand of its print's spreads from its print's look and its
// colour lies within handNear of that distance from the breach's.
const (
	breachFactor = 4.0
	minBreach    = 30.0
	handStand    = 2.0
	handNear     = 0.5
	// minRun: an arm crossing the border breaches it over minRun
	// squares at least (a forearm is three or four squares wide).
	minRun = 2
	// maxBreachSpread: a breach whose samples' lightness spreads more
	// than this (a look's fourth number, sdWeight times the spread) is
	// print, not an arm: skin and sleeves are smooth at a square's
	// scale (on the tune sets arms 1.5-4.7, the border's lettering
	// 11-20).
	maxBreachSpread = 8.0
	// minHueSpread and minHueBreach are minSpread and minBreach in hue
	// (chroma's units: a hundredth of the lightness): a breach in hue
	// stands breachFactor of the band's hue spreads and minHueBreach
	// at least from the band's hue.
	minHueSpread = 5.0
	minHueBreach = 30.0
)

// fillHoles covers the squares in view that the hand's squares hem in on
// three sides or four: between two fingers a square shows a little of
// the board and a little of each finger, and looks like neither.
func fillHoles(looks *[Size][Size]look, covered *[Size][Size]bool) {
	var add [][2]int
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if covered[r][c] || looks[r][c].out {
				continue
			}
			n := 0
			for _, d := range [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
				rr, cc := r+d[0], c+d[1]
				if rr >= 0 && rr < Size && cc >= 0 && cc < Size && covered[rr][cc] {
					n++
				}
			}
			if n >= 3 {
				add = append(add, [2]int{r, c})
			}
		}
	}
	for _, p := range add {
		covered[p[0]][p[1]] = true
	}
}

// coverFingers says covered the squares read as blank tiles that join a
// hand's squares (covered, as handSquares found them) through other such
// squares, across or corner to corner. handSquares takes a square where
// the hand's colour fills it; a fingertip over part of a square leaves
// it looking like neither the hand nor its print, so occupancy takes it
// for a tile, and the finger hides any letter: read as a blank. Such a
// square is the finger's (crowded tune renders with a hand over the
// board: of the blanks beside the hand's squares, half empty squares and
// half lettered tiles under a finger, none a blank tile). A blank tile
// elsewhere on the board is left as it is.
func coverFingers(cells *[Size][Size]*Cell, covered *[Size][Size]bool) {
	var queue [][2]int
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if covered[r][c] {
				queue = append(queue, [2]int{r, c})
			}
		}
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				r, c := p[0]+dr, p[1]+dc
				if r < 0 || r >= Size || c < 0 || c >= Size {
					continue
				}
				if cell := cells[r][c]; cell != nil && cell.Blank {
					cells[r][c] = nil
					covered[r][c] = true
					queue = append(queue, [2]int{r, c})
				}
			}
		}
	}
}
