package vision

import (
	"fmt"
	"gocv.io/x/gocv"
	"math"
	"sort"

	"github.com/tilescope/tilescope/internal/parallel"
)

// rectSide is the side of the square picture a candidate outline is
// rectified into to look for the grid's lines.
const rectSide = 256

// fitGridTight rectifies the candidate outline q of the work picture and
// looks for the n x n grid inside it (outlineMin..outlineMax), or for a
// quad already on the grid's outer lines (tight) only near it. The
// returned fit's H maps board squares to work pixels.
func fitGridTight(wm gocv.Mat, q Quad, n int, tight bool) (boardFit, bool) {
	pr, ok := outlineProfiles(wm, q)
	if !ok {
		return boardFit{}, false
	}
	return pr.fitTight(n, tight)
}

// fitTight is fitGridTight on the outline's profiles.
func (pr profiles) fitTight(n int, tight bool) (boardFit, bool) {
	pmin, pmax, shift := outlineMin, outlineMax, outlineShift
	if tight {
		pmin, pmax, shift = 0.9, 1.06, 0.06
	}
	return pr.fit(n, pr.lines(true, n, pmin, pmax, shift), pr.lines(false, n, pmin, pmax, shift))
}

// fitGridRim is fitGridTight for a quad inset from the board's rim
// (insetGrid): the grid's size and place are known to within a few
// hundredths of the quad's, and a wider search there can lock on the
// rows of tiles or the border's printed line at a smaller pitch.
func fitGridRim(wm gocv.Mat, q Quad, n int) (boardFit, bool) {
	return fitGridRange(wm, q, n, n, 0.96, 1.04, 0.03)
}

// fitGridRimWide is fitGridRim searched wider (a tenth of the quad's
// size either way, its centre within 8% of the quad's): the last try on
// the rims when none holds a grid where its inset says. In tilted views
// the outline takes in the board's near side, so the inset grid lies
// half a square or more off the lines; blurred or dim, their lines are
// also too faint for the line stages. It asks the same grid evidence
// (0.25) as fitGridRim, which the rows of tiles a wider search can lock
// on fell short of on the hard check sets (no new wrong grid).
func fitGridRimWide(wm gocv.Mat, q Quad, n int) (boardFit, bool) {
	return fitGridRange(wm, q, n, n, 0.9, 1.1, 0.08)
}

// A candidate outline not known to lie on the grid's outer lines is
// searched for nx+1 and ny+1 evenly spaced lines inside it (the grid may
// sit inside a border): grids spanning outlineMin..outlineMax of the
// outline, their centre within outlineShift of the outline's.
const outlineMin, outlineMax, outlineShift = 0.55, 1.08, 0.25

// fitGridRange looks for grids spanning pmin..pmax of the outline, their
// centre within shift (a fraction of the outline) of its centre.
func fitGridRange(wm gocv.Mat, q Quad, nx, ny int, pmin, pmax, shift float64) (boardFit, bool) {
	pr, ok := outlineProfiles(wm, q)
	if !ok {
		return boardFit{}, false
	}
	return pr.fit(nx, pr.lines(true, nx, pmin, pmax, shift), pr.lines(false, ny, pmin, pmax, shift))
}

// profiles are the line profiles of a candidate outline rectified into a
// rectSide square (outlineProfiles): the grey level's change across the
// columns (col, summed down them) and across the rows (row), smoothed,
// and hq, the rectified square's pixels -> work pixels.
type profiles struct {
	hq       Homography
	col, row []float64
}

// lineFit is fitLines' answer on one profile: the first line's offset,
// the pitch and the score.
type lineFit struct {
	o, p, score float64
}

// outlineProfiles rectifies the candidate outline q of the work picture
// (a margin of 6% of the square about it) and takes its line profiles.
func outlineProfiles(wm gocv.Mat, q Quad) (profiles, bool) {
	return outlineProfilesHiding(wm, q, hidden{})
}

