package scrabble

import (
	"image"
	"math"

	"github.com/tilescope/tilescope/vision"
)

// A board placed by its premium squares is one homography through the
// centres of the few triple squares found (seven or more of twenty): in
// a steep view of a small board those lie in its middle and near part,
// and the far squares are placed by extrapolating them (163953 through
// a 44 degree tilt: its far column 0.7-1.0 of a square off, its far
// corners 1.9). The grid's own lines, too faint or too short for the
// search to find the board by, still show where a grid placed near them
// looks for them: onLines sets the placement on them, as the search
// refines a grid it found, a round at a time, and keeps a round only
// where the squares' colours then follow the premium layout better.

// maxLineRounds bounds onLines' rounds: each measures the lines within
// a window of 0.4 to 0.2 of a square about the grid of the round before,
// so a grid a square off at its far side comes to them in two or three.
const maxLineRounds = 3

// lineRoundGain is the share of the layout's fit (layoutFit, smaller is
// better) a round must bring the fit under to be kept.
const lineRoundGain = 0.97

// onLines sets the board f places by a homography (its hq: a board
// placed by its premium squares, wholly in view) on the grid's own lines
// where that fits the premium layout better (above); f is left as it was
// where no round does.
func onLines(f *frame) {
	if f.hq == nil || f.off != (vision.Point{}) || math.IsInf(f.fit, 1) || partlyOut(f) {
		return
	}
	img := f.p.image()
	if img == nil {
		return
	}
	// the grey plane the board's search made, where the scan has it
	// (the same image's: the same plane)
	var plane vision.Plane
	if m := f.p.patches; m != nil && m.search != nil && m.search.Image() == img {
		plane = m.search.Plane()
	} else {
		plane = vision.Luma(img)
	}
	h, fit := *f.hq, f.fit
	for range maxLineRounds {
		nh, ok := vision.RefineGridLines(plane, h, Size)
		if !ok {
			break
		}
		g := *f
		g.hq, g.memo = &nh, false
		looks := boardLooks(&g, 0, 0)
		nf := layoutFit(&looks)
		debugLines(nf, fit)
		if !(nf < lineRoundGain*fit) {
			break
		}
		h, fit = nh, nf
	}
	if fit < f.fit {
		f.hq, f.fit = &h, fit
	}
}

var debugLines = func(fit, before float64) {}

// image is the picture as an image whose bounds are the picture's (nil
// for a grey picture's part: deblurredFrame's).
func (p picture) image() image.Image {
	switch {
	case p.ycc != nil:
		return p.ycc
	case p.rgba != nil:
		return p.rgba
	}
	return nil
}
