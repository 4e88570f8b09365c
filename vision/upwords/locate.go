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
	best, _ := locateFaceScored(p, q)
	return best
}

// locateFaceScored is locateFace with the score of the face it found.
func locateFaceScored(p vision.Plane, q vision.Quad) (vision.Quad, float64) {
	return locateFaceBy(p, q, locateWhole)
}

// faceLocating is how locateFaceBy looks for a face: moved up to
// locateShift of its side in steps of step at each of scales, then
// about the best in steps of fine (two each way) at the best scale
// plus each of fineScales.
type faceLocating struct {
	scales     []float64
	step, fine float64
	fineScales []float64
}

// locateWhole is locateFace's search.
var locateWhole = faceLocating{scales: locateScales, step: locateStep, fine: locateFine, fineScales: []float64{-0.03, 0, 0.03}}

// locateFaceBy is locateFaceScored searching as how says.
func locateFaceBy(p vision.Plane, q vision.Quad, how faceLocating) (vision.Quad, float64) {
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
	n := int(math.Round(locateShift / how.step))
	for _, s := range how.scales {
		for i := -n; i <= n; i++ {
			for j := -n; j <= n; j++ {
				du, dv := float64(i)*how.step, float64(j)*how.step
				c := moved(du, dv, s)
				if sc, ok := faceScoreOver(p, c, bestS); ok {
					best, bestS, du0, dv0, s0 = c, sc, du, dv, s
				}
			}
		}
	}
	for _, ds := range how.fineScales {
		s := s0 + ds
		for i := -2; i <= 2; i++ {
			for j := -2; j <= 2; j++ {
				c := moved(du0+float64(i)*how.fine, dv0+float64(j)*how.fine, s)
				if sc, ok := faceScoreOver(p, c, bestS); ok {
					best, bestS = c, sc
				}
			}
		}
	}
	return best, bestS
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
