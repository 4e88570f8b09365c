package scrabble

import (
	"image"
	"image/draw"
	"math"

	"gocv.io/x/gocv"

	"github.com/tilescope/tilescope/ocr"
)

// Motion blur (issue 16): a photo taken hand-held smears every edge along
// the way the camera moved. Where the tiles' letters are blurred
// (Reading.Blurred), the board's part of the photo is deconvolved with a
// straight motion of the direction and length the photo itself shows
// (motionOf), by a few Richardson-Lucy steps (or a Wiener filter), and the letters are read again on it.
// A sharp photo never comes here: the gate is the tiles' median edge
// spread, taken before any of this.

const (
	// minMotion and maxMotion bound the motion's length in pixels that
	// is looked for: shorter smears are defocus as much as motion, and
	// the reader copes with them; longer ones leave too little to undo.
	minMotion = 3
	maxMotion = 40
	// motionDip is how deep (a share of the directional derivative's
	// energy) its autocorrelation must dip at the motion's length for
	// the motion to be taken as found.
	motionDip = 0.08
	// motionTurns directions either side of the structure tensor's,
	// motionTurn apart, are tried for the motion's length (0: the
	// tensor's alone, as measured).
	motionTurns = 0
	motionTurn  = math.Pi / 72
	// motionAniso: a motion blur weakens the edges along its direction;
	// the weakest direction's edge energy must be under this share of
	// the strongest's (defocus is round: refused).
	motionAniso = 0.6
	// rlIters Richardson-Lucy steps deconvolve the board; 0 takes the
	// Wiener filter instead (wienerNoise its noise-to-signal ratio).
	rlIters     = 10
	wienerNoise = 0.01
)

// debugDeblur, when set (tests, tools), sees the motion found and the
// deblurred region.
var debugDeblur = func(theta, length, dip float64, region *image.RGBA) {}

// debugMotion, when set, replaces the motion found (direction, length).
var debugMotion = func(t, l float64) (float64, float64) { return t, l }

// debugLags, when set, sees each direction tried and its
// autocorrelation by lag.
var debugLags = func(theta, aniso float64, rs []float64) {}

// deblurFrame returns a copy of f whose picture is, over the board (and a
// square around it), deconvolved for the motion blur the photo shows;
// ok is false when no straight motion is found (f is then unchanged).
func deblurFrame(f *frame) (*frame, bool) {
	box := f.boardBox()
	if box.Dx() < 32 || box.Dy() < 32 {
		return f, false
	}
	// The region in RGB, as float planes.
	w, h := box.Dx(), box.Dy()
	planes := [3][]float32{make([]float32, w*h), make([]float32, w*h), make([]float32, w*h)}
	grey := make([]float32, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			r, g, b := f.p.pixel(box.Min.X+x, box.Min.Y+y)
			i := y*w + x
			planes[0][i], planes[1][i], planes[2][i] = float32(r), float32(g), float32(b)
			grey[i] = float32(0.299*r + 0.587*g + 0.114*b)
		}
	}
	theta, length, dip := motionOf(grey, w, h)
	theta, length = debugMotion(theta, length)
	if length == 0 {
		debugDeblur(theta, 0, dip, nil)
		return f, false
	}
	out := image.NewRGBA(image.Rect(0, 0, f.p.W, f.p.H))
	if f.p.ycc != nil {
		draw.Draw(out, out.Rect, f.p.ycc, f.p.minPt, draw.Src)
	} else {
		draw.Draw(out, out.Rect, f.p.rgba, f.p.minPt, draw.Src)
	}
	pad := int(math.Ceil(length)) + 8
	for ch := 0; ch < 3; ch++ {
		var res []float32
		if rlIters > 0 {
			res = richardsonLucy(planes[ch], w, h, theta, length, rlIters)
		} else {
			res = wiener(planes[ch], w, h, pad, theta, length)
		}
		for y := 0; y < h; y++ {
			row := out.Pix[(box.Min.Y+y)*out.Stride+4*box.Min.X:]
			for x := 0; x < w; x++ {
				row[4*x+ch] = uint8(min(255, max(0, res[y*w+x]+0.5)))
			}
		}
	}
	debugDeblur(theta, length, dip, out.SubImage(box).(*image.RGBA))
	g := *f
	g.p = picture{rgba: out, W: f.p.W, H: f.p.H}
	return &g, true
}

