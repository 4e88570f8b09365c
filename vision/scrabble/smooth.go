package scrabble

import "math"

// A hand whose colour the border does not tell apart (a brown hand over
// a brown border, a pale one over a beige board in dim light) is not
// found where it crosses the border (breachSquares), and its squares,
// standing out from their print, were read as a patch of unsure tiles.
// What tells it from tiles is its shape: skin and sleeve are smooth over
// many squares, with no grid line through them, where the board prints
// a line between every two squares and a tile shows its edge and the
// gap beside it. smoothHand takes the squares that stand out from their
// print and show no line on any side, joined into patches; a patch is a
// hand's when it joins squares already found under the hand, or when it
// is large and reaches the grid's edge (an arm comes in from the
// picture's edge, over the border).

// sideLine is how strongly a line shows across the side that starts at
// (x0, y0) of the picture-order grid and runs (dx, dy) (a unit side),
// (nx, ny) across it: the lightness across the side, each step the mean
// along its middle part, its largest step away from the two ends' mean
// near the side, over the mean lightness (a shadow dims a line and the
// squares alike).
func sideLine(f *frame, x0, y0, dx, dy, nx, ny float64) float64 {
	const nAlong = 12
	offs := [...]float64{-0.22, -0.15, -0.1, -0.05, 0, 0.05, 0.1, 0.15, 0.22}
	var prof [len(offs)]float64
	var all float64
	for i, o := range offs {
		var s float64
		for j := 0; j < nAlong; j++ {
			a := 0.2 + 0.6*(float64(j)+0.5)/nAlong
			c := f.p.at(f.at(x0+a*dx+o*nx, y0+a*dy+o*ny))
			s += (c[0] + c[1] + c[2]) / 3
		}
		prof[i] = s / nAlong
		all += prof[i]
	}
	all /= float64(len(offs))
	base := (prof[0] + prof[len(prof)-1]) / 2
	best := 0.0
	for i := 1; i < len(prof)-1; i++ {
		best = math.Max(best, math.Abs(prof[i]-base))
	}
	return best / math.Max(all, 1)
}

// squareLines is, for each square in view, the strongest line on its
// four sides (sideLine); NaN out of view.
func squareLines(f *frame, looks *[Size][Size]look) (lines [Size][Size]float64) {
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if looks[r][c].out {
				lines[r][c] = math.NaN()
			}
		}
	}
	// the sides across the rows (x fixed) and along them (y fixed)
	for r := 0; r < Size; r++ {
		for x := 0; x <= Size; x++ {
			if (x == 0 || looks[r][x-1].out) && (x == Size || looks[r][x].out) {
				continue
			}
			v := sideLine(f, float64(x), float64(r), 0, 1, 1, 0)
			if x > 0 {
				lines[r][x-1] = math.Max(lines[r][x-1], v)
			}
			if x < Size {
				lines[r][x] = math.Max(lines[r][x], v)
			}
		}
	}
	for y := 0; y <= Size; y++ {
		for c := 0; c < Size; c++ {
			if (y == 0 || looks[y-1][c].out) && (y == Size || looks[y][c].out) {
				continue
			}
			v := sideLine(f, float64(c), float64(y), 1, 0, 0, 1)
			if y > 0 {
				lines[y-1][c] = math.Max(lines[y-1][c], v)
			}
			if y < Size {
				lines[y][c] = math.Max(lines[y][c], v)
			}
		}
	}
	return lines
}

// smoothHand adds to covered the patches of smooth squares (no line on
// any side, standing out from their print) that join covered squares, or
// that reach the grid's edge with minSmooth squares at least.
func smoothHand(f *frame, looks *[Size][Size]look, covered *[Size][Size]bool) {
	med, dists := printLooks(looks, printSquares(looks), look.colourDist)
	var spread [numPremiums]float64
	for k, d := range dists {
		spread[k] = math.Max(median(d), minSpread)
	}
	// the squares that stand out from their print, smooth inside; where
	// none of their patches could be a hand's, no line is looked at (the
	// lines only take squares away)
	var cand [Size][Size]bool
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			l := looks[r][c]
			if l.out || covered[r][c] {
				continue
			}
			k := premiumAt[r][c]
			cand[r][c] = l.colourDist(med[k]) > smoothStand*spread[k] && l.v[3] <= maxBreachSpread
		}
	}
	if len(handPatches(&cand, covered)) == 0 {
		return
	}
	lines := squareLines(f, looks)
	var all []float64
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if !math.IsNaN(lines[r][c]) {
				all = append(all, lines[r][c])
			}
		}
	}
	if len(all) < Size*Size/3 {
		return
	}
	limit := smoothRel * median(all)
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			cand[r][c] = cand[r][c] && lines[r][c] <= limit
		}
	}
	take := handPatches(&cand, covered)
	if len(take) == 0 {
		return
	}
	for _, patch := range take {
		for _, p := range patch {
			covered[p[0]][p[1]] = true
		}
	}
	// The fingers show their edges on the sides of their squares, but
	// the hand's colour, in this light, is its smooth patch's: from
	// there the hand's squares are grown as from a breach (grow). (Grown
	// from the hand found on the border as well, the squares it covered
	// took tiles beside a hand on a crowded board.)
	for _, patch := range take {
		var vs [dims][]float64
		for _, p := range patch {
			for q := 0; q < dims; q++ {
				vs[q] = append(vs[q], looks[p[0]][p[1]].v[q])
			}
		}
		var colour vec
		for q := 0; q < dims; q++ {
			colour[q] = median(vs[q])
		}
		grow(looks, patch, colour, &med, &spread, covered)
	}
	fillHoles(looks, covered)
}

// The smooth hand's thresholds: a square is smooth when its strongest
// side's line is under smoothRel of the board's median square's, and
// stands out from its print smoothStand of its spreads; a patch not
// joining the hand found on the border is one when it reaches the grid's
// edge with minSmooth squares.
const (
	smoothRel   = 0.4
	smoothStand = 1.0
	minSmooth   = 5
)

// handPatches lists the patches of cand (joined side by side) that join
// a covered square or reach the grid's edge with minSmooth squares.
func handPatches(cand, covered *[Size][Size]bool) (take [][][2]int) {
	var seen [Size][Size]bool
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if !cand[r][c] || seen[r][c] {
				continue
			}
			patch := [][2]int{{r, c}}
			seen[r][c] = true
			joins, edge := false, false
			for i := 0; i < len(patch); i++ {
				p := patch[i]
				if p[0] == 0 || p[0] == Size-1 || p[1] == 0 || p[1] == Size-1 {
					edge = true
				}
				for _, d := range [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
					rr, cc := p[0]+d[0], p[1]+d[1]
					if rr < 0 || rr >= Size || cc < 0 || cc >= Size {
						continue
					}
					if covered[rr][cc] {
						joins = true
					}
					if cand[rr][cc] && !seen[rr][cc] {
						seen[rr][cc] = true
						patch = append(patch, [2]int{rr, cc})
					}
				}
			}
			if joins || (edge && len(patch) >= minSmooth) {
				take = append(take, patch)
			}
		}
	}
	return take
}
