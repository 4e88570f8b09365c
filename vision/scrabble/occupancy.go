package scrabble

import (
	"math"
	"slices"
	"sort"

	"github.com/tilescope/tilescope/internal/parallel"
	"github.com/tilescope/tilescope/vision"
)

// look is what a square shows: the mean colour of its inner part in an
// opponent space (lightness, red-green, yellow-blue) and, fourth, the
// spread of its lightness (sdWeight times it): a tile's letter spreads
// it where a plain square's print does not, which tells a tile of the
// squares' own colour (an old beige board's) from the squares.
type look struct {
	v  vec
	sd float64
	// face is the colour of the lighter half of the samples: a tile's
	// face, lettered or blank, shows the same.
	face [3]float64
	// out: the square is out of the picture (a board partly out of
	// view): no look, left out of every square's comparison and never a
	// tile.
	out bool
	// shade: the square may be its print's look in shadow (shaded):
	// never a seed, and no tile
	// unless its colour is nearer the tiles' than its print's (decide).
	shade bool
	// hue is the look's colour and spread against its lightness as
	// sampled (chroma), and printHue its print's (shaded): a shadow
	// leaves both as they are.
	hue, printHue [dims - 1]float64
}

// chroma is a look's red-green, yellow-blue and spread per unit of
// lightness (times 100): what a shadow, dimming every channel alike,
// leaves of it.
func chroma(v vec) (h [dims - 1]float64) {
	s := 100 / math.Max(v[0], 1)
	for q := 1; q < dims; q++ {
		h[q-1] = v[q] * s
	}
	return h
}

func hueDist(a, b [dims - 1]float64) float64 {
	return math.Sqrt(sq(a[0]-b[0]) + sq(a[1]-b[1]) + sq(a[2]-b[2]))
}

// vec is a look's four numbers.
type vec [dims]float64

// dims is how many numbers a look has.
const dims = 4

// sdWeight is the weight of the lightness's spread in a look.
const sdWeight = 0.5

func (l look) dist(m vec) float64 { return dist4(l.v, m) }

// colourDist is dist on the colour alone (for the layout's fit).
func (l look) colourDist(m vec) float64 {
	return math.Sqrt(sq(l.v[0]-m[0]) + sq(l.v[1]-m[1]) + sq(l.v[2]-m[2]))
}

func sq(x float64) float64 { return x * x }

// lookAt samples the inner part of square (r, c) of the picture-order grid.
func lookAt(f *frame, r, c int) look { return lookK(f, r, c, 8) }

func lookK(f *frame, r, c, k int) look {
	if k == memoK && f.memo && f.hq != nil && f.off == (vision.Point{}) && f.p.patches != nil &&
		r >= -maxShift && c >= -maxShift && r < Size+maxShift && c < Size+maxShift {
		return f.p.patches.look(f, r, c)
	}
	return lookOn(f, r, c, k)
}

// memoK is the samples a side of the looks pictureMemo keeps (align's,
// coveredAlign's, quadFit's).
const memoK = 3

// lookKey names a board's homography (its bits) in pictureMemo.
type lookKey [9]uint64

// lookGrid is the looks of a board's squares within maxShift of it,
// each taken when first asked for.
type lookGrid struct {
	l    [Size + 2*maxShift][Size + 2*maxShift]look
	done [Size + 2*maxShift][Size + 2*maxShift]bool
}

// look is lookK(f, r, c, memoK), taken once for f's homography (f.hq,
// off 0) and square.
func (m *pictureMemo) look(f *frame, r, c int) look {
	var key lookKey
	for i, v := range f.hq {
		key[i] = math.Float64bits(v)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	g := m.looks[key]
	if g == nil {
		if m.looks == nil {
			m.looks = map[lookKey]*lookGrid{}
		}
		g = &lookGrid{}
		m.looks[key] = g
	}
	i, j := r+maxShift, c+maxShift
	if !g.done[i][j] {
		g.l[i][j], g.done[i][j] = lookOn(f, r, c, memoK), true
	}
	return g.l[i][j]
}

// lighterFirst orders samples by their first channel, largest first
// (for slices.SortFunc: only its sign below zero counts, as sort.Slice's
// less).
func lighterFirst(a, b [3]float64) int {
	switch {
	case a[0] > b[0]:
		return -1
	case b[0] > a[0]:
		return 1
	}
	return 0
}

// lookOn samples square (r, c) of f, k x k samples (lookK without
// pictureMemo).
func lookOn(f *frame, r, c, k int) look {
	h := f.squareH(r, c)
	// the samples on the stack: a few (memoK's) in a small array, not
	// cleared at the size of lookAt's
	var small [16][3]float64
	os := small[:0]
	if k*k > len(small) {
		var buf [64][3]float64
		os = buf[:0]
	}
	var mean float64
	for j := 0; j < k; j++ {
		for i := 0; i < k; i++ {
			x := float64(c) + 0.2 + 0.6*(float64(i)+0.5)/float64(k)
			y := float64(r) + 0.2 + 0.6*(float64(j)+0.5)/float64(k)
			o := opponent(f.p.at(h.Apply(pointXY(x-float64(c), y-float64(r)))))
			os = append(os, o)
			mean += o[0]
		}
	}
	mean /= float64(len(os))
	var l look
	var v float64
	for _, o := range os {
		v += sq(o[0] - mean)
	}
	l.sd = math.Sqrt(v / float64(len(os)))
	// The colour is that of the lighter samples (inkShare of the darkest
	// left out): a tile's face whatever its letter, blank or not; a
	// premium square's colour whatever its print.
	if len(os) <= 12 {
		// sort.Slice's own order for so few: an insertion sort, stable
		for i := 1; i < len(os); i++ {
			for j := i; j > 0 && os[j][0] > os[j-1][0]; j-- {
				os[j], os[j-1] = os[j-1], os[j]
			}
		}
	} else {
		// sort.Slice's order: slices.SortFunc is the same pattern-
		// defeating quicksort (every comparison its less, every swap
		// the same), without sort.Slice's reflection and on the stack
		slices.SortFunc(os, lighterFirst)
	}
	keep := max(1, int(math.Round(float64(len(os))*(1-inkShare))))
	for _, o := range os[:keep] {
		for q := 0; q < 3; q++ {
			l.v[q] += o[q] / float64(keep)
		}
	}
	half := max(1, len(os)/2)
	for _, o := range os[:half] {
		for q := 0; q < 3; q++ {
			l.face[q] += o[q] / float64(half)
		}
	}
	l.v[3] = sdWeight * l.sd
	return l
}

// inkShare is the share of a square's samples, the darkest, left out of
// its colour (part of what a letter's ink covers of a tile's middle). At
// 0.3 the rendered scenes' false tiles fall further (0.05%) but the E of
// the real BENDS photo is lost (its face then looks more like the plain
// squares than like the other tiles); at 0.15 the real photos read as
// before.
const inkShare = 0.15

func opponent(c [3]float64) [3]float64 {
	return [3]float64{(c[0] + c[1] + c[2]) / 3, c[0] - c[1], (c[0]+c[1])/2 - c[2]}
}

// occupancy decides which squares of the picture-order grid hold a tile.
// The board's own squares are the reference: every square is compared
// with the median look of the squares of its print (most squares of each
// print are empty), and the squares that stand out are pooled into a tile
// look. A square holds a tile when it looks more like the tiles than like
// its own print's squares, and stands out from those clearly.
//
// The empty squares' looks are learned a second time without the squares
// the first pass took for tiles: on a crowded board the tiles would
// otherwise weigh in the prints' looks and the light around them.
//
// confirm, when not nil, says whether square (r, c) of the picture-order
// grid shows a letter (the tile reader's word): it settles seeds that
// fail their look's check (below).
//
// weak marks the tiles that stand out from their print less than
// standFactor spreads (standNear): the caller keeps them only when they
// show a letter.
//
// covered marks the squares under a hand (handSquares): left out like
// the squares out of view, never a tile.
func occupancy(f *frame, confirm func(r, c int) bool) (occ, weak, covered [Size][Size]bool) {
	return occupancyOf(f, squareLooks(f), confirm)
}

// occupancyOf is occupancy given the squares' looks (squareLooks), its
// own copy to change.
func occupancyOf(f *frame, looks [Size][Size]look, confirm func(r, c int) bool) (occ, weak, covered [Size][Size]bool) {
	covered = handSquares(f, &looks)
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if covered[r][c] {
				looks[r][c].out = true
			}
		}
	}
	shaded(&looks)
	asShot := looks
	evenLight(&looks, false)
	lc := letterCheck(confirm)
	occ, weak = occupyBoth(looks, lc)
	// Where no tile is found at all, the board is read again with the
	// light taken out as it falls, scaling the looks (evenLight): under
	// a strong gradient and vignette the tiles in the dim part of a
	// crowded board lie as near the squares there as the light's change
	// between the parts, and no reading stood (crowded tune board
	// 82030: 0 of 95 tiles found). Taken out so on every board, it read
	// other crowded boards worse (docs/scrabble-vision.md).
	if count(&occ) == 0 {
		scaled := asShot
		evenLight(&scaled, true)
		if o, w := occupyBoth(scaled, lc); count(&o) > 0 {
			occ, weak, looks = o, w, scaled
		}
	}
	if st, ok := tilesShared(&looks); ok {
		// a crowded board read again from the colour its premium
		// squares' tiles share (shared.go)
		if so, sw, ok := sharedReading(looks, lc, &st, &occ, &weak); ok {
			occ, weak = so, sw
		}
		// a reading inside out read the right way round (inside.go)
		if ro, rw, ok := rightWayRound(looks, lc, &st, &occ); ok {
			occ, weak = ro, rw
		}
	}
	return occ, weak, covered
}

