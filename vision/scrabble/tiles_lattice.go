package scrabble

import (
	"math"
	"sort"

	"github.com/tilescope/tilescope/vision"
)

// The board by the lattice its tiles lie on: a crowded board whose grid
// lines the tiles hide, whose border shows no red and whose triple
// squares lie mostly under tiles still shows its tiles' letters, dark
// marks on light faces one square apart along the board's two
// directions. The marks' centres are the squares' centres: a lattice
// fitted to them (a homography from whole squares to pixels) gives the
// grid's pitch, turn and phase; which 15 by 15 window of it is the board
// the premium patches on its triple places say, and findFrame's last
// stage (coveredFrame) judges every window proposed by the layout's
// rules, as it judges the other proposals.

// latticeMark is a dark mark on a light ground (a tile's letter): its
// centre in pixels.
type latticeMark struct {
	c vision.Point
	n int
}

// letterMarks finds the picture's dark marks of a letter's size, sampled
// every step pixels: samples darker than markShare of the mean of the
// box of markBox samples about them, joined 4-connected, kept where the
// mark is neither a speck nor longer than the box, its centre its box's
// (a letter's, not its strokes' weight).
func letterMarks(p picture, step int, shares []float64) [][]latticeMark {
	w, h := p.W/step, p.H/step
	if w < 16 || h < 16 {
		return nil
	}
	gray := make([]float64, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			r, g, b := p.pixel(x*step, y*step)
			gray[y*w+x] = 0.299*r + 0.587*g + 0.114*b
		}
	}
	// integral image, (w+1) x (h+1)
	in := make([]float64, (w+1)*(h+1))
	for y := 0; y < h; y++ {
		var row float64
		for x := 0; x < w; x++ {
			row += gray[y*w+x]
			in[(y+1)*(w+1)+x+1] = in[y*(w+1)+x+1] + row
		}
	}
	light := append([]float64(nil), gray...)
	means := make([]float64, w*h)
	const box = markBox
	for y := 0; y < h; y++ {
		y0, y1 := max(0, y-box), min(h, y+box+1)
		for x := 0; x < w; x++ {
			x0, x1 := max(0, x-box), min(w, x+box+1)
			sum := in[y1*(w+1)+x1] - in[y0*(w+1)+x1] - in[y1*(w+1)+x0] + in[y0*(w+1)+x0]
			means[y*w+x] = sum / float64((y1-y0)*(x1-x0))
		}
	}
	var all [][]latticeMark
	for _, share := range shares {
		// the marks' ground is a tile's face: lighter than share of
		// the picture
		ground := vision.KthSmallest(light, int(share*float64(len(light)-1)))
		all = append(all, marksOver(gray, means, w, h, step, max(ground, minMarkGround)))
	}
	return all
}

// marksOver is letterMarks' marks on a ground of at least ground: gray
// the samples, means their boxes' means, w by h of them every step
// pixels.
func marksOver(gray, means []float64, w, h, step int, ground float64) []latticeMark {
	const box = markBox
	dark := make([]bool, w*h)
	for i := range dark {
		dark[i] = means[i] >= ground && gray[i] < markShare*means[i]
	}
	var out []latticeMark
	texture := false
	eachBlob(dark, w, h, func(b blob) bool {
		bw, bh := b.size()
		if b.n < minMarkSamples || max(bw, bh) > 2*box || max(bw, bh) < 3 {
			return true
		}
		out = append(out, latticeMark{c: vision.Point{
			X: (float64(b.x0+b.x1)/2 + 0.5) * float64(step),
			Y: (float64(b.y0+b.y1)/2 + 0.5) * float64(step),
		}, n: b.n})
		texture = len(out) > maxMarks
		return !texture
	})
	if texture {
		return nil // a texture, not a board's letters
	}
	if len(out) == 0 {
		return nil
	}
	// a tile's value and a letter's broken stroke are smaller than its
	// letter
	ns := make([]float64, len(out))
	for i, m := range out {
		ns[i] = float64(m.n)
	}
	least := markSizeShare * median(ns)
	kept := out[:0]
	for _, m := range out {
		if float64(m.n) >= least {
			kept = append(kept, m)
		}
	}
	return kept
}

