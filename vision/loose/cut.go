package loose

import (
	"image"
	"math"
	"sort"

	"github.com/tilescope/tilescope/internal/parallel"
)

// cutFaces: a photo taken close cuts tiles at the picture's edge. A tile
// cut through its letter keeps no reading in any look (loosemiss: 29 of
// the 36 A-Z tiles missed on the tuning crops; half a letter, and the
// verifier drops the square round it), yet it is a tile on the table and
// the players want it counted, unsure. Such a tile is found here by its
// face, not its letter: a square of the photo's tile side (the sure
// tiles' median), reaching out of the picture, whose part in view is
// the sure tiles' face colour along its border, holds ink in its middle
// (a letter, part of it), has an edge in the photo along each of its
// sides in view (straight, the tile's own outline against the table or
// the gap to a neighbour) and the table, not the face colour, beyond
// them where no tile lies. It is reported with its centre at the middle
// of its part in view (where the eval and a player look for it), the
// reader's guess of its letter read with the part out of view filled
// with the face colour, and never sure (cutConf at most).

// Parameters of the cut tiles' search.
const (
	// cutMinSure: the sure tiles a photo needs for its tile side and
	// face colour to be known.
	cutMinSure = 4
	// cutMinShare, cutMaxShare: the share of the square in view. A
	// tile less than half in view is not labelled by augment, and the
	// square's share is a few hundredths off its tile's (on a tuning
	// crop a tile under half in view passed at 0.62; held out, 0.6
	// gave a false tile more); more than cutMaxShare is a whole tile,
	// the finder's.
	cutMinShare = 0.65
	cutMaxShare = 0.93
	// cutBandFace: the least share of the square's border band in view
	// that is face-coloured.
	cutBandFace = 0.85
	// cutCoreInk: the least share of the square's middle in view that
	// is ink.
	cutCoreInk = 0.04
	// cutRingTable: the least share of the ring just outside a side of
	// the square in view (and on no tile) that is not face-coloured for
	// the table to lie beyond it.
	cutRingTable = 0.6
	// cutEdgeStep: the median step in grey across a side (over two
	// pixels) that makes it an edge (edgeSides').
	cutEdgeStep = 12
	// cutTileGrow, cutTileOverlap: a square may share at most
	// cutTileOverlap of itself with a found tile's quad grown
	// cutTileGrow times about its centre.
	cutTileGrow = 1.15
	// cutStraight: how far from their median place (in sides) the
	// steps along a side of the square may lie.
	cutStraight = 0.04
	// cutSizeOff: how far (in sides) the edges of two opposite sides
	// may lie from the tile side apart.
	cutSizeOff = 0.15
	// cutFaceSep: how far apart (RGB levels) the faces' and the
	// table's median colours must lie.
	cutFaceSep     = 20
	cutTileOverlap = 0.1
)

// cutSample is a point of the square in its own frame (a, b in
// [-0.5, 0.5], sides of the square), its part: band (the face round
// the letter) or core (the letter).
type cutSample struct {
	a, b float64
	band bool
}

// cutGrid is the square's samples: a 16 x 16 grid, the band from 0.34
// to 0.42 of the way to a side (a few pixels inside the tile's outline
// however the search's steps place the square), the core within 0.22.
var cutGrid = func() (g []cutSample) {
	const n = 16
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			a, b := (float64(i)+0.5)/n-0.5, (float64(j)+0.5)/n-0.5
			m := math.Max(math.Abs(a), math.Abs(b))
			switch {
			case m >= 0.34 && m <= 0.42:
				g = append(g, cutSample{a, b, true})
			case m <= 0.22:
				g = append(g, cutSample{a, b, false})
			}
		}
	}
	return g
}()

// cutRing is the ring just outside the square: 10 points along each
// side at 0.62 of the side from the centre, the four sides in turn
// (point k beyond side k%4).
var cutRing = func() (g [][2]float64) {
	for k := 0; k < 10; k++ {
		t := (float64(k)+0.5)/10 - 0.5
		g = append(g, [2]float64{t, -0.62}, [2]float64{t, 0.62}, [2]float64{-0.62, t}, [2]float64{0.62, t})
	}
	return g
}()

