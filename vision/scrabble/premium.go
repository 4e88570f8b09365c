package scrabble

import (
	"math"
	"slices"
	"sort"
	"sync"

	"github.com/tilescope/tilescope/vision"
)

// The board by its premium squares: where neither the grid's lines nor a
// red border give a board (a white or beige board on a light table: the
// light lines between light squares, a border of the table's own
// lightness), the board's two strongest prints still stand out of any
// table. Every edition prints its triple letter squares a saturated blue
// and its triple word squares a saturated red, at the same places (the
// standard layout): the twelve triple letter squares on a lattice four
// squares apart (rows and columns 1, 5, 9, 13 but for the four corners),
// the eight triple word squares on one seven apart (0, 7, 14 but for the
// centre). The blue and red patches of the picture are matched to those
// places: three blue patches next to each other on the lattice propose
// the board's two directions and scale, the proposals that put the most
// patches on premium places are each settled by a homography fitted to
// their patches (and matched again), and a board so placed is kept only
// when the squares' colours follow the premium layout there (as a board
// found by its border is): the first proposal's board first, the others'
// last, the one whose colours follow the layout best first.

// premiumStep is the premium mask's sampling step in pixels at 1640
// pixels wide (more or fewer in proportion for other sizes).
const premiumStep = 2

// premiumPatch is a blue or red patch of the picture: its centre (in
// pixels) and its size (samples).
type premiumPatch struct {
	c vision.Point
	n int
}

// premiumBlue: a triple letter square's blue (the editions' 40-60 red,
// 76-122 green, 128-198 blue; the double letter squares' light blue is
// far less saturated).
func premiumBlue(r, g, b float64) bool {
	lo := min(r, g)
	if b < 50 || b <= r || b <= g {
		return false
	}
	if (b-lo)/b < 0.4 {
		return false
	}
	// hue from blue towards green (negative: towards red, purple)
	hue := 60 * (g - r) / (b - lo)
	return hue > -25 && hue < 45
}

// premiumRed: a triple word square's red (saturated, of a red hue, not the
// orange-brown of wood; the double word squares' pink is far less
// saturated).
func premiumRed(r, g, b float64) bool {
	lo := min(g, b)
	if r < 60 || r <= g || r <= b {
		return false
	}
	if (r-lo)/r < 0.5 {
		return false
	}
	hue := 60 * (g - b) / (r - lo)
	return hue > -20 && hue < 16
}

// premiumPatches finds the picture's compact patches of one colour.
func premiumPatches(p picture, step int, in func(r, g, b float64) bool) []premiumPatch {
	mask, w, h := sampleMask(p, step, in)
	return patchesOf(mask, w, h, step)
}

// pictureMemo keeps what the stages that run one after another where
// no board is found ask of the same photo again: its blue and red
// patches (premiumPatches: premiumCands, latticeQuads, strayPrints; both
// masks sampled in one pass over the picture, the red patches found when
// first asked for), and the squares' looks on the boards proposed
// (lookK's on a frame with memo set: a premium proposal's squares are
// looked at by quadFit, align and coveredAlign, the red border's field's
// by align and coveredAlign). What it gives is what the work gives.
type pictureMemo struct {
	mu        sync.Mutex
	step      int // the step the patches were sampled at; 0: none yet
	w, h      int
	redMask   []bool
	blue, red []premiumPatch
	redDone   bool
	looks     map[lookKey]*lookGrid
	// search: the board searches of the picture's image
	// (vision.PhotoSearch), whose grey plane onLines measures the
	// lines in; nil where the scan was given none.
	search *vision.PhotoSearch
}

// bluePatches is premiumPatches(p, step, premiumBlue), found once a
// picture.
func bluePatches(p picture, step int) []premiumPatch {
	m := p.patches
	if m == nil {
		return premiumPatches(p, step, premiumBlue)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.step != step {
		m.fill(p, step)
	}
	return m.blue
}

// redPatches is premiumPatches(p, step, premiumRed), found once a
// picture.
func redPatches(p picture, step int) []premiumPatch {
	m := p.patches
	if m == nil {
		return premiumPatches(p, step, premiumRed)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.step != step {
		m.fill(p, step)
	}
	if !m.redDone {
		m.red, m.redDone, m.redMask = patchesOf(m.redMask, m.w, m.h, step), true, nil
	}
	return m.red
}

// fill samples the picture's blue and red masks at step (sampleMask's
// samples, taken once for both) and finds the blue patches.
func (m *pictureMemo) fill(p picture, step int) {
	w, h := p.W/step, p.H/step
	var blue, red []bool
	if w >= 16 && h >= 16 {
		blue, red = make([]bool, w*h), make([]bool, w*h)
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				r, g, b := p.pixel(x*step, y*step)
				blue[y*w+x], red[y*w+x] = premiumBlue(r, g, b), premiumRed(r, g, b)
			}
		}
	}
	m.step, m.w, m.h = step, w, h
	m.blue, m.redMask, m.red, m.redDone = patchesOf(blue, w, h, step), red, nil, false
}