// outlineProfilesHiding is outlineProfiles with the part h of the outline
// a hand hides left out: each column's (and row's) change is then the
// mean over the pixels it has outside that part, so a line half under a
// hand counts by its shown half, and the hand's own edges add nothing.
// With nothing hidden the profiles are the plain sums.
func outlineProfilesHiding(wm gocv.Mat, q Quad, h hidden) (profiles, bool) {
	const R = rectSide
	m := 0.06 * R
	hq, err := FitHomography([]Point{{m, m}, {R - m, m}, {R - m, R - m}, {m, R - m}}, q[:])
	if err != nil {
		return profiles{}, false
	}
	rect := warpMat(wm, hq, R, R)
	// The hidden pixels: columns [xa, xb) of rows [ya, yb), in rectified
	// pixels, a margin's worth wider than h (the hand's edge is no line);
	// empty when h hides nothing.
	xa, xb, ya, yb := R-1, R-1, R-1, R-1
	if !h.none() {
		in := R - 2*m
		xa, xb = hiddenSpan(m+h.X0*in-m, m+h.X1*in+m, R)
		ya, yb = hiddenSpan(m+h.Y0*in-m, m+h.Y1*in+m, R)
	}
	// The profiles' sums are of whole numbers: kept in integers (exact,
	// as the float sums were), then turned to floats.
	var colSum [R]int
	col := make([]float64, R)
	row := make([]float64, R)
	rowN := make([]int, R)
	for y := 1; y < R-1; y++ {
		above, line, below := rect.Pix[(y-1)*R:y*R], rect.Pix[y*R:(y+1)*R], rect.Pix[(y+1)*R:(y+2)*R]
		lo, hi := R-1, R-1 // this row's hidden columns [lo, hi)
		if y >= ya && y < yb {
			lo, hi = xa, xb
		}
		rs := 0
		for x := 1; x < lo; x++ {
			colSum[x] += absDiff(line[x+1], line[x-1])
			rs += absDiff(below[x], above[x])
		}
		for x := hi; x < R-1; x++ {
			colSum[x] += absDiff(line[x+1], line[x-1])
			rs += absDiff(below[x], above[x])
		}
		row[y], rowN[y] = float64(rs), R-2-(hi-lo)
	}
	for x := range col {
		col[x] = float64(colSum[x])
	}
	if !h.none() {
		hiddenRows := max(0, min(yb, R-1)-max(ya, 1))
		for y := range row {
			if rowN[y] > 0 {
				row[y] /= float64(rowN[y])
			}
		}
		for x := 1; x < R-1; x++ {
			n := R - 2
			if x >= xa && x < xb {
				n -= hiddenRows
			}
			if n > 0 {
				col[x] /= float64(n)
			}
		}
	}
	return profiles{hq: hq, col: smooth(col, 2), row: smooth(row, 2)}, true
}

// hiddenSpan is the rectified pixels i of 1..R-2 with lo <= i <= hi, as
// the half-open [a, b); a == b when none.
func hiddenSpan(lo, hi float64, R int) (a, b int) {
	a = min(R-1, max(1, int(math.Ceil(lo))))
	b = min(R-1, int(math.Floor(hi))+1)
	if b < a {
		b = a
	}
	return a, b
}

// lines fits n+1 evenly spaced lines to the columns' profile (vertical
// lines) or the rows' (fitLines, within the outline's margin).
func (pr profiles) lines(vertical bool, n int, pmin, pmax, shift float64) lineFit {
	const R = rectSide
	m := 0.06 * R
	prof := pr.row
	if vertical {
		prof = pr.col
	}
	o, p, sc := fitLines(prof, n, m, R-m, pmin, pmax, shift)
	return lineFit{o, p, sc}
}

// fit is the grid of the vertical lines x (nx squares across) and the
// horizontal ones y: its H maps board squares to work pixels, its score
// is the weaker axis's.
func (pr profiles) fit(nx int, x, y lineFit) (boardFit, bool) {
	if x.p <= 0 || y.p <= 0 {
		return boardFit{}, false
	}
	// Board squares -> rect pixels -> work pixels.
	s := Homography{x.p, 0, x.o + 0.5, 0, y.p, y.o + 0.5, 0, 0, 1} // index -> coordinate: +0.5
	return boardFit{H: pr.hq.Mul(s), N: nx, Score: math.Min(x.score, y.score)}, true
}

// absDiff is |a-b|.
func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

func smooth(v []float64, r int) []float64 {
	out := make([]float64, len(v))
	for i := range v {
		var s float64
		var c int
		for j := i - r; j <= i+r; j++ {
			if j >= 0 && j < len(v) {
				s += v[j]
				c++
			}
		}
		out[i] = s / float64(c)
	}
	return out
}

