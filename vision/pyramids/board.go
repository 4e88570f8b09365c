package pyramids

import (
	"cmp"
	"encoding/binary"
	"image"
	"image/draw"
	"math"
	"slices"
	"sort"
	"sync/atomic"

	"gocv.io/x/gocv"

	"github.com/tilescope/tilescope/vision"

	"github.com/tilescope/tilescope/internal/parallel"
)

// liveMats counts the gocv Mats this package holds: every Mat is made by
// newMat (or counted with held) and closed by release, so a test can
// check that a scan leaves none behind.
var liveMats atomic.Int64

func newMat() gocv.Mat { return held(gocv.NewMat()) }

func held(m gocv.Mat) gocv.Mat {
	liveMats.Add(1)
	return m
}

func release(m *gocv.Mat) {
	m.Close()
	liveMats.Add(-1)
}

// valueSat is an RGB or RGBA picture's HSV value (brightness) and
// saturation, as two single-channel Mats the caller releases.
// OpenCV converts the four channels to HSV at once (the alpha left
// aside): the values of the conversion through BGR, one pass fewer
// (TestValueSatOnePass).
func valueSat(rgba gocv.Mat) (v, sat gocv.Mat) {
	hsv := newMat()
	defer release(&hsv)
	gocv.CvtColor(rgba, &hsv, gocv.ColorRGBToHSV)
	v, sat = newMat(), newMat()
	gocv.ExtractChannel(hsv, &v, 2)
	gocv.ExtractChannel(hsv, &sat, 1)
	return v, sat
}

// reduced is an RGBA picture (src) averaged down to size ws (OpenCV's
// area interpolation), as RGB, a Mat the caller releases. The alpha
// channel is dropped before the reduction: each channel is averaged on
// its own, so the colours are the bytes of the RGBA picture reduced, at
// three quarters of the work, the reduction being a tenth of a normal
// scan's (TestReducedColours).
func reduced(src gocv.Mat, ws image.Point) gocv.Mat {
	rgb := newMat()
	defer release(&rgb)
	gocv.CvtColor(src, &rgb, gocv.ColorBGRAToBGR)
	small := newMat()
	gocv.Resize(rgb, &small, ws, 0, 0, gocv.InterpolationArea)
	return small
}

// workSide is the long side, in pixels, of the reduced picture the board's
// outline is looked for in.
const workSide = 800

// picture is the photo as 8-bit RGBA in Go memory: cells and faces are
// sampled from it with sub-pixel accuracy.
type picture struct {
	*image.RGBA
	W, H int
}

func toPicture(img image.Image) picture {
	b := img.Bounds()
	m, ok := img.(*image.RGBA)
	if !ok || b.Min != (image.Point{}) || m.Stride != 4*b.Dx() {
		m = image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		// a photo (a JPEG's YCbCr) converted in bands, one a
		// processor: each pixel is converted on its own, so the bands
		// give the same bytes as one pass (TestToPictureBands); a
		// YCbCr one by ycbcrRows where it can (image/draw's bytes)
		const bands = parallel.MaxWorkers
		yc, _ := img.(*image.YCbCr)
		parallel.For(bands, func(i int) {
			r := image.Rect(0, i*b.Dy()/bands, b.Dx(), (i+1)*b.Dy()/bands)
			if yc != nil && ycbcrRows(m, yc, r.Min.Y, r.Max.Y) {
				return
			}
			draw.Draw(m.SubImage(r).(*image.RGBA), r, img, b.Min.Add(r.Min), draw.Src)
		})
	}
	return picture{RGBA: m, W: b.Dx(), H: b.Dy()}
}

// at is the bilinear colour at (x, y); outside the picture it is black
// and ok is false.
func (p picture) at(x, y float64) (c [3]float64, ok bool) {
	x -= 0.5
	y -= 0.5
	if !(x >= 0 && y >= 0 && x <= float64(p.W-1) && y <= float64(p.H-1)) {
		return c, false
	}
	x0, y0 := int(x), int(y)
	dx, dy := 4, p.Stride
	if x0 >= p.W-1 {
		dx = 0
	}
	if y0 >= p.H-1 {
		dy = 0
	}
	fx, fy := x-float64(x0), y-float64(y0)
	w00, w01, w10, w11 := (1-fx)*(1-fy), fx*(1-fy), (1-fx)*fy, fx*fy
	o := y0*p.Stride + 4*x0
	px := p.Pix[o : o+dy+dx+3 : o+dy+dx+3]
	for k := 0; k < 3; k++ {
		c[k] = byteFloat[px[k]]*w00 + byteFloat[px[k+dx]]*w01 + byteFloat[px[k+dy]]*w10 + byteFloat[px[k+dy+dx]]*w11
	}
	return c, true
}

