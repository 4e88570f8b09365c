package scrabble

import (
	"math"
	"math/bits"
)

// sharedLook looks for the tiles' look as the colour that squares of
// several premium prints share: every premium print has its own colour
// when empty (that is the layout), and a tile on it shows the tiles'
// colour whatever the print beneath. On a crowded board most squares of
// a premium print can hold tiles, so that print's median look is the
// tiles' and its few empty squares stand out from it (crowded boards
// 65008, 65016, 72205: the empty triple letter squares taken for the
// seeds, every tile lost); the tiles are then found where the prints'
// squares meet.
//
// Of the premium squares (the star, squares out of view and shaded ones
// left out), each is a candidate: the squares of the other prints within
// radius of its colour are its company. The candidate with the most
// company from at least sharedPrints prints in all wins; the tiles' look
// is its company's median and the shared squares those within radius of
// that look. radius is sharedRadius of the median distance between two
// premium squares of different prints (on an empty board, between two
// prints' colours; where tiles cover a print, still so while most pairs
// hold an empty square).
func sharedLook(looks *[Size][Size]look) (tile vec, shared [Size][Size]bool, n, prints int) {
	type square struct {
		r, c int
		k    Premium
	}
	var sqBuf [premiumSquares]square
	// each square's colour (the numbers colourDist compares) taken out of
	// its look once, for the pairs below
	var col [premiumSquares][3]float64
	sqs := sqBuf[:0]
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			l := &looks[r][c]
			if premiumAt[r][c] == Plain || isStar(r, c) || l.out || l.shade {
				continue
			}
			col[len(sqs)] = [3]float64{l.v[0], l.v[1], l.v[2]}
			sqs = append(sqs, square{r, c, premiumAt[r][c]})
		}
	}
	// the pairs of squares of different prints, each pair's distance
	// taken once (colourDist is symmetric) for the radius and the
	// candidates' company
	var pairs sharedPairs
	np := 0
	for i := range sqs {
		a, ki := &col[i], sqs[i].k
		for j := i + 1; j < len(sqs); j++ {
			if sqs[j].k != ki {
				b := &col[j]
				pairs.d[np] = math.Sqrt(sq(a[0]-b[0]) + sq(a[1]-b[1]) + sq(a[2]-b[2]))
				pairs.i[np], pairs.j[np] = uint8(i), uint8(j)
				np++
			}
		}
	}
	between := pairs.between[:np]
	copy(between, pairs.d[:np])
	radius := max(sharedRadius*medianOf(between), minSpread)
	// each candidate's company and the prints it holds (a bit a print),
	// counted over the pairs within radius
	var company [premiumSquares]int
	var held [premiumSquares]uint8
	for p, d := range pairs.d[:np] {
		if d < radius {
			i, j := pairs.i[p], pairs.j[p]
			company[i]++
			company[j]++
			held[i] |= 1 << sqs[j].k
			held[j] |= 1 << sqs[i].k
		}
	}
	best, bestN := -1, 0
	for i, s := range sqs {
		if bits.OnesCount8(held[i]|1<<s.k) >= sharedPrints && company[i] > bestN {
			best, bestN = i, company[i]
		}
	}
	if best < 0 {
		return tile, shared, 0, 0
	}
	centre := looks[sqs[best].r][sqs[best].c].v
	var vs [dims][]float64
	for _, o := range sqs {
		if looks[o.r][o.c].colourDist(centre) < radius {
			for q := range dims {
				vs[q] = append(vs[q], looks[o.r][o.c].v[q])
			}
		}
	}
	for q := range dims {
		tile[q] = median(vs[q])
	}
	var seen [numPremiums]bool
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			l := &looks[r][c]
			if l.out || isStar(r, c) || l.colourDist(tile) >= radius {
				continue
			}
			shared[r][c] = true
			if premiumAt[r][c] != Plain {
				n++
				seen[premiumAt[r][c]] = true
			}
		}
	}
	return tile, shared, n, kinds(seen)
}

// sharedPairs is sharedLook's pairs of premium squares of different
// prints: the squares (their places in its list) and their distance,
// and room for the distances' median to reorder.
type sharedPairs struct {
	i, j       [maxSharedPairs]uint8
	d, between [maxSharedPairs]float64
}

