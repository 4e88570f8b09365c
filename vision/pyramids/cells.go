package pyramids

import (
	"image"
	"maps"
	"math"
	"slices"
	"sync"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/vision"
)

// pixel classes
const (
	clsLight = iota // board: runway, house squares, tinted player spaces, ink
	clsDark         // a black pyramid (or a printed letter, a grid line)
	clsRed
	clsYellow
	clsGreen
	clsBlue
	nClasses
)

var classColour = [nClasses]pyramids.Colour{clsDark: pyramids.Black, clsRed: pyramids.Red, clsYellow: pyramids.Yellow, clsGreen: pyramids.Green, clsBlue: pyramids.Blue}

// Thresholds of the colour classes, on colours divided by the runway's
// (white balance): saturation = (max-min)/max, value = max.
const (
	pyramidSat = 0.42 // a pyramid's plastic is at least this saturated
	tintSat    = 0.10 // a tinted player space at least this
	darkValue  = 0.38 // unsaturated and darker than this: black
)

// hueClass names the hue of a saturated colour: red, yellow, green, blue.
func hueClass(r, g, b float64) int {
	mx := math.Max(r, math.Max(g, b))
	mn := math.Min(r, math.Min(g, b))
	d := mx - mn
	if d <= 0 {
		return clsLight
	}
	var h float64
	switch mx {
	case r:
		h = math.Mod((g-b)/d, 6)
	case g:
		h = (b-r)/d + 2
	default:
		h = (r-g)/d + 4
	}
	h *= 60
	if h < 0 {
		h += 360
	}
	switch {
	case h < 25 || h >= 320:
		return clsRed
	case h < 75:
		return clsYellow
	case h < 180:
		return clsGreen
	default:
		return clsBlue
	}
}

// classify sorts one white-balanced colour into a class; tint is the hue
// class of a weakly coloured pixel (a tinted player space), or -1.
func classify(c [3]float64, white [3]float64) (cls, tint int) {
	r, g, b := c[0]/white[0], c[1]/white[1], c[2]/white[2]
	mx := math.Max(r, math.Max(g, b))
	mn := math.Min(r, math.Min(g, b))
	if mx <= 0.02 {
		return clsDark, -1
	}
	s := (mx - mn) / mx
	switch {
	case s >= pyramidSat && mx > 0.1:
		h := hueClass(r, g, b)
		return h, h
	case mx < darkValue:
		return clsDark, -1
	case s >= tintSat:
		return clsLight, hueClass(r, g, b)
	}
	return clsLight, -1
}

// shadowChroma is the least chroma (max-min of the white-balanced
// channels, a share of the white) of the dark samples' mean for them to
// count as a coloured pyramid in shadow: a few levels of 255 in the
// runway's light, well above a black pyramid's (about 0.01).
const shadowChroma = 0.02

// shadowHue tells whether a square's dark samples (sum, the sum of their
// white-balanced colours; n, how many) are a coloured pyramid in shadow
// rather than a black one, and its hue class. The mean is judged against
// the scene's own light (the white balance), by its hue and chroma, not
// by its lightness: a black pyramid is a near-neutral grey however dark,
// a red one in shadow stays clearly red however dark.
func shadowHue(sum [3]float64, n float64) (int, bool) {
	if n <= 0 {
		return 0, false
	}
	r, g, b := sum[0]/n, sum[1]/n, sum[2]/n
	mx := math.Max(r, math.Max(g, b))
	mn := math.Min(r, math.Min(g, b))
	if mx-mn < shadowChroma || (mx-mn)/mx < pyramidSat {
		return 0, false
	}
	h := hueClass(r, g, b)
	return h, h != clsLight
}

// cellLook is the colour evidence on one square.
type cellLook struct {
	colour pyramids.Colour
	conf   float64
	// hues is the share of samples of each player colour, pyramid or
	// tint: the evidence orient uses.
	hues map[pyramids.Colour]float64
	// value is the median brightness of the samples over the white
	// (max of the balanced channels): about 1 on blank board in the
	// light, lower on a pyramid or in shadow.
	value float64
	// hi is the samples' upper tenth of value: a pyramid's light
	// letters on black plastic, or board in the light beside a shadow
	// (dimBlack)
	hi float64
	// tinted is the share of the samples that are light but clearly
	// coloured (saturation tintedSat or more, under a pyramid's
	// pyramidSat): skin, as of a hand over the square. A board's printed
	// tints and a colour cast of the light stay under it.
	tinted float64
	// dark is the share of the samples classed dark (none when
	// shadowHue gives them a coloured pyramid's hue).
	dark float64
	// washed: a house square whose samples are mostly grey, with a
	// part truly dark, read black (washedBlack), or standing well under
	// the board's light around it (dimHouse): never sure.
	washed bool
	// faint is the pyramid colour whose samples, with the light ones
	// of its hue saturated faintSat or more, are the most, faintShare
	// their share (fainter)
	faint      pyramids.Colour
	faintShare float64
	// skin is the share of the samples in skin's colours (skinLike):
	// a hand over the square, read as a pyramid's colour or as board.
	skin float64
}

// tintedSat is the least saturation of a light sample that counts as
// clearly coloured (cellLook.tinted).
const tintedSat = 0.22

// saturation is (max-min)/max of a colour's white-balanced channels.
func saturation(c, white [3]float64) float64 {
	r, g, b := c[0]/white[0], c[1]/white[1], c[2]/white[2]
	mx := math.Max(r, math.Max(g, b))
	mn := math.Min(r, math.Min(g, b))
	if mx <= 0 {
		return 0
	}
	return (mx - mn) / mx
}

// model returns the base corners (NW, NE, SE, SW, board order) and the
// tip of the top pyramid of a stack of k on square (r, c), in board units
// (squares), as 3D points (x, y, height).
func (f *frame) model(r, c, k int) (base [4][3]float64, tip [3]float64) {
	g := f.geo
	hb := g.BaseMM / g.SquareMM / 2
	z := float64(max(k-1, 0)) * g.NestMM / g.SquareMM
	cx, cy := float64(c)+0.5, float64(r)+0.5
	base = [4][3]float64{{cx - hb, cy - hb, z}, {cx + hb, cy - hb, z}, {cx + hb, cy + hb, z}, {cx - hb, cy + hb, z}}
	tip = [3]float64{cx, cy, z + g.TallMM/g.SquareMM}
	return base, tip
}

// facePoint is the point (s, t) of face i's letter texture: s across the
// base edge from the outside viewer's left to right, t from the tip (0)
// to the base (1).
func facePoint(base [4][3]float64, tip [3]float64, i int, s, t float64) [3]float64 {
	a, b := base[(i+1)%4], base[i] // left, right as seen from outside
	var p [3]float64
	for k := 0; k < 3; k++ {
		u := b[k] - a[k]
		m := (a[k] + b[k]) / 2
		p[k] = tip[k] + (s-0.5)*u + t*(m-tip[k])
	}
	return p
}

// project is a board point (x, y, height) in the picture, through the
// lens.
func (f *frame) project(p [3]float64) vision.Point {
	return f.distort(f.pose.Project(p[0], p[1], p[2]))
}

// look reads the colour on square (r, c) of the frame as it stands (the
// picture's own order before orient): samples over the four faces of a
// one-high pyramid, classified.
func (f *frame) look(r, c int) cellLook { return f.lookAt(r, c, 1) }

// lookAt is look over the faces of the top pyramid of a stack of k.
func (f *frame) lookAt(r, c, k int) cellLook {
	l, _ := f.lookOutside(r, c, k, nil, false)
	return l
}

// lookOutside is lookAt over the samples outside the polygons hidden
// (none: every sample), and the number of samples it was read on. With
// onGrid, only the samples whose line of sight, were no pyramid there,
// meets the board inside the playing grid are read (backOnGrid): the
// others would show the border, whose colour may be a pyramid's.
func (f *frame) lookOutside(r, c, k int, hidden []convexSides, onGrid bool) (cellLook, int) {
	base, tip := f.model(r, c, k)
	var eye [3]float64
	if onGrid {
		eye = f.eye()
	}
	var n [nClasses]float64
	// the samples of each hue class and whether it had any (an array:
	// a map written at every sample cost more)
	var tints [nClasses]float64
	var tinted1 [nClasses]bool
	// the light samples of each hue class saturated faintSat or more
	var faint [nClasses]float64
	total := 0.0
	var vals [120]float64
	nv := 0
	var darkSum [3]float64 // the white-balanced colour of the dark samples, summed
	tinted := 0.0
	skin := 0.0
	for i := 0; i < 4; i++ {
		for ti := 0; ti < 6; ti++ {
			t := 0.25 + 0.13*float64(ti)
			for si := 0; si < 5; si++ {
				s := 0.5 + (float64(si)/4-0.5)*t*0.85
				fp := facePoint(base, tip, i, s, t)
				if onGrid && !backOnGrid(eye, fp) {
					continue
				}
				pt := f.project(fp)
				if hidden != nil && inAny(hidden, pt) {
					continue
				}
				col, ok := f.p.at(pt.X, pt.Y)
				if !ok {
					continue
				}
				cls, tint := classify(col, f.white)
				if skinLike(col, f.white) {
					skin++
				}
				if cls == clsLight && tint >= 0 {
					sat := saturation(col, f.white)
					if sat >= tintedSat {
						tinted++
					}
					if sat >= faintSat {
						faint[tint]++
					}
				}
				if cls == clsDark {
					for k := range darkSum {
						darkSum[k] += col[k] / f.white[k]
					}
				}
				if nv < len(vals) {
					vals[nv] = math.Max(col[0]/f.white[0], math.Max(col[1]/f.white[1], col[2]/f.white[2]))
					nv++
				}
				n[cls]++
				if tint >= 0 {
					tints[tint]++
					tinted1[tint] = true
				}
				total++
			}
		}
	}
	out := cellLook{hues: map[pyramids.Colour]float64{}}
	if total == 0 {
		return out, 0
	}
	if h, ok := shadowHue(darkSum, n[clsDark]); ok {
		// A coloured pyramid in deep shadow: its samples are too dark
		// one by one to tell from black, but together they keep the
		// plastic's hue (a black pyramid stays near grey).
		n[h] += n[clsDark]
		tints[h] += n[clsDark]
		tinted1[h] = true
		n[clsDark] = 0
	}
	for cls, v := range tints {
		if tinted1[cls] {
			out.hues[classColour[cls]] = v / total
		}
	}
	out.tinted = tinted / total
	out.skin = skin / total
	out.dark = n[clsDark] / total
	for cls := clsRed; cls < nClasses; cls++ {
		if v := (n[cls] + faint[cls]) / total; v > out.faintShare {
			out.faint, out.faintShare = classColour[cls], v
		}
	}
	// sorted by the generic sort (no interface call a comparison): the
	// same order, the same median
	slices.Sort(vals[:nv])
	out.value = vals[nv/2]
	out.hi = vals[nv*9/10]
	house := pyramids.InHouse(pyramids.Pos{Row: r, Col: c})
	out.colour, out.conf = vote(&n, total, house)
	if house && washedBlack(out.colour, out.value, out.dark) {
		out.colour, out.conf, out.washed = pyramids.Black, out.dark, true
	}
	return out, int(total)
}