// faceModel is the colour of the photo's tiles' faces: the median of
// the border bands of the tiles read sure, and how far from it a face's
// pixel lies (tol); ink is darker than inkGrey.
type faceModel struct {
	rgb     [3]float64
	tol     float64
	inkGrey float64
	table   [3]float64
}

// grey is the mean of a pixel's three channels.
func (m rgbImage) grey(x, y int) float64 {
	i := 3 * (y*m.w + x)
	return (float64(m.pix[i]) + float64(m.pix[i+1]) + float64(m.pix[i+2])) / 3
}

// isFace says whether the photo's pixel at x, y has the face colour:
// within tol of it, and nearer it than the table's.
func (f faceModel) isFace(src rgbImage, x, y int) bool {
	i := 3 * (y*src.w + x)
	r, g, b := float64(src.pix[i]), float64(src.pix[i+1]), float64(src.pix[i+2])
	d0, d1, d2 := r-f.rgb[0], g-f.rgb[1], b-f.rgb[2]
	df := d0*d0 + d1*d1 + d2*d2
	if df > f.tol*f.tol {
		return false
	}
	e0, e1, e2 := r-f.table[0], g-f.table[1], b-f.table[2]
	return df < e0*e0+e1*e1+e2*e2
}

// learnFace measures the face colour on the sure tiles wholly in view
// (the border band of each, cutGrid's), and the table's colour in the
// ring round them on no tile (its median); ok is false where there are
// too few, or where the table's colour lies within cutFaceSep of the
// faces' or the ring round the tiles is mostly of the faces' colour
// even so (cream tiles on a cream table: a face cannot be told from
// it).
func learnFace(src rgbImage, tiles []Tile, sure []int, s float64) (faceModel, bool) {
	var f faceModel
	var ch [3][]float64
	var greys []float64
	inFrame := func(p Point) bool {
		return p.X >= 0 && p.Y >= 0 && p.X <= float64(src.w-1) && p.Y <= float64(src.h-1)
	}
	for _, i := range sure {
		t := tiles[i]
		u, v := squareAxes(t.Corners)
		for _, g := range cutGrid {
			if !g.band {
				continue
			}
			p := Point{t.Center.X + t.Side*(g.a*u.X+g.b*v.X), t.Center.Y + t.Side*(g.a*u.Y+g.b*v.Y)}
			if !inFrame(p) {
				continue
			}
			k := 3 * (int(p.Y)*src.w + int(p.X))
			for c := 0; c < 3; c++ {
				ch[c] = append(ch[c], float64(src.pix[k+c]))
			}
			greys = append(greys, src.grey(int(p.X), int(p.Y)))
		}
	}
	if len(greys) < 100 {
		return f, false
	}
	for c := range ch {
		f.rgb[c] = median(ch[c])
	}
	d := make([]float64, len(greys))
	for k := range greys {
		d0, d1, d2 := ch[0][k]-f.rgb[0], ch[1][k]-f.rgb[1], ch[2][k]-f.rgb[2]
		d[k] = math.Sqrt(d0*d0 + d1*d1 + d2*d2)
	}
	sort.Float64s(d)
	f.tol = math.Max(25, 1.5*d[len(d)*85/100])
	f.inkGrey = 0.55 * median(greys)
	// The table: the ring round each sure tile, on no tile.
	var pts []Point
	var tch [3][]float64
	for _, i := range sure {
		t := tiles[i]
		u, v := squareAxes(t.Corners)
		for _, r := range cutRing {
			a, b := r[0]*1.25, r[1]*1.25
			p := Point{t.Center.X + t.Side*(a*u.X+b*v.X), t.Center.Y + t.Side*(a*u.Y+b*v.Y)}
			if !inFrame(p) || onAnyTile(tiles, p) {
				continue
			}
			pts = append(pts, p)
			k := 3 * (int(p.Y)*src.w + int(p.X))
			for c := 0; c < 3; c++ {
				tch[c] = append(tch[c], float64(src.pix[k+c]))
			}
		}
	}
	if len(pts) < 20 {
		return f, false
	}
	for c := range tch {
		f.table[c] = median(tch[c])
	}
	if math.Sqrt(sq(f.table[0]-f.rgb[0])+sq(f.table[1]-f.rgb[1])+sq(f.table[2]-f.rgb[2])) < cutFaceSep {
		return f, false
	}
	face := 0
	for _, p := range pts {
		if f.isFace(src, int(p.X), int(p.Y)) {
			face++
		}
	}
	if float64(face) > 0.4*float64(len(pts)) {
		return f, false
	}
	_ = s
	return f, true
}

