package upwords

import (
	"fmt"
	"image"
	"math"
	"sort"
	"sync"

	"github.com/tilescope/tilescope/internal/parallel"
	"github.com/tilescope/tilescope/vision"

	"github.com/tilescope/tilescope/ocr"
)

// voteBelow: a letter still read with less confidence than this after the
// re-reads is read once more from several crops of its face, each a little
// shifted or scaled, pooled by the reader (ocr.VoteReader).
const voteBelow = 0.8

// voteShift and voteScale: how far the pooled crops are moved (a fraction
// of the tile's side, along each of the face's axes) and scaled.
const (
	voteShift = 0.1
	voteScale = 0.08
)

// voteFace reads an unsure stack's letter from several crops of its face
// (q) at once: the face as placed, moved by voteShift along each axis both
// ways and scaled by voteScale both ways. The face's corners in the
// picture are known to a few pixels only (the height, the grid, the tile's
// offset in its square), and the reader's answer on a dim, blurred face
// can turn on a pixel; the probabilities averaged over the crops are
// steadier than any one of them. ok is false when the reader cannot pool
// crops (ocr.VoteReader).
func voteFace(img image.Image, q vision.Quad, crop int, rd TileReader, kn ocr.Known) (ocr.Reading, bool, error) {
	vr, ok := rd.(ocr.VoteReader)
	if !ok {
		return ocr.Reading{}, false, nil
	}
	got, err := vr.ReadVote(faceCrops(img, q, crop), kn)
	return got, err == nil, err
}

// faceCrops cuts the face q as voteFace pools it: as placed first, then
// moved and scaled (faceJitters).
func faceCrops(img image.Image, q vision.Quad, crop int) []image.Image {
	crops := make([]image.Image, len(faceJitters))
	for i, j := range faceJitters {
		crops[i] = letterCrop(img, jitterQuad(q, j.du, j.dv, j.s), crop)
	}
	return crops
}

// faceJitters are the crops voteUnsure pools: moves along the face's two
// axes and scales about its centre.
var faceJitters = []struct{ du, dv, s float64 }{
	{0, 0, 1},
	{-voteShift, 0, 1}, {voteShift, 0, 1}, {0, -voteShift, 1}, {0, voteShift, 1},
	{0, 0, 1 - voteScale}, {0, 0, 1 + voteScale},
}

// jitterQuad is the face q moved by (du, dv) of its side along its own
// axes and scaled by s about its centre, in the face's perspective.
func jitterQuad(q vision.Quad, du, dv, s float64) vision.Quad {
	h, err := vision.QuadHomography(1, 1, q)
	if err != nil {
		return q
	}
	return jitterBy(h, du, dv, s)
}

// jitterBy is jitterQuad for the quad whose homography from the unit
// square is h.
func jitterBy(h vision.Homography, du, dv, s float64) vision.Quad {
	var out vision.Quad
	for i, c := range []vision.Point{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 1, Y: 1}, {X: 0, Y: 1}} {
		out[i] = h.Apply(vision.Point{X: 0.5 + (c.X-0.5)*s + du, Y: 0.5 + (c.Y-0.5)*s + dv})
	}
	return out
}

// letterMargin is how much of the board around a face the letter crop
// shows, as a fraction of the face's side on each side: the tile's edges
// are part of what the reader sees (its context patch).
const letterMargin = 0.12

// cropWindows holds letterCrop's windows of RGB between crops.
var cropWindows = sync.Pool{New: func() any { return new([]uint8) }}

