package loose

import (
	"image"
	"math"
)

// latticeFill explains a patch of joined tiles as cells of a square
// lattice: the lattice's direction from the patch's outline (edges of
// tiles on a lattice all run one of two square directions), its pitch
// from the tile side, its phase where the cells come out most clearly full
// or empty. Each cell the patch mostly covers is a tile. It reports false
// when the patch does not look like lattice cells (tiles joined at odd
// angles), so that the caller can cut it otherwise.
func latticeFill(pts []image.Point, side float64) ([][4]Point, bool) {
	if len(pts) < int(1.5*side*side) || len(pts) > int(400*side*side) {
		return nil, false
	}
	x0, y0, x1, y1 := pts[0].X, pts[0].Y, pts[0].X, pts[0].Y
	for _, p := range pts {
		x0, y0, x1, y1 = min(x0, p.X), min(y0, p.Y), max(x1, p.X), max(y1, p.Y)
	}
	bw, bh := x1-x0+3, y1-y0+3
	bits := make([]bool, bw*bh)
	for _, p := range pts {
		bits[(p.Y-y0+1)*bw+p.X-x0+1] = true
	}
	in := func(p image.Point) bool { return bits[(p.Y-y0+1)*bw+p.X-x0+1] }
	// Direction: the outline's edge directions, modulo 90 degrees, as
	// the mean of 4*angle on the unit circle.
	var sc, ss float64
	for _, p := range pts {
		gx, gy := 0.0, 0.0
		if !in(image.Pt(p.X+1, p.Y)) {
			gx++
		}
		if !in(image.Pt(p.X-1, p.Y)) {
			gx--
		}
		if !in(image.Pt(p.X, p.Y+1)) {
			gy++
		}
		if !in(image.Pt(p.X, p.Y-1)) {
			gy--
		}
		// Diagonal neighbours smooth the staircase of a slanted edge.
		for _, d := range [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
			if !in(image.Pt(p.X+d[0], p.Y+d[1])) {
				gx += 0.5 * float64(d[0])
				gy += 0.5 * float64(d[1])
			}
		}
		if gx == 0 && gy == 0 {
			continue
		}
		a := 4 * math.Atan2(gy, gx)
		m := math.Hypot(gx, gy)
		sc += m * math.Cos(a)
		ss += m * math.Sin(a)
	}
	if sc == 0 && ss == 0 {
		return nil, false
	}
	theta := math.Atan2(ss, sc) / 4
	ux, uy := math.Cos(theta), math.Sin(theta)
	vx, vy := -uy, ux
	us := make([]float64, len(pts))
	vs := make([]float64, len(pts))
	minU, minV := math.Inf(1), math.Inf(1)
	maxU, maxV := math.Inf(-1), math.Inf(-1)
	for i, p := range pts {
		x, y := float64(p.X), float64(p.Y)
		us[i], vs[i] = x*ux+y*uy, x*vx+y*vy
		minU, minV = math.Min(minU, us[i]), math.Min(minV, vs[i])
		maxU, maxV = math.Max(maxU, us[i]), math.Max(maxV, vs[i])
	}
	// Pitch and phase: try pitches near the tile side and phases across
	// a cell; keep the crispest.
	// cells: each cell's pixel count, row by row (nu to a row), a slice
	// and not a map so that the quads come in the same order every run.
	type fit struct {
		pitch, pu, pv, crisp float64
		cells                []int
		nu                   int
	}
	best := fit{crisp: -1}
	// A point's cell column depends on the phase across (iu) alone and
	// its row on the phase down (iv) alone: each is worked out once per
	// phase (the same quotient), not once per pair of phases; the counts
	// are made in one buffer, copied out for the crispest so far.
	const steps = 6
	cu := make([]int32, len(us))
	var cvs [steps][]int32
	for iv := range cvs {
		cvs[iv] = make([]int32, len(vs))
	}
	var scratch []int
	var rows phaseRows
	for _, f := range []float64{0.96, 1.0, 1.04, 1.08} {
		pitch := side * f
		for iv := 0; iv < steps; iv++ {
			pv := minV - 0.5 - pitch*float64(iv)/steps
			for i, v := range vs {
				cvs[iv][i] = int32((v - pv) / pitch)
			}
		}
		keyed := rows.key(cvs[:])
		for iu := 0; iu < steps; iu++ {
			pu := minU - 0.5 - pitch*float64(iu)/steps
			for i, u := range us {
				cu[i] = int32((u - pu) / pitch)
			}
			// nu depends on the phase across alone.
			nu := int((maxU-pu)/pitch) + 2
			if keyed {
				rows.count(cu, nu)
			}
			for iv := 0; iv < steps; iv++ {
				pv := minV - 0.5 - pitch*float64(iv)/steps
				nv := int((maxV-pv)/pitch) + 2
				if cap(scratch) < nu*nv {
					scratch = make([]int, nu*nv)
				}
				dense := scratch[:nu*nv]
				clear(dense)
				if keyed {
					rows.add(dense, iv, nu)
				} else {
					cv := cvs[iv][:len(cu)]
					for i, c := range cu {
						dense[int(cv[i])*nu+int(c)]++
					}
				}
				full := pitch * pitch
				var crisp, wsum float64
				for _, n := range dense {
					if n == 0 {
						continue
					}
					cov := math.Min(1, float64(n)/full)
					crisp += math.Abs(2*cov-1) * cov
					wsum += cov
				}
				if wsum > 0 {
					crisp /= wsum
				}
				if crisp > best.crisp {
					best = fit{pitch, pu, pv, crisp, append([]int(nil), dense...), nu}
				}
			}
		}
	}
	debugf("lattice fill: %d px, side %.1f, crisp %.2f pitch %.1f", len(pts), side, best.crisp, best.pitch)
	if best.crisp < 0.7 {
		return nil, false
	}
	full := best.pitch * best.pitch
	var quads [][4]Point
	var covered float64
	for i, n := range best.cells {
		if n == 0 || float64(n) < 0.55*full {
			continue
		}
		covered += float64(n)
		u0 := best.pu + float64(i%best.nu)*best.pitch
		v0 := best.pv + float64(i/best.nu)*best.pitch
		at := func(u, v float64) Point { return Point{u*ux + v*vx, u*uy + v*vy} }
		p := best.pitch
		quads = append(quads, orderQuad([4]Point{at(u0, v0), at(u0+p, v0), at(u0+p, v0+p), at(u0, v0+p)}))
	}
	// The cells must account for most of the patch.
	debugf("  %d cells, covered %.2f", len(quads), covered/float64(len(pts)))
	if len(quads) == 0 || covered < 0.85*float64(len(pts)) {
		return nil, false
	}
	return quads, true
}

