package render

import (
	"image"
	"math"
	"math/rand/v2"
)

// drawTable fills the whole canvas with the table top (the plane z=0) seen
// through the camera, and the wall beyond the table's edge where rays miss
// it.
func (w *world) drawTable() {
	kind := w.opt.Table
	if kind == "" {
		kind = TableKinds[w.rng.IntN(len(TableKinds))]
		w.opt.Table = kind
		w.truth.Conditions.Table = kind
	}
	tex, base := tableTexture(kind)
	w.table = tex
	// Random placement of the pattern, and a tint around the kind's colour.
	ang := float64(float64(w.rng.Float64()) * 2 * math.Pi)
	span := 700.0 // mm per repeat of the texture
	u := rotZ(vec3{span, 0, 0}, ang)
	v := rotZ(vec3{0, span, 0}, ang)
	o := vec3{float64(float64(w.rng.Float64()) * span), float64(float64(w.rng.Float64()) * span), 0}
	tint := [3]float64{float64(base[0] * (0.9 + float64(0.2*float64(w.rng.Float64())))), float64(base[1] * (0.9 + float64(0.2*float64(w.rng.Float64())))), float64(base[2] * (0.9 + float64(0.2*float64(w.rng.Float64()))))}
	sh := w.shade(vec3{0, 0, 1})
	for i := range tint {
		tint[i] *= sh[i]
	}
	h := w.cam.planeHomography(o, u, v, w.cv.ox, w.cv.oy)
	hinv, ok := h.inv()
	if !ok {
		return
	}
	wallR, wallG, wallB := float64(120*sh[0]), float64(118*sh[1]), float64(112*sh[2])
	wall := [3]float64{wallR, wallG, wallB}
	cv := w.cv
	// The table is smooth at this scale: draw the even rows, then make each
	// odd row the mean of its neighbours where all three rows see only the
	// table (near a horizon, draw it too).
	seesWall := func(y int) bool {
		if y < 0 || y >= cv.h {
			return true
		}
		yc := float64(y) + 0.5
		return float64(hinv[7]*yc)+hinv[8]+float64(hinv[6]*0.5) <= 0 || float64(hinv[7]*yc)+hinv[8]+float64(hinv[6]*(float64(cv.w)-0.5)) <= 0
	}
	parRows(cv.h, func(ylo, yhi int) {
		for y := ylo; y < yhi; y++ {
			if y%2 == 0 || y+1 >= yhi || seesWall(y-1) || seesWall(y) || seesWall(y+1) {
				w.tableRow(y, tex, hinv, tint, wall)
			}
		}
		for y := ylo + 1; y+1 < yhi; y += 2 {
			if y%2 == 0 || seesWall(y-1) || seesWall(y) || seesWall(y+1) {
				continue
			}
			up, mid, down := cv.pix[4*(y-1)*cv.w:4*y*cv.w], cv.pix[4*y*cv.w:4*(y+1)*cv.w], cv.pix[4*(y+1)*cv.w:4*(y+2)*cv.w]
			for i := range mid {
				mid[i] = uint8((uint16(up[i]) + uint16(down[i]) + 1) / 2)
			}
		}
	})
}