// patchesOf finds the compact patches of the mask (w x h samples taken
// every step pixels; nil: none).
func patchesOf(mask []bool, w, h, step int) []premiumPatch {
	if mask == nil {
		return nil
	}
	// Closed by one sample: a print's light letters break a patch into
	// a ring and pieces.
	mask = grow3(mask, w, h)
	var out []premiumPatch
	eachBlob(mask, w, h, func(b blob) bool {
		bw, bh := b.size()
		// A square seen at up to 45 degrees of tilt and any turn fills a
		// third of its box and more, and is not a thin streak.
		if b.n < minPatch || float64(b.n) < 0.3*float64(bw*bh) || max(bw, bh) > 4*min(bw, bh) {
			return true
		}
		n := float64(b.n)
		out = append(out, premiumPatch{c: vision.Point{X: (b.sx/n + 0.5) * float64(step), Y: (b.sy/n + 0.5) * float64(step)}, n: b.n})
		return true
	})
	// The largest first, at most maxPatches of them.
	sort.Slice(out, func(a, b int) bool { return out[a].n > out[b].n })
	if len(out) > maxPatches {
		out = out[:maxPatches]
	}
	return out
}

// grow3 sets each sample of the w x h mask where any of the 3x3 around
// it is set: along the rows first, then down the columns (the same
// samples as the 3x3 looked at whole).
func grow3(mask []bool, w, h int) []bool {
	across := make([]bool, w*h)
	for y := 0; y < h; y++ {
		row, out := mask[y*w:(y+1)*w], across[y*w:(y+1)*w]
		for x := range row {
			out[x] = row[x] || (x > 0 && row[x-1]) || (x+1 < w && row[x+1])
		}
	}
	grown := make([]bool, w*h)
	for y := 0; y < h; y++ {
		out := grown[y*w : (y+1)*w]
		mid := across[y*w : (y+1)*w]
		for x := range out {
			out[x] = mid[x] || (y > 0 && across[(y-1)*w+x]) || (y+1 < h && across[(y+1)*w+x])
		}
	}
	return grown
}

// minPatch is the fewest samples a premium patch has (a square 6 pixels
// wide at 1640: no board so small is read); maxPatches bounds the patches
// tried.
const (
	minPatch   = 6
	maxPatches = 40
)

// tripleLetters and tripleWords are the premium places, as square centres
// (column, row) in squares.
var tripleLetters, tripleWords = func() (tl, tw []vision.Point) {
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			pt := vision.Point{X: float64(c) + 0.5, Y: float64(r) + 0.5}
			switch premiumAt[r][c] {
			case TripleLetter:
				tl = append(tl, pt)
			case TripleWord:
				tw = append(tw, pt)
			}
		}
	}
	return tl, tw
}()

// premiumBoards places the board by its triple letter and triple word
// squares (above); the corners as fieldQuad gives them, the one nearest
// the picture's top left first, clockwise. first is the board the
// proposal with the most patches on their places settles on (nil where it
// keeps fewer than minPremiumMatches at some round). On a crowded board
// most triple squares lie under tiles, and that proposal can be a lattice
// four squares over (the triple letters repeat every four) or, in a
// tilted view, a wrong one that a lattice drawn straight matches as well
// as the true one: more are the boards the other proposals settle on,
// in the order found (premiumMore judges them by how well the squares'
// colours follow the premium layout there, only where the first and the
// faint grid give no board). n is the most patches any proposal kept.
func premiumBoards(p picture) (first *premiumCand, more []premiumCand, n int) {
	first, more, _, n = premiumBoardsFew(p, minPremiumMatches)
	return first, more, n
}

