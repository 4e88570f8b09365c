package pyramids

import (
	"slices"

	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/vision"
)

// A black read that rests on darkness alone. Black plastic is told from
// the white board by its darkness (darkValue), and a flat, empty square
// in a cast shadow (a hand's, a low light's over a taller stack) is as
// dark: it reads black, its samples dark and uniform, as sure as black
// plastic. A black pyramid shows more than darkness: its four faces
// turn to the light at four angles, so one face is lighter than another
// (light and shade), and it stands darker than the board around it
// (ringLight). A square read black whose faces are as light as each
// other (the lightest under flatFaces times the darkest) and which is
// no darker than the board around it (shadeRing of ringLight or more,
// on ringSeen samples) shows neither: its colour is not sure.
//
// On the tuning sets (issue 21, 2026-12-07, pyrdark: TestBlackDiag over
// the lead's p-hard-115055, p-norm-115058 and p-hard-114555, 1,595 black
// house pyramids read black) the two colour-sure wrongs, empty house
// squares in a hand's shadow at a light 21 degrees up (115055/0019
// (2,6), (5,6)), stand faces 1.08 and 1.28, ring 1.18 and 1.03; black
// pyramids with faces under 1.45 stand ring 0.15-0.59 (flat faces come
// with an even, soft light, in which black plastic stands far under the
// board), those ring 0.7 or more faces 1.46 or more.
const (
	flatFaces = 1.4
	shadeRing = 0.8
)

// flatShades marks each square read black that shows no pyramid's light
// and shade and is no darker than the board around it (flatShade).
func flatShades(f *frame, sqs []Square) {
	for i := range sqs {
		sq := &sqs[i]
		if sq.Colour != pyramids.Black {
			continue
		}
		r, c := sq.Pos.Row, sq.Pos.Col
		ring, seen := f.ringLight(r, c)
		if seen < ringSeen || sq.look.value < shadeRing*ring {
			continue
		}
		sq.flatShade = flatLight(f.faceLights(r, c))
	}
}

// flatLight tells whether a one-high pyramid's four faces' lights
// (faceLights) show no light and shade: every face seen, the lightest
// under flatFaces times the darkest.
func flatLight(faces [4]float64) bool {
	lo, hi := faces[0], faces[0]
	for _, v := range faces[1:] {
		lo, hi = min(lo, v), max(hi, v)
	}
	return lo > 0 && hi < flatFaces*lo
}

// faceLights is the median light (the brightest channel against the
// board's white) of each face of a one-high pyramid on square (r, c).
func (f *frame) faceLights(r, c int) [4]float64 {
	var vals [4][]float64
	f.faceColours(r, c, func(face int, _ vision.Point, col [3]float64) {
		vals[face] = append(vals[face], max(col[0]/f.white[0], col[1]/f.white[1], col[2]/f.white[2]))
	})
	var faces [4]float64
	for i, v := range vals {
		slices.Sort(v)
		if len(v) > 0 {
			faces[i] = v[len(v)/2]
		}
	}
	return faces
}

// faceColours calls each with every colour the reader samples on the
// four faces of a one-high pyramid on square (r, c) (facePoints' points
// that fall on the picture), the face's index and the point.
func (f *frame) faceColours(r, c int, each func(face int, pt vision.Point, col [3]float64)) {
	f.facePoints(r, c, func(face int, pt vision.Point) {
		if col, ok := f.p.at(pt.X, pt.Y); ok {
			each(face, pt, col)
		}
	})
}

// facePoints calls each with every point the reader samples on the four
// faces of a one-high pyramid on square (r, c) (cells.go's grid of six
// rows of five over a face's lower two thirds), in the picture, and the
// face's index.
func (f *frame) facePoints(r, c int, each func(face int, pt vision.Point)) {
	base, tip := f.model(r, c, 1)
	for i := 0; i < 4; i++ {
		for ti := 0; ti < 6; ti++ {
			tt := 0.25 + 0.13*float64(ti)
			for si := 0; si < 5; si++ {
				s := 0.5 + (float64(si)/4-0.5)*tt*0.85
				each(i, f.project(facePoint(base, tip, i, s, tt)))
			}
		}
	}
}