// tableRow draws one canvas row of the table. Every other pixel is sampled
// from the texture and the ones between are interpolated: the cloth is
// magnified several times at the board's distance, so this loses nothing
// visible and halves the work.
func (w *world) tableRow(y int, tex *texture, hinv mat3, tint, wall [3]float64) {
	cv := w.cv
	{
		yc := float64(y) + 0.5
		xm := float64(float64(cv.w) / 2)
		lv := tex.level(mipScale(hinv, []pt{{xm, yc}}, tex))
		tw, th := float64(lv.w), float64(lv.h)
		S := float64(hinv[0]*0.5) + float64(hinv[1]*yc) + hinv[2]
		T := float64(hinv[3]*0.5) + float64(hinv[4]*yc) + hinv[5]
		W := float64(hinv[6]*0.5) + float64(hinv[7]*yc) + hinv[8]
		row := cv.pix[4*y*cv.w : 4*(y+1)*cv.w]
		for x := 0; x < cv.w; x, S, T, W = x+1, S+hinv[0], T+hinv[3], W+hinv[6] {
			o := 4 * x
			// W is the depth along the ray up to scale: the table is only
			// seen where it is positive (the ray goes down to the table).
			if W <= 0 {
				row[o], row[o+1], row[o+2] = clamp255(wall[0]), clamp255(wall[1]), clamp255(wall[2])
				continue
			}
			if x&1 == 1 && x+1 < cv.w && W+hinv[6] > 0 {
				continue // filled from its neighbours below
			}
			iw := 1 / W
			r, g, b, _ := lv.sample(float64(S*iw*tw)-0.5, float64(T*iw*th)-0.5, true)
			row[o] = clamp255(float64(r * tint[0]))
			row[o+1] = clamp255(float64(g * tint[1]))
			row[o+2] = clamp255(float64(b * tint[2]))
		}
		for x := 1; x+1 < cv.w; x += 2 {
			o := 4 * x
			if float64(hinv[6]*(float64(x)+0.5))+float64(hinv[7]*yc)+hinv[8] <= 0 {
				continue
			}
			row[o] = uint8((uint16(row[o-4]) + uint16(row[o+4]) + 1) / 2)
			row[o+1] = uint8((uint16(row[o-3]) + uint16(row[o+5]) + 1) / 2)
			row[o+2] = uint8((uint16(row[o-2]) + uint16(row[o+6]) + 1) / 2)
		}
	}
}

// shadowCaster is a solid's outline points and the plane its shadow falls
// on.
type shadowCaster struct {
	pts      []vec3
	z        float64
	strength float64 // 0 means 1
	ambient  bool    // a contact shadow: the footprint itself, not cast along the light
}

// drawShadowsOf darkens the canvas under the shadows the casters throw away
// from the light, softened by ShadowSoft.
func (w *world) drawShadowsOf(casters []shadowCaster) {
	if len(casters) == 0 || w.opt.Shadow <= 0 || w.light.Z <= 0.05 {
		return
	}
	cv := w.cv
	if w.mask == nil {
		w.mask = getMask(cv.w * cv.h)
	}
	mask := w.mask
	minX, minY, maxX, maxY := cv.w, cv.h, -1, -1
	for _, c := range casters {
		flat := make([]pt, 0, len(c.pts))
		for _, p := range c.pts {
			if c.ambient {
				flat = append(flat, pt{p.X, p.Y})
				continue
			}
			k := (p.Z - c.z) / w.light.Z
			flat = append(flat, pt{p.X - float64(w.light.X*k), p.Y - float64(w.light.Y*k)})
		}
		hull := convexHull(flat)
		ps := make([]pt, 0, len(hull))
		ok := true
		for _, q := range hull {
			p, in := w.toCanvas(vec3{q.X, q.Y, c.z})
			if !in {
				ok = false
				break
			}
			ps = append(ps, p)
		}
		if !ok || len(ps) < 3 || len(ps) > 40 {
			continue
		}
		v := float32(1)
		if c.strength > 0 {
			v = float32(c.strength)
		}
		maskPoly(mask, cv.w, cv.h, ps, v)
		for _, p := range ps {
			minX, minY = min(minX, int(p.X)), min(minY, int(p.Y))
			maxX, maxY = max(maxX, int(p.X)+1), max(maxY, int(p.Y)+1)
		}
	}
	if maxX < 0 {
		return
	}
	// Soften: the penumbra's width in pixels at the board's distance.
	r := int(w.opt.ShadowSoft*w.cam.Fx/w.cam.toCam(vec3{}).Z + 0.5)
	pad := 2*r + 2
	box := image.Rect(max(0, minX-pad), max(0, minY-pad), min(cv.w, maxX+pad), min(cv.h, maxY+pad))
	if r > 0 {
		boxBlurF32(mask, cv.w, box, r)
		boxBlurF32(mask, cv.w, box, r)
	}
	k := float32(w.opt.Shadow)
	for y := box.Min.Y; y < box.Max.Y; y++ {
		row := cv.pix[4*y*cv.w:]
		mrow := mask[y*cv.w:]
		for x := box.Min.X; x < box.Max.X; x++ {
			m := mrow[x]
			mrow[x] = 0 // left clean for the next shadows (and the pool)
			if m <= 0.002 {
				continue
			}
			f := 1 - float32(k*min(m, 1))
			o := 4 * x
			row[o] = uint8(float32(float32(row[o]) * f))
			row[o+1] = uint8(float32(float32(row[o+1]) * f))
			row[o+2] = uint8(float32(float32(row[o+2]) * f))
		}
	}
}