// A black house pyramid in a light the runway's white does not measure
// (a glare spot, a brighter part of the board, a dim picture whose white
// balance lifts the plastic): its faces stand at 0.4-0.6 of the runway's
// white, grey all over, none of them dark, so neither the classes nor
// washedBlack take it; yet the board between it and its neighbours, in
// the same light, is much lighter. An empty house square is that board
// itself: its samples stand at about the light of the board around it
// (its printed letter's ink aside). A house square read empty whose
// samples' median value is under ringDim of the board's own light
// around it (ringLight, on ringSeen samples or more) is read black,
// never sure, its confidence how far under that light it stands; but
// not when its lighter samples (the upper tenth) stand over ringLit of
// that light: board in the light shows on the square itself, and its
// dim part is a shadow cast over it (a tall stack's beside it, its
// edge across the square). A black pyramid's lightest marks are its
// letters' ink blurred into the plastic, no lighter than the board.
const (
	ringDim  = 0.8
	ringLit  = 1.15
	ringSeen = 16
)

// dimHouse takes the house squares still read empty once lowHouse and
// fainter have looked again (a washed coloured pyramid keeps the colour
// they read) for black pyramids when dimBlack says so: never sure
// (cellLook.washed), the confidence how far under the board's light
// the square stands. countOf gives the stack count for a top pyramid of
// a colour on a square.
func dimHouse(f *frame, sqs []Square, countOf func(grid.Pos, pyramids.Colour) int) {
	for i := range sqs {
		sq := &sqs[i]
		r, c := sq.Pos.Row, sq.Pos.Col
		if sq.Colour != pyramids.NoColour || !pyramids.InHouse(pyramids.Pos{Row: r, Col: c}) {
			continue
		}
		ring, seen := f.ringLight(r, c)
		if seen < ringSeen || !dimBlack(sq.look.value, sq.look.hi, ring) {
			continue
		}
		sq.Colour, sq.ColourConf, sq.look.washed = pyramids.Black, 1-sq.look.value/ring, true
		sq.Height = countOf(sq.Pos, pyramids.Black)
		sq.Apex = f.apex(r, c, sq.Height)
	}
}

// dimBlack tells whether a house square read empty, its samples' median
// value and upper tenth and the board's light around it (ringLight)
// given, is a black pyramid in a light the white balance does not
// measure.
func dimBlack(value, hi, ring float64) bool {
	return ring > 0 && value < ringDim*ring && hi <= ringLit*ring
}

// A black house pyramid under glare or an over-exposed picture: its
// faces turned to the light wash out to a grey of 0.4-0.55 of the
// runway's white, over darkValue, so they class light and the square
// read empty; its faces turned away stay dark. A house square read
// empty whose samples' median value is under washedValue (half its
// samples grey or darker) and whose samples classed dark (after
// shadowHue) hold washedDark or more is read black, never sure. A flat
// empty square in a shadow is grey all over, with few dark samples
// (its printed letter's ink). On the tuning sets ("Black house
// pyramids under glare"): 63 of the 73 black house pyramids read empty
// at main are so read black, and 2 of the 614 empty house squares read
// empty.
const (
	washedValue = 0.6
	washedDark  = 0.2
)

// washedBlack tells whether a house square read as colour, with the
// median value and dark share of its samples, is a black pyramid washed
// out by the light.
func washedBlack(colour pyramids.Colour, value, dark float64) bool {
	return colour == pyramids.NoColour && value < washedValue && dark >= washedDark
}

// A washed black house pyramid (washedBlack) covers its square's floor:
// seen from the camera, the floor inside its base shows its faces, grey
// where lit and dark where shaded. An empty house square in the shadow
// its black neighbours cast (a low light, a steep view) is as grey and
// takes dark samples from those neighbours' sides, so washedBlack takes
// it too; but its floor, where the neighbours leave it in view, is the
// board itself, light nearly all over. A square read black by
// washedBlack whose floor outside its neighbours' outlines (floorHidden,
// behindSeen samples or more) is washedFloorLight or more light is read
// empty, never sure (cleared). On the tuning sets (p-hard 112555,
// 112055, 111705, 111105, 111405; issue 21, 2026-12-07, pyrhard in
// docs/pyramids-vision.md) the 85 black pyramids washedBlack takes show
// 0.15-0.76 of their floor light, the five empty squares it takes
// 0.70-0.97.
const washedFloorLight = 0.8

// washedFloor reads empty the house squares washedBlack took for black
// whose floor shows the board (washedFloorLight): never sure.
func washedFloor(f *frame, sqs []Square) {
	sh := f.geo.shape()
	for i := range sqs {
		sq := &sqs[i]
		if sq.Colour != pyramids.Black || !sq.look.washed || sq.look.dark < washedDark || !pyramids.InHouse(sq.Pos) {
			continue
		}
		r, c := sq.Pos.Row, sq.Pos.Col
		var hidden [8]convexSides
		nh := 0
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				nr, nc := r+dr, c+dc
				if (dr == 0 && dc == 0) || nr < 0 || nc < 0 || nr >= pyramids.Size || nc >= pyramids.Size {
					continue
				}
				n := &sqs[nr*pyramids.Size+nc]
				if n.Colour == pyramids.NoColour || n.Height == 0 {
					continue
				}
				h, k := f.outline(float64(nr), float64(nc), n.Height, sh, false)
				hidden[nh].set(h[:k])
				nh++
			}
		}
		light, seen := f.floorHidden(r, c, hidden[:nh])
		if !floorShowsBoard(light, seen) {
			continue
		}
		sq.cleared = true
		sq.Colour, sq.ColourConf, sq.Height, sq.Apex = pyramids.NoColour, light, 0, vision.Point{}
		sq.look = cellLook{conf: light, value: sq.look.value, tinted: sq.look.tinted}
	}
}

// floorShowsBoard tells whether a square's floor, light on the share
// light of the seen samples its neighbours leave in view, is the board
// itself (washedFloor): no pyramid covers it.
func floorShowsBoard(light float64, seen int) bool {
	return seen >= behindSeen && light >= washedFloorLight
}

// vote reads a square's colour from its samples' classes (n, of total
// samples): a pyramid of the commonest pyramid class when pyramid
// classes hold half the samples or more and the commonest 0.3 or more,
// its share the confidence; else empty, the light share the
// confidence. house says whether the square lies in the house area.
// Black pyramids are the house's and never move (the rules'
// house_moved), so outside it dark samples are something covering the
// board (a pyramid's side, a hand) or only a shadow, never black
// plastic: they still count towards a pyramid, but black does not win
// there (a stack's cast shadow over the runway read black before).
func vote(n *[nClasses]float64, total float64, house bool) (pyramids.Colour, float64) {
	bestC, bestN := 0, -1.0
	pyr := 0.0
	for cls := clsDark; cls < nClasses; cls++ {
		pyr += n[cls]
		if cls == clsDark && !house {
			continue
		}
		if n[cls] > bestN {
			bestC, bestN = cls, n[cls]
		}
	}
	if pyr/total >= 0.5 && bestN/total >= 0.3 {
		return classColour[bestC], bestN / total
	}
	return pyramids.NoColour, n[clsLight] / total
}

// height is the stack count the scan assumes on square (r, c) of the
// oriented board for a top pyramid of colour col. A stack's count barely
// shows from above (each layer lifts the top pyramid NestMM, which moves
// it in the picture only by parallax: a pixel or two on most squares,
// nothing straight below the camera; an edge fit over the counts chose
// worse than this prior on rendered scenes), so it is the game's
// likeliest: a player's own space holds a stack of stackSize, a
// pyramid of another player's colour on it stands on that stack
// (stackSize+1; Geometry.MaxStack at most), a coloured pyramid in the
// house area stands on a house pyramid (2), anything else stands alone
// (1). A player's space is bare only once its whole stack is taken: of
// the 60 pyramids of another colour on a player's space in five tuning
// sets (render-set --maker varied, hard 114055, 114555, 114900, 114906,
// normal 114558), 49 stood six high, 7 five, 3 four, 1 seven, none
// alone (issue 21, "A stack six high" in docs/pyramids-vision.md).
func height(p pyramids.Pos, col pyramids.Colour, seats [4]pyramids.Colour, stackSize int) int {
	if side, ok := pyramids.SpaceSide(p); ok && col.IsPlayer() {
		if seats[side] == col {
			return stackSize
		}
		return stackSize + 1
	}
	if pyramids.InHouse(p) && col.IsPlayer() {
		return 2
	}
	return 1
}

