package loose

import (
	"image"
	"math"
	"sort"

	"github.com/tilescope/tilescope/internal/parallel"
	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/scrabble"
)

// A close-up of part of a Scrabble board (its outline and most of its
// grid out of view) still shows the board's own lattice: the thin light
// lines printed between its squares. printGrid finds that lattice from
// the lines alone (no board outline, no premium layout), so that the
// tiles lying in its squares are read square by square, and the board's
// print (the premium squares' words, the tiles pictured on its rim, the
// game's name) is never taken for a tile: a square holds a tile only
// where one large letter stands in it (gridTiles).
//
// The steps, on the photo reduced to gridWork pixels on its longer side:
//
//  1. The lattice's direction: the gradients' directions modulo 90
//     degrees (the histogram of four times each angle), refined by the
//     sharpness of the line profiles over a few degrees round it.
//  2. The lines: in the photo turned by that angle, a pixel is on a line
//     when it is brighter than the pixels lineGap to either side across
//     the line (a ridge), summed along the line over a short run.
//  3. The pitch: the first strong peak of the column profile's
//     autocorrelation (and the row profile's); the two must agree within
//     a quarter (squares).
//  4. Perspective: the photo is cut into windows of about three squares;
//     in each, the phase of the lines across and down (the comb of the
//     pitch that collects most ridge) gives the crossing of two lines
//     nearest its middle. Crossings are indexed by the pitch from the
//     strongest window's, and a homography from the lattice's (column,
//     row) to the photo is fitted to them, twice, the crossings that lie
//     off the first fit by over a fifth of a square left out.
//
// The lattice is kept only when its lines are clearly there: both
// autocorrelations at least gridMinCorr at the pitch, and crossings
// found in at least gridMinWindows windows, agreeing with the fit.

// gridWork is the longer side, in pixels, the print's lattice is looked
// for at.
const gridWork = 800

// printLattice is a board's lattice found from its print: toPhoto maps
// lattice coordinates (column x, row y; the squares have integer
// corners) to the photo's pixels; lo and hi bound the lattice region the
// lines were seen in (in lattice coordinates).
type printLattice struct {
	toPhoto        vision.Homography
	loX, loY       float64
	hiX, hiY       float64
	pitch          float64 // in the photo's pixels
	corrX, corrY   float64
	windows        int
	angle          float64
	workW, workH   int
	scaleToPhoto   float64
	photoW, photoH int
}

const (
	// gridMinCorr: the least normalised autocorrelation of the line
	// profiles at the pitch for a lattice to be believed.
	gridMinCorr = 0.25
	// gridMinWindows: the least number of windows whose crossing agrees
	// with the fitted lattice.
	gridMinWindows = 6
	// gridMinPitch: the least pitch, in work pixels, of a lattice
	// looked for: a close-up of part of a board, its squares large (a
	// board wholly in view is the board reader's; 800/30 is 27 squares
	// across the photo).
	gridMinPitch = 30
	// gridAgree: the least share of the windows' crossings that must lie
	// on the lattice fitted to them all (within a fifth of a square).
	gridAgree = 0.6
	// gridTight: a photo whose shorter side is under this many pitches
	// is searched for crossings in windows of two squares, not three.
	gridTight = 5
	// lineGap: the distance, in work pixels, at which a line's sides are
	// sampled.
	lineGap = 3
)

// findPrintLattice looks for a printed board's lattice of light lines in
// src. ok is false when no clear lattice is there.
func findPrintLattice(src rgbImage) (*printLattice, bool) {
	pl, ok, _ := searchPrintLattice(src, false)
	return pl, ok
}