// interp samples v at a fractional index, 0 outside.
func interp(v []float64, x float64) float64 {
	if x < 0 || x > float64(len(v)-1) {
		return 0
	}
	i := int(x)
	if i >= len(v)-1 {
		return v[len(v)-1]
	}
	f := x - float64(i)
	return v[i]*(1-f) + v[i+1]*f
}

// fitLines finds offset o and pitch p so that o + k p, k = 0..n, sit on the
// profile's peaks and the midpoints between them in its valleys, preferring
// a grid centred between lo and hi (the candidate outline). Every line
// must be there: the score is the mean of the two weakest lines' contrast
// against their neighbouring midpoints, over the profile's mean, less a
// small penalty for being off-centre. A coarse search is refined locally.
func fitLines(prof []float64, n int, lo, hi, pmin, pmax, shift float64) (o, p, score float64) {
	var mean float64
	for _, v := range prof {
		mean += v
	}
	mean /= float64(len(prof))
	if mean <= 0 {
		return 0, 0, -1
	}
	span := hi - lo
	centre := (lo + hi) / 2
	// eval scores the grid oo + k pp. The two weakest lines only weaken
	// as more lines are seen, so once the score of those seen is no
	// better than beat, the grid's is not either: it stops there and
	// returns that bound (the search keeps only a score above beat, so
	// it picks the same grid as when every line is seen).
	eval := func(oo, pp, beat float64) float64 {
		full := pp * float64(n)
		if oo < 1 || oo+full > float64(len(prof)-2) {
			return math.Inf(-1)
		}
		off := 0.15 * math.Abs(oo+full/2-centre) / pp
		min1, min2 := math.Inf(1), math.Inf(1)
		prevMid := interp(prof, oo+0.5*pp)
		for k := 0; k <= n; k++ {
			v := interp(prof, oo+float64(k)*pp)
			var mid float64
			next := 0.0
			if k < n {
				next = interp(prof, oo+(float64(k)+0.5)*pp)
			}
			switch k {
			case 0:
				mid = next
			case n:
				mid = prevMid
			default:
				mid = (prevMid + next) / 2
			}
			if k < n {
				prevMid = next
			}
			c := v - mid
			if c < min1 {
				min1, min2 = c, min1
			} else if c < min2 {
				min2 = c
			}
			if k > 0 && k < n {
				if sc := (min1+min2)/2/mean - off; sc <= beat {
					return sc
				}
			}
		}
		return (min1+min2)/2/mean - off
	}
	score = math.Inf(-1)
	for pp := pmin * span / float64(n); pp <= pmax*span/float64(n); pp += 0.4 {
		full := pp * float64(n)
		for oo := centre - full/2 - shift*span; oo <= centre-full/2+shift*span; oo++ {
			if sc := eval(oo, pp, score); sc > score {
				o, p, score = oo, pp, sc
			}
		}
	}
	// Refine around the best.
	bo, bp := o, p
	for pp := bp - 0.5; pp <= bp+0.5; pp += 0.125 {
		for oo := bo - 1; oo <= bo+1; oo += 0.25 {
			if sc := eval(oo, pp, score); sc > score {
				o, p, score = oo, pp, sc
			}
		}
	}
	return o, p, score
}

// rimOuterWindow is how far, in squares, the outermost lines of a grid
// found inside the board's rim are looked for outside it: short of the
// line printed in the board's border, 4-5 mm (a fifth of a square) out.
// Such a grid's own lines barely show (that is why the rim found it), and
// the border's line, the strongest one near, would take the outermost
// line's place and pull a corner out (0077 of the mixed set: 0.6 of a
// square at one corner, 0.1 with the limit).
const rimOuterWindow = 0.15

// refineGrid re-fits the homography h (board squares -> pixels) from the
// grid lines themselves: it rectifies the board, finds each line's position
// in every row band, fits a straight line through them robustly, and fits
// the homography to all (n+1)² intersections. Each line is looked for
// within win squares of where h puts it, the outermost ones no further
// than outer squares outside the grid.
func refineGrid(full gocv.Mat, h Homography, n int, win, lim, outer float64) (Homography, bool) {
	nh, _, ok := refineGridResid(full, h, n, win, lim, outer)
	return nh, ok
}