// luma is the grey of the bilinear colour at (x, y) (0 outside the
// picture); it is at's arithmetic written out, since the outline's
// refinement samples it a hundred thousand times a scan.
func (p picture) luma(x, y float64) float64 {
	x -= 0.5
	y -= 0.5
	if !(x >= 0 && y >= 0 && x <= float64(p.W-1) && y <= float64(p.H-1)) {
		return 0
	}
	x0, y0 := int(x), int(y)
	dx, dy := 4, p.Stride
	if x0 >= p.W-1 {
		dx = 0
	}
	if y0 >= p.H-1 {
		dy = 0
	}
	fx, fy := x-float64(x0), y-float64(y0)
	w00, w01, w10, w11 := (1-fx)*(1-fy), fx*(1-fy), (1-fx)*fy, fx*fy
	o := y0*p.Stride + 4*x0
	a := p.Pix[o : o+3 : o+3]
	b := p.Pix[o+dx : o+dx+3 : o+dx+3]
	c := p.Pix[o+dy : o+dy+3 : o+dy+3]
	d := p.Pix[o+dy+dx : o+dy+dx+3 : o+dy+dx+3]
	r := float64(a[0])*w00 + float64(b[0])*w01 + float64(c[0])*w10 + float64(d[0])*w11
	g := float64(a[1])*w00 + float64(b[1])*w01 + float64(c[1])*w10 + float64(d[1])*w11
	bl := float64(a[2])*w00 + float64(b[2])*w01 + float64(c[2])*w10 + float64(d[2])*w11
	return 0.299*r + 0.587*g + 0.114*bl
}

// lumaAlong appends to prof the luma at n points along the normal (nx,
// ny) through (cx, cy), every half pixel from -reach-1.5: the edge
// profile of the outline's and the lens's side fits, which sample it
// hundreds of thousands of times a scan. It is luma's arithmetic
// written out in the loop (the same bits, TestLumaAlong).
func (p picture) lumaAlong(prof []float64, cx, cy, nx, ny, reach float64, n int) []float64 {
	if n <= 0 {
		return prof
	}
	xMax, yMax := float64(p.W-1), float64(p.H-1)
	pix, stride := p.Pix, p.Stride
	m := len(prof)
	prof = slices.Grow(prof, n)[:m+n]
	out := prof[m:]
	// Each of x and y moves one way along the profile (every operation
	// below rounds monotonically), so when both ends have their four
	// pixels inside the picture (x < W-1, y < H-1), every point has:
	// the loop then needs no test a point (interiorProfile).
	xa, ya := cx+(-reach-1.5+0.5*float64(0))*nx-0.5, cy+(-reach-1.5+0.5*float64(0))*ny-0.5
	xb, yb := cx+(-reach-1.5+0.5*float64(n-1))*nx-0.5, cy+(-reach-1.5+0.5*float64(n-1))*ny-0.5
	if xa >= 0 && ya >= 0 && xa < xMax && ya < yMax && xb >= 0 && yb >= 0 && xb < xMax && yb < yMax {
		interiorProfile(out, pix, stride, cx, cy, nx, ny, reach)
		return prof
	}
	for j := range out {
		d := -reach - 1.5 + 0.5*float64(j)
		x, y := cx+d*nx-0.5, cy+d*ny-0.5
		if !(x >= 0 && y >= 0 && x <= xMax && y <= yMax) {
			out[j] = 0
			continue
		}
		x0, y0 := int(x), int(y)
		dx, dy := 4, stride
		if x0 >= p.W-1 {
			dx = 0
		}
		if y0 >= p.H-1 {
			dy = 0
		}
		fx, fy := x-float64(x0), y-float64(y0)
		w00, w01, w10, w11 := (1-fx)*(1-fy), fx*(1-fy), (1-fx)*fy, fx*fy
		o := y0*stride + 4*x0
		a := pix[o : o+3 : o+3]
		b := pix[o+dx : o+dx+3 : o+dx+3]
		c := pix[o+dy : o+dy+3 : o+dy+3]
		e := pix[o+dy+dx : o+dy+dx+3 : o+dy+dx+3]
		r := float64(a[0])*w00 + float64(b[0])*w01 + float64(c[0])*w10 + float64(e[0])*w11
		g := float64(a[1])*w00 + float64(b[1])*w01 + float64(c[1])*w10 + float64(e[1])*w11
		bl := float64(a[2])*w00 + float64(b[2])*w01 + float64(c[2])*w10 + float64(e[2])*w11
		out[j] = 0.299*r + 0.587*g + 0.114*bl
	}
	return prof
}

