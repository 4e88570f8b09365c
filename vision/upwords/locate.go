package upwords

import (
	"math"

	"github.com/tilescope/tilescope/vision"
)

// Where a face is looked for around the place the geometry gives it
// (locateFace): moved up to locateShift of its side along each of its
// axes in steps of locateStep and scaled by locateScales, then finely
// (locateFine) about the best.
const (
	locateShift = 0.25
	locateStep  = 0.05
	locateFine  = 0.0125
)

var locateScales = []float64{0.9, 1, 1.1}

// locateFace finds the top face near q by its own outline: q moved along
// its axes (up to locateShift of its side) and scaled, scored as the
// height's search scores a face (the contrast across its outline times
// how evenly light the band inside it is), coarsely and then finely
// about the best. On a blurred board, or one whose lens or dimensions
// the geometry does not know, the face the geometry places lies a tenth
// to a fifth of its side off the tile; its outline still shows where the
// tile is.
func locateFace(p vision.Plane, q vision.Quad) vision.Quad {
	best, bestS := q, faceScore(p, q)
	// The quad's own homography, once for all the moved quads
	// (jitterQuad's, found the same way each time).
	hq, herr := vision.QuadHomography(1, 1, q)
	moved := func(du, dv, s float64) vision.Quad {
		if herr != nil {
			return q
		}
		return jitterBy(hq, du, dv, s)
	}
	du0, dv0, s0 := 0.0, 0.0, 1.0
	n := int(math.Round(locateShift / locateStep))
	for _, s := range locateScales {
		for i := -n; i <= n; i++ {
			for j := -n; j <= n; j++ {
				du, dv := float64(i)*locateStep, float64(j)*locateStep
				c := moved(du, dv, s)
				if sc, ok := faceScoreOver(p, c, bestS); ok {
					best, bestS, du0, dv0, s0 = c, sc, du, dv, s
				}
			}
		}
	}
	for _, s := range []float64{s0 - 0.03, s0, s0 + 0.03} {
		for i := -2; i <= 2; i++ {
			for j := -2; j <= 2; j++ {
				c := moved(du0+float64(i)*locateFine, dv0+float64(j)*locateFine, s)
				if sc, ok := faceScoreOver(p, c, bestS); ok {
					best, bestS = c, sc
				}
			}
		}
	}
	return best
}

// faceScore is how well q fits a tile's top face: faceSearch's score,
// with nothing masked.
func faceScore(p vision.Plane, q vision.Quad) float64 {
	return faceEdge(p, nil, q) * faceFill(p, nil, q)
}

// faceScoreOver is faceScore(p, q) and whether it is above best. The
// fill (faceFill, from 0 to 1) is measured only when the edge's contrast
// alone (at least 0) is above best: the score, the edge times the fill,
// is at most the edge, so a face whose edge is not above best scores no
// more than best either.
func faceScoreOver(p vision.Plane, q vision.Quad, best float64) (float64, bool) {
	e := faceEdge(p, nil, q)
	if !(e > best) {
		return 0, false
	}
	sc := e * faceFill(p, nil, q)
	return sc, sc > best
}