// refineGridResid is refineGrid that also returns, for every grid
// intersection ((n+1)² of them, row by row), how far the measured
// intersection lies from the fitted homography's: what a straight-line
// model leaves of the lens distortion. Unmeasured ones are NaN.
func refineGridResid(full gocv.Mat, h Homography, n int, win, lim, outer float64) (Homography, []Point, bool) {
	nh, resid, _, ok := refineGridSamples(full, h, n, win, lim, outer)
	return nh, resid, ok
}

// lineSample is where one grid line was seen crossing one band of the
// board (refineGridSamples): the line's direction (vertical: a line of
// constant x on the board, x = K), its index K and the point in pixels.
type lineSample struct {
	Vertical bool
	K        int
	P        Point
}

// refineGridSamples is refineGridResid that also returns every line
// position measured, band by band, before the straight lines were fitted
// through them: the raw evidence a lens model (fitLens) is fitted to.
func refineGridSamples(full gocv.Mat, h Homography, n int, win, lim, outer float64) (Homography, []Point, []lineSample, bool) {
	return refineLines(full, h, n, n, win, lim, outer, false)
}

// refineCutGrid re-fits the grid h of a board the picture's edge cuts
// (nx x ny squares in view, partialGrid) from its own lines, as
// finishBoard refines a whole board: the line positions are measured in
// windows narrowing from 0.4 to 0.2 of a square, and only where a
// window lies wholly inside the picture (the picture's edge is a strong
// step of its own). A cut grid fitted inside its clipped outline is
// only roughly placed (the outline's cut sides are the picture's edges,
// not lines of the board), and the squares beyond the cut are placed by
// extrapolating it: a quarter of a square off in view is a square off
// at the far corner. Nil when too few lines are measured.
func refineCutGrid(full gocv.Mat, h Homography, nx, ny int) (Homography, bool) {
	return refineRounds(full, h, nx, ny, true, "cut grid")
}

// refineRounds refines the grid h (nx x ny squares) on its lines in
// windows narrowing from 0.4 to 0.2 of a square (refineLines, each
// round about the grid of the round before), until the corners move
// less than 0.3 px; with inPicture, only where a window lies wholly
// inside the picture. refined is false where no round measured lines
// enough. what names the grid in the trace.
func refineRounds(full gocv.Mat, h Homography, nx, ny int, inPicture bool, what string) (_ Homography, refined bool) {
	for it, win := range []float64{0.4, 0.35, 0.3, 0.25, 0.2, 0.2} {
		lim := []float64{10, 8, 6, 4, 3, 3}[it]
		nh, _, _, ok := refineLines(full, h, nx, ny, win, lim, 1, inPicture)
		if debugf != nil {
			debugf("%s %dx%d refined in %.2f: %v", what, nx, ny, win, ok)
		}
		if !ok {
			break
		}
		moved := 0.0
		for _, c := range []Point{{0, 0}, {float64(nx), 0}, {float64(nx), float64(ny)}, {0, float64(ny)}} {
			a, b := nh.Apply(c), h.Apply(c)
			moved = math.Max(moved, math.Hypot(a.X-b.X, a.Y-b.Y))
		}
		h, refined = nh, true
		if moved < 0.3 && it >= 3 {
			break
		}
	}
	return h, refined
}

// gridLine is a grid line fitted across the bands it was measured in:
// its position is a + b*t along the line (a vertical line's x at height
// t, a horizontal line's y at x t), in one frame for every line.
type gridLine struct {
	a, b float64
	ok   bool // measured in enough bands
}

// lineCrossings are where each measured vertical line k meets each
// measured horizontal line l: src the crossings' grid coordinates (k, l),
// dst where the two lines meet.
func lineCrossings(vs, hs []gridLine) (src, dst []Point) {
	for k, v := range vs {
		if !v.ok {
			continue
		}
		for l, h := range hs {
			if !h.ok {
				continue
			}
			// x = v.a + v.b*y; y = h.a + h.b*x
			den := 1 - v.b*h.b
			if math.Abs(den) < 1e-9 {
				continue
			}
			x := (v.a + v.b*h.a) / den
			src = append(src, Point{float64(k), float64(l)})
			dst = append(dst, Point{x, h.a + h.b*x})
		}
	}
	return src, dst
}