// apex is the tip of the top pyramid in the picture.
func (f *frame) apex(r, c, k int) vision.Point {
	_, tip := f.model(r, c, k)
	return f.project(tip)
}

// faceCrop samples the letter area of face i of the top pyramid of a
// stack of k on (r, c) into a size x size crop, the letter upright. The
// face is a plane, so its texture point (s, t) maps to the camera linearly
// before the division by depth: each pixel costs a few multiplications.
func (f *frame) faceCrop(r, c, k, i, size int) *image.RGBA {
	return f.faceCropAt(r, c, k, i, size, 0, 0)
}

// faceCropAt is faceCrop with the window moved by (dS, dT) in face
// texture units (across, and from the tip towards the base).
func (f *frame) faceCropAt(r, c, k, i, size int, dS, dT float64) *image.RGBA {
	return f.faceCropInto(image.NewRGBA(image.Rect(0, 0, size, size)), r, c, k, i, dS, dT)
}

// faceCropInto is faceCropAt drawn into img (size x size at the origin,
// every pixel written), which it returns: a square's crops are read one
// after another, and one image for all of them saves a scan about half
// of what it allocates.
func (f *frame) faceCropInto(img *image.RGBA, r, c, k, i int, dS, dT float64) *image.RGBA {
	size := img.Rect.Dx()
	base, tip := f.model(r, c, k)
	const w = cropWindow
	s0, t0 := 0.5-w/2+dS, letterT-w/2+dT
	p0 := f.camera(facePoint(base, tip, i, 0, 0))
	ps := f.camera(facePoint(base, tip, i, 1, 0))
	pt := f.camera(facePoint(base, tip, i, 0, 1))
	var ds, dt [3]float64
	for j := 0; j < 3; j++ {
		ds[j], dt[j] = ps[j]-p0[j], pt[j]-p0[j]
	}
	step := w / float64(size)
	fx, fy, cx, cy := f.pose.Fx, f.pose.Fy, f.pose.Cx, f.pose.Cy
	pix, stride := f.p.Pix, f.p.Stride
	// the bilinear sample of picture.at, written out: this loop is a
	// tenth of a scan's time
	xMax, yMax := float64(f.p.W-1), float64(f.p.H-1)
	lens := f.lensK(f.k1)
	// Each column's p0 + s*ds, worked out once for the crop rather than
	// once a pixel: the same operations in the same order as the sum
	// written out per pixel, so the same bits (TestFaceCropColumns).
	var colBuf [3 * 64]float64
	cols := colBuf[:0]
	if 3*size > len(colBuf) {
		cols = make([]float64, 0, 3*size)
	}
	for x := 0; x < size; x++ {
		s := s0 + step*(float64(x)+0.5)
		cols = append(cols, p0[0]+s*ds[0], p0[1]+s*ds[1], p0[2]+s*ds[2])
	}
	for y := 0; y < size; y++ {
		t := t0 + step*(float64(y)+0.5)
		tx, ty, tz := t*dt[0], t*dt[1], t*dt[2]
		row := img.Pix[y*img.Stride : y*img.Stride+4*size]
		for x := 0; x < size; x++ {
			col := cols[3*x : 3*x+3 : 3*x+3]
			c0 := col[0] + tx
			c1 := col[1] + ty
			c2 := col[2] + tz
			if c2 < 1e-9 {
				c2 = 1e-9
			}
			px, py := fx*c0/c2+cx, fy*c1/c2+cy
			if lens.K != 0 {
				d := lens.Distort(vision.Point{X: px, Y: py})
				px, py = d.X, d.Y
			}
			px, py = px-0.5, py-0.5
			o := 4 * x
			row[o+3] = 255
			if !(px >= 0 && py >= 0 && px <= xMax && py <= yMax) {
				row[o], row[o+1], row[o+2] = 0, 0, 0 // black outside the picture, as at gives
				continue
			}
			x0, y0 := int(px), int(py)
			dx, dy := 4, stride
			if x0 >= f.p.W-1 {
				dx = 0
			}
			if y0 >= f.p.H-1 {
				dy = 0
			}
			ffx, ffy := px-float64(x0), py-float64(y0)
			w00, w01, w10, w11 := (1-ffx)*(1-ffy), ffx*(1-ffy), (1-ffx)*ffy, ffx*ffy
			q := y0*stride + 4*x0
			a := pix[q : q+3 : q+3]
			b := pix[q+dx : q+dx+3 : q+dx+3]
			c := pix[q+dy : q+dy+3 : q+dy+3]
			d := pix[q+dy+dx : q+dy+dx+3 : q+dy+dx+3]
			// byteFloat's loads rather than conversions: the same values
			row[o] = uint8(byteFloat[a[0]]*w00 + byteFloat[b[0]]*w01 + byteFloat[c[0]]*w10 + byteFloat[d[0]]*w11 + 0.5)
			row[o+1] = uint8(byteFloat[a[1]]*w00 + byteFloat[b[1]]*w01 + byteFloat[c[1]]*w10 + byteFloat[d[1]]*w11 + 0.5)
			row[o+2] = uint8(byteFloat[a[2]]*w00 + byteFloat[b[2]]*w01 + byteFloat[c[2]]*w10 + byteFloat[d[2]]*w11 + 0.5)
		}
	}
	return img
}

// camera is a board point (x, y, height) in the camera's coordinates.
func (f *frame) camera(p [3]float64) [3]float64 {
	v := vision.Vec3{p[0], p[1], -p[2]}
	R, T := f.pose.R, f.pose.T
	return [3]float64{
		R[0][0]*v[0] + R[0][1]*v[1] + R[0][2]*v[2] + T[0],
		R[1][0]*v[0] + R[1][1]*v[1] + R[1][2]*v[2] + T[1],
		R[2][0]*v[0] + R[2][1]*v[1] + R[2][2]*v[2] + T[2],
	}
}

// faceAreas is the area in the picture of each face of the top pyramid
// of a stack of k on (r, c).
func (f *frame) faceAreas(r, c, k int) (area [4]float64, maxA float64) {
	base, tip := f.model(r, c, k)
	t := f.project(tip)
	for i := 0; i < 4; i++ {
		a, b := f.project(base[i]), f.project(base[(i+1)%4])
		area[i] = math.Abs((b.X-a.X)*(t.Y-a.Y)-(b.Y-a.Y)*(t.X-a.X)) / 2
		maxA = math.Max(maxA, area[i])
	}
	return area, maxA
}

// bestFace is the face of the top pyramid the camera sees largest.
func (f *frame) bestFace(r, c, k int) int {
	area, _ := f.faceAreas(r, c, k)
	best := 0
	for i := 1; i < 4; i++ {
		if area[i] > area[best] {
			best = i
		}
	}
	return best
}

// faceReads reads the faces of the top pyramid on one square, each face
// at each stack height once: the letter search of readLetters asks for
// the same face at the same height more than once (the best face at the
// game's height, then all faces at the likeliest height), and a crop
// read costs most of a scan's time.
type faceReads struct {
	f     *frame
	r, c  int
	rd    TileReader
	size  int
	heads []faceHead
	model bool // the faces' own model among the heads
	// shifted: each face is read as the mean of its crop and the crop
	// moved cropShift each way (cropShifts), with the faces' model that
	// mean averaged with the crop deconvolved's reading (deconvolve):
	// the second look at a square not settled (readLetters); readLetter
	// moves only the faces of weight shiftMinWeight or more
	shifted bool
	memo    map[faceKey]map[string]float64
	// hmemo is each head's own probabilities of each face read (memo's
	// key), when the faces' model is among the heads: head j's of the
	// glyph g (its model's Glyphs, which every head shares then) at
	// j*len(glyphs)+g
	hmemo map[faceKey][]float64
	// buf is the crop every face read is drawn into (the crops are read
	// one at a time and not kept)
	buf *image.RGBA
}

// faceKey is one face read: the stack count, the face, shifted or not.
type faceKey struct {
	k, i    int
	shifted bool
}

// cropShifts are the moves of a face's crop window, in face texture
// units, whose reads a shifted read averages with the crop's own: the
// scan cuts a pyramid at its square's centre, where the pyramid stands
// up to 0.8 mm off it and turned a few degrees, and the lens moves the
// edge squares (a mean 0.066 of a square on the hard scenes). On the
// tuning sets, reading the squares not settled so: letters right hard
// 3000 74.1% -> 74.5%, hard 3100 86.8% -> 87.5%, makers' hard 8100
// 75.9% -> 77.5%, normal 1000 and makers' normal 8000 unchanged, no sure
// square wrong that was not before (docs/pyramids-vision.md).
var cropShifts = [4][2]float64{{cropShift, 0}, {-cropShift, 0}, {0, cropShift}, {0, -cropShift}}

// cropShift is how far a shifted read moves the crop window (face
// texture units: the face's slant height is 1, its letter about 0.3).
const cropShift = 0.04

// shiftMinWeight is the least weight (readLetter's: the face's area over
// the largest face's, cubed) of a face the second look moves; a lighter
// face keeps its own read. With the second look only where the first
// reading is not sure (readLetters), on the tuning sets it reads the
// same letters (hard 3000 558, hard 3100 960 where all faces moved read
// 959, makers' hard 8100 607, normal 1000 1099, makers' normal 8000
// 493) with 54% fewer moved crops (74% fewer on the normal scenes):
// a face turned away adds little to the vote (docs/pyramids-vision.md,
// "Speed: the second look").
const shiftMinWeight = 0.3

