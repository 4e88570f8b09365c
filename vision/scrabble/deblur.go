package scrabble

import (
	"image"
	"math"

	"github.com/tilescope/tilescope/internal/parallel"
	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/vision/internal/deconv"
)

// A second look at a motion-blurred board: the smear's direction and
// length are estimated from the board's own part of the photo, that part
// is deconvolved (Richardson-Lucy, the smear a straight line), and the
// tiles are read again from it (docs/scrabble-vision.md, "A second look
// at a motion-blurred board").

// smear is a straight motion blur: its direction in the photo (radians,
// x towards y) and its length in pixels.
type smear struct {
	angle, length float64
	// anisotropy is the gradients' weaker axis's energy over the
	// stronger's (1 round, as defocus; 0 all along one line).
	anisotropy float64
}

// greyPlane is a rectangle of the photo in grey (luma, float), pixel
// (x, y) of it at v[y*w+x], its top-left pixel at (x0, y0) of the photo.
// A plane whose v is nil is worked out from the photo (pic) a row at a
// time as it is read (rows): the board's whole plane, looked at only in
// passes down its rows, is never held at once.
type greyPlane struct {
	x0, y0, w, h int
	v            []float64
	pic          *picture
}

// boardPlane is the photo's grey over the board's bounding box, widened
// by pad pixels every side, clipped to the photo, worked out as it is
// read.
func boardPlane(f *frame, pad int) greyPlane {
	return planeOver(f, 0, 0, Size, Size, pad)
}

// gridPlane is the photo's grey over the bounding box of the
// picture-order grid's part from square (r0, c0) to (r1, c1), exclusive,
// widened by pad pixels every side, clipped to the photo, held in v (pic
// kept: deconvolveSmear reads the photo's rows again).
func gridPlane(f *frame, r0, c0, r1, c1 int, pad int) greyPlane {
	g := planeOver(f, r0, c0, r1, c1, pad)
	if g.w <= 0 || g.h <= 0 {
		return greyPlane{}
	}
	g.v = make([]float64, g.w*g.h)
	for y := 0; y < g.h; y++ {
		g.lumaRow(y, g.v[y*g.w:(y+1)*g.w])
	}
	return g
}

// planeOver is gridPlane's rectangle, its values left to the photo.
func planeOver(f *frame, r0, c0, r1, c1 int, pad int) greyPlane {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, pt := range [4][2]int{{c0, r0}, {c1, r0}, {c1, r1}, {c0, r1}} {
		q := f.at(float64(pt[0]), float64(pt[1]))
		x0, y0 = math.Min(x0, q.X), math.Min(y0, q.Y)
		x1, y1 = math.Max(x1, q.X), math.Max(y1, q.Y)
	}
	g := greyPlane{x0: max(0, int(x0)-pad), y0: max(0, int(y0)-pad), pic: &f.p}
	g.w = min(f.p.W, int(x1)+pad+1) - g.x0
	g.h = min(f.p.H, int(y1)+pad+1) - g.y0
	if g.w <= 0 || g.h <= 0 {
		return greyPlane{}
	}
	return g
}

// lumaRow sets dst to the photo's grey along the plane's row y.
func (g *greyPlane) lumaRow(y int, dst []float64) {
	for x := range dst[:g.w] {
		r, gg, b := g.pic.pixel(g.x0+x, g.y0+y)
		dst[x] = 0.299*r + 0.587*gg + 0.114*b
	}
}

// rows reads the plane's rows in order down it, n of them held at once
// (where v is nil; a plane in v is read in place).
func (g *greyPlane) rows(n int) *planeRows {
	if g.v != nil {
		return &planeRows{w: g.w, v: g.v}
	}
	return newPlaneRows(g.w, n, g.lumaRow)
}

// planeRows is a plane's rows: v's, or each worked out once by fill, in
// order, the last len(slots) of them held (row y in slot y % len(slots)).
type planeRows struct {
	w     int
	v     []float64
	slots [][]float64
	next  int
	fill  func(y int, dst []float64)
}