// refineLines is refineGridSamples for a grid of nx x ny squares; with
// inPicture set, a line is measured only in the bands whose search
// window lies wholly inside the picture.
func refineLines(full gocv.Mat, h Homography, nx, ny int, win, lim, outer float64, inPicture bool) (Homography, []Point, []lineSample, bool) {
	const c = 32.0 // canonical pixels per square
	m := c / 2
	sizeX, sizeY := int(float64(nx)*c+2*m), int(float64(ny)*c+2*m)
	// canonical pixel -> board squares -> image
	toBoard := Homography{1 / c, 0, -m / c, 0, 1 / c, -m / c, 0, 0, 1}
	canon := h.Mul(toBoard)
	img := warpMat(full, canon, sizeX, sizeY)
	fw, fh := float64(full.Cols()), float64(full.Rows())
	inside := func(x, y float64) bool {
		q := canon.Apply(Point{x, y})
		return q.X >= 1 && q.Y >= 1 && q.X <= fw-2 && q.Y <= fh-2
	}
	// Squares much lighter than the board hold tiles: their edges and
	// letters would pull the line fit, so bands beside them are skipped.
	interior := make([]float64, nx*ny)
	for r := 0; r < ny; r++ {
		for cc := 0; cc < nx; cc++ {
			s, cnt := 0, 0
			for y := int(m + float64(r)*c + c/4); y < int(m+float64(r+1)*c-c/4); y += 2 {
				for x := int(m + float64(cc)*c + c/4); x < int(m+float64(cc+1)*c-c/4); x += 2 {
					s += int(img.Pix[y*sizeX+x])
					cnt++
				}
			}
			interior[r*nx+cc] = float64(s) / float64(max(cnt, 1))
		}
	}
	sorted := append([]float64(nil), interior...)
	sort.Float64s(sorted)
	level := sorted[len(sorted)*3/10]
	bright := func(r, cc int) bool {
		if r < 0 || cc < 0 || r >= ny || cc >= nx {
			return false
		}
		return interior[r*nx+cc] > 1.35*level+10
	}

	// fit measures the lines of one direction and returns them with
	// their samples; it only reads what is above.
	fit := func(vertical bool) ([]gridLine, []lineSample) {
		var samples []lineSample
		// vertical lines: nx+1 of them, across ny bands; horizontal: the
		// other way round
		nl, nb, size := nx, ny, sizeX
		if !vertical {
			nl, nb, size = ny, nx, sizeY
		}
		lines := make([]gridLine, nl+1)
		for k := 0; k <= nl; k++ {
			var ts, xs []float64
			for j := 0; j < nb; j++ {
				if vertical && (bright(j, k-1) || bright(j, k)) || !vertical && (bright(k-1, j) || bright(k, j)) {
					continue
				}
				t0 := int(m + float64(j)*c + c/4)
				t1 := int(m + float64(j+1)*c - c/4)
				x0 := int(m + float64(k)*c - win*c)
				x1 := int(m + float64(k)*c + win*c)
				// Outside the outermost lines, only as far as outer.
				if k == 0 {
					x0 = max(x0, int(m-outer*c))
				}
				if k == nl {
					x1 = min(x1, int(m+float64(nl)*c+outer*c))
				}
				if inPicture {
					in := true
					for _, x := range [2]int{x0, x1} {
						for _, t := range [2]int{t0, t1} {
							if vertical && !inside(float64(x), float64(t)) || !vertical && !inside(float64(t), float64(x)) {
								in = false
							}
						}
					}
					if !in {
						continue
					}
				}
				// Sums of whole numbers, kept in integers (exact, as
				// the float sums were).
				prof := make([]float64, x1-x0+1)
				// the columns (rows) measured: those with both
				// neighbours in the warp
				xa, xb := max(x0, 1), min(x1, size-2)
				if vertical && xa <= xb {
					// a row at a time, each column's sum in its own
					// integer (the same sums, added in another order)
					var buf [64]int
					var sums []int
					if n := xb - xa + 1; n <= len(buf) {
						sums = buf[:n]
					} else {
						sums = make([]int, n)
					}
					for t := t0; t <= t1; t++ {
						row := img.Pix[t*sizeX+xa-1 : t*sizeX+xb+2]
						for i := range sums {
							sums[i] += absDiff(row[i+2], row[i])
						}
					}
					for i, s := range sums {
						prof[xa+i-x0] = float64(s)
					}
				}
				for x := xa; !vertical && x <= xb; x++ {
					s := 0
					after, before := img.Pix[(x+1)*sizeX:(x+2)*sizeX], img.Pix[(x-1)*sizeX:x*sizeX]
					for t := t0; t <= t1; t++ {
						s += absDiff(after[t], before[t])
					}
					prof[x-x0] = float64(s)
				}
				prof = smooth(prof, 1)
				bi := 0
				for i := range prof {
					if prof[i] > prof[bi] {
						bi = i
					}
				}
				if bi == 0 || bi == len(prof)-1 || prof[bi] <= 0 {
					continue
				}
				// Parabolic sub-pixel peak.
				a, b, cc := prof[bi-1], prof[bi], prof[bi+1]
				d := 0.0
				if den := a - 2*b + cc; den < 0 {
					d = 0.5 * (a - cc) / den
				}
				ts = append(ts, m+(float64(j)+0.5)*c)
				xs = append(xs, float64(x0+bi)+d+0.5)
			}
			for i := range ts {
				q := Point{xs[i], ts[i]}
				if !vertical {
					q = Point{ts[i], xs[i]}
				}
				samples = append(samples, lineSample{vertical, k, canon.Apply(q)})
			}
			prior := m + float64(k)*c
			if len(ts) < minLineBands {
				continue // mostly hidden by tiles: leave it out
			}
			a, b := robustLine(ts, xs, prior, lim)
			lines[k] = gridLine{a, b, true}
			if debugf != nil && win < debugLineWin {
				var off []string
				for i := range xs {
					off = append(off, fmt.Sprintf("%.1f", xs[i]-(m+float64(k)*c)))
				}
				debugf("line %d: offsets %v fit a=%.1f b=%.3f", k, off, a-(m+float64(k)*c), b)
			}
		}
		return lines, samples
	}
	// The two directions side by side; the samples kept in the same
	// order (the vertical lines' first).
	var vs, hs []gridLine
	var vSamples, hSamples []lineSample
	parallel.For(2, func(i int) {
		if i == 0 {
			vs, vSamples = fit(true)
		} else {
			hs, hSamples = fit(false)
		}
	})
	samples := append(vSamples, hSamples...)
	src, dst := lineCrossings(vs, hs)
	for i := range dst {
		dst[i] = canon.Apply(dst[i])
	}
	if len(src) < 12 {
		return h, nil, samples, false
	}
	nh, err := FitHomography(src, dst)
	if err != nil {
		return h, nil, samples, false
	}
	resid := make([]Point, (nx+1)*(ny+1))
	for i := range resid {
		resid[i] = Point{math.NaN(), math.NaN()}
	}
	for i, s := range src {
		q := nh.Apply(s)
		resid[int(s.Y)*(nx+1)+int(s.X)] = Point{dst[i].X - q.X, dst[i].Y - q.Y}
	}
	return nh, resid, samples, true
}