// markGrounds are the shares of the picture a mark's ground is lighter
// than, each tried (tiles on a dark table are its lightest things, on a
// light floor darker than the floor).
var markGrounds = []float64{0.6, 0.35}

// markBox is the half side, in samples, of the box a mark is darker than
// the mean of; markShare how much darker; minMarkGround the least mean
// (a ground too dark shows no letter); minMarkSamples the fewest samples
// of a mark; maxMarks the most marks a picture is searched with.
const (
	markBox        = 5
	markShare      = 0.85
	markSizeShare  = 0.5
	minMarkGround  = 40
	minMarkSamples = 4
	maxMarks       = 4000
)

// markLattice is the lattice the most marks lie on: each mark's whole
// square (column, row) and the homography from squares (a mark's centre
// at its square's centre, +0.5) to pixels. ok is false where fewer than
// minLatticeMarks marks share one lattice.
func markLattice(ms []latticeMark, far float64) (cells [][2]int, pts []vision.Point, h vision.Homography, ok bool) {
	n := len(ms)
	if n < minLatticeMarks {
		return nil, nil, h, false
	}
	// Buckets of far pixels for the neighbours' search (no two marks of
	// one board farther apart than far are neighbours).
	bucket := map[[2]int][]int{}
	key := func(pt vision.Point) [2]int { return [2]int{int(math.Floor(pt.X / far)), int(math.Floor(pt.Y / far))} }
	for i, m := range ms {
		k := key(m.c)
		bucket[k] = append(bucket[k], i)
	}
	near := func(pt vision.Point, each func(j int)) {
		k := key(pt)
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				for _, j := range bucket[[2]int{k[0] + dx, k[1] + dy}] {
					each(j)
				}
			}
		}
	}
	// The two directions: a vote of the displacements between marks
	// (each pair once, in the half plane y > 0): a board's tiles one
	// square apart along its rows and columns give the two strongest
	// peaks, noise none.
	bs := math.Max(1, far/latticeBins)
	rad := int(math.Ceil(far / bs))
	side := 2*rad + 1
	hist := make([]float64, side*side)
	for i := range ms {
		near(ms[i].c, func(j int) {
			if j <= i {
				return
			}
			d := vision.Point{X: ms[j].c.X - ms[i].c.X, Y: ms[j].c.Y - ms[i].c.Y}
			if d.Y < 0 || (d.Y == 0 && d.X < 0) {
				d = vision.Point{X: -d.X, Y: -d.Y}
			}
			x, y := int(math.Round(d.X/bs))+rad, int(math.Round(d.Y/bs))+rad
			if x < 0 || y < 0 || x >= side || y >= side {
				return
			}
			hist[y*side+x]++
		})
	}
	score := func(x, y int) float64 {
		s := 0.0
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				xx, yy := x+dx, y+dy
				if xx >= 0 && yy >= 0 && xx < side && yy < side {
					s += hist[yy*side+xx]
				}
			}
		}
		return s
	}
	minStep := minLatticeStep * far / maxLatticeStep
	peak := func(skip func(d vision.Point) bool) (vision.Point, float64) {
		bx, by, bsc := -1, -1, 0.0
		for y := rad; y < side; y++ {
			for x := 0; x < side; x++ {
				d := vision.Point{X: float64(x-rad) * bs, Y: float64(y-rad) * bs}
				if math.Hypot(d.X, d.Y) < minStep || math.Hypot(d.X, d.Y) > far || skip(d) {
					continue
				}
				if s := score(x, y); s > bsc {
					bx, by, bsc = x, y, s
				}
			}
		}
		if bx < 0 {
			return vision.Point{}, 0
		}
		// the peak's centre of weight over 5 by 5 bins
		var sw, sx, sy float64
		for dy := -2; dy <= 2; dy++ {
			for dx := -2; dx <= 2; dx++ {
				xx, yy := bx+dx, by+dy
				if xx >= 0 && yy >= 0 && xx < side && yy < side {
					wt := hist[yy*side+xx]
					sw += wt
					sx += wt * float64(xx-rad) * bs
					sy += wt * float64(yy-rad) * bs
				}
			}
		}
		return vision.Point{X: sx / sw, Y: sy / sw}, bsc
	}
	u, su := peak(func(vision.Point) bool { return false })
	if su == 0 {
		return nil, nil, h, false
	}
	v, sv := peak(func(d vision.Point) bool {
		ld, lu := math.Hypot(d.X, d.Y), math.Hypot(u.X, u.Y)
		c := (d.X*u.X + d.Y*u.Y) / (ld * lu)
		return math.Abs(c) > math.Cos(minLatticeAngle*math.Pi/180) || ld > maxLatticeRatio*lu || lu > maxLatticeRatio*ld
	})
	if sv < 0.2*su {
		return nil, nil, h, false
	}
	if u.X*v.Y-u.Y*v.X < 0 {
		v = vision.Point{X: -v.X, Y: -v.Y}
	}
	det := u.X*v.Y - u.Y*v.X
	lu, lv := math.Hypot(u.X, u.Y), math.Hypot(v.X, v.Y)
	if det < 0.5*lu*lv || lu > maxLatticeRatio*lv || lv > maxLatticeRatio*lu {
		return nil, nil, h, false
	}
	// Marks joined where one lies a whole step (along u, v or both) from
	// the other; the largest such group is the board's tiles.
	coords := func(d vision.Point) (float64, float64) {
		return (d.X*v.Y - d.Y*v.X) / det, (u.X*d.Y - u.Y*d.X) / det
	}
	reach := 1.6 * math.Max(lu, lv)
	if reach > far {
		return nil, nil, h, false
	}
	label := make([]int, n)
	cell := make([][2]int, n)
	for i := range label {
		label[i] = -1
	}
	bestLabel, bestCount := -1, 0
	var queue []int
	for s := range ms {
		if label[s] >= 0 {
			continue
		}
		label[s] = s
		queue = append(queue[:0], s)
		count := 0
		for len(queue) > 0 {
			i := queue[0]
			queue = queue[1:]
			count++
			near(ms[i].c, func(j int) {
				if label[j] >= 0 {
					return
				}
				d := vision.Point{X: ms[j].c.X - ms[i].c.X, Y: ms[j].c.Y - ms[i].c.Y}
				if math.Abs(d.X) > reach || math.Abs(d.Y) > reach {
					return
				}
				a, b := coords(d)
				ra, rb := math.Round(a), math.Round(b)
				if math.Abs(a-ra) > latticeTol || math.Abs(b-rb) > latticeTol || math.Abs(ra) > 1 || math.Abs(rb) > 1 || (ra == 0 && rb == 0) {
					return
				}
				label[j] = s
				cell[j] = [2]int{cell[i][0] + int(ra), cell[i][1] + int(rb)}
				queue = append(queue, j)
			})
		}
		if count > bestCount {
			bestLabel, bestCount = s, count
		}
	}
	if bestCount < minLatticeMarks {
		return nil, nil, h, false
	}
	var src, dst []vision.Point
	lo, hi := [2]int{math.MaxInt, math.MaxInt}, [2]int{math.MinInt, math.MinInt}
	for i := range ms {
		if label[i] == bestLabel {
			for a := 0; a < 2; a++ {
				lo[a], hi[a] = min(lo[a], cell[i][a]), max(hi[a], cell[i][a])
			}
			src = append(src, vision.Point{X: float64(cell[i][0]) + 0.5, Y: float64(cell[i][1]) + 0.5})
			dst = append(dst, ms[i].c)
		}
	}
	// Settled: a homography through the group's marks, then every mark
	// matched again to the square its inverse puts it in, where it lies
	// within latticeResid of that square's centre (one mark a square,
	// the nearest) and at most a square beyond the squares matched
	// before, latticeRounds rounds: the lattice grows over the board's
	// tiles a row at a time, its perspective fitted by more of them.
	for it := 0; it < latticeRounds; it++ {
		hh, err := vision.FitHomography(src, dst)
		if err != nil {
			return nil, nil, h, false
		}
		h = hh
		inv := h.Inverse()
		type hit struct {
			d float64
			i int
		}
		taken := map[[2]int]hit{}
		for i := range ms {
			b := inv.Apply(ms[i].c)
			c := [2]int{int(math.Floor(b.X)), int(math.Floor(b.Y))}
			d := math.Hypot(b.X-float64(c[0])-0.5, b.Y-float64(c[1])-0.5)
			// the group's squares and one round them: the lattice
			// extended far takes noise on its places
			if d > latticeResid || c[0] < lo[0]-1 || c[1] < lo[1]-1 || c[0] > hi[0]+1 || c[1] > hi[1]+1 {
				continue
			}
			if t, ok := taken[c]; !ok || d < t.d {
				taken[c] = hit{d, i}
			}
		}
		if len(taken) < minLatticeMarks {
			return nil, nil, h, false
		}
		keys := make([][2]int, 0, len(taken))
		for c := range taken {
			keys = append(keys, c)
		}
		sort.Slice(keys, func(a, b int) bool {
			if keys[a][1] != keys[b][1] {
				return keys[a][1] < keys[b][1]
			}
			return keys[a][0] < keys[b][0]
		})
		src, dst, cells, pts = src[:0], dst[:0], cells[:0], pts[:0]
		for _, c := range keys {
			for a := 0; a < 2; a++ {
				lo[a], hi[a] = min(lo[a], c[a]), max(hi[a], c[a])
			}
			src = append(src, vision.Point{X: float64(c[0]) + 0.5, Y: float64(c[1]) + 0.5})
			dst = append(dst, ms[taken[c].i].c)
			cells = append(cells, c)
			pts = append(pts, ms[taken[c].i].c)
		}
	}
	return cells, pts, h, true
}

