package scrabble

import (
	"math/rand/v2"
	"testing"
)

// sharedBoard is a synthetic crowded board's looks: each print its own
// colour, the tiles (cream, their letters spreading the lightness) on
// the squares of tiles, nearly the plain squares' colour; a fixed
// scatter.
func sharedBoard(tiles map[[2]int]bool, seed uint64) [Size][Size]look {
	prints := [numPremiums]vec{
		Plain:        {140, 1, 4, 3},
		DoubleLetter: {109, -19, -22, 3},
		TripleLetter: {91, -31, -54, 3},
		DoubleWord:   {108, 22, 28, 3},
		TripleWord:   {87, 68, 49, 3},
	}
	cream := vec{146, 3, 10, 9}
	rng := rand.New(rand.NewPCG(seed, 1))
	var looks [Size][Size]look
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			base, amp := prints[premiumAt[r][c]], 2.0
			if tiles[[2]int{r, c}] {
				base, amp = cream, 3
			}
			l := &looks[r][c]
			for q := range dims {
				l.v[q] = base[q] + amp*rng.NormFloat64()
			}
			l.face = [3]float64{l.v[0], l.v[1], l.v[2]}
		}
	}
	return looks
}

// crowdedTiles covers a crowded board's share of the premium squares
// (the renders' 14-27 of 60), most of them on one print (9 of the 12
// triple letter squares), and every third plain square.
func crowdedTiles() map[[2]int]bool {
	tiles := map[[2]int]bool{}
	want := [numPremiums]int{DoubleLetter: 8, TripleLetter: 9, DoubleWord: 6, TripleWord: 2}
	var have [numPremiums]int
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			k := premiumAt[r][c]
			switch {
			case isStar(r, c):
			case k == Plain:
				if (r*Size+c)%3 == 0 {
					tiles[[2]int{r, c}] = true
				}
			case have[k] < want[k]:
				tiles[[2]int{r, c}] = true
				have[k]++
			}
		}
	}
	return tiles
}

// TestSharedLook: the tiles' look is the colour squares of several
// premium prints share; an empty board, each print its own colour, has
// none.
func TestSharedLook(t *testing.T) {
	for _, tc := range []struct {
		name   string
		tiles  map[[2]int]bool
		shared bool
	}{
		{"crowded", crowdedTiles(), true},
		{"empty", map[[2]int]bool{}, false},
		{"a word on plain squares", map[[2]int]bool{{7, 8}: true, {7, 9}: true, {7, 10}: true}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			looks := sharedBoard(tc.tiles, 72001)
			_, shared, n, prints := sharedLook(&looks)
			if got := n >= minShared && prints >= sharedPrints; got != tc.shared {
				t.Fatalf("shared look found %v (%d premium squares, %d prints), want %v", got, n, prints, tc.shared)
			}
			for r := 0; r < Size; r++ {
				for c := 0; c < Size; c++ {
					if shared[r][c] && premiumAt[r][c] != Plain && !tc.tiles[[2]int{r, c}] {
						t.Errorf("empty premium square %d,%d shared with the tiles", r, c)
					}
				}
			}
		})
	}
}

// TestSharedReading: where a reading missed the tiles the premium
// squares share, the board is read again from them, when their letters
// show; tiles whose letters do not show, or a reading that holds every
// tile, are left as they are; a reading that holds the premium squares'
// tiles but missed the plain ones keeps its own and gains those, weak.
func TestSharedReading(t *testing.T) {
	tiles := crowdedTiles()
	looks := sharedBoard(tiles, 72002)
	var none, all, onPremium [Size][Size]bool
	for p := range tiles {
		all[p[0]][p[1]] = true
		onPremium[p[0]][p[1]] = premiumAt[p[0]][p[1]] != Plain
	}
	for _, tc := range []struct {
		name     string
		before   *[Size][Size]bool
		lettered bool
		want     bool
	}{
		{"nothing found, letters show", &none, true, true},
		{"nothing found, no letters", &none, false, false},
		{"the tiles found already", &all, true, false},
		{"the premium squares' tiles found", &onPremium, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := sharedOf(t, &looks)
			occ, weak, ok := sharedReading(looks, func([][2]int) bool { return tc.lettered }, &st, tc.before, &none)
			if ok != tc.want {
				t.Fatalf("read again %v, want %v", ok, tc.want)
			}
			if !ok {
				return
			}
			if *tc.before != none {
				// it only adds, and what it adds is weak
				for r := 0; r < Size; r++ {
					for c := 0; c < Size; c++ {
						if tc.before[r][c] && !occ[r][c] {
							t.Errorf("%d,%d: a tile of the first reading dropped", r, c)
						}
						if occ[r][c] && !tc.before[r][c] && !weak[r][c] {
							t.Errorf("%d,%d: a tile added sure of its place", r, c)
						}
					}
				}
			}
			found := overlap(&occ, &all)
			if found < len(tiles)*9/10 {
				t.Errorf("%d of %d tiles found, want nearly all", found, len(tiles))
			}
			if n := count(&occ) - found; n > len(tiles)/50 {
				t.Errorf("%d empty squares taken for tiles", n)
			}
		})
	}
}

// TestSharedTilesCrowded: crowded red boards whose cream tiles cover most
// of the triple letter squares, read before with the empty ones as the
// seeds (0-1 tiles found), find their tiles from the colour the premium
// squares share, with few false ones.
func TestSharedTilesCrowded(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	rd := reader(t)
	for _, tc := range []struct {
		name string
		seed int64
	}{
		{"red, blurred", 65008},
		{"red, moving", 65016},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, l := crowdedScene(t, tc.seed, "red")
			res := EvalPhoto("scene", img, l, Options{Reader: rd})
			seen := res.Tiles - res.CoveredTiles - res.UnseenTiles
			t.Logf("%d of %d tiles in view found, %d read, %d false %v", res.TilesFound, seen, res.TilesRead, res.FalseTiles, res.Err)
			if !res.Found || res.TilesFound < seen*9/10 || res.FalseTiles > 2 {
				t.Errorf("board found %v, %d of %d tiles in view found, %d false", res.Found, res.TilesFound, seen, res.FalseTiles)
			}
		})
	}
}

// sharedOf is the tiles' shared colour on looks, which a test's board
// must have.
func sharedOf(t *testing.T, looks *[Size][Size]look) sharedTiles {
	t.Helper()
	st, ok := tilesShared(looks)
	if !ok {
		t.Fatal("no colour the tiles share")
	}
	return st
}