// premiumBoardsFew is premiumBoards with, in few, the boards that keep
// fewest patches or more but under minPremiumMatches (coveredFrame's),
// from the same proposals: a board is settled from its patches alone, so
// those of minPremiumMatches or more are premiumBoards' whatever fewest
// is, and the proposals are found once for both.
func premiumBoardsFew(p picture, fewest int) (first *premiumCand, more, few []premiumCand, n int) {
	all, n := premiumCands(p, min(fewest, minPremiumMatches), maxProposals)
	var cs []premiumCand
	for _, c := range all {
		if c.n >= minPremiumMatches {
			cs = append(cs, c)
		} else {
			few = append(few, c)
		}
	}
	if len(cs) > 0 && cs[0].first {
		first, cs = &cs[0], cs[1:]
	}
	return first, cs, few, n
}

// quadFit is how well the squares' colours follow the premium layout
// (layoutFit) on the board whose 15x15 field is q, at that place.
func quadFit(p picture, q vision.Quad) float64 {
	h, err := vision.QuadHomography(Size, Size, q)
	if err != nil {
		return math.Inf(1)
	}
	looks := boardLooks(&frame{p: p, hq: &h, memo: true}, 0, 0)
	return layoutFit(&looks)
}

// boardLooks is lookK's look (3x3 samples) of every square of the board
// f places, moved by dr rows and dc columns.
func boardLooks(f *frame, dr, dc int) (looks [Size][Size]look) {
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			looks[r][c] = lookK(f, r+dr, c+dc, 3)
		}
	}
	return looks
}

// premiumCands lists the boards the premium patches place (premiumBoards),
// and the most patches any proposal put on their places: the boards
// that keep fewest patches or more, of the first most proposals.
func premiumCands(p picture, fewest, most int) ([]premiumCand, int) {
	step := max(1, int(math.Round(premiumStep*float64(max(p.W, p.H))/1640)))
	blue := bluePatches(p, step)
	if len(blue) < 3 {
		return nil, 0
	}
	red := redPatches(p, step)
	// match counts the places a board-to-picture map puts a patch on
	// (each patch used once), within tol of a square, and returns the
	// pairs.
	match := func(at func(vision.Point) vision.Point, sq float64, tol float64) (src, dst []vision.Point) {
		for _, set := range []struct {
			places  []vision.Point
			patches []premiumPatch
		}{{tripleLetters, blue}, {tripleWords, red}} {
			used := make([]bool, len(set.patches))
			for _, pl := range set.places {
				q := at(pl)
				best, bd := -1, tol*sq
				for i, pa := range set.patches {
					if used[i] {
						continue
					}
					if d := math.Hypot(pa.c.X-q.X, pa.c.Y-q.Y); d < bd {
						best, bd = i, d
					}
				}
				if best >= 0 {
					used[best] = true
					src = append(src, pl)
					dst = append(dst, set.patches[best].c)
				}
			}
		}
		return src, dst
	}
	// The proposals, each the patches its map puts on premium places.
	type proposal struct{ src, dst []vision.Point }
	var props []proposal
	// Three patches of one print next to each other on its lattice
	// (k squares apart: 4 for the triple letters, 7 for the triple
	// words) propose the map.
	for _, set := range []struct {
		patches []premiumPatch
		places  []vision.Point
		k       float64
	}{{blue, tripleLetters, 4}, {red, tripleWords, 7}} {
		latticeCorners(set.patches, func(ai, bi, ci int) {
			a, b, c := set.patches[ai].c, set.patches[bi].c, set.patches[ci].c
			u := vision.Point{X: b.X - a.X, Y: b.Y - a.Y} // k columns on
			v := vision.Point{X: c.X - a.X, Y: c.Y - a.Y} // k rows on
			sq := math.Sqrt(u.X*v.Y-u.Y*v.X) / set.k
			for _, pa := range set.places {
				// a at pa, b k columns on, c k rows on: all three
				// of the print
				if !samePrint(pa, pa.X+set.k, pa.Y) || !samePrint(pa, pa.X, pa.Y+set.k) {
					continue
				}
				at := func(q vision.Point) vision.Point {
					dx, dy := (q.X-pa.X)/set.k, (q.Y-pa.Y)/set.k
					return vision.Point{X: a.X + dx*u.X + dy*v.X, Y: a.Y + dx*u.Y + dy*v.Y}
				}
				if src, dst := match(at, sq, 0.5); len(src) >= minPremiumProposal {
					props = append(props, proposal{src, dst})
				}
			}
		})
	}
	square := func(h vision.Homography) float64 {
		c0, c1 := h.Apply(vision.Point{X: 7, Y: 7}), h.Apply(vision.Point{X: 8, Y: 8})
		return math.Hypot(c1.X-c0.X, c1.Y-c0.Y) / math.Sqrt2
	}
	// Four triple letter patches at the corners of one of their
	// lattice's squares (four squares a side) propose the map in
	// perspective (steepProposals): after the lattices drawn straight,
	// so that where both match as many patches the straight one's
	// board is settled first, as before.
	for _, pr := range steepProposals(blue, square, match) {
		props = append(props, proposal{pr[0], pr[1]})
	}
	// The most patches first (in the order found among equals), each set
	// of patches once.
	sort.SliceStable(props, func(i, j int) bool { return len(props[i].src) > len(props[j].src) })
	// A homography through every matched patch, then matched again
	// through it (the tilt bends the lattice the first map took straight):
	// the proposal's patches after three rounds (nil when too few) and
	// the fewest any round kept.
	settle := func(src, dst []vision.Point) ([]vision.Point, []vision.Point, int) {
		least := len(src)
		for it := 0; it < 3; it++ {
			h, err := vision.FitHomography(src, dst)
			if err != nil {
				return nil, nil, 0
			}
			src, dst = match(h.Apply, square(h), 0.35)
			least = min(least, len(src))
			if len(src) < minPremiumProposal {
				return nil, nil, 0
			}
		}
		return src, dst, least
	}
	// A proposal is the lattice of three patches drawn straight: in a
	// tilted view it misses the far places, and a wrong one (a lattice
	// four squares over, a tile's red) can match as many. The first
	// maxProposals distinct ones are settled.
	var tried, settled [][]vision.Point
	var out []premiumCand
	bestN := 0
	same := func(a []vision.Point) func([]vision.Point) bool {
		return func(b []vision.Point) bool { return slices.Equal(a, b) }
	}
	for _, pr := range props {
		if len(tried) == most {
			break
		}
		if slices.ContainsFunc(tried, same(pr.dst)) {
			continue
		}
		tried = append(tried, pr.dst)
		src, dst, least := settle(pr.src, pr.dst)
		bestN = max(bestN, len(src))
		// proposals that settle on the same patches place the same board
		if len(src) < fewest || slices.ContainsFunc(settled, same(dst)) {
			continue
		}
		settled = append(settled, dst)
		if q, n, ok := premiumFit(src, dst, square); ok {
			words := 0
			for _, pl := range src {
				if premiumAt[int(pl.Y)][int(pl.X)] == TripleWord {
					words++
				}
			}
			out = append(out, premiumCand{q: q, n: n, first: len(tried) == 1 && least >= minPremiumMatches, words: words})
		}
	}
	return out, bestN
}

