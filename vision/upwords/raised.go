package upwords

import (
	"fmt"
	"image"
	"math"
	"slices"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// changeCrop is the side in pixels of the crops faceChange compares.
const changeCrop = 24

// changeInner is the part of a face (across, about its middle) whose
// change is measured: the letter's, not the tile's edges.
const changeInner = 0.6

// innerQuad is the middle part f (across) of a quad.
func innerQuad(q vision.Quad, f float64) vision.Quad {
	cx := (q[0].X + q[1].X + q[2].X + q[3].X) / 4
	cy := (q[0].Y + q[1].Y + q[2].Y + q[3].Y) / 4
	var out vision.Quad
	for i, p := range q {
		out[i] = vision.Point{X: cx + f*(p.X-cx), Y: cy + f*(p.Y-cy)}
	}
	return out
}

// raisedConf is the most confidence a tile found by its face's change
// alone is read with (unsure: the photo's own reading saw no tile).
const raisedConf = 0.5

// changeMin is the change of a stack's face since the last photo
// (faceChange) from which a tile may have gone on it.
const changeMin = 0.3

// raisedTiles looks, through a game, at each stack read as it stood (its
// letter) or read empty where a stack stood (stood, in the camera's rows
// and columns): the face where its top stood is compared with the same
// place in the last photo from the same fixed camera (last). A tile put
// on the stack covers that face with another letter a level higher; the
// letter reader can still read the old letter there (a thin level, the
// new face shifted by a few pixels) or see no tile. A face that changed
// by changeMin or more is read one level higher, and the letters other
// than the old one it may bear are the cell's Raised. A stack read empty
// (it cannot have gone) whose face changed so is read as a tile put on
// it: the likeliest of those letters, unsure, the others its Alt.
func raisedTiles(img, last image.Image, cells []Cell, pose *vision.Pose, geo Geometry, crop int, pr glyphProber, kn ocr.Known, stood func(row, col int) grid.Stack) error {
	glyphs := pr.Glyphs()
	for i := range cells {
		c := &cells[i]
		was := stood(c.Pos.Row, c.Pos.Col)
		if was.Empty() || was.Height >= geo.MaxStack || c.Height > 0 && c.Letter != was.Letter {
			continue
		}
		q := innerQuad(faceQuad(pose, c.Pos.Row, c.Pos.Col, float64(was.Height), geo), changeInner)
		c.Change = faceChange(letterCrop(last, q, changeCrop), letterCrop(img, q, changeCrop))
		if c.Change < changeMin {
			continue
		}
		up := faceQuad(pose, c.Pos.Row, c.Pos.Col, float64(was.Height+1), geo)
		probs, angles, err := pr.GlyphProbs(letterCrop(img, up, crop), kn)
		if err != nil {
			return fmt.Errorf("vision: reading %v: %w", c.Pos, err)
		}
		c.Raised = likeliestOf(glyphs, probs, was.Letter, 0, altMax)
		if c.Height > 0 || len(c.Raised) == 0 {
			continue
		}
		// Read empty where a stack stood, its face changed: a stack does
		// not vanish, a tile went on it (the occupancy test looked for
		// the face where it was). The likeliest letter is the tile's,
		// unsure (raisedConf at most), the others its Alt.
		g := slices.Index(glyphs, c.Raised[0])
		c.Letter, c.Height, c.Face, c.HeightOK = c.Raised[0], was.Height+1, up, 0
		c.Conf = min(probs[g], raisedConf)
		if g < len(angles) {
			c.Angle = angles[g]
		}
		c.Alt, c.Raised = c.Raised[1:], nil
		c.Covered = false
	}
	return nil
}

// faceChange is how much two crops of the same place differ, their
// brightness and contrast set aside (a lamp, the camera's exposure):
// one less the correlation of their grey levels, 0 for the same picture,
// 1 for unrelated ones, 2 for a negative; 0 for two flat crops.
func faceChange(a, b *image.RGBA) float64 {
	n := len(a.Pix) / 4
	if n == 0 || len(b.Pix) != len(a.Pix) {
		return 0
	}
	var sa, sb, saa, sbb, sab float64
	for i := 0; i < n; i++ {
		pa, pb := a.Pix[4*i:4*i+3], b.Pix[4*i:4*i+3]
		x := float64(int(pa[0])*299+int(pa[1])*587+int(pa[2])*114) / 1000
		y := float64(int(pb[0])*299+int(pb[1])*587+int(pb[2])*114) / 1000
		sa += x
		sb += y
		saa += x * x
		sbb += y * y
		sab += x * y
	}
	fn := float64(n)
	va, vb := saa-sa*sa/fn, sbb-sb*sb/fn
	const flat = 4 // a grey level's variance under which a crop is flat
	if va < flat*fn || vb < flat*fn {
		if va < flat*fn && vb < flat*fn {
			return 0
		}
		return 1
	}
	return 1 - (sab-sa*sb/fn)/math.Sqrt(va*vb)
}
