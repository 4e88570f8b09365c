package loose

import (
	"math"
	"sort"
)

// fitLattice gives every tile its row and column on a square lattice.
//
// The lattice's direction is the tiles' common direction modulo 90
// degrees (the mean of four times each outline's angle on the unit
// circle); which of the four ways is "up" comes from the letters when
// upright is set (most letters stand upright in a crossword), else it is
// the way nearest the photo's own up. Cells are then handed out from the
// middle tile outwards, each tile placed from an already placed
// neighbour by the offset between them measured in the neighbours' own
// size and direction, so a tilted camera's perspective (tiles smaller and
// turned far off) does not accumulate. Tiles that touch no placed tile
// are placed by a least-squares affine fit of the placed ones.
func fitLattice(r *Reading, upright bool) {
	tiles := r.Tiles
	if len(tiles) == 0 {
		return
	}
	var sc, ss float64
	for _, t := range tiles {
		a := 4 * t.Angle * math.Pi / 180
		sc += math.Cos(a)
		ss += math.Sin(a)
	}
	theta := math.Atan2(ss, sc) / 4 * 180 / math.Pi // (-45, 45]
	if upright {
		var votes [4]float64
		for _, t := range tiles {
			k := int(math.Round((t.Angle-theta)/90)) % 4
			if k < 0 {
				k += 4
			}
			votes[k] += math.Max(t.Conf, 0.01)
		}
		best := 0
		for k := range votes {
			if votes[k] > votes[best] {
				best = k
			}
		}
		theta += 90 * float64(best)
	}
	r.Orientation = normDeg(theta)
	phi := theta * math.Pi / 180
	// Image axes (y down): columns run along u, rows along v.
	gu := Point{math.Cos(phi), -math.Sin(phi)}
	gv := Point{math.Sin(phi), math.Cos(phi)}

	n := len(tiles)
	// Each tile's own axes: its outline edges nearest gu and gv.
	type frame struct{ u, v Point }
	frames := make([]frame, n)
	for i, t := range tiles {
		frames[i] = frame{gu, gv}
		var bu, bv Point
		bdu, bdv := -2.0, -2.0
		for j := 0; j < 4; j++ {
			a, b := t.Corners[j], t.Corners[(j+1)%4]
			e := Point{b.X - a.X, b.Y - a.Y}
			l := math.Hypot(e.X, e.Y)
			if l == 0 {
				continue
			}
			e = Point{e.X / l * t.Side, e.Y / l * t.Side}
			if d := (e.X*gu.X + e.Y*gu.Y) / t.Side; d > bdu {
				bdu, bu = d, e
			}
			if d := (e.X*gv.X + e.Y*gv.Y) / t.Side; d > bdv {
				bdv, bv = d, e
			}
		}
		if bdu > 0.7 && bdv > 0.7 {
			frames[i] = frame{bu, bv}
		} else {
			frames[i] = frame{Point{gu.X * t.Side, gu.Y * t.Side}, Point{gv.X * t.Side, gv.Y * t.Side}}
		}
	}
	row := make([]int, n)
	col := make([]int, n)
	placed := make([]bool, n)
	// Start from the tile nearest the middle of them all.
	var mid Point
	for _, t := range tiles {
		mid.X += t.Center.X / float64(n)
		mid.Y += t.Center.Y / float64(n)
	}
	start := 0
	for i, t := range tiles {
		if dist(t.Center, mid) < dist(tiles[start].Center, mid) {
			start = i
		}
	}
	placed[start] = true
	var medSide []float64
	for _, t := range tiles {
		medSide = append(medSide, t.Side)
	}
	sort.Float64s(medSide)
	r.Pitch = medSide[len(medSide)/2]
	// Grow: repeatedly place the unplaced tile closest to a placed one,
	// when the offset is close to whole cells.
	for {
		bi, bj, bd := -1, -1, math.Inf(1)
		var ba, bb int
		for i := range tiles {
			if !placed[i] {
				continue
			}
			for j := range tiles {
				if placed[j] {
					continue
				}
				d := dist(tiles[i].Center, tiles[j].Center)
				pitch := (tiles[i].Side + tiles[j].Side) / 2
				if d > 1.75*pitch || d >= bd {
					continue
				}
				// Offset in the mean of both tiles' frames.
				u := Point{(frames[i].u.X + frames[j].u.X) / 2, (frames[i].u.Y + frames[j].u.Y) / 2}
				v := Point{(frames[i].v.X + frames[j].v.X) / 2, (frames[i].v.Y + frames[j].v.Y) / 2}
				dx, dy := tiles[j].Center.X-tiles[i].Center.X, tiles[j].Center.Y-tiles[i].Center.Y
				a, b, ok := solve2(u, v, dx, dy)
				if !ok {
					continue
				}
				ra, rb := math.Round(a), math.Round(b)
				if math.Abs(a-ra) > 0.35 || math.Abs(b-rb) > 0.35 || (ra == 0 && rb == 0) {
					continue
				}
				bi, bj, bd, ba, bb = i, j, d, int(ra), int(rb)
			}
		}
		if bi < 0 {
			break
		}
		placed[bj] = true
		row[bj], col[bj] = row[bi]+bb, col[bi]+ba
	}
	// The rest: an affine map from (col, row) to the photo, fitted to the
	// placed tiles.
	if aff, ok := fitAffine(tiles, placed, row, col); ok {
		for j := range tiles {
			if placed[j] {
				continue
			}
			c, rr, ok := aff.invert(tiles[j].Center)
			if !ok {
				continue
			}
			rc, rrr := math.Round(c), math.Round(rr)
			if math.Abs(c-rc) < 0.35 && math.Abs(rr-rrr) < 0.35 {
				placed[j] = true
				row[j], col[j] = int(rrr), int(rc)
			}
		}
	}
	// One tile per cell: the more confident keeps it.
	minR, minC := math.MaxInt, math.MaxInt
	taken := map[[2]int]int{}
	for i := range tiles {
		if !placed[i] {
			continue
		}
		key := [2]int{row[i], col[i]}
		if o, ok := taken[key]; ok {
			if tiles[o].Conf >= tiles[i].Conf {
				placed[i] = false
				continue
			}
			placed[o] = false
		}
		taken[key] = i
	}
	for i := range tiles {
		if placed[i] {
			minR, minC = min(minR, row[i]), min(minC, col[i])
		}
	}
	r.Rows, r.Cols, r.OffLattice = 0, 0, 0
	for i := range tiles {
		if !placed[i] {
			tiles[i].Row, tiles[i].Col = -1, -1
			r.OffLattice++
			continue
		}
		tiles[i].Row, tiles[i].Col = row[i]-minR, col[i]-minC
		r.Rows = max(r.Rows, tiles[i].Row+1)
		r.Cols = max(r.Cols, tiles[i].Col+1)
	}
}