func newPlaneRows(w, n int, fill func(y int, dst []float64)) *planeRows {
	p := &planeRows{w: w, slots: make([][]float64, n), fill: fill}
	buf := make([]float64, n*w)
	for i := range p.slots {
		p.slots[i] = buf[i*w : (i+1)*w : (i+1)*w]
	}
	return p
}

// row is row y; rows are asked for so that none older than the last
// len(slots) worked out is asked again.
func (p *planeRows) row(y int) []float64 {
	if p.v != nil {
		return p.v[y*p.w : (y+1)*p.w]
	}
	for ; p.next <= y; p.next++ {
		p.fill(p.next, p.slots[p.next%len(p.slots)])
	}
	return p.slots[y%len(p.slots)]
}

// rowsAt are the two rows a bilinear sample at height y of a plane h
// rows high reads, and its weight between them (the nearest edge row's
// outside the plane).
func rowsAt(p *planeRows, h int, y float64) (r0, r1 []float64, fy float64) {
	y = min(max(y, 0), float64(h-1))
	yi := int(y)
	return p.row(yi), p.row(min(yi+1, h-1)), y - float64(yi)
}

// lerpRows is the bilinear value at x between rows r0 and r1 (w long,
// fy of the way from r0 to r1), the nearest edge pixel's outside.
func lerpRows(r0, r1 []float64, w int, x, fy float64) float64 {
	x = min(max(x, 0), float64(w-1))
	xi := int(x)
	x1 := min(xi+1, w-1)
	fx := x - float64(xi)
	return r0[xi]*(1-fx)*(1-fy) + r0[x1]*fx*(1-fy) +
		r1[xi]*(1-fx)*fy + r1[x1]*fx*fy
}

// Smears shorter or longer than these (pixels) are not estimated.
const (
	minSmear = 8
	maxSmear = 48
)

// estimateSmear finds the plane's motion blur: its direction is near
// the gradients' weaker axis (the structure tensor's smaller
// eigenvector: a smear wipes out the changes along it), its length the
// lag at which the derivative along that direction is unlike itself (a
// line's smear differentiated is the sharp picture minus itself moved
// by the length: its autocorrelation dips there; smearDip). ok is false
// where no dip is found.
func estimateSmear(g *greyPlane) (s smear, ok bool) {
	if g.w < 3*maxSmear || g.h < 3*maxSmear {
		return s, false
	}
	var jxx, jxy, jyy float64
	rs := g.rows(3)
	for y := 1; y < g.h-1; y++ {
		up, mid, down := rs.row(y-1), rs.row(y), rs.row(y+1)
		for x := 1; x < g.w-1; x++ {
			gx := (mid[x+1] - mid[x-1]) / 2
			gy := (down[x] - up[x]) / 2
			jxx += gx * gx
			jxy += gx * gy
			jyy += gy * gy
		}
	}
	// eigenvalues of [[jxx jxy] [jxy jyy]]
	tr, det := jxx+jyy, jxx*jyy-jxy*jxy
	disc := math.Sqrt(math.Max(0, tr*tr/4-det))
	hi, lo := tr/2+disc, tr/2-disc
	if hi <= 0 {
		return s, false
	}
	s.anisotropy = lo / hi
	// the stronger axis's direction; the smear is across it
	strong := 0.5 * math.Atan2(2*jxy, jxx-jyy)
	s.angle = strong + math.Pi/2
	// The tensor's axis leans towards the board's own lines: the
	// direction is settled by the deepest dip of the derivative's
	// autocorrelation within smearSearch of it.
	// (On the plane at half its size, the length then found again at
	// full size along the direction chosen.)
	half := g.halved()
	bestDip, tensor := 0.0, s.angle
	for k := -smearSearchSteps; k <= smearSearchSteps; k++ {
		a := tensor + float64(k)*smearSearch/smearSearchSteps
		dip, lag := smearDip(&half, a, minSmear/2, maxSmear/2)
		if lag > 0 && dip < bestDip {
			bestDip, s.angle = dip, a
		}
	}
	if bestDip >= 0 {
		return s, false
	}
	dip, lag := smearDip(g, s.angle, minSmear, maxSmear)
	s.length = float64(lag)
	return s, lag > 0 && dip < 0
}