// letterCrop cuts the top face q (a little more: letterMargin) out of the
// picture as a size x size RGBA crop, upright as the camera sees the
// board, sampling bilinearly between pixel centres; points outside the
// picture are black. It is what the reader is handed for every stack.
// The picture's pixels under the face are converted to RGB once into a
// small window, rather than four times per crop pixel: for a JPEG
// (*image.YCbCr) that conversion was most of a crop's cost.
func letterCrop(img image.Image, q vision.Quad, size int) *image.RGBA {
	s := float64(size)
	dst := []vision.Point{{X: 0, Y: 0}, {X: s, Y: 0}, {X: s, Y: s}, {X: 0, Y: s}}
	// crop pixel -> face fractions -> picture
	src := make([]vision.Point, 4)
	// bilerpQuadExt's homography, found once for the four corners.
	qh, qerr := vision.QuadHomography(1, 1, q)
	for i, d := range dst {
		u := d.X/s*(1+2*letterMargin) - letterMargin
		v := d.Y/s*(1+2*letterMargin) - letterMargin
		if qerr != nil {
			src[i] = bilerpQuad(q, u, v)
		} else {
			src[i] = qh.Apply(vision.Point{X: u, Y: v})
		}
	}
	out := image.NewRGBA(image.Rect(0, 0, size, size))
	hm, err := vision.FitHomography(dst, src)
	if err != nil {
		return out
	}
	b := img.Bounds()
	W, H := b.Dx(), b.Dy()
	// The window: every pixel the samples' bilinear neighbourhoods reach
	// (the crop's corners map to the window's corners' hull).
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, d := range []vision.Point{{X: 0.5, Y: 0.5}, {X: s - 0.5, Y: 0.5}, {X: s - 0.5, Y: s - 0.5}, {X: 0.5, Y: s - 0.5}} {
		sp := hm.Apply(d)
		x0, y0 = math.Min(x0, sp.X-0.5), math.Min(y0, sp.Y-0.5)
		x1, y1 = math.Max(x1, sp.X-0.5), math.Max(y1, sp.Y-0.5)
	}
	wx0, wy0 := max(0, int(math.Floor(x0))-1), max(0, int(math.Floor(y0))-1)
	wx1, wy1 := min(W-1, int(math.Floor(x1))+2), min(H-1, int(math.Floor(y1))+2)
	if math.IsNaN(x0+y0+x1+y1) || wx1 < wx0 || wy1 < wy0 || (wx1-wx0+1)*(wy1-wy0+1) > 16*size*size {
		// Degenerate, off the picture or seen from very close: sample
		// the picture directly.
		wx0, wy0, wx1, wy1 = 0, 0, -1, -1
	}
	ww := wx1 - wx0 + 1
	// The window's storage is kept between crops (cropWindows): every
	// byte of it is written below before it is read.
	wp := cropWindows.Get().(*[]uint8)
	defer cropWindows.Put(wp)
	if n := 3 * max(0, ww*(wy1-wy0+1)); cap(*wp) < n {
		*wp = make([]uint8, n)
	} else {
		*wp = (*wp)[:n]
	}
	win := *wp
	for y := wy0; y <= wy1; y++ {
		row := win[3*(y-wy0)*ww:]
		switch m := img.(type) {
		case *image.YCbCr:
			if m.SubsampleRatio == image.YCbCrSubsampleRatio420 && b.Min.X+wx0 >= 0 {
				// a phone's JPEG: the row at a time (vision.YCbCrRow420)
				vision.YCbCrRow420(m, b.Min.X+wx0, b.Min.X+wx1, b.Min.Y+y, row[:3*ww])
				continue
			}
			yi := m.YOffset(b.Min.X+wx0, b.Min.Y+y)
			lastC := -1
			var rc, gc, bc int32
			// 4:2:0 (a phone's JPEG): COffset's sum, its row's part once
			c420 := m.SubsampleRatio == image.YCbCrSubsampleRatio420
			cRow := ((b.Min.Y+y)/2-m.Rect.Min.Y/2)*m.CStride - m.Rect.Min.X/2
			for x := wx0; x <= wx1; x++ {
				ci := cRow + (b.Min.X+x)/2
				if !c420 {
					ci = m.COffset(b.Min.X+x, b.Min.Y+y)
				}
				// A chroma sample serves two pixels or more (4:2:0):
				// its terms are computed once.
				if ci != lastC {
					lastC = ci
					rc, gc, bc = vision.YCbCrChroma(m.Cb[ci], m.Cr[ci])
				}
				o := 3 * (x - wx0)
				row[o], row[o+1], row[o+2] = vision.YCbCrRGB(m.Y[yi+x-wx0], rc, gc, bc)
			}
		default:
			for x := wx0; x <= wx1; x++ {
				r, g, bb := rgbAt(img, b, x, y)
				o := 3 * (x - wx0)
				row[o], row[o+1], row[o+2] = uint8(r), uint8(g), uint8(bb)
			}
		}
	}
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			sp := hm.Apply(vision.Point{X: float64(x) + 0.5, Y: float64(y) + 0.5})
			fx, fy := sp.X-0.5, sp.Y-0.5
			ix, iy := int(math.Floor(fx)), int(math.Floor(fy))
			o := out.PixOffset(x, y)
			if ix < 0 || iy < 0 || ix+1 >= W || iy+1 >= H {
				out.Pix[o+3] = 255
				continue
			}
			ax, ay := fx-float64(ix), fy-float64(iy)
			w0, w1, w2, w3 := (1-ax)*(1-ay), ax*(1-ay), (1-ax)*ay, ax*ay
			// the four neighbours' RGB: above (the pixel and its right
			// neighbour) and below, read in place from the window
			var above, below []uint8
			if ix >= wx0 && ix+1 <= wx1 && iy >= wy0 && iy+1 <= wy1 {
				i := 3 * ((iy-wy0)*ww + ix - wx0)
				above = win[i : i+6 : i+6]
				i += 3 * ww
				below = win[i : i+6 : i+6]
			} else {
				var n [12]uint8
				for k := 0; k < 4; k++ {
					r, g, bb := rgbAt(img, b, ix+k%2, iy+k/2)
					n[3*k], n[3*k+1], n[3*k+2] = uint8(r), uint8(g), uint8(bb)
				}
				above, below = n[0:6], n[6:12]
			}
			r := w0*float64(above[0]) + w1*float64(above[3]) + w2*float64(below[0]) + w3*float64(below[3])
			g := w0*float64(above[1]) + w1*float64(above[4]) + w2*float64(below[1]) + w3*float64(below[4])
			bl := w0*float64(above[2]) + w1*float64(above[5]) + w2*float64(below[2]) + w3*float64(below[5])
			px := out.Pix[o : o+4 : o+4]
			px[0], px[1], px[2], px[3] = uint8(r+0.5), uint8(g+0.5), uint8(bl+0.5), 255
		}
	}
	return out
}