// occupyBoth decides the squares twice: with each print's spread the
// median distance of its squares from their look, then with the robust
// spread (robustSpread), and keeps the reading that finds more tiles.
// On a crowded board four plain squares in ten can hold tiles: the
// median distance is then that of the empty squares' far tail (uneven
// light), and no tile stands seedFactor spreads out (crowded seed 7022,
// a white board with 94 tiles: plain spread 9.0, its tiles 1.6-4.9
// spreads out, the empty squares 0-2.4; 1 tile found). Where few
// squares are covered both spreads are nearly the same; where the
// robust one finds more, its tiles passed the same checks (seeds that
// look alike, or show letters).
func occupyBoth(looks [Size][Size]look, lettered func([][2]int) bool) (occ, weak [Size][Size]bool) {
	occ, weak = occupy(looks, lettered, false)
	if ro, rw := occupy(looks, lettered, true); count(&ro) > count(&occ) && (2*count(&occ) < count(&ro) || keeps(&ro, &occ)) {
		occ, weak = ro, rw
	}
	return occ, weak
}

// keeps says whether the reading more finds at least keepShare of the
// tiles of the reading less: the robust spread finds the tiles the
// median spread missed besides those it found. Where the median
// spread's reading holds at least half as many tiles as the robust
// one's (occupyBoth), a robust reading that finds other squares
// altogether reads the board another way (on a crowded board, its empty
// squares between the words taken for the tiles and the tiles for the
// board: crowded tune board 66011, 93 tiles found by the median
// spread, and by the robust one 102 squares, 1 of them a tile). Where
// it holds fewer, the median spread found next to nothing (crowded seed
// 7022: 5 squares, 4 of them empty triple letter squares) and the
// robust reading is kept whatever it keeps of them.
func keeps(more, less *[Size][Size]bool) bool {
	both, n := 0, 0
	for r := range less {
		for c := range less[r] {
			if less[r][c] {
				n++
				if more[r][c] {
					both++
				}
			}
		}
	}
	return float64(both) >= keepShare*float64(n)
}

// keepShare: the share of the first reading's tiles the robust reading
// must keep to replace it (occupyBoth).
const keepShare = 0.5

// count is how many squares b marks.
func count(b *[Size][Size]bool) int {
	n := 0
	for r := range b {
		for c := range b[r] {
			if b[r][c] {
				n++
			}
		}
	}
	return n
}

// occupy is occupancy on the squares' looks, evenly lit; robust: each
// print's spread is robustSpread's.
func occupy(looks [Size][Size]look, lettered func([][2]int) bool, robust bool) (occ, weak [Size][Size]bool) {
	var none [Size][Size]bool
	// On a crowded board, where most squares round a square hold tiles,
	// the local light (localLight) takes the tiles' look for the
	// board's: the empty squares no longer look alike, and no square
	// stands out, or the wrong ones do. The first pass is then made
	// without it, when without it the plain squares lie much closer to
	// their median (localWorse), and when a first pass finds no tile,
	// it is made again the other way (without localLight only where
	// that brings the plain squares closer: an empty board's shadowed
	// corner would have its seeds read for nothing). Without localLight
	// the seeds are tiles only when the tile reader sees letters on
	// them (a shadow over a corner, which localLight takes out, shows
	// none).
	local, flat, withLocal := localFirst(&looks)
	occ, like, weak := decide(looks, &none, lettered, local, robust)
	if occ == none && (!local || flat < withLocal) {
		occ, like, weak = decide(looks, &none, lettered, !local, robust)
	}
	// A crowded board under a hard light (a strong gradient, glare,
	// blur) can have no square seedFactor spreads from its print: each
	// print's empty squares vary with the light nearly as much as the
	// tiles differ from them, and a print about half covered has its
	// median between its tiles and its empty squares (crowded tune
	// boards 60101, 60109, 60110, 60116, 60207, 60210: every tile lost,
	// the tiles 0.6-8 spreads out, the empty squares up to 1-3). Where
	// both ways found no tile, the seeds are then looked for nearer
	// (faintSeedFactor) from each print's densest half (densest), and
	// are tiles only when the tile reader sees letters on them.
	faint := false
	if occ == none {
		for _, l := range [2]bool{local, !local} {
			if occ, like, weak = decideBy(looks, &none, lettered, l, robust, true); occ != none {
				faint = true
				break
			}
		}
	}
	if occ == none {
		return occ, weak
	}
	occ, weak = settle(looks, occ, like, weak, lettered, robust, faint)
	if faint {
		// The faint seeds run on an empty board too, where a print's
		// squares under a hard light stand out as faintly as a crowded
		// board's tiles, and may show letter-like strokes: they are
		// tiles only when they lie as a board's tiles do (oneBoard).
		if !oneBoard(&occ, &looks) {
			return none, none
		}
	}
	return occ, weak
}