// squareAxes are the unit vectors along a quad's first side (u) and
// across it (v).
func squareAxes(q [4]Point) (u, v Point) {
	ux, uy := q[1].X-q[0].X+q[2].X-q[3].X, q[1].Y-q[0].Y+q[2].Y-q[3].Y
	L := math.Hypot(ux, uy)
	if L == 0 {
		return Point{1, 0}, Point{0, 1}
	}
	u = Point{ux / L, uy / L}
	return u, Point{-u.Y, u.X}
}

// onAnyTile says whether p lies in a tile's quad.
func onAnyTile(tiles []Tile, p Point) bool {
	for _, t := range tiles {
		if insidePolygon(t.Corners[:], p) {
			return true
		}
	}
	return false
}

// cutCand is a square of the search: its quad, its part in view, and
// how well it fits (score).
type cutCand struct {
	q       [4]Point
	visible []Point
	share   float64
	score   float64
}

// cutSure are the tiles cutFaces learns the faces from (read sure, a
// letter, a side measured): their indices and their sides.
func cutSure(tiles []Tile) (sure []int, sides []float64) {
	for i, t := range tiles {
		if t.Conf >= SureConf && !t.Blank && t.Letter != "" && t.Letter != "?" && t.Side > 0 {
			sure = append(sure, i)
			sides = append(sides, t.Side)
		}
	}
	return sure, sides
}

// cutFaces adds to a Lexicon table's final tiles those the picture's
// edge cuts that no look kept (see above), each unsure. Nothing is added
// where fewer than cutMinSure tiles are read sure or the table has the
// faces' colour.
func cutFaces(src rgbImage, tiles []Tile, opt Options) []Tile {
	sure, sides := cutSure(tiles)
	if len(sure) < cutMinSure || src.w < 8 || src.h < 8 {
		return tiles
	}
	s := median(sides)
	if s < 12 || s > 0.5*float64(min(src.w, src.h)) {
		return tiles
	}
	face, ok := learnFace(src, tiles, sure, s)
	if !ok {
		return tiles
	}
	cands := cutSearch(src, tiles, face, s)
	if len(cands) == 0 {
		return tiles
	}
	added := cutRead(src, cands, face, s, opt)
	for _, t := range added {
		debugf("cut: a tile the edge cuts at (%.0f, %.0f), %.2f in view, read %q %.2f", t.Center.X, t.Center.Y, t.cutShare, t.Letter, t.Conf)
	}
	return append(tiles, added...)
}

// cutSearch tries squares of side s along each edge of the picture,
// a sixth of a side apart, turned every 6 degrees, their centres from a fifth of a side outside
// the edge to 0.6 inside it, and keeps the best of those that pass
// (cutFits), none over another or over a tile.
func cutSearch(src rgbImage, tiles []Tile, face faceModel, s float64) []cutCand {
	w, h := float64(src.w), float64(src.h)
	type edge struct {
		o, along, in Point
		L            float64
	}
	edges := []edge{
		{Point{0, 0}, Point{1, 0}, Point{0, 1}, w},
		{Point{0, h - 1}, Point{1, 0}, Point{0, -1}, w},
		{Point{0, 0}, Point{0, 1}, Point{1, 0}, h},
		{Point{w - 1, 0}, Point{0, 1}, Point{-1, 0}, h},
	}
	var near []Tile
	for _, t := range tiles {
		c := t.Center
		if c.X < 2*s || c.Y < 2*s || c.X > w-2*s || c.Y > h-2*s {
			near = append(near, t)
		}
	}
	var found []cutCand
	for _, e := range edges {
		for p := 0.0; p <= e.L; p += s / 6 {
			// A face at the edge here: the edge's pixels within a
			// third of a side, a fifth of a side in.
			if !faceAtEdge(src, face, e.o, e.along, e.in, p, s) {
				continue
			}
			for d := -0.2; d <= 0.6001; d += 0.1 {
				c := Point{e.o.X + p*e.along.X + d*s*e.in.X, e.o.Y + p*e.along.Y + d*s*e.in.Y}
				if onAnyTile(near, c) {
					continue
				}
				for deg := 0.0; deg < 90; deg += 6 {
					if cd, ok := cutFits(src, near, face, c, deg, s); ok {
						found = append(found, cd)
					}
				}
			}
		}
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].score > found[j].score })
	var kept []cutCand
	for _, c := range found {
		over := false
		for _, k := range kept {
			if quadOverlap(c.q, k.q) > 0.2 {
				over = true
				break
			}
		}
		if !over {
			kept = append(kept, c)
		}
	}
	return kept
}