func (f *frame) faceReads(r, c int, rd TileReader, size int, model bool) *faceReads {
	if size <= 0 {
		size = 48
	}
	heads, withModel := faceHeads(rd, model)
	return &faceReads{f: f, r: r, c: c, rd: rd, size: size, heads: heads, model: withModel, memo: map[faceKey]map[string]float64{},
		hmemo: map[faceKey][]float64{}, buf: image.NewRGBA(image.Rect(0, 0, size, size))}
}

// face is each letter's probability (or the reader's confidence in its
// one letter) on face i of the top pyramid of a stack of k (the mean of
// the moved crops' too when fr.shifted).
func (fr *faceReads) face(k, i int) map[string]float64 { return fr.faceRead(k, i, fr.shifted) }

// faceRead is face, shifted or not.
func (fr *faceReads) faceRead(k, i int, shifted bool) map[string]float64 {
	key := faceKey{k, i, shifted && len(fr.heads) > 0}
	if one, ok := fr.memo[key]; ok {
		return one
	}
	if key.shifted {
		// the crop's own read (memoised) and the four moved ones
		one := maps.Clone(fr.faceRead(k, i, false))
		hs := slices.Clone(fr.hmemo[faceKey{k, i, false}])
		for _, d := range cropShifts {
			uprightVotes(fr.heads, fr.f.faceCropInto(fr.buf, fr.r, fr.c, k, i, d[0], d[1]), one, hs)
		}
		n := float64(len(cropShifts) + 1)
		for l := range one {
			one[l] /= n
		}
		for x := range hs {
			hs[x] /= n
		}
		if fr.model {
			// the crop deconvolved, read too: the mean of the moved
			// crops and its reading averaged (deconvolved in place)
			crop := fr.f.faceCropInto(fr.buf, fr.r, fr.c, k, i, 0, 0)
			dc := deconvolveInto(crop, crop)
			dv := map[string]float64{}
			dh := make([]float64, len(hs))
			uprightVotes(fr.heads, dc, dv, dh)
			for l := range one {
				one[l] /= 2
			}
			for l, v := range dv {
				one[l] += v / 2
			}
			for x := range hs {
				hs[x] = (hs[x] + dh[x]) / 2
			}
		}
		fr.memo[key], fr.hmemo[key] = one, hs
		return one
	}
	crop := fr.f.faceCropInto(fr.buf, fr.r, fr.c, k, i, 0, 0)
	one := map[string]float64{}
	if len(fr.heads) > 0 {
		// each head's own probabilities are kept for the sure rule of the
		// faces' models (sureHeads)
		var hs []float64
		if fr.model {
			hs = make([]float64, len(fr.heads)*len(fr.glyphs()))
		}
		uprightVotes(fr.heads, crop, one, hs)
		fr.hmemo[key] = hs
	} else if rdg, err := fr.rd.Read(crop); err == nil && isLetter(rdg.Letter) {
		one[rdg.Letter] = rdg.Conf
	}
	fr.memo[key] = one
	return one
}

// glyphs are the glyphs of the heads' models (the first head's: with the
// faces' model every head has the same).
func (fr *faceReads) glyphs() []string {
	if len(fr.heads) == 0 {
		return nil
	}
	return fr.heads[0].c.Model().Glyphs
}

// letterProb is the probability of the likeliest letter on face i of
// the top pyramid of a stack of k, read alone.
func (fr *faceReads) letterProb(k, i int) float64 {
	best := 0.0
	for _, v := range fr.face(k, i) {
		best = math.Max(best, v)
	}
	return best
}

// letterRead is the letter of one pyramid as its faces show it.
type letterRead struct {
	letter string  // "?" when no face gave any letter
	conf   float64 // the letter's weighted probability over the faces (0..1)
	second float64 // the runner-up's
	// faces is the number of faces read; agree those whose own best
	// letter is the chosen one, differ those that read another letter
	// with at least minFaceEvidence of their weight.
	faces, agree, differ int
	// strong counts the faces read that the camera sees well (weight
	// shiftMinWeight or more)
	strong int
	// k is the stack count the faces were read at; faceP each face's
	// letter probabilities (nil when not read), faceW its weight.
	k     int
	faceP [4]map[string]float64
	faceW [4]float64
	// model: read with the faces' own model (Options.FaceModel), whose
	// sure bars are its own
	model bool
	// grey: the grey head (en-pyrg) was among the heads; base is then
	// the reading without it (the other heads alone, as before it), which
	// must be sure too for the square to be sure (sureRead)
	grey                 bool
	baseLetter           string
	baseConf, baseSecond float64
	// heads is each head's own reading over the same faces, weighted
	// alike (the heads' order); faceH each face's heads' own
	// probabilities (faceReads.hmemo's; nil when not read) of glyphs
	heads  []headRead
	faceH  [4][]float64
	glyphs []string
}

// headRead is one head's own reading of a pyramid's faces.
type headRead struct {
	name string
	// letter is the head's likeliest letter, conf its weighted
	// probability over the faces and second the runner-up's; p is the
	// head's weighted probability of the pyramid's letter (letterRead's)
	letter          string
	conf, second, p float64
}

// minFaceWeight: a face whose weight (its area over the largest face's,
// cubed) is below this is not read: it adds little and costs a crop.
const minFaceWeight = 0.04

// faceWeights gives each face of the k-th pyramid on (r, c) its weight:
// its area in the picture over the largest face's, to faceWeightPower.
// A face below minFaceWeight weighs 0 and is not read.
func (f *frame) faceWeights(r, c, k int) [4]float64 {
	area, maxA := f.faceAreas(r, c, k)
	var ws [4]float64
	var seen [4]float64
	hidden := false
	if f.stacks != nil {
		seen = f.faceSeen(r, c, k)
		for _, v := range seen {
			hidden = hidden || v < 1
		}
	}
	for i := range ws {
		w := 1.0
		if maxA > 0 {
			w = math.Pow(area[i]/maxA, faceWeightPower)
		}
		if hidden {
			w *= seen[i]
		}
		if w >= minFaceWeight {
			ws[i] = w
		}
	}
	if hidden && ws == ([4]float64{}) {
		// every face behind a taller neighbour: read them as they are
		// (the reading is then the neighbours' as much as its own)
		f2 := *f
		f2.stacks = nil
		return f2.faceWeights(r, c, k)
	}
	return ws
}

// faceSeen is the share of each face's letter of the top pyramid of a
// stack of k on (r, c) that no taller neighbouring stack hides: three
// points across the letter's middle, each hidden when it lies inside
// the neighbour's outline in the picture and the neighbour stands
// nearer the camera. Beside a player's stack of five the faces turned
// towards it show the stack, not their own letter.
func (f *frame) faceSeen(r, c, k int) [4]float64 {
	seen := [4]float64{1, 1, 1, 1}
	base, tip := f.model(r, c, k)
	sh := f.geo.shape()
	topZ := tip[2]
	var hulls [8][9]vision.Point
	var hn [8]int
	var depth [8]float64
	nh := 0
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			nr, nc := r+dr, c+dc
			if (dr == 0 && dc == 0) || nr < 0 || nc < 0 || nr >= pyramids.Size || nc >= pyramids.Size {
				continue
			}
			h := f.stacks[nr*pyramids.Size+nc]
			if h == 0 {
				continue
			}
			// only a stack whose tip stands above this letter can hide it
			if float64(h-1)*sh.nest+sh.t <= topZ*0.5 {
				continue
			}
			hulls[nh], hn[nh] = f.outline(float64(nr), float64(nc), h, sh, false)
			mid := (float64(h-1)*sh.nest + sh.t) / 2
			depth[nh] = f.camera([3]float64{float64(nc) + 0.5, float64(nr) + 0.5, mid})[2]
			nh++
		}
	}
	if nh == 0 {
		return seen
	}
	for i := 0; i < 4; i++ {
		vis := 0
		for _, s := range [3]float64{0.35, 0.5, 0.65} {
			p3 := facePoint(base, tip, i, s, letterT)
			p := f.project(p3)
			d := f.camera(p3)[2]
			hid := false
			for j := 0; j < nh && !hid; j++ {
				hid = depth[j] < d && inConvex(hulls[j][:hn[j]], p)
			}
			if !hid {
				vis++
			}
		}
		seen[i] = float64(vis) / 3
	}
	return seen
}

