package scrabble

import "image"

// PremiumBoard says whether the photo's blue and red patches lie as a
// board's triple squares do: premiumBoards' first proposal (three
// patches of one print next to each other on its lattice propose the
// map; the homography through the patches it puts on triple letter and
// triple word places keeps minPremiumMatches of the 20 or more, round
// after round), with patches of both prints on their places
// (minPremiumWords of the red triple words at least). That is the
// printed board's own arrangement, which tiles on a table do not show:
// a table's blue marks may fall on a lattice's places, not its red ones
// as well (the loose benchmark's mosaic of ban-seg photos, its second
// copy of one photo beside the first: 7 places under one map, one of
// them red). It looks at the photo's colours only (sampled every
// premiumStep pixels at 1640 wide: 5-25 ms of CPU), for a caller that
// searches for a board at a cost only where one may be there (the loose
// route, vision/loose: a steep board whose lines the quick search
// misses).
func PremiumBoard(img image.Image) bool {
	if img == nil || img.Bounds().Empty() {
		return false
	}
	first, _, _ := premiumBoards(toPicture(img))
	return first != nil && first.words >= minPremiumWords
}

// minPremiumWords is the fewest triple word patches (of 8) PremiumBoard
// asks of the first proposal's board: a board in view shows its rim's
// red squares as well as its blue ones.
const minPremiumWords = 2
