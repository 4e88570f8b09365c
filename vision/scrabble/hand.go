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
// crosses (in hue as in colour) makes no breach; it is looked for on the
// grid's own outer squares instead (edgeHands), where it is no tile of
// the board's and an arm joins it to the picture's edge. One in a dim
// photo standing under minBreach from the border is not seen
// (docs/scrabble-vision.md, "Hands the ring does not see", "A hand over
// a border lit unevenly", "Hands the colour of the border").
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
	runs, whole := ringRuns(breach)
	if whole {
		return covered // the whole band (not a border)
	}
	// With no breach, a hand the border's colour is looked for below.
	// The prints' looks, for "stands out from its print".
	med, dists := printLooks(looks, printSquares(looks), look.colourDist)
	var pspread [numPremiums]float64
	for k, d := range dists {
		pspread[k] = math.Max(median(d), minSpread)
	}
	for _, idx := range runs {
		run := make([][2]int, len(idx))
		ls := make([]look, len(idx))
		for k, i := range idx {
			run[k], ls[k] = ring[i], rl[i]
		}
		if len(run) < minRun {
			continue // a mark on the border, a stray tile: no arm
		}
		colour := medianLook(ls)
		if colour[3] > maxBreachSpread {
			continue // print on the border (the maker's name): no arm
		}
		grow(looks, run, colour, &med, &pspread, &covered)
	}
	edgeHands(f, looks, ring, &med, &pspread, &covered)
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

// edgeHands grows, into covered, the hands that make no breach: a hand
// the colour of the border it crosses (a brown hand over a brown
// border: tune render 114400 scene 18, 22 tiles under it read empty)
// shows on the grid's own outer squares instead, as a run of squares
// along the edge that stand far from their print, smooth (no letter's
// spread) and no shadow of it (handEdge). Blurred tiles along the edge
// are all that too (the lead's sr-114559 scene 26), so a run is a hand
// only when it is unlike the board's own tiles elsewhere (tileLike)
// and, beyond the border, something unlike the table joins it to the
// picture's edge (outerLooks.reach): an arm comes in from outside the picture.
// ring is ringAt's; each ring square's grid square beside it is the
// edge square looked at (the ring's corners are left out).
func edgeHands(f *frame, looks *[Size][Size]look, ring [][2]int, med *[numPremiums]vec, spread *[numPremiums]float64, covered *[Size][Size]bool) {
	n := len(ring)
	edge := make([]bool, n)
	at := make([][2]int, n)
	for i, p := range ring {
		r, c := min(max(p[0], 0), Size-1), min(max(p[1], 0), Size-1)
		at[i] = [2]int{r, c}
		corner := (p[0] == -1 || p[0] == Size) && (p[1] == -1 || p[1] == Size)
		edge[i] = !corner && !covered[r][c] && handEdge(looks[r][c], med[premiumAt[r][c]], spread[premiumAt[r][c]])
	}
	runs, whole := ringRuns(edge)
	if whole {
		return // every edge square (no board's print to tell by)
	}
	// the board's tiles' colour and the picture beyond the border, each
	// looked at once, when a run is first seen
	var face vec
	faceSeen, faced := false, false
	var outside *outerLooks
	for _, idx := range runs {
		run := make([][2]int, len(idx))
		ls := make([]look, len(idx))
		for k, i := range idx {
			run[k], ls[k] = ring[i], looks[at[i][0]][at[i][1]]
		}
		if len(run) < minEdgeRun {
			continue
		}
		colour := medianLook(ls)
		if !faced {
			face, faceSeen = tilesFace(looks, med, spread)
			faced = true
		}
		if faceSeen && tileLike(colour, face, med) {
			continue // the board's own tiles, blurred smooth
		}
		if outside == nil {
			outside = lookOutside(f)
		}
		if !outside.reach(run) {
			continue // nothing comes in from the picture's edge
		}
		grow(looks, run, colour, med, spread, covered)
	}
}

