package upwords

import (
	"image"
	"math"
	"slices"

	"github.com/tilescope/tilescope/vision"
)

// floorColour is the colour of what shows over a square's floor (its
// middle, where a stack's top face shows whatever its height), as
// chromaticity: the mean Cb and Cr offsets over the mean luma, so that a
// shadow or a brighter spot over the board keeps its colour. ok is false
// when stacks found (occ) hide the whole middle.
type floorColour struct {
	u, v float64
	ok   bool
}

// floorColourOf samples the middle of square (r, c)'s floor, past the
// stacks occ holds.
func floorColourOf(img image.Image, occ *occluders, pose *vision.Pose, r, c int, geo Geometry) floorColour {
	var sy, su, sv float64
	k := 0
	innerPoints(img, faceQuad(pose, r, c, 0, geo), func(pt vision.Point, x, y int) {
		if occ.hides(pt) {
			return
		}
		yy, cb, cr := vision.YCC(img, x, y)
		sy += float64(yy)
		su += float64(cb) - 128
		sv += float64(cr) - 128
		k++
	})
	// Fewer than a third of the samples in view: too little to say.
	if k < 16 {
		return floorColour{}
	}
	// Luma under 16 (nearly black) carries no colour worth the name.
	y := math.Max(sy/float64(k), 16)
	return floorColour{u: su / float64(k) / y, v: sv / float64(k) / y, ok: true}
}

// off is how far the colour stands from (u, v), another chromaticity:
// the bare board's, for coverOffColour.
func (f floorColour) off(u, v float64) float64 {
	return math.Hypot(f.u-u, f.v-v)
}

// skinOff is how far from the bare board's own colour (chromaticity,
// floorColour) the floor of a square read empty may stand before the
// square is taken to be under something other than the board: a hand's
// skin (a tile's face under it shows no tile's light when the hand is
// darker than the tiles), or a tile's own face. Such a square is read
// Covered (overlaid), so neither it nor the eight squares round it are
// Sure. The bare squares' own spread (the median distance from their
// median, times skinSpread) is asked as well, so a board whose squares
// differ in colour more (a tinted light falling across it, a printed
// pattern) needs more. Chosen on the tuning sets (docs/vision.md, "A
// stack under a hand told by its skin's colour", TestOffColourDiag): the
// stacks under a hand read empty stood 0.20-0.28 off, a 4-high stack whose
// face was missed 0.13, nearly every bare square in the open under 0.05;
// any bound from 0.08 to 0.12 takes Sure from the same stacks.
var skinOff = 0.1

// skinSpread: the bound on a square's distance from the bare board's
// colour is at least this many times the bare squares' median distance
// from it (skinOff).
const skinSpread = 4.0

// coverOffColour marks Covered (overlaid) every square read empty whose
// floor's colour stands off the bare board's (skinOff): something lies
// over it. The board's colour is the median over the squares read empty
// that are sure so far and off the centre (whose print has a colour of
// its own); at least lookMin such squares are needed.
func coverOffColour(cells []Cell, n int) {
	var us, vs []float64
	for _, c := range cells {
		if c.Height == 0 && c.floor.ok && !centreSquare(c.Pos.Row, c.Pos.Col, n) && !c.Covered && !c.nearCover && c.Tile <= faintEmpty {
			us, vs = append(us, c.floor.u), append(vs, c.floor.v)
		}
	}
	if len(us) < lookMin {
		return
	}
	mu, mv := median(slices.Clone(us)), median(slices.Clone(vs))
	ds := make([]float64, len(us))
	for i := range us {
		ds[i] = math.Hypot(us[i]-mu, vs[i]-mv)
	}
	spread := median(ds)
	bound := math.Max(skinOff, skinSpread*spread)
	if debugOffColour != nil {
		debugOffColour(spread, bound)
	}
	for i := range cells {
		c := &cells[i]
		if c.Height > 0 || !c.floor.ok || centreSquare(c.Pos.Row, c.Pos.Col, n) || c.marked {
			continue
		}
		c.offColour = c.floor.off(mu, mv)
		if c.offColour > bound {
			c.Covered, c.overlaid = true, true
		}
	}
}

// debugOffColour, when set by tests, sees each scan's bare squares'
// spread of colour and the bound coverOffColour drew from it.
var debugOffColour func(spread, bound float64)
