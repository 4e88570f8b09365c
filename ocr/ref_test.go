package ocr

// The reference computation: the reader as it was before it was tuned for
// speed (commit 03b4157), kept here verbatim apart from the names and the
// exposure step added later (expose, shared with the fast path), so that
// TestOptimisedMatchesReference can prove that the fast path reads every
// crop the same way.

import (
	"image"
	"image/color"
	"math"
)

// toRGB converts img to a float RGB image whose longer side is at most
// maxSide, averaging the source pixels that fall in each target pixel.
// Small images are kept at their own size. Common concrete image types are
// read directly; others go through the color.Model.
func refToRGB(img image.Image, maxSide int, ar *arena) *rgbImage {
	b := img.Bounds()
	sw, sh := b.Dx(), b.Dy()
	tw, th := sw, sh
	if sw > maxSide || sh > maxSide {
		if sw >= sh {
			tw = maxSide
			th = max(1, (sh*maxSide+sw/2)/sw)
		} else {
			th = maxSide
			tw = max(1, (sw*maxSide+sh/2)/sh)
		}
	}
	n := tw * th
	out := &rgbImage{W: tw, H: th, R: ar.floats(n), G: ar.floats(n), B: ar.floats(n)}
	cnt := ar.floats(n)
	// Column and row of the target pixel for each source column and row.
	xmap := ar.ints(sw)
	for x := range xmap {
		xmap[x] = int32(x * tw / sw)
	}
	ymap := ar.ints(sh)
	for y := range ymap {
		ymap[y] = int32(y * th / sh)
	}
	add := func(x, y int, r, g, bl uint8) {
		i := int(ymap[y])*tw + int(xmap[x])
		out.R[i] += float32(r)
		out.G[i] += float32(g)
		out.B[i] += float32(bl)
		cnt[i]++
	}
	switch m := img.(type) {
	case *image.RGBA:
		// the common case, without the per-pixel call
		for y := 0; y < sh; y++ {
			row := m.Pix[(y+b.Min.Y-m.Rect.Min.Y)*m.Stride+(b.Min.X-m.Rect.Min.X)*4:]
			row = row[:4*sw]
			base := int(ymap[y]) * tw
			R, G, B, C := out.R[base:base+tw], out.G[base:base+tw], out.B[base:base+tw], cnt[base:base+tw]
			for x := 0; x < sw; x++ {
				i := xmap[x]
				R[i] += float32(row[4*x])
				G[i] += float32(row[4*x+1])
				B[i] += float32(row[4*x+2])
				C[i]++
			}
		}
	case *image.NRGBA:
		for y := 0; y < sh; y++ {
			row := m.Pix[(y+b.Min.Y-m.Rect.Min.Y)*m.Stride+(b.Min.X-m.Rect.Min.X)*4:]
			for x := 0; x < sw; x++ {
				a := uint16(row[4*x+3])
				add(x, y, uint8(uint16(row[4*x])*a/255), uint8(uint16(row[4*x+1])*a/255), uint8(uint16(row[4*x+2])*a/255))
			}
		}
	case *image.Gray:
		for y := 0; y < sh; y++ {
			row := m.Pix[(y+b.Min.Y-m.Rect.Min.Y)*m.Stride+(b.Min.X-m.Rect.Min.X):]
			for x := 0; x < sw; x++ {
				v := row[x]
				add(x, y, v, v, v)
			}
		}
	case *image.YCbCr:
		for y := 0; y < sh; y++ {
			for x := 0; x < sw; x++ {
				yi := m.YOffset(x+b.Min.X, y+b.Min.Y)
				ci := m.COffset(x+b.Min.X, y+b.Min.Y)
				r, g, bl := color.YCbCrToRGB(m.Y[yi], m.Cb[ci], m.Cr[ci])
				add(x, y, r, g, bl)
			}
		}
	default:
		for y := 0; y < sh; y++ {
			for x := 0; x < sw; x++ {
				r, g, bl, _ := img.At(x+b.Min.X, y+b.Min.Y).RGBA()
				add(x, y, uint8(r>>8), uint8(g>>8), uint8(bl>>8))
			}
		}
	}
	for i := range cnt {
		s := 1 / (255 * cnt[i])
		out.R[i] *= s
		out.G[i] *= s
		out.B[i] *= s
	}
	return out
}