// recheckBelow: only stacks read under this are read again by the
// specialist in recheckBlurred (the main model's mistakes on blurred
// faces are rarely surer; reading every sure stack's face for blur would
// cost a sharp board about a millisecond).
const recheckBelow = 0.99

// recheckBlurred reads again with the reader's specialist for blurred
// crops (ocr.BlurReader; with deblur, the board's reading direction
// firm, the crop pooled with its deconvolution: deblurReader) the
// stacks read sure (at least
// ocr.CascadeUnsure, under recheckBelow) whose face's crop is blurred:
// the specialist's letter replaces the main model's when it reads another
// letter with at least ocr.CascadeOverrule (the main model is sure of some of its mistakes on
// faces blurred into blobs: G for O, M for H). faces are the crops the
// stacks were first read from. The unsure stacks are left to
// rereadAtOtherHeights, which reads a blurred one with the specialist
// throughout.
func recheckBlurred(cells []Cell, faces []image.Image, rd TileReader, k int, known, deblur bool) error {
	br, ok := rd.(ocr.BlurReader)
	if !ok {
		return nil
	}
	kn := ocr.Known{Tile: true}
	if known {
		kn.HasAngle, kn.Angle = true, float64(90*k)
	}
	for i := range cells {
		c := &cells[i]
		if faces[i] == nil || c.Height == 0 || c.Letter == "" || c.Letter == "?" || c.Conf < ocr.CascadeUnsure || c.Conf >= recheckBelow {
			continue
		}
		sp, blurred, err := br.SpecialistFor(faces[i])
		if err != nil {
			return fmt.Errorf("vision: reading %v: %w", c.Pos, err)
		}
		c.blur = &blurJudged{face: c.faceCut, blurred: blurred}
		if !blurred {
			continue
		}
		got, err := blurredFaceReader(sp, deblur).ReadKnown(faces[i], kn)
		if err != nil {
			return fmt.Errorf("vision: reading %v: %w", c.Pos, err)
		}
		if got.Letter != "" && got.Letter != c.Letter && got.Conf >= ocr.CascadeOverrule {
			c.Letter, c.Conf, c.Angle = got.Letter, got.Conf, got.Angle
		}
	}
	return nil
}

// tallFrom: a stack read this high or higher has its letter checked at
// the heights next to its own (rereadTall). Steep views misjudge a low
// stack as tall (its face searched up the line its top moves along finds
// the edges of the tiles behind it) far more often than the other way
// round, and a crop cut two to four levels too high lies on the next
// square's tile: the reader reads that tile's letter, often surely.
const tallFrom = 3