// localFirst says whether the first pass takes the local light
// (localLight) out of the squares' looks: unless without it the plain
// squares lie much closer to their median (localWorse). flat and
// withLocal are the plain squares' spreads without and with it.
func localFirst(looks *[Size][Size]look) (local bool, flat, withLocal float64) {
	var none [Size][Size]bool
	lit := *looks
	localLight(&lit, &none)
	flat, withLocal = plainSpread(looks), plainSpread(&lit)
	return flat >= localWorse*withLocal, flat, withLocal
}

// settle is a reading's later passes: the prints learned again without
// the squares like marks (the tiles' look), up to passes times, until
// the reading stands.
func settle(looks [Size][Size]look, occ, like, weak [Size][Size]bool, lettered func([][2]int) bool, robust, faint bool) (o, w [Size][Size]bool) {
	for pass := 1; pass < passes; pass++ {
		next, nextLike, nextWeak := decideBy(looks, &like, lettered, true, robust, faint)
		if next == occ && nextLike == like {
			break
		}
		occ, like, weak = next, nextLike, nextWeak
	}
	return occ, weak
}

// oneBoard says whether the squares occ marks may be the tiles of a
// game (RULES.md): every tile of a board is joined edge to edge to one
// group through the centre square, laid in words of two letters or
// more. A faint reading misses tiles, which parts that group (crowded
// tune boards: up to 32 groups, the largest holding as few as 0.25 of
// the tiles; a hand over the board, its shadow over the centre, 40
// tiles in 12 groups and the centre missed), so it need only reach the
// centre (a tile on it or on one of the eight squares round it, unless
// all nine are out of view or under a hand) and have joinedShare of its
// tiles beside another (crowded tune boards: 0.8-1, 0.41 on a board read
// mostly wrong; 0-0.15 where the reading was a print's squares, which
// the robust spread's reading replaced). An empty board's faint "tiles" are a print's
// squares or the squares in a hand's shadow: the double letter squares,
// each alone (empty tune board 65103: 6 false tiles read H); 24 squares
// in a hand's shadow over a corner, none on the centre or round it
// (65101: their unsure letters turned the board).
func oneBoard(occ *[Size][Size]bool, looks *[Size][Size]look) bool {
	n := count(occ)
	if n < minSeeds {
		return false
	}
	reach, hidden, joined := false, true, 0
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			near := abs(r-centre) <= 1 && abs(c-centre) <= 1
			if near && !looks[r][c].out {
				hidden = false
			}
			if !occ[r][c] {
				continue
			}
			reach = reach || near
			for _, d := range [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
				if rr, cc := r+d[0], c+d[1]; rr >= 0 && rr < Size && cc >= 0 && cc < Size && occ[rr][cc] {
					joined++
					break
				}
			}
		}
	}
	return (reach || hidden) && float64(joined) >= joinedShare*float64(n)
}

// joinedShare: the least share of a faint reading's tiles that must lie
// beside another (oneBoard).
const joinedShare = 1.0 / 3

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// robustSpread is a print's spread from the nearer quarter of its
// squares' distances ds (spreadRatio times their first quartile), or
// their median where that is less: it holds while up to about two
// squares in three of the print hold tiles.
func robustSpread(ds []float64) float64 {
	return math.Min(median(ds), spreadRatio*quantile(ds, 0.25))
}

// passes is how many times at most occupancy learns the empty squares'
// looks (stopping when a pass changes nothing).
const passes = 3

// decide is one pass of occupancy, the squares in skip left out of the
// empty squares' looks. like holds the squares that look more like the
// tiles than like their print, whether or not they stand out clearly:
// those the next pass leaves out.
func decide(looks [Size][Size]look, skip *[Size][Size]bool, lettered func([][2]int) bool, local, robust bool) (occ, like, weak [Size][Size]bool) {
	return decideBy(looks, skip, lettered, local, robust, false)
}

// densest moves each print's look (med) from the median of its squares
// (those learn admits) to the middle of its densest half: the median of
// the half of its squares nearest the look, denseSteps times; dists are
// the squares' distances from it. A print about half of whose squares
// hold tiles has its median between the two, as far from the empty
// squares as from the tiles.
func densest(looks *[Size][Size]look, learn func(r, c int, k Premium) bool, med *[numPremiums]vec, dists *[numPremiums][]float64) {
	for k := Premium(0); k < numPremiums; k++ {
		var ls []look
		for r := 0; r < Size; r++ {
			for c := 0; c < Size; c++ {
				if learn(r, c, k) {
					ls = append(ls, looks[r][c])
				}
			}
		}
		if len(ls) < 2*minSeeds {
			continue
		}
		m := med[k]
		for range denseSteps {
			ds := make([]float64, len(ls))
			for i, l := range ls {
				ds[i] = l.dist(m)
			}
			lim := quantile(ds, 0.5)
			var vs [dims][]float64
			for i, l := range ls {
				if ds[i] <= lim {
					for q := range dims {
						vs[q] = append(vs[q], l.v[q])
					}
				}
			}
			for q := range dims {
				m[q] = median(vs[q])
			}
		}
		med[k] = m
		dists[k] = dists[k][:0]
		for _, l := range ls {
			dists[k] = append(dists[k], l.dist(m))
		}
	}
}

// denseSteps is how many times densest takes the half of a print's
// squares nearest its look.
const denseSteps = 4