// steepProposals are the maps four triple letter patches propose where
// they lie at the corners of one square of the print's lattice (its
// places four squares apart: a, b four columns on, c four rows on, d
// both): a homography through the four, so that a board seen steeply
// (30-45 degrees), whose lattice drawn straight from three patches
// misses its near places by squares (164035 turned 40 degrees: its
// near triple letter square 2.8 squares off the straight lattice of
// three patches in the middle of the board, and every board the
// straight lattices settled on had its patches on the wrong places,
// 2-13 squares off at the near corner), is proposed with its near and
// far places where they lie. Each is the patches its map puts
// on their places (match, within half a square) where they are
// minPremiumProposal or more, as src (board places) and dst (pixels).
func steepProposals(blue []premiumPatch, square func(vision.Homography) float64, match func(func(vision.Point) vision.Point, float64, float64) ([]vision.Point, []vision.Point)) [][2][]vision.Point {
	const k = 4
	var out [][2][]vision.Point
	latticeCorners(blue, func(ai, bi, ci int) {
		a, b, c := blue[ai].c, blue[bi].c, blue[ci].c
		u := vision.Point{X: b.X - a.X, Y: b.Y - a.Y}
		v := vision.Point{X: c.X - a.X, Y: c.Y - a.Y}
		// the fourth corner: near where the parallelogram puts it (a
		// steep view moves it a fraction of a side)
		want := vision.Point{X: b.X + v.X, Y: b.Y + v.Y}
		di, dd := -1, steepCornerTol*min(math.Hypot(u.X, u.Y), math.Hypot(v.X, v.Y))
		for i, pd := range blue {
			if i == ai || i == bi || i == ci {
				continue
			}
			if e := math.Hypot(pd.c.X-want.X, pd.c.Y-want.Y); e < dd {
				di, dd = i, e
			}
		}
		if di < 0 {
			return
		}
		dst := []vision.Point{a, b, c, blue[di].c}
		// a square of the lattice the three draw, as the straight
		// proposals take it
		sq := math.Sqrt(u.X*v.Y-u.Y*v.X) / k
		for _, pa := range tripleLetters {
			if !samePrint(pa, pa.X+k, pa.Y) || !samePrint(pa, pa.X, pa.Y+k) || !samePrint(pa, pa.X+k, pa.Y+k) {
				continue
			}
			src := []vision.Point{pa, {X: pa.X + k, Y: pa.Y}, {X: pa.X, Y: pa.Y + k}, {X: pa.X + k, Y: pa.Y + k}}
			h, err := vision.FitHomography(src, dst)
			if err != nil {
				continue
			}
			if ms, md := match(h.Apply, sq, 0.5); len(ms) >= minPremiumProposal {
				out = append(out, [2][]vision.Point{ms, md})
			}
		}
	})
	return out
}