// gray returns the luma of the image.
func refGray(im *rgbImage, ar *arena) *grayImage {
	g := &grayImage{W: im.W, H: im.H, Pix: ar.floats(im.W * im.H)}
	for i := range g.Pix {
		g.Pix[i] = 0.299*im.R[i] + 0.587*im.G[i] + 0.114*im.B[i]
	}
	return g
}

func refNormalize(rgb *rgbImage, ar *arena) *analysis {
	g := refGray(rgb, ar)
	var gsd, gmean float64
	for _, v := range g.Pix {
		gmean += float64(v)
	}
	gmean /= float64(len(g.Pix))
	for _, v := range g.Pix {
		d := float64(v) - gmean
		gsd += d * d
	}
	gsd = math.Sqrt(gsd / float64(len(g.Pix)))
	expose(rgb, g) // added after tuning: after the flatness, which stays absolute
	W, H := g.W, g.H
	cxImg, cyImg := float64(W)/2, float64(H)/2

	// 3. Otsu over the central half.
	var hist [64]float64
	x0c, x1c := W/4, W-W/4
	y0c, y1c := H/4, H-H/4
	if x1c <= x0c {
		x0c, x1c = 0, W
	}
	if y1c <= y0c {
		y0c, y1c = 0, H
	}
	total := 0.0
	for y := y0c; y < y1c; y++ {
		for x := x0c; x < x1c; x++ {
			v := g.Pix[y*W+x]
			b := int(v * 63.999)
			b = min(max(b, 0), 63)
			hist[b]++
			total++
		}
	}
	var sumAll float64
	for i, h := range hist {
		sumAll += float64(i) * h
	}
	bestT, bestVar := 0, -1.0
	var w0, s0 float64
	for t := 0; t < 63; t++ {
		w0 += hist[t]
		s0 += float64(t) * hist[t]
		w1 := total - w0
		if w0 == 0 || w1 == 0 {
			continue
		}
		m0, m1 := s0/w0, (sumAll-s0)/w1
		v := w0 * w1 * (m0 - m1) * (m0 - m1)
		if v > bestVar {
			bestVar, bestT = v, t
		}
	}
	thr := float32(bestT+1) / 64
	var dSum, dN, lSum, lN float64
	for y := y0c; y < y1c; y++ {
		for x := x0c; x < x1c; x++ {
			v := float64(g.Pix[y*W+x])
			if float32(v) < thr {
				dSum += v
				dN++
			} else {
				lSum += v
				lN++
			}
		}
	}
	muDark, muLight := 0.0, 1.0
	if dN > 0 {
		muDark = dSum / dN
	}
	if lN > 0 {
		muLight = lSum / lN
	}
	if dN == 0 {
		muDark = muLight
	}
	if lN == 0 {
		muLight = muDark
	}
	darkInk := dN <= lN
	muInk, muFace := muDark, muLight
	inkFrac := dN / math.Max(total, 1)
	if !darkInk {
		muInk, muFace = muLight, muDark
		inkFrac = lN / math.Max(total, 1)
	}
	ink := ar.bools(W * H)
	for i, v := range g.Pix {
		ink[i] = (v < thr) == darkInk
	}

	// 2. Rotation modulo 90 degrees: candidates from the peaks of the
	// histogram of gradient orientations (folded to 0..90: tile edges and
	// upright strokes agree there, a diagonal stroke makes a lesser peak)
	// and from the outline of the tile face.
	// The histogram is only computed when needed: when the outline gives
	// no estimate, or when the reading at the outline's angle is not sure.
	histPeaks := func() (p1, p2 int, strong2 bool) {
		var hist90 [90]float64
		{
			sigma := 0.35 * float64(max(W, H))
			inv := 1 / (2 * sigma * sigma)
			wx := make([]float64, W)
			for x := range wx {
				d := float64(x) + 0.5 - cxImg
				wx[x] = math.Exp(-d * d * inv)
			}
			for y := 1; y < H-1; y++ {
				d := float64(y) + 0.5 - cyImg
				wy := math.Exp(-d * d * inv)
				row := g.Pix[y*W : (y+1)*W]
				up := g.Pix[(y-1)*W : y*W]
				down := g.Pix[(y+1)*W : (y+2)*W]
				for x := 1; x < W-1; x++ {
					gx := row[x+1] - row[x-1]
					gy := down[x] - up[x]
					m2 := gx*gx + gy*gy
					if m2 < 4e-4 {
						continue
					}
					// visual counter-clockwise angle of the gradient, mod 90
					a := fastAtan2Deg(-gy, gx)
					b := int(a) % 90
					if b < 0 {
						b += 90
					}
					hist90[b] += wy * wx[x] * math.Sqrt(float64(m2))
				}
			}
		}
		var sm [90]float64
		for b := range sm {
			for d := -3; d <= 3; d++ {
				sm[b] += hist90[(b+d+90)%90] * float64(4-abs(d))
			}
		}
		p1 = 0
		for b := range sm {
			if sm[b] > sm[p1] {
				p1 = b
			}
		}
		p2 = -1
		for b := range sm {
			if circDist90(b, p1) < 12 {
				continue
			}
			if p2 < 0 || sm[b] > sm[p2] {
				p2 = b
			}
		}
		return p1, p2, p2 >= 0 && sm[p2] > 0.5*sm[p1]
	}

	// Candidates, most trusted first: the face outline, the histogram's
	// peak, its runner-up. Close ones are merged.
	var cands []float64
	addCand := func(a float64) {
		for _, c := range cands {
			if circDistF(a, c) < 4 {
				return
			}
		}
		cands = append(cands, a)
	}
	addHist := func() {
		p1, p2, strong2 := histPeaks()
		addCand(float64(p1) + 0.5)
		if strong2 {
			addCand(float64(p2) + 0.5)
		}
	}
	lazy := false
	if sa, ok := refShapeAlpha(ink, W, H, ar); ok {
		addCand(sa)
		lazy = true
	} else {
		addHist()
	}

	// 4. Components.
	labels := ar.ints(W * H)
	for i := range labels {
		labels[i] = -1
	}
	var comps []component
	stack := make([]int32, 0, 256)
	for start := 0; start < W*H; start++ {
		if labels[start] >= 0 || !ink[start] {
			continue
		}
		id := int32(len(comps))
		c := component{x0: W, y0: H, x1: -1, y1: -1, label: id}
		labels[start] = id
		stack = append(stack[:0], int32(start))
		var sx, sy int
		for len(stack) > 0 {
			p := int(stack[len(stack)-1])
			stack = stack[:len(stack)-1]
			x, y := p%W, p/W
			c.area++
			sx += x
			sy += y
			c.x0, c.x1 = min(c.x0, x), max(c.x1, x)
			c.y0, c.y1 = min(c.y0, y), max(c.y1, y)
			if x == 0 || y == 0 || x == W-1 || y == H-1 {
				c.touches = true
			}
			if x > 0 && labels[p-1] < 0 && ink[p-1] {
				labels[p-1] = id
				stack = append(stack, int32(p-1))
			}
			if x < W-1 && labels[p+1] < 0 && ink[p+1] {
				labels[p+1] = id
				stack = append(stack, int32(p+1))
			}
			if y > 0 && labels[p-W] < 0 && ink[p-W] {
				labels[p-W] = id
				stack = append(stack, int32(p-W))
			}
			if y < H-1 && labels[p+W] < 0 && ink[p+W] {
				labels[p+W] = id
				stack = append(stack, int32(p+W))
			}
		}
		c.cx = float64(sx)/float64(c.area) + 0.5
		c.cy = float64(sy)/float64(c.area) + 0.5
		comps = append(comps, c)
	}
	minArea := max(3, W*H/500)
	sigma := 0.22 * float64(max(W, H))
	main, mainScore := -1, 0.0
	for i, c := range comps {
		if c.touches || c.area < minArea {
			continue
		}
		dx, dy := c.cx-cxImg, c.cy-cyImg
		s := float64(c.area) * math.Exp(-(dx*dx+dy*dy)/(2*sigma*sigma))
		if s > mainScore {
			main, mainScore = i, s
		}
	}
	sel := make([]bool, len(comps))
	nSel := 0
	if main >= 0 {
		m := comps[main]
		pad := int(math.Ceil(0.12 * float64(max(m.x1-m.x0+1, m.y1-m.y0+1))))
		ex0, ex1, ey0, ey1 := m.x0-pad, m.x1+pad, m.y0-pad, m.y1+pad
		for i, c := range comps {
			if c.touches || c.area*100 < m.area {
				continue
			}
			if c.x1 < ex0 || c.x0 > ex1 || c.y1 < ey0 || c.y0 > ey1 {
				continue
			}
			sel[i] = true
			nSel++
		}
	}

	// Colour and context statistics do not depend on the rotation: they
	// are computed once, on the first call of finish.
	var statsDone bool
	var imgMean, fr, fg, fb, border, sd float64
	finish := func(alpha float64) *normalized {
		n := &normalized{alpha: alpha}
		rad := n.alpha * math.Pi / 180
		cosA, sinA := math.Cos(rad), math.Sin(rad)
		var uc, vc, side float64
		if nSel == 0 {
			n.noInk = true
			side = 0.5 * float64(min(W, H))
		} else {
			minU, minV := math.Inf(1), math.Inf(1)
			maxU, maxV := math.Inf(-1), math.Inf(-1)
			bx0, by0, bx1, by1 := W, H, -1, -1
			for i, c := range comps {
				if sel[i] {
					bx0, by0, bx1, by1 = min(bx0, c.x0), min(by0, c.y0), max(bx1, c.x1), max(by1, c.y1)
				}
			}
			for y := by0; y <= by1; y++ {
				for x := bx0; x <= bx1; x++ {
					l := labels[y*W+x]
					if l < 0 || !sel[l] {
						continue
					}
					dx := float64(x) + 0.5 - cxImg
					dy := float64(y) + 0.5 - cyImg
					u := dx*cosA - dy*sinA
					v := dx*sinA + dy*cosA
					minU, maxU = math.Min(minU, u), math.Max(maxU, u)
					minV, maxV = math.Min(minV, v), math.Max(maxV, v)
				}
			}
			uc, vc = (minU+maxU)/2, (minV+maxV)/2
			side = math.Max(maxU-minU+1, maxV-minV+1)
		}
		side = math.Max(side, 4)

		den := muFace - muInk
		if math.Abs(den) < 0.15 {
			if den < 0 {
				den = -0.15
			} else {
				den = 0.15
			}
		}
		if !statsDone {
			statsDone = true
			for _, v := range g.Pix {
				imgMean += float64(v)
			}
			imgMean /= float64(len(g.Pix))
			fr, fg, fb, border, sd = refFaceStats(rgb, g, ink, x0c, x1c, y0c, y1c, imgMean)
		}

		sample := func(dst []float32, size int, span float64, fill float32) {
			step := span / float64(size)
			inv := 1 / den
			// image position of patch pixel (i, j): origin + i*du + j*dv
			dux, duy := step*cosA, -step*sinA
			dvx, dvy := step*sinA, step*cosA
			u0 := uc + (0.5-float64(size)/2)*step
			v0 := vc + (0.5-float64(size)/2)*step
			ox := cxImg + u0*cosA + v0*sinA - 0.5
			oy := cyImg - u0*sinA + v0*cosA - 0.5
			fW, fH := float64(W-1), float64(H-1)
			for j := 0; j < size; j++ {
				x := ox + float64(j)*dvx
				y := oy + float64(j)*dvy
				for i := 0; i < size; i++ {
					var s float64
					if x < 0 || y < 0 || x > fW || y > fH {
						s = float64(fill)
						if x > -1 && y > -1 && x < fW+1 && y < fH+1 {
							s = float64(g.bilinear(x+0.5, y+0.5, fill))
						}
					} else {
						x0, y0 := int(x), int(y)
						fx, fy := float32(x-float64(x0)), float32(y-float64(y0))
						x1, y1 := min(x0+1, W-1), min(y0+1, H-1)
						r0 := g.Pix[y0*W:]
						r1 := g.Pix[y1*W:]
						a := r0[x0]*(1-fx) + r0[x1]*fx
						b := r1[x0]*(1-fx) + r1[x1]*fx
						s = float64(a*(1-fy) + b*fy)
					}
					t := (s - muInk) * inv
					dst[j*size+i] = float32(math.Min(math.Max(t, -0.25), 1.25))
					x += dux
					y += duy
				}
			}
		}
		sample(n.patch[:], patchSide, side*letterPad, float32(muFace))
		sample(n.ctx[:], ctxSide, side*contextPad, float32(imgMean))

		mx := math.Max(fr, math.Max(fg, fb))
		mn := math.Min(fr, math.Min(fg, fb))
		pol := float32(1)
		if !darkInk {
			pol = -1
		}
		noInk := float32(0)
		if n.noInk {
			noInk = 1
		}
		n.colour = [numColour]float32{
			float32(fr), float32(fg), float32(fb),
			float32(mx - mn),
			float32(math.Abs(muFace - muInk)),
			float32(inkFrac),
			pol,
			float32(side / float64(min(W, H))),
			float32(min(nSel, 4)) / 4,
			noInk,
			float32(muFace - border),
			float32(sd),
		}
		return n
	}
	// A flat crop (no visible edge or ink at all) holds no tile.
	a := &analysis{cands: cands, finish: finish, flat: gsd < flatSD}
	if lazy {
		a.more = func() []float64 {
			addHist()
			return cands
		}
	}
	return a
}

