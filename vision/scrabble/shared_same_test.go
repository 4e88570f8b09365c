package scrabble

import (
	"math"
	"math/rand/v2"
	"testing"
)

// sharedLookBefore is sharedLook as it was before its pairs were kept in
// a list (the distances in a square table, each candidate's company
// counted over every other square): TestSharedLookAsBefore holds the new
// one to its answers.
func sharedLookBefore(looks *[Size][Size]look) (tile vec, shared [Size][Size]bool, n, prints int) {
	type square struct {
		r, c int
		k    Premium
	}
	var sqs []square
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			l := looks[r][c]
			if premiumAt[r][c] == Plain || isStar(r, c) || l.out || l.shade {
				continue
			}
			sqs = append(sqs, square{r, c, premiumAt[r][c]})
		}
	}
	var d [premiumSquares][premiumSquares]float64
	var between []float64
	for i, s := range sqs {
		for j := i + 1; j < len(sqs); j++ {
			if o := sqs[j]; o.k != s.k {
				d[i][j] = looks[s.r][s.c].colourDist(looks[o.r][o.c].v)
				d[j][i] = d[i][j]
				between = append(between, d[i][j])
			}
		}
	}
	radius := max(sharedRadius*medianOf(between), minSpread)
	best, bestN := -1, 0
	for i, s := range sqs {
		var seen [numPremiums]bool
		seen[s.k] = true
		m := 0
		for j, o := range sqs {
			if j != i && o.k != s.k && d[i][j] < radius {
				m++
				seen[o.k] = true
			}
		}
		if kinds(seen) >= sharedPrints && m > bestN {
			best, bestN = i, m
		}
	}
	if best < 0 {
		return tile, shared, 0, 0
	}
	centre := looks[sqs[best].r][sqs[best].c].v
	var vs [dims][]float64
	for _, o := range sqs {
		if looks[o.r][o.c].colourDist(centre) < radius {
			for q := range dims {
				vs[q] = append(vs[q], looks[o.r][o.c].v[q])
			}
		}
	}
	for q := range dims {
		tile[q] = median(vs[q])
	}
	var seen [numPremiums]bool
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			l := looks[r][c]
			if l.out || isStar(r, c) || l.colourDist(tile) >= radius {
				continue
			}
			shared[r][c] = true
			if premiumAt[r][c] != Plain {
				n++
				seen[premiumAt[r][c]] = true
			}
		}
	}
	return tile, shared, n, kinds(seen)
}

// TestSharedLookAsBefore: sharedLook gives the former code's answers bit
// for bit (the tiles' look, the shared squares, their count and prints)
// on crowded and empty boards, looks of random colours, colours drawn
// from a few values (ties between distances and candidates), squares
// out of view and shaded, and NaN colours.
func TestSharedLookAsBefore(t *testing.T) {
	for _, tc := range []struct {
		name string
		make func(seed uint64) [Size][Size]look
	}{
		{"crowded", func(seed uint64) [Size][Size]look { return sharedBoard(crowdedTiles(), seed) }},
		{"empty", func(seed uint64) [Size][Size]look { return sharedBoard(map[[2]int]bool{}, seed) }},
		{"random colours", func(seed uint64) [Size][Size]look { return randomLooks(seed, 0, 0, 0, false) }},
		{"few colours", func(seed uint64) [Size][Size]look { return randomLooks(seed, 3, 0, 0, false) }},
		{"out and shaded", func(seed uint64) [Size][Size]look { return randomLooks(seed, 4, 0.3, 0.2, false) }},
		{"most out", func(seed uint64) [Size][Size]look { return randomLooks(seed, 0, 0.9, 0, false) }},
		{"NaN colours", func(seed uint64) [Size][Size]look { return randomLooks(seed, 0, 0.1, 0, true) }},
		{"crowded, some out", func(seed uint64) [Size][Size]look {
			looks := sharedBoard(crowdedTiles(), seed)
			for c := 0; c < Size; c++ {
				looks[0][c].out, looks[1][c].out = true, true
			}
			return looks
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for seed := uint64(1); seed <= 40; seed++ {
				looks := tc.make(seed)
				tile, shared, n, prints := sharedLook(&looks)
				wTile, wShared, wN, wPrints := sharedLookBefore(&looks)
				for q := range dims {
					if math.Float64bits(tile[q]) != math.Float64bits(wTile[q]) {
						t.Fatalf("seed %d: tiles' look %v, before %v", seed, tile, wTile)
					}
				}
				if shared != wShared || n != wN || prints != wPrints {
					t.Fatalf("seed %d: %d squares of %d prints shared, before %d of %d (or other squares)", seed, n, prints, wN, wPrints)
				}
			}
		})
	}
}

// randomLooks is looks of random colours: levels > 0 draws each number
// from that many values; a share out of view and shaded; nan puts NaN
// in some colours.
func randomLooks(seed uint64, levels int, out, shade float64, nan bool) [Size][Size]look {
	rng := rand.New(rand.NewPCG(seed, 7))
	var looks [Size][Size]look
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			l := &looks[r][c]
			for q := range dims {
				if levels > 0 {
					l.v[q] = float64(20 * rng.IntN(levels))
				} else {
					l.v[q] = 200 * rng.Float64()
				}
			}
			if nan && rng.IntN(20) == 0 {
				l.v[rng.IntN(3)] = math.NaN()
			}
			l.out = rng.Float64() < out
			l.shade = rng.Float64() < shade
		}
	}
	return looks
}