// tallSupport and tallOther: a tall stack's letter is taken as read when
// it also reads at tallSupport or more from a crop cut a level higher or
// lower (the face is a level thick in the picture's terms: the true
// face's crop a level off still shows its letter); otherwise another
// letter that reads at tallOther or more at two neighbouring heights,
// neither of them the stack's own, replaces it.
const (
	tallSupport = 0.5
	tallOther   = 0.9
)

// ghostNear: a tall stack's face as read whose centre lies within this
// fraction of the tile's side of a lower stack's face bearing the same
// letter is that stack's face, read again (a ghost): a crop a level
// higher or lower lies on it too, so it supports nothing, and the letter
// a single other height reads at ghostConf or more, its face as far
// from that face, replaces it. On the tuning set 9595, 1-high stacks
// read 5 high in views tilted 35-40 degrees bore the letter of a lower
// neighbour whose face lay 0.07-0.87 of a side away, while a level or
// two up from the floor their own letter read at 0.87-1.00 (two of them
// mended so, 0014 and 0054; docs/vision.md).
const (
	ghostNear = 0.9
	ghostConf = 0.8
)

// ghostOf reports whether stack c's face as read lies on a lower stack's
// face bearing the same letter (ghostNear), and that face's centre.
func ghostOf(cells []Cell, c *Cell, side float64) (vision.Point, bool) {
	at := c.Face.Centre()
	for j := range cells {
		o := &cells[j]
		if o == c || o.Height == 0 || o.Height >= c.Height || o.Letter != c.Letter {
			continue
		}
		oc := o.Face.Centre()
		if math.Hypot(oc.X-at.X, oc.Y-at.Y) < ghostNear*side {
			return oc, true
		}
	}
	return vision.Point{}, false
}

// tallShift: a tall stack's letter is checked only when its face lies at
// least this far (a fraction of the tile's side) from where a stack one
// high would show it. Nearer, as in views from nearly overhead, even a
// height wrong by four leaves the crop on the face, and the reads would
// be wasted (most of a board's tall stacks, about 2.5 ms a scan on the
// benchmark's scenes).
const tallShift = 0.2

// rereadTall checks the letters of the stacks read tallFrom or more high,
// sure ones included (rereadAtOtherHeights reads only unsure ones): a
// stack whose letter no crop a level higher or lower supports is read at
// every other height, and a letter that two neighbouring heights both
// read surely (at least tallOther) replaces its own. The true face read a
// level off still shows its letter; a crop cut off the face onto the tile
// behind shows that tile's letter at one height only. The height stays
// the geometry's (as in rereadAtOtherHeights). Only once the letters have
// given the board's reading direction, with a reader that can be told it
// (ocr.KnownReader): every crop is then read at the angle the letters
// stand at, so a letter on its side cannot pass for another one upright.
// Costs one or two crops per tall stack in a view steep enough
// (tallShift), four more for the few that no neighbouring height
// supports.
func rereadTall(img image.Image, cells []Cell, pose *vision.Pose, geo Geometry, crop int, rd TileReader, k int, known bool) error {
	kr, ok := rd.(ocr.KnownReader)
	if !ok || !known {
		return nil
	}
	kn := ocr.Known{Tile: true, HasAngle: true, Angle: float64(90 * k)}
	read := func(c *Cell, h int) (ocr.Reading, error) {
		return kr.ReadKnown(letterCrop(img, faceQuad(pose, c.Pos.Row, c.Pos.Col, float64(h), geo), crop), kn)
	}
	for i := range cells {
		c := &cells[i]
		if c.Height < tallFrom || c.Letter == "" || c.Letter == "?" {
			continue
		}
		// Where a stack one high would show its face: near enough to
		// the face as read, no misjudged height puts the crop off it.
		low := faceQuad(pose, c.Pos.Row, c.Pos.Col, 1, geo).Centre()
		at := c.Face.Centre()
		side := math.Hypot(c.Face[1].X-c.Face[0].X, c.Face[1].Y-c.Face[0].Y)
		if math.Hypot(at.X-low.X, at.Y-low.Y) < tallShift*side {
			continue
		}
		reads := make([]ocr.Reading, geo.MaxStack+2) // by height; [0] and [MaxStack+1] unread
		done := make([]bool, geo.MaxStack+2)
		supported := false
		ghost, isGhost := ghostOf(cells, c, side)
		for _, h := range []int{c.Height - 1, c.Height + 1} {
			if isGhost {
				break
			}
			if h < 1 || h > geo.MaxStack {
				continue
			}
			got, err := read(c, h)
			if err != nil {
				return fmt.Errorf("vision: reading %v: %w", c.Pos, err)
			}
			reads[h], done[h] = got, true
			if got.Letter == c.Letter && got.Conf >= tallSupport {
				supported = true
				break
			}
		}
		if supported {
			continue
		}
		for h := 1; h <= geo.MaxStack; h++ {
			if h == c.Height || done[h] {
				continue
			}
			got, err := read(c, h)
			if err != nil {
				return fmt.Errorf("vision: reading %v: %w", c.Pos, err)
			}
			reads[h], done[h] = got, true
		}
		var best ocr.Reading
		for h := 1; h < geo.MaxStack; h++ {
			a, b := reads[h], reads[h+1]
			if h == c.Height || h+1 == c.Height || a.Letter == "" || a.Letter != b.Letter || a.Letter == c.Letter {
				continue
			}
			if a.Conf < tallOther || b.Conf < tallOther {
				continue
			}
			if b.Conf > a.Conf {
				a = b
			}
			if a.Conf > best.Conf {
				best = a
			}
		}
		for h := 1; isGhost && best.Letter == "" && h <= geo.MaxStack; h++ {
			// A ghost: the surest letter a single height reads off the
			// face it lies on.
			a := reads[h]
			fc := faceQuad(pose, c.Pos.Row, c.Pos.Col, float64(h), geo).Centre()
			if h == c.Height || a.Letter == "" || a.Letter == c.Letter || a.Conf < ghostConf || math.Hypot(fc.X-ghost.X, fc.Y-ghost.Y) < ghostNear*side {
				continue
			}
			if a.Conf > best.Conf {
				best = a
			}
		}
		if best.Letter != "" {
			c.Letter, c.Conf, c.Angle = best.Letter, best.Conf, best.Angle
		}
	}
	return nil
}