// minLineBands is the fewest bands a grid line must be measured in for
// the refinement (refineLines) to place it: fewer, and it is mostly
// hidden by tiles.
const minLineBands = 4

// debugLineWin is the widest window whose lines' offsets debugf traces.
var debugLineWin = 0.25

// robustLine fits x = a + b t to the points within a few pixels of the
// line first guessed (x = prior), then refits to those near the fit.
func robustLine(ts, xs []float64, prior, lim0 float64) (a, b float64) {
	a, b = prior, 0
	for it, lim := 0, lim0; it < 3; it, lim = it+1, 2.0 {
		var n, st, sx, stt, stx float64
		for i := range ts {
			if math.Abs(xs[i]-a-b*ts[i]) > lim {
				continue
			}
			n++
			st += ts[i]
			sx += xs[i]
			stt += ts[i] * ts[i]
			stx += ts[i] * xs[i]
		}
		switch {
		case n < 2:
			return a, b
		case n < 4:
			a, b = sx/n, 0 // too few to trust a slope
			continue
		}
		den := n*stt - st*st
		if math.Abs(den) < 1e-9 {
			a, b = sx/n, 0
		} else {
			b = (n*stx - st*sx) / den
			a = (sx - b*st) / n
		}
	}
	return a, b
}

// fixOffByOne moves the grid by a whole square when that makes it fit
// better: a line printed in the board's border, or the border's edge, can
// pass for the grid's outermost line, and then the real outermost line is
// left just outside the fit. It compares the wall strength one square
// beyond each end of the grid with the grid's own lines.
func fixOffByOne(full gocv.Mat, h Homography, n int) Homography {
	for it := 0; it < 2; it++ {
		const c = 24.0
		m := 1.5 * c
		size := int(float64(n)*c + 2*m)
		toBoard := Homography{1 / c, 0, -m / c, 0, 1 / c, -m / c, 0, 0, 1}
		img := warpMat(full, h.Mul(toBoard), size, size)
		at := func(x, y int) float64 {
			if x < 0 || y < 0 || x >= size || y >= size {
				return 0
			}
			return float64(img.Pix[y*size+x])
		}
		// strength of line k (in squares) across the grid, vertical or not
		strength := func(vertical bool, k int) float64 {
			var vals []float64
			for j := 0; j < n; j++ {
				best := 0.0
				for t := int(m + (float64(j)+0.3)*c); t < int(m+(float64(j)+0.7)*c); t++ {
					for d := -2; d <= 2; d++ {
						x := int(m+float64(k)*c) + d
						var g float64
						if vertical {
							g = math.Abs(at(x+1, t) - at(x-1, t))
						} else {
							g = math.Abs(at(t, x+1) - at(t, x-1))
						}
						best = math.Max(best, g)
					}
				}
				vals = append(vals, best)
			}
			sort.Float64s(vals)
			return vals[len(vals)/2]
		}
		shift := Point{}
		for _, vertical := range []bool{true, false} {
			var inner []float64
			for k := 1; k < n; k++ {
				inner = append(inner, strength(vertical, k))
			}
			sort.Float64s(inner)
			med := inner[len(inner)/2]
			before, after := strength(vertical, -1), strength(vertical, n+1)
			first, last := strength(vertical, 0), strength(vertical, n)
			if debugf != nil {
				debugf("offbyone vertical=%v med %.1f before %.1f after %.1f first %.1f last %.1f", vertical, med, before, after, first, last)
			}
			d := 0.0
			switch {
			case first < 0.6*med && after > 1.5*first+2 && after > before:
				d = 1 // our first line is weak, the one past our last is not
			case last < 0.6*med && before > 1.5*last+2 && before > after:
				d = -1
			}
			if vertical {
				shift.X = d
			} else {
				shift.Y = d
			}
		}
		if shift == (Point{}) {
			return h
		}
		if debugf != nil {
			debugf("off by one: shifting by %v", shift)
		}
		h = h.Mul(Homography{1, 0, shift.X, 0, 1, shift.Y, 0, 0, 1})
	}
	return h
}