// halved is the plane at half its size, each pixel the mean of four.
func (g *greyPlane) halved() greyPlane {
	h := greyPlane{w: g.w / 2, h: g.h / 2}
	h.v = make([]float64, h.w*h.h)
	rs := g.rows(2)
	for y := 0; y < h.h; y++ {
		a, b := rs.row(2*y), rs.row(2*y+1)
		for x := 0; x < h.w; x++ {
			h.v[y*h.w+x] = (a[2*x] + a[2*x+1] + b[2*x] + b[2*x+1]) / 4
		}
	}
	return h
}

// The smear's direction is looked for within smearSearch radians of the
// structure tensor's, in smearSearchSteps steps either way.
const (
	smearSearch      = 24 * math.Pi / 180
	smearSearchSteps = 8
)

// smearDip is the smear's dip in the autocorrelation (over its value at
// lag 0) of the plane's derivative along angle, at lags from lo to hi
// pixels (the first dip reaching firstDip of the deepest), and that
// lag (0 where it is nowhere below 0).
func smearDip(g *greyPlane, angle float64, lo, hi int) (float64, int) {
	ux, uy := math.Cos(angle), math.Sin(angle)
	// the derivative along angle, a row at a time: the sums below reach
	// hi+1 rows either side of the row they sample
	src := g.rows(4)
	d := newPlaneRows(g.w, 2*hi+4, func(y int, dst []float64) {
		fy := float64(y)
		a0, a1, ay := rowsAt(src, g.h, fy+uy/2)
		b0, b1, by := rowsAt(src, g.h, fy-uy/2)
		for x := range dst {
			fx := float64(x)
			dst[x] = lerpRows(a0, a1, g.w, fx+ux/2, ay) - lerpRows(b0, b1, g.w, fx-ux/2, by)
		}
	})
	m := hi + 2
	const step = 3
	// r0 and each lag's sum, taken row by row in the order of a sum
	// over the whole plane
	var r0 float64
	sums := make([]float64, hi-lo+1)
	for y := m; y < g.h-m; y += step {
		dy := d.row(y)
		for x := m; x < g.w-m; x += step {
			v := dy[x]
			r0 += v * v
		}
		for i := range sums {
			lag := lo + i
			ox, oy := float64(lag)*ux, float64(lag)*uy
			e0, e1, ey := rowsAt(d, g.h, float64(y)+oy)
			r := sums[i]
			for x := m; x < g.w-m; x += step {
				r += dy[x] * lerpRows(e0, e1, g.w, float64(x)+ox, ey)
			}
			sums[i] = r
		}
	}
	if r0 == 0 {
		return 0, 0
	}
	best, bestLag := 0.0, 0
	rs := make([]float64, len(sums))
	for i, r := range sums {
		rs[i] = r / r0
	}
	for i, r := range rs {
		if r < best {
			best, bestLag = r, lo+i
		}
	}
	// The first local dip at least firstDip of the deepest: the board's
	// own lattice (its squares' pitch) dips further out.
	for i := 1; i+1 < len(rs); i++ {
		if rs[i] <= rs[i-1] && rs[i] <= rs[i+1] && rs[i] <= firstDip*best {
			return rs[i], lo + i
		}
	}
	return best, bestLag
}

// firstDip: the smear's length is the first dip of the derivative's
// autocorrelation that reaches this share of the deepest (tuned on the
// renders with a 16 px shake, seed 99070: tiles read 122 (the deepest
// dip) -> 127 of 523; the smeared photos' smears found the same).
const firstDip = 0.3

