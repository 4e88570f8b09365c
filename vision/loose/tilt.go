package loose

import (
	"image"
	"image/color"
	"math"
	"sort"
	"time"

	"gocv.io/x/gocv"

	"github.com/tilescope/tilescope/vision"
)

// A tilted photo (the camera not square over the table) shows the near
// tiles larger than the far ones and every tile squeezed across the
// tilt. The tiles lie on one plane, so the photo is that plane seen
// through a homography: the tiles' own sizes across the photo say how
// (tiltOf), and the photo turned back to a view straight down on the
// table (the camera rotated about its centre) is scanned again, its
// tiles brought back to the photo's pixels (tiltLook).
const (
	// minTiltTiles: tiles needed to fit the sizes across the photo.
	minTiltTiles = 8
	// minTiltRatio: the linear size of the nearest tiles over the
	// farthest ones (as fitted) from which the photo is looked at
	// straightened; under it the tiles are about one size.
	minTiltRatio = 1.2
	// minSpacingRatio: minTiltRatio for the fit of the tiles' spacing,
	// which the squeeze across the tilt and the gaps make noisier.
	minSpacingRatio = 1.3
	// tiltFocal: the focal length assumed, in units of the photo's
	// longer side (a phone's main camera: 26 mm of a 35 mm frame,
	// about 0.75-0.85). Only the squeeze across the tilt depends on
	// it, and little: 25 degrees fitted with 0.6 or 1.0 squeezes by
	// 0.93 or 0.89 instead of 0.91.
	tiltFocal = 0.8
	// maxTiltDeg: a tilt fitted larger is taken for this much.
	maxTiltDeg = 45
	// maxTiltArea: the straightened picture's area at most, in units
	// of the photo's.
	maxTiltArea = 2.5
	// minTiltPart: the least part of the fitted turn straighten takes
	// where the whole of it does not fit; tiltPartSteps: the halvings
	// that find the largest part that fits.
	minTiltPart   = 0.5
	tiltPartSteps = 7
	// tiltMergeConf: how sure the reading that does not stand must be
	// of a tile for tiltMerge to add it (over SureConf: no look of the
	// standing reading backs it; on the tuning sets the tiles added at
	// 0.90-0.96 were three read wrong and one on no tile of five).
	tiltMergeConf = 0.97
	// tiltLetterConf and tiltLetterMargin: how sure the look that does
	// not stand must read a tile, and how much surer than the standing
	// tile, for tiltLetters to take its letter (on the tuning sets,
	// 0.95 and 0.2 took 19 letters right where they were wrong and none
	// wrong where they were right; 0.90 and 0.2 took 22 and broke one,
	// read sure).
	tiltLetterConf   = 0.95
	tiltLetterMargin = 0.2
)

// tiltOf fits the plane the tiles lie on from their sizes: where the
// camera is tilted, a tile's area in the photo goes as the cube of
// w(x, y) = 1 + g x + h y (the photo's points on the table's plane
// mapped back to it by a homography whose last row is (g, h, 1)), so
// the 2/3 power of each tile's side is linear in its position. It
// returns the homography (photo pixels to the straightened picture's,
// with that picture's size) and whether the tilt is large enough to
// look again: the fitted sizes of the tiles over minTiltRatio apart.
// partial: a fit too steep to turn by whole is turned by a part of it
// (straighten).
func tiltOf(tiles []Tile, w, h int, partial bool) (homog, image.Point, bool) {
	g, hh, ratio, ok := tiltFit(sizeSamples(tiles), w, h)
	if !ok || ratio < minTiltRatio {
		// The quads all of a size (a reading may make them so): the
		// tiles' spacing, which perspective shrinks as it does them.
		g, hh, ratio, ok = tiltFit(spacingSamples(tiles), w, h)
		if !ok || ratio < minSpacingRatio {
			return homog{}, image.Point{}, false
		}
	}
	return straighten(g, hh, w, h, tiles, partial)
}

// sizeSample is a tile's centre and the side of a square of its area.
type sizeSample struct {
	c    Point
	side float64
}