// ringRuns gives the runs of consecutive true entries of on, a ring
// (its last entry beside its first), each as its indices in order along
// the ring, from the first run's start on; whole says every entry is
// true (one run with no start).
func ringRuns(on []bool) (runs [][]int, whole bool) {
	n := len(on)
	start := -1
	for i := 0; i < n; i++ {
		if on[i] && !on[(i+n-1)%n] {
			start = i
			break
		}
	}
	if start < 0 {
		return nil, n > 0 && on[0]
	}
	for i := start; i < start+n; {
		if !on[i%n] {
			i++
			continue
		}
		var idx []int
		for ; i < start+n && on[i%n]; i++ {
			idx = append(idx, i%n)
		}
		runs = append(runs, idx)
	}
	return runs, false
}

// medianLook is the median, channel by channel, of the looks ls' first
// dims numbers.
func medianLook(ls []look) vec {
	var colour vec
	vs := make([]float64, len(ls))
	for q := 0; q < dims; q++ {
		for k, l := range ls {
			vs[k] = l.v[q]
		}
		colour[q] = median(vs)
	}
	return colour
}

// handEdge says whether look l, of a square of the print whose look is
// m and spread s, may be a hand over it: far from the print, smooth, and
// not the print in a shadow.
func handEdge(l look, m vec, s float64) bool {
	if l.out || l.colourDist(m) <= edgeStand*s || l.v[3] > m[3]+edgeSmooth {
		return false
	}
	if l.v[0] > 0 && l.v[0] < m[0] {
		up := m[0] / l.v[0]
		var lit vec
		for q := 0; q < dims; q++ {
			lit[q] = l.v[q] * up
		}
		if (look{v: lit}).colourDist(m) < shadeNear*s {
			return false
		}
	}
	return true
}

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

// tilesFace is the colour of the board's own tiles: the median look of
// the squares (hand's left out) that stand handStand of their print's
// spreads from it and carry a glyph (their lightness spreads edgeSmooth
// more than their print's); ok is false where fewer than minFaceTiles
// such squares are seen (a board too bare to tell its tiles by).
func tilesFace(looks *[Size][Size]look, med *[numPremiums]vec, spread *[numPremiums]float64) (face vec, ok bool) {
	var vs [dims][]float64
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			l := looks[r][c]
			k := premiumAt[r][c]
			if l.out || l.colourDist(med[k]) <= handStand*spread[k] || l.v[3] <= med[k][3]+edgeSmooth {
				continue
			}
			for q := 0; q < dims; q++ {
				vs[q] = append(vs[q], l.v[q])
			}
		}
	}
	if len(vs[0]) < minFaceTiles {
		return face, false
	}
	for q := 0; q < dims; q++ {
		face[q] = median(vs[q])
	}
	return face, true
}

// tileLike says whether an edge run of colour is the board's tiles
// (face, tilesFace's) rather than a hand: nearer their colour than
// tileNear of the way from the tiles to the plain squares' look.
func tileLike(colour, face vec, med *[numPremiums]vec) bool {
	d := look{v: colour}.colourDist(face)
	return d < tileNear*look{v: face}.colourDist(med[Plain])
}

// outerLooks is the picture round the board's border: the looks of the
// squares of the grid's lattice carried outwards, from the second ring
// round the grid to outerK squares out, and the table's look there.
type outerLooks struct {
	l      [Size + 2*outerK][Size + 2*outerK]look
	in     [Size + 2*outerK][Size + 2*outerK]bool
	table  vec
	spread float64
	n      int
}