// boardBox is the picture's rectangle that holds the board's squares
// and a square around them.
func (f *frame) boardBox() image.Rectangle {
	x0, y0 := math.Inf(1), math.Inf(1)
	x1, y1 := math.Inf(-1), math.Inf(-1)
	for _, q := range [4][2]float64{{-1, -1}, {Size + 1, -1}, {Size + 1, Size + 1}, {-1, Size + 1}} {
		p := f.at(q[0], q[1])
		x0, y0 = min(x0, p.X), min(y0, p.Y)
		x1, y1 = max(x1, p.X), max(y1, p.Y)
	}
	r := image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1)), int(math.Ceil(y1)))
	return r.Intersect(image.Rect(0, 0, f.p.W, f.p.H))
}

// motionOf finds a straight motion blur in the grey plane g (w x h): its
// direction theta (radians, in the picture's pixels, 0..pi) and length
// in pixels, 0 when none is found. A motion of length L averages each
// point with those up to L along its direction, so the image's
// derivative along that direction is the difference of two copies L
// apart: its autocorrelation along the direction dips below zero at L
// (and nowhere near so deep across it). Every direction of 16 is tried,
// and the deepest dip wins; dip is its depth (a share of the derivative's
// energy).
func motionOf(g []float32, w, h int) (theta, length, dip float64) {
	// Halved: the region is large, and the dip is wide.
	const s = 2
	hw, hh := w/s, h/s
	half := make([]float32, hw*hh)
	for y := 0; y < hh; y++ {
		for x := 0; x < hw; x++ {
			var v float32
			for dy := 0; dy < s; dy++ {
				for dx := 0; dx < s; dx++ {
					v += g[(y*s+dy)*w+x*s+dx]
				}
			}
			half[y*hw+x] = v / (s * s)
		}
	}
	gx := make([]float32, hw*hh)
	gy := make([]float32, hw*hh)
	for y := 1; y < hh-1; y++ {
		for x := 1; x < hw-1; x++ {
			i := y*hw + x
			gx[i] = (half[i+1] - half[i-1]) / 2
			gy[i] = (half[i+hw] - half[i-hw]) / 2
		}
	}
	// The direction: the one along which the edges are weakest (the
	// structure tensor's smaller axis). The board's lines run both
	// ways, so on a sharp board no direction is much weaker.
	var sxx, syy, sxy float64
	for i := range gx {
		x, y := float64(gx[i]), float64(gy[i])
		sxx += x * x
		syy += y * y
		sxy += x * y
	}
	best := 0.0
	tr, det := sxx+syy, sxx*syy-sxy*sxy
	disc := math.Sqrt(max(0, tr*tr/4-det))
	lmin, lmax := tr/2-disc, tr/2+disc
	if lmax <= 0 || lmin > motionAniso*lmax {
		debugLags(0, lmin/lmax, nil)
		return 0, 0, 0
	}
	// The eigenvector of lmin.
	theta = math.Atan2(lmin-sxx, sxy)
	if sxy == 0 {
		theta = 0
		if syy < sxx {
			theta = math.Pi / 2
		}
	}
	theta = math.Mod(theta+math.Pi, math.Pi)
	// The length: along the direction, and along others near it (the
	// board's own lines pull the tensor's axis a little), the deepest
	// dip wins.
	maxLag := maxMotion / s
	m := maxLag + 2
	d := make([]float32, hw*hh)
	rs := make([]float64, 2*maxLag+1)
	t0 := theta
	for k := -motionTurns; k <= motionTurns; k++ {
		th := t0 + float64(k)*motionTurn
		c, sn := float32(math.Cos(th)), float32(math.Sin(th))
		for i := range d {
			d[i] = c*gx[i] + sn*gy[i]
		}
		var e0 float64
		for y := m; y < hh-m; y += 2 {
			for x := m; x < hw-m; x += 2 {
				v := float64(d[y*hw+x])
				e0 += v * v
			}
		}
		if e0 == 0 {
			continue
		}
		// Autocorrelation at half-pixel lags (of the halved plane); the
		// first local minimum below zero is the motion's length.
		for l2 := 1; l2 <= 2*maxLag; l2++ {
			lag := float64(l2) / 2
			rs[l2] = autocorr(d, hw, hh, m, lag*float64(c), lag*float64(sn)) / e0
		}
		for l2 := 2; l2 < 2*maxLag; l2++ {
			if rs[l2] < 0 && rs[l2] <= rs[l2-1] && rs[l2] <= rs[l2+1] {
				if lag := float64(l2) / 2 * s; lag >= minMotion && -rs[l2] > best {
					best, length, theta = -rs[l2], lag, math.Mod(th+2*math.Pi, math.Pi)
				}
				break
			}
		}
		debugLags(th, lmin/lmax, rs)
	}
	if best < motionDip {
		return theta, 0, best
	}
	return theta, length, best
}