// sizeSamples is the tiles' quads' sizes (the side of a square of
// their area).
func sizeSamples(tiles []Tile) []sizeSample {
	var out []sizeSample
	for _, t := range tiles {
		out = append(out, sizeSample{t.Center, math.Sqrt(math.Abs(polygonArea(t.Corners[:])))})
	}
	return out
}

// spacingSamples is each tile's distance to the nearest other tile's
// centre (touching tiles stand a side apart), kept where it is under
// 1.6 times the median of them (a tile with no neighbour says nothing
// of its size).
func spacingSamples(tiles []Tile) []sizeSample {
	nn := make([]float64, len(tiles))
	for i, t := range tiles {
		nn[i] = math.Inf(1)
		for j, u := range tiles {
			if j != i {
				nn[i] = math.Min(nn[i], dist(t.Center, u.Center))
			}
		}
	}
	med := median(append([]float64(nil), nn...))
	var out []sizeSample
	for i, t := range tiles {
		if nn[i] < 1.6*med && nn[i] > 0 {
			out = append(out, sizeSample{t.Center, nn[i]})
		}
	}
	return out
}

// tiltFit is the horizon (g, h) of tiltOf's plane and the ratio of the
// fitted sides of the nearest and farthest tiles; not ok where too few
// tiles agree or the fit puts a tile beyond the horizon.
func tiltFit(tiles []sizeSample, w, h int) (g, hh, ratio float64, ok bool) {
	if len(tiles) < minTiltTiles || w < 2 || h < 2 {
		return 0, 0, 0, false
	}
	L := float64(max(w, h))
	cx, cy := float64(w-1)/2, float64(h-1)/2
	xs := make([]float64, len(tiles))
	ys := make([]float64, len(tiles))
	vs := make([]float64, len(tiles))
	for i, t := range tiles {
		xs[i], ys[i], vs[i] = (t.c.X-cx)/L, (t.c.Y-cy)/L, math.Pow(t.side/L, 2.0/3)
	}
	use := make([]bool, len(tiles))
	for i := range use {
		use[i] = true
	}
	var a, b, c float64
	for round := 0; round < 3; round++ {
		a, b, c, ok = planeFit(xs, ys, vs, use)
		if !ok || a <= 0 {
			return 0, 0, 0, false
		}
		// Drop the tiles the fit misses by more than 2.5 robust
		// sigmas (a quad of two tiles, a square round a letter too
		// small): the sizes of most tiles set the plane.
		res := make([]float64, 0, len(tiles))
		for i := range xs {
			res = append(res, math.Abs(vs[i]-(a+b*xs[i]+c*ys[i])))
		}
		sorted := append([]float64(nil), res...)
		sort.Float64s(sorted)
		cut := math.Max(2.5*1.4826*sorted[len(sorted)/2], 0.02*a)
		n := 0
		for i := range use {
			use[i] = res[i] <= cut
			if use[i] {
				n++
			}
		}
		if n < minTiltTiles {
			return 0, 0, 0, false
		}
	}
	g, hh = b/a, c/a
	lo, hi := math.Inf(1), math.Inf(-1)
	for i := range xs {
		if !use[i] {
			continue
		}
		wv := 1 + g*xs[i] + hh*ys[i]
		lo, hi = math.Min(lo, wv), math.Max(hi, wv)
	}
	if lo <= 0 {
		return 0, 0, 0, false
	}
	return g, hh, math.Pow(hi/lo, 1.5), true
}

// planeFit is the least-squares plane v = a + b x + c y through the
// points kept by use.
func planeFit(xs, ys, vs []float64, use []bool) (a, b, c float64, ok bool) {
	var m [3][4]float64
	for i := range xs {
		if !use[i] {
			continue
		}
		r := [3]float64{1, xs[i], ys[i]}
		for j := 0; j < 3; j++ {
			for k := 0; k < 3; k++ {
				m[j][k] += r[j] * r[k]
			}
			m[j][3] += r[j] * vs[i]
		}
	}
	for col := 0; col < 3; col++ {
		piv := col
		for r := col + 1; r < 3; r++ {
			if math.Abs(m[r][col]) > math.Abs(m[piv][col]) {
				piv = r
			}
		}
		m[col], m[piv] = m[piv], m[col]
		if math.Abs(m[col][col]) < 1e-12 {
			return 0, 0, 0, false
		}
		for r := 0; r < 3; r++ {
			if r == col {
				continue
			}
			f := m[r][col] / m[col][col]
			for k := col; k < 4; k++ {
				m[r][k] -= f * m[col][k]
			}
		}
	}
	return m[0][3] / m[0][0], m[1][3] / m[1][1], m[2][3] / m[2][2], true
}

