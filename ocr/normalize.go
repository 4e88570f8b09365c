package ocr

import (
	"math"
)

// Normalisation turns a crop of any size into what the classifier sees:
//
//  1. the crop is reduced to a small working image (longer side workSide);
//  2. the tile's rotation modulo 90 degrees is estimated from the gradient
//     orientations (tile edges and letter strokes are both square to the
//     tile: the fourth power of the gradient, as a complex number, averages
//     them into one direction);
//  3. Otsu's threshold over the centre of the crop splits ink from tile face;
//     ink is the minority class there, so light-on-dark tiles work too;
//  4. the letter is the ink component that is large and near the centre,
//     together with the small pieces close to it (dots, breves, the u of
//     Qu); components touching the crop border are background;
//  5. a patchSide x patchSide patch is sampled around the letter, turned by
//     the estimated angle and scaled to the letter's larger side, with ink
//     mapped to 0 and face to 1; a coarser context patch around it shows
//     the tile's edges (or their absence, on a board square).
//
// The quarter turn that remains is the classifier's job: its classes are
// (glyph, quarter turn) pairs.

const (
	workSide   = 56 // longer side of the working image, pixels
	patchSide  = 32 // letter patch, pixels
	ctxSide    = 16 // context patch, pixels
	letterPad  = 1.25
	contextPad = 2.4
)

// normalized is a crop made ready for feature extraction.
type normalized struct {
	patch  [patchSide * patchSide]float32
	ctx    [ctxSide * ctxSide]float32
	colour [numColour]float32
	// alpha is the estimated rotation modulo 90 degrees, in degrees,
	// counter-clockwise positive, in [0, 90).
	alpha float64
	noInk bool
}

const numColour = 12

// flatSD is the grey-level standard deviation below which a crop is flat.
const flatSD = 0.015

// component is one 4-connected ink region of the working image.
type component struct {
	area           int
	x0, y0, x1, y1 int // inclusive bounding box
	cx, cy         float64
	touches        bool
	label          int32
}

// analysis is a crop analysed up to the rotation: candidate rotations
// (modulo 90 degrees, the most likely first) and the rest of the
// normalisation for a chosen one.
type analysis struct {
	flat  bool // too little contrast to hold a tile
	cands []float64
	// more, when not nil, computes the remaining candidates and returns
	// the whole list.
	more   func() []float64
	finish func(alpha float64) *normalized
}

func normalize(rgb *rgbImage, ar *arena) *analysis {
	g := rgb.gray(ar)
	st := grayMeanSD(g)
	return normalizeGrayRot(rgb, g, st.sd < flatSD, true, ar, unexposed(rgb, g, st))
}

// normalizeUpright is normalize for a crop whose letter is known to
// stand upright (FeaturesUpright): the rotation is not estimated, so the
// analysis has no candidates and only its finish(0) is meaningful. The
// estimate (step 2: the face outline, the gradient histogram) was a
// sixth of a face read's normalisation, and finish does not depend on
// it.
func normalizeUpright(rgb *rgbImage, ar *arena) *analysis {
	g := rgb.gray(ar)
	st := grayMeanSD(g)
	return normalizeGrayRot(rgb, g, st.sd < flatSD, false, ar, unexposed(rgb, g, st))
}

// unexposed exposes the crop (expose) and returns st, the grey image's
// statistics taken before, when that left the grey image as it was
// (they are then its statistics still), or no statistics when it
// brightened it.
func unexposed(rgb *rgbImage, g *grayImage, st grayStats) grayStats {
	if expose(rgb, g) {
		return grayStats{}
	}
	return st
}

// flatGray reports whether a grey working image is flat: its standard
// deviation is below flatSD, too little contrast to hold a tile.
func flatGray(g *grayImage) bool { return grayMeanSD(g).sd < flatSD }

// grayStats are a grey working image's mean and standard deviation; ok
// says they were taken (the zero value: not taken).
type grayStats struct {
	mean, sd float64
	ok       bool
}

// grayMeanSD is the mean of a grey working image and its standard
// deviation about that mean, each summed pixel by pixel in order: the
// flatness test and the normalisation's context statistics (finish)
// both use them, and a crop that expose leaves as it is takes them once.
func grayMeanSD(g *grayImage) grayStats {
	var sum float64
	for _, v := range g.Pix {
		sum += float64(v)
	}
	mean := sum / float64(len(g.Pix))
	var ss float64
	for _, v := range g.Pix {
		d := float64(v) - mean
		ss += d * d
	}
	return grayStats{mean: mean, sd: math.Sqrt(ss / float64(len(g.Pix))), ok: true}
}

// normalizeGray is normalize given the working image's luma g and
// whether it is flat (flatGray).
func normalizeGray(rgb *rgbImage, g *grayImage, flat bool, ar *arena) *analysis {
	return normalizeGrayRot(rgb, g, flat, true, ar, grayStats{})
}