// movedBelow, movedShift, movedGrow and movedNeed: rereadMoved reads a
// stack whose letter reads under movedBelow on a blurred crop again from
// crops moved movedShift of the face's side along either of its axes
// both ways and one grown by movedGrow about its centre, and takes
// another letter when movedNeed of those five crops read it, however
// sure. Chosen on the tuning sets 111300 and 111301m (docs/vision.md,
// upwcrop). A floor on the agreeing crops' confidence (0.7, upwletter)
// cost letters on two rounds of held-out sets and none were mended on
// tuning: dropped (upwtrain).
const (
	movedBelow = 0.95
	movedShift = 0.1
	movedGrow  = 1.25
	movedNeed  = 4
)

// stemShift, stemNeed and stemFloor: a stack read I (the stem alone)
// under movedBelow, blurred or sharp, is read again from crops moved
// stemShift of its side (and one grown by movedGrow), and the letter
// other than I that most of them read, on stemNeed or more with one at
// stemFloor or more, replaces it. A T whose bar is thin or short in a
// typeface the reader was not trained on reads I from its face while
// crops moved off its centre show the bar (tuning sets 111500-111503,
// docs/vision.md, upwletter: three T mended, none broken of the 53
// stacks read I under movedBelow).
const (
	stemShift = 0.2
	stemNeed  = 2
	stemFloor = 0.5
)

// rereadMoved reads again, on a single photo once the heights are
// settled, the stacks whose letter reads under movedBelow on a blurred
// crop, from crops of the face moved about it (movedShift along either
// axis both ways, grown by movedGrow), each read as the scan reads a
// face (the specialist for blurred crops where the crop is blurred, with
// deblur pooled with its deconvolution). On a shaken face the letter's
// smear runs into the tile's rim, and where the normalisation finds the
// letter turns on a pixel of the crop's place: a shaken E read I at 0.93
// from its face reads E from most crops moved a tenth of a side (tuning
// set 111301m). Another letter read on movedNeed of the five crops
// replaces the stack's, at the lower of the two confidences (the crops
// disagree with the first read: never surer than it was); I is never
// taken so (the stem any crop moved off a
// T's or H's bar shows). A stack read I is read again first as stemShift
// says, sharp or blurred. Heights and faces are left as they are, so no
// height can move; sharp crops of other letters are not read again
// (most of a sharp board's stacks), nor sure letters. A crop's blur
// judged before on the same face (Cell.blur) is not judged again.
//
// ask, when not nil, picks the stacks read again instead of the
// confidence: through a game, every stack read with a new letter
// (newLetters), however sure (see rereadMovedBy).
func rereadMoved(img image.Image, cells []Cell, crop int, rd TileReader, k int, known, deblur bool, ask func(*Cell) bool) error {
	br, ok := rd.(ocr.BlurReader)
	if !ok {
		return nil
	}
	kn := knownTile(k, known)
	blurred := func(c *Cell) (bool, error) {
		if b := c.blur; b != nil && b.face == c.Face {
			return b.blurred, nil
		}
		_, b, err := br.SpecialistFor(letterCrop(img, c.Face, crop))
		return b, err
	}
	read := func(face image.Image) (ocr.Reading, error) {
		sp, blurred, err := br.SpecialistFor(face)
		if err != nil {
			return ocr.Reading{}, err
		}
		if blurred {
			return readFace(blurredFaceReader(sp, deblur), face, known, kn)
		}
		return readFace(rd, face, known, kn)
	}
	return rereadMovedBy(img, cells, crop, blurred, read, ask)
}

