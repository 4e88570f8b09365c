package scrabble

import "testing"

// TestInsideOut: a reading is inside out where its plain squares read as
// tiles have the tiles' shared colour far less often than those read as
// empty; a reading the right way round, one that misses tiles, or a
// board whose empty squares are the tiles' colour too (cream tiles on a
// cream board) is not.
func TestInsideOut(t *testing.T) {
	tiles := crowdedTiles()
	var truth, allPlain [Size][Size]bool
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			truth[r][c] = tiles[[2]int{r, c}]
			allPlain[r][c] = truth[r][c] || premiumAt[r][c] == Plain
		}
	}
	// inverted: the empty plain squares read as the tiles, the premium
	// squares' tiles still found (they stand out from their prints)
	var inverted, half, none [Size][Size]bool
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if premiumAt[r][c] == Plain {
				inverted[r][c] = !truth[r][c]
				half[r][c] = truth[r][c] && r < Size/2
			} else {
				inverted[r][c] = truth[r][c]
				half[r][c] = truth[r][c]
			}
		}
	}
	var looks, mostlyOut [Size][Size]look
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			mostlyOut[r][c].out = r > 2
		}
	}
	for _, tc := range []struct {
		name   string
		occ    [Size][Size]bool
		shared [Size][Size]bool
		looks  [Size][Size]look
		want   bool
	}{
		{"right way round", truth, truth, looks, false},
		{"inside out", inverted, truth, looks, true},
		{"half the plain tiles missed", half, truth, looks, false},
		{"no tile read", none, truth, looks, false},
		{"cream tiles on a cream board", truth, allPlain, looks, false},
		{"inside out, too little in view to tell", inverted, truth, mostlyOut, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := insideOut(&tc.occ, &tc.shared, &tc.looks); got != tc.want {
				t.Errorf("insideOut = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestRightWayRound: a crowded board's reading inside out is read again
// the right way round from the colour its tiles share; a reading the
// right way round is left alone.
func TestRightWayRound(t *testing.T) {
	tiles := crowdedTiles()
	looks := sharedBoard(tiles, 7)
	// beige tiles, darker than the plain squares (sharedBoard's are
	// nearly their colour)
	var truth, inverted [Size][Size]bool
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			truth[r][c] = tiles[[2]int{r, c}]
			inverted[r][c] = truth[r][c] != (premiumAt[r][c] == Plain)
			if l := &looks[r][c]; truth[r][c] {
				l.v[0] -= 25
				l.v[2] += 20
				l.face = [3]float64{l.v[0], l.v[1], l.v[2]}
			}
		}
	}
	lc := letterCheck(nil)
	st := sharedOf(t, &looks)
	for _, tc := range []struct {
		name   string
		occ    [Size][Size]bool
		redone bool
	}{
		{"right way round", truth, false},
		{"inside out", inverted, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o, _, ok := rightWayRound(looks, lc, &st, &tc.occ)
			if ok != tc.redone {
				t.Fatalf("read again %v, want %v", ok, tc.redone)
			}
			if !ok {
				return
			}
			right, wrong := 0, 0
			for r := 0; r < Size; r++ {
				for c := 0; c < Size; c++ {
					switch {
					case o[r][c] && truth[r][c]:
						right++
					case o[r][c]:
						wrong++
					}
				}
			}
			if right < len(tiles)*9/10 || wrong > 2 {
				t.Errorf("read again: %d of %d tiles, %d empty squares", right, len(tiles), wrong)
			}
		})
	}
}

// TestCrowdedRightWayRound: dim, blurred crowded white boards whose
// first reading took the empty plain squares for the tiles (11 of 82 and
// 13 of 98 tiles found before, 12-45 false) read their tiles.
func TestCrowdedRightWayRound(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	rd := reader(t)
	for _, tc := range []struct {
		name string
		seed int64
	}{
		{"white, the median spread's reading inside out", 86113},
		{"white, the robust spread's reading inside out", 86129},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, l := crowdedScene(t, tc.seed, "white")
			res := EvalPhoto("scene", img, l, Options{Reader: rd})
			seen := res.Tiles - res.CoveredTiles - res.UnseenTiles
			t.Logf("%d of %d tiles in view found, %d read, %d false %v", res.TilesFound, seen, res.TilesRead, res.FalseTiles, res.Err)
			if !res.Found || res.TilesFound < seen*9/10 || res.FalseTiles > 3 {
				t.Errorf("board found %v, %d of %d tiles in view found, %d false", res.Found, res.TilesFound, seen, res.FalseTiles)
			}
		})
	}
}

// BenchmarkInsideOutCheck: what every reading with tiles pays for the
// check (the tiles' shared colour, which sharedReading uses too, and
// insideOut on a crowded board's looks, read the right way round:
// nothing read again).
func BenchmarkInsideOutCheck(b *testing.B) {
	tiles := crowdedTiles()
	looks := sharedBoard(tiles, 7)
	var occ [Size][Size]bool
	for p := range tiles {
		occ[p[0]][p[1]] = true
	}
	lc := letterCheck(nil)
	for b.Loop() {
		st, ok := tilesShared(&looks)
		if !ok {
			b.Fatal("no shared colour")
		}
		if _, _, ok := rightWayRound(looks, lc, &st, &occ); ok {
			b.Fatal("read again")
		}
	}
}