// RefineGridLines sets the grid h (board squares to pixels, n x n
// squares) placed by other evidence (a board placed by its premium
// squares) on the grid's own lines in the grey picture p (Luma), as the
// search refines a grid it found: the lines are measured in windows
// narrowing from 0.4 to 0.2 of a square about where h puts them, and a
// homography fitted through them. ok is false where too few lines are
// measured.
func RefineGridLines(p Plane, h Homography, n int) (Homography, bool) {
	src, err := gocv.NewMatFromBytes(p.H, p.W, gocv.MatTypeCV8UC1, p.Pix)
	if err != nil {
		return h, false
	}
	defer src.Close()
	return refineRounds(src, h, n, n, false, "grid")
}

// fitOnSamples fits the grid's homography (board squares -> pixels, n
// squares a side) to the line samples smp directly, each sample a point
// that lies on its line (board x = K for a vertical line, y = K for a
// horizontal one), starting from h and weighing the samples robustly
// (a sample farther than sampleHuber squares from its line counts less,
// one farther than sampleReject not at all), so that a hand's or a
// pencil's edge taken for a stretch of line pulls no corner. Unlike the
// crossings of lines fitted one by one (refineLines), a line measured in
// one or two bands (the rest beside tiles) counts for what it shows. The
// outermost lines are left out: the rim's edge, the border's print or a
// pencil on the rim pass for them, and the grid's outer edge lies where
// the inner lines' spacing puts it.
// ok is false where fewer than three lines of either direction keep
// samples, or the fit is degenerate.
func fitOnSamples(smp []lineSample, h Homography, n int) (Homography, bool) {
	if len(smp) < 12 {
		return h, false
	}
	pts := make([]Point, len(smp))
	for i, s := range smp {
		pts[i] = s.P
	}
	t, pn := normalise(pts, nil)
	half := float64(n) / 2
	sb := Homography{1 / half, 0, -1, 0, 1 / half, -1, 0, 0, 1}
	// g: normalised pixels -> normalised board
	g := sb.Mul(h.Inverse()).Mul(t.Inverse()).normalised()
	if math.Abs(g[8]) < 1e-9 {
		return h, false
	}
	for k := range g {
		g[k] /= g[8]
	}
	for it := 0; it < 8; it++ {
		lines := map[[2]int]bool{}
		var ata [8][8]float64
		var atb [8]float64
		for i, s := range smp {
			if s.K == 0 || s.K == n {
				continue
			}
			x, y := pn[i].X, pn[i].Y
			d := g[6]*x + g[7]*y + 1
			if math.Abs(d) < 1e-9 {
				continue
			}
			k := float64(s.K)/half - 1
			var c float64
			if s.Vertical {
				c = (g[0]*x + g[1]*y + g[2]) / d
			} else {
				c = (g[3]*x + g[4]*y + g[5]) / d
			}
			r := math.Abs(c-k) * half // in squares
			if r > sampleReject {
				continue
			}
			w := 1.0
			if r > sampleHuber {
				w = sampleHuber / r
			}
			v := 0
			if s.Vertical {
				v = 1
			}
			lines[[2]int{v, s.K}] = true
			// the row: its unknowns' coefficients, the algebraic
			// residual over d (about the distance in squares)
			var a [8]float64
			if s.Vertical {
				a[0], a[1], a[2] = x, y, 1
			} else {
				a[3], a[4], a[5] = x, y, 1
			}
			a[6], a[7] = -k*x, -k*y
			wt := w / (d * d)
			for p := 0; p < 8; p++ {
				if a[p] == 0 {
					continue
				}
				for q := 0; q < 8; q++ {
					ata[p][q] += wt * a[p] * a[q]
				}
				atb[p] += wt * a[p] * k
			}
		}
		nv, nh := 0, 0
		for l := range lines {
			if l[0] == 1 {
				nv++
			} else {
				nh++
			}
		}
		if nv < 3 || nh < 3 {
			return h, false
		}
		x, ok := solve8(ata, atb)
		if !ok {
			return h, false
		}
		g = Homography{x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], 1}
	}
	nh := sb.Inverse().Mul(g).Mul(t).Inverse()
	return nh.normalised(), true
}