// tap is one weight of a kernel at a whole-pixel offset.
type tap struct {
	dx, dy int
	w      float64
}

// smearTaps is a straight smear of length px at angle (radians) as a
// kernel: points along the line a pixel apart, each spread over its four
// pixels (bilinear), the weights summing to 1.
func smearTaps(px, angle float64) []tap {
	n := int(math.Ceil(px)) + 1
	c, s := math.Cos(angle), math.Sin(angle)
	acc := map[[2]int]float64{}
	for i := 0; i < n; i++ {
		t := (float64(i)/float64(n-1) - 0.5) * px
		x, y := t*c, t*s
		fx, fy := math.Floor(x), math.Floor(y)
		ax, ay := x-fx, y-fy
		ix, iy := int(fx), int(fy)
		acc[[2]int{ix, iy}] += (1 - ax) * (1 - ay)
		acc[[2]int{ix + 1, iy}] += ax * (1 - ay)
		acc[[2]int{ix, iy + 1}] += (1 - ax) * ay
		acc[[2]int{ix + 1, iy + 1}] += ax * ay
	}
	var taps []tap
	var sum float64
	for dy := -n; dy <= n; dy++ {
		for dx := -n; dx <= n; dx++ {
			if w := acc[[2]int{dx, dy}]; w > 1e-9 {
				taps = append(taps, tap{dx, dy, w})
				sum += w
			}
		}
	}
	for i := range taps {
		taps[i].w /= sum
	}
	return taps
}

// tapsRow is the taps' convolution as a deconv.RowBlur: dst is row y
// of a plane convolved with them (dst(x) = the sum of w * row(y +
// dy)(x + dx), the edges repeated), each tap's products added in the
// taps' order.
func tapsRow(taps []tap) deconv.RowBlur {
	return func(y int, row func(int) []float64, dst []float64) {
		clear(dst)
		for _, t := range taps {
			addTap(dst, row(y+t.dy), t)
		}
	}
}

// tapsReach is the rows a row's convolution with the taps reads, from
// y+lo to y+hi.
func tapsReach(taps []tap) (lo, hi int) {
	lo, hi = taps[0].dy, taps[0].dy
	for _, t := range taps {
		lo, hi = min(lo, t.dy), max(hi, t.dy)
	}
	return lo, hi
}

// addTap adds the tap's weight times the row src moved by its dx (the
// edges repeated) to the row acc.
func addTap(acc, src []float64, t tap) {
	w := len(acc)
	lo, hi := min(w, max(0, -t.dx)), max(0, min(w, w-t.dx))
	first, last := src[0], src[w-1]
	for x := range acc[:lo] {
		acc[x] += t.w * first
	}
	if lo < hi {
		deconv.AddScaled(acc[lo:hi], src[lo+t.dx:hi+t.dx], t.w)
	}
	for x := range acc[hi:] {
		acc[hi+x] += t.w * last
	}
}

// deconvolveSmear is the plane sharpened by iters steps of
// Richardson-Lucy deconvolution of the smear s, taken down the plane's
// rows (deconv.RichardsonLucyDown: the estimate is the one plane held).
// g's values are used up (the estimate starts in their place). A plane
// of the photo (g.pic set) has its observed values read again from the
// photo a row at a time as each step needs them, the same bits as held;
// a plane of no photo keeps a copy.
func deconvolveSmear(g *greyPlane, s smear, iters int) greyPlane {
	taps := smearTaps(s.length, s.angle)
	flip := make([]tap, len(taps))
	for i, t := range taps {
		flip[i] = tap{-t.dx, -t.dy, t.w}
	}
	est := g.v
	for i, v := range est {
		est[i] = v + 1
	}
	obsRow := func(y int, buf []float64) []float64 {
		g.lumaRow(y, buf)
		for x, v := range buf {
			buf[x] = v + 1
		}
		return buf
	}
	if g.pic == nil {
		obs := append([]float64(nil), est...)
		obsRow = func(y int, _ []float64) []float64 { return obs[y*g.w : (y+1)*g.w] }
	}
	lo, hi := tapsReach(taps)
	deconv.RichardsonLucyDown(obsRow, g.w, g.h, est, iters, lo, hi, tapsRow(taps), tapsRow(flip))
	out := *g
	out.v = est
	out.pic = nil
	for i := range est {
		est[i] = math.Max(0, math.Min(255, est[i]-1))
	}
	return out
}