// searchPrintLattice is findPrintLattice; large says the lines' profiles
// show a pitch of a close-up's squares (at least gridMinPitch work
// pixels), whether or not a lattice was believed (printLattices looks
// in the photo's parts only then). ownPitches: each window's crossing
// is found with a pitch of its own for the columns and one for the rows,
// and the crossings are indexed by them (a half of a close-up across the
// fold, seen at a slant: its rows much closer than its columns at the
// top); else with one pitch for both (the whole photo: a pitch of its
// own each way lets one lattice straddle the fold's two halves).
func searchPrintLattice(src rgbImage, ownPitches bool) (_ *printLattice, ok, large bool) {
	scale := math.Min(1, float64(gridWork)/float64(max(src.w, src.h)))
	work := src.scaled(scale)
	w, h := work.w, work.h
	if w < 60 || h < 60 {
		return nil, false, false
	}
	gray := make([]float64, w*h)
	for i := range gray {
		gray[i] = 0.299*float64(work.pix[3*i]) + 0.587*float64(work.pix[3*i+1]) + 0.114*float64(work.pix[3*i+2])
	}
	minP := math.Max(10, float64(max(w, h))/40)
	maxP := float64(min(w, h)) / 3
	if maxP <= minP {
		return nil, false, false
	}
	theta := gradientAngle(gray, w, h)
	sharpness := func(a float64) float64 {
		rot, valid := rotateGray(gray, w, h, a)
		colp, rowp := ridgeProfiles(rot, valid, w, h)
		return profileSharpness(colp) + profileSharpness(rowp)
	}
	// The pitch first (it hardly depends on the angle's last degree):
	// squares too small for a close-up end the search here, before the
	// angle is refined (most photos of loose tiles).
	{
		rot, valid := rotateGray(gray, w, h, theta)
		colp, rowp := ridgeProfiles(rot, valid, w, h)
		if p, _, _ := pitchOf(colp, rowp, minP, maxP); p < gridMinPitch {
			return nil, false, false
		}
		large = true
	}
	// Refine the angle by the lines' sharpness: degree steps, then half
	// a degree round the best.
	best, bestS := theta, sharpness(theta)
	for _, d := range []float64{-2, -1, 1, 2} {
		if s := sharpness(theta + d); s > bestS {
			best, bestS = theta+d, s
		}
	}
	theta = best
	for _, d := range []float64{-0.5, 0.5} {
		if s := sharpness(theta + d); s > bestS {
			best, bestS = theta+d, s
		}
	}
	theta = best
	rot, valid := rotateGray(gray, w, h, theta)
	rv, rh := ridges(rot, valid, w, h)
	p0, cx, cy := pitchOf(colProfile(rv, w, h, 0, h), rowProfile(rh, w, h, 0, w), minP, maxP)
	if p0 < gridMinPitch || math.Max(cx, cy) < gridMinCorr || cx+cy < 1.3*gridMinCorr {
		return nil, false, large
	}
	px, py := p0, p0
	// Crossings, window by window, each with the pitch that fits it
	// best (perspective changes it across the photo).
	type crossing struct {
		x, y, s, px, py float64
	}
	var cs []crossing
	win := int(3 * p0)
	if float64(min(w, h)) < gridTight*p0 {
		// A close-up of a few squares round one word: windows of
		// three squares would be too few to believe a lattice by.
		win = int(2 * p0)
	}
	step := max(1, win/2)
	for y0 := 0; y0+win <= h; y0 += step {
		for x0 := 0; x0+win <= w; x0 += step {
			if validShare(valid, w, x0, y0, win) < 0.95 {
				continue
			}
			colp := colProfileWin(rv, w, x0, y0, win)
			rowp := rowProfileWin(rh, w, x0, y0, win)
			var fx, sx, fy, sy, lx, ly float64
			best := -1.0
			fLo, fHi := 0.85, 1.151
			if ownPitches {
				fLo, fHi = 0.65, 1.351
			}
			for f := fLo; f <= fHi; f += 0.025 {
				ax, bx := combPhase(colp, p0*f)
				ay, by := combPhase(rowp, p0*f)
				if ownPitches {
					// Each way its own pitch (sx, sy under 1.6
					// leave the window out below).
					if bx > sx {
						fx, sx, lx = ax, bx, p0*f
					}
					if by > sy {
						fy, sy, ly = ay, by, p0*f
					}
				} else if math.Min(bx, by) > best {
					best, fx, sx, fy, sy, lx, ly = math.Min(bx, by), ax, bx, ay, by, p0*f, p0*f
				}
			}
			if sx < 1.6 || sy < 1.6 {
				continue
			}
			// The crossing nearest the window's middle.
			mx := fx + lx*math.Round((float64(win)/2-fx)/lx)
			my := fy + ly*math.Round((float64(win)/2-fy)/ly)
			cs = append(cs, crossing{float64(x0) + mx, float64(y0) + my, math.Min(sx, sy), lx, ly})
		}
	}
	if len(cs) < gridMinWindows {
		return nil, false, large
	}
	// Index the crossings outwards from the strongest one, each from
	// its nearest crossing indexed already, by their pitches.
	sort.SliceStable(cs, func(a, b int) bool { return cs[a].s > cs[b].s })
	idx := make([][2]float64, len(cs))
	done := make([]bool, len(cs))
	done[0] = true
	for {
		bi, bj, bd := -1, -1, math.Inf(1)
		for i := range cs {
			if done[i] {
				continue
			}
			for j := range cs {
				if !done[j] {
					continue
				}
				if d := math.Hypot(cs[i].x-cs[j].x, cs[i].y-cs[j].y); d < bd {
					bi, bj, bd = i, j, d
				}
			}
		}
		if bi < 0 || bd > 2.5*p0 {
			break
		}
		lx, ly := (cs[bi].px+cs[bj].px)/2, (cs[bi].py+cs[bj].py)/2
		idx[bi] = [2]float64{idx[bj][0] + math.Round((cs[bi].x-cs[bj].x)/lx), idx[bj][1] + math.Round((cs[bi].y-cs[bj].y)/ly)}
		done[bi] = true
	}
	var from, to []vision.Point
	for i, c := range cs {
		if done[i] {
			from = append(from, vision.Point{X: idx[i][0], Y: idx[i][1]})
			to = append(to, vision.Point{X: c.x, Y: c.y})
		}
	}
	if len(from) < gridMinWindows {
		return nil, false, large
	}
	hm, err := vision.FitHomography(from, to)
	if err != nil {
		return nil, false, large
	}
	// Refit without the crossings off the fit (a window whose comb
	// caught a tile's edge or a word's line).
	for pass := 0; pass < 2; pass++ {
		var f2, t2 []vision.Point
		for k := range from {
			p := hm.Apply(from[k])
			if math.Hypot(p.X-to[k].X, p.Y-to[k].Y) <= 0.2*px {
				f2, t2 = append(f2, from[k]), append(t2, to[k])
			}
		}
		if len(f2) < gridMinWindows {
			return nil, false, large
		}
		h2, err := vision.FitHomography(f2, t2)
		if err != nil {
			return nil, false, large
		}
		hm = h2
		if pass == 1 {
			if float64(len(f2)) < gridAgree*float64(len(from)) {
				// The windows' crossings do not make one lattice
				// (tiles on a table, a cloth's pattern).
				return nil, false, large
			}
			from = f2
		}
	}
	// Distinct crossings (windows overlap: one crossing is seen from
	// several windows).
	seen := map[[2]int]bool{}
	lo, hi := vision.Point{X: math.Inf(1), Y: math.Inf(1)}, vision.Point{X: math.Inf(-1), Y: math.Inf(-1)}
	for _, f := range from {
		seen[[2]int{int(f.X), int(f.Y)}] = true
		lo.X, lo.Y = math.Min(lo.X, f.X), math.Min(lo.Y, f.Y)
		hi.X, hi.Y = math.Max(hi.X, f.X), math.Max(hi.Y, f.Y)
	}
	if len(seen) < gridMinWindows {
		return nil, false, large
	}
	// Rotated work pixels -> work pixels -> photo pixels.
	c, s := math.Cos(theta*math.Pi/180), math.Sin(theta*math.Pi/180)
	cxw, cyw := float64(w)/2, float64(h)/2
	back := vision.Homography{
		c / scale, -s / scale, (cxw - c*cxw + s*cyw) / scale,
		s / scale, c / scale, (cyw - s*cxw - c*cyw) / scale,
		0, 0, 1,
	}
	pl := &printLattice{
		toPhoto: back.Mul(hm),
		loX:     lo.X, loY: lo.Y, hiX: hi.X, hiY: hi.Y,
		pitch:  (px + py) / 2 / scale,
		corrX:  cx,
		corrY:  cy,
		angle:  theta,
		workW:  w,
		workH:  h,
		photoW: src.w, photoH: src.h,
		windows:      len(seen),
		scaleToPhoto: 1 / scale,
	}
	return pl, true, true
}

// cell is the square (col, row) of the lattice in the photo's pixels:
// top-left, top-right, bottom-right, bottom-left.
func (pl *printLattice) cell(col, row int) [4]Point {
	var q [4]Point
	for i, d := range [4][2]float64{{0, 0}, {1, 0}, {1, 1}, {0, 1}} {
		p := pl.toPhoto.Apply(vision.Point{X: float64(col) + d[0], Y: float64(row) + d[1]})
		q[i] = Point{X: p.X, Y: p.Y}
	}
	return q
}

// gradientAngle is the direction, in degrees in [-45, 45), that the
// picture's edges run along modulo 90 (weighted by their strength).
func gradientAngle(g []float64, w, h int) float64 {
	var sc, ss float64
	for y := 1; y < h-1; y++ {
		for x := 1; x < w-1; x++ {
			i := y*w + x
			gx := g[i+1] - g[i-1]
			gy := g[i+w] - g[i-w]
			m := gx*gx + gy*gy
			if m < 400 {
				continue
			}
			// (gx + i gy)^4 / |g|^3: the gradient's strength at four
			// times its angle, without trigonometry.
			re2, im2 := gx*gx-gy*gy, 2*gx*gy
			re4, im4 := re2*re2-im2*im2, 2*re2*im2
			k := 1 / (m * math.Sqrt(m))
			sc += re4 * k
			ss += im4 * k
		}
	}
	return math.Atan2(ss, sc) / 4 * 180 / math.Pi
}

// rotateGray turns the picture by a degrees about its middle (bilinear),
// so that lines running at a degrees run along the axes; valid marks the
// pixels that come from inside the picture.
func rotateGray(g []float64, w, h int, a float64) ([]float64, []bool) {
	out := make([]float64, w*h)
	valid := make([]bool, w*h)
	c, s := math.Cos(a*math.Pi/180), math.Sin(a*math.Pi/180)
	cx, cy := float64(w)/2, float64(h)/2
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			dx, dy := float64(x)-cx, float64(y)-cy
			sx := cx + c*dx - s*dy
			sy := cy + s*dx + c*dy
			if sx < 0 || sy < 0 || sx > float64(w-1) || sy > float64(h-1) {
				continue
			}
			x0, y0 := int(sx), int(sy)
			x1, y1 := min(x0+1, w-1), min(y0+1, h-1)
			fx, fy := sx-float64(x0), sy-float64(y0)
			v := (g[y0*w+x0]*(1-fx)+g[y0*w+x1]*fx)*(1-fy) + (g[y1*w+x0]*(1-fx)+g[y1*w+x1]*fx)*fy
			out[y*w+x] = v
			valid[y*w+x] = true
		}
	}
	return out, valid
}

