package upwords

import (
	"math"

	"github.com/tilescope/tilescope/vision"
)

// claimNear is how near, in faces' sides, a stack's top face as read
// may lie to where the next square's own top face would show at some
// height before the two readings are not told apart (unsureClaimed).
// On the tuning sets (docs/vision.md, upwover) the low tile's face so
// claimed lay 0.06 of a side from the face line of its own square; the
// rule takes Sure from 41 squares read right there.
const claimNear = 0.35

// claimStep is the step, in levels, at which unsureClaimed walks a
// square's face up from half a level to half a level over the tallest
// stack.
const claimStep = 0.25

// unsureClaimed takes Sure from a square read empty where a stack read on
// a neighbouring square has its top face where this square's own face
// would show at some height, and from that stack; and from two
// neighbouring stacks read with the same letter on one face
// (twinFaces): one photo does not
// tell a tall stack there, whose top leans over this square in the
// picture, from a low tile here (the faces of a low tile read as the
// top of a tall stack on the square in front or behind, its own square
// then read empty), nor a tall stack here from a low one there. cells
// are in the camera's order (before turnReading), on an n x n board.
func unsureClaimed(cells []Cell, n int, pose *vision.Pose, geo Geometry) {
	if len(cells) != n*n {
		return
	}
	for i := range cells {
		s := &cells[i]
		if s.Height == 0 {
			continue
		}
		fc := s.Face.Centre()
		side := quadSideLen(s.Face)
		if side <= 0 {
			continue
		}
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				r, c := s.Pos.Row+dr, s.Pos.Col+dc
				if (dr == 0 && dc == 0) || r < 0 || c < 0 || r >= n || c >= n {
					continue
				}
				e := &cells[r*n+c]
				if e.Height != 0 {
					if twinFaces(s, e, fc, side) {
						e.Sure, s.Sure, e.Twin, s.Twin = false, false, true, true
					}
					continue
				}
				if !e.Sure {
					continue
				}
				if faceNear(pose, r, c, fc, claimNear*side, geo) {
					e.Sure, s.Sure = false, false
				}
			}
		}
	}
}

// twinFaces reports whether neighbouring stacks s and e read the same
// letter on top faces, as read, whose centres lie within twinNear of
// s's side (fc and side: s's face's centre and side): one face read
// twice. A low tile behind a tall stack, seen from the camera, has its
// face where the tall stack's top shows, and is read with the tall
// stack's letter (the lead's Upwords game 111106, now tuning: a G one
// high, laid behind an N four high, read N and shown sure). Neither
// reading then says which square the letter is on.
func twinFaces(s, e *Cell, fc vision.Point, side float64) bool {
	if s.Letter == "" || s.Letter != e.Letter {
		return false
	}
	ec := e.Face.Centre()
	return math.Hypot(ec.X-fc.X, ec.Y-fc.Y) <= twinNear*side
}

// twinNear is how near, in faces' sides, two neighbouring stacks' top
// faces as read must lie to be one face read twice (twinFaces): half a
// side, where the two faces share more than half their area. The
// faces of neighbouring stacks seen apart lie a square's pitch apart
// (more than a side) at equal heights. In the game that asked for it
// the two faces lay 0.38 of a side apart.
const twinNear = 0.5

// faceNear reports whether square (r, c)'s top face, at some height from
// half a level to half a level over geo.MaxStack, has its centre within
// d pixels of pt.
func faceNear(pose *vision.Pose, r, c int, pt vision.Point, d float64, geo Geometry) bool {
	for h := 0.5; h <= float64(geo.MaxStack)+0.5+1e-9; h += claimStep {
		f := faceCentre(pose, r, c, h, geo)
		if math.Hypot(f.X-pt.X, f.Y-pt.Y) <= d {
			return true
		}
	}
	return false
}

// quadSideLen is the side of face q in pixels: its diagonals' mean over the
// square root of two.
func quadSideLen(q vision.Quad) float64 {
	return (math.Hypot(q[2].X-q[0].X, q[2].Y-q[0].Y) + math.Hypot(q[3].X-q[1].X, q[3].Y-q[1].Y)) / (2 * math.Sqrt2)
}
