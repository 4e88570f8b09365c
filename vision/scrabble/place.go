package scrabble

import (
	"math"
)

// placeShifts are the whole-square moves a square's neighbourhood is
// compared with (placeEvidence): the eight around it.
var placeShifts = [][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}

// placeEvidence measures, for each square of the picture-order grid,
// how surely the premium layout places the squares around it: the empty
// squares within placeRadius of it are compared with their prints' looks
// (each print's median over the board) as placed, and as they would be
// were the grid a square off there, in each of the eight directions.
// The ratio returned is the cost as placed over the least cost a square
// off (under 1: the squares' colours follow the layout better as
// placed); NaN where too few squares around it tell (every square near
// it plain under each move, or out of view).
//
// align places the whole grid by the layout; this asks the same
// question of each part of it: a grid bent by a wrong lens or corner
// (its far corner a square or more off, its near part right) or a cut
// board's grid placed by a guess is right in one part and off in
// another, and a tile read through the part that is off is the letter
// of the square beside it.
func placeEvidence(tiles *[Size][Size]bool, looks *[Size][Size]look) (ratio [Size][Size]float64) {
	return placeEvidenceBy(tiles, looks, placePrints(tiles, looks))
}

// placeRef is each print's median look and the plain squares' spread
// about theirs.
type placeRef struct {
	med    [numPremiums]vec
	have   [numPremiums]bool
	spread float64
}

// placePrints learns placeRef from the empty squares in view as placed.
func placePrints(tiles *[Size][Size]bool, looks *[Size][Size]look) (ref placeRef) {
	var vs [numPremiums][3][]float64
	usable := func(r, c int) bool {
		return r >= 0 && c >= 0 && r < Size && c < Size && !looks[r][c].out && !tiles[r][c]
	}
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if !usable(r, c) {
				continue
			}
			k := premiumAt[r][c]
			for q := 0; q < 3; q++ {
				vs[k][q] = append(vs[k][q], looks[r][c].v[q])
			}
		}
	}
	for k := range vs {
		if len(vs[k][0]) == 0 {
			continue
		}
		ref.have[k] = true
		for q := 0; q < 3; q++ {
			ref.med[k][q] = median(vs[k][q])
		}
	}
	var ds []float64
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if usable(r, c) && premiumAt[r][c] == Plain {
				ds = append(ds, looks[r][c].colourDist(ref.med[Plain]))
			}
		}
	}
	ref.spread = math.Max(median(ds), minPlaceSpread)
	return ref
}

// placeEvidenceBy is placeEvidence with the prints' looks given.
func placeEvidenceBy(tiles *[Size][Size]bool, looks *[Size][Size]look, ref placeRef) (ratio [Size][Size]float64) {
	usable := func(r, c int) bool {
		return r >= 0 && c >= 0 && r < Size && c < Size && !looks[r][c].out && !tiles[r][c]
	}
	med, have, spread := ref.med, ref.have, ref.spread
	cost := func(r, c int, k Premium) float64 {
		// the built-in min: math.Min's NaN and -0, without its call
		return min(looks[r][c].colourDist(med[k])/spread, placeCap)
	}
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			ratio[r][c] = math.NaN()
			if looks[r][c].out {
				continue
			}
			var here float64
			var there [8]float64
			telling := 0
			for rr := r - placeRadius; rr <= r+placeRadius; rr++ {
				for cc := c - placeRadius; cc <= c+placeRadius; cc++ {
					if !usable(rr, cc) {
						continue
					}
					k := premiumAt[rr][cc]
					// every move must name a print here, so that each
					// is judged on the same squares
					var ks [8]Premium
					ok, differs := have[k], false
					for i, d := range placeShifts {
						br, bc := rr-d[0], cc-d[1]
						if br < 0 || bc < 0 || br >= Size || bc >= Size || !have[premiumAt[br][bc]] {
							ok = false
							break
						}
						ks[i] = premiumAt[br][bc]
						differs = differs || ks[i] != k
					}
					if !ok {
						continue
					}
					if differs {
						telling++
					}
					here += cost(rr, cc, k)
					for i := range placeShifts {
						there[i] += cost(rr, cc, ks[i])
					}
				}
			}
			if telling < minTelling {
				continue
			}
			least := math.Inf(1)
			for _, t := range there {
				least = math.Min(least, t)
			}
			ratio[r][c] = here / math.Max(least, 1e-9)
		}
	}
	return ratio
}

// placeRadius is how far, in squares, the neighbourhood of a square
// placeEvidence judges runs each way; minTelling the fewest of its
// squares whose print changes under some move.
const (
	placeRadius = 3
	minTelling  = 6
)

// placeCap bounds one square's cost in spreads (a tile missed, a glare);
// minPlaceSpread bounds the spread from below.
const (
	placeCap       = 6
	minPlaceSpread = 2
)

// misplaced marks the tiles of the picture-order grid (occ) around which
// the premium layout fits the grid a square off clearly better than as
// placed (placeEvidence over placeContra): there the grid is not where
// the board is, and the tile read may be the square beside it. The
// squares out of view or covered (a hand) tell nothing. seen are the
// squares' looks as squareLooks gives them (occupancy's, taken once a
// scan).
func misplaced(seen *[Size][Size]look, occ, covered *[Size][Size]bool) (off [Size][Size]bool) {
	var looks [Size][Size]look
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			looks[r][c] = seen[r][c] // out of view: out already
			if covered[r][c] {
				looks[r][c].out = true
			}
		}
	}
	ratio := placeEvidence(occ, &looks)
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			off[r][c] = occ[r][c] && ratio[r][c] > placeContra
		}
	}
	return off
}

// placeContra: a tile is misplaced where the layout's cost as placed is
// over placeContra times its least a square off; misplacedConf is the
// most a tile of a board with one is trusted. On the tune render sets
// (seeds 1-3, and 64, 65, 67, 68 with the camera low: 7,150 tiles read
// where the board is, by the renders' truth) the ratio at a tile is
// 0.19-1.04; read through the same boards' grids moved a square (each
// print's look learned where the board is, as where a grid is bent over
// part of a board) it is over 1.13-1.16 at 95% of the tiles, 2.1-2.2 at
// the median.
const (
	placeContra   = 1.1
	misplacedConf = 0.5
)