// straighten is the homography that turns the w x h photo, whose table
// plane's horizon is 1 + g x + h y = 0 (x, y about the photo's centre in
// units of its longer side), into a view straight down on the table: the
// camera rotated about its centre (focal length tiltFocal) so that the
// plane's normal is its axis; scaled so that the tiles keep about their
// size, and moved so that the picture starts at (0, 0). It returns the
// picture's size too. Where the whole turn would take a corner of the
// photo past the horizon or make the picture too large (a steep fit),
// the camera is turned by the largest part of it that fits, down to
// minTiltPart (a part of the turn still takes most of the near tiles'
// growth off), where partial (stepTiltPartial; off, the diagnostics
// compare the two); not ok where not even that fits.
func straighten(g, h float64, w, ht int, tiles []Tile, partial bool) (homog, image.Point, bool) {
	hm, size, why := straightenBy(g, h, 1, w, ht, tiles)
	switch {
	case why == tiltFits:
		return hm, size, true
	case why == tiltFlat || !partial:
		return homog{}, image.Point{}, false
	}
	// The picture grows with the turn: the largest part that fits, by
	// halving the interval.
	lo, hi := 0.0, 1.0
	for i := 0; i < tiltPartSteps; i++ {
		mid := (lo + hi) / 2
		if _, _, why := straightenBy(g, h, mid, w, ht, tiles); why == tiltFits {
			lo = mid
		} else {
			hi = mid
		}
	}
	if lo < minTiltPart {
		return homog{}, image.Point{}, false
	}
	hm, size, why = straightenBy(g, h, lo, w, ht, tiles)
	debugf("tilt: the turn cut to %.2f of the fitted one (%v)", lo, why)
	return hm, size, why == tiltFits
}

// tiltFail is why straightenBy gives a picture up.
type tiltFail int

const (
	tiltFits    tiltFail = iota
	tiltFlat             // no tilt to turn by
	tiltBehind           // a tile's corner past the horizon
	tiltHorizon          // a corner of the photo at or past the horizon
	tiltLarge            // the picture over maxTiltArea
)

// String names the reason.
func (f tiltFail) String() string {
	return [...]string{"fits", "flat", "tile past the horizon", "photo past the horizon", "too large"}[f]
}