// lookOutside samples the lattice round the board (outerLooks).
func lookOutside(f *frame) *outerLooks {
	o := &outerLooks{}
	var vs [dims][]float64
	for i := range o.l {
		for j := range o.l[i] {
			r, c := i-outerK, j-outerK
			if ringDist(r, c) < 2 || !f.inPicture(r, c) {
				continue
			}
			o.in[i][j] = true
			o.l[i][j] = lookK(f, r, c, 4)
			for q := 0; q < dims; q++ {
				vs[q] = append(vs[q], o.l[i][j].v[q])
			}
			o.n++
		}
	}
	if o.n == 0 {
		return o
	}
	for q := 0; q < dims; q++ {
		o.table[q] = median(vs[q])
	}
	var ds []float64
	for i := range o.l {
		for j := range o.l[i] {
			if o.in[i][j] {
				ds = append(ds, o.l[i][j].colourDist(o.table))
			}
		}
	}
	o.spread = math.Max(median(ds), minSpread)
	return o
}

// ringDist is how many squares (r, c) lies out from the grid: 0 on it,
// 1 on the ring round it.
func ringDist(r, c int) int {
	d := 0
	if r < 0 {
		d = -r
	} else if r >= Size {
		d = r - Size + 1
	}
	if c < 0 {
		d = max(d, -c)
	} else if c >= Size {
		d = max(d, c-Size+1)
	}
	return d
}

// reach says whether something unlike the table (an arm, skin or
// sleeve) joins the ring squares run to the picture's edge, square by
// square outwards; a ring square at the picture's edge is reached at
// once (the board cut by the picture: the hand comes in there).
func (o *outerLooks) reach(run [][2]int) bool {
	arm := func(i, j int) bool {
		return o.in[i][j] && o.l[i][j].colourDist(o.table) > math.Max(breachFactor*o.spread, minArm)
	}
	// edgeOf: a square beside (i, j), across, lies out of the picture
	// (or beyond the lattice looked at)
	edgeOf := func(i, j int) bool {
		for _, d := range [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
			ii, jj := i+d[0], j+d[1]
			if ii < 0 || jj < 0 || ii >= len(o.l) || jj >= len(o.l) {
				return true
			}
			if ringDist(ii-outerK, jj-outerK) >= 2 && !o.in[ii][jj] {
				return true
			}
		}
		return false
	}
	var seen [Size + 2*outerK][Size + 2*outerK]bool
	var queue [][2]int
	for _, p := range run {
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				r, c := p[0]+dr, p[1]+dc
				if ringDist(r, c) != 2 {
					continue
				}
				i, j := r+outerK, c+outerK
				if !o.in[i][j] {
					// the picture's edge right beyond the border
					return true
				}
				if !seen[i][j] && arm(i, j) {
					seen[i][j] = true
					queue = append(queue, [2]int{i, j})
				}
			}
		}
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if edgeOf(p[0], p[1]) {
			return true
		}
		for _, d := range [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
			i, j := p[0]+d[0], p[1]+d[1]
			if i < 0 || j < 0 || i >= len(o.l) || j >= len(o.l) || seen[i][j] || !arm(i, j) {
				continue
			}
			seen[i][j] = true
			queue = append(queue, [2]int{i, j})
		}
	}
	return false
}

// The edge hand's thresholds (edgeHands).
const (
	// edgeStand, edgeSmooth, minEdgeRun: a hand seen on the grid's
	// outer squares stands edgeStand of its print's spreads from it
	// (tune tiles 1-3, the hand of 114400 scene 18 5-6), its lightness
	// spreads at most edgeSmooth more than its print's (a letter's tile
	// 7-22 more on the tune scenes, the hand -6 to 1), along minEdgeRun
	// squares at least (a wrist's width).
	edgeStand  = 4.0
	edgeSmooth = 4.0
	minEdgeRun = 3
	// minFaceTiles: the least lettered squares that tell the board's
	// tiles' colour (tilesFace).
	minFaceTiles = 4
	tileNear     = 0.5
	// outerK: how many squares beyond the grid an arm is followed to
	// the picture's edge.
	outerK = 10
	// minArm: the least an arm stands from the table's look.
	minArm = 15.0
)