// convexHull returns the hull of points, counter-clockwise (monotone chain).
func convexHull(p []pt) []pt {
	if len(p) < 3 {
		return p
	}
	q := append([]pt(nil), p...)
	// insertion sort: few points, deterministic
	for i := 1; i < len(q); i++ {
		for j := i; j > 0 && (q[j].X < q[j-1].X || (q[j].X == q[j-1].X && q[j].Y < q[j-1].Y)); j-- {
			q[j], q[j-1] = q[j-1], q[j]
		}
	}
	cross := func(o, a, b pt) float64 { return float64((a.X-o.X)*(b.Y-o.Y)) - float64((a.Y-o.Y)*(b.X-o.X)) }
	h := make([]pt, 0, 2*len(q))
	for _, v := range q {
		for len(h) >= 2 && cross(h[len(h)-2], h[len(h)-1], v) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, v)
	}
	t := len(h) + 1
	for i := len(q) - 2; i >= 0; i-- {
		v := q[i]
		for len(h) >= t && cross(h[len(h)-2], h[len(h)-1], v) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, v)
	}
	return h[:len(h)-1]
}

// boxBlurF32 blurs the mask inside box with a (2r+1) box, rows then
// columns.
func boxBlurF32(m []float32, stride int, box image.Rectangle, r int) {
	n := max(box.Dx(), box.Dy())
	inv := 1 / float32(2*r+1)
	// rows, in parallel chunks
	parRows(box.Dy(), func(lo, hi int) {
		tmp := make([]float32, n)
		for y := box.Min.Y + lo; y < box.Min.Y+hi; y++ {
			blur1(m[y*stride:], box.Min.X, box.Max.X, 1, r, inv, tmp)
		}
	})
	// columns: bands of columns copied out, then summed down row by row
	// with one running sum per column (memory in order)
	W, H := box.Dx(), box.Dy()
	const band = 128
	parRows((W+band-1)/band, func(lo, hi int) {
		for bi := lo; bi < hi; bi++ {
			x0, x1 := box.Min.X+bi*band, min(box.Max.X, box.Min.X+(bi+1)*band)
			bw := x1 - x0
			cp := make([]float32, bw*H)
			for y := 0; y < H; y++ {
				copy(cp[y*bw:(y+1)*bw], m[(box.Min.Y+y)*stride+x0:])
			}
			sums := make([]float32, bw)
			for i := -r; i <= r; i++ {
				row := cp[clampi(i, H)*bw:]
				for k := 0; k < bw; k++ {
					sums[k] += row[k]
				}
			}
			for y := 0; y < H; y++ {
				out := m[(box.Min.Y+y)*stride+x0 : (box.Min.Y+y)*stride+x1]
				add, drop := cp[clampi(y+r+1, H)*bw:], cp[clampi(y-r, H)*bw:]
				for k := 0; k < bw; k++ {
					out[k] = float32(sums[k] * inv)
					sums[k] += add[k] - drop[k]
				}
			}
		}
	})
}

func blur1(a []float32, lo, hi, step, r int, inv float32, tmp []float32) {
	n := hi - lo
	for i := 0; i < n; i++ {
		tmp[i] = a[(lo+i)*step]
	}
	var s float32
	for i := -r; i <= r; i++ {
		s += tmp[clampi(i, n)]
	}
	for i := 0; i < n; i++ {
		a[(lo+i)*step] = float32(s * inv)
		s += tmp[clampi(i+r+1, n)] - tmp[clampi(i-r, n)]
	}
}