// blurJudged is whether the crop of a stack's face was judged blurred
// (ocr.BlurReader's SpecialistFor), and the face it was cut from.
type blurJudged struct {
	face    vision.Quad
	blurred bool
}

// rereadMovedBy is rereadMoved with the crop's blur judged by blurred
// and each moved crop read by read. A stack asked (ask) although its
// letter read movedBelow or more whose letter the moved crops replace is
// read at poolDoubt at most: the crops and a sure first reading
// disagree, and neither is shown sure.
func rereadMovedBy(img image.Image, cells []Cell, crop int, blurred func(*Cell) (bool, error), read func(image.Image) (ocr.Reading, error), ask func(*Cell) bool) error {
	errs := make([]error, len(cells))
	parallel.For(len(cells), func(i int) {
		c := &cells[i]
		if c.Height == 0 || c.Letter == "" || ask == nil && c.Conf >= movedBelow || ask != nil && !ask(c) {
			return
		}
		// take replaces the stack's letter by the moved crops' best.
		take := func(best ocr.Reading) {
			conf := math.Min(best.Conf, c.Conf)
			if c.Conf >= movedBelow {
				conf = math.Min(conf, poolDoubt)
			}
			c.Letter, c.Conf, c.Angle = best.Letter, conf, best.Angle
		}
		h, err := vision.QuadHomography(1, 1, c.Face)
		if err != nil {
			return
		}
		// readMoved reads the five crops moved by shift and grown: each
		// letter's count and surest reading.
		readMoved := func(shift float64) (map[string]int, map[string]ocr.Reading, error) {
			count := map[string]int{}
			surest := map[string]ocr.Reading{}
			for _, m := range [][3]float64{{-shift, 0, 1}, {shift, 0, 1}, {0, -shift, 1}, {0, shift, 1}, {0, 0, movedGrow}} {
				got, err := read(letterCrop(img, jitterBy(h, m[0], m[1], m[2]), crop))
				if err != nil {
					return nil, nil, err
				}
				count[got.Letter]++
				if got.Conf >= surest[got.Letter].Conf {
					surest[got.Letter] = got
				}
			}
			return count, surest, nil
		}
		if c.Letter == "I" {
			count, surest, err := readMoved(stemShift)
			if err != nil {
				errs[i] = err
				return
			}
			var best ocr.Reading
			for _, l := range sortedLetters(count) {
				n := count[l]
				if l != "" && l != "I" && n >= stemNeed && surest[l].Conf >= stemFloor && (best.Letter == "" || n > count[best.Letter]) {
					best = surest[l]
				}
			}
			if best.Letter != "" {
				take(best)
				return
			}
		}
		b, err := blurred(c)
		if err != nil || !b {
			errs[i] = err
			return
		}
		count, surest, err := readMoved(movedShift)
		if err != nil {
			errs[i] = err
			return
		}
		var best ocr.Reading
		for l, n := range count {
			if l != "" && l != c.Letter && l != "I" && n >= movedNeed {
				best = surest[l]
			}
		}
		if best.Letter != "" {
			take(best)
		}
	})
	for i, err := range errs {
		if err != nil {
			return fmt.Errorf("vision: reading %v: %w", cells[i].Pos, err)
		}
	}
	return nil
}

// sortedLetters are count's letters in order, so that a tie is broken
// the same way on every run.
func sortedLetters(count map[string]int) []string {
	out := make([]string, 0, len(count))
	for l := range count {
		out = append(out, l)
	}
	sort.Strings(out)
	return out
}