// latticeCorners calls each with the patches ps[ai], ps[bi] and ps[ci]
// that may lie at three corners of one square of their print's lattice,
// b its next place along the columns from a and c along the rows: b and
// c among a's five nearest patches, the board seen from above (not
// mirrored), the two sides within 2.5 times of each other and not
// nearly parallel. The order is a's, then b's and c's by their distance
// from a.
func latticeCorners(ps []premiumPatch, each func(ai, bi, ci int)) {
	type nb struct {
		i int
		d float64
	}
	for ai, a := range ps {
		// the nearest other patches: the lattice's neighbours
		var near []nb
		for bi, b := range ps {
			if bi != ai {
				near = append(near, nb{bi, math.Hypot(b.c.X-a.c.X, b.c.Y-a.c.Y)})
			}
		}
		sort.Slice(near, func(x, y int) bool { return near[x].d < near[y].d })
		if len(near) > 5 {
			near = near[:5]
		}
		for x := range near {
			for y := range near {
				if x == y {
					continue
				}
				b, c := ps[near[x].i].c, ps[near[y].i].c
				u := vision.Point{X: b.X - a.c.X, Y: b.Y - a.c.Y}
				v := vision.Point{X: c.X - a.c.X, Y: c.Y - a.c.Y}
				lu, lv := math.Hypot(u.X, u.Y), math.Hypot(v.X, v.Y)
				cross := u.X*v.Y - u.Y*v.X // > 0: the board seen from above, not mirrored
				if cross <= 0 || lu > 2.5*lv || lv > 2.5*lu || cross < 0.3*lu*lv {
					continue
				}
				each(ai, near[x].i, near[y].i)
			}
		}
	}
}

// steepCornerTol is how far, in the shorter side of the lattice square
// three patches draw, the fourth patch may lie from the parallelogram's
// corner (steepProposals).
const steepCornerTol = 0.4

// premiumCand is a board placed by its premium patches: its corners and
// the patches on their places.
type premiumCand struct {
	q vision.Quad
	n int
	// first: settled from the proposal with the most patches, every
	// round keeping minPremiumMatches
	first bool
	// words: how many of the patches it settled on lie on triple word
	// places (red; the others on triple letter places, blue)
	words int
}

// premiumFit is the homography through the patches src (board places) at
// dst (pixels), with the patches a hand or a tile half covers left out.
func premiumFit(src, dst []vision.Point, square func(vision.Homography) float64) (vision.Quad, int, bool) {
	var h vision.Homography
	// The patches a hand or a tile half covers lie off their squares'
	// centres: the farthest from the fit is left out while it lies more
	// than premiumResid of a square off and patches enough remain.
	for {
		hh, err := vision.FitHomography(src, dst)
		if err != nil {
			return vision.Quad{}, len(src), false
		}
		h = hh
		sq := square(h)
		worst, wd := -1, premiumResid*sq
		for i := range src {
			q := h.Apply(src[i])
			if d := math.Hypot(q.X-dst[i].X, q.Y-dst[i].Y); d > wd {
				worst, wd = i, d
			}
		}
		debugResid(len(src), wd/sq)
		if worst < 0 || len(src) <= minPremiumMatches {
			break
		}
		src = append(src[:worst:worst], src[worst+1:]...)
		dst = append(dst[:worst:worst], dst[worst+1:]...)
	}
	var q vision.Quad
	for i, pt := range [4][2]float64{{0, 0}, {Size, 0}, {Size, Size}, {0, Size}} {
		q[i] = h.Apply(vision.Point{X: pt[0], Y: pt[1]})
	}
	return topLeftFirst(q), len(src), true
}