// minLatticeMarks is the fewest marks on one lattice a board is
// proposed from (a crowded board shows 40 and more); latticeTol how far
// from a whole step, in squares, one mark may lie from its neighbour and
// be joined; latticeResid how far from its square's centre a mark may lie
// from the settled lattice.
const (
	latticeRounds   = 6
	minLatticeMarks = 20
	latticeTol      = 0.3
	latticeResid    = 0.3
)

// latticeQuads proposes boards from the marks' lattices (markLattice, for
// marks sampled at two scales on two grounds), the lattice with the most
// marks first: of each, the 15 by 15 windows of whole squares that hold
// nearly the most of its marks, those that put the most premium patches
// on their places first, windows more than maxShift apart (coveredAlign
// moves each by up to that), at most maxLatticeQuads.
func latticeQuads(p picture) []vision.Quad {
	step := max(1, int(math.Round(premiumStep*float64(max(p.W, p.H))/1640)))
	type found struct {
		cells [][2]int
		h     vision.Homography
	}
	var fs []found
	for _, k := range []int{1, 2} {
		for _, ms := range letterMarks(p, step*k, markGrounds) {
			if cells, _, h, ok := markLattice(ms, maxLatticeStep*float64(max(p.W, p.H))); ok {
				fs = append(fs, found{cells, h})
			}
		}
	}
	if len(fs) == 0 {
		return nil
	}
	// the lattices with the most marks first
	sort.SliceStable(fs, func(i, j int) bool { return len(fs[i].cells) > len(fs[j].cells) })
	blue := bluePatches(p, step)
	red := redPatches(p, step)
	var out []vision.Quad
	for _, f := range fs {
		out = append(out, windowQuads(f.cells, f.h, blue, red)...)
	}
	return out
}