// byteFloat is each byte's value as a float64: a table load instead of
// a conversion, for the profile's twelve samples a point.
var byteFloat = func() (t [256]float64) {
	for i := range t {
		t[i] = float64(i)
	}
	return t
}()

// interiorProfile is lumaAlong's loop where every point has its four
// pixels inside the picture: the same arithmetic, without the tests.
func interiorProfile(out []float64, pix []uint8, stride int, cx, cy, nx, ny, reach float64) {
	d0, fj := -reach-1.5, 0.0 // fj counts j exactly
	for j := range out {
		d := d0 + 0.5*fj
		fj++
		x, y := cx+d*nx-0.5, cy+d*ny-0.5
		x0, y0 := int(x), int(y)
		fx, fy := x-float64(x0), y-float64(y0)
		w00, w01, w10, w11 := (1-fx)*(1-fy), fx*(1-fy), (1-fx)*fy, fx*fy
		o := y0*stride + 4*x0
		a := pix[o : o+7 : o+7]
		c := pix[o+stride : o+stride+7 : o+stride+7]
		r := byteFloat[a[0]]*w00 + byteFloat[a[4]]*w01 + byteFloat[c[0]]*w10 + byteFloat[c[4]]*w11
		g := byteFloat[a[1]]*w00 + byteFloat[a[5]]*w01 + byteFloat[c[1]]*w10 + byteFloat[c[5]]*w11
		bl := byteFloat[a[2]]*w00 + byteFloat[a[6]]*w01 + byteFloat[c[2]]*w10 + byteFloat[c[6]]*w11
		out[j] = 0.299*r + 0.587*g + 0.114*bl
	}
}

// outline is a candidate board: the outer edge of the light playing grid
// (the runway's outer edge), full-resolution pixels, corners in picture
// order (clockwise from the top-left-most), not yet oriented.
type outline struct {
	q       vision.Quad
	area    float64
	clipped bool // touches the picture's edge
}