// straightenBy is straighten's homography for the camera turned by part
// (0..1) of the angle the horizon (g, h) asks for, and why it does not
// fit where it does not.
func straightenBy(g, h, part float64, w, ht int, tiles []Tile) (homog, image.Point, tiltFail) {
	L := float64(max(w, ht))
	cx, cy := float64(w-1)/2, float64(ht-1)/2
	f := tiltFocal
	// The plane's normal in the camera's frame, and the rotation
	// taking it onto the axis (Rodrigues).
	n := [3]float64{f * g, f * h, 1}
	nn := math.Sqrt(n[0]*n[0] + n[1]*n[1] + n[2]*n[2])
	for i := range n {
		n[i] /= nn
	}
	theta := math.Acos(math.Min(1, n[2]))
	if theta > maxTiltDeg*math.Pi/180 {
		theta = maxTiltDeg * math.Pi / 180
	}
	theta *= part
	// axis = n x z, normalised: (n.y, -n.x, 0).
	ax, ay := n[1], -n[0]
	an := math.Hypot(ax, ay)
	if an < 1e-12 {
		return homog{}, image.Point{}, tiltFlat
	}
	ax, ay = ax/an, ay/an
	co, si := math.Cos(theta), math.Sin(theta)
	r := vision.Homography{
		co + ax*ax*(1-co), ax * ay * (1 - co), ay * si,
		ax * ay * (1 - co), co + ay*ay*(1-co), -ax * si,
		-ay * si, ax * si, co,
	}
	// Pixels -> normalised camera coordinates -> rotated -> pixels.
	pre := vision.Homography{1 / (f * L), 0, -cx / (f * L), 0, 1 / (f * L), -cy / (f * L), 0, 0, 1}
	m := r.Mul(pre)
	apply := func(p Point) (Point, float64) {
		x := m[0]*p.X + m[1]*p.Y + m[2]
		y := m[3]*p.X + m[4]*p.Y + m[5]
		z := m[6]*p.X + m[7]*p.Y + m[8]
		return Point{x / z, y / z}, z
	}
	// The scale: the tiles' median side in the photo over their median
	// side once turned.
	var before, after []float64
	for _, t := range tiles {
		var q [4]Point
		for j, p := range t.Corners {
			pp, z := apply(p)
			if z <= 0 {
				return homog{}, image.Point{}, tiltBehind
			}
			q[j] = pp
		}
		before = append(before, math.Sqrt(math.Abs(polygonArea(t.Corners[:]))))
		after = append(after, math.Sqrt(math.Abs(polygonArea(q[:]))))
	}
	sa := median(after)
	if sa <= 0 {
		return homog{}, image.Point{}, tiltBehind
	}
	k := median(before) / sa
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range []Point{{-0.5, -0.5}, {float64(w) - 0.5, -0.5}, {float64(w) - 0.5, float64(ht) - 0.5}, {-0.5, float64(ht) - 0.5}} {
		q, z := apply(p)
		if z <= 0.05 {
			return homog{}, image.Point{}, tiltHorizon
		}
		x0, y0, x1, y1 = math.Min(x0, q.X*k), math.Min(y0, q.Y*k), math.Max(x1, q.X*k), math.Max(y1, q.Y*k)
	}
	if (x1-x0)*(y1-y0) > maxTiltArea*float64(w*ht) {
		return homog{}, image.Point{}, tiltLarge
	}
	fit := vision.Homography{k, 0, -x0 - 0.5, 0, k, -y0 - 0.5, 0, 0, 1}
	m = fit.Mul(m)
	var hm homog
	for i := range hm {
		hm[i] = m[i] / m[8]
	}
	return hm, image.Pt(int(math.Ceil(x1-x0)), int(math.Ceil(y1-y0))), tiltFits
}

// warped is the photo img seen through hm, size x size pixels, the
// parts outside the photo the photo's mean colour.
func warped(img rgbImage, hm homog, size image.Point) (*image.RGBA, error) {
	src, err := gocv.NewMatFromBytes(img.h, img.w, gocv.MatTypeCV8UC3, img.pix)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	m := gocv.NewMatWithSize(3, 3, gocv.MatTypeCV64F)
	defer m.Close()
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			m.SetDoubleAt(i, j, hm[3*i+j])
		}
	}
	mean := src.Mean()
	out := gocv.NewMat()
	defer out.Close()
	fill := color.RGBA{uint8(mean.Val1 + 0.5), uint8(mean.Val2 + 0.5), uint8(mean.Val3 + 0.5), 255}
	gocv.WarpPerspectiveWithParams(src, &out, m, size, gocv.InterpolationLinear, gocv.BorderConstant, fill)
	return rgbImage{w: size.X, h: size.Y, pix: out.ToBytes()}.rgba(), nil
}

// tiltStands says whether the straightened reading stands against the
// first: more tiles sure and no fewer tiles, or as many sure and more
// tiles. (More sure alone is not enough: a defocused photo's quads,
// uneven from the blur, can fit a tilt that is not there, and its
// straightened reading read one tile more sure and 8 fewer.)
func tiltStands(first, straight []Tile) bool {
	a, b := sureCount(first), sureCount(straight)
	return (b > a && len(straight) >= len(first)) || (b == a && len(straight) > len(first))
}