// decideBy is decide; faint: the crowded board's faint seeds (occupy):
// each print's look from its densest half, seeds from faintSeedFactor
// spreads, and tiles only when the seeds show letters.
func decideBy(looks [Size][Size]look, skip *[Size][Size]bool, lettered func([][2]int) bool, local, robust, faint bool) (occ, like, weak [Size][Size]bool) {
	seedAt := seedFactor
	if faint {
		seedAt = faintSeedFactor
	}
	if local {
		localLight(&looks, skip)
	}
	// A print whose squares are all skipped is learned from all of them.
	var skipOf [numPremiums]bool
	{
		var left [numPremiums]int
		for r := 0; r < Size; r++ {
			for c := 0; c < Size; c++ {
				if !skip[r][c] && !isStar(r, c) && !looks[r][c].out {
					left[premiumAt[r][c]]++
				}
			}
		}
		for k := range left {
			skipOf[k] = left[k] >= 2
		}
	}
	learn := func(r, c int, k Premium) bool {
		return premiumAt[r][c] == k && !isStar(r, c) && !(skipOf[k] && skip[r][c]) && !looks[r][c].out
	}
	med, dists := printLooks(&looks, learn, look.dist)
	if faint {
		densest(&looks, learn, &med, &dists)
	}
	var spread [numPremiums]float64
	for k, ds := range dists {
		sp := median(ds)
		if robust {
			sp = robustSpread(ds)
		}
		spread[k] = math.Max(sp, minSpread)
	}
	// Seeds: squares far from their print's look. They are the tiles
	// when there are at least two and they look alike: their median
	// distance from their median look is small against that look's
	// distance from every print's (a shadow, a glare or a wrongly placed
	// grid makes outliers of squares of different prints, which do not).
	var seeds []look
	var seedPrint []Premium
	var seedSq [][2]int
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			k := premiumAt[r][c]
			if !looks[r][c].out && !looks[r][c].shade && looks[r][c].dist(med[k]) > seedAt*spread[k] {
				seeds = append(seeds, looks[r][c])
				seedPrint = append(seedPrint, k)
				seedSq = append(seedSq, [2]int{r, c})
			}
		}
	}
	var tile vec
	for q := range dims {
		var v []float64
		for _, l := range seeds {
			v = append(v, l.v[q])
		}
		tile[q] = median(v)
	}
	// The seeds' spread about their look, of those nearer it than their
	// print's: a premium square whose print the samples caught unevenly
	// stands out from its print too, but looks like no tile.
	var sd []float64
	for i, l := range seeds {
		if d := l.dist(tile); d < l.dist(med[seedPrint[i]]) {
			sd = append(sd, d)
		}
	}
	// A print most of whose squares hold tiles (on a crowded board, the
	// double word squares along the diagonals, or the triple letter
	// squares) has the tiles' look for its median: its covered squares
	// then stand out from nothing (relearnLost).
	tileReach := lostFactor * math.Max(median(sd), minSpread)
	lost := relearnLost(&looks, learn, tile, tileReach, &med, &spread)
	learnFace := func(r, c int, k Premium) bool {
		return learn(r, c, k) && (!lost[k] || looks[r][c].dist(tile) >= tileReach)
	}
	// How far the seeds' look lies from the empty look of the squares
	// they stand on (the median over the seeds of the distance to each
	// one's own print's look): what a seed would be, were it no tile.
	// Measured against every print's look instead, a premium print of
	// the tiles' colour that holds no seed (the pink double word squares
	// of a white board, on which few tiles stand: the beige tiles 12
	// from them and 33 from the plain squares) made a blurred board's
	// tiles "the board's colour",
	// and its blurred letters then failed the letters' check: every tile
	// lost.
	own := make([]float64, len(seeds))
	for i := range seeds {
		own[i] = dist4(tile, med[seedPrint[i]])
	}
	sep := median(own)
	debugOcc(looks, med, spread, tile)
	debugSeeds(len(seeds), median(sd), sep)
	if len(seeds) < minSeeds {
		return occ, like, weak // no tile
	}
	// Tiles of the board's own colour (cream tiles on a cream board) lie
	// near the plain squares' look, within the seeds' spread (their
	// letters'): then the tile reader is asked whether the seeds show
	// letters. So too where the seeds' lightness spreads no more than
	// the plain squares' (the fourth number of a look): a tile's letter
	// spreads it, and seeds that show no such sign may be empty squares
	// standing out from a print whose look is the tiles' (on a crowded
	// board, the triple letter squares mostly covered, their empty ones
	// then the seeds: crowded tune board 66216, every tile lost; or the
	// empty squares between the words, once a pass took the tiles for
	// the board: 66109, 80 false tiles).
	letterless := tile[3] <= med[Plain][3]
	if (faint || !local || letterless || sep < seedsApart*median(sd)) && (len(seeds) < minLettered || !lettered(seedSq)) {
		return occ, like, weak // no tile
	}
	// A square that may be in a shadow is one unless its colour, against
	// its lightness, is nearer the tiles' than its print's (a tile in the
	// shadow).
	{
		var hs [dims - 1][]float64
		for i := range seeds {
			for q := range hs {
				hs[q] = append(hs[q], seeds[i].hue[q])
			}
		}
		var tileHue [dims - 1]float64
		for q := range hs {
			tileHue[q] = median(hs[q])
		}
		for r := 0; r < Size; r++ {
			for c := 0; c < Size; c++ {
				if l := &looks[r][c]; l.shade && hueDist(l.hue, tileHue) < shadeTile*hueDist(l.hue, l.printHue) {
					l.shade = false
				}
			}
		}
	}
	// The faces (lighter halves) of the tiles and of each print's squares.
	var tileFace [3]float64
	var faceOf [numPremiums][3]float64
	for q := 0; q < 3; q++ {
		var v []float64
		for _, l := range seeds {
			v = append(v, l.face[q])
		}
		tileFace[q] = median(v)
		for k := Premium(0); k < numPremiums; k++ {
			var w []float64
			for r := 0; r < Size; r++ {
				for c := 0; c < Size; c++ {
					if learnFace(r, c, k) {
						w = append(w, looks[r][c].face[q])
					}
				}
			}
			faceOf[k][q] = median(w)
		}
	}
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if looks[r][c].out {
				continue
			}
			k := premiumAt[r][c]
			dOwn := looks[r][c].dist(med[k])
			dTile := looks[r][c].dist(tile)
			like[r][c] = dTile < dOwn
			// Where the tiles' look itself lies near the print's (a
			// blurred board: its letters spread the tiles' lightness
			// little), a tile need stand out only half as far as the
			// tiles' look does. Tiles found so are weak: Scan drops those
			// that show no letter.
			stand := math.Max(standLeast*spread[k], math.Min(standFactor*spread[k], standNear*dist4(tile, med[k])))
			occ[r][c] = dOwn > stand && dTile < dOwn
			weak[r][c] = occ[r][c] && dOwn <= standFactor*spread[k]
			// A blank: no letter spreads its lightness, but its face is
			// the tiles' face, far from its print's.
			f := looks[r][c].face
			fOwn, fTile := dist3(f, faceOf[k]), dist3(f, tileFace)
			if !occ[r][c] && fOwn > blankStand*spread[k] && fTile < blankNear*fOwn {
				occ[r][c], like[r][c] = true, true
			}
			if looks[r][c].shade {
				occ[r][c], like[r][c], weak[r][c] = false, false, false
			}
		}
	}
	// The centre star's print (a black star on the double word colour)
	// is unlike the other double word squares': alone, it seeds no tiles
	// (minSeeds; a lone tile on the centre is no word), and it holds a
	// tile when it looks more like the board's tiles than like the double
	// word squares.
	st := looks[centre][centre]
	occ[centre][centre] = !st.out && !st.shade && st.dist(tile) < st.dist(med[DoubleWord])
	like[centre][centre] = occ[centre][centre]
	weak[centre][centre] = false
	return occ, like, weak
}

const centre = Size / 2

