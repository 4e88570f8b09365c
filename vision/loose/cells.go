package loose

import "math"

// A Twists table is one lattice of interlocked tiles: once the tiles
// found have their cells (fitLattice), the lattice itself says where each
// cell lies and how large it is, wherever the photo's tilt, lens and
// blur leave the search's own quads too small, too large or missing.
// latticeCells uses it twice:
//
//   - a tile's quad unlike its cell (IoU under cellFit) is replaced by
//     the cell, where its neighbours place the cell (cellQuad: the
//     lattice fitted to the tiles round it, the tile itself left out) and
//     the tile's centre lies in it: the cell's size and direction, about
//     the cell's centre or the tile's, whichever is nearer the tile's
//     letter; a tile refitted is read again on its new quad
//     (rereadGrown: the new reading stays where the verifier trusts it
//     more);
//   - the empty cells next to the tiles (the eight about each) that
//     hold ink in their middle are read like the gaps fillGaps reads
//     (the set's one reader and the verifier judge them), and those kept
//     take their cell; the cells next to the new tiles are tried in a
//     next round (and those the new tiles moved by cellMoved or more,
//     read again), cellRounds rounds in all.
//
// Both work from the tiles' centres on the lattice, which every tile has
// (a letter or a sign printed at its middle), not from their outlines.

// cellFit: a tile's quad whose IoU with its cell is under this is
// replaced by the cell.
const cellFit = 0.6

// cellRounds is how many times the empty cells next to the tiles are
// searched.
const cellRounds = 3

// cellMoved: a cell whose centre moved less than this share of a side
// since it was read is not read again.
const cellMoved = 0.05

// cellSigma is the reach of the lattice fitted round a cell, in cells:
// each tile weighs exp(-d²/2σ²) by its distance d from the cell.
const cellSigma = 1.5

// cellNear is how many tiles among the cell's eight neighbours the cell's
// lattice needs.
const cellNear = 2

// latticeCells refits the quads of r's tiles to their cells and adds the
// tiles the verifier keeps in the empty cells next to them (see above).
func latticeCells(src rgbImage, r *Reading, opt Options) error {
	on := func() []int {
		var idx []int
		for i, t := range r.Tiles {
			if t.Row >= 0 {
				idx = append(idx, i)
			}
		}
		return idx
	}
	if len(on()) < 3 {
		return nil
	}
	// Tiles refitted are read again (rereadGrown: the new reading stays
	// where the verifier trusts it more); the others are not.
	before := make([]float64, len(r.Tiles))
	for i := range before {
		before[i] = math.Inf(1)
	}
	refitted := false
	for _, i := range on() {
		t := &r.Tiles[i]
		q, ok := cellQuad(r.Tiles, t.Row, t.Col, i)
		if !ok || !insideConvex(q, t.Center) {
			continue
		}
		// The cell's size and direction, about the cell's centre or the
		// tile's, whichever lies nearer the tile's letter (printed at its
		// middle): the neighbours' fit may lie a little off, and so may
		// the tile's own quad.
		c := centroid(q)
		to := c
		if t.hasGlyph && dist(t.glyph, t.Center) < dist(t.glyph, c) {
			to = t.Center
		}
		for k := range q {
			q[k] = Point{q[k].X + to.X - c.X, q[k].Y + to.Y - c.Y}
		}
		if IoU(q, t.Corners[:]) >= cellFit {
			continue
		}
		t.Corners = turnedLike(q, t.Corners)
		t.Center = centroid(t.Corners)
		t.Side = meanSide(t.Corners)
		before[i], refitted = 0, true
	}
	if refitted {
		if err := rereadGrown(src, r.Tiles, before, opt); err != nil {
			return err
		}
	}
	// A cell is read again in a later round only where the tiles added
	// moved it (its lattice is fitted to them too).
	tried := map[[2]int]Point{}
	for round := 0; round < cellRounds; round++ {
		taken := map[[2]int]bool{}
		for _, i := range on() {
			taken[[2]int{r.Tiles[i].Row, r.Tiles[i].Col}] = true
		}
		var cands []Tile
		var cells [][2]int
		seen := map[[2]int]bool{}
		for _, i := range on() {
			t := r.Tiles[i]
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					cell := [2]int{t.Row + dr, t.Col + dc}
					if taken[cell] || seen[cell] {
						continue
					}
					seen[cell] = true
					q, ok := cellQuad(r.Tiles, cell[0], cell[1], -1)
					if !ok {
						continue
					}
					c := centroid(q)
					if was, ok := tried[cell]; ok && dist(was, c) < cellMoved*meanSide(q) {
						continue
					}
					tried[cell] = c
					if c.X < 0 || c.Y < 0 || c.X >= float64(src.w) || c.Y >= float64(src.h) || !cellFree(r.Tiles, c, meanSide(q)) || !inkInMiddle(src, q) {
						continue
					}
					cands = append(cands, Tile{Letter: "?", Row: -1, Col: -1, byLetter: true, Corners: q, Center: c, Side: meanSide(q), Angle: outlineAngle(q)})
					cells = append(cells, cell)
				}
			}
		}
		if len(cands) == 0 {
			break
		}
		read, err := readVerified(src, cands, opt)
		if err != nil {
			return err
		}
		if len(read) == 0 {
			break
		}
		for _, t := range read {
			// The reading keeps its candidate's centre (readTiles turns
			// the corners only): its cell is the nearest candidate's.
			best, bd := -1, math.Inf(1)
			for k, c := range cands {
				if d := dist(c.Center, t.Center); d < bd {
					best, bd = k, d
				}
			}
			if best < 0 || bd > 0.5*t.Side || taken[cells[best]] {
				continue
			}
			t.Row, t.Col = cells[best][0], cells[best][1]
			taken[cells[best]] = true
			r.Tiles = append(r.Tiles, t)
		}
	}
	// The lattice's first row and column are 0 again.
	minR, minC := math.MaxInt, math.MaxInt
	for _, i := range on() {
		minR, minC = min(minR, r.Tiles[i].Row), min(minC, r.Tiles[i].Col)
	}
	r.Rows, r.Cols = 0, 0
	for _, i := range on() {
		t := &r.Tiles[i]
		t.Row, t.Col = t.Row-minR, t.Col-minC
		r.Rows, r.Cols = max(r.Rows, t.Row+1), max(r.Cols, t.Col+1)
	}
	return nil
}