// develop turns the ideal canvas into the camera's picture: lens
// distortion, uneven light and glare, defocus and motion blur, sensor
// noise.
func (w *world) develop() *image.RGBA {
	o := w.opt
	W, H := o.Width, o.Height
	img := image.NewRGBA(image.Rect(0, 0, W, H))
	cv := w.cv
	cam := w.cam
	distort := o.K1 != 0 || o.K2 != 0
	// A coarse map from output pixel to canvas position, interpolated.
	const step = 16
	gw, gh := W/step+2, H/step+2
	var gx, gy []float64
	if distort {
		gx, gy = make([]float64, gw*gh), make([]float64, gw*gh)
		for j := 0; j < gh; j++ {
			for i := 0; i < gw; i++ {
				q := cam.undistort(pt{float64(i * step), float64(j * step)})
				gx[j*gw+i], gy[j*gw+i] = q.X+cv.ox, q.Y+cv.oy
			}
		}
	}
	// Light field: a linear gradient and vignetting, plus a glare spot.
	ga, gb := math.Sincos(o.GradientDeg * math.Pi / 180)
	diag := float64(math.Hypot(float64(W), float64(H)) / 2)
	glx, gly, glare := w.glareSpot()
	glr := float64(0.12 * float64(W))
	// The glare spot is a separable Gaussian: one table per axis.
	var glareX []float64
	if glare > 0 {
		glareX = make([]float64, W)
		for x := range glareX {
			ex := float64(x) + 0.5 - glx
			glareX[x] = float64(glare * 255 * math.Exp(-ex*ex/(float64(glr*glr))))
		}
	}
	ix0, iy0 := int(math.Round(cv.ox)), int(math.Round(cv.oy))
	intShift := !distort && float64(ix0) == cv.ox && float64(iy0) == cv.oy
	// Per column: the light field's terms that depend on x.
	bx, vx := make([]float64, W), make([]float64, W)
	for x := range bx {
		dx := (float64(x) + 0.5 - float64(float64(W)/2)) / diag
		bx[x] = float64(o.Gradient * 0.5 * dx * gb)
		vx[x] = float64(o.Vignette * dx * dx)
	}
	parRows(H, func(ylo, yhi int) {
		// the distortion map along this row, at the coarse grid's columns
		var rx, ry []float64
		if distort {
			rx, ry = make([]float64, gw), make([]float64, gw)
		}
		for y := ylo; y < yhi; y++ {
			fy := float64(y) + 0.5
			row := img.Pix[y*img.Stride:]
			jy := y / step
			ay := float64((float64(y%step) + 0.5) / step)
			if distort {
				for i := 0; i < gw; i++ {
					k := jy*gw + i
					rx[i] = float64(gx[k]*(1-ay)) + float64(gx[k+gw]*ay)
					ry[i] = float64(gy[k]*(1-ay)) + float64(gy[k+gw]*ay)
				}
			}
			glareY := 0.0
			if glare > 0 {
				ey := fy - gly
				glareY = math.Exp(-ey * ey / (float64(glr * glr)))
			}
			dy := (fy - float64(float64(H)/2)) / diag
			rowA := 1 - float64(o.Gradient*0.5*(float64(dy*ga)+1))
			rowC := 1 - float64(o.Vignette*dy*dy)
			var crow []uint8
			if intShift {
				crow = cv.pix[4*((y+iy0)*cv.w+ix0):]
			}
			for x := 0; x < W; x++ {
				fx := float64(x) + 0.5
				var sx, sy float64
				var r, g, b float64
				if intShift {
					r, g, b = float64(crow[4*x]), float64(crow[4*x+1]), float64(crow[4*x+2])
				} else if distort {
					ix := x / step
					ax := float64((float64(x%step) + 0.5) / step)
					sx = rx[ix] + float64((rx[ix+1]-rx[ix])*ax)
					sy = ry[ix] + float64((ry[ix+1]-ry[ix])*ax)
					r, g, b = cv.sample(sx-0.5, sy-0.5)
				} else {
					sx, sy = fx+cv.ox, fy+cv.oy
					r, g, b = cv.sample(sx-0.5, sy-0.5)
				}
				gain := float64((rowA - bx[x]) * (rowC - vx[x]))
				add := 0.0
				if glareX != nil {
					add = float64(glareX[x] * glareY)
				}
				p := 4 * x
				row[p] = clamp255(float64(r*gain) + add)
				row[p+1] = clamp255(float64(g*gain) + add)
				row[p+2] = clamp255(float64(b*gain) + add)
				row[p+3] = 255
			}
		}
	})
	if o.Blur > 0.05 {
		gaussBlur(img, o.Blur)
	}
	if o.MotionPx > 0.5 {
		motionBlur(img, o.MotionPx, o.MotionDeg)
	}
	if o.Sharpen > 0 {
		sharpen(img, o.Sharpen)
	}
	if o.Noise > 0 || o.ShotNoise > 0 {
		addNoise(img, o.Noise, o.ShotNoise, uint64(o.Seed))
	}
	return img
}