// minPremiumMatches is the fewest premium patches a board found by them
// shows (of 20): enough that a homography through them is not led by
// one stray patch.
const minPremiumMatches = 7

// minPremiumProposal is the fewest patches a proposed map puts on their
// places to be settled (a homography needs four); maxProposals bounds the
// proposals settled.
const (
	minPremiumProposal = 4
	maxProposals       = 64
)

// samePrint: the square at (x, y) (in squares) is on the board and of
// the print of the square at pa.
func samePrint(pa vision.Point, x, y float64) bool {
	c, r := int(math.Floor(x)), int(math.Floor(y))
	return r >= 0 && c >= 0 && r < Size && c < Size && premiumAt[r][c] == premiumAt[int(pa.Y)][int(pa.X)]
}

// premiumFrame is the board found by its premium squares (premiumBoards):
// the first proposal's board where premiumJudged keeps it, else the first
// of the others it keeps. (findFrame tries the faint grid between the
// two.)
func premiumFrame(p picture) *frame {
	first, more, n := premiumBoards(p)
	if first != nil {
		if f := premiumJudged(p, *first); f != nil {
			return f
		}
	}
	if first == nil && len(more) == 0 {
		debugPremium(vision.Quad{}, n, false)
	}
	return premiumMore(p, more)
}

// premiumMore is the first of the boards more (premiumBoards) kept by
// premiumJudged, the one whose squares' colours follow the premium
// layout best (quadFit) first; nil where none is.
func premiumMore(p picture, more []premiumCand) *frame {
	fits := make([]float64, len(more))
	for i, c := range more {
		fits[i] = quadFit(p, c.q)
	}
	idx := make([]int, len(more))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return fits[idx[a]] < fits[idx[b]] })
	for _, i := range idx {
		if f := premiumJudged(p, more[i]); f != nil {
			return f
		}
	}
	return nil
}

// premiumJudged is the board c the premium squares place, set on the
// premium layout (align) and kept only where the squares' colours follow
// it, as outlineFrame keeps a board found by its border.
func premiumJudged(p picture, c premiumCand) *frame {
	q := c.q
	debugPremium(q, c.n, true)
	f := alignedFrame(p, q)
	if f == nil {
		return nil
	}
	if f.off != (vision.Point{}) {
		// the squares' colours place the layout elsewhere than the
		// premium squares do: no board, or not this one
		return nil
	}
	if partlyOut(f) && strayPrints(f) > 0 {
		// A board the picture cuts, placed by the patches on one part
		// of it: the homography through them can run squares off
		// beyond them (and the squares' colours, refitCorners below,
		// then settle it on a place near that), and the patches it
		// leaves off their places say so.
		return nil
	}
	// The patches' centres place the grid to within a few tenths of a
	// square (a tile half over a premium square moves its patch): the
	// corners are settled on the squares' colours where that fits the
	// layout clearly better (as refit keeps a grid).
	if _, best, bh, _ := refitCorners(f); bh != nil && best <= refitGain*f.fit {
		f.hq, f.fit = bh, best
	}
	spread := colourSpread(f)
	debugOutline(q, f.fit, f.fitOthers, spread)
	if f.fit > maxPremiumFit || f.fit >= maxPremiumFitShare*f.fitOthers || spread < minColourSpread || !printsApart(f) {
		return nil
	}
	// In a steep view the far squares lie beyond the patches the
	// homography went through: the board kept is set on the grid's own
	// lines (onLines; once a scan, on the board kept alone).
	onLines(f)
	return f
}

// partlyOut: some square of the board f places lies out of the picture.
func partlyOut(f *frame) bool {
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if !f.inPicture(r, c) {
				return true
			}
		}
	}
	return false
}