// cellFree says whether no tile's centre lies within gapClear of a side
// of c.
func cellFree(tiles []Tile, c Point, side float64) bool {
	for _, t := range tiles {
		if dist(t.Center, c) < gapClear*math.Max(side, t.Side) {
			return false
		}
	}
	return true
}

// cellQuad is the cell (row, col) in the photo: the lattice fitted to the
// tiles on it round the cell (each weighed by its distance from the cell
// in cells, cellSigma), tile skip left out. It needs cellNear tiles among
// the cell's eight neighbours.
func cellQuad(tiles []Tile, row, col, skip int) ([4]Point, bool) {
	var m [3][3]float64
	var rx, ry [3]float64
	near := 0
	for i, t := range tiles {
		if i == skip || t.Row < 0 {
			continue
		}
		dr, dc := float64(t.Row-row), float64(t.Col-col)
		if math.Abs(dr) <= 1 && math.Abs(dc) <= 1 {
			near++
		}
		w := math.Exp(-(dr*dr + dc*dc) / (2 * cellSigma * cellSigma))
		f := [3]float64{1, float64(t.Col), float64(t.Row)}
		for a := 0; a < 3; a++ {
			for b := 0; b < 3; b++ {
				m[a][b] += w * f[a] * f[b]
			}
			rx[a] += w * f[a] * t.Center.X
			ry[a] += w * f[a] * t.Center.Y
		}
	}
	if near < cellNear {
		return [4]Point{}, false
	}
	xa, ok1 := solve3(m, rx)
	ya, ok2 := solve3(m, ry)
	if !ok1 || !ok2 {
		return [4]Point{}, false
	}
	f := affine{xa, ya}
	at := func(c, r float64) Point {
		return Point{f.a[0] + f.a[1]*c + f.a[2]*r, f.b[0] + f.b[1]*c + f.b[2]*r}
	}
	c, r := float64(col), float64(row)
	return orderQuad([4]Point{at(c-0.5, r-0.5), at(c+0.5, r-0.5), at(c+0.5, r+0.5), at(c-0.5, r+0.5)}), true
}

// turnedLike is q with its corners in the order of like's (a tile's
// corners follow its letter): the cyclic turn of q nearest like.
func turnedLike(q, like [4]Point) [4]Point {
	cq, cl := centroid(q), centroid(like)
	best, bd := q, math.Inf(1)
	for k := 0; k < 4; k++ {
		var t [4]Point
		var d float64
		for j := range t {
			t[j] = q[(j+k)%4]
			a := math.Atan2(t[j].Y-cq.Y, t[j].X-cq.X)
			b := math.Atan2(like[j].Y-cl.Y, like[j].X-cl.X)
			d += 1 - math.Cos(a-b)
		}
		if d < bd {
			best, bd = t, d
		}
	}
	return best
}
