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
const changeInner = 0.74

// innerQuad is the middle part f (across) of a quad.
func innerQuad(q vision.Quad, f float64) vision.Quad {
	c := q.Centre()
	var out vision.Quad
	for i, p := range q {
		out[i] = vision.Point{X: c.X + f*(p.X-c.X), Y: c.Y + f*(p.Y-c.Y)}
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
		if was.Empty() || was.Height >= geo.MaxStack {
			continue
		}
		q := innerQuad(faceQuad(pose, c.Pos.Row, c.Pos.Col, float64(was.Height), geo), changeInner)
		c.Change = faceChange(lumaCrop(last, q, changeCrop), lumaCrop(img, q, changeCrop))
		c.compared = true
		if c.Change < changeMin || c.Height > 0 && c.Letter != was.Letter {
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

// stillEmpty empties, through a game, each square read as a stack where
// nothing stood (stood, in the camera's rows and columns) whose one-high
// face looks as in the last photo from the same fixed camera (last),
// where the square was read empty: no tile went there, and what the
// occupancy test took for one is the board's own print or light (a
// centre square's mark read as an O, a bright patch), which was there
// before. The change is measured as raisedTiles measures a stack's
// (faceChange under sameMax); a tile put there covers the square with a
// lettered face and changes it far more. Such a square is read empty,
// not Sure.
func stillEmpty(img, last image.Image, cells []Cell, pose *vision.Pose, geo Geometry, stood func(row, col int) grid.Stack) {
	for i := range cells {
		c := &cells[i]
		if c.Height == 0 || !stood(c.Pos.Row, c.Pos.Col).Empty() {
			continue
		}
		q := innerQuad(faceQuad(pose, c.Pos.Row, c.Pos.Col, 1, geo), changeInner)
		ch := faceChange(lumaCrop(last, q, changeCrop), lumaCrop(img, q, changeCrop))
		if ch >= sameMax {
			continue
		}
		c.Tile, c.Height, c.Letter, c.Conf, c.HeightOK = 0, 0, "", 0, 0
		c.Alt, c.Covered, c.overlaid = nil, false, false
		c.Face = faceQuad(pose, c.Pos.Row, c.Pos.Col, 0, geo)
		c.unsureEmpty = true
	}
}

// FaceChanged reports whether, through a game (Options.Last), the face
// where the square's stack stood looks otherwise than in the last photo
// (Change at changeMin or more): a tile likely went on it.
func (c Cell) FaceChanged() bool { return c.compared && c.Change >= changeMin }

// FaceSame reports whether, through a game (Options.Last), the face where
// the square's stack stood looks as in the last photo (Change under
// sameMax): no tile went on it, and a new letter read there is a
// misread.
func (c Cell) FaceSame() bool { return c.compared && c.Change < sameMax }

// sameMax is the change of a stack's face since the last photo under
// which no tile went on it (eval-game tuning seeds 110, 122, 124, 125 and
// 126, --dims varied but 125: of 21 stacks read with a new letter where
// none was played, 19 measured 0.013 or less; of 1016 that had one, the
// least changed measured 0.063, on a small blurred board, where a level
// is under a pixel). Two renders of the same scene share their noise; a
// real camera's frames do not, which raises the change of an unchanged
// face and makes this rule fire less, not wrongly.
const sameMax = 0.03

// lumaCrop samples the grey level (Rec. 601 luma) of quad q on a size x
// size grid, bilinearly, through the quad's homography: a cheaper cut
// than letterCrop's for comparing two photos.
func lumaCrop(img image.Image, q vision.Quad, size int) []float64 {
	out := make([]float64, size*size)
	h, err := vision.QuadHomography(1, 1, q)
	if err != nil {
		return out
	}
	b := img.Bounds()
	at := func(x, y int) float64 {
		x = min(max(x, b.Min.X), b.Max.X-1)
		y = min(max(y, b.Min.Y), b.Max.Y-1)
		switch m := img.(type) {
		case *image.YCbCr:
			return float64(m.Y[m.YOffset(x, y)])
		case *image.RGBA:
			o := m.PixOffset(x, y)
			return float64(int(m.Pix[o])*299+int(m.Pix[o+1])*587+int(m.Pix[o+2])*114) / 1000
		default:
			r, g, bl, _ := m.At(x, y).RGBA()
			return float64(int(r>>8)*299+int(g>>8)*587+int(bl>>8)*114) / 1000
		}
	}
	s := float64(size)
	for j := 0; j < size; j++ {
		for i := 0; i < size; i++ {
			p := h.Apply(vision.Point{X: (float64(i) + 0.5) / s, Y: (float64(j) + 0.5) / s})
			x, y := p.X-0.5, p.Y-0.5
			x0, y0 := int(math.Floor(x)), int(math.Floor(y))
			fx, fy := x-float64(x0), y-float64(y0)
			out[j*size+i] = (1-fy)*((1-fx)*at(x0, y0)+fx*at(x0+1, y0)) + fy*((1-fx)*at(x0, y0+1)+fx*at(x0+1, y0+1))
		}
	}
	return out
}

// faceChange is how much two crops of the same place differ (grey
// levels, lumaCrop), their brightness and contrast set aside (a lamp,
// the camera's exposure): one less the correlation of their grey levels,
// 0 for the same picture, 1 for unrelated ones, 2 for a negative; 0 for
// two flat crops, 1 for one flat and one not.
func faceChange(a, b []float64) float64 {
	n := len(a)
	if n == 0 || len(b) != n {
		return 0
	}
	var sa, sb, saa, sbb, sab float64
	for i, x := range a {
		y := b[i]
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
