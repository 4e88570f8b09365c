package scrabble

// A crowded board can be read inside out: its empty squares taken for
// the tiles and its tiles for the board (crowded hard renders 86053,
// 86069, 86113, 86129, 89409: 43-103 squares read, 11-17 of them
// tiles). The first pass, the local light taken out, finds its seeds
// among the empty plain squares between the words (their whitened noise
// passes the letters' check), and every later pass learns the prints
// from the squares left, the tiles: the reading stands, and the readings
// made right after it (the robust spread's, the shared colour's) are
// refused, as they keep few of its squares. Yet the tiles show what no
// empty square shows: the colour sharedLook finds on the premium squares
// of three prints or more, which the tiles on the plain squares share
// too. Read the right way round, the plain squares taken for tiles have
// that colour about as often as those left empty or more (on the crowded
// tuning boards 0.63-1 of them against 0-0.99, an old beige or cream
// board's empty squares being the tiles' colour too; the nearest 0.38
// against 0.64); inside out, hardly ever (0-0.04 against 0.34-0.91).

// insideOut says whether reading occ is inside out by the tiles' shared
// colour (shared, every square of it, sharedLook): its plain squares
// read as tiles have that colour less than insideShare as often as its
// plain squares read as empty, which hold at least minInverted squares
// of it.
func insideOut(occ, shared *[Size][Size]bool, looks *[Size][Size]look) bool {
	var tiles, tilesShared, empty, emptyShared int
	for r := 0; r < Size; r++ {
		for c := 0; c < Size; c++ {
			if premiumAt[r][c] != Plain || looks[r][c].out {
				continue
			}
			if occ[r][c] {
				tiles++
				if shared[r][c] {
					tilesShared++
				}
			} else {
				empty++
				if shared[r][c] {
					emptyShared++
				}
			}
		}
	}
	return tiles >= minSeeds && emptyShared >= minInverted &&
		float64(tilesShared)*float64(empty) < insideShare*float64(emptyShared)*float64(tiles)
}

// rightWayRound reads a board again where reading occ is inside out
// (insideOut) by the tiles' shared colour st (tilesShared): every square
// of that colour is left out of the prints' looks, so each print is
// learned from squares no tile lies on, and the board read as
// occupancy's first pass and later passes read it (readWithout). The new
// reading stands where it is not inside out, holds at least half of the
// shared premium squares (as sharedReading's must) and may be a game's
// tiles (oneBoard). Where none stands, the reading is left as it was
// (not seen on the tuning boards).
func rightWayRound(looks [Size][Size]look, lettered func([][2]int) bool, st *sharedTiles, occ *[Size][Size]bool) (o, w [Size][Size]bool, ok bool) {
	if !insideOut(occ, &st.all, &looks) {
		return o, w, false
	}
	return readWithout(looks, &st.all, lettered, false, func(o *[Size][Size]bool) bool {
		return !insideOut(o, &st.all, &looks) && 2*overlap(o, &st.onPrints) >= st.n && oneBoard(o, &looks)
	})
}

// The inside-out check's thresholds (insideOut).
const (
	// insideShare: the share of the reading's plain tiles of the shared
	// colour, against its empty plain squares', under which it is inside
	// out.
	insideShare = 0.5
	// minInverted: the plain squares of the shared colour a reading
	// inside out leaves empty, at least (a crowded board's plain squares
	// hold 40-70 tiles; 46-69 on the boards read inside out).
	minInverted = 12
)