// relearnLost learns again the empty look of each print, but the plain
// squares', whose median look lies within reach of the tiles' look (most
// of its squares hold tiles): from its squares outside that reach, when
// there are minSeeds of them (med and spread are set anew). The plain
// squares are left: the tiles' look is told from theirs, and a board
// never has most of them covered. It returns the prints so learned.
func relearnLost(looks *[Size][Size]look, learn func(r, c int, k Premium) bool, tile vec, reach float64, med *[numPremiums]vec, spread *[numPremiums]float64) (lost [numPremiums]bool) {
	for k := Premium(1); k < numPremiums; k++ {
		if dist4(med[k], tile) >= reach {
			continue
		}
		var vs [dims][]float64
		var far []look
		for r := 0; r < Size; r++ {
			for c := 0; c < Size; c++ {
				if learn(r, c, k) && looks[r][c].dist(tile) >= reach {
					far = append(far, looks[r][c])
					for q := range dims {
						vs[q] = append(vs[q], looks[r][c].v[q])
					}
				}
			}
		}
		if len(far) < minSeeds {
			continue
		}
		lost[k] = true
		for q := range dims {
			med[k][q] = median(vs[q])
		}
		var ds []float64
		for _, l := range far {
			ds = append(ds, l.dist(med[k]))
		}
		spread[k] = math.Max(median(ds), minSpread)
	}
	return lost
}

func isStar(r, c int) bool { return r == centre && c == centre }

// localLight takes out what evenLight's smooth surface leaves of the
// light's change (a shadow over a corner, a vignette): each square's look
// is moved by how far the plain squares around it (two squares either
// way, itself and the squares in skip left out; their median, so a
// word's tiles among them do not count) lie from all plain squares'
// median.
func localLight(looks *[Size][Size]look, skip *[Size][Size]bool) {
	orig := *looks
	var all [3][]float64
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if premiumAt[r][c] == Plain && !skip[r][c] && !orig[r][c].out {
				for q := 0; q < 3; q++ {
					all[q] = append(all[q], orig[r][c].v[q])
				}
			}
		}
	}
	var m [3]float64
	for q := 0; q < 3; q++ {
		m[q] = median(all[q])
	}
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			// the neighbours' values (24 at most) on the stack,
			// medianOf free to reorder them (median's copy)
			var nb [3][24]float64
			near := [3][]float64{nb[0][:0], nb[1][:0], nb[2][:0]}
			for rr := max(r-2, 0); rr <= min(r+2, Size-1); rr++ {
				for cc := max(c-2, 0); cc <= min(c+2, Size-1); cc++ {
					if (rr != r || cc != c) && premiumAt[rr][cc] == Plain && !skip[rr][cc] && !orig[rr][cc].out {
						for q := 0; q < 3; q++ {
							near[q] = append(near[q], orig[rr][cc].v[q])
						}
					}
				}
			}
			if len(near[0]) < 4 {
				continue
			}
			for q := 0; q < 3; q++ {
				looks[r][c].v[q] -= medianOf(near[q]) - m[q]
			}
		}
	}
}

// Occupancy thresholds, in units of a print's spread (the median distance
// of its squares from their median look).
const (
	// blankNear: a square whose colour lies this much nearer the tiles'
	// than its print's, and stands out from its print, is a tile (a
	// blank, whose face shows no letter).
	blankNear = 0.35
	// blankStand: how far (in spreads) a blank's face stands from its
	// print's. (Tried on 2 Dec, night: the faces corrected for the light
	// as the colours are, and 4: more blanks found on the tune sets,
	// fewer tiles on the held-out ones; not kept, docs/scrabble-vision.md.)
	blankStand = 6.0
	minSpread  = 3.0 // grey levels: the least spread assumed
	// spreadRatio: robustSpread's ratio of the median distance to the
	// first quartile on a print's empty squares (on crowded seed 7022's
	// empty plain squares 0.27/0.13, about 2).
	spreadRatio = 2.0
	seedFactor  = 6.0
	// faintSeedFactor: the seeds' distance, in spreads, where none
	// stands seedFactor out (occupy's faint seeds, checked by their
	// letters): on the crowded tune boards whose every tile was lost
	// the tiles on the premium prints stood 2.3-8 spreads out, the empty
	// squares at most 1-2, the plain squares' 1.5-3.
	faintSeedFactor = 3.0
	standFactor     = 4.0
	// standNear: a square nearer the tiles' look than its print's is a
	// tile when it stands out standFactor spreads from its print, or
	// standNear of the way from the print's look to the tiles' (at least
	// standLeast spreads) where that is less. On the blurred render
	// scenes of seeds 1-3 the tiles' look lies 2.5-3.5 spreads from the
	// plain squares', and the tiles themselves round it: at standFactor
	// alone 13-27 of 36-51 tiles were found on four of them.
	standNear  = 0.5
	standLeast = 2.0
	// minSeeds: a word is two tiles or more.
	minSeeds = 2
	// seedsApart: the seeds' look lies this many times their own spread
	// from their own prints' looks (the median over the seeds; until 3
	// Dec the nearest print's look: on the 16 photos tiles 3.2-22,
	// outliers that are no tiles 0.16-0.9; rendered boards whose squares are the
	// tiles' colour, an old beige board, 1.2-1.9: from 2 to 1.2 the 30
	// scenes of render-set --seed 1 find 54 -> 74% of their tiles, the
	// photos unchanged).
	seedsApart = 1.2
	// lostFactor: a print's median look lying within lostFactor times
	// the seeds' spread of the tiles' look is the tiles' (relearnLost).
	// On the crowded tune boards a lost print's median lay 1.4 of the
	// seeds' spread from the tiles' look (double word squares, tfcrowd
	// 7106), the other prints' 3.3 and more.
	lostFactor = 2.0
)

var debugOcc = func(looks [Size][Size]look, med [numPremiums]vec, spread [numPremiums]float64, tile vec) {
}

// evenLight's trimmed fit: ltsSteps fits to the share ltsKeep of the
// plain squares nearest the surface.
const (
	ltsSteps = 4
	ltsKeep  = 0.5
)

// quantile is the value under which share of v lies (the nearest rank).
func quantile(v []float64, share float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	i := int(math.Round(share * float64(len(s)-1)))
	return s[min(max(i, 0), len(s)-1)]
}

func median(v []float64) float64 {
	n := len(v)
	if n == 0 {
		return 0
	}
	var buf [256]float64
	return medianOf(append(buf[:0], v...))
}

// medianOf is median with s's order its own to change.
func medianOf(s []float64) float64 {
	n := len(s)
	if n == 0 {
		return 0
	}
	for _, x := range s {
		if math.IsNaN(x) {
			sort.Float64s(s)
			if n%2 == 1 {
				return s[n/2]
			}
			return (s[n/2-1] + s[n/2]) / 2
		}
	}
	// the middle values picked out, not the whole list sorted: the same
	// values as a sort's
	k := n / 2
	selectNth(s, k)
	if n%2 == 1 {
		return s[k]
	}
	lo := s[0]
	for _, x := range s[1:k] {
		lo = max(lo, x)
	}
	return (lo + s[k]) / 2
}