// sample reads the canvas bilinearly at (x, y), pixel i's centre at i.
func (cv *canvas) sample(x, y float64) (r, g, b float64) {
	fx, fy := math.Floor(x), math.Floor(y)
	// weights in 8-bit fixed point: integer arithmetic is quicker here
	ax, ay := int32(float64((x-fx)*256)+0.5), int32(float64((y-fy)*256)+0.5)
	x0, y0 := clampi(int(fx), cv.w), clampi(int(fy), cv.h)
	x1, y1 := clampi(int(fx)+1, cv.w), clampi(int(fy)+1, cv.h)
	p := cv.pix
	i00, i10, i01, i11 := 4*(y0*cv.w+x0), 4*(y0*cv.w+x1), 4*(y1*cv.w+x0), 4*(y1*cv.w+x1)
	w00, w10, w01, w11 := (256-ax)*(256-ay), ax*(256-ay), (256-ax)*ay, ax*ay
	const k = 1.0 / 65536
	r = float64(float64(int32(p[i00])*w00+int32(p[i10])*w10+int32(p[i01])*w01+int32(p[i11])*w11) * k)
	g = float64(float64(int32(p[i00+1])*w00+int32(p[i10+1])*w10+int32(p[i01+1])*w01+int32(p[i11+1])*w11) * k)
	b = float64(float64(int32(p[i00+2])*w00+int32(p[i10+2])*w10+int32(p[i01+2])*w01+int32(p[i11+2])*w11) * k)
	return
}

// gaussBlur approximates a Gaussian of the given sigma: a 3-tap kernel for
// small sigmas, otherwise two box passes.
func gaussBlur(img *image.RGBA, sigma float64) {
	W, H := img.Rect.Dx(), img.Rect.Dy()
	if sigma < 0.8 {
		a := float32(float64(sigma * sigma / 2))
		kern3(img.Pix, W, H, a)
		return
	}
	// Two box passes (a triangle, close to a Gaussian): a box of width w
	// has variance (w^2-1)/12, so w = sqrt(6 s^2 + 1).
	bw := math.Sqrt(float64(6*sigma*sigma) + 1)
	r := int(math.Round(float64((bw - 1) / 2)))
	if r < 1 {
		r = 1
	}
	for i := 0; i < 2; i++ {
		boxRGBA(img.Pix, W, H, r)
	}
}