// findOutlines looks for the board's light playing area inside its dark
// border: the light, unsaturated regions of the picture whose outline is a
// convex quadrilateral, largest first.
func findOutlines(p picture) []outline {
	scale := 1.0
	if m := max(p.W, p.H); m > workSide {
		scale = float64(workSide) / float64(m)
	}
	if p.Stride != 4*p.W {
		return nil
	}
	src, err := gocv.NewMatFromBytes(p.H, p.W, gocv.MatTypeCV8UC4, p.Pix[:p.H*p.Stride])
	if err != nil {
		return nil
	}
	src = held(src)
	defer release(&src)
	ws := image.Pt(int(math.Round(float64(p.W)*scale)), int(math.Round(float64(p.H)*scale)))
	small := reduced(src, ws)
	defer release(&small)
	v, s := valueSat(small)
	defer release(&v)
	defer release(&s)

	// Light: brighter than a threshold, and not strongly coloured (the
	// player spaces are tinted, the runway and house white). Uneven light
	// can split the playing area at Otsu's threshold, so lower ones are
	// tried too; Scan keeps the outline with the best border.
	grey := newMat()
	defer release(&grey)
	gocv.Threshold(s, &grey, 110, 255, gocv.ThresholdBinaryInv)
	otsuMask := newMat()
	defer release(&otsuMask)
	otsu := gocv.Threshold(v, &otsuMask, 0, 255, gocv.ThresholdBinary|gocv.ThresholdOtsu)
	k := held(gocv.GetStructuringElement(gocv.MorphRect, image.Pt(5, 5)))
	defer release(&k)
	ek := held(gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(11, 11)))
	defer release(&ek)
	wk := held(gocv.GetStructuringElement(gocv.MorphRect, image.Pt(23, 23)))
	defer release(&wk)
	minArea := 0.03 * float64(ws.X*ws.Y)
	// each threshold on its own goroutine (the Mats read are shared,
	// read only)
	levels := []float32{1, 0.8, 0.62, 0}
	found := make([][]outline, len(levels))
	parallel.For(len(levels), func(li int) {
		f := levels[li]
		var outs []outline
		light := newMat()
		if f > 0 {
			gocv.Threshold(v, &light, otsu*f, 255, gocv.ThresholdBinary)
		} else {
			// lighter than the neighbourhood: a shadow across the
			// board leaves the runway lighter than the border beside it
			gocv.AdaptiveThreshold(v, &light, 255, gocv.AdaptiveThresholdMean, gocv.ThresholdBinary, 61, -3)
		}
		mask := newMat()
		gocv.BitwiseAnd(light, grey, &mask)
		release(&light)
		// Close the printed grid lines and letters.
		closed := newMat()
		gocv.MorphologyEx(mask, &closed, gocv.MorphClose, k)
		release(&mask)
		cs := gocv.FindContours(closed, gocv.RetrievalList, gocv.ChainApproxSimple)
		outs = append(outs, contourQuads(cs, minArea, scale, ws)...)
		cs.Close()
		// Closed wide, a runway ring cut twice by pyramids is one
		// area again (the border is checked afterwards).
		wide := newMat()
		gocv.MorphologyEx(closed, &wide, gocv.MorphClose, wk)
		cs = gocv.FindContours(wide, gocv.RetrievalList, gocv.ChainApproxSimple)
		release(&wide)
		outs = append(outs, contourQuads(cs, minArea, scale, ws)...)
		cs.Close()
		// Eroded, a light object touching the playing area (a card
		// over the border) comes apart from it.
		eroded := newMat()
		gocv.Erode(closed, &eroded, ek)
		release(&closed)
		cs = gocv.FindContours(eroded, gocv.RetrievalList, gocv.ChainApproxSimple)
		release(&eroded)
		outs = append(outs, contourQuads(cs, minArea, scale, ws)...)
		cs.Close()
		found[li] = outs
	})
	var outs []outline
	for _, o := range found {
		outs = append(outs, o...)
	}
	sort.Slice(outs, func(i, j int) bool { return outs[i].area > outs[j].area })
	// The thresholds and masks often agree: refine each outline once.
	tol := 0.002 * float64(max(p.W, p.H))
	var uniq []outline
next:
	for _, o := range outs {
		for _, u := range uniq {
			same := true
			for i := range o.q {
				if math.Hypot(o.q[i].X-u.q[i].X, o.q[i].Y-u.q[i].Y) > tol {
					same = false
					break
				}
			}
			if same {
				continue next
			}
		}
		uniq = append(uniq, o)
	}
	return uniq
}

// contourQuads turns the large contours into quadrilaterals (their hulls'
// largest inscribed quadrilateral) in full-resolution pixels. Each large
// contour also gives the hull of the light pieces inside it (pyramids on
// the runway cut the light ring into pieces; the hole the board leaves in
// a light table holds them all).
func contourQuads(cs gocv.PointsVector, minArea, scale float64, ws image.Point) []outline {
	type piece struct {
		hull []vision.Point
		area float64
	}
	var pieces []piece
	for i := 0; i < cs.Size(); i++ {
		c := cs.At(i)
		a := gocv.ContourArea(c)
		if a < minArea/40 {
			continue
		}
		pieces = append(pieces, piece{convexHull(contourHullPoints(c)), a})
	}
	var outs []outline
	add := func(hull []vision.Point) {
		q, ok := hullQuad(hull)
		if !ok {
			return
		}
		// The outline must fill its quadrilateral (a square ring or
		// area, not a blob of table).
		qa := quadArea(q)
		if qa < minArea || polyArea(hull) > 1.08*qa {
			return
		}
		o := outline{area: qa / (scale * scale)}
		for j, pt := range q {
			o.q[j] = vision.Point{X: (pt.X + 0.5) / scale, Y: (pt.Y + 0.5) / scale}
			if pt.X < 2 || pt.Y < 2 || pt.X > float64(ws.X-3) || pt.Y > float64(ws.Y-3) {
				o.clipped = true
			}
		}
		outs = append(outs, o)
	}
	for i, pc := range pieces {
		if pc.area < minArea {
			continue
		}
		add(pc.hull)
		// the hull of the pieces is the hull of their hulls
		var inside []image.Point
		n := 0
		for j, o := range pieces {
			if j == i || o.area >= pc.area || !inHull(pc.hull, o.hull[0]) {
				continue
			}
			for _, h := range o.hull {
				inside = append(inside, image.Pt(int(h.X), int(h.Y)))
			}
			n++
		}
		if n > 0 {
			add(convexHull(inside))
		}
	}
	return outs
}