// faceAtEdge says whether a tile's face may show at the picture's edge
// at p along it: of the pixels a fifth of a side in, within a third of
// a side of p, half are face-coloured or ink (a letter may lie there),
// two face-coloured at least.
func faceAtEdge(src rgbImage, face faceModel, o, along, in Point, p, s float64) bool {
	n, f, dark := 0, 0, 0
	for k := -3; k <= 3; k++ {
		q := p + float64(k)*s/9
		x := o.X + q*along.X + 0.2*s*in.X
		y := o.Y + q*along.Y + 0.2*s*in.Y
		if x < 0 || y < 0 || x > float64(src.w-1) || y > float64(src.h-1) {
			continue
		}
		n++
		switch {
		case face.isFace(src, int(x), int(y)):
			f++
		case src.grey(int(x), int(y)) < face.inkGrey:
			dark++
		}
	}
	return n >= 3 && f >= 2 && 2*(f+dark) >= n
}

// cutFits weighs the square of side s centred at c, turned deg degrees:
// its share in view between cutMinShare and cutMaxShare, over no tile
// (rimOverlap), its border band in view face-coloured, ink in its
// middle, an edge along each side in view, and the table beyond them.
func cutFits(src rgbImage, tiles []Tile, face faceModel, c Point, deg, s float64) (cutCand, bool) {
	cd, stage := cutFitsStage(src, tiles, face, c, deg, s)
	return cd, stage == cutPassed
}

// The tests of cutFitsStage, in order: the one a square failed, or
// cutPassed.
const (
	cutFailBand = iota + 1
	cutFailInk
	cutFailShare
	cutFailTile
	cutFailRing
	cutFailEdge
	cutFailSize
	cutFailMoved
	cutPassed
)