// kern3 convolves with [a, 1-2a, a] along rows, then along columns, in
// 8-bit fixed point. Both passes walk memory in order and run in parallel
// row chunks. The weights sum to exactly 256, so an opaque alpha stays 255.
func kern3(p []uint8, W, H int, a float32) {
	wa := int32(float32(a*256) + 0.5)
	wc := 256 - 2*wa
	tmp := make([]uint8, len(p))
	parRows(H, func(lo, hi int) {
		for y := lo; y < hi; y++ {
			row := p[4*y*W : 4*(y+1)*W]
			out := tmp[4*y*W : 4*(y+1)*W]
			if W == 1 {
				copy(out, row)
				continue
			}
			for i := 0; i < 4; i++ { // the first and last pixels: clamped
				out[i] = uint8((wa*(int32(row[i])+int32(row[4+i])) + wc*int32(row[i]) + 128) >> 8)
				j := 4*(W-1) + i
				out[j] = uint8((wa*(int32(row[j-4])+int32(row[j])) + wc*int32(row[j]) + 128) >> 8)
			}
			// the inner pixels, on equal-length views (no bounds checks)
			n := 4 * (W - 2)
			left, mid, right, dst := row[:n], row[4:4+n], row[8:8+n], out[4:4+n]
			for i := range dst {
				dst[i] = uint8((wa*(int32(left[i])+int32(right[i])) + wc*int32(mid[i]) + 128) >> 8)
			}
		}
	})
	parRows(H, func(lo, hi int) {
		for y := lo; y < hi; y++ {
			up := tmp[4*max(y-1, 0)*W : 4*(max(y-1, 0)+1)*W]
			mid := tmp[4*y*W : 4*(y+1)*W]
			down := tmp[4*min(y+1, H-1)*W : 4*(min(y+1, H-1)+1)*W]
			row := p[4*y*W : 4*(y+1)*W]
			up, mid, down = up[:len(row)], mid[:len(row)], down[:len(row)]
			for i := range row {
				row[i] = uint8((wa*(int32(up[i])+int32(down[i])) + wc*int32(mid[i]) + 128) >> 8)
			}
		}
	})
}

// boxRGBA is one (2r+1) box pass over rows and then columns, on integer
// running sums. The column pass keeps one running sum per column and walks
// the rows in order; columns are split into bands that run in parallel.
func boxRGBA(p []uint8, W, H, r int) {
	div := int32(2*r + 1)
	// s/div rounded, by a multiply and a shift (integer division is slow)
	mul := int64(1<<24) / int64(div)
	parRows(H, func(lo, hi int) {
		tmp := make([]int32, 4*W)
		for y := lo; y < hi; y++ {
			base := 4 * y * W
			for i := 0; i < W; i++ {
				o := base + 4*i
				tmp[4*i], tmp[4*i+1], tmp[4*i+2] = int32(p[o]), int32(p[o+1]), int32(p[o+2])
			}
			var s0, s1, s2 int32
			for i := -r; i <= r; i++ {
				k := 4 * clampi(i, W)
				s0, s1, s2 = s0+tmp[k], s1+tmp[k+1], s2+tmp[k+2]
			}
			for i := 0; i < W; i++ {
				o := base + 4*i
				p[o] = uint8((int64(s0)*mul + 1<<23) >> 24)
				p[o+1] = uint8((int64(s1)*mul + 1<<23) >> 24)
				p[o+2] = uint8((int64(s2)*mul + 1<<23) >> 24)
				a, b := 4*clampi(i+r+1, W), 4*clampi(i-r, W)
				s0 += tmp[a] - tmp[b]
				s1 += tmp[a+1] - tmp[b+1]
				s2 += tmp[a+2] - tmp[b+2]
			}
		}
	})
	// Columns: bands of 64 columns, each copied out (row by row, in
	// order) and summed down with one running sum per column.
	const band = 64
	bands := (W + band - 1) / band
	parRows(bands, func(lo, hi int) {
		for bi := lo; bi < hi; bi++ {
			x0, x1 := bi*band, min(W, (bi+1)*band)
			n := 4 * (x1 - x0)
			cp := make([]uint8, n*H)
			for y := 0; y < H; y++ {
				copy(cp[y*n:(y+1)*n], p[4*(y*W+x0):])
			}
			sums := make([]int32, n)
			for i := -r; i <= r; i++ {
				row := cp[clampi(i, H)*n:]
				for k := 0; k < n; k++ {
					sums[k] += int32(row[k])
				}
			}
			for y := 0; y < H; y++ {
				out := p[4*(y*W+x0) : 4*(y*W+x0)+n]
				for k := 0; k < n; k++ {
					if k&3 != 3 {
						out[k] = uint8((int64(sums[k])*mul + 1<<23) >> 24)
					}
				}
				add, drop := cp[clampi(y+r+1, H)*n:], cp[clampi(y-r, H)*n:]
				for k := 0; k < n; k++ {
					sums[k] += int32(add[k]) - int32(drop[k])
				}
			}
		}
	})
}