// readLetter reads the top pyramid's letter on each of its four faces and
// returns the letter with the most probability (or confidence) summed
// over the faces, weighted by how much of each face the camera sees, and
// that sum over the weights' (0..1).
func (fr *faceReads) readLetter(k int) letterRead {
	f, r, c := fr.f, fr.r, fr.c
	// A face turned away from the camera shows its letter squashed (an
	// L or an O looks like an I): each face counts by its area in the
	// picture, relative to the largest.
	weights := f.faceWeights(r, c, k)
	votes := map[string]float64{}
	var faceBest [4]string
	sumW := 0.0
	out := letterRead{letter: "?", k: k, model: fr.model}
	gw := greyHeadWeight(fr.heads)
	gi := greyHeadIndex(fr.heads)
	var headVotes []float64
	glyphs := fr.glyphs()
	var base map[string]float64
	if gw > 0 && gw < 1 {
		out.grey, base = true, map[string]float64{}
	}
	for i, w := range weights {
		if w == 0 {
			continue
		}
		sumW += w
		out.faces++
		if w >= shiftMinWeight {
			out.strong++
		}
		one := fr.faceRead(k, i, fr.shifted && w >= shiftMinWeight)
		out.faceP[i], out.faceW[i] = one, w
		hs := fr.hmemo[faceKey{k, i, fr.shifted && w >= shiftMinWeight && len(fr.heads) > 0}]
		out.faceH[i] = hs
		if hs != nil && headVotes == nil {
			headVotes = make([]float64, len(hs))
		}
		for x, v := range hs {
			headVotes[x] += w * v
		}
		if base != nil {
			g := hs[gi*len(glyphs):]
			for gl, l := range glyphs {
				if v, ok := one[l]; ok {
					base[l] += w * (v - gw*g[gl]) / (1 - gw)
				}
			}
		}
		fb, fw := "", 0.0
		for l, v := range one {
			votes[l] += w * v
			if v > fw || (v == fw && l < fb) {
				fb, fw = l, v
			}
		}
		if fw >= minFaceEvidence {
			faceBest[i] = fb
		}
	}
	best, bw, second := topTwo(votes)
	if bw <= 0 {
		return out
	}
	out.letter, out.conf, out.second = best, math.Min(1, bw/sumW), second/sumW
	if base != nil {
		bl, bb, bs := topTwo(base)
		out.baseLetter, out.baseConf, out.baseSecond = bl, math.Min(1, bb/sumW), bs/sumW
	}
	if headVotes != nil {
		out.glyphs = glyphs
		out.heads = make([]headRead, len(fr.heads))
		at := slices.Index(glyphs, best)
		for j := range out.heads {
			hv := headVotes[j*len(glyphs) : (j+1)*len(glyphs)]
			hl, hb, hs := topTwoOf(hv, glyphs)
			out.heads[j] = headRead{name: fr.heads[j].name, letter: hl, conf: math.Min(1, hb/sumW), second: hs / sumW}
			if at >= 0 {
				out.heads[j].p = math.Min(1, hv[at]/sumW)
			}
		}
	}
	for i := 0; i < 4; i++ {
		switch {
		case faceBest[i] == "":
		case faceBest[i] == best:
			out.agree++
		default:
			out.differ++
		}
	}
	return out
}

// minFaceEvidence is the probability at which one face's own best letter
// counts as that face's reading when faces are compared.
const minFaceEvidence = 0.5

// turnClassifier is ocr's classifier seen closer: the probability of
// every glyph at every quarter turn. The face crops are upright, so only
// the upright turn counts: an A upside down is not a V here.
type turnClassifier interface {
	Model() *ocr.Model
	Outputs(feat []float32) []float32
}

// uprightVotes adds each letter's upright probability for one crop,
// the heads' weighted mean (the features are computed once). The crop is
// upright by construction (the face rectified), so the normaliser does
// not estimate its rotation (ocr.FeaturesUpright): on a small blurred
// letter that estimate was a guess, anywhere in 0-90 degrees for two
// thirds of the faces of a hard scene, and turned the patch by it. The
// patch then stands upright: every head's upright turn is its turn 0.
//
// A head whose model reads grey features (ocr.InputGrey: en-pyrg) reads
// the crop's ocr.GreyFeatures, one whose model is convolutional
// (ocr.InputCNN: en-pyrc) the crop's ocr.CNNInput, both taken once
// (ocr.GreyInputs: the crop's grey levels converted once for the two).
//
// perHead, when not nil, gets each head's own probabilities added
// (unweighted; head j's of glyph g at j*len(glyphs)+g: the heads share
// their glyphs).
func uprightVotes(heads []faceHead, crop image.Image, votes map[string]float64, perHead []float64) {
	fv, err := ocr.FeaturesUpright(crop)
	if err != nil {
		return
	}
	var grey, cnn []float32
	for j, h := range heads {
		m := h.c.Model()
		vec := fv.Vec
		switch m.Input {
		case ocr.InputGrey, ocr.InputCNN:
			if grey == nil {
				if grey, cnn, err = ocr.GreyInputs(crop); err != nil {
					continue
				}
			}
			vec = grey
			if m.Input == ocr.InputCNN {
				vec = cnn
			}
		}
		out := h.c.Outputs(vec)
		T := m.Turns
		for g, name := range m.Glyphs {
			if !isLetter(name) || (g+1)*T > len(out) {
				continue
			}
			votes[name] += h.w * float64(out[g*T])
			if perHead != nil {
				perHead[j*len(m.Glyphs)+g] += float64(out[g*T])
			}
		}
	}
}

// faceHead is one classifier a face crop is read by and its weight in
// the face's reading (the weights of a face's heads add up to 1).
type faceHead struct {
	c    turnClassifier
	w    float64
	name string // tileHeadName, faceModel, faceGreyModel, faceCNNModel or blurHeadName
}

// The names of the heads that are not ocr's specialists by name: the
// reader's own classifier and ocr's specialist for blurred crops.
const (
	tileHeadName = "en"
	blurHeadName = "en-blur"
)

// tileWeightModel is the weight of the reader's own classifier beside
// the faces' model (en-pyr, weighted 1 - tileWeightModel); ocr's
// specialist for blurred crops (en-blur) is then not read. Chosen on the
// tuning sets (normal 1000, makers' normal 8000, hard 3000 and 3100,
// makers' hard 8100; issue 21, 2026-12-02): the three heads alike read
// 5384 of their 5743 letters; en-pyr weighted 0.6, 0.7 or 0.8 with the
// other two sharing the rest 5407-5408, 0.7 with en alone 5408 (normal
// 1000 one letter fewer, 2052/2055), at two classifiers a crop instead
// of three (docs/pyramids-vision.md).
const tileWeightModel = 0.3

// faceHeads are the classifiers whose probabilities a face's letter
// averages, and whether the faces' model is among them: with model and
// the reader of pyramid faces at hand (en-pyr, trained on these faces'
// own crops: ocr/internal/train -specialist pyramids), the reader's own
// classifier and en-pyr, weighted tileWeightModel and the rest after
// the grey heads' (en-pyrg at greyWeight, and with it the convolutional
// en-pyrc at cnnWeight);
// otherwise the reader's own and ocr's specialist for blurred crops
// (en-blur) alike; only the specialists that read the reader's glyphs.
// A reader that is not ocr's classifier gives none (its Read is used).
func faceHeads(rd TileReader, model bool) ([]faceHead, bool) {
	tc, ok := rd.(turnClassifier)
	if !ok {
		return nil, false
	}
	same := func(c *ocr.Classifier) bool {
		return c != nil && slices.Equal(c.Model().Glyphs, tc.Model().Glyphs) && c.Model().Turns == tc.Model().Turns
	}
	blur, pyr, grey, cnn := specialists()
	if model && same(pyr) {
		if grey != nil && cnn != nil && slices.Equal(grey.Model().Glyphs, tc.Model().Glyphs) && slices.Equal(cnn.Model().Glyphs, tc.Model().Glyphs) {
			k := 1 - greyWeight - cnnWeight
			return []faceHead{{tc, k * tileWeightModel, tileHeadName}, {pyr, k * (1 - tileWeightModel), faceModel}, {grey, greyWeight, faceGreyModel}, {cnn, cnnWeight, faceCNNModel}}, true
		}
		if grey != nil && slices.Equal(grey.Model().Glyphs, tc.Model().Glyphs) {
			k := 1 - greyWeight
			return []faceHead{{tc, k * tileWeightModel, tileHeadName}, {pyr, k * (1 - tileWeightModel), faceModel}, {grey, greyWeight, faceGreyModel}}, true
		}
		return []faceHead{{tc, tileWeightModel, tileHeadName}, {pyr, 1 - tileWeightModel, faceModel}}, true
	}
	if same(blur) {
		return []faceHead{{tc, 0.5, tileHeadName}, {blur, 0.5, blurHeadName}}, false
	}
	return []faceHead{{tc, 1, tileHeadName}}, false
}

var (
	specialistOnce sync.Once
	blurHead       *ocr.Classifier
	pyrHead        *ocr.Classifier
	greyHead       *ocr.Classifier
	cnnHead        *ocr.Classifier
)

// greyWeight is the weight of the faces' grey model (en-pyrg, over the
// crop's own grey levels: ocr.GreyFeatures) beside the reader's own
// classifier and en-pyr, which share the rest as tileWeightModel says.
const greyWeight = 0.3

// cnnWeight is the weight of the faces' convolutional model (en-pyrc, a
// small convolutional network over the crop's grey patch: ocr.CNNInput),
// a fourth head beside en-pyrg; the reader's own classifier and en-pyr
// share what the two grey heads leave. It helps choose the letter; the
// sure rule is en-pyrg's and en-pyr's (sureHeads). Chosen on the tuning
// sets (issue 21, pyrcnn): 0.2 read 3568 of 3835 letters, 0.3 3566, main
// 3550 (docs/pyramids-vision.md).
const cnnWeight = 0.2

// specialists loads ocr's specialist for blurred crops and the readers of
// pyramid faces once; one that cannot be had is nil.
func specialists() (blur, pyr, grey, cnn *ocr.Classifier) {
	specialistOnce.Do(func() {
		load := func(name string) *ocr.Classifier {
			m, err := ocr.LoadModel(name)
			if err != nil {
				return nil
			}
			c, err := ocr.NewClassifier(m)
			if err != nil {
				return nil
			}
			return c
		}
		blurHead, pyrHead, greyHead, cnnHead = load(ocr.SpecialistBlur), load(faceModel), load(faceGreyModel), load(faceCNNModel)
	})
	return blurHead, pyrHead, greyHead, cnnHead
}

// faceModel is the name of ocr's model trained on pyramid faces.
const faceModel = "en-pyr"

