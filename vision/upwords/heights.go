package upwords

import (
	"math"

	"github.com/tilescope/tilescope/internal/parallel"
	"github.com/tilescope/tilescope/vision"
)

// locateHeights takes each stack's height from where its top face lies
// by its own outline: the face located (heightLocating) from the
// stack's face (Cell.Face; readStack's located face where it located
// one from there) and from a one-high stack's, the better fit of the
// two; the height is the one whose face the geometry centres nearest
// it (plus locateBias), rounded. The height's search scores every
// height's face on its square and is drawn to a face's neighbours (the
// stack's own side under the face, the tile behind or beside it); the
// face located moves and scales to the outline that fits best. On the
// tuning sets T1 and T3 the face located lay a median 0.22 of a level from the
// true face, the search's 0.50 (docs/vision.md, "Upwords stack heights
// on single hard photos"). A height changed so is not settled: its
// margin becomes 0, never sure; its face becomes the new height's.
func locateHeights(p vision.Plane, cells []Cell, pose *vision.Pose, geo Geometry) {
	parallel.For(len(cells), func(i int) {
		c := &cells[i]
		if c.Height == 0 || c.Tile <= 0 || c.HeightOK >= locateMargin {
			return
		}
		a := faceCentre(pose, c.Pos.Row, c.Pos.Col, 1, geo)
		b := faceCentre(pose, c.Pos.Row, c.Pos.Col, 2, geo)
		if math.Hypot(b.X-a.X, b.Y-a.Y) < locateParallax {
			return
		}
		q, s := stackFaceLocated(p, c)
		if c.Height != 1 {
			if q1, s1 := locateFaceBy(p, faceQuad(pose, c.Pos.Row, c.Pos.Col, 1, geo), heightLocating); s1 > s {
				q = q1
			}
		}
		h := heightAlong(pose, c.Pos.Row, c.Pos.Col, geo, q.Centre()) + locateBias
		nh := max(1, min(geo.MaxStack, int(math.Round(h))))
		if nh != c.Height && math.Abs(h-float64(c.Height)) >= 0.5+locateHold {
			c.Height, c.HeightOK = nh, 0
			c.Face = faceQuad(pose, c.Pos.Row, c.Pos.Col, float64(nh), geo)
		}
	})
}

// stackFaceLocated is the face located by its own outline from c's face,
// and its score: readStack's (Cell.located) where it located it from the
// face c has now or moved c's face to it, else located here
// (heightLocating).
func stackFaceLocated(p vision.Plane, c *Cell) (vision.Quad, float64) {
	if l := c.located; l != nil && (l.from == c.Face || l.face == c.Face) {
		return l.face, l.score
	}
	return locateFaceBy(p, c.Face, heightLocating)
}

// locatedFace is a face located by its own outline (locateFaceScored):
// the face it was located from, the face found and its score.
type locatedFace struct {
	from, face vision.Quad
	score      float64
}

// locateHeights leaves a stack's height as the search gave it where the
// search's margin (Cell.HeightOK) is locateMargin or more, or where one
// level moves its face by less than locateParallax pixels: there a
// tile's offset on its square (1-2 px) moves the face as far as a level
// would, and the face's place cannot tell the height (docs/vision.md,
// "Known limits"). Chosen on the tuning sets: the gates leave three
// faces located in four, for as many heights right.
const (
	locateMargin   = 0.3
	locateParallax = 2.0
)

// locateBias is added to the face located's height before it is
// rounded, and the search's height is kept unless the face located lies
// locateHold of a level beyond the rounding's half-way mark from it.
// The bias was chosen on hard scenes of other makers' boards; the hold
// on a mixed set of the project's board too (upwheight2's TM, seed
// 109110), where on sharp scenes the search's height is right more
// often than the face located: a hold of 0.1 read 1194 of its 1700
// heights right (main 1165; its normal scenes 9 fewer than main), 0.2
// 1208 (normal scenes 1 fewer), with the hard tuning sets T1 and T3
// 786 -> 777 (docs/vision.md, "Upwords stack heights on single photos
// brought back").
const (
	locateBias = -0.1
	locateHold = 0.2
)

// heightAlong is the height (continuous, in levels of geo, from
// alongLo to geo.MaxStack+alongHi) whose top face the geometry centres
// nearest pt on square (r, c).
func heightAlong(pose *vision.Pose, r, c int, geo Geometry, pt vision.Point) float64 {
	best, bestD := 0.0, math.Inf(1)
	for h := alongLo; h <= float64(geo.MaxStack)+alongHi+1e-9; h += alongStep {
		fc := faceCentre(pose, r, c, h, geo)
		if d := math.Hypot(fc.X-pt.X, fc.Y-pt.Y); d < bestD {
			best, bestD = h, d
		}
	}
	return best
}

// The heights heightAlong tries: from alongLo to MaxStack+alongHi, every
// alongStep of a level.
const (
	alongLo   = 0.3
	alongHi   = 0.7
	alongStep = 0.02
)

// heightLocating is how locateHeights looks for a face: locateFace's
// moves at the face's own scale only, then finely at the best scale
// only (121 and 25 faces scored against 363 and 75). A level moves a
// face along its square's parallax line and scales it by a few
// hundredths, which the moves still follow. On the tuning sets T1 and
// T3 (locateHold 0.1), with readStack's located faces reused, it read
// 786 heights right and 750 stacks right (letter and height) against
// 793 and 756 with locateFace's search, `make eval`'s first 40 scenes
// 781 heights against 783 (main 779), for about a quarter of the cost
// (docs/vision.md, "Upwords stack heights on single photos brought
// back"). Coarser moves (a tenth of the side) read as many on the
// tuning sets but miss a two-high face seen nearly straight down
// (TestLocateHeights).
var heightLocating = faceLocating{scales: []float64{1}, step: locateStep, fine: locateFine, fineScales: []float64{0}}