// strayPrints counts the picture's blue patches (premiumPatches, each
// from a quarter of a square to one and a half) that lie on the board f
// places (its hq, moved by off), a square or more inside both the board's
// edge and the picture's, and on no triple or double letter square
// (within strayTol of its centre; the 2015 edition prints its double
// letters a saturated blue too). On a board placed right every such
// patch is a print on its place: tiles hide prints, and make no blue
// ones. Red is no evidence here: the 2014 photos' tiles show red patches
// (`164052` cut at both sides: four of them, on P, O, R and a blank).
func strayPrints(f *frame) int {
	if f.hq == nil {
		return 0
	}
	p := f.p
	inv := f.hq.Inverse()
	sq := math.Sqrt(math.Abs(quadArea(vision.Quad{f.at(0, 0), f.at(Size, 0), f.at(Size, Size), f.at(0, Size)}))) / Size
	step := max(1, int(math.Round(premiumStep*float64(max(p.W, p.H))/1640)))
	area := (sq / float64(step)) * (sq / float64(step)) // a square, in samples
	stray := 0
	for _, pa := range bluePatches(p, step) {
		if float64(pa.n) < 0.25*area || float64(pa.n) > 1.5*area {
			continue // a speck, or a blue thing larger than a square: no print
		}
		if pa.c.X < sq || pa.c.Y < sq || pa.c.X > float64(p.W)-sq || pa.c.Y > float64(p.H)-sq {
			continue // cut by the picture's edge: its centre is not the square's
		}
		b := inv.Apply(pa.c)
		b = vision.Point{X: b.X - f.off.X, Y: b.Y - f.off.Y}
		if b.X < 1 || b.Y < 1 || b.X > Size-1 || b.Y > Size-1 {
			continue
		}
		c, r := int(b.X), int(b.Y)
		k := premiumAt[r][c]
		if (k != TripleLetter && k != DoubleLetter) || math.Hypot(b.X-float64(c)-0.5, b.Y-float64(r)-0.5) > strayTol {
			stray++
		}
	}
	debugStray(stray)
	return stray
}

var debugStray = func(n int) {}

// strayTol is how far, in squares, a print's patch may lie from its
// square's centre and be on it (a tile half over it moves its patch).
const strayTol = 0.5

// printsApart: every print's squares (their median colour) stand apart
// from the plain squares', as on every edition: a lattice of blue squares
// on a plain cloth follows the layout's triple letter squares, but its
// double letter and double word "squares" are the cloth's.
func printsApart(f *frame) bool {
	looks := boardLooks(f, 0, 0)
	return printsApartLooks(f, &looks)
}

// printsApartLooks is printsApart on the squares' looks, those marked
// out (a board the picture cuts) left out: false where a print has no
// square in view.
func printsApartLooks(_ *frame, looks *[Size][Size]look) bool {
	var vs [numPremiums][3][]float64
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if looks[r][c].out {
				continue
			}
			k := premiumAt[r][c]
			for q := 0; q < 3; q++ {
				vs[k][q] = append(vs[k][q], looks[r][c].v[q])
			}
		}
	}
	var m [numPremiums][3]float64
	for k := range vs {
		if len(vs[k][0]) == 0 {
			return false
		}
		for q := 0; q < 3; q++ {
			m[k][q] = median(vs[k][q])
		}
	}
	debugGaps(m)
	for k := Premium(1); k < numPremiums; k++ {
		if dist3(m[k], m[Plain]) < minPrintGap {
			return false
		}
	}
	return true
}

// minPrintGap is the least distance (in the looks' opponent space) of a
// print's median colour from the plain squares': on the tune render
// scenes looked at (a beige board under a hand, white and wooden boards)
// the premium prints stand 27-122 from their plain squares; a plain
// cloth's "prints" stand by noise alone.
const minPrintGap = 10

// maxPremiumFit and maxPremiumFitShare are outlineFrame's maxOutlineFit
// and maxOutlineFitShare for a board found by its premium squares, whose
// seven or more premium squares on their places already say a board is
// there: on the tune render sets (seeds 4 and 5) the grids so placed
// within half a square of the board's fit 0.10-0.83 (a hand and 40
// tiles over a beige board), those placed a square or more off 0.86-0.96
// (others about 0.99).
const (
	maxPremiumFit      = 0.85
	maxPremiumFitShare = 0.9
)

var debugPremium = func(q vision.Quad, n int, ok bool) {}

var debugResid = func(n int, worst float64) {}

var debugGaps = func(m [numPremiums][3]float64) {}

// premiumResid is the farthest, in squares, a premium patch may lie from
// the homography through them all and stay in it.
const premiumResid = 0.15