// faceGreyModel is the name of ocr's model of the faces' grey levels
// (issue 21): the third head of a face read with the faces' model, when
// the binary has it.
const faceGreyModel = "en-pyrg"

// faceCNNModel is the name of ocr's convolutional model of the faces'
// grey levels (issue 21): the fourth head beside en-pyrg, when the
// binary has both.
const faceCNNModel = "en-pyrc"

// isLetter: A..Z or Qu (the pyramids' letters).
func isLetter(s string) bool {
	return s == "Qu" || (len(s) == 1 && s[0] >= 'A' && s[0] <= 'Z')
}

// cropWindow is the side of the face crop in face-texture units (the
// face's slant height is 1; the letter is about 0.3 tall).
const cropWindow = 0.85

// faceWeightPower sharpens the faces' weights: a face counts by (its
// area / the largest face's area) to this power. 3 reads more letters
// right than 0 (every face alike) on rendered scenes, 1 and 2 between.
const faceWeightPower = 3

// letterT is where the letter's centre is on a face, from the tip (0) to
// the base (1).
const letterT = 0.68

// Thresholds of a sure square, chosen on the tuning sets (easy seed
// 2000, normal 1000, hard 3000) so that sure squares are right 99.9% of
// the time there.
const (
	sureColour = 0.7 // the commonest class's share of a pyramid's samples
	sureEmpty  = 0.8 // the light share of an empty square's samples
	// an empty square's median brightness over the white (the runway's):
	// darker is a shadow or a pyramid under glare, far lighter is glare
	sureEmptyMin, sureEmptyMax = 0.75, 1.3
	sureLetter                 = 0.7 // the letter's weighted probability over the faces
	sureMargin                 = 0.4 // over the runner-up's
	sureFaces                  = 2   // faces whose own best letter it is (or all read, if fewer)
)

// The sure bars of a square read with the faces' own model
// (Options.FaceModel), chosen on the tuning sets (normal seed 1000, hard
// 3000) for the most sure squares while sure squares stay right 99.9% of
// the time there: 3997 of 5091 squares sure, 4 of them wrong (three empty
// squares under glare, as with the bars above, and one pyramid), where
// the bars above make 3147 sure with that model; then measured once on
// the held-out seeds 5000 and 7000 (docs/pyramids-vision.md). With the
// model trained on hard scenes too (issue 21), the colour's bar went
// back to the default's 0.7: at 0.6 one black pyramid of hard scene 11
// whose samples were only 0.65 black was sure and wrong (3978 sure, 5
// wrong; at 0.7 3975 sure, 4 wrong: the glare squares and one pyramid).
//
// A square read with the model on two or more faces of which only one
// reads the letter on its own is sure only at the default letter bar
// (SureBars.Lone, then sureLetter): on the tuning sets normal 1000, hard
// 3000 and makers' hard 8100 together, the three sure and wrong
// pyramids (one letter, 0.61; a colour seen on an empty square and a
// letter, 0.56) were all such, and the sure squares went from 4662, 6
// wrong (99.87%), to 4400, 3 wrong (99.93%: the three glare squares).
//
// Recalibrated with the heads weighted (tileWeightModel; issue 21,
// 2026-12-02) on the tuning sets normal 1000, makers' normal 8000, hard
// 3000, 3100, 3200 and makers' hard 8100, 8200, 8300 (9,913 squares read as pyramids;
// 3200, 8200 and 8300 added as tuning sets here, as the first three hard
// ones had almost no sure and wrong pyramid left to learn from): the
// letter's bar 0.5 -> 0.7; a letter that fewer than two faces the camera
// sees well (weight shiftMinWeight or more) show needs SureBars.Thin;
// a square a taller stack of its colour leans over is not sure
// (overhangs). Sure pyramids there (as the dumped readings count them):
// 7,444 with 22 wrong under the bars before (weighted heads) -> 5,679
// with none wrong; the heads alike and the bars before: 4,756, 8 wrong.
const (
	sureColourModel = 0.7
	sureFacesModel  = 1
)

// SureBars are the letter's bars of a square read with the faces' model
// (sureRead): what the faces' reading must reach to be shown sure.
type SureBars struct {
	Letter float64 // the letter's weighted probability over the faces
	Margin float64 // over the runner-up's
	// Lone: the letter's bar when faces are read and fewer than two of
	// them read it on their own
	Lone float64
	// Thin: the letter's bar when fewer than two of the faces read are
	// seen well (weight shiftMinWeight or more)
	Thin float64
	// Heads: with the grey head (en-pyrg) among the heads, the bar of the
	// mean of the two faces' models' own weighted probabilities of the
	// letter (en-pyr's and en-pyrg's: headRead.p), each of which must
	// read it as its likeliest (sureHeads); the four bars above then
	// weigh only readings without the grey head. HeadsThin is that bar
	// when fewer than two of the faces read are seen well.
	Heads, HeadsThin float64
}

// modelBars are the sure bars of the faces' model (Options.FaceModel),
// set again whenever en-pyr is trained again: its confidence moves with
// it. vision/pyramids/internal/surecut sweeps them on tuning sets.
//
// Set for en-pyr trained further on 13 more typefaces (issue 21,
// 2026-12-03) on the tuning sets of docs/pyramids-vision.md ("Sure bars
// set again"; 9,033 squares read as pyramids): the most sure pyramids
// with no letter shown sure and wrong even with any one bar 0.02 lower.
// The letter's confidence gathers just over 0.7, where en-pyr alone is
// sure and the tile reader (weight 0.3) is not; a blurred black C read E
// at 0.705 was such. 0.7 -> 0.73 (and the lone bar with it); the thin
// bar 0.75 -> 0.73 (no thin reading sure and wrong at 0.71); the
// margin's bar is moot from 0.2 to 0.55 there (a letter at 0.73 leaves
// the runner-up 0.27 at most) and kept. Sure pyramids 3,995 with one
// letter wrong under the bars before -> 3,250, none.
//
// With the grey head, the faces' two models are weighed on their own
// (Heads, HeadsThin; issue 21, 2026-12-03, "The faces' two models
// agreeing"): the tile reader, weighted 0.3 in the reading without the
// grey head, reads almost nothing on the faces (its probability of the
// right letter has a median of 0.01 on the tuning sets), so that
// reading's confidence was en-pyr's times 0.7 plus noise, and its bar
// cut at the noise. Two models over different features of the crop (the
// ink found, the grey levels) agreeing is the evidence: on the tuning
// sets (16,674 squares read as pyramids) no letter read with a mean of
// 0.84 or more (two faces seen well) or 0.87 (fewer) was wrong; the bars
// keep 0.02 over that. Sure pyramids there 7,035 with one letter wrong
// (a kE read I: en-pyr 0.98, en-pyrg 0.66) -> 11,196, none.
var modelBars = SureBars{Letter: 0.73, Margin: 0.45, Lone: 0.73, Thin: 0.73, Heads: 0.86, HeadsThin: 0.89}

// settled tells whether a letter read at the game's stack count is
// clear enough that the stack is not read at other counts (readLetters):
// the default sure bars, also with the faces' model, whose sure bars are
// looser: a stack one higher or lower than the game holds (a pyramid put
// on it or taken off in this turn) can still show a letter its faces
// read surely (eval-game seed 1, game 1 turn 1: yO5 read for yS6 when
// the looser bars stopped the search).
func settled(lr letterRead) bool {
	return lr.letter != "?" && lr.differ == 0 && lr.agree >= min(2, lr.faces) &&
		lr.conf >= 0.7 && lr.conf-lr.second >= 0.4
}

// sureSquare tells whether a square's reading is sure: its colour
// evidence is clear and, on a pyramid, the faces agree on the letter.
// A square whose faces read different letters is never sure.
func sureSquare(sq Square) bool {
	return sureColourOf(sq) && (sq.Colour == pyramids.NoColour || sureRead(sq.read))
}

// sureColourOf tells whether a square's colour (or emptiness) is sure,
// its letter aside: sureSquare's bars on the colour's evidence.
func sureColourOf(sq Square) bool {
	return !handOver(sq) && colourBars(sq)
}

// colourBars tells whether a square's colour evidence passes the bars
// of sureColourOf, a hand over it aside.
func colourBars(sq Square) bool {
	if sq.Colour == pyramids.NoColour {
		if sq.cleared {
			return false
		}
		v := sq.look.value
		return sq.ColourConf >= sureEmpty && v >= sureEmptyMin && v < sureEmptyMax && sq.look.tinted < sureTintedMax &&
			v >= sureEmptyNear*sq.near
	}
	colour := sureColour
	if sq.read.model {
		colour = sureColourModel
	}
	return sq.ColourConf >= colour && !sq.look.washed && !sq.lowLook && !sq.overhung && !sq.overhungTop && !sq.asideDoubt && !sq.topTaken && !sq.flatShade && !topOtherColour(sq)
}

// A hand over the board: skin, of every tone an orange between the
// red and yellow plastics, is read as a red or yellow pyramid where it
// is saturated and as a tinted board where it is pale, and under it the
// pyramid's own colour is hidden. A square's colour is not sure where a
// hand reaches its samples: skinSome of them or more in skin's colours
// (skinLike), or skinTrace or more beside a square that a hand covers
// (skinHand or more of its samples: the hand's blurred edge, its
// fingers' gaps). On the tuning sets (issue 21, 2026-12-07, pyrhand)
// a yellow pyramid under a finger (112055/0015 (8,3)) stood read red
// and colour-sure on 0.93 of its samples skin; of the squares read
// right and colour-sure, 23 showed skin on a tenth or more (13 in
// scenes with a hand, 10 without: 8 of those on the outer runway, where
// the first look's samples reach past the grid onto the border), and 6
// more 0.05-0.1 beside a hand's square; they become unsure.
const (
	skinSome  = 0.1
	skinTrace = 0.05
	skinHand  = 0.5
)

