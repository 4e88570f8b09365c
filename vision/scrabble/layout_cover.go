package scrabble

import (
	"math"
	"sort"

	"github.com/tilescope/tilescope/vision"
)

// coveredFit is layoutFit with the squares that show the tiles' shared
// colour (sharedLook) left out: on a crowded board the tiles cover most
// premium prints, and a covered print's squares, counted as its own,
// spread it as a wrong place would. A square of the tiles' colour is
// neither a hit nor a miss of the layout; the empty squares left still
// follow it at the board's place, and at a wrong place do not. Where no
// shared colour shows, the plain layoutFit.
func coveredFit(looks *[Size][Size]look) float64 {
	_, shared, _, prints := sharedLook(looks)
	if prints < sharedPrints {
		return layoutFit(looks)
	}
	l := *looks
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if shared[r][c] {
				l[r][c].out = true
			}
		}
	}
	return layoutFit(&l)
}

// coveredAlign is align by coveredFit: the whole-square move (within
// maxShift) where the squares left by the tiles' colour follow the
// layout best, its fit and the next best place's.
func coveredAlign(f *frame) (off vision.Point, best, next float64) {
	return coveredShift(func(r, c int) look { return lookK(f, r, c, 3) })
}

// coveredShift is the whole-square move (within maxShift) where the
// squares' looks follow the layout best by coveredFit, its fit and the
// next best place's: at gives the look of square (r, c) for r and c
// from -maxShift to Size+maxShift-1, and a move that leaves fewer than
// minSeen squares in view (at's out unset) is passed over.
func coveredShift(at func(r, c int) look) (off vision.Point, best, next float64) {
	const shift = maxShift
	const w = Size + 2*shift
	var ext [w][w]look
	for r := 0; r < w; r++ {
		for c := 0; c < w; c++ {
			ext[r][c] = at(r-shift, c-shift)
		}
	}
	best, next = math.Inf(1), math.Inf(1)
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
				continue
			}
			fit := coveredFit(&looks)
			if fit < best {
				next = best
				best, off = fit, vision.Point{X: float64(dx), Y: float64(dy)}
			} else {
				next = math.Min(next, fit)
			}
		}
	}
	return off, best, next
}

// coveredFrame is the first of the boards qs (the red border's field,
// the premium squares' proposals and the faint grid, in findFrame's
// order) whose squares left by the tiles' colour follow the premium
// layout (coveredFit) at most maxCoveredFit and under coveredNextShare
// of the next best place (coveredJudged); the last stage of findFrame,
// where every other gave up. Where none is, the coveredRefits boards
// that fit best against their next place have their corners settled on
// coveredFit (a border a hand opens, a proposal a square or two off at
// a far corner) and are judged again. Nil where none is kept.
func coveredFrame(p picture, qs []vision.Quad) *frame {
	return coveredFrameBy(p, qs, printsApart, coveredNextShare)
}

// coveredFrameBy is coveredFrame with the prints told apart by apart and
// the best place's fit under nextShare of the next best's.
func coveredFrameBy(p picture, qs []vision.Quad, apart func(*frame) bool, nextShare float64) *frame {
	type tried struct {
		f     *frame
		share float64
	}
	var ts []tried
	for _, q := range qs {
		f, share := coveredJudgedBy(p, q, apart, nextShare)
		if f != nil {
			return f
		}
		if share < coveredRefitShare {
			ts = append(ts, tried{f: frameAt(p, q), share: share})
		}
	}
	sort.SliceStable(ts, func(i, j int) bool { return ts[i].share < ts[j].share })
	for i, t := range ts {
		if i == coveredRefits || t.f == nil {
			break
		}
		_, _, bh, _ := refitCornersBy(t.f, coveredFit, []float64{0.5, 0.25, 0.125})
		if bh == nil {
			continue
		}
		g := &frame{p: p, hq: bh}
		if f, _ := coveredJudgedBy(p, gridCorners(g), apart, nextShare); f != nil {
			return f
		}
	}
	return nil
}

// frameAt is the frame whose 15x15 field is q (nil where q gives no
// homography).
func frameAt(p picture, q vision.Quad) *frame {
	h, err := vision.QuadHomography(Size, Size, q)
	if err != nil {
		return nil
	}
	return &frame{p: p, hq: &h, memo: true}
}