// ridges are the light lines' strength in the turned picture: rv for the
// lines running down (a pixel brighter than those lineGap left and
// right), rh for the lines running across; 0 where a side is out of the
// picture.
func ridges(g []float64, valid []bool, w, h int) (rv, rh []float64) {
	rv = make([]float64, w*h)
	rh = make([]float64, w*h)
	d := lineGap
	for y := d; y < h-d; y++ {
		for x := d; x < w-d; x++ {
			i := y*w + x
			if !valid[i-d] || !valid[i+d] || !valid[i-d*w] || !valid[i+d*w] {
				continue
			}
			// Thin and light: brighter than both sides, the weaker side
			// counting.
			// ridgeOf is math.Min(math.Min(a, b), 40) where that is
			// over 0, written out (math.Min is a call on amd64).
			if v, ok := ridgeOf(g[i]-g[i-d], g[i]-g[i+d]); ok {
				rv[i] = v
			}
			if u, ok := ridgeOf(g[i]-g[i-d*w], g[i]-g[i+d*w]); ok {
				rh[i] = u
			}
		}
	}
	return rv, rh
}

// ridgeProfiles is the whole picture's profiles of its ridges,
// colProfile(rv, w, h, 0, h) and rowProfile(rh, w, h, 0, w) of rv, rh
// = ridges(g, valid, w, h), without the ridges' pictures (two of the
// picture's size, for most photos the search's only use of them): each
// ridge is added where it is found, down its column and along its row
// in the order the profiles add them (the zeros they add change no
// sum), so the sums are the same to the bit.
func ridgeProfiles(g []float64, valid []bool, w, h int) (col, row []float64) {
	col = make([]float64, w)
	row = make([]float64, h)
	d := lineGap
	for y := d; y < h-d; y++ {
		s := 0.0
		for x := d; x < w-d; x++ {
			i := y*w + x
			if !valid[i-d] || !valid[i+d] || !valid[i-d*w] || !valid[i+d*w] {
				continue
			}
			if v, ok := ridgeOf(g[i]-g[i-d], g[i]-g[i+d]); ok {
				col[x] += v
			}
			if u, ok := ridgeOf(g[i]-g[i-d*w], g[i]-g[i+d*w]); ok {
				s += u
			}
		}
		row[y] = s
	}
	return col, row
}

// ridgeOf is min(a, b, 40) and true where min(a, b) > 0, as
// math.Min(math.Min(a, b), 40) after the test math.Min(a, b) > 0: a NaN
// fails the test both ways, and over 0 neither is a zero or a NaN.
func ridgeOf(a, b float64) (float64, bool) {
	if !(a > 0 && b > 0) {
		return 0, false
	}
	v := a
	if b < v {
		v = b
	}
	if v > 40 {
		v = 40
	}
	return v, true
}

func colProfile(r []float64, w, h, y0, y1 int) []float64 {
	p := make([]float64, w)
	for y := y0; y < y1; y++ {
		row := r[y*w : y*w+w]
		for x, v := range row {
			p[x] += v
		}
	}
	return p
}

func rowProfile(r []float64, w, h, x0, x1 int) []float64 {
	p := make([]float64, h)
	for y := 0; y < h; y++ {
		s := 0.0
		for _, v := range r[y*w+x0 : y*w+x1] {
			s += v
		}
		p[y] = s
	}
	return p
}

func colProfileWin(r []float64, w, x0, y0, n int) []float64 {
	p := make([]float64, n)
	for y := y0; y < y0+n; y++ {
		for x := 0; x < n; x++ {
			p[x] += r[y*w+x0+x]
		}
	}
	return p
}

func rowProfileWin(r []float64, w, x0, y0, n int) []float64 {
	p := make([]float64, n)
	for y := 0; y < n; y++ {
		s := 0.0
		for _, v := range r[(y0+y)*w+x0 : (y0+y)*w+x0+n] {
			s += v
		}
		p[y] = s
	}
	return p
}

func validShare(valid []bool, w, x0, y0, n int) float64 {
	k := 0
	for y := y0; y < y0+n; y += 4 {
		for x := x0; x < x0+n; x += 4 {
			if valid[y*w+x] {
				k++
			}
		}
	}
	m := ((n + 3) / 4) * ((n + 3) / 4)
	return float64(k) / float64(m)
}

// profileSharpness is how peaked a profile is: its variance over its
// mean squared.
func profileSharpness(p []float64) float64 {
	var m, v float64
	for _, x := range p {
		m += x
	}
	m /= float64(len(p))
	if m <= 0 {
		return 0
	}
	for _, x := range p {
		v += (x - m) * (x - m)
	}
	return v / float64(len(p)) / (m * m)
}

// pitchOf is the lines' spacing, the same across and down (squares):
// the lag in [lo, hi] of the highest peak of the sum of the two
// profiles' normalised autocorrelations (with sub-pixel refinement), and
// each autocorrelation there; 0 when there is no peak. Of peaks at
// multiples of a lag, the shortest within 0.7 of the highest wins.
func pitchOf(pa, pb []float64, lo, hi float64) (float64, float64, float64) {
	aa := autocorr(pa, lo, hi)
	ab := autocorr(pb, lo, hi)
	if aa == nil || ab == nil {
		return 0, 0, 0
	}
	L0, L1 := int(lo), int(hi)
	ac := make([]float64, L1+2)
	for k := range ac {
		ac[k] = aa[k] + ab[k]
	}
	var peaks []int
	top := 0.0
	for k := max(L0, 2); k <= L1; k++ {
		if ac[k] > ac[k-1] && ac[k] >= ac[k+1] && ac[k] > 0 {
			peaks = append(peaks, k)
			top = math.Max(top, ac[k])
		}
	}
	for _, k := range peaks {
		if ac[k] >= 0.7*top {
			a, b, c := ac[k-1], ac[k], ac[k+1]
			off := 0.0
			if den := a - 2*b + c; den < 0 {
				off = 0.5 * (a - c) / den
			}
			return float64(k) + off, aa[k], ab[k]
		}
	}
	return 0, 0, 0
}

// autocorr is the profile's normalised autocorrelation at the lags 0 to
// hi+1 (0 below lo-1); nil for a flat or short profile.
func autocorr(p []float64, lo, hi float64) []float64 {
	n := len(p)
	L1 := int(hi) + 1
	if n < L1+2 {
		return nil
	}
	var m float64
	for _, x := range p {
		m += x
	}
	m /= float64(n)
	d := make([]float64, n)
	var v0 float64
	for i, x := range p {
		d[i] = x - m
		v0 += d[i] * d[i]
	}
	if v0 <= 0 {
		return nil
	}
	ac := make([]float64, L1+1)
	for k := max(1, int(lo)-1); k <= L1; k++ {
		var s float64
		for i := 0; i+k < n; i++ {
			s += d[i] * d[i+k]
		}
		ac[k] = s / v0 * float64(n) / float64(n-k)
	}
	return ac
}