// handOver tells whether a hand reaches a square's colour samples.
func handOver(sq Square) bool {
	return sq.skin >= skinSome || sq.look.skin >= skinSome || (sq.skin >= skinTrace && sq.handNear >= skinHand)
}

// An empty square is white board: in the light that falls on it, it is
// about as light as the empty board beside it. The white balance is the
// runway's, one for the whole picture; under uneven light (a glare spot
// over the centre, a gradient, a shadow's edge) a black pyramid in a
// light brighter than the runway's washes to a grey that passes the
// picture's bars (sureEmptyMin), every sample light: read empty and
// sure. An empty square is sure only when its median value is
// sureEmptyNear or more of the board's light around it (Square.near):
// the brightest of the squares read clearly empty (the light share
// sureEmpty, not tinted) in the nearest ring of neighbours that has any
// (three rings at most). On the tuning sets ("Empty and sure under
// uneven light" in docs/pyramids-vision.md) the two black pyramids read
// empty and sure stand at 0.46 and 0.52 of their neighbours' light
// (104800/2, glare 0.41 over the centre); of the 1,593 empty squares
// read sure and right, the darkest against its neighbours stands at
// 0.63, under a shadow's edge.
const sureEmptyNear = 0.6

// nearRings is how many rings of neighbours nearLight looks through.
const nearRings = 3

// nearLight sets Square.near on every square read empty (squares in
// board order, row by row).
func nearLight(sqs []Square) {
	for i := range sqs {
		sq := &sqs[i]
		sq.near = 0
		if sq.Colour != pyramids.NoColour {
			continue
		}
		for ring := 1; ring <= nearRings && sq.near == 0; ring++ {
			for r := sq.Pos.Row - ring; r <= sq.Pos.Row+ring; r++ {
				for c := sq.Pos.Col - ring; c <= sq.Pos.Col+ring; c++ {
					if r < 0 || c < 0 || r >= pyramids.Size || c >= pyramids.Size || max(abs(r-sq.Pos.Row), abs(c-sq.Pos.Col)) != ring {
						continue
					}
					n := &sqs[r*pyramids.Size+c]
					if n.Colour != pyramids.NoColour || n.ColourConf < sureEmpty || n.look.tinted >= sureTintedMax {
						continue
					}
					sq.near = math.Max(sq.near, n.look.value)
				}
			}
		}
	}
}

// takeTop reads the colour of a pyramid of another colour put on a
// player's stack. The colour look samples the faces of a one-high
// pyramid on the square; on a player's space, where a stack of the
// seat's colour stands, in a tilted view those samples fall on the
// stack's lower layers, of the seat's colour, whatever is on top. Where
// the square reads the seat's colour and the faces of the top pyramid,
// at the count its letter was read at (top) or at the count the game
// holds (topHeld), show another pyramid colour on sureTopOther of their
// samples or more, the top's colour is taken (never sure: topTaken),
// the look that shows it more surely deciding. It tells whether it took
// one.
//
// The count the game holds is looked at too: a pyramid put on a full
// stack stands a layer over the count a single photo assumes (height),
// and where its letter is weak the letter search may settle on a count
// lower still, whose faces are the seat's stack's (issue 21: a blue A
// six high on yellow's stack read at three, yellow and colour-sure; at
// five its top shows blue on 0.67 of the samples).
func takeTop(sq *Square, seats [4]pyramids.Colour) bool {
	side, ok := pyramids.SpaceSide(sq.Pos)
	if !ok || seats[side] != sq.Colour {
		return false
	}
	other := func(t cellLook) bool {
		return t.colour != pyramids.NoColour && t.colour != sq.Colour && t.conf >= sureTopOther
	}
	t := sq.top
	if h := sq.topHeld; other(h) && (!other(t) || h.conf > t.conf) {
		t = h
	}
	if !other(t) {
		return false
	}
	sq.Colour, sq.ColourConf, sq.topTaken = t.colour, t.conf, true
	return true
}

// sureTintedMax: an empty square with this share of its samples light
// but clearly coloured (cellLook.tinted) is not sure: a hand may cover
// a pyramid there. On the hard tuning sets (hard 7930, 3200; other
// makers' hard 8400, 9930; issue 21, 2026-12-03) the two empty squares
// shown sure and wrong were pyramids under a hand, tinted 0.71 and 0.97;
// of the 2,446 empty squares shown sure and right, 4 reach 0.3 (two of
// them under the same hand), none of the printed tints or casts does.
const sureTintedMax = 0.3

// topOtherColour tells whether the faces of the top pyramid, at the
// count its letter was read at, show another colour than the square's
// (sureTopOther of their samples or more). The colour is sampled over a
// pyramid one high (look); on a stack, the top is higher, and in a
// tilted view those samples fall on the lower layers' skirts and on a
// neighbour's stack: a yellow pyramid put on a red stack reads red.
func topOtherColour(sq Square) bool {
	t := sq.top
	return sq.read.k > 1 && t.colour != pyramids.NoColour && t.colour != sq.Colour && t.conf >= sureTopOther
}

// sureTopOther: on the hard tuning sets (hard 7930, 3200; other makers'
// hard 8400, 9930; issue 21, 2026-12-03) the three pyramids shown sure
// with a wrong colour were each a pyramid of another colour on a
// player's stack, whose top faces show their own colour on 0.78-0.92 of
// the samples; of the 1,436 pyramids shown sure and right, none of the
// stacks' tops shows another colour on 0.3 or more.
const sureTopOther = 0.5

// overhangs marks the pyramids that a taller neighbouring stack of the
// same colour leans over in the picture: the neighbour's tip (at the
// count the game holds for it) reaches overhangLean or more of the way
// from its square's centre towards this one's. In a steep view a tall
// stack on a player's space covers the square beyond it, and its colour
// and its face letters are read there too: a pyramid on a square where
// none stands. Such a square is never sure (sureSquare): its reading may
// be the neighbour's.
func overhangs(f *frame, sqs []Square) {
	for i := range sqs {
		sq := &sqs[i]
		if sq.Colour == pyramids.NoColour {
			continue
		}
		same := func(n *Square) bool { return n.Colour == sq.Colour }
		f.eachLeaning(sqs, i, same, func(_, _ int, _ *Square, lean float64) {
			sq.lean = math.Max(sq.lean, lean)
		})
		sq.overhung = sq.lean >= overhangLean
	}
}

// overhangsTop sets Square.overhungTop on the squares that a taller
// stack of their colour leans over once the letters are read: takeTop
// gives a player's stack its top's colour after overhangs judged the
// squares around it by the seat's colour, and a square beside it read
// in that top's colour may be reading the top itself (112555/0015
// (5,1): a yellow stack read blue at one high, under the blue top of a
// yellow stack beside it leaning 1.14 of the way over it). It only
// takes a colour's sureness away; the letters' assignment keeps to
// overhung as overhangs set it.
func overhangsTop(f *frame, sqs []Square) {
	for i := range sqs {
		sq := &sqs[i]
		if sq.Colour == pyramids.NoColour {
			continue
		}
		lean := 0.0
		same := func(n *Square) bool { return n.Colour == sq.Colour }
		f.eachLeaning(sqs, i, same, func(_, _ int, _ *Square, l float64) {
			lean = math.Max(lean, l)
		})
		sq.overhungTop = lean >= overhangLean
	}
}

// eachLeaning calls visit for each of the squares around sqs[i] (the
// eight beside it on the board) whose stack is taller than sqs[i]'s and
// which counts accepts, with its row, its column, the square, and how
// far its tip (Apex) leans over sqs[i]: the share of the way from its
// own square's centre towards sqs[i]'s, in the picture (overhangs,
// clearBehind).
func (f *frame) eachLeaning(sqs []Square, i int, counts func(n *Square) bool, visit func(nr, nc int, n *Square, lean float64)) {
	centre := func(r, c int) vision.Point {
		return f.project([3]float64{float64(c) + 0.5, float64(r) + 0.5, 0})
	}
	sq := &sqs[i]
	r, c := sq.Pos.Row, sq.Pos.Col
	here := centre(r, c)
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			nr, nc := r+dr, c+dc
			if (dr == 0 && dc == 0) || nr < 0 || nc < 0 || nr >= pyramids.Size || nc >= pyramids.Size {
				continue
			}
			n := &sqs[nr*pyramids.Size+nc]
			if !counts(n) || n.Height <= sq.Height {
				continue
			}
			o := centre(nr, nc)
			dx, dy := here.X-o.X, here.Y-o.Y
			d2 := dx*dx + dy*dy
			if d2 <= 0 {
				continue
			}
			visit(nr, nc, n, ((n.Apex.X-o.X)*dx+(n.Apex.Y-o.Y)*dy)/d2)
		}
	}
}

// overhangLean: on the tuning sets (normal 1000, makers' 8000, hard
// 3000, 3100, 3200 and other makers' 8100, 8200, 8300; issue 21,
// 2026-12-02) 118 of the 139 pyramids read on empty squares had a taller
// stack of their colour beside them with its tip 0.9-1.8 of the way (the
// scan's model of a maker's taller pyramids puts it short; the other 21
// none), and of the 9,774 pyramids, 17 read right reach 0.5 or more:
// they become unsure.
// Of the 22 sure and wrong pyramids of those sets under the bars before
// (the heads weighted), 13 were such.
const overhangLean = 0.5

