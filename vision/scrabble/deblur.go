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
type greyPlane struct {
	x0, y0, w, h int
	v            []float64
}

// boardPlane is the photo's grey over the board's bounding box, widened
// by pad pixels every side, clipped to the photo.
func boardPlane(f *frame, pad int) greyPlane {
	return gridPlane(f, 0, 0, Size, Size, pad)
}

// gridPlane is the photo's grey over the bounding box of the
// picture-order grid's part from square (r0, c0) to (r1, c1), exclusive,
// widened by pad pixels every side, clipped to the photo.
func gridPlane(f *frame, r0, c0, r1, c1 int, pad int) greyPlane {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, pt := range [4][2]int{{c0, r0}, {c1, r0}, {c1, r1}, {c0, r1}} {
		q := f.at(float64(pt[0]), float64(pt[1]))
		x0, y0 = math.Min(x0, q.X), math.Min(y0, q.Y)
		x1, y1 = math.Max(x1, q.X), math.Max(y1, q.Y)
	}
	g := greyPlane{x0: max(0, int(x0)-pad), y0: max(0, int(y0)-pad)}
	g.w = min(f.p.W, int(x1)+pad+1) - g.x0
	g.h = min(f.p.H, int(y1)+pad+1) - g.y0
	if g.w <= 0 || g.h <= 0 {
		return greyPlane{}
	}
	g.v = make([]float64, g.w*g.h)
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			r, gg, b := f.p.pixel(g.x0+x, g.y0+y)
			g.v[y*g.w+x] = 0.299*r + 0.587*gg + 0.114*b
		}
	}
	return g
}

// at is the plane's bilinear value at (x, y) of its own pixels, the
// nearest edge pixel's outside.
func (g *greyPlane) at(x, y float64) float64 {
	x = min(max(x, 0), float64(g.w-1))
	y = min(max(y, 0), float64(g.h-1))
	xi, yi := int(x), int(y)
	x1, y1 := min(xi+1, g.w-1), min(yi+1, g.h-1)
	fx, fy := x-float64(xi), y-float64(yi)
	return g.v[yi*g.w+xi]*(1-fx)*(1-fy) + g.v[yi*g.w+x1]*fx*(1-fy) +
		g.v[y1*g.w+xi]*(1-fx)*fy + g.v[y1*g.w+x1]*fx*fy
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
	for y := 1; y < g.h-1; y++ {
		for x := 1; x < g.w-1; x++ {
			i := y*g.w + x
			gx := (g.v[i+1] - g.v[i-1]) / 2
			gy := (g.v[i+g.w] - g.v[i-g.w]) / 2
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
	for y := 0; y < h.h; y++ {
		for x := 0; x < h.w; x++ {
			i := 2*y*g.w + 2*x
			h.v[y*h.w+x] = (g.v[i] + g.v[i+1] + g.v[i+g.w] + g.v[i+g.w+1]) / 4
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
	// the derivative along angle, over the whole plane
	d := greyPlane{w: g.w, h: g.h, v: make([]float64, len(g.v))}
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			fx, fy := float64(x), float64(y)
			d.v[y*g.w+x] = g.at(fx+ux/2, fy+uy/2) - g.at(fx-ux/2, fy-uy/2)
		}
	}
	m := hi + 2
	const step = 3
	var r0 float64
	for y := m; y < g.h-m; y += step {
		for x := m; x < g.w-m; x += step {
			v := d.v[y*g.w+x]
			r0 += v * v
		}
	}
	if r0 == 0 {
		return 0, 0
	}
	best, bestLag := 0.0, 0
	var rs []float64
	for lag := lo; lag <= hi; lag++ {
		ox, oy := float64(lag)*ux, float64(lag)*uy
		var r float64
		for y := m; y < g.h-m; y += step {
			for x := m; x < g.w-m; x += step {
				r += d.v[y*g.w+x] * d.at(float64(x)+ox, float64(y)+oy)
			}
		}
		rs = append(rs, r/r0)
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

// convolveTaps sets out to p (w x h) convolved with the taps (out(x) =
// sum of w * p(x + offset)), the edges repeated.
func convolveTaps(p, out []float64, w, h int, taps []tap) {
	clear(out)
	for _, t := range taps {
		lo, hi := min(w, max(0, -t.dx)), max(0, min(w, w-t.dx))
		for y := 0; y < h; y++ {
			yy := min(h-1, max(0, y+t.dy))
			src, acc := p[yy*w:(yy+1)*w], out[y*w:(y+1)*w]
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
	}
}

// deconvolveSmear is the plane sharpened by iters steps of
// Richardson-Lucy deconvolution of the smear s.
func deconvolveSmear(g *greyPlane, s smear, iters int) greyPlane {
	taps := smearTaps(s.length, s.angle)
	flip := make([]tap, len(taps))
	for i, t := range taps {
		flip[i] = tap{-t.dx, -t.dy, t.w}
	}
	n := len(g.v)
	obs := make([]float64, n)
	for i, v := range g.v {
		obs[i] = v + 1
	}
	est := append([]float64(nil), obs...)
	deconv.RichardsonLucy(obs, est, make([]float64, n), make([]float64, n), iters,
		func(src, dst []float64) { convolveTaps(src, dst, g.w, g.h, taps) },
		func(src, dst []float64) { convolveTaps(src, dst, g.w, g.h, flip) })
	out := *g
	out.v = est
	for i := range est {
		est[i] = math.Max(0, math.Min(255, est[i]-1))
	}
	return out
}

// deblurredFrame is f with its picture replaced by the deconvolved
// plane (grey) over the plane's rectangle; the photo elsewhere is black
// (no crop of the board reaches there).
func deblurredFrame(f *frame, d greyPlane) *frame {
	m := image.NewRGBA(image.Rect(0, 0, f.p.W, f.p.H))
	for y := 0; y < d.h; y++ {
		row := m.Pix[(d.y0+y)*m.Stride+4*d.x0:]
		for x := 0; x < d.w; x++ {
			u := uint8(d.v[y*d.w+x] + 0.5)
			row[4*x], row[4*x+1], row[4*x+2], row[4*x+3] = u, u, u, 255
		}
	}
	fd := *f
	fd.p = toPicture(m)
	return &fd
}

// secondLook reads the tiles of a blurred board again from the board
// deconvolved (the smear estimated over it): at[i] is tile i's square in
// the picture's order (-1, -1: not read again), again[i] its reading,
// which the second look's replaces where it is more sure. A board whose
// gradients are about as strong every way (defocus is round: anisotropy
// over smearRound) or whose smear is not found is left as read.
func secondLook(f *frame, reader TileReader, at [][2]int, again []ocr.Reading, size int, oriented bool) {
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
	g := boardPlane(f, maxSmear)
	s, ok := estimateSmear(&g)
	if !ok || s.anisotropy > smearRound {
		return
	}
	g = gridPlane(f, max(0, r0-1), max(0, c0-1), min(Size, r1+1), min(Size, c1+1), int(s.length))
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