// selectNth reorders s so that s[k] holds the value a sort would put
// there, none after it less and none before it more (s holds no NaN).
func selectNth(s []float64, k int) {
	lo, hi := 0, len(s)
	for hi-lo > 1 {
		a, b, c := s[lo], s[(lo+hi)/2], s[hi-1]
		p := max(min(a, b), min(max(a, b), c))
		// s[lo:lt] under p, s[lt:gt] equal to it, s[gt:hi] over it
		lt, i, gt := lo, lo, hi
		for i < gt {
			switch {
			case s[i] < p:
				s[lt], s[i] = s[i], s[lt]
				lt++
				i++
			case s[i] > p:
				gt--
				s[i], s[gt] = s[gt], s[i]
			default:
				i++
			}
		}
		switch {
		case k < lt:
			hi = lt
		case k >= gt:
			lo = gt
		default:
			return
		}
	}
}

// align moves the grid by whole squares to where the squares' colours
// follow the premium layout best: the found grid can take the line
// printed around the playing area, a square out, for its outermost line.
// The fit of a placement is the squares' spread within each print (the
// mean distance from the print's median look, weighted by the print's
// squares: a median would not see a placement two squares off, whose
// prints all hold mostly plain squares) over their spread about the whole board's median: small when
// every print's squares look alike and unlike the others.
//
// A board partly out of view (f.unseen) is looked for further
// (partialShift): its grid comes from the part in view, placed on the
// board by which sides of its outline the picture seemed to cut, and
// where that is misjudged (a board's edge just inside the picture's
// taken for a cut side) the grid lands squares off (the 2014 photo cut
// at 228,448: three columns and a row).
func align(f *frame) {
	shift := maxShift
	if f.unseen {
		shift = partialShift
	}
	w := Size + 2*shift
	ext := make([][]look, w)
	for r := 0; r < w; r++ {
		ext[r] = make([]look, w)
		for c := 0; c < w; c++ {
			if f.unseen && !f.inView(r-shift, c-shift) {
				ext[r][c].out = true
				continue
			}
			ext[r][c] = lookK(f, r-shift, c-shift, 3)
		}
	}
	best, bestFit, next := vision.Point{}, math.Inf(1), math.Inf(1)
	var fits []float64
	for dy := -shift; dy <= shift; dy++ {
		for dx := -shift; dx <= shift; dx++ {
			var looks [Size][Size]look
			seen := 0
			for r := 0; r < Size; r++ {
				for c := 0; c < Size; c++ {
					looks[r][c] = ext[r+dy+shift][c+dx+shift]
					if !looks[r][c].out {
						seen++
					}
				}
			}
			if seen < minSeen {
				continue // too little of the board in view there to tell
			}
			fit := layoutFit(&looks)
			fits = append(fits, fit)
			if fit < bestFit-1e-9 || (fit < bestFit+1e-9 && dx == 0 && dy == 0) {
				next = math.Min(next, bestFit)
				best, bestFit = vision.Point{X: float64(dx), Y: float64(dy)}, fit
			} else {
				next = math.Min(next, fit)
			}
		}
	}
	f.off = best
	f.fit = bestFit
	f.fitOthers = median(fits)
	f.fitNext = next
	debugFit(bestFit)
}

var debugFit = func(float64) {}

// refit mends a grid found a little too large or too small, its far
// squares half a square off (on a crowded white board, the edges of a
// row of tiles taken for the grid's last line): when no whole-square
// place fits the premium layout clearly (align's best fit at least
// refitShare of the median place's), the grid's four corners are moved,
// a quarter of a square at a time, then an eighth and a sixteenth, to
// where the squares' colours fit the layout best. The grid so found is
// straight (no lens), and kept when its fit is at most refitGain of the
// first.
func refit(f *frame) {
	if f.unseen || f.fit < refitShare*f.fitOthers {
		return
	}
	start, best, bestH, evals := refitCorners(f)
	debugRefit(start, best, evals)
	if bestH != nil && best <= refitGain*f.fit {
		f.hq, f.off, f.fit = bestH, vision.Point{}, best
	}
}

// refitCorners moves the grid's four corners, a quarter of a square at a
// time, then an eighth and a sixteenth, to where the squares' colours fit
// the layout best (refit); it returns the fit at the start and the best,
// with its grid.
func refitCorners(f *frame) (start, best float64, bestH *vision.Homography, evals int) {
	return refitCornersBy(f, layoutFit, []float64{0.25, 0.125, 0.0625})
}

// refitCornersBy is refitCorners by the fit by, the corners moved by
// each of steps (in squares) in turn.
func refitCornersBy(f *frame, by func(*[Size][Size]look) float64, steps []float64) (start, best float64, bestH *vision.Homography, evals int) {
	var q vision.Quad
	for i, pt := range [4][2]float64{{0, 0}, {Size, 0}, {Size, Size}, {0, Size}} {
		q[i] = f.at(pt[0], pt[1])
	}
	// one array of looks for every try (by is a func value: an array
	// of its own a try would be put on the heap each time), each try's
	// looks written over the last's whole
	looks := new([Size][Size]look)
	fitOf := func(q vision.Quad) (float64, *vision.Homography) {
		h, err := vision.QuadHomography(Size, Size, q)
		if err != nil {
			return math.Inf(1), nil
		}
		g := &frame{p: f.p, hq: &h}
		for r := 0; r < Size; r++ {
			for c := 0; c < Size; c++ {
				looks[r][c] = lookK(g, r, c, 3)
			}
		}
		return by(looks), &h
	}
	best, bestH = fitOf(q)
	start = best
	for _, step := range steps {
		for improved := true; improved && evals < maxRefits; {
			improved = false
			// a square's sides along the rows and the columns, in pixels
			u := vision.Point{X: (q[1].X - q[0].X + q[2].X - q[3].X) / (2 * Size), Y: (q[1].Y - q[0].Y + q[2].Y - q[3].Y) / (2 * Size)}
			v := vision.Point{X: (q[3].X - q[0].X + q[2].X - q[1].X) / (2 * Size), Y: (q[3].Y - q[0].Y + q[2].Y - q[1].Y) / (2 * Size)}
			for i := range q {
				for _, d := range [4]vision.Point{u, {X: -u.X, Y: -u.Y}, v, {X: -v.X, Y: -v.Y}} {
					t := q
					t[i] = vision.Point{X: q[i].X + step*d.X, Y: q[i].Y + step*d.Y}
					evals++
					if fit, h := fitOf(t); fit < best-1e-9 {
						q, best, bestH, improved = t, fit, h, true
					}
				}
			}
		}
	}
	return start, best, bestH, evals
}

var debugRefit = func(start, best float64, evals int) {}