// clearEnough tells whether a reading is left without the second look
// (readSquare): sureRead with the faces' model's bars before their
// recalibration (letter 0.5, margin 0.45, one face; 0.7 where only one
// of two or more faces reads it on its own), without the faces seen
// well. On the tuning sets, reading the squares between those bars and
// sureRead's a second time changed none of their letters (9,913
// pyramids, issue 21) at more crops a scan.
func clearEnough(lr letterRead) bool {
	if !lr.model {
		return sureRead(lr)
	}
	if lr.agree < min(2, lr.faces) && lr.conf < clearLoneModel {
		return false
	}
	return lr.letter != "?" && lr.differ == 0 && lr.agree >= min(sureFacesModel, lr.faces) &&
		lr.conf >= clearLetterModel && lr.conf-lr.second >= clearMarginModel
}

// The bars of clearEnough with the faces' model: the sure bars' before
// their recalibration, kept apart from modelBars so that recalibrating
// the sure bars leaves every reading as it was.
const (
	clearLetterModel = 0.5
	clearMarginModel = 0.45
	clearLoneModel   = 0.7
)

// sureRead tells whether a pyramid's letter reading is sure (sureSquare
// without the colour): the faces agree on the letter.
func sureRead(lr letterRead) bool { return sureReadAt(lr, modelBars) }

// sureReadAt is sureRead with the faces' model's bars b.
func sureReadAt(lr letterRead, b SureBars) bool {
	// With the faces' two models among the heads, their own readings
	// decide (sureHeads; b.Heads).
	if pyr, grey, ok := lr.modelHeads(); ok && lr.model && lr.grey {
		return sureHeads(lr, pyr, grey, b)
	}
	letter, margin, faces := sureLetter, sureMargin, sureFaces
	if lr.model {
		letter, margin, faces = b.Letter, b.Margin, sureFacesModel
	}
	// With the faces' model one face may settle it when it is the only
	// one read; when others are read and none of them reads it on its
	// own, the letter needs b.Lone.
	if lr.model && lr.agree < min(2, lr.faces) && lr.conf < b.Lone {
		return false
	}
	// With the faces' model, a letter that only one face the camera
	// sees well shows (the others turned away, or none) needs b.Thin.
	if lr.model && lr.strong < 2 && lr.conf < b.Thin {
		return false
	}
	// With the grey head (en-pyrg) but the heads' own readings not at
	// hand, a reading is sure when the reading without it (the heads
	// before it) is sure and the same letter: the
	// grey head helps choose the letter, but the sure bars were chosen
	// for the heads before it. Judged on the reading with it, more
	// squares were sure and two of tuned hard 3100 wrong; judged on both,
	// none wrong but fewer sure than before it (normal 1000 3357 -> 3313).
	if lr.grey {
		base := lr
		base.grey, base.letter, base.conf, base.second = false, lr.baseLetter, lr.baseConf, lr.baseSecond
		return base.letter == lr.letter && sureReadAt(base, b)
	}
	return lr.letter != "?" && lr.differ == 0 && lr.agree >= min(faces, lr.faces) &&
		lr.conf >= letter && lr.conf-lr.second >= margin
}

// modelHeads gives the own readings of the faces' two models (en-pyr,
// en-pyrg) among the reading's heads, and whether both are there.
func (lr letterRead) modelHeads() (pyr, grey headRead, ok bool) {
	var okP, okG bool
	for _, h := range lr.heads {
		switch h.name {
		case faceModel:
			pyr, okP = h, true
		case faceGreyModel:
			grey, okG = h, true
		}
	}
	return pyr, grey, okP && okG
}

// sureHeads tells whether a letter read with the faces' two models is
// sure (sureReadAt's rule with the grey head): no face reads another
// letter, at least one face reads it on its own, the reading without the
// grey head and each of the two models on its own read it as their
// likeliest, and the mean of the two models' probabilities of it reaches
// b.Heads (b.HeadsThin when fewer than two of the faces read are seen
// well).
func sureHeads(lr letterRead, pyr, grey headRead, b SureBars) bool {
	bar := b.Heads
	if lr.strong < 2 {
		bar = b.HeadsThin
	}
	return lr.letter != "?" && lr.differ == 0 && lr.agree >= min(sureFacesModel, lr.faces) &&
		lr.baseLetter == lr.letter && pyr.letter == lr.letter && grey.letter == lr.letter &&
		(pyr.p+grey.p)/2 >= bar
}

// greyHeadIndex is the grey head's place among the heads (-1 without
// one).
func greyHeadIndex(heads []faceHead) int {
	for j, h := range heads {
		if h.c.Model().Input == ocr.InputGrey {
			return j
		}
	}
	return -1
}

// greyHeadWeight is the weight of the heads' grey head (0 without one).
func greyHeadWeight(heads []faceHead) float64 {
	for _, h := range heads {
		if h.c.Model().Input == ocr.InputGrey {
			return h.w
		}
	}
	return 0
}

// topTwoOf is topTwo over the letters of glyphs, votes[g] glyph g's
// weight.
func topTwoOf(votes []float64, glyphs []string) (best string, weight, second float64) {
	best = "?"
	for g, l := range glyphs {
		if !isLetter(l) {
			continue
		}
		w := votes[g]
		if w > weight || (w == weight && l < best) {
			best, weight, second = l, w, math.Max(second, weight)
		} else {
			second = math.Max(second, w)
		}
	}
	return best, weight, second
}

// topTwo gives the letter with the most weight in votes ("?" for none),
// its weight and the next letter's; of letters with the same weight the
// first in order wins, whatever order the map is walked in.
func topTwo(votes map[string]float64) (best string, weight, second float64) {
	best = "?"
	for l, w := range votes {
		if w > weight || (w == weight && l < best) {
			best, weight, second = l, w, math.Max(second, weight)
		} else {
			second = math.Max(second, w)
		}
	}
	return best, weight, second
}

// ringLight is the board's own light at square (r, c): the upper
// quartile of the value (over the white) of the board seen in the
// channels between the square and its neighbours (their shared edges and
// corners, at the board's level), and the number of samples it was read
// on: the samples clearly coloured (a pyramid's plastic leaning over the
// channel, a hand) are left out. The bases of the pyramids stand back from a square's edge, so the
// board shows there between them whatever stands on the squares.
func (f *frame) ringLight(r, c int) (float64, int) {
	var vals [4 * ringSamples]float64
	n := 0
	x0, y0 := float64(c), float64(r)
	for side := 0; side < 4; side++ {
		for i := 0; i < ringSamples; i++ {
			t := float64(i) / ringSamples
			var x, y float64
			switch side {
			case 0:
				x, y = x0+t, y0
			case 1:
				x, y = x0+1, y0+t
			case 2:
				x, y = x0+1-t, y0+1
			default:
				x, y = x0, y0+1-t
			}
			pt := f.project([3]float64{x, y, 0})
			col, ok := f.p.at(pt.X, pt.Y)
			if !ok || saturation(col, f.white) >= tintedSat {
				// off the picture, or a pyramid's plastic or skin
				// over the board
				continue
			}
			vals[n] = math.Max(col[0]/f.white[0], math.Max(col[1]/f.white[1], col[2]/f.white[2]))
			n++
		}
	}
	if n == 0 {
		return 0, 0
	}
	slices.Sort(vals[:n])
	return vals[n*3/4], n
}

// ringSamples is the number of samples ringLight reads along each of a
// square's edges (from one corner, the corner included).
const ringSamples = 8

// Skin's colours. Skin, of every tone, is an orange between the
// pyramids' red and yellow plastics (its hue 10-30 degrees, about 22 for
// most people) and weakly to moderately saturated (0.2-0.7); red plastic
// stands at 0-10 degrees, yellow at 45-55, both saturated 0.7 or more,
// and the board's tints are paler. Some makers' yellow is an orange
// (hue 34-37, 36-40 in a warm runway's white balance), and where its
// edge blurs into the board it is as pale as skin: the band stops at 30
// degrees. On the tuning sets (issue 21, 2026-12-07, pyrcolour: the
// first look's samples 0.25-0.75 saturated) the hand's samples stand at
// 12-30 degrees (94% of them, the most at 18-24), the no-hand scenes'
// yellow stacks' at 30-40 (1,455 samples; 131 at 10-30): at 40, 13
// yellow stacks of p-norm 113558 read right and sure were taken for
// under a hand.
const (
	skinHueMin   = 10.0 // degrees
	skinHueMax   = 30.0
	skinSatMin   = 0.2
	skinSatMax   = 0.7
	skinValueMin = 0.25 // of the white: darker samples' hue is noise
)

// skinLike tells whether a white-balanced colour is in skin's colours.
func skinLike(c, white [3]float64) bool {
	r, g, b := c[0]/white[0], c[1]/white[1], c[2]/white[2]
	mx := math.Max(r, math.Max(g, b))
	mn := math.Min(r, math.Min(g, b))
	if mx < skinValueMin || mx != r {
		return false
	}
	s := (mx - mn) / mx
	if s < skinSatMin || s > skinSatMax {
		return false
	}
	h := 60 * (g - b) / (mx - mn)
	return h >= skinHueMin && h < skinHueMax
}

// handNear sets Square.handNear on every square: the most skin
// (Square.skin) on it and on the eight beside it.
func handNear(sqs []Square) {
	for i := range sqs {
		sq := &sqs[i]
		sq.handNear = 0
		for r := sq.Pos.Row - 1; r <= sq.Pos.Row+1; r++ {
			for c := sq.Pos.Col - 1; c <= sq.Pos.Col+1; c++ {
				if r < 0 || c < 0 || r >= pyramids.Size || c >= pyramids.Size {
					continue
				}
				sq.handNear = math.Max(sq.handNear, sqs[r*pyramids.Size+c].skin)
			}
		}
	}
}