// tiltLook scans a Lexicon table's photo again turned straight down on
// the table where its tiles' sizes say it is tilted (tiltOf), and
// brings that reading's tiles back to the photo's pixels. That reading
// stands where tiltStands says so; the other's tiles read sure where
// the standing one has none are added to it (tiltMerge). other is the
// tiles of the reading that did not stand, in the photo's pixels, for
// tiltLetters (nil where no second look was taken).
func tiltLook(img image.Image, opt Options, r *Reading, now func() time.Time, start time.Time) (_ *Reading, other []Tile) {
	r2, all := straightReading(img, opt, r)
	if r2 == nil {
		return r, nil
	}
	if opt.trace != nil && opt.trace.tilt != nil {
		opt.trace.tilt(img, r.Tiles, r2.Tiles, tiltStands(r.Tiles, all))
	}
	if !tiltStands(r.Tiles, all) {
		// The first reading stands; the straightened one's sure tiles
		// where it has none join it (a far tile the first look missed).
		r.Tiles = tiltMerge(r.Tiles, r2.Tiles)
		return r, r2.Tiles
	}
	debugf("tilt: the straightened reading stands (%d tiles sure against %d)", sureCount(all), sureCount(r.Tiles))
	r2.Tiles = tiltMerge(r2.Tiles, r.Tiles)
	r2.Elapsed = now().Sub(start)
	return r2, r.Tiles
}

// straightReading is the reading of img straightened by the tilt r's
// tiles fit (tiltOf), its tiles brought back to the photo's pixels (those
// whose centre falls outside the photo dropped), and all its tiles as
// the straightened picture read them (what tiltStands weighs); nil where
// the photo is not looked at again.
func straightReading(img image.Image, opt Options, r *Reading) (*Reading, []Tile) {
	b := img.Bounds()
	if b.Min != (image.Point{}) {
		// The tiles in the image's coordinates, the fit and the warp
		// in the picture's: a sub-image is not looked at again.
		return nil, nil
	}
	hm, size, ok := tiltOf(r.Tiles, b.Dx(), b.Dy(), opt.runs(stepTiltPartial))
	if !ok {
		return nil, nil
	}
	return readStraightened(img, opt, r, hm, size)
}

// readStraightened is straightReading's reading of img seen through hm
// (a picture of the given size).
func readStraightened(img image.Image, opt Options, r *Reading, hm homog, size image.Point) (*Reading, []Tile) {
	b := img.Bounds()
	straight, err := warped(opt.rgbOf(img), hm, size)
	if err != nil {
		return nil, nil
	}
	o := opt
	o.photo, o.noTilt = nil, true
	if r.table {
		// No board or print in the photo: none is looked for in the
		// straightened picture either (the board's quick and slow
		// finders and the print's lattice, which a table pays for
		// twice otherwise); the search that follows is the same.
		o.OnBoard = false
	}
	if opt.trace != nil && opt.trace.verify != nil {
		back := homog(vision.Homography(hm).Inverse())
		o = o.verifyCarried(func(t Tile) Tile {
			t.Center = back.apply(t.Center)
			return t
		}, false)
	}
	r2, err := Scan(straight, o)
	if err != nil || r2 == nil {
		return nil, nil
	}
	// Whether the photo is a table's is the photo as taken's say (its
	// straightened picture may be scanned without the board route):
	// rimLook asks.
	r2.table = r.table
	all := append([]Tile(nil), r2.Tiles...)
	back := homog(vision.Homography(hm).Inverse())
	if len(r2.Tiles) > 0 {
		// The columns' axis where the tiles are, carried back.
		var c Point
		for _, t := range r2.Tiles {
			c.X += t.Center.X / float64(len(r2.Tiles))
			c.Y += t.Center.Y / float64(len(r2.Tiles))
		}
		o := r2.Orientation * math.Pi / 180
		a, d := back.apply(c), back.apply(Point{c.X + 10*math.Cos(o), c.Y - 10*math.Sin(o)})
		r2.Orientation = normDeg(math.Atan2(-(d.Y-a.Y), d.X-a.X) * 180 / math.Pi)
	}
	kept := r2.Tiles[:0]
	for _, t := range r2.Tiles {
		for j, p := range t.Corners {
			t.Corners[j] = back.apply(p)
		}
		t.Center = back.apply(t.Center)
		t.glyph = back.apply(t.glyph)
		if !image.Pt(int(math.Floor(t.Center.X)), int(math.Floor(t.Center.Y))).In(b) {
			continue
		}
		t.Side = meanSide(t.Corners)
		t.Angle = normDeg(outlineAngle(t.Corners))
		t.straight = true
		kept = append(kept, t)
	}
	r2.Tiles = kept
	if len(kept) > 0 {
		var sides []float64
		for _, t := range kept {
			sides = append(sides, t.Side)
		}
		r2.Pitch = median(sides)
	}
	return r2, all
}