// solve2 solves a*u + b*v = (dx, dy).
func solve2(u, v Point, dx, dy float64) (a, b float64, ok bool) {
	det := u.X*v.Y - u.Y*v.X
	if math.Abs(det) < 1e-9 {
		return 0, 0, false
	}
	a = (dx*v.Y - dy*v.X) / det
	b = (u.X*dy - u.Y*dx) / det
	return a, b, true
}

// affine maps lattice (col, row) to the photo: x = a0 + a1 c + a2 r,
// y = b0 + b1 c + b2 r.
type affine struct{ a, b [3]float64 }

func (f affine) invert(p Point) (c, r float64, ok bool) {
	u := Point{f.a[1], f.b[1]}
	v := Point{f.a[2], f.b[2]}
	return solve2(u, v, p.X-f.a[0], p.Y-f.b[0])
}

// fitAffine fits the map by least squares over the placed tiles (at
// least three, not all in one line).
func fitAffine(tiles []Tile, placed []bool, row, col []int) (affine, bool) {
	var m [3][3]float64
	var rx, ry [3]float64
	cnt := 0
	for i, t := range tiles {
		if !placed[i] {
			continue
		}
		f := [3]float64{1, float64(col[i]), float64(row[i])}
		for a := 0; a < 3; a++ {
			for b := 0; b < 3; b++ {
				m[a][b] += f[a] * f[b]
			}
			rx[a] += f[a] * t.Center.X
			ry[a] += f[a] * t.Center.Y
		}
		cnt++
	}
	if cnt < 3 {
		return affine{}, false
	}
	xa, ok1 := solve3(m, rx)
	ya, ok2 := solve3(m, ry)
	if !ok1 || !ok2 {
		return affine{}, false
	}
	return affine{xa, ya}, true
}

func solve3(m [3][3]float64, r [3]float64) ([3]float64, bool) {
	det := func(a [3][3]float64) float64 {
		return a[0][0]*(a[1][1]*a[2][2]-a[1][2]*a[2][1]) -
			a[0][1]*(a[1][0]*a[2][2]-a[1][2]*a[2][0]) +
			a[0][2]*(a[1][0]*a[2][1]-a[1][1]*a[2][0])
	}
	d := det(m)
	if math.Abs(d) < 1e-9 {
		return [3]float64{}, false
	}
	var x [3]float64
	for c := 0; c < 3; c++ {
		mc := m
		for rr := 0; rr < 3; rr++ {
			mc[rr][c] = r[rr]
		}
		x[c] = det(mc) / d
	}
	return x, true
}

// sortTiles orders tiles as read: by row and column when on the lattice
// (off-lattice tiles last), then top to bottom, left to right.
func sortTiles(t []Tile) {
	sort.SliceStable(t, func(i, j int) bool {
		a, b := t[i], t[j]
		if (a.Row < 0) != (b.Row < 0) {
			return b.Row < 0
		}
		if a.Row != b.Row {
			return a.Row < b.Row
		}
		if a.Col != b.Col {
			return a.Col < b.Col
		}
		if a.Center.Y != b.Center.Y {
			return a.Center.Y < b.Center.Y
		}
		return a.Center.X < b.Center.X
	})
}