// normalizeGrayRot is normalizeGray, with the rotation's candidates
// estimated only when rotations is true (normalizeUpright). known, when
// ok, is g's mean and standard deviation (grayMeanSD) already taken;
// otherwise finish takes them.
func normalizeGrayRot(rgb *rgbImage, g *grayImage, flat, rotations bool, ar *arena, known grayStats) *analysis {
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
	if rotations { // upright (normalizeUpright): no candidates
		if sa, ok := shapeAlpha(ink, W, H, ar); ok {
			addCand(sa)
			lazy = true
		} else {
			addHist()
		}
	}

	// 4. Components.
	labels := ar.ints(W * H)
	for i := range labels {
		labels[i] = -1
	}
	comps := ar.components(256)
	stack := ar.ints(W * H)[:0]
	for start := 0; start < W*H; start++ {
		if labels[start] >= 0 || !ink[start] {
			continue
		}
		id := int32(len(comps))
		c := component{x0: W, y0: H, x1: -1, y1: -1, label: id}
		labels[start] = id
		// (x, y) packed as y<<16 | x: no division per pixel
		stack = append(stack[:0], int32(start/W)<<16|int32(start%W))
		var sx, sy int
		for len(stack) > 0 {
			xy := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := int(xy&0xffff), int(xy>>16)
			p := y*W + x
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
				stack = append(stack, xy-1)
			}
			if x < W-1 && labels[p+1] < 0 && ink[p+1] {
				labels[p+1] = id
				stack = append(stack, xy+1)
			}
			if y > 0 && labels[p-W] < 0 && ink[p-W] {
				labels[p-W] = id
				stack = append(stack, xy-1<<16)
			}
			if y < H-1 && labels[p+W] < 0 && ink[p+W] {
				labels[p+W] = id
				stack = append(stack, xy+1<<16)
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
	sel := ar.bools(len(comps))
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
		// With an arena, the result lives there: finish's result is only
		// valid until the next call (Read consumes each one at once).
		var n *normalized
		if ar != nil {
			n = &ar.norm
			*n = normalized{alpha: alpha}
		} else {
			n = &normalized{alpha: alpha}
		}
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
			st := known
			if !st.ok {
				st = grayMeanSD(g)
			}
			imgMean, sd = st.mean, st.sd
			fr, fg, fb, border = faceStats(rgb, g, ink, x0c, x1c, y0c, y1c)
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
					if t < -0.25 {
						t = -0.25
					} else if t > 1.25 {
						t = 1.25
					}
					dst[j*size+i] = float32(t)
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
	a := &analysis{cands: cands, finish: finish, flat: flat}
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
func shapeAlpha(ink []bool, W, H int, ar *arena) (float64, bool) {
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
	// Flood fills keep (x, y) packed as y<<16 | x on an explicit stack:
	// no division per pixel, no closure. The order of the fill does not
	// change the region it finds.
	stack := ar.ints(W * H)[:0]
	face[seed] = 1
	stack = append(stack, int32(seed/W)<<16|int32(seed%W))
	for len(stack) > 0 {
		xy := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x, y := int(xy&0xffff), int(xy>>16)
		p := y*W + x
		if x > 0 && face[p-1] == 0 && !ink[p-1] {
			face[p-1] = 1
			stack = append(stack, xy-1)
		}
		if x < W-1 && face[p+1] == 0 && !ink[p+1] {
			face[p+1] = 1
			stack = append(stack, xy+1)
		}
		if y > 0 && face[p-W] == 0 && !ink[p-W] {
			face[p-W] = 1
			stack = append(stack, xy-1<<16)
		}
		if y < H-1 && face[p+W] == 0 && !ink[p+W] {
			face[p+W] = 1
			stack = append(stack, xy+1<<16)
		}
	}
	// Fill holes: everything not reachable from the border without
	// crossing the face is part of the tile. mask is 1 on the filled
	// shape, 0 outside it.
	mask := ar.bytes(W * H)
	for i := range mask {
		mask[i] = 1
	}
	push := func(x, y int) {
		if p := y*W + x; face[p] == 0 && mask[p] == 1 {
			mask[p] = 0
			stack = append(stack, int32(y)<<16|int32(x))
		}
	}
	for x := 0; x < W; x++ {
		push(x, 0)
		push(x, H-1)
	}
	for y := 0; y < H; y++ {
		push(0, y)
		push(W-1, y)
	}
	for len(stack) > 0 {
		xy := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x, y := int(xy&0xffff), int(xy>>16)
		p := y*W + x
		if x > 0 && face[p-1] == 0 && mask[p-1] == 1 {
			mask[p-1] = 0
			stack = append(stack, xy-1)
		}
		if x < W-1 && face[p+1] == 0 && mask[p+1] == 1 {
			mask[p+1] = 0
			stack = append(stack, xy+1)
		}
		if y > 0 && face[p-W] == 0 && mask[p-W] == 1 {
			mask[p-W] = 0
			stack = append(stack, xy-1<<16)
		}
		if y < H-1 && face[p+W] == 0 && mask[p+W] == 1 {
			mask[p+W] = 0
			stack = append(stack, xy+1<<16)
		}
	}
	// Orientation of the filled shape's edges (3x3 Sobel on the 0/1 mask).
	// On a 0/1 mask both Sobel components are integers in -4..4, so each
	// pixel's terms come from a table (sobelTerms).
	area := 0
	var re, im, total float64
	for y := 1; y < H-1; y++ {
		up, row, down := mask[(y-1)*W:y*W], mask[y*W:(y+1)*W], mask[(y+1)*W:(y+2)*W]
		for x := 1; x < W-1; x++ {
			if row[x] != 0 {
				area++
			}
			gx := (int(up[x+1]) + 2*int(row[x+1]) + int(down[x+1])) - (int(up[x-1]) + 2*int(row[x-1]) + int(down[x-1]))
			gy := (int(down[x-1]) + 2*int(down[x]) + int(down[x+1])) - (int(up[x-1]) + 2*int(up[x]) + int(up[x+1]))
			if gx == 0 && gy == 0 {
				continue
			}
			t := &sobelTerms[(gx+4)*9+gy+4]
			re += t.re
			im += t.im
			total += t.m
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

// sobelTerms[(gx+4)*9+gy+4] holds, for a Sobel gradient (gx, gy) of a 0/1
// mask, the terms shapeAlpha sums: (gx+i gy)^4/|g|^3 and |g|.
var sobelTerms = func() (t [81]struct{ re, im, m float64 }) {
	for ix := -4; ix <= 4; ix++ {
		for iy := -4; iy <= 4; iy++ {
			gx, gy := float64(ix), float64(iy)
			m2 := gx*gx + gy*gy
			if m2 == 0 {
				continue
			}
			m := math.Sqrt(m2)
			a := gx*gx - gy*gy
			b := 2 * gx * gy
			e := &t[(ix+4)*9+iy+4]
			e.re = (a*a - b*b) / (m2 * m)
			e.im = (2 * a * b) / (m2 * m)
			e.m = m
		}
	}
	return
}()

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func circDist90(a, b int) int {
	d := abs(a-b) % 90
	return min(d, 90-d)
}

func circDistF(a, b float64) float64 {
	d := math.Mod(math.Abs(a-b), 90)
	return math.Min(d, 90-d)
}

// fastAtan2Deg is atan2(y, x) in degrees in [0, 360), to within about
// 0.1 degree.
func fastAtan2Deg(y, x float32) float64 {
	ax, ay := x, y
	if ax < 0 {
		ax = -ax
	}
	if ay < 0 {
		ay = -ay
	}
	if ax == 0 && ay == 0 {
		return 0
	}
	var a float32
	if ax >= ay {
		t := ay / ax
		a = atanPoly(t)
	} else {
		t := ax / ay
		a = 90 - atanPoly(t)
	}
	if x < 0 {
		a = 180 - a
	}
	if y < 0 {
		a = 360 - a
	}
	if a >= 360 {
		a -= 360
	}
	return float64(a)
}

// atanPoly approximates atan(t) in degrees for t in [0, 1].
func atanPoly(t float32) float32 {
	t2 := t * t
	// minimax-style odd polynomial, error about 1e-3 rad
	r := t * (0.99997726 + t2*(-0.33262347+t2*(0.19354346+t2*(-0.11643287+t2*(0.05265332+t2*(-0.01172120))))))
	return r * (180 / math.Pi)
}

// faceStats returns the mean colour of the face (non-ink pixels of the
// centre) and the mean grey of the crop's outer two-pixel frame (the
// crop's standard deviation is grayMeanSD's).
func faceStats(rgb *rgbImage, g *grayImage, ink []bool, x0c, x1c, y0c, y1c int) (fr, fg, fb, border float64) {
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
	// the frame in reading order: whole rows at the top and bottom, the
	// two pixels at each end of the rows between
	var bSum, bN float64
	for y := 0; y < H; y++ {
		row := g.Pix[y*W : (y+1)*W]
		inner := y > 1 && y < H-2
		for x := 0; x < W; x++ {
			if inner && x > 1 && x < W-2 {
				x = W - 3 // on to the row's last two
				continue
			}
			bSum += float64(row[x])
			bN++
		}
	}
	border = bSum / math.Max(bN, 1)
	return
}