// gridCorners is the 15x15 field's corners on the frame f.
func gridCorners(f *frame) vision.Quad {
	var q vision.Quad
	for i, pt := range [4][2]float64{{0, 0}, {Size, 0}, {Size, Size}, {0, Size}} {
		q[i] = f.at(pt[0], pt[1])
	}
	return q
}

// coveredJudged is the board whose 15x15 field is q, moved by whole
// squares where coveredFit is best (coveredAlign), where it fits at most
// maxCoveredFit and under coveredNextShare of the next best place, lies
// wholly in view, its colours spread and its prints apart (as
// premiumJudged asks); nil otherwise. share is its best fit over the
// next place's (+Inf where q gives no board).
func coveredJudged(p picture, q vision.Quad) (*frame, float64) {
	return coveredJudgedBy(p, q, printsApart, coveredNextShare)
}

// coveredJudgedBy is coveredJudged with the prints told apart by apart
// and the best place's fit under nextShare of the next best's.
func coveredJudgedBy(p picture, q vision.Quad, apart func(*frame) bool, nextShare float64) (*frame, float64) {
	f := frameAt(p, q)
	if f == nil {
		return nil, math.Inf(1)
	}
	off, best, next := coveredAlign(f)
	share := best / next
	debugCovered(q, best, next)
	if best > maxCoveredFit || best >= nextShare*next {
		return nil, share
	}
	if off != (vision.Point{}) {
		f.off = off
		if f = frameAt(p, gridCorners(f)); f == nil {
			return nil, share
		}
	}
	f.fit, f.fitNext = best, next
	if partlyOut(f) || colourSpread(f) < minColourSpread || !apart(f) {
		return nil, share
	}
	return f, share
}

var debugCovered = func(q vision.Quad, best, next float64) {}

// coveredMatches is the fewest premium patches on their places of a
// board coveredFrame judges (premiumFrame's minPremiumMatches is more):
// on a crowded board most triple squares lie under tiles.
const coveredMatches = 5

// coveredRefits is how many boards coveredFrame settles on coveredFit,
// of those whose best place fits under coveredRefitShare of the next.
const (
	coveredRefits     = 4
	coveredRefitShare = 0.99
)

// maxCoveredFit and coveredNextShare judge a board by coveredFit
// (coveredFrame).
const (
	maxCoveredFit    = 0.88
	coveredNextShare = 0.92
)

// gridQuad is the 15x15 field's corners on the grid g.
func gridQuad(g vision.Grid) vision.Quad { return gridCorners(&frame{g: g}) }

// coveredApart is printsApart on the squares the tiles' colour leaves
// (sharedLook): on a board so crowded that most of a print's squares
// hold tiles, that print's median is the tiles' colour, as the plain
// squares' can be. Each print with minApartSquares squares left is told
// apart from the plain squares left, and at least minApartPrints of the
// four are told; where no shared colour shows, printsApart.
func coveredApart(f *frame) bool {
	looks := boardLooks(f, 0, 0)
	return coveredApartLooks(f, &looks, printsApartLooks)
}

// coveredApartLooks is coveredApart on the squares' looks (those marked
// out left out), the prints told apart by byPlain where no shared colour shows.
func coveredApartLooks(f *frame, looks *[Size][Size]look, byPlain func(*frame, *[Size][Size]look) bool) bool {
	_, shared, _, prints := sharedLook(looks)
	if prints < sharedPrints {
		return byPlain(f, looks)
	}
	var vs [numPremiums][3][]float64
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if shared[r][c] || looks[r][c].out {
				continue
			}
			k := premiumAt[r][c]
			for q := 0; q < 3; q++ {
				vs[k][q] = append(vs[k][q], looks[r][c].v[q])
			}
		}
	}
	if len(vs[Plain][0]) < minApartSquares {
		return false
	}
	var plain [3]float64
	for q := 0; q < 3; q++ {
		plain[q] = median(vs[Plain][q])
	}
	told := 0
	for k := Premium(1); k < numPremiums; k++ {
		if len(vs[k][0]) < minApartSquares {
			continue
		}
		var m [3]float64
		for q := 0; q < 3; q++ {
			m[q] = median(vs[k][q])
		}
		if dist3(m, plain) < minPrintGap {
			return false
		}
		told++
	}
	return told >= minApartPrints
}

// minApartSquares is the fewest squares of a print left uncovered that
// tell its colour; minApartPrints the fewest prints told apart.
const (
	minApartSquares = 3
	minApartPrints  = 3
)