// phaseRows counts latticeFill's points by cell once for the six phases
// down instead of once for each: a point's row at the later phases is
// its row at the first or the next (the phase moves by under a pitch),
// so the six rows are its first row and five bits, its key; points of a
// column and key fall in the same cell at every phase down, and are
// added to it together. The counts are the same integers.
type phaseRows struct {
	keys  []int32 // each point's key: first row<<5 | the later rows' bits
	nKeys int
	hist  []int32 // points by key and column, key*nu + column
	// cells: the (column, key, count) of each cell of hist in use,
	// gathered by count.
	cells []keyCell
}

type keyCell struct{ col, key, n int32 }

// key makes each point's key from its rows at the six phases down; it
// reports false (the points are then counted one by one) where a later
// row is not the first or the next.
func (r *phaseRows) key(cvs [][]int32) bool {
	if len(cvs) > 6 {
		return false
	}
	n := len(cvs[0])
	if cap(r.keys) < n {
		r.keys = make([]int32, n)
	}
	r.keys = r.keys[:n]
	var top int32
	for i, r0 := range cvs[0] {
		if r0 < 0 {
			return false
		}
		k := r0 << 5
		for iv := 1; iv < len(cvs); iv++ {
			switch cvs[iv][i] - r0 {
			case 0:
			case 1:
				k |= 1 << (iv - 1)
			default:
				return false
			}
		}
		r.keys[i] = k
		top = max(top, k)
	}
	r.nKeys = int(top) + 1
	return true
}

// count gathers the points by column (cu) and key into cells.
func (r *phaseRows) count(cu []int32, nu int) {
	if cap(r.hist) < r.nKeys*nu {
		r.hist = make([]int32, r.nKeys*nu)
	}
	hist := r.hist[:r.nKeys*nu]
	keys := r.keys[:len(cu)]
	for i, c := range cu {
		hist[int(keys[i])*nu+int(c)]++
	}
	r.cells = r.cells[:0]
	for j, m := range hist {
		if m != 0 {
			r.cells = append(r.cells, keyCell{int32(j % nu), int32(j / nu), m})
			hist[j] = 0
		}
	}
}

// add adds the cells' counts into dense (nu columns to a row) at phase
// down iv.
func (r *phaseRows) add(dense []int, iv, nu int) {
	for _, c := range r.cells {
		row := int(c.key >> 5)
		if iv > 0 {
			row += int(c.key>>(iv-1)) & 1
		}
		dense[row*nu+int(c.col)] += int(c.n)
	}
}

// letterTiles puts one tile round each letter of a patch whose letters
// stand on a lattice: the directions from each letter to its nearest
// neighbours agree modulo 90 degrees. Each tile is a square of the local
// spacing (the median distance to its lattice neighbours), turned to the
// lattice. It reports false when the letters do not line up.
func letterTiles(c component, side float64) ([][4]Point, bool) {
	ls := c.letters
	if len(ls) < 2 {
		return nil, false
	}
	var sc, ss, wsum float64
	local := make([][]float64, len(ls))
	for i, a := range ls {
		for j, b := range ls {
			if i == j {
				continue
			}
			d := math.Hypot(b.x-a.x, b.y-a.y)
			if d < 0.75*side || d > 1.3*side {
				continue
			}
			ang := 4 * math.Atan2(b.y-a.y, b.x-a.x)
			sc += math.Cos(ang)
			ss += math.Sin(ang)
			wsum++
			local[i] = append(local[i], d)
		}
	}
	if wsum < 2 || math.Hypot(sc, ss)/wsum < 0.85 {
		return nil, false
	}
	theta := math.Atan2(ss, sc) / 4
	ux, uy := math.Cos(theta), math.Sin(theta)
	vx, vy := -uy, ux
	var quads [][4]Point
	for i, l := range ls {
		p := side
		if len(local[i]) > 0 {
			p = median(local[i])
		}
		h := p / 2
		at := func(u, v float64) Point { return Point{l.x + u*ux + v*vx, l.y + u*uy + v*vy} }
		quads = append(quads, orderQuad([4]Point{at(-h, -h), at(h, -h), at(h, h), at(-h, h)}))
	}
	// The tiles must account for most of the patch.
	if float64(len(quads))*side*side < 0.7*float64(len(c.pixels)) {
		return nil, false
	}
	return quads, true
}