// autocorr is the sum over a sparse lattice of d(p) d(p + (ox, oy)), the
// second bilinearly sampled; m keeps the points that far from the sides.
func autocorr(d []float32, w, h, m int, ox, oy float64) float64 {
	fx, fy := math.Floor(ox), math.Floor(oy)
	ix, iy := int(fx), int(fy)
	ax, ay := float32(ox-fx), float32(oy-fy)
	var sum float64
	for y := m; y < h-m; y += 2 {
		for x := m; x < w-m; x += 2 {
			j := (y+iy)*w + x + ix
			v := (d[j]*(1-ax)+d[j+1]*ax)*(1-ay) + (d[j+w]*(1-ax)+d[j+w+1]*ax)*ay
			sum += float64(d[y*w+x] * v)
		}
	}
	return sum
}

// wiener deconvolves plane (w x h) for a straight motion of the given
// direction and length: the plane mirrored pad pixels out on every side
// (so its sides do not ring), through gocv's DFT.
func wiener(plane []float32, w, h, pad int, theta, length float64) []float32 {
	W := gocv.GetOptimalDFTSize(w + 2*pad)
	H := gocv.GetOptimalDFTSize(h + 2*pad)
	src := gocv.NewMatWithSize(H, W, gocv.MatTypeCV32F)
	defer src.Close()
	sp, _ := src.DataPtrFloat32()
	for y := 0; y < H; y++ {
		sy := mirror(y-pad, h)
		for x := 0; x < W; x++ {
			sp[y*W+x] = plane[sy*w+mirror(x-pad, w)]
		}
	}
	psf := gocv.NewMatWithSize(H, W, gocv.MatTypeCV32F)
	defer psf.Close()
	pp, _ := psf.DataPtrFloat32()
	for i := range pp {
		pp[i] = 0
	}
	// The motion drawn as a line through the origin (wrapped), a quarter
	// pixel a step, each step spread bilinearly.
	n := int(math.Ceil(length * 4))
	c, s := math.Cos(theta), math.Sin(theta)
	var total float32
	for i := 0; i <= n; i++ {
		t := -length/2 + length*float64(i)/float64(n)
		x, y := t*c, t*s
		fx, fy := math.Floor(x), math.Floor(y)
		ax, ay := float32(x-fx), float32(y-fy)
		for _, q := range [4]struct {
			dx, dy int
			wt     float32
		}{{0, 0, (1 - ax) * (1 - ay)}, {1, 0, ax * (1 - ay)}, {0, 1, (1 - ax) * ay}, {1, 1, ax * ay}} {
			px := ((int(fx)+q.dx)%W + W) % W
			py := ((int(fy)+q.dy)%H + H) % H
			pp[py*W+px] += q.wt
			total += q.wt
		}
	}
	for i := range pp {
		pp[i] /= total
	}
	hf := gocv.NewMat()
	defer hf.Close()
	gocv.DFT(psf, &hf, gocv.DftComplexOutput)
	// The filter conj(H) / (|H|^2 + K), in place.
	hp, _ := hf.DataPtrFloat32()
	for i := 0; i+1 < len(hp); i += 2 {
		re, im := hp[i], hp[i+1]
		den := re*re + im*im + float32(wienerNoise)
		hp[i], hp[i+1] = re/den, -im/den
	}
	sf := gocv.NewMat()
	defer sf.Close()
	gocv.DFT(src, &sf, gocv.DftComplexOutput)
	prod := gocv.NewMat()
	defer prod.Close()
	gocv.MulSpectrums(sf, hf, &prod, 0)
	res := gocv.NewMat()
	defer res.Close()
	gocv.DFT(prod, &res, gocv.DftInverse|gocv.DftScale|gocv.DftRealOutput)
	rp, _ := res.DataPtrFloat32()
	out := make([]float32, w*h)
	for y := 0; y < h; y++ {
		copy(out[y*w:(y+1)*w], rp[(y+pad)*W+pad:(y+pad)*W+pad+w])
	}
	return out
}