// sampleHuber and sampleReject weigh a line sample by its distance from
// its line in fitOnSamples, in squares: full weight within sampleHuber,
// less beyond, none beyond sampleReject.
const sampleHuber, sampleReject = 0.06, 0.3

// refineOnSamples refines the grid h on its line samples (fitOnSamples),
// measured anew about each round's grid in windows narrowing from
// 0.35 to 0.2 of a square, the outermost lines no further than outer
// squares outside it. A first round that moves no corner still squares
// or more (0: any move) ends the rounds, the grid standing as it is
// (refined false): the narrower windows about a grid the widest one
// leaves in place measure the same lines again. refined is false where
// no round fitted.
func refineOnSamples(full gocv.Mat, h Homography, n int, outer, still float64) (_ Homography, refined bool) {
	for round, win := range []float64{0.35, 0.3, 0.25, 0.2, 0.2} {
		_, _, smp, _ := refineLines(full, h, n, n, win, 3, outer, false)
		nh, ok := fitOnSamples(smp, h, n)
		if debugf != nil {
			debugf("on samples in %.2f: %d samples, %v", win, len(smp), ok)
		}
		if !ok {
			break
		}
		if round == 0 && still > 0 && cornersMoved(h, nh, n) < still {
			return h, false
		}
		h, refined = nh, true
	}
	return h, refined
}

// cornersMoved is the farthest the grid's outer corners move from the
// grid h to the grid g, in h's squares.
func cornersMoved(h, g Homography, n int) float64 {
	inv, moved := h.Inverse(), 0.0
	for _, c := range []Point{{0, 0}, {float64(n), 0}, {float64(n), float64(n)}, {0, float64(n)}} {
		b := inv.Apply(g.Apply(c))
		moved = math.Max(moved, math.Hypot(b.X-c.X, b.Y-c.Y))
	}
	return moved
}