// shakenPlace is the board shaken along a line (boardSmear) placed again
// by its squares' colours (refitCorners: the grid's corners moved to
// where the squares fit the premium layout best), or nil where that fit
// gains less than refit asks (refitGain) or f was so placed already. A
// shake smears each printed line into a band as wide as the shake's
// length, about 0.4 of a square on the shaken real photo (164048), and
// the lines' search settles anywhere in that band (its strongest edge
// where the camera lingered): that photo's grid lay 0.34-0.66 of a
// square from its label at the top corners. The squares' colours are
// smeared too, but evenly about each square's place, so the place where
// each print's squares look most alike is the board's. A board partly
// out of view is left as found (refit leaves it too: its squares cut
// off weigh nothing).
func shakenPlace(f *frame) *frame {
	if f.reset || f.unseen {
		return nil
	}
	start, best, h, _ := refitCorners(f)
	debugRefit(start, best, 0)
	if h == nil || best > refitGain*start {
		return nil
	}
	nf := *f
	nf.hq, nf.adj, nf.off, nf.fit = h, nil, vision.Point{}, best
	nf.rot, nf.memo, nf.reset = 0, false, true
	return &nf
}

// refit's thresholds: it is tried where align's best place fits at least
// refitShare of the median place's (on the tune render sets 0.45-0.86
// where the grid was found right, 0.94 on the one found too large; the
// 16 real photos 0.18-0.59), and kept where it brings the fit to
// refitGain of the first; maxRefits bounds the fits it tries (144 there).
const (
	refitShare = 0.9
	refitGain  = 0.85
	maxRefits  = 400
)

// maxShift is how far, in squares, align looks; partialShift how far
// for a board partly out of view, whose grid the part in view fixes
// only up to the squares cut off it (vision.OutOfViewError.Grid: the
// cut sides are a guess).
const (
	maxShift     = 2
	partialShift = 5
)

func layoutFit(looks *[Size][Size]look) float64 {
	var allBuf [3][Size * Size]float64
	all := [3][]float64{allBuf[0][:0], allBuf[1][:0], allBuf[2][:0]}
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if looks[r][c].out {
				continue
			}
			for q := 0; q < 3; q++ {
				all[q] = append(all[q], looks[r][c].v[q])
			}
		}
	}
	var gm vec
	for q := 0; q < 3; q++ {
		gm[q] = medianOf(all[q])
	}
	var total float64
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if !looks[r][c].out {
				total += looks[r][c].colourDist(gm)
			}
		}
	}
	var within float64
	var vsBuf [3][Size * Size]float64
	var dsBuf [Size * Size]float64
	for k := Premium(0); k < numPremiums; k++ {
		vs := [3][]float64{vsBuf[0][:0], vsBuf[1][:0], vsBuf[2][:0]}
		// the print's squares in row order, as a scan of the board meets them
		for _, at := range layoutSquares[k] {
			if l := &looks[at[0]][at[1]]; !l.out {
				for q := 0; q < 3; q++ {
					vs[q] = append(vs[q], l.v[q])
				}
			}
		}
		var m vec
		for q := 0; q < 3; q++ {
			m[q] = medianOf(vs[q])
		}
		ds := dsBuf[:0]
		for _, at := range layoutSquares[k] {
			if l := &looks[at[0]][at[1]]; !l.out {
				ds = append(ds, l.colourDist(m))
			}
		}
		within += float64(len(ds)) * mean(ds)
	}
	return within / math.Max(total, 1)
}

func mean(v []float64) float64 {
	var s float64
	for _, x := range v {
		s += x
	}
	return s / math.Max(float64(len(v)), 1)
}

// evenLight takes out the light's slow change across the board: a smooth
// surface (a quadratic in row and column) fitted to the plain squares'
// looks, robustly (a trimmed fit first, then squares far off it, tiles,
// left out and it is fitted again), is subtracted from every square's
// look, less its mean.
//
// scale: the light scales what a square shows (where it falls to half,
// a tile's face, its letter's ink and the square beside it all fall to
// half, and so does the tile's difference from the square), so every
// square's look (its colour and its lightness's spread) is first
// multiplied by the lightness surface's mean over its value there, and
// only then is each colour channel's remaining change subtracted.
func evenLight(looks *[Size][Size]look, scale bool) {
	if scale {
		scaleLight(looks)
	}
	for q := 0; q < 3; q++ {
		k, ok := lightSurface(looks, q)
		if !ok {
			return
		}
		m := surfaceMean(k)
		for r := 0; r < Size; r++ {
			for c := 0; c < Size; c++ {
				looks[r][c].v[q] -= quad(k, float64(r), float64(c)) - m
			}
		}
	}
}

// scaleLight multiplies every square's look by the lightness surface's
// mean over its value there (evenLight's scale).
func scaleLight(looks *[Size][Size]look) {
	k, ok := lightSurface(looks, 0)
	if !ok {
		return
	}
	m := surfaceMean(k)
	if m <= 0 {
		return
	}
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			g := m / math.Max(quad(k, float64(r), float64(c)), minLight*m)
			for q := range dims {
				looks[r][c].v[q] *= g
			}
		}
	}
}

// minLight: evenLight brings a square up by at most 1/minLight (a
// surface bent near zero at a corner out of the plain squares' reach).
const minLight = 0.25

// surfaceMean is the mean of the surface k over the board's squares.
func surfaceMean(k [6]float64) float64 {
	var m float64
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			m += quad(k, float64(r), float64(c))
		}
	}
	return m / (Size * Size)
}

// lightSurface is evenLight's surface for channel q of the looks, fitted
// to the plain squares in view; ok is false where too few are.
func lightSurface(looks *[Size][Size]look, q int) (coef [6]float64, ok bool) {
	var rs, cs, vs []float64
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if premiumAt[r][c] == Plain && !looks[r][c].out {
				rs = append(rs, float64(r))
				cs = append(cs, float64(c))
				vs = append(vs, looks[r][c].v[q])
			}
		}
	}
	keep := make([]bool, len(vs))
	// Trimmed first: started from the half of the squares nearest
	// their median, and fitted ltsSteps times to the half nearest
	// the surface. On a crowded board four plain squares in ten
	// hold tiles, and a fit to all of them, tiles and squares,
	// bends towards the words and kept them all; then as before.
	its := 3 + ltsSteps
	{
		m := median(vs)
		dev := make([]float64, len(vs))
		for i := range vs {
			dev[i] = math.Abs(vs[i] - m)
		}
		lim := quantile(dev, ltsKeep)
		for i := range vs {
			keep[i] = dev[i] <= lim
		}
	}
	for it := 0; it < its; it++ {
		coef, ok = fitQuadratic(rs, cs, vs, keep)
		if !ok {
			return coef, false
		}
		res := make([]float64, 0, len(vs))
		for i := range vs {
			res = append(res, math.Abs(vs[i]-quad(coef, rs[i], cs[i])))
		}
		if it < its-3 {
			// trimmed: the half nearest the surface
			lim := quantile(res, ltsKeep)
			for i := range vs {
				keep[i] = res[i] <= lim
			}
			continue
		}
		lim := 2.5 * math.Max(median(res), 1)
		for i := range vs {
			keep[i] = res[i] <= lim
		}
	}
	return coef, true
}

func quad(k [6]float64, r, c float64) float64 {
	r, c = r/Size-0.5, c/Size-0.5
	return k[0] + k[1]*r + k[2]*c + k[3]*r*r + k[4]*r*c + k[5]*c*c
}

