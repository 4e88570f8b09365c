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
// plastic. A black pyramid shows more than darkness: it stands darker
// than the board around it (ringLight), and its four faces turn to the
// light at four angles, so they show light and shade, and the same light
// and shade as every other black pyramid of the picture, lit by the same
// light. A square read black and no darker than the board around it
// (shadeRing of ringLight or more, on ringSeen samples) is not
// colour-sure where its faces show no light and shade (the lightest
// under flatFaces times the darkest: flatLight) or not the picture's
// (shadeAlong under shadeAgree of the pattern of the black squares
// darker than their board, shadePattern, where shadeRefs or more give
// one).
//
// On the tuning sets (issue 21, 2026-12-07, pyrdark: TestBlackDiag over
// the lead's p-hard-115055, p-norm-115058 and p-hard-114555, 1,595 black
// house pyramids read black) the two colour-sure wrongs, empty house
// squares in a hand's shadow at a light 21 degrees up (115055/0019
// (2,6), (5,6)), stand faces 1.08 and 1.28 apart, ring 1.18 and 1.03;
// black pyramids with faces under 1.45 apart stand ring 0.15-0.59 (flat
// faces come with an even, soft light, in which black plastic stands far
// under the board). Of the squares read black at ring 0.8 or more, the
// 27 black pyramids stand 0.85-1.49 along the picture's light and shade,
// the 10 empty squares -0.50-0.31; the faces' spread alone did not part
// them (pyrdark's first held-out round: an empty square in a hand's
// shadow, 115501/0003 (4,2), faces 1.45 apart, the face lit that the
// picture's black pyramids have in shade).
const (
	flatFaces  = 1.4
	shadeRing  = 0.8
	shadeAgree = 0.5
	shadeRefs  = 3
	// shadeFlat is the least sum of squares of the picture's pattern's
	// faces about 1 that counts as light and shade (faces about 5% apart)
	shadeFlat = 0.01
)

// flatShades marks each square read black that is no darker than the
// board around it and shows no light and shade, or not the picture's
// (flatShade).
func flatShades(f *frame, sqs []Square) {
	type black struct {
		i     int
		faces [4]float64
	}
	var refs [][4]float64
	var asks []black
	for i := range sqs {
		sq := &sqs[i]
		if sq.Colour != pyramids.Black {
			continue
		}
		r, c := sq.Pos.Row, sq.Pos.Col
		ring, seen := f.ringLight(r, c)
		if ring <= 0 {
			continue
		}
		faces := f.faceLights(r, c)
		switch {
		case sq.look.value < shadeRing*ring:
			if n, ok := normFaces(faces); ok {
				refs = append(refs, n)
			}
		case seen >= ringSeen:
			asks = append(asks, black{i, faces})
		}
	}
	pattern, ok := shadePattern(refs)
	for _, b := range asks {
		sqs[b.i].flatShade = flatLight(b.faces) || (ok && shadeAlong(b.faces, pattern) < shadeAgree)
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

// normFaces is a pyramid's four faces' lights over their mean, false
// when a face is not seen.
func normFaces(faces [4]float64) ([4]float64, bool) {
	sum := 0.0
	for _, v := range faces {
		if v <= 0 {
			return faces, false
		}
		sum += v
	}
	var n [4]float64
	for i, v := range faces {
		n[i] = v * 4 / sum
	}
	return n, true
}

// shadePattern is the picture's light and shade on a black pyramid: each
// face's median of refs (faces over their mean, normFaces); false with
// fewer than shadeRefs or faces under shadeFlat apart.
func shadePattern(refs [][4]float64) ([4]float64, bool) {
	var p [4]float64
	if len(refs) < shadeRefs {
		return p, false
	}
	vals := make([]float64, len(refs))
	dd := 0.0
	for i := range p {
		for j, n := range refs {
			vals[j] = n[i]
		}
		slices.Sort(vals)
		p[i] = vals[len(vals)/2]
		dd += (p[i] - 1) * (p[i] - 1)
	}
	return p, dd >= shadeFlat
}

// shadeAlong is how far a square's faces' lights show the picture's
// light and shade (shadePattern): 1 as strongly, 0 not at all, below 0
// turned against it; 1 when a face is not seen (nothing to judge by).
func shadeAlong(faces, pattern [4]float64) float64 {
	n, ok := normFaces(faces)
	if !ok {
		return 1
	}
	num, dd := 0.0, 0.0
	for i := range n {
		d := pattern[i] - 1
		num += (n[i] - 1) * d
		dd += d * d
	}
	return num / dd
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