// combPhase is the phase in [0, p) of the comb of period p that collects
// most of the profile (each tooth the profile's largest value within a
// pixel), and how much it collects against the profile's mean per tooth.
func combPhase(prof []float64, p float64) (float64, float64) {
	n := len(prof)
	var mean float64
	for _, v := range prof {
		mean += v
	}
	mean /= float64(n)
	if mean <= 0 {
		return 0, 0
	}
	bestF, bestS := 0.0, -1.0
	for f := 0.0; f < p; f += 0.5 {
		s, k := 0.0, 0
		for x := f; x < float64(n); x += p {
			i := int(math.Round(x))
			v := prof[min(i, n-1)]
			if i > 0 {
				v = math.Max(v, prof[i-1])
			}
			if i+1 < n {
				v = math.Max(v, prof[i+1])
			}
			s += v
			k++
		}
		if k > 0 && s/float64(k) > bestS {
			bestF, bestS = f, s/float64(k)
		}
	}
	return bestF, bestS / mean
}

// gridTiles are the squares of the print's lattice that hold a lettered
// tile: a square wholly in the photo, within gridReach squares of the
// crossings the lattice was seen by, with one large dark letter in its middle
// (bigLetter). Their quads are the squares. plain are the squares with
// no ink at all (empty plain squares, and blank tiles), with their
// colour.
func gridTiles(src rgbImage, pl *printLattice) (tiles []Tile, plain []plainSquare) {
	x0, x1 := int(math.Floor(pl.loX))-gridReach, int(math.Ceil(pl.hiX))+gridReach-1
	y0, y1 := int(math.Floor(pl.loY))-gridReach, int(math.Ceil(pl.hiY))+gridReach-1
	margin := gridInside * pl.pitch
	var at [][2]int
	for r := y0; r <= y1; r++ {
		for c := x0; c <= x1; c++ {
			q := pl.cell(c, r)
			inside := true
			for _, p := range q {
				if p.X < margin || p.Y < margin || p.X > float64(src.w)-margin || p.Y > float64(src.h)-margin {
					inside = false
				}
			}
			if !inside {
				continue
			}
			lk := lookAt(rectify(src, q, cellSide, 1))
			t := Tile{Letter: "?", Corners: q, Center: centroid(q), Side: meanSide(q), Angle: outlineAngle(q), Row: -1, Col: -1}
			switch {
			case lk.big:
				t.face = lk.face
				tiles = append(tiles, t)
				at = append(at, [2]int{c, r})
			case lk.ink < blankInk:
				plain = append(plain, plainSquare{t, lk.face})
			}
		}
	}
	return offRim(src, pl, tiles, at, [4]int{x0, y0, x1, y1}), plain
}

// offRim leaves out of tiles (the lettered squares at, in lattice
// columns and rows, of the range span: x0, y0, x1, y1) those lying on
// the board's rim beyond its grid, where the lattice, read up to
// gridReach squares past its crossings, reaches over the rim and its
// printed name ("SCRABBLE": square-sized, dark, centred letters). A
// square lies on the rim when no light line of the lattice crosses its
// row (the lines between the row's other squares, the lettered ones
// left out, show at under rimWeak of the lines' strength in the
// lattice's middle, their median) and on one side of it, along its
// column, none runs across (every line there under rimFar of it, or
// none in view); and likewise with row and column swapped. A tile in a
// board's row shows the lines between its row's empty squares, or
// those of its column on both sides.
func offRim(src rgbImage, pl *printLattice, tiles []Tile, at [][2]int, span [4]int) []Tile {
	if len(tiles) == 0 {
		return tiles
	}
	big := make(map[[2]int]bool, len(at))
	for _, a := range at {
		big[a] = true
	}
	// line is the strength of the lattice line at index k (a column's
	// line x=k when down, else a row's y=k) across square j of the
	// other direction; -1 beside a lettered square or out of view.
	line := func(down bool, k, j int) float64 {
		if down {
			if big[[2]int{k - 1, j}] || big[[2]int{k, j}] {
				return -1
			}
			return lineAlong(src, pl, vision.Point{X: float64(k), Y: float64(j)}, vision.Point{X: float64(k), Y: float64(j + 1)})
		}
		if big[[2]int{j, k - 1}] || big[[2]int{j, k}] {
			return -1
		}
		return lineAlong(src, pl, vision.Point{X: float64(j), Y: float64(k)}, vision.Point{X: float64(j + 1), Y: float64(k)})
	}
	var mid []float64
	for r := int(math.Floor(pl.loY)); r < int(math.Ceil(pl.hiY)); r++ {
		for c := int(math.Floor(pl.loX)); c < int(math.Ceil(pl.hiX)); c++ {
			for _, v := range []float64{line(true, c, r), line(false, r, c)} {
				if v >= 0 {
					mid = append(mid, v)
				}
			}
		}
	}
	if len(mid) < 3 {
		return tiles
	}
	ref := median(mid)
	x0, y0, x1, y1 := span[0], span[1], span[2], span[3]
	// lines are the strengths of the lines across row (or column) j at
	// indices lo to hi, those in view.
	lines := func(down bool, j, lo, hi int) []float64 {
		var vs []float64
		for k := lo; k <= hi; k++ {
			if v := line(down, k, j); v >= 0 {
				vs = append(vs, v)
			}
		}
		return vs
	}
	none := func(vs []float64) bool {
		for _, v := range vs {
			if v >= rimFar*ref {
				return false
			}
		}
		return true
	}
	rim := func(down bool, j, k, lo, hi int) bool {
		// j: the square's row (down) or column; k: its column (down)
		// or row; lo, hi: the other direction's range.
		across := lines(down, j, lo, hi+1)
		if len(across) == 0 || median(across) >= rimWeak*ref {
			return false
		}
		var a0, a1 int
		if down {
			a0, a1 = y0, y1
		} else {
			a0, a1 = x0, x1
		}
		return none(lines(!down, k, a0, j-1)) || none(lines(!down, k, j+2, a1+1))
	}
	kept := tiles[:0]
	for i, t := range tiles {
		c, r := at[i][0], at[i][1]
		if rim(true, r, c, x0, x1) || rim(false, c, r, y0, y1) {
			continue
		}
		kept = append(kept, t)
	}
	return kept
}

const (
	// rimWeak: the most strength (a share of the lattice's middle's
	// median) of the median line across a square's row for the row to
	// show no line (the rim; a misfit lattice across the board's fold
	// shows its lines at 0.1 or less there too, hence the other side's
	// test).
	rimWeak = 0.3
	// rimFar: the most strength (a share of the same median) of every
	// line beyond a square on one side of it for that side to show none.
	rimFar = 0.4
)

// gridInside is how far inside the photo (in squares) every corner of a
// square gridTiles reads must lie; negative, a square may reach that
// far out of it (a close-up cut at the tiles' own edges: the reader
// sees the edge's pixels repeated).
const gridInside = -0.2

// gridReach is how many squares beyond the crossings the lattice was
// seen by gridTiles looks: the windows' crossings lie a window's half
// (1.5 squares) or more inside the photo, so a tile in the outermost
// squares of a close-up lies two squares beyond them.
const gridReach = 2

// plainSquare is a square of the lattice with no ink: its tile (were it
// one) and its colour.
type plainSquare struct {
	t    Tile
	face [3]float64
}

// blankInk: the most ink (a share of the square's inner part) a square
// with no mark may show (noise, a speck of grain).
const blankInk = 0.01

