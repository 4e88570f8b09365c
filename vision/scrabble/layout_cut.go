package scrabble

import (
	"github.com/tilescope/tilescope/vision"
)

// cutFrame is coveredFrameBy for a board the picture cuts: the first of
// the boards qs some of whose squares, as placed or moved by up to
// maxShift, lie out of the picture, and that cutJudged keeps. The squares
// out of the picture take no part in judging it; the frame it returns is
// read with them out of view (findFrame marks them). findFrame's very
// last stage, where no board wholly in view was kept: a board found at
// all before it is found the same.
func cutFrame(p picture, qs []vision.Quad, apart func(*frame, *[Size][Size]look) bool, nextShare float64) *frame {
	for _, q := range qs {
		f := frameAt(p, q)
		if f == nil || !reachesOut(f) {
			continue // judged whole already, at every move
		}
		if g := cutJudged(p, f, apart, nextShare); g != nil {
			return g
		}
	}
	return nil
}

// reachesOut: some square of the board f places, moved by up to
// maxShift either way, lies out of the picture.
func reachesOut(f *frame) bool {
	for r := -maxShift; r < Size+maxShift; r++ {
		for c := -maxShift; c < Size+maxShift; c++ {
			if !f.inPicture(r, c) {
				return true
			}
		}
	}
	return false
}

// seenLook is lookK's look of square (r, c) of f (3x3 samples), marked
// out where the square is not wholly in the picture.
func seenLook(f *frame, r, c int) look {
	l := lookK(f, r, c, 3)
	l.out = !f.inPicture(r, c)
	return l
}

// cutJudged is coveredJudgedBy for the board f partly out of view: moved
// by whole squares where coveredFit on the squares in the picture is
// best, kept where that fits at most maxCoveredFit and under nextShare
// of the next best place, at least minSeen squares lie wholly in view,
// no blue print strays off its place (strayPrints, as premiumJudged asks
// of a board the picture cuts), and the squares in view spread in
// colour (minColourSpread) with their prints apart (apart). Nil
// otherwise, and for a board wholly in view at its place (coveredJudged's).
// The board kept is rough: none of its tiles is shown sure.
func cutJudged(p picture, f *frame, apart func(*frame, *[Size][Size]look) bool, nextShare float64) *frame {
	off, best, next := coveredShift(func(r, c int) look { return seenLook(f, r, c) })
	debugCut(gridCorners(f), best, next)
	if best > maxCoveredFit || best >= nextShare*next {
		return nil
	}
	if off != (vision.Point{}) {
		f.off = off
		if f = frameAt(p, gridCorners(f)); f == nil {
			return nil
		}
	}
	f.fit, f.fitNext, f.rough = best, next, true
	if !partlyOut(f) || strayPrints(f) > 0 {
		return nil
	}
	var looks [Size][Size]look
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			looks[r][c] = seenLook(f, r, c)
		}
	}
	if spreadOfLooks(&looks) < minColourSpread || !apart(f, &looks) {
		return nil
	}
	return f
}

var debugCut = func(q vision.Quad, best, next float64) {}

// coveredApartSeen is coveredApart on the squares in view of looks.
func coveredApartSeen(f *frame, looks *[Size][Size]look) bool {
	return coveredApartLooks(f, looks, printsApartLooks)
}