// inHull reports whether p lies inside the convex polygon h (either
// winding).
func inHull(h []vision.Point, p vision.Point) bool {
	sign := 0.0
	for i := range h {
		a, b := h[i], h[(i+1)%len(h)]
		c := (b.X-a.X)*(p.Y-a.Y) - (b.Y-a.Y)*(p.X-a.X)
		if c == 0 {
			continue
		}
		if sign == 0 {
			sign = c
		} else if (c > 0) != (sign > 0) {
			return false
		}
	}
	return true
}

// contourPoints is a contour's points: gocv's ToPoints, asking for the
// contour's length once rather than once a point (each a cgo call).
func contourPoints(c gocv.PointVector) []image.Point {
	pts := make([]image.Point, c.Size())
	for j := range pts {
		pts[j] = c.At(j)
	}
	return pts
}

// contourHullPoints is the points of a contour its convex hull is made
// of: OpenCV's hull of the contour's points, read in one call, when the
// contour has more than hullDirect points, else every point. The hull
// of the hull's points is the hull (convexHull keeps the corners alone,
// so points on a side, which OpenCV may keep, change nothing:
// TestContourHullPoints); reading a contour's points one by one was two
// cgo calls a point, a fortieth of a normal scan's instructions.
func contourHullPoints(c gocv.PointVector) []image.Point {
	if c.Size() <= hullDirect {
		return contourPoints(c)
	}
	h := newMat()
	defer release(&h)
	gocv.ConvexHull(c, &h, false, true)
	if h.Type() != gocv.MatTypeCV32SC2 || h.Empty() {
		return contourPoints(c)
	}
	b := h.ToBytes()
	pts := make([]image.Point, len(b)/8)
	for i := range pts {
		x, y := binary.LittleEndian.Uint32(b[8*i:]), binary.LittleEndian.Uint32(b[8*i+4:])
		pts[i] = image.Pt(int(int32(x)), int(int32(y)))
	}
	return pts
}

// hullDirect is the most points of a contour contourHullPoints reads
// one by one (convexHull returns fewer than three points as given).
const hullDirect = 16

// convexHull is Andrew's monotone chain, counter-clockwise in image
// coordinates (y down: clockwise on screen).
func convexHull(pts []image.Point) []vision.Point {
	// The points in order of x, then y, sorted as integers (one key a
	// point: much cheaper than comparing pairs of floats, and the same
	// order, since the floats are the integers).
	keys := make([]int64, len(pts))
	for i, q := range pts {
		if q.X != int(int32(q.X)) || q.Y != int(int32(q.Y)) {
			p := make([]vision.Point, len(pts))
			for i, q := range pts {
				p[i] = vision.Point{X: float64(q.X), Y: float64(q.Y)}
			}
			return convexHullF(p)
		}
		keys[i] = int64(q.X)<<32 + int64(q.Y) + 1<<31
	}
	slices.Sort(keys)
	p := make([]vision.Point, len(keys))
	for i, k := range keys {
		p[i] = vision.Point{X: float64(k >> 32), Y: float64(k&(1<<32-1) - 1<<31)}
	}
	return monotoneChain(p)
}

// convexHullF is convexHull of points already in floating point (pts
// is left as it is).
func convexHullF(pts []vision.Point) []vision.Point {
	p := append([]vision.Point(nil), pts...)
	slices.SortFunc(p, func(a, b vision.Point) int {
		if c := cmp.Compare(a.X, b.X); c != 0 {
			return c
		}
		return cmp.Compare(a.Y, b.Y)
	})
	return monotoneChain(p)
}