// blanksAmong are the plain squares whose colour is the lettered tiles'
// (tiles): nearer their median colour than blankNear of the way to the
// plain squares' median (most of them the board's empty squares), where
// the two medians stand at least blankApart apart; none with fewer than
// three lettered tiles. A blank has no letter's shade, so it may be
// lighter than the lettered tiles' median: one whose hue alone is
// theirs (blankHue) is a blank too, up to setBlanks blanks in all.
func blanksAmong(tiles []Tile, plain []plainSquare) []Tile {
	if len(tiles) < 3 || len(plain) < 3 {
		return nil
	}
	med := func(get func(i int) [3]float64, n int) [3]float64 {
		var m [3]float64
		for ch := 0; ch < 3; ch++ {
			v := make([]float64, n)
			for i := range v {
				v[i] = get(i)[ch]
			}
			m[ch] = median(v)
		}
		return m
	}
	tm := med(func(i int) [3]float64 { return tiles[i].face }, len(tiles))
	pm := med(func(i int) [3]float64 { return plain[i].face }, len(plain))
	d := func(a, b [3]float64) float64 { return math.Sqrt(sq(a[0]-b[0]) + sq(a[1]-b[1]) + sq(a[2]-b[2])) }
	apart := d(tm, pm)
	if apart < blankApart {
		return nil
	}
	var out []Tile
	var also []plainSquare
	cm, cp := chroma(tm), chroma(pm)
	capart := d(cm, cp)
	for _, p := range plain {
		switch {
		case d(p.face, tm) < blankNear*apart:
			t := p.t
			t.Letter, t.Blank, t.Conf = "", true, 0.5
			out = append(out, t)
		case d(chroma(p.face), cm) < blankHue*capart && d(p.face, tm) < blankFar*apart:
			also = append(also, p)
		}
	}
	// Of the squares only the tiles' hue tells, the nearest in hue, as
	// many as a set's blanks leave room for. Two overlapping parts of a
	// close-up see one square twice: it is one blank, counted once.
	sort.SliceStable(also, func(i, j int) bool { return d(chroma(also[i].face), cm) < d(chroma(also[j].face), cm) })
	taken := dropBlankDoubles(out, nil)
	for _, p := range also {
		if len(taken) >= setBlanks {
			break
		}
		t := p.t
		t.Letter, t.Blank, t.Conf = "", true, 0.5
		if len(dropBlankDoubles([]Tile{t}, taken)) == 0 {
			continue
		}
		taken = append(taken, t)
		out = append(out, t)
	}
	return out
}

// chroma is a colour's hue and saturation without its lightness: each
// channel's share of the sum, scaled to 0-300 (shading moves a
// square's RGB along its own line; the tiles' wood and the board's
// squares differ in hue).
func chroma(c [3]float64) [3]float64 {
	s := c[0] + c[1] + c[2] + 1
	return [3]float64{300 * c[0] / s, 300 * c[1] / s, 300 * c[2] / s}
}

const (
	blankNear  = 0.35
	blankApart = 20
	// blankHue, blankFar: a plain square whose hue lies nearer the
	// tiles' than blankHue of the way to the plain squares' hue, and
	// whose colour lies nearer the tiles' than blankFar of the way, is
	// a blank too, at most setBlanks of them in all.
	blankHue  = 0.3
	blankFar  = 0.8
	setBlanks = 2
)

// cellSide is the side, in pixels, a lattice square is looked at in.
const cellSide = 48

// squareLook is what a square (rectified, cellSide pixels) shows: big,
// one large dark mark in its middle, as a tile's letter (its largest
// dark component, darker than the square's light level by a third of
// it and 30 levels at least, spans 0.28-0.8 of the square's height, and
// its middle lies in the square's middle half: a premium square's
// printed words are a tenth of a square high, a plain square has no
// mark); ink, the share of its inner part that is dark; face, the mean
// colour (RGB) of its inner part's light pixels.
type squareLook struct {
	big  bool
	ink  float64
	face [3]float64
}

func lookAt(m *image.RGBA) squareLook {
	n := m.Bounds().Dx()
	g := make([]float64, n*n)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			o := m.PixOffset(x, y)
			g[y*n+x] = 0.299*float64(m.Pix[o]) + 0.587*float64(m.Pix[o+1]) + 0.114*float64(m.Pix[o+2])
		}
	}
	// The inner part: the lattice's lines and the neighbours' edges left
	// out.
	a, b := n/10, n-n/10
	var inner []float64
	for y := a; y < b; y++ {
		for x := a; x < b; x++ {
			inner = append(inner, g[y*n+x])
		}
	}
	light := quantile(inner, 0.75)
	cut := light - math.Max(30, light/3)
	var lk squareLook
	dark := make([]bool, n*n)
	nd, nl := 0, 0
	for y := a; y < b; y++ {
		for x := a; x < b; x++ {
			i := y*n + x
			dark[i] = g[i] < cut
			if dark[i] {
				nd++
				continue
			}
			o := m.PixOffset(x, y)
			for ch := 0; ch < 3; ch++ {
				lk.face[ch] += float64(m.Pix[o+ch])
			}
			nl++
		}
	}
	lk.ink = float64(nd) / float64((b-a)*(b-a))
	if nl > 0 {
		for ch := range lk.face {
			lk.face[ch] /= float64(nl)
		}
	}
	// The largest dark component (4-connected).
	bestArea := 0
	var bx0, by0, bx1, by1 int
	eachComponent(dark, n, false, func(k inkComponent) {
		if k.area > bestArea {
			bestArea, bx0, by0, bx1, by1 = k.area, k.x0, k.y0, k.x1, k.y1
		}
	})
	if bestArea == 0 {
		return lk
	}
	fn := float64(n)
	hgt := float64(by1-by0+1) / fn
	wid := float64(bx1-bx0+1) / fn
	mx, my := float64(bx0+bx1+1)/2/fn, float64(by0+by1+1)/2/fn
	lk.big = hgt >= 0.28 && hgt <= 0.8 && wid >= 0.05 && wid <= 0.8 &&
		mx >= 0.25 && mx <= 0.75 && my >= 0.25 && my <= 0.75
	return lk
}

// onPrintLattice reads img as tiles lying in the squares of a printed
// board's lattice found from its lines (findPrintLattice; where the
// whole photo shows none, the lattices of its parts, printLattices).
// ok is false when there is no such lattice or no tile in it is read;
// whole says the lattice is the whole photo's (else its parts', a
// reading Scan weighs against the loose search's). pitch is the
// lattice's pitch in the photo's pixels where one was seen (even in one
// part of the photo only), else 0: the photo shows a board's print, and
// a loose tile on it is as large as its squares (onPrint). looked says
// the squares were looked at, every one in view (a lattice of the whole
// photo, or of two of its parts or more), whether or not a tile was
// read in them: where none was, a loose tile there is the print's
// (Scan).
func onPrintLattice(img image.Image, opt Options) (_ *Reading, pitch float64, whole, looked, ok bool) {
	src := opt.rgbOf(img)
	parts := printLattices(src)
	if len(parts) == 0 {
		return nil, 0, false, false, false
	}
	pitch = parts[0].pl.pitch
	whole = parts[0].at == (image.Rectangle{})
	if len(parts) == 1 && !whole {
		// One part alone: too little to read the squares by (the gaps
		// between tiles lying in a heap make a lattice in part of a
		// photo), enough to say the print's squares are that large.
		return nil, pitch, false, false, false
	}
	looked = true
	var tiles []Tile
	var plain []plainSquare
	ref, refN := parts[0], -1
	for _, pt := range parts {
		psrc := src
		if pt.at != (image.Rectangle{}) {
			psrc = src.crop(pt.at)
		}
		ts, ps := pt.squares, pt.plain
		if !pt.looked {
			ts, ps = gridTiles(psrc, pt.pl)
		}
		ts, err := readSquares(psrc, ts, opt.Reader)
		if err != nil {
			return nil, pitch, whole, looked, false
		}
		off := Point{X: float64(pt.at.Min.X), Y: float64(pt.at.Min.Y)}
		for i := range ts {
			ts[i].shift(off)
		}
		for i := range ps {
			ps[i].t.shift(off)
		}
		if len(ts) > refN {
			ref, refN = pt, len(ts)
		}
		tiles = append(tiles, ts...)
		plain = append(plain, ps...)
	}
	// A tile read in two parts (they overlap): the surer reading.
	tiles = dropDoubles(tiles)
	if len(tiles) == 0 {
		return nil, pitch, whole, looked, false
	}
	// A blank tile: a square with no ink, the colour of the tiles read.
	tiles = append(tiles, dropBlankDoubles(blanksAmong(tiles, plain), tiles)...)
	pl := *ref.pl
	pl.toPhoto = vision.Homography{1, 0, float64(ref.at.Min.X), 0, 1, float64(ref.at.Min.Y), 0, 0, 1}.Mul(pl.toPhoto)
	if err := readUpright(src, &pl, tiles, opt.Reader); err != nil {
		return nil, pitch, whole, looked, false
	}
	if ref.off {
		for i := range tiles {
			tiles[i].Conf = math.Min(tiles[i].Conf, offConf)
		}
	}
	return latticeReading(img, &pl, tiles), pitch, whole, looked, true
}

