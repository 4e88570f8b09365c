package scrabble

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
	type sq struct {
		r, c int
		k    Premium
	}
	var sqBuf [premiumSquares]sq
	sqs := sqBuf[:0]
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			l := looks[r][c]
			if premiumAt[r][c] == Plain || isStar(r, c) || l.out || l.shade {
				continue
			}
			sqs = append(sqs, sq{r, c, premiumAt[r][c]})
		}
	}
	// the distances between squares of different prints, each taken once
	// (colourDist is symmetric) for the radius and the candidates' company
	var d [premiumSquares][premiumSquares]float64
	var betweenBuf [premiumSquares * premiumSquares / 2]float64
	between := betweenBuf[:0]
	for i, s := range sqs {
		for j := i + 1; j < len(sqs); j++ {
			if o := sqs[j]; o.k != s.k {
				d[i][j] = looks[s.r][s.c].colourDist(looks[o.r][o.c].v)
				d[j][i] = d[i][j]
				between = append(between, d[i][j])
			}
		}
	}
	radius := max(sharedRadius*medianOf(between), minSpread)
	best, bestN := -1, 0
	for i, s := range sqs {
		var seen [numPremiums]bool
		seen[s.k] = true
		m := 0
		for j, o := range sqs {
			if j != i && o.k != s.k && d[i][j] < radius {
				m++
				seen[o.k] = true
			}
		}
		if kinds(seen) >= sharedPrints && m > bestN {
			best, bestN = i, m
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
			l := looks[r][c]
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