// maxSharedPairs bounds the pairs of premium squares.
const maxSharedPairs = premiumSquares * premiumSquares / 2

// premiumSquares bounds the premium squares of the layout (61 with the
// star).
const premiumSquares = 64

func kinds(seen [numPremiums]bool) int {
	n := 0
	for _, s := range seen {
		if s {
			n++
		}
	}
	return n
}

// sharedLook's thresholds.
const (
	sharedRadius = 0.25
	sharedPrints = 3
)

// sharedTiles is the colour sharedLook finds the tiles share where it
// marks them (tilesShared): all, every square of that colour; onPrints,
// the premium squares among them, n of them.
type sharedTiles struct {
	all, onPrints [Size][Size]bool
	n             int
}

// tilesShared is the tiles' shared colour (sharedLook) where it marks
// tiles: on minShared premium squares or more, of sharedPrints prints or
// more; ok is false otherwise. Taken once a reading, for sharedReading
// and rightWayRound.
func tilesShared(looks *[Size][Size]look) (st sharedTiles, ok bool) {
	_, shared, n, prints := sharedLook(looks)
	if n < minShared || prints < sharedPrints {
		return st, false
	}
	st.all, st.n = shared, n
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			st.onPrints[r][c] = shared[r][c] && premiumAt[r][c] != Plain
		}
	}
	return st, true
}

// readWithout reads the board with the squares skip marks left out of
// the prints' looks, as occupancy's first pass and later passes (settle)
// read it, the local light first as localFirst says and then the other
// way: the first reading accept takes (faint: the faint seeds').
func readWithout(looks [Size][Size]look, skip *[Size][Size]bool, lettered func([][2]int) bool, faint bool, accept func(o *[Size][Size]bool) bool) (o, w [Size][Size]bool, ok bool) {
	var none [Size][Size]bool
	local, _, _ := localFirst(&looks)
	for _, l := range [2]bool{local, !local} {
		o, like, w := decideBy(looks, skip, lettered, l, false, faint)
		if o == none {
			continue
		}
		o, w = settle(looks, o, like, w, lettered, false, faint)
		if accept(&o) {
			return o, w, true
		}
	}
	return none, none, false
}

// sharedReading reads the board again from the tiles st marks on the
// premium squares (tilesShared): those squares are left out of the
// prints' looks (so each premium print is learned from its empty
// squares), and the reading then goes as the faint seeds' does (seeds
// checked by their letters, the later passes learning the prints
// without the squares that look like the tiles). It counts where it
// holds at least half of the shared squares and more squares than occ
// (the first reading, weak its weak tiles). Where occ holds fewer than
// half of the shared squares (it read the board from a mostly covered
// print's empty squares: 65008, 65016, 72205, every tile lost), it
// replaces occ. Where occ holds them, it only adds: its squares occ
// lacks join occ as weak tiles (Scan keeps them only where they show a
// letter), and only where it keeps keepShare of occ's (on the crowded
// red boards, cream tiles on the cream plain squares the first reading
// missed: 72004, 72008).
func sharedReading(looks [Size][Size]look, lettered func([][2]int) bool, st *sharedTiles, occ, weak *[Size][Size]bool) (so, sw [Size][Size]bool, ok bool) {
	held := 2*overlap(occ, &st.onPrints) >= st.n
	o, w, ok := readWithout(looks, &st.onPrints, lettered, true, func(o *[Size][Size]bool) bool {
		return 2*overlap(o, &st.onPrints) >= st.n && count(o) > count(occ) && (!held || keeps(o, occ))
	})
	if !ok || !held {
		return o, w, ok
	}
	so, sw = *occ, *weak
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if o[r][c] && !occ[r][c] {
				so[r][c], sw[r][c] = true, true
			}
		}
	}
	return so, sw, true
}

// overlap is how many squares both a and b mark.
func overlap(a, b *[Size][Size]bool) int {
	k := 0
	for r := range a {
		for c := range a[r] {
			if a[r][c] && b[r][c] {
				k++
			}
		}
	}
	return k
}

// minShared: the premium squares sharedLook must find (a crowded
// board's tiles cover 14-27 of its 60 premium squares).
const minShared = 8