// cutFitsStage is cutFits with the test the square failed (cutFail*),
// or cutPassed.
func cutFitsStage(src rgbImage, tiles []Tile, face faceModel, c Point, deg, s float64) (cutCand, int) {
	th := deg * math.Pi / 180
	u := Point{math.Cos(th), math.Sin(th)}
	v := Point{-u.Y, u.X}
	at := func(a, b float64) Point {
		return Point{c.X + s*(a*u.X+b*v.X), c.Y + s*(a*u.Y+b*v.Y)}
	}
	q := [4]Point{at(-0.5, -0.5), at(0.5, -0.5), at(0.5, 0.5), at(-0.5, 0.5)}
	w, h := src.w, src.h
	in := func(p Point) bool {
		return p.X >= 0 && p.Y >= 0 && p.X <= float64(w-1) && p.Y <= float64(h-1)
	}
	// The band first (most squares fail it), leaving early.
	nb, fb, nc, ink := 0, 0, 0, 0
	bandIn := 0
	for _, g := range cutGrid {
		if g.band {
			bandIn++
		}
	}
	miss := 0
	for _, g := range cutGrid {
		p := at(g.a, g.b)
		if !in(p) {
			continue
		}
		x, y := int(p.X), int(p.Y)
		if g.band {
			nb++
			if face.isFace(src, x, y) {
				fb++
			} else if miss++; float64(miss) > (1-cutBandFace)*float64(bandIn) {
				return cutCand{}, cutFailBand
			}
			continue
		}
		nc++
		if src.grey(x, y) < face.inkGrey {
			ink++
		}
	}
	if nb == 0 || float64(fb) < cutBandFace*float64(nb) {
		return cutCand{}, cutFailBand
	}
	if nc == 0 || float64(ink) < cutCoreInk*float64(nc) {
		return cutCand{}, cutFailInk
	}
	// The share in view before the square is moved onto its edges
	// (below) within a tenth of the bounds.
	_, share := ClipToFrame(q[:], w, h)
	if share < cutMinShare-0.1 || share > cutMaxShare+0.05 {
		return cutCand{}, cutFailShare
	}
	// Over no tile's face: a found tile's quad is often a little
	// smaller than its face, and a square over the rest of it and a
	// sliver of a cut tile below it passes as a tile (tuning crop
	// 113820: a tile under half in view, unlabelled, so).
	for _, t := range tiles {
		if dist(t.Center, c) < 1.5*(s+t.Side) && quadOverlap(q, shrinkQuad(t.Corners, cutTileGrow)) > cutTileOverlap {
			return cutCand{}, cutFailTile
		}
	}
	// The ring beyond each side in view, on no tile: the table, on
	// every side but one at most (a neighbour the search has not found,
	// cut by the edge as well, may lie beside it).
	var nr, tr [4]int
	for k, r := range cutRing {
		p := at(r[0], r[1])
		if !in(p) || onAnyTile(tiles, p) {
			continue
		}
		nr[k%4]++
		if !face.isFace(src, int(p.X), int(p.Y)) {
			tr[k%4]++
		}
	}
	checked, faceSides, nAll, tAll := 0, 0, 0, 0
	for k := range nr {
		nAll += nr[k]
		tAll += tr[k]
		if nr[k] < 3 {
			continue
		}
		checked++
		if float64(tr[k]) < cutRingTable*float64(nr[k]) {
			faceSides++
		}
	}
	if faceSides > 1 || (checked > 0 && faceSides == checked) {
		return cutCand{}, cutFailRing
	}
	ringShare := 1.0
	if nAll > 0 {
		ringShare = float64(tAll) / float64(nAll)
	}
	// An edge along each side in view; the square then moved onto the
	// edges (each side's steps lie off it by off), and its size
	// checked against them: two opposite sides in view whose edges lie
	// further apart or nearer than cutSizeOff of a side are another
	// size's (the gap between two tiles, a card).
	sidesIn, steps := 0, 0.0
	var off [4]float64
	var seen [4]bool
	for i := 0; i < 4; i++ {
		a, b := q[i], q[(i+1)%4]
		m, o, ok := sideStep(src, a, b, c, s)
		if !ok {
			continue
		}
		sidesIn++
		if m < cutEdgeStep {
			return cutCand{}, cutFailEdge
		}
		steps += m
		off[i], seen[i] = o, true
	}
	if sidesIn < 2 {
		return cutCand{}, cutFailEdge
	}
	// Sides 0 and 2 lie across v (out: -v, +v), 1 and 3 across u (+u,
	// -u).
	shift := func(i, j int) float64 {
		switch {
		case seen[i] && seen[j]:
			return (off[j] - off[i]) / 2
		case seen[j]:
			return off[j]
		case seen[i]:
			return -off[i]
		}
		return 0
	}
	if (seen[0] && seen[2] && math.Abs(off[0]+off[2]) > cutSizeOff*s) || (seen[1] && seen[3] && math.Abs(off[1]+off[3]) > cutSizeOff*s) {
		return cutCand{}, cutFailSize
	}
	dv, du := shift(0, 2), shift(3, 1)
	for i := range q {
		q[i].X += du*u.X + dv*v.X
		q[i].Y += du*u.Y + dv*v.Y
	}
	vis, share := ClipToFrame(q[:], w, h)
	if share < cutMinShare || share > cutMaxShare {
		return cutCand{}, cutFailMoved
	}
	score := float64(fb)/float64(nb) + ringShare + math.Min(steps/float64(sidesIn), 60)/60
	return cutCand{q: q, visible: vis, share: share, score: score}, cutPassed
}

