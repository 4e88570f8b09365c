package scrabble

// A square read as a blank tile is a tile only where its face looks like
// the board's tiles: a blank is a tile with no letter, its face the
// tiles' own wood or plastic. On blurred boards and under a low light a
// square beside a tile shows the tile's edge or the shadow it casts
// across part of the square, which the contrast test reads as a mark
// and the letter reader as no letter: a blank, where the square's lit
// part is its print's own colour (docs/scrabble-vision.md, "Shadows
// read as blanks").

// printLikeBlanks says, of the squares read as blanks (picture order),
// which look like their print's empty squares more than like the
// board's lettered tiles: each square's face (look.face, the colour of
// its lighter half: a tile's face whatever its mark, the lit part of a
// shadowed square) nearer the median face of its print's squares that
// hold no tile (occ false, in view, not covered) than the median face of
// the lettered tiles, and within half the distance between the two. A
// face far from both (a blank tile in a hand's shadow, under glare) says
// nothing: a first form without that bound lost such blanks held out.
// The two references must be told apart: their
// medians lie further apart than faceApart times either's spread (the
// median distance of its members' faces from it), with at least
// faceLeast members each; a board whose tiles are its squares' colour
// (an old beige board's) says nothing.
func printLikeBlanks(looks *[Size][Size]look, occ, covered *[Size][Size]bool, blanks, lettered [][2]int) []bool {
	out := make([]bool, len(blanks))
	if len(blanks) == 0 || len(lettered) < faceLeast {
		return out
	}
	var tiles [][3]float64
	for _, p := range lettered {
		tiles = append(tiles, looks[p[0]][p[1]].face)
	}
	tileFace, tileSpread := faceMedian(tiles)
	var prints [numPremiums]struct {
		face          [3]float64
		spread, apart float64 // apart: from the tiles' median face
		ok            bool
	}
	for k := Premium(0); k < numPremiums; k++ {
		var fs [][3]float64
		for r := 0; r < Size; r++ {
			for c := 0; c < Size; c++ {
				if premiumAt[r][c] == k && !occ[r][c] && !covered[r][c] && !looks[r][c].out {
					fs = append(fs, looks[r][c].face)
				}
			}
		}
		if len(fs) < faceLeast {
			continue
		}
		prints[k].face, prints[k].spread = faceMedian(fs)
		prints[k].apart = dist3(prints[k].face, tileFace)
		prints[k].ok = prints[k].apart > faceApart*max(tileSpread, prints[k].spread)
	}
	for i, p := range blanks {
		pr := prints[premiumAt[p[0]][p[1]]]
		if !pr.ok {
			continue
		}
		face := looks[p[0]][p[1]].face
		d := dist3(face, pr.face)
		out[i] = d < dist3(face, tileFace) && d < pr.apart/2
	}
	return out
}

// faceMedian is the channel-by-channel median of faces and the median
// distance of the faces from it.
func faceMedian(faces [][3]float64) (m [3]float64, spread float64) {
	v := make([]float64, len(faces))
	for q := 0; q < 3; q++ {
		for i, f := range faces {
			v[i] = f[q]
		}
		m[q] = median(v)
	}
	for i, f := range faces {
		v[i] = dist3(f, m)
	}
	return m, median(v)
}

const (
	// faceApart: the tiles' faces and a print's empty squares are told
	// apart where their medians lie further apart than this many times
	// the larger of their spreads.
	faceApart = 2.0
	// faceLeast: the fewest faces a reference is taken from.
	faceLeast = 4
)
