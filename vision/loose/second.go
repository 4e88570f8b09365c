package loose

// The second look (Lexicon tables, read and judged by the verifier):
// every tile carries one dark letter near its middle, so a letter that no
// tile reported holds is a tile the search missed (its face run into a
// white table's colour, its square turned away from the edges the search
// wanted, or taken by a neighbour's quad in a heap). A square of the
// typical tile side is put round it, turned as its strokes run, and read
// and judged as any square round a letter; only what the reader names and
// the verifier takes for a tile is added.

// secondLooks says whether a scan takes the second look: a Lexicon table
// (not Twists, whose gaps fillGaps reads) read and judged by the verifier.
func secondLooks(opt Options) bool {
	return opt.Reader != nil && !opt.Twists && verifies(opt)
}

// secondLook reads the spare squares (spareSquares: one round each letter
// of the photo) whose letter lies in no tile of tiles, resized to the
// tiles' median side, and adds those the reader names and the verifier
// keeps, unless they lie on a tile already (dropDoubles' distance).
func secondLook(src rgbImage, tiles, spares []Tile, opt Options) ([]Tile, error) {
	var sides []float64
	for _, t := range tiles {
		if t.Letter != "?" {
			sides = append(sides, t.Side)
		}
	}
	if len(sides) < minSecondLook || len(spares) == 0 {
		return tiles, nil
	}
	med := median(sides)
	clear := func(c Point, side float64, others []Tile) bool {
		for _, t := range others {
			if insideConvex(t.Corners, c) || dist(t.Center, c) < 0.7*min(side, t.Side) {
				return false
			}
		}
		return true
	}
	var cands []Tile
	for _, s := range spares {
		if !clear(s.glyph, med, tiles) || !clear(s.glyph, med, cands) {
			continue
		}
		q := squareAround(s.glyph, s.Corners, med)
		s.Corners, s.Center, s.Side = q, centroid(q), meanSide(q)
		cands = append(cands, s)
	}
	if len(cands) == 0 {
		return tiles, nil
	}
	read, err := readVerified(src, cands, opt)
	if err != nil {
		return nil, err
	}
	for _, t := range read {
		if t.Letter != "" && t.Letter != "?" && clear(t.Center, t.Side, tiles) {
			tiles = append(tiles, t)
		}
	}
	return tiles, nil
}

// minSecondLook is how many read tiles the second look needs to know the
// tiles' side.
const minSecondLook = 3