// shapeAlpha estimates the rotation modulo 90 degrees from the outline of
// the face region that holds the centre of the crop: the non-ink component
// at the centre, with its holes (the letter) filled. It reports false when
// too little outline is visible (the tile fills the crop).
func refShapeAlpha(ink []bool, W, H int, ar *arena) (float64, bool) {
	face := ar.bytes(W * H) // 1: face component
	// seed: the non-ink pixel nearest the centre
	seed := -1
	for r := 0; r < min(W, H)/4 && seed < 0; r++ {
		for dy := -r; dy <= r && seed < 0; dy++ {
			for dx := -r; dx <= r; dx++ {
				x, y := W/2+dx, H/2+dy
				if x >= 0 && y >= 0 && x < W && y < H && !ink[y*W+x] {
					seed = y*W + x
					break
				}
			}
		}
	}
	if seed < 0 {
		return 0, false
	}
	stack := []int32{int32(seed)}
	face[seed] = 1
	for len(stack) > 0 {
		p := int(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		x, y := p%W, p/W
		visit := func(q int) {
			if face[q] == 0 && !ink[q] {
				face[q] = 1
				stack = append(stack, int32(q))
			}
		}
		if x > 0 {
			visit(p - 1)
		}
		if x < W-1 {
			visit(p + 1)
		}
		if y > 0 {
			visit(p - W)
		}
		if y < H-1 {
			visit(p + W)
		}
	}
	// Fill holes: everything not reachable from the border without
	// crossing the face is part of the tile.
	outside := ar.bools(W * H)
	stack = stack[:0]
	for x := 0; x < W; x++ {
		for _, y := range [2]int{0, H - 1} {
			if p := y*W + x; face[p] == 0 && !outside[p] {
				outside[p] = true
				stack = append(stack, int32(p))
			}
		}
	}
	for y := 0; y < H; y++ {
		for _, x := range [2]int{0, W - 1} {
			if p := y*W + x; face[p] == 0 && !outside[p] {
				outside[p] = true
				stack = append(stack, int32(p))
			}
		}
	}
	for len(stack) > 0 {
		p := int(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		x, y := p%W, p/W
		visit := func(q int) {
			if face[q] == 0 && !outside[q] {
				outside[q] = true
				stack = append(stack, int32(q))
			}
		}
		if x > 0 {
			visit(p - 1)
		}
		if x < W-1 {
			visit(p + 1)
		}
		if y > 0 {
			visit(p - W)
		}
		if y < H-1 {
			visit(p + W)
		}
	}
	// Orientation of the filled shape's edges (3x3 Sobel on the 0/1 mask).
	mask := ar.floats(W * H)
	area := 0
	for i, o := range outside {
		if !o {
			mask[i] = 1
		}
	}
	var re, im, total float64
	for y := 1; y < H-1; y++ {
		up, row, down := mask[(y-1)*W:y*W], mask[y*W:(y+1)*W], mask[(y+1)*W:(y+2)*W]
		for x := 1; x < W-1; x++ {
			if row[x] != 0 {
				area++
			}
			gx := float64((up[x+1] + 2*row[x+1] + down[x+1]) - (up[x-1] + 2*row[x-1] + down[x-1]))
			gy := float64((down[x-1] + 2*down[x] + down[x+1]) - (up[x-1] + 2*up[x] + up[x+1]))
			m2 := gx*gx + gy*gy
			if m2 == 0 {
				continue
			}
			m := math.Sqrt(m2)
			a := gx*gx - gy*gy
			b := 2 * gx * gy
			// (gx+i gy)^4 / |g|^3: weight |g|
			re += (a*a - b*b) / (m2 * m)
			im += (2 * a * b) / (m2 * m)
			total += m
		}
	}
	// The outline of a square of this area is about 4*sqrt(area) pixels
	// long (Sobel magnitude 4 per pixel of edge): want most of it, and a
	// clear common direction.
	if area < W*H/10 || area > W*H*9/10 || total < 0.6*4*4*math.Sqrt(float64(area)) {
		return 0, false
	}
	if math.Hypot(re, im) < 0.3*total {
		return 0, false
	}
	phi := math.Atan2(im, re) / 4 * 180 / math.Pi
	return math.Mod(-phi+360, 90), true
}

// faceStats returns the mean colour of the face (non-ink pixels of the
// centre), the mean grey of the crop's outer two-pixel frame, and the grey
// standard deviation of the crop.
func refFaceStats(rgb *rgbImage, g *grayImage, ink []bool, x0c, x1c, y0c, y1c int, mean float64) (fr, fg, fb, border, sd float64) {
	W, H := g.W, g.H
	var fn float64
	for y := y0c; y < y1c; y++ {
		for x := x0c; x < x1c; x++ {
			i := y*W + x
			if ink[i] {
				continue
			}
			fr += float64(rgb.R[i])
			fg += float64(rgb.G[i])
			fb += float64(rgb.B[i])
			fn++
		}
	}
	if fn > 0 {
		fr, fg, fb = fr/fn, fg/fn, fb/fn
	}
	var bSum, bN float64
	for y := 0; y < H; y++ {
		for x := 0; x < W; x++ {
			if x > 1 && y > 1 && x < W-2 && y < H-2 {
				continue
			}
			bSum += float64(g.Pix[y*W+x])
			bN++
		}
	}
	border = bSum / math.Max(bN, 1)
	for _, v := range g.Pix {
		d := float64(v) - mean
		sd += d * d
	}
	sd = math.Sqrt(sd / float64(len(g.Pix)))
	return
}

// features writes the feature vector of n into dst (len numFeature).
func refFeatures(n *normalized, dst []float32) {
	off := 0
	refHog(n.patch[:], patchSide, hogCells, hogBins, true, dst[off:off+hogCells*hogCells*hogBins])
	off += hogCells * hogCells * hogBins
	// Low-resolution pixels.
	step := patchSide / pixCells
	for cy := 0; cy < pixCells; cy++ {
		for cx := 0; cx < pixCells; cx++ {
			var s float32
			for y := cy * step; y < (cy+1)*step; y++ {
				for x := cx * step; x < (cx+1)*step; x++ {
					s += n.patch[y*patchSide+x]
				}
			}
			dst[off] = s / float32(step*step)
			off++
		}
	}
	refHog(n.ctx[:], ctxSide, ctxCells, ctxBins, false, dst[off:off+ctxCells*ctxCells*ctxBins])
	off += ctxCells * ctxCells * ctxBins
	copy(dst[off:], n.colour[:])
}

// hog computes a cells x cells x bins histogram of gradient orientations of
// the size x size image p, with bilinear interpolation between cells and
// between orientation bins, then L2-normalises it and takes square roots.
func refHog(p []float32, size, cells, bins int, signed bool, dst []float32) {
	clear(dst)
	cellW := float64(size) / float64(cells)
	span := 2 * math.Pi
	if !signed {
		span = math.Pi
	}
	binW := span / float64(bins)
	for y := 1; y < size-1; y++ {
		for x := 1; x < size-1; x++ {
			gx := float64(p[y*size+x+1] - p[y*size+x-1])
			gy := float64(p[(y+1)*size+x] - p[(y-1)*size+x])
			m := math.Sqrt(gx*gx + gy*gy)
			if m < 1e-4 {
				continue
			}
			a := fastAtan2Deg(float32(gy), float32(gx)) * (math.Pi / 180)
			if !signed && a >= math.Pi {
				a -= math.Pi
			}
			fb := a/binW + 0.5 // shifted by one bin so that it is >= 0
			b0 := int(fb)
			wb1 := fb - float64(b0)
			b0--
			b1 := b0 + 1
			b0 = (b0 + bins) % bins
			b1 = b1 % bins
			// Cell coordinates of the pixel centre (shifted by one cell).
			fx := (float64(x)+0.5)/cellW + 0.5
			fy := (float64(y)+0.5)/cellW + 0.5
			cx0 := int(fx)
			cy0 := int(fy)
			fx -= 1
			fy -= 1
			cx0--
			cy0--
			wx1 := fx - float64(cx0)
			wy1 := fy - float64(cy0)
			for dy := 0; dy < 2; dy++ {
				cy := cy0 + dy
				if cy < 0 || cy >= cells {
					continue
				}
				wy := wy1
				if dy == 0 {
					wy = 1 - wy1
				}
				for dx := 0; dx < 2; dx++ {
					cx := cx0 + dx
					if cx < 0 || cx >= cells {
						continue
					}
					wx := wx1
					if dx == 0 {
						wx = 1 - wx1
					}
					w := m * wx * wy
					base := (cy*cells + cx) * bins
					dst[base+b0] += float32(w * (1 - wb1))
					dst[base+b1] += float32(w * wb1)
				}
			}
		}
	}
	var ss float64
	for _, v := range dst {
		ss += float64(v) * float64(v)
	}
	if ss == 0 {
		return
	}
	inv := 1 / math.Sqrt(ss)
	for i, v := range dst {
		dst[i] = float32(math.Sqrt(float64(v) * inv))
	}
}

// forward computes soft-max probabilities into s.out.
func (c *Classifier) refForward(s *scratch) {
	m := c.m
	x := s.feat
	if m.Hidden > 0 {
		for h := 0; h < m.Hidden; h++ {
			s.hidden[h] = max(0, c.b1[h]+refDot(c.w1[h*m.Features:(h+1)*m.Features], x))
		}
		x = s.hidden
	}
	in := len(x)
	mx := float32(math.Inf(-1))
	for o := range s.out {
		v := c.b[o] + refDot(c.w[o*in:(o+1)*in], x)
		s.out[o] = v
		mx = max(mx, v)
	}
	var sum float32
	for o, v := range s.out {
		e := float32(math.Exp(float64(v - mx)))
		s.out[o] = e
		sum += e
	}
	for o := range s.out {
		s.out[o] /= sum
	}
}

func (c *Classifier) refDecide(s *scratch, alpha float64) Reading {
	c.refForward(s)
	T := c.m.Turns
	bestG, bestP := 0, float32(-1)
	for g := range c.m.Glyphs {
		var p float32
		for k := 0; k < T; k++ {
			p += s.out[g*T+k]
		}
		if p > bestP {
			bestG, bestP = g, p
		}
	}
	letter := c.m.Glyphs[bestG]
	if letter == "" {
		return Reading{Conf: float64(bestP)}
	}
	bestK := 0
	for k := 1; k < T; k++ {
		if s.out[bestG*T+k] > s.out[bestG*T+bestK] {
			bestK = k
		}
	}
	angle := math.Mod(alpha+float64(bestK)*360/float64(T), 360)
	return Reading{Letter: letter, Conf: float64(bestP), Angle: angle}
}

// Read implements Reader.
func (c *Classifier) refRead(tile image.Image) (Reading, error) {
	if err := checkImage(tile); err != nil {
		return Reading{}, err
	}
	ar := arenas.Get().(*arena)
	defer func() { ar.reset(); arenas.Put(ar) }()
	a := refNormalize(refToRGB(tile, workSide, ar), ar)
	if a.flat {
		return Reading{Conf: 1}, nil
	}
	s := c.pool.Get().(*scratch)
	defer c.pool.Put(s)
	// Each candidate rotation is tried; the most confident reading wins.
	var best Reading
	for i := 0; i < len(a.cands); i++ {
		alpha := a.cands[i]
		refFeatures(a.finish(alpha), s.feat)
		r := c.refDecide(s, alpha)
		if i == 0 || r.Conf > best.Conf {
			best = r
		}
		if best.Conf >= sureEnough {
			break
		}
		if i == len(a.cands)-1 && a.more != nil {
			a.cands, a.more = a.more(), nil
		}
	}
	return best, nil
}

// refDot rounds each product before adding it, as SSE's mulps/addps do
// (the conversions keep arm64's compiler from fusing them).
func refDot(a, b []float32) float32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		s0 += float32(a[i] * b[i])
		s1 += float32(a[i+1] * b[i+1])
		s2 += float32(a[i+2] * b[i+2])
		s3 += float32(a[i+3] * b[i+3])
	}
	for ; i < len(a); i++ {
		s0 += float32(a[i] * b[i])
	}
	return s0 + s1 + s2 + s3
}