// partLattice is a print lattice seen in the part at of a photo (in the
// photo's pixels; the zero rectangle: the whole photo), its toPhoto to
// that part's own pixels.
type partLattice struct {
	pl *printLattice
	at image.Rectangle
	// off: the whole photo's lattice lies off the print beside a tile
	// read in it (squaresOff), and no halves' lattices stand instead:
	// its tiles are read unsure.
	off bool
	// looked: squares and plain hold gridTiles' look at the lattice
	// (the whole photo's, looked at once to judge it).
	looked  bool
	squares []Tile
	plain   []plainSquare
}

// squaresOf are the lattice squares (column, row) the tiles lie in.
func squaresOf(pl *printLattice, tiles []Tile) [][2]int {
	inv := pl.toPhoto.Inverse()
	at := make([][2]int, len(tiles))
	for i, t := range tiles {
		q := inv.Apply(vision.Point{X: t.Center.X, Y: t.Center.Y})
		at[i] = [2]int{int(math.Floor(q.X)), int(math.Floor(q.Y))}
	}
	return at
}

// printLattices are the print's lattices of src: the whole photo's
// (findPrintLattice), else those of its halves (left, right, top and
// bottom, three fifths of it each, so that they overlap): a Scrabble
// board is folded in the middle, and in a close-up across the fold the
// two halves' squares meet off by a fraction of a square, so that no
// one lattice fits them all; likewise where the whole photo's lattice
// lies off the print's lines round a tile read in it (squaresOff: where
// no halves' lattices stand instead, it stands, its tiles unsure). The
// halves' lattices are kept only where at least two of them agree on the pitch (within partAgree); one half
// alone is returned alone (see onPrintLattice). The halves are looked
// at only where the whole photo's lines show a close-up's pitch, each
// with a pitch of its own for rows and columns (a half seen at a slant;
// searchPrintLattice's ownPitches).
func printLattices(src rgbImage) []partLattice {
	pl, ok, large := searchPrintLattice(src, false)
	var off []partLattice
	if ok {
		ts, ps := gridTiles(src, pl)
		if !squaresOff(src, pl, squaresOf(pl, ts)) {
			return []partLattice{{pl: pl, looked: true, squares: ts, plain: ps}}
		}
		// Off its print beside a tile: the halves' lattices are
		// looked for; where they do not show, this one stands,
		// its readings unsure.
		off = []partLattice{{pl: pl, off: true, looked: true, squares: ts, plain: ps}}
	}
	if !large {
		// No lines at a close-up's pitch (most photos of loose tiles):
		// the halves are not looked at.
		return nil
	}
	w, h := src.w, src.h
	var found []partLattice
	for _, r := range []image.Rectangle{
		image.Rect(0, 0, w*3/5, h), image.Rect(w*2/5, 0, w, h),
		image.Rect(0, 0, w, h*3/5), image.Rect(0, h*2/5, w, h),
	} {
		if pl, ok, _ := searchPrintLattice(src.crop(r), true); ok {
			found = append(found, partLattice{pl: pl, at: r})
		}
	}
	if len(found) < 2 {
		if off != nil {
			return off
		}
		return found
	}
	// The pitch most parts agree with.
	best, bestN := 0, 0
	for i, a := range found {
		n := 0
		for _, b := range found {
			if math.Abs(a.pl.pitch-b.pl.pitch) <= partAgree*math.Min(a.pl.pitch, b.pl.pitch) {
				n++
			}
		}
		if n > bestN {
			best, bestN = i, n
		}
	}
	if bestN < 2 {
		if off != nil {
			return off
		}
		return found[best : best+1]
	}
	var kept []partLattice
	for _, b := range found {
		if math.Abs(found[best].pl.pitch-b.pl.pitch) <= partAgree*math.Min(found[best].pl.pitch, b.pl.pitch) {
			kept = append(kept, b)
		}
	}
	return kept
}

// partAgree: how far (a share of the smaller) two parts' pitches may
// differ and be one board's squares (perspective across a close-up).
const partAgree = 0.15

// dropBlankDoubles leaves out the blanks lying on a tile already kept
// (the parts overlap: one square seen twice).
func dropBlankDoubles(blanks, tiles []Tile) []Tile {
	var out []Tile
	for _, b := range blanks {
		dup := false
		for _, t := range append(tiles, out...) {
			if dist(b.Center, t.Center) < 0.5*math.Min(b.Side, t.Side) {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, b)
		}
	}
	return out
}

// shift moves the tile by off (a part's tile to the photo's pixels).
func (t *Tile) shift(off Point) {
	for j := range t.Corners {
		t.Corners[j].X += off.X
		t.Corners[j].Y += off.Y
	}
	t.Center = centroid(t.Corners)
	t.glyph.X += off.X
	t.glyph.Y += off.Y
}

// onPrint leaves out the loose tiles smaller than onPrintSide of the
// print's squares (pitch): where a board's lattice shows, a tile lies in
// a square and is nearly as large; a mark a fraction of a square across
// is the print's (a premium square's words, many letters to a square).
func onPrint(found tilesFound, pitch float64) tilesFound {
	if pitch <= 0 {
		return found
	}
	kept := make([]Tile, 0, len(found.tiles))
	for _, t := range found.tiles {
		if t.Side >= onPrintSide*pitch {
			kept = append(kept, t)
		}
	}
	found.tiles = kept
	return found
}

// onPrintSide: the least side of a loose tile on a board's print, in
// squares (a Scrabble tile is about 0.9 of its square; the print's
// letters are about a sixth).
const onPrintSide = 0.5

// latticeUp is which way is up on the lattice pl, as most letters of
// tiles stand (weighted by their confidence): a letter's right and down,
// in lattice steps.
func latticeUp(pl *printLattice, tiles []Tile) [4]int {
	votes := map[[4]int]float64{}
	for _, t := range tiles {
		if t.Blank {
			continue
		}
		votes[latticeTurn(pl, t.Corners)] += t.Conf
	}
	best, bestV := [4]int{1, 0, 0, 1}, -1.0
	for k, v := range votes {
		if abs(k[0])+abs(k[1]) == 1 && abs(k[2])+abs(k[3]) == 1 && (v > bestV || (v == bestV && less4(k, best))) {
			best, bestV = k, v
		}
	}
	return best
}