// monotoneChain is the hull of the points p, sorted by x, then y.
func monotoneChain(p []vision.Point) []vision.Point {
	if len(p) < 3 {
		return p
	}
	cross := func(o, a, b vision.Point) float64 { return (a.X-o.X)*(b.Y-o.Y) - (a.Y-o.Y)*(b.X-o.X) }
	h := make([]vision.Point, 0, 2*len(p))
	for _, q := range p {
		for len(h) >= 2 && cross(h[len(h)-2], h[len(h)-1], q) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, q)
	}
	lo := len(h) + 1
	for i := len(p) - 2; i >= 0; i-- {
		q := p[i]
		for len(h) >= lo && cross(h[len(h)-2], h[len(h)-1], q) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, q)
	}
	return h[:len(h)-1]
}

func polyArea(p []vision.Point) float64 {
	a := 0.0
	for i := range p {
		j := (i + 1) % len(p)
		a += p[i].X*p[j].Y - p[j].X*p[i].Y
	}
	return math.Abs(a) / 2
}

func quadArea(q vision.Quad) float64 { return polyArea(q[:]) }

// hullQuad is the largest-area quadrilateral on the hull's vertices (the
// hull is first thinned to at most 40 vertices), ordered clockwise on
// screen starting at the vertex nearest the top-left.
func hullQuad(h []vision.Point) (vision.Quad, bool) {
	if len(h) < 4 {
		return vision.Quad{}, false
	}
	for len(h) > 40 {
		// drop the vertex whose removal loses the least area
		best, bi := math.Inf(1), 0
		for i := range h {
			a, b, c := h[(i+len(h)-1)%len(h)], h[i], h[(i+1)%len(h)]
			ar := math.Abs((b.X-a.X)*(c.Y-a.Y)-(b.Y-a.Y)*(c.X-a.X)) / 2
			if ar < best {
				best, bi = ar, i
			}
		}
		h = append(h[:bi:bi], h[bi+1:]...)
	}
	// The largest quadrilateral h[i] h[j] h[k] h[l] (i < j < k < l) is
	// the largest pair of triangles on a diagonal h[i] h[k]: the best
	// apex on each side is found on its own (a convex polygon: the
	// quadrilateral's area is the two triangles').
	n := len(h)
	tri := func(a, b, c vision.Point) float64 {
		return math.Abs((b.X-a.X)*(c.Y-a.Y)-(b.Y-a.Y)*(c.X-a.X)) / 2
	}
	var best vision.Quad
	bestA := -1.0
	for i := 0; i < n; i++ {
		for k := i + 2; k < n-1; k++ {
			bj, ja := i+1, -1.0
			for j := i + 1; j < k; j++ {
				if a := tri(h[i], h[j], h[k]); a > ja {
					bj, ja = j, a
				}
			}
			bl, la := k+1, -1.0
			for l := k + 1; l < n; l++ {
				if a := tri(h[i], h[k], h[l]); a > la {
					bl, la = l, a
				}
			}
			if ja+la > bestA {
				bestA, best = ja+la, vision.Quad{h[i], h[bj], h[k], h[bl]}
			}
		}
	}
	// clockwise on screen (y down): positive shoelace
	s := 0.0
	for i := 0; i < 4; i++ {
		j := (i + 1) % 4
		s += best[i].X*best[j].Y - best[j].X*best[i].Y
	}
	if s < 0 {
		best[1], best[3] = best[3], best[1]
	}
	first, fd := 0, math.Inf(1)
	for i, p := range best {
		if d := p.X + p.Y; d < fd {
			first, fd = i, d
		}
	}
	var out vision.Quad
	for i := 0; i < 4; i++ {
		out[i] = best[(first+i)%4]
	}
	return out, true
}

// refineOutline moves each side of q onto the strongest light-to-dark
// edge near it (the runway's outer edge against the dark border), by a
// robust line fit through edge points found along the side.
func refineOutline(p picture, q vision.Quad) vision.Quad {
	// wide first (a corner cut off by a shadow), then narrow
	for _, f := range []float64{0.05, 0.025, 0.012} {
		q = refineOnce(p, q, f)
	}
	return q
}