// motionBlur averages the image along a line of length px at angle deg.
func motionBlur(img *image.RGBA, px, deg float64) {
	W, H := img.Rect.Dx(), img.Rect.Dy()
	src := append([]uint8(nil), img.Pix...)
	n := int(math.Ceil(px)) + 1
	s, c := math.Sincos(deg * math.Pi / 180)
	type tap struct {
		dx, dy int
		fx, fy float32
	}
	taps := make([]tap, n)
	for i := range taps {
		t := float64((float64(i)/float64(n-1) - 0.5) * px)
		x, y := float64(t*c), float64(t*s)
		fx, fy := math.Floor(x), math.Floor(y)
		taps[i] = tap{int(fx), int(fy), float32(x - fx), float32(y - fy)}
	}
	inv := 1 / float32(n)
	for y := 0; y < H; y++ {
		for x := 0; x < W; x++ {
			var acc [3]float32
			for _, t := range taps {
				x0, y0 := clampi(x+t.dx, W), clampi(y+t.dy, H)
				x1, y1 := clampi(x+t.dx+1, W), clampi(y+t.dy+1, H)
				w00 := float32((1 - t.fx) * (1 - t.fy))
				w10 := float32(t.fx * (1 - t.fy))
				w01 := float32((1 - t.fx) * t.fy)
				w11 := float32(t.fx * t.fy)
				for ch := 0; ch < 3; ch++ {
					acc[ch] += float32(float32(src[4*(y0*W+x0)+ch])*w00) + float32(float32(src[4*(y0*W+x1)+ch])*w10) +
						float32(float32(src[4*(y1*W+x0)+ch])*w01) + float32(float32(src[4*(y1*W+x1)+ch])*w11)
				}
			}
			o := 4 * (y*W + x)
			img.Pix[o] = uint8(float32(acc[0]*inv) + 0.5)
			img.Pix[o+1] = uint8(float32(acc[1]*inv) + 0.5)
			img.Pix[o+2] = uint8(float32(acc[2]*inv) + 0.5)
		}
	}
}

// gaussTable holds standard normal samples for the noise, drawn once from
// a fixed seed so that the noise is the same on every run.
var gaussTable = func() []float32 {
	r := rand.New(rand.NewPCG(1, 2))
	t := make([]float32, 1<<14)
	for i := range t {
		t[i] = float32(r.NormFloat64())
	}
	return t
}()

// addNoise adds sensor noise: Gaussian read noise of sigma levels and shot
// noise whose variance grows with the signal; a luminance part shared by
// the three channels and a smaller colour part.
func addNoise(img *image.RGBA, sigma, shot float64, seed uint64) {
	var sd [256]float32
	for v := range sd {
		sd[v] = float32(math.Sqrt(float64(sigma*sigma) + float64(shot*shot*float64(v))))
	}
	W := img.Rect.Dx()
	const mask = 1<<14 - 1
	p := img.Pix
	// Each chunk of rows has its own generator, seeded by the scene and the
	// chunk, so the noise is the same however the chunks are scheduled.
	parRows(img.Rect.Dy(), func(lo, hi int) {
		s := mix(int64(seed), uint64(lo)+7) | 1
		for i := 4 * lo * W; i < 4*hi*W; i += 4 {
			s ^= s >> 12
			s ^= s << 25
			s ^= s >> 27
			rn := s * 0x2545F4914F6CDD1D
			l := float32(gaussTable[rn&mask] * 0.8)
			for ch := 0; ch < 3; ch++ {
				c := float32(gaussTable[(rn>>(14+14*ch))&mask] * 0.6)
				v := float32(p[i+ch])
				v += float32((l + c) * sd[p[i+ch]])
				if v < 0 {
					v = 0
				} else if v > 255 {
					v = 255
				}
				p[i+ch] = uint8(v + 0.5)
			}
		}
	})
}