// mirror folds index i into 0..n-1, mirrored at the ends.
func mirror(i, n int) int {
	for i < 0 || i >= n {
		if i < 0 {
			i = -i - 1
		}
		if i >= n {
			i = 2*n - i - 1
		}
	}
	return i
}

// firstCrop cuts square (r, c) of the picture-order grid as the scan's
// first read cut it (the board turned by rot0), whitened, and says
// whether its edges are sharp by the reader's own test (ocr.EdgeSpread
// under ocr.BlurSpread).
func (f *frame) firstCrop(r, c, rot0, size int) (*image.RGBA, bool) {
	g := *f
	g.rot = rot0
	crop := g.crop(r, c, cropMargin, size)
	spread, err := ocr.EdgeSpread(whitenBy(crop, false))
	return whiten(crop), err == nil && spread > 0 && spread < ocr.BlurSpread
}

// richardsonLucy deconvolves plane (w x h) for a straight motion by
// iters Richardson-Lucy steps (gocv's Filter2D, the sides mirrored).
func richardsonLucy(plane []float32, w, h int, theta, length float64, iters int) []float32 {
	k := int(math.Ceil(length)) | 1
	k += 2
	kern := gocv.NewMatWithSize(k, k, gocv.MatTypeCV32F)
	defer kern.Close()
	kp, _ := kern.DataPtrFloat32()
	for i := range kp {
		kp[i] = 0
	}
	n := int(math.Ceil(length * 4))
	c, s := math.Cos(theta), math.Sin(theta)
	half := float64(k / 2)
	var total float32
	for i := 0; i <= n; i++ {
		t := -length/2 + length*float64(i)/float64(n)
		x, y := half+t*c, half+t*s
		fx, fy := math.Floor(x), math.Floor(y)
		ax, ay := float32(x-fx), float32(y-fy)
		for _, q := range [4]struct {
			dx, dy int
			wt     float32
		}{{0, 0, (1 - ax) * (1 - ay)}, {1, 0, ax * (1 - ay)}, {0, 1, (1 - ax) * ay}, {1, 1, ax * ay}} {
			px, py := int(fx)+q.dx, int(fy)+q.dy
			if px >= 0 && px < k && py >= 0 && py < k {
				kp[py*k+px] += q.wt
				total += q.wt
			}
		}
	}
	for i := range kp {
		kp[i] /= total
	}
	obs := gocv.NewMatWithSize(h, w, gocv.MatTypeCV32F)
	defer obs.Close()
	op, _ := obs.DataPtrFloat32()
	for i, v := range plane {
		op[i] = v + 1
	}
	u := obs.Clone()
	defer u.Close()
	est := gocv.NewMat()
	defer est.Close()
	ratio := gocv.NewMat()
	defer ratio.Close()
	back := gocv.NewMat()
	defer back.Close()
	anchor := image.Pt(-1, -1)
	for it := 0; it < iters; it++ {
		gocv.Filter2D(u, &est, -1, kern, anchor, 0, gocv.BorderReflect101)
		gocv.Divide(obs, est, &ratio)
		gocv.Filter2D(ratio, &back, -1, kern, anchor, 0, gocv.BorderReflect101)
		gocv.Multiply(u, back, &u)
	}
	up, _ := u.DataPtrFloat32()
	out := make([]float32, w*h)
	for i := range out {
		out[i] = up[i] - 1
	}
	return out
}