// latticeTurn is how the quad q (top-left, top-right, bottom-right,
// bottom-left of a letter) lies on the lattice pl: its right and its
// down, in lattice steps.
func latticeTurn(pl *printLattice, q [4]Point) [4]int {
	inv := pl.toPhoto.Inverse()
	lat := func(p Point) vision.Point { return inv.Apply(vision.Point{X: p.X, Y: p.Y}) }
	a, b, d := lat(q[0]), lat(q[1]), lat(q[3])
	return [4]int{int(math.Round(b.X - a.X)), int(math.Round(b.Y - a.Y)), int(math.Round(d.X - a.X)), int(math.Round(d.Y - a.Y))}
}

// readUpright reads the lettered tiles again as vision/scrabble reads a
// board's tiles once its way up is known (scrabble.ReadSquareUpright):
// each square cut turned so that the lattice's up (latticeUp) is the
// crop's, its value number dropped, only upright readings counted, an
// unsure one read again from crops a little shifted and wider or
// narrower. Read free, a square's letter may be taken turned: a V with
// its value 4, turned a twelfth, reads as a K; an I with its 1 as an L.
func readUpright(src rgbImage, pl *printLattice, tiles []Tile, rd Reader) error {
	up := latticeUp(pl, tiles)
	idx := make([]int, 0, len(tiles))
	for i, t := range tiles {
		if !t.Blank {
			idx = append(idx, i)
		}
	}
	reads := make([]ocr.Reading, len(idx))
	errs := make([]error, len(idx))
	quads := make([][4]Point, len(idx))
	for n, i := range idx {
		q := tiles[i].Corners
		for k := 0; k < 4; k++ {
			if rq := rotateCorners(tiles[i].Corners, k); latticeTurn(pl, rq) == up {
				q = rq
				break
			}
		}
		quads[n] = q
	}
	parallel.For(len(idx), func(n int) {
		q := quads[n]
		var crops []*image.RGBA
		for _, v := range uprightCrops {
			crops = append(crops, rectify(src, shiftQuad(q, v[1], v[2]), 64, 1+2*v[0]))
		}
		reads[n], errs[n] = scrabble.ReadSquareUpright(crops, scrabble.Options{Reader: rd})
	})
	for n, i := range idx {
		if errs[n] != nil {
			return errs[n]
		}
		r := reads[n]
		if r.Letter == "" {
			continue
		}
		t := &tiles[i]
		t.Letter, t.Conf = r.Letter, r.Conf
		t.Corners = quads[n]
		t.Angle = outlineAngle(t.Corners)
	}
	return nil
}

// uprightCrops are the crops readUpright reads a square from: its margin
// (a share of the square on every side) and its shift right and down (in
// squares); the first is ReadSquare's, the others vote where it is
// unsure (as vision/scrabble's own).
var uprightCrops = [][3]float64{
	{scrabble.SquareMargin, 0, 0},
	{0.05, 0, 0}, {0.18, 0, 0},
	{scrabble.SquareMargin, 0.06, 0}, {scrabble.SquareMargin, -0.06, 0},
	{scrabble.SquareMargin, 0, 0.06}, {scrabble.SquareMargin, 0, -0.06},
}

// shiftQuad moves q by dx of its top side and dy of its left side.
func shiftQuad(q [4]Point, dx, dy float64) [4]Point {
	ox := dx*(q[1].X-q[0].X) + dy*(q[3].X-q[0].X)
	oy := dx*(q[1].Y-q[0].Y) + dy*(q[3].Y-q[0].Y)
	for i := range q {
		q[i].X += ox
		q[i].Y += oy
	}
	return q
}