func refineOnce(p picture, q vision.Quad, frac float64) vision.Quad {
	side := math.Sqrt(quadArea(q))
	reach := frac * side
	var lines [4][3]float64 // a x + b y = c, unit normal
	// the buffers on the stack: a scan refines thousands of outlines
	var profBuf [512]float64
	prof := profBuf[:0]
	const samples = 60
	var xBuf, yBuf [samples]float64
	for i := 0; i < 4; i++ {
		a, b := q[i], q[(i+1)%4]
		dx, dy := b.X-a.X, b.Y-a.Y
		l := math.Hypot(dx, dy)
		// outward normal (clockwise quad, y down): (dy, -dx)/l
		nx, ny := dy/l, -dx/l
		xs, ys := xBuf[:0], yBuf[:0]
		for k := 3; k < samples-3; k++ {
			t := float64(k) / samples
			cx, cy := a.X+t*dx, a.Y+t*dy
			bestG, bestD := 0.0, math.NaN()
			// the luma along the normal every half pixel, from -reach-1.5
			// to reach+1.5: the edge strength at d is prof(d-1.5)-prof(d+1.5)
			nd := int(4*reach) + 1
			prof = p.lumaAlong(prof[:0], cx, cy, nx, ny, reach, nd+6)
			for j := 0; j < nd; j++ {
				if g := prof[j] - prof[j+6]; g > bestG {
					bestG, bestD = g, -reach+0.5*float64(j)
				}
			}
			if bestG > 20 {
				xs = append(xs, cx+bestD*nx)
				ys = append(ys, cy+bestD*ny)
			}
		}
		lines[i] = fitLine(xs, ys, a, b)
	}
	out, ok := sidesMeet(lines)
	if !ok {
		return q
	}
	for i := range out {
		if math.Hypot(out[i].X-q[i].X, out[i].Y-q[i].Y) > 3*reach {
			return q
		}
	}
	return out
}

// sidesMeet gives the quadrilateral whose sides lie on lines (a x + b y =
// c; side i runs from corner i to corner i+1): corner i where sides i-1
// and i meet. False when two neighbouring sides are parallel.
func sidesMeet(lines [4][3]float64) (vision.Quad, bool) {
	var out vision.Quad
	for i := 0; i < 4; i++ {
		l1, l2 := lines[(i+3)%4], lines[i]
		det := l1[0]*l2[1] - l1[1]*l2[0]
		if math.Abs(det) < 1e-9 {
			return out, false
		}
		out[i] = vision.Point{X: (l1[2]*l2[1] - l1[1]*l2[2]) / det, Y: (l1[0]*l2[2] - l1[2]*l2[0]) / det}
	}
	return out, true
}

// fitLine fits a x + b y = c through the points by total least squares,
// twice, dropping the points far from the first fit; too few points keep
// the line through a and b.
func fitLine(xs, ys []float64, a, b vision.Point) [3]float64 {
	def := func() [3]float64 {
		dx, dy := b.X-a.X, b.Y-a.Y
		l := math.Hypot(dx, dy)
		nx, ny := dy/l, -dx/l
		return [3]float64{nx, ny, nx*a.X + ny*a.Y}
	}
	fit := func(keep []bool) ([3]float64, bool) {
		var n, mx, my float64
		for i := range xs {
			if keep[i] {
				n++
				mx += xs[i]
				my += ys[i]
			}
		}
		if n < 8 {
			return [3]float64{}, false
		}
		mx /= n
		my /= n
		var sxx, syy, sxy float64
		for i := range xs {
			if keep[i] {
				dx, dy := xs[i]-mx, ys[i]-my
				sxx += dx * dx
				syy += dy * dy
				sxy += dx * dy
			}
		}
		// direction of the largest eigenvector; normal perpendicular
		th := 0.5 * math.Atan2(2*sxy, sxx-syy)
		nx, ny := -math.Sin(th), math.Cos(th)
		return [3]float64{nx, ny, nx*mx + ny*my}, true
	}
	// on the stack for the sides' fits (at most 54 points each)
	var keepBuf [64]bool
	var resBuf, sortedBuf [64]float64
	keep, res, sorted := keepBuf[:0], resBuf[:0], sortedBuf[:0]
	if len(xs) > len(keepBuf) {
		keep, res, sorted = nil, nil, nil
	}
	keep = append(keep, make([]bool, len(xs))...)
	for i := range keep {
		keep[i] = true
	}
	l, ok := fit(keep)
	if !ok {
		return def()
	}
	res = append(res, make([]float64, len(xs))...)
	for i := range xs {
		res[i] = math.Abs(l[0]*xs[i] + l[1]*ys[i] - l[2])
	}
	sorted = append(sorted, res...)
	sort.Float64s(sorted)
	lim := math.Max(1.5, 2.5*sorted[len(sorted)/2])
	for i := range keep {
		keep[i] = res[i] <= lim
	}
	if l2, ok := fit(keep); ok {
		return l2
	}
	return l
}