// sharpen is an unsharp mask: the picture plus amount times its
// difference from a slightly blurred copy (the halos of phone cameras).
// The blur is kern3's [1/3 1/3 1/3] in both directions, its column pass
// fused with the sharpening so that the picture is read and written once.
func sharpen(img *image.RGBA, amount float64) {
	W, H := img.Rect.Dx(), img.Rect.Dy()
	p := img.Pix
	const wa, wc = 85, 86 // [1/3 1/3 1/3] in 8-bit fixed point, summing to 256
	tmp := make([]uint8, len(p))
	parRows(H, func(lo, hi int) {
		for y := lo; y < hi; y++ {
			row := p[4*y*W : 4*(y+1)*W]
			out := tmp[4*y*W : 4*(y+1)*W]
			for x := 0; x < W; x++ {
				l, r := 4*max(x-1, 0), 4*min(x+1, W-1)
				for ch := 0; ch < 4; ch++ {
					out[4*x+ch] = uint8((wa*(int32(row[l+ch])+int32(row[r+ch])) + wc*int32(row[4*x+ch]) + 128) >> 8)
				}
			}
		}
	})
	k := int32(float64(amount*256) + 0.5)
	parRows(H, func(lo, hi int) {
		for y := lo; y < hi; y++ {
			up := tmp[4*max(y-1, 0)*W:]
			mid := tmp[4*y*W:]
			down := tmp[4*min(y+1, H-1)*W:]
			row := p[4*y*W : 4*(y+1)*W]
			up, mid, down = up[:len(row)], mid[:len(row)], down[:len(row)]
			for i := range row {
				soft := (wa*(int32(up[i])+int32(down[i])) + wc*int32(mid[i]) + 128) >> 8
				v := int32(row[i])
				v += ((v - soft) * k) >> 8
				if v < 0 {
					v = 0
				} else if v > 255 {
					v = 255
				}
				row[i] = uint8(v)
			}
		}
	})
}

// tableGloss is how shiny each table top is (it scales the glare).
var tableGloss = map[string]float64{"wood": 0.6, "felt": 0.15, "cloth": 0.3, "laminate": 1, "lace": 0.8}

// glareSpot is where the light's mirror image on the table appears in the
// picture, and how strong it is there: the point P of the table from which
// the camera sees the light reflected (P = C + C.z (lx, ly)/lz for a
// distant light l). GlareAt, when set, places it instead.
func (w *world) glareSpot() (x, y, strength float64) {
	o := w.opt
	if o.Glare <= 0 {
		return 0, 0, 0
	}
	if o.GlareAt != [2]float64{} {
		return float64(o.GlareAt[0] * float64(o.Width)), float64(o.GlareAt[1] * float64(o.Height)), o.Glare
	}
	if w.light.Z <= 0.05 {
		return 0, 0, 0
	}
	c := w.cam.pos
	p := vec3{c.X + c.Z*w.light.X/w.light.Z, c.Y + c.Z*w.light.Y/w.light.Z, 0}
	if w.cam.toCam(p).Z <= 0 {
		return 0, 0, 0
	}
	q := w.cam.project(p)
	g := tableGloss[o.Table]
	if g == 0 {
		g = 0.5
	}
	return q.X, q.Y, float64(o.Glare * g)
}

// MotionBlur smears img in place along a straight line of length px
// pixels at deg degrees (0 along x, 90 down), as the scenes' motion blur
// does (Options.MotionPx, MotionDeg): for tools that shake a real photo.
func MotionBlur(img *image.RGBA, px, deg float64) {
	if px > 0.5 {
		motionBlur(img, px, deg)
	}
}