// fitQuadratic is the least-squares quad through the kept points.
func fitQuadratic(rs, cs, vs []float64, keep []bool) (k [6]float64, ok bool) {
	var a [6][7]float64
	n := 0
	for i := range vs {
		if !keep[i] {
			continue
		}
		n++
		r, c := rs[i]/Size-0.5, cs[i]/Size-0.5
		x := [6]float64{1, r, c, r * r, r * c, c * c}
		for p := 0; p < 6; p++ {
			for q := 0; q < 6; q++ {
				a[p][q] += x[p] * x[q]
			}
			a[p][6] += x[p] * vs[i]
		}
	}
	if n < 12 {
		return k, false
	}
	// Gaussian elimination with partial pivoting.
	for col := 0; col < 6; col++ {
		piv := col
		for r := col + 1; r < 6; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[piv][col]) {
				piv = r
			}
		}
		if math.Abs(a[piv][col]) < 1e-12 {
			return k, false
		}
		a[col], a[piv] = a[piv], a[col]
		for r := 0; r < 6; r++ {
			if r == col {
				continue
			}
			m := a[r][col] / a[col][col]
			for q := col; q < 7; q++ {
				a[r][q] -= m * a[col][q]
			}
		}
	}
	for p := 0; p < 6; p++ {
		k[p] = a[p][6] / a[p][p]
	}
	return k, true
}

// letterCheck is the seeds' check by their letters: at most maxAsked of
// them, evenly picked, are read, and they are tiles when at least
// letteredShare of those show a letter. Each square is read once.
func letterCheck(confirm func(r, c int) bool) func([][2]int) bool {
	seen := map[[2]int]bool{}
	return func(at [][2]int) bool {
		if confirm == nil || len(at) == 0 {
			return false
		}
		n := min(len(at), maxAsked)
		yes := 0
		for i := 0; i < n; i++ {
			p := at[i*len(at)/n]
			v, ok := seen[p]
			if !ok {
				v = confirm(p[0], p[1])
				seen[p] = v
			}
			if v {
				yes++
			}
		}
		debugLettered(yes, n)
		return float64(yes) >= letteredShare*float64(n)
	}
}

// The seeds' check by their letters (letterCheck): minLettered seeds at
// least (a shadow over a few squares reads as no letter, but a premium
// square's print can pass for one), maxAsked of them read, letteredShare
// of those showing a letter.
const (
	minLettered   = 6
	maxAsked      = 16
	letteredShare = 0.5
)

var debugLettered = func(yes, n int) {}

var debugSeeds = func(n int, seedSpread, sep float64) {}

func dist3(a, b [3]float64) float64 {
	return math.Sqrt(sq(a[0]-b[0]) + sq(a[1]-b[1]) + sq(a[2]-b[2]))
}

func dist4(a, b vec) float64 {
	return math.Sqrt(sq(a[0]-b[0]) + sq(a[1]-b[1]) + sq(a[2]-b[2]) + sq(a[3]-b[3]))
}

// localWorse: localLight is left out of the first pass when the plain
// squares lie this many times closer to their median without it (on
// the crowded renders 0.09-0.26 where it fails them, on the tune sets'
// boards it reads 0.5 and more).
const localWorse = 0.35

// plainSpread is the plain squares' median distance from their median
// look.
func plainSpread(looks *[Size][Size]look) float64 {
	var vs [dims][]float64
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if premiumAt[r][c] == Plain && !looks[r][c].out {
				for q := range dims {
					vs[q] = append(vs[q], looks[r][c].v[q])
				}
			}
		}
	}
	var m vec
	for q := range dims {
		m[q] = median(vs[q])
	}
	var ds []float64
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if premiumAt[r][c] == Plain && !looks[r][c].out {
				ds = append(ds, looks[r][c].dist(m))
			}
		}
	}
	return median(ds)
}

// shaded marks the squares that are their print's look in a shadow (a
// hand's, an arm's, a box's): darker than their print's median by at
// least shadeRatio, and, their colour and the spread of their lightness
// brought up to that median's lightness (a shadow scales all three
// channels alike), within shadeNear of their print's spreads of it. A
// tile in a shadow keeps its letter and its own colour, and is not one:
// only an empty square looks like its print once lit. looks are as
// sampled (no light correction).
func shaded(looks *[Size][Size]look) {
	med, dists := printLooks(looks, printSquares(looks), look.dist)
	var spread [numPremiums]float64
	for k, ds := range dists {
		spread[k] = math.Max(median(ds), minSpread)
	}
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			l := &looks[r][c]
			k := premiumAt[r][c]
			l.hue, l.printHue = chroma(l.v), chroma(med[k])
			if l.out || isStar(r, c) || l.v[0] <= 0 || l.v[0] > shadeRatio*med[k][0] || spread[k] > alikeSpread*spread[Plain] {
				continue
			}
			up := med[k][0] / l.v[0]
			var lit vec
			for q := range dims {
				lit[q] = l.v[q] * up
			}
			l.shade = dist4(lit, med[k]) < shadeNear*spread[k]
		}
	}
}

// The shade's thresholds (shaded).
const (
	shadeRatio = 0.85
	shadeNear  = 3.0
	shadeTile  = 1.0
	// alikeSpread: a print whose squares spread more than this many
	// times the plain squares' (most of a premium print under tiles:
	// its median look is the tiles') is no reference for a shadow.
	alikeSpread = 2.0
)

// printLooks gives each print's look: the median, channel by channel, of
// the looks of its squares that in admits, and how far each of those
// squares lies from it by dist (whose median or robust spread the caller
// takes for the print's spread).
func printLooks(looks *[Size][Size]look, in func(r, c int, k Premium) bool, dist func(look, vec) float64) (med [numPremiums]vec, dists [numPremiums][]float64) {
	for k := Premium(0); k < numPremiums; k++ {
		var vs [dims][]float64
		for r := 0; r < Size; r++ {
			for c := 0; c < Size; c++ {
				if in(r, c, k) {
					for q := range dims {
						vs[q] = append(vs[q], looks[r][c].v[q])
					}
				}
			}
		}
		for q := range dims {
			med[k][q] = median(vs[q])
		}
		for r := 0; r < Size; r++ {
			for c := 0; c < Size; c++ {
				if in(r, c, k) {
					dists[k] = append(dists[k], dist(looks[r][c], med[k]))
				}
			}
		}
	}
	return med, dists
}

// printSquares admits, for printLooks, the squares of print k in the
// picture.
func printSquares(looks *[Size][Size]look) func(r, c int, k Premium) bool {
	return func(r, c int, k Premium) bool { return premiumAt[r][c] == k && !looks[r][c].out }
}

// squareLooks is every square's look (lookAt) on the frame; a square out
// of view is marked out.
func squareLooks(f *frame) (looks [Size][Size]look) {
	// each square on its own (the frame only read), on every processor
	parallel.For(Size*Size, func(i int) {
		r, c := i/Size, i%Size
		if !f.inView(r, c) {
			looks[r][c].out = true
			return
		}
		looks[r][c] = lookAt(f, r, c)
	})
	return looks
}