// deblurredFrame is f with its picture replaced by the deconvolved
// plane (grey, a byte a pixel) over the plane's rectangle; the photo
// elsewhere is black (no crop of the board reaches there). The picture
// keeps the photo's size and coordinates, its pixels only the plane's
// rectangle's.
func deblurredFrame(f *frame, d greyPlane) *frame {
	m := image.NewGray(image.Rect(d.x0, d.y0, d.x0+d.w, d.y0+d.h))
	for y := 0; y < d.h; y++ {
		row := m.Pix[y*m.Stride : y*m.Stride+d.w]
		for x, v := range d.v[y*d.w : (y+1)*d.w] {
			row[x] = uint8(v + 0.5)
		}
	}
	fd := *f
	fd.p = picture{grey: m, W: f.p.W, H: f.p.H, patches: &pictureMemo{}}
	return &fd
}

// boardSmear is the smear of a blurred board (estimateSmear over the
// board's part of the photo), and whether it is a shake along a line: a
// board whose gradients are about as strong every way (defocus is
// round: anisotropy over smearRound) or whose smear is not found is not.
func boardSmear(f *frame) (s smear, shaken bool) {
	g := boardPlane(f, maxSmear)
	s, ok := estimateSmear(&g)
	return s, ok && s.anisotropy <= smearRound
}

// secondLook reads the tiles of a board shaken along a line again from
// the board deconvolved (s: its smear, boardSmear): at[i] is tile i's
// square in the picture's order (-1, -1: not read again), again[i] its
// reading, which the second look's replaces where it is more sure.
func secondLook(f *frame, reader TileReader, at [][2]int, again []ocr.Reading, size int, oriented bool, s smear) {
	// Only the tiles' part of the board (a square around them: the
	// crops' margins and shifts reach into it) is deconvolved.
	r0, c0, r1, c1 := Size, Size, 0, 0
	for _, p := range at {
		if p[0] >= 0 {
			r0, c0 = min(r0, p[0]), min(c0, p[1])
			r1, c1 = max(r1, p[0]+1), max(c1, p[1]+1)
		}
	}
	if r0 >= r1 {
		return
	}
	g := gridPlane(f, max(0, r0-1), max(0, c0-1), min(Size, r1+1), min(Size, c1+1), int(s.length))
	fd := deblurredFrame(f, deconvolveSmear(&g, s, smearIters))
	// the first crops are cut in the picture's order, as the first read
	// cut them
	f0 := *fd
	f0.rot = 0
	parallel.For(len(at), func(i int) {
		r, c := at[i][0], at[i][1]
		if r < 0 {
			return
		}
		br, bc := boardPos(r, c, fd.rot)
		rd, err := readAgain(fd, reader, whiten(f0.crop(r, c, cropMargin, size)), br, bc, size, oriented)
		if err == nil && rd.Conf > again[i].Conf {
			again[i] = rd
		}
	})
}

// smearRound: a board whose gradients' weaker axis holds more than this
// share of the stronger's energy is blurred about as much every way
// (defocus, or a smear too short to matter), not along one line. (The
// smeared tuning photos: 0.12-0.49; the hard renders' blurred boards,
// defocus of 0.6-3 px with motion of 2-7 px: 0.83-0.98.)
const smearRound = 0.6

// smearIters: the Richardson-Lucy steps of the second look (tuned on
// the smeared tuning photos: 5, 10, 20, 30, 40 steps read 43, 54, 63,
// 63, 64 of their 87 tiles).
const smearIters = 20