// tiltMerge adds to the standing reading's tiles the other reading's
// tiles read at tiltMergeConf or surer where the standing reading has
// none: neither centre
// in the other's quad, nor the two centres under 0.6 of the smaller
// side apart. The added tiles lie on no lattice of the standing
// reading (Row and Col -1).
func tiltMerge(stand, other []Tile) []Tile {
	n := len(stand)
	for _, u := range other {
		if u.Conf < tiltMergeConf || u.Letter == "" || u.Letter == "?" {
			continue
		}
		covered := false
		for _, t := range stand[:n] {
			if insidePolygon(t.Corners[:], u.Center) || insidePolygon(u.Corners[:], t.Center) || dist(t.Center, u.Center) < 0.6*math.Min(t.Side, u.Side) {
				covered = true
				break
			}
		}
		if !covered {
			u.Row, u.Col = -1, -1
			u.tiltAdded = true
			stand = append(stand, u)
		}
	}
	return stand
}

// tiltLetters gives each tile of the final reading the letter the look
// that did not stand (other, tiltLook's) read on the same tile, where
// that look reads another letter at tiltLetterConf or surer and at
// least tiltLetterMargin surer than the tile's own: the two looks see a
// tile at different scales and slants, and a letter one reads unsure
// the other often reads sure. The same tile is other's nearest tile
// whose centre lies in the tile's quad within half its side, the tile
// itself the nearest of the reading's to it (a second quad beside a
// tile, over part of it, takes no letter of that tile). The tile
// keeps its place (its quad, row and column) and is not said sure
// (its confidence the two looks' mean, under SureConf: on the tuning
// sets two letters taken sure were on second quads over a tile, false
// tiles read sure); tiles tiltMerge added
// (read by that look already), blanks and unread tiles are left.
func tiltLetters(tiles, other []Tile) {
	for i := range tiles {
		t := &tiles[i]
		if t.tiltAdded || t.Blank || t.Letter == "" {
			continue
		}
		best := sameTile(tiles, i, other)
		if best < 0 {
			continue
		}
		o := other[best]
		if o.Letter != t.Letter && o.Conf >= tiltLetterConf && o.Conf-t.Conf >= tiltLetterMargin {
			debugf("tilt: %s %.2f read %s %.2f by the other look at (%.0f, %.0f)", t.Letter, t.Conf, o.Letter, o.Conf, t.Center.X, t.Center.Y)
			// The looks disagree: the letter is the surer look's, never
			// said sure (a quad that is no tile, or a second quad over a
			// tile, takes a letter too).
			t.Letter, t.Conf = o.Letter, math.Min((t.Conf+o.Conf)/2, math.Nextafter(SureConf, 0))
		}
	}
}

// sameTile is the index in other of the tile that is tiles[i] seen by
// another look (-1 where there is none): other's nearest lettered tile
// whose centre lies in tiles[i]'s quad within half its side, tiles[i]
// the nearest of tiles to it (a second quad beside a tile, over part of
// it, is not that tile). tiltLetters and rimLetters use it.
func sameTile(tiles []Tile, i int, other []Tile) int {
	t := tiles[i]
	best, bd := -1, 0.5*t.Side
	for j, o := range other {
		if o.Blank || o.Letter == "" || o.Letter == "?" || !insidePolygon(t.Corners[:], o.Center) {
			continue
		}
		if d := dist(o.Center, t.Center); d <= bd {
			best, bd = j, d
		}
	}
	if best < 0 || !nearestTo(tiles, i, other[best].Center) {
		return -1
	}
	return best
}

// nearestTo says whether tiles[i]'s centre is the nearest of tiles'
// centres to p.
func nearestTo(tiles []Tile, i int, p Point) bool {
	d := dist(tiles[i].Center, p)
	for j, t := range tiles {
		if j != i && dist(t.Center, p) < d {
			return false
		}
	}
	return true
}