// latticeReading places tiles read in the squares of the lattice pl on
// its rows and columns, turned so that most letters (weighted by their
// confidence) stand upright, and returns them in the image's own
// coordinates.
func latticeReading(img image.Image, pl *printLattice, tiles []Tile) *Reading {
	inv := pl.toPhoto.Inverse()
	lat := func(p Point) vision.Point { return inv.Apply(vision.Point{X: p.X, Y: p.Y}) }
	best := latticeUp(pl, tiles)
	r := &Reading{}
	minR, minC := math.MaxInt, math.MaxInt
	maxR, maxC := math.MinInt, math.MinInt
	var pitch float64
	for i := range tiles {
		t := &tiles[i]
		c := lat(t.Center)
		t.Col = int(math.Floor(c.X*float64(best[0]) + c.Y*float64(best[1])))
		t.Row = int(math.Floor(c.X*float64(best[2]) + c.Y*float64(best[3])))
		if !t.Blank {
			// The layout is the lettered tiles' (LayoutText).
			minR, minC = min(minR, t.Row), min(minC, t.Col)
			maxR, maxC = max(maxR, t.Row), max(maxC, t.Col)
		}
		pitch += t.Side
	}
	for i := range tiles {
		t := &tiles[i]
		t.Row -= minR
		t.Col -= minC
		if t.Row < 0 || t.Row > maxR-minR || t.Col < 0 || t.Col > maxC-minC {
			t.Row, t.Col = -1, -1 // a blank beyond the layout's lettered box
		}
	}
	r.Tiles = tiles
	r.Rows, r.Cols = maxR-minR+1, maxC-minC+1
	r.Pitch = pitch / float64(len(tiles))
	sortTiles(r.Tiles)
	r.Orientation = normDeg(r.Tiles[0].Angle + 90)
	inImage(r.Tiles, img.Bounds())
	return r
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func less4(a, b [4]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// readSquares reads the tiles found in a board's squares as
// vision/scrabble reads a board's (scrabble.ReadSquare: its crop, its
// whitening, its reader of Scrabble squares); a square it reads as no
// letter is dropped. Each tile's corners are turned so that the first
// is its letter's top-left.
func readSquares(src rgbImage, tiles []Tile, rd Reader) ([]Tile, error) {
	reads := make([]ocr.Reading, len(tiles))
	errs := make([]error, len(tiles))
	grow := 1 + 2*scrabble.SquareMargin
	parallel.For(len(tiles), func(i int) {
		reads[i], errs[i] = scrabble.ReadSquare(rectify(src, tiles[i].Corners, 64, grow), scrabble.Options{Reader: rd})
	})
	out := tiles[:0]
	for i, t := range tiles {
		if errs[i] != nil {
			return nil, errs[i]
		}
		r := reads[i]
		if r.Letter == "" {
			continue
		}
		t.Letter, t.Conf = r.Letter, r.Conf
		k := int(math.Round(r.Angle/90)) % 4
		t.Corners = rotateCorners(t.Corners, -k)
		off := r.Angle - 90*math.Round(r.Angle/90)
		t.Angle = normDeg(outlineAngle(t.Corners) + off)
		out = append(out, t)
	}
	return out, nil
}

// crop is the part r of m (in m's pixels, clipped to it), its origin at
// r's top-left.
func (m rgbImage) crop(r image.Rectangle) rgbImage {
	r = r.Intersect(image.Rect(0, 0, m.w, m.h))
	out := rgbImage{w: r.Dx(), h: r.Dy(), pix: make([]byte, 3*r.Dx()*r.Dy())}
	for y := 0; y < out.h; y++ {
		copy(out.pix[3*y*out.w:3*(y+1)*out.w], m.pix[3*((r.Min.Y+y)*m.w+r.Min.X):])
	}
	return out
}

// grayAt is the grey level of the pixel nearest (x, y); false out of the
// photo.
func (m rgbImage) grayAt(x, y float64) (float64, bool) {
	xi, yi := int(math.Round(x)), int(math.Round(y))
	if xi < 0 || yi < 0 || xi >= m.w || yi >= m.h {
		return 0, false
	}
	o := 3 * (yi*m.w + xi)
	return 0.299*float64(m.pix[o]) + 0.587*float64(m.pix[o+1]) + 0.114*float64(m.pix[o+2]), true
}

// lineAlong is how clearly a light line of the lattice shows along the
// segment from a to b (lattice coordinates): the median, over points
// along its middle, of the strongest ridge within lineSearch of the
// segment's length across it (a pixel brighter than both pixels
// lineSide of it away to either side, the weaker side counting); -1
// where the segment is out of the photo.
func lineAlong(src rgbImage, pl *printLattice, a, b vision.Point) float64 {
	gray := src.grayAt
	pa, pb := pl.toPhoto.Apply(a), pl.toPhoto.Apply(b)
	dx, dy := pb.X-pa.X, pb.Y-pa.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return -1
	}
	nx, ny := -dy/l, dx/l
	gap := math.Max(2, lineSide*l)
	reach := lineSearch * l
	var vals []float64
	for k := 0; k < 12; k++ {
		f := 0.2 + 0.6*float64(k)/11
		px, py := pa.X+f*dx, pa.Y+f*dy
		best, any := 0.0, false
		for o := -reach; o <= reach; o++ {
			g0, ok0 := gray(px+o*nx, py+o*ny)
			g1, ok1 := gray(px+(o-gap)*nx, py+(o-gap)*ny)
			g2, ok2 := gray(px+(o+gap)*nx, py+(o+gap)*ny)
			if !ok0 || !ok1 || !ok2 {
				continue
			}
			any = true
			best = math.Max(best, math.Min(g0-g1, g0-g2))
		}
		if any {
			vals = append(vals, best)
		}
	}
	if len(vals) < 8 {
		return -1
	}
	return median(vals)
}

const (
	lineSide   = 0.06
	lineSearch = 0.2
)

// squaresOff says whether some lettered square of the lattice pl (at:
// the lettered squares' columns and rows) lies off the board's own
// square: whether both lines bounding it one way (its row's top and
// bottom, or its column's left and right) lie off the light lines
// printed there, the same way, by more than offSquare of a square each.
// A line's place is where the print's ridge lies across its segments
// beside the square (up to offNear squares along it either way; those
// beside a lettered square left out: a tile covers the print's line,
// and its edge makes a line of its own), their profiles across it
// (ridgeProfile) summed. One line alone off is no evidence (a tile's
// edge, a premium square's border); a square whose two lines are off
// the same way is seen shifted. The whole photo's lattice is fitted to
// crossings indexed by one pitch: where the photo's slant puts the rows'
// pitch out of that pitch's reach, the fit drifts off the rows it was
// not seen on (163929 across the fold, a row of tiles read a third of a
// square off its squares).
func squaresOff(src rgbImage, pl *printLattice, at [][2]int) bool {
	big := make(map[[2]int]bool, len(at))
	for _, a := range at {
		big[a] = true
	}
	type key struct {
		down bool
		k, j int
	}
	profs := map[key][]float64{}
	profile := func(down bool, k, j int) []float64 {
		kk := key{down, k, j}
		if p, ok := profs[kk]; ok {
			return p
		}
		a, b := vision.Point{X: float64(j), Y: float64(k)}, vision.Point{X: float64(j + 1), Y: float64(k)}
		beside := big[[2]int{j, k - 1}] || big[[2]int{j, k}]
		if down {
			a, b = vision.Point{X: float64(k), Y: float64(j)}, vision.Point{X: float64(k), Y: float64(j + 1)}
			beside = big[[2]int{k - 1, j}] || big[[2]int{k, j}]
		}
		var p []float64
		if !beside {
			p = ridgeProfile(src, pl, a, b)
		}
		profs[kk] = p
		return p
	}
	for _, a := range at {
		c, r := a[0], a[1]
		// The lines bounding the square: its row's, across (y=k) the
		// columns beside it; its column's, down (x=k) the rows. The
		// square is off when both lines of one direction lie off the
		// same way.
		var offs [4]float64
		for li, l := range []struct {
			down   bool
			k, mid int
		}{{false, r, c}, {false, r + 1, c}, {true, c, r}, {true, c + 1, r}} {
			sum := make([]float64, 2*offBins+1)
			n := 0
			for j := l.mid - offNear; j <= l.mid+offNear; j++ {
				if p := profile(l.down, l.k, j); p != nil {
					for i, v := range p {
						sum[i] += v
					}
					n++
				}
			}
			if n < 2 {
				continue
			}
			best := 0
			for i, v := range sum {
				if v > sum[best] {
					best = i
				}
			}
			offs[li] = float64(best-offBins) / (2 * offBins)
		}
		for _, p := range [][2]float64{{offs[0], offs[1]}, {offs[2], offs[3]}} {
			if p[0]*p[1] > 0 && math.Abs(p[0]) > offSquare && math.Abs(p[1]) > offSquare {
				return true
			}
		}
	}
	return false
}

// offConf: the most confidence a tile read on a lattice lying off the
// print beside a tile is given (under SureConf: never sure).
const offConf = 0.5

const (
	// offSquare: how far (in squares) both lines bounding a lettered
	// square one way must lie off the print's, the same way, for the
	// square to be off (163929's drifting rows: 0.2-0.4; lattices whose
	// tiles lie on their squares, by the labels, on the tuning
	// close-ups: one line at most, a tile's edge beside it).
	offSquare = 0.2
	// offNear: how many squares along a line either way of a lettered
	// square its offset is measured over.
	offNear = 3
	// offBins: the steps of a line's profile across it on either side
	// (of half a square).
	offBins = 20
)

// ridgeProfile looks across the segment a-b of the lattice (lattice
// coordinates) for the print's line: the ridge (a pixel brighter than
// both pixels lineSide of the segment's length to either side, the
// weaker side counting) averaged over 12 points along its middle, at
// offsets across it from half its length one way to half the other, in
// 2*offBins+1 steps. nil where some of it lies out of the photo.
func ridgeProfile(src rgbImage, pl *printLattice, a, b vision.Point) []float64 {
	pa, pb := pl.toPhoto.Apply(a), pl.toPhoto.Apply(b)
	dx, dy := pb.X-pa.X, pb.Y-pa.Y
	l := math.Hypot(dx, dy)
	if l < 4 {
		return nil
	}
	nx, ny := -dy/l, dx/l
	gap := math.Max(2, lineSide*l)
	gray := src.grayAt
	prof := make([]float64, 2*offBins+1)
	for k := 0; k < 12; k++ {
		f := 0.2 + 0.6*float64(k)/11
		px, py := pa.X+f*dx, pa.Y+f*dy
		for i := range prof {
			o := float64(i-offBins) / (2 * offBins) * l
			g0, ok0 := gray(px+o*nx, py+o*ny)
			g1, ok1 := gray(px+(o-gap)*nx, py+(o-gap)*ny)
			g2, ok2 := gray(px+(o+gap)*nx, py+(o+gap)*ny)
			if !ok0 || !ok1 || !ok2 {
				return nil
			}
			prof[i] += math.Max(0, math.Min(g0-g1, g0-g2)) / 12
		}
	}
	return prof
}