// sideStep is the median of the steepest steps in grey across the side
// a-b of a square centred at c (within 0.12 of a side of it), at 9
// points along it, where the steps lie in one line (straight: 6 of
// every 10 within cutStraight of a side, or 2 pixels, of their median
// place; a square across the gap between two tiles meets their edges
// at several depths); 0 where they do not; off is their median place,
// out from the square positive. ok is false where fewer than 4 of the
// points lie in view (the side is out of the picture).
func sideStep(src rgbImage, a, b, c Point, s float64) (step, off float64, ok bool) {
	L := dist(a, b)
	nx, ny := (b.Y-a.Y)/L, -(b.X-a.X)/L
	m := Point{(a.X + b.X) / 2, (a.Y + b.Y) / 2}
	if (m.X-c.X)*nx+(m.Y-c.Y)*ny < 0 {
		nx, ny = -nx, -ny
	}
	g := func(x, y float64) float64 {
		xi, yi := int(math.Round(x)), int(math.Round(y))
		if xi < 0 || yi < 0 || xi >= src.w || yi >= src.h {
			return -1
		}
		return src.grey(xi, yi)
	}
	reach := math.Max(3, 0.12*s)
	var steps, at []float64
	for k := 1; k <= 9; k++ {
		t := float64(k) / 10
		p := Point{a.X + t*(b.X-a.X), a.Y + t*(b.Y-a.Y)}
		best, bestD := -1.0, 0.0
		for d := -reach; d <= reach; d++ {
			v0, v1 := g(p.X+(d-1)*nx, p.Y+(d-1)*ny), g(p.X+(d+1)*nx, p.Y+(d+1)*ny)
			if v0 < 0 || v1 < 0 {
				continue
			}
			if st := math.Abs(v1 - v0); st > best {
				best, bestD = st, d
			}
		}
		if best >= 0 {
			steps = append(steps, best)
			at = append(at, bestD)
		}
	}
	if len(steps) < 4 {
		return 0, 0, false
	}
	mid := median(append([]float64(nil), at...))
	tol := math.Max(2, cutStraight*s)
	inLine := 0
	for _, d := range at {
		if math.Abs(d-mid) <= tol {
			inLine++
		}
	}
	if 10*inLine < 6*len(at) {
		return 0, mid, true
	}
	return median(steps), mid, true
}

// cutRead reads each square found: the reader's guess from the square's
// crop with its part out of view filled with the face colour (and the
// margin beyond the square with the table's), never sure; a square the
// reader calls no tile is dropped.
func cutRead(src rgbImage, cands []cutCand, face faceModel, s float64, opt Options) []Tile {
	n := opt.CropSide
	if n <= 0 {
		n = 64
	}
	rd := letterReader(opt)
	out := make([]Tile, len(cands))
	ok := make([]bool, len(cands))
	parallel.For(len(cands), func(i int) {
		cd := cands[i]
		got, err := rd.Read(cutCrop(src, cd.q, n, 1.3, face))
		if err != nil || got.Letter == "" {
			// The reader calls it no tile: on the tuning crops two of
			// the six false squares, none of the eight tiles.
			return
		}
		t := Tile{Corners: cd.q, Center: polyCentroid(cd.visible), Side: s, Row: -1, Col: -1, cutShare: cd.share}
		t.Letter, t.Conf = got.Letter, math.Min(got.Conf, cutConf)
		k := int(math.Round(got.Angle/90)) % 4
		t.Corners = rotateCorners(t.Corners, -k)
		off := got.Angle - 90*math.Round(got.Angle/90)
		t.Angle = normDeg(outlineAngle(t.Corners) + off)
		out[i], ok[i] = t, true
	})
	var kept []Tile
	for i := range out {
		if ok[i] {
			kept = append(kept, out[i])
		}
	}
	return kept
}

// cutCrop is rectify's crop of the square q grown by grow, the
// picture's pixels where they are in view; out of view, the face
// colour inside q and the table's beyond it.
func cutCrop(src rgbImage, q [4]Point, n int, grow float64, face faceModel) *image.RGBA {
	c := centroid(q)
	var g [4]Point
	for i, p := range q {
		g[i] = Point{c.X + grow*(p.X-c.X), c.Y + grow*(p.Y-c.Y)}
	}
	fn := float64(n)
	hm := homography([4]Point{{0, 0}, {fn, 0}, {fn, fn}, {0, fn}}, g)
	img := image.NewRGBA(image.Rect(0, 0, n, n))
	wm, hh := float64(src.w-1), float64(src.h-1)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			p := hm.apply(Point{float64(x) + 0.5, float64(y) + 0.5})
			o := img.Pix[4*(y*n+x) : 4*(y*n+x)+4]
			o[3] = 255
			if p.X >= 0 && p.Y >= 0 && p.X <= wm && p.Y <= hh {
				o[0], o[1], o[2] = src.bilinear(p.X, p.Y)
				continue
			}
			col := face.table
			if insidePolygon(q[:], p) {
				col = face.rgb
			}
			o[0], o[1], o[2] = uint8(col[0]+0.5), uint8(col[1]+0.5), uint8(col[2]+0.5)
		}
	}
	return img
}