// windowQuads are latticeQuads' windows of the lattice h (whole squares
// to pixels) whose marks lie on the squares cells, blue and red the
// picture's premium patches.
func windowQuads(cells [][2]int, h vision.Homography, blue, red []premiumPatch) []vision.Quad {
	c0, c1, r0, r1 := math.MaxInt, math.MinInt, math.MaxInt, math.MinInt
	for _, c := range cells {
		c0, c1, r0, r1 = min(c0, c[0]), max(c1, c[0]), min(r0, c[1]), max(r1, c[1])
	}
	if c1-c0 >= 2*Size || r1-r0 >= 2*Size {
		return nil
	}
	// inside(ox, oy): the marks in the window whose first column and row
	// are ox, oy
	inside := func(ox, oy int) int {
		n := 0
		for _, c := range cells {
			if c[0] >= ox && c[0] < ox+Size && c[1] >= oy && c[1] < oy+Size {
				n++
			}
		}
		return n
	}
	inv := h.Inverse()
	onPlace := func(ps []premiumPatch, ox, oy int, k Premium) int {
		n := 0
		for _, pa := range ps {
			b := inv.Apply(pa.c)
			x, y := b.X-float64(ox), b.Y-float64(oy)
			c, r := int(math.Floor(x)), int(math.Floor(y))
			if r < 0 || c < 0 || r >= Size || c >= Size || premiumAt[r][c] != k {
				continue
			}
			if math.Hypot(x-float64(c)-0.5, y-float64(r)-0.5) <= strayTol {
				n++
			}
		}
		return n
	}
	type window struct {
		x, y, in, n int
	}
	var ws []window
	most := 0
	for oy := min(r0, r1-Size+1); oy <= max(r0, r1-Size+1); oy++ {
		for ox := min(c0, c1-Size+1); ox <= max(c0, c1-Size+1); ox++ {
			in := inside(ox, oy)
			most = max(most, in)
			ws = append(ws, window{ox, oy, in, 0})
		}
	}
	// the windows that hold nearly the most marks, those that put the
	// most premium patches on their places first, each more than
	// maxShift from those before it
	kept := ws[:0]
	for _, w := range ws {
		if float64(w.in) >= latticeInShare*float64(most) {
			w.n = onPlace(blue, w.x, w.y, TripleLetter) + onPlace(red, w.x, w.y, TripleWord)
			kept = append(kept, w)
		}
	}
	sort.SliceStable(kept, func(i, j int) bool {
		if kept[i].n != kept[j].n {
			return kept[i].n > kept[j].n
		}
		return kept[i].in > kept[j].in
	})
	var out []vision.Quad
	var chosen []window
	for _, w := range kept {
		if len(out) == maxLatticeQuads {
			break
		}
		far := true
		for _, c := range chosen {
			if abs(w.x-c.x) <= maxShift && abs(w.y-c.y) <= maxShift {
				far = false
			}
		}
		if !far {
			continue
		}
		chosen = append(chosen, w)
		var q vision.Quad
		for i, pt := range [4][2]float64{{0, 0}, {Size, 0}, {Size, Size}, {0, Size}} {
			q[i] = h.Apply(vision.Point{X: float64(w.x) + pt[0], Y: float64(w.y) + pt[1]})
		}
		out = append(out, topLeftFirst(q))
	}
	return out
}

// latticeInShare: a window holds nearly the most marks with this share
// of them (a rack's or a stray tile's marks on the lattice lie outside).
const latticeInShare = 0.9

// maxLatticeStep is the farthest two neighbouring marks lie, as a share
// of the picture's longer side (a square 6% of it: a board 0.9 of the
// picture's width).
const maxLatticeStep = 0.1

// minLatticeStep is the nearest two neighbouring marks lie (a square 1%
// of the picture's longer side); latticeBins the vote's bins along far.
const (
	minLatticeStep = 0.01
	// the two directions' least angle and their lengths' most ratio (a
	// diagonal step lies 45 degrees from a row's and is 1.41 times as long)
	minLatticeAngle = 55
	maxLatticeRatio = 1.3
	latticeBins     = 100
)

// latticeNextShare is coveredNextShare for a board the marks' lattice
// proposes: marks are weaker evidence of a board than premium patches or
// lines (on the tuning renders a board a lattice placed 1.2 squares off
// at a corner fit its place 0.87 of the next best; the boards placed
// right 0.58-0.75), so the layout must tell its place more clearly.
const latticeNextShare = 0.8

// maxLatticeQuads bounds the windows latticeQuads proposes of a lattice.
const maxLatticeQuads = 2
