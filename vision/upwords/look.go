package upwords

import (
	"image"
	"math"
	"sort"

	"github.com/tilescope/tilescope/vision"
)

// overruled is the stack a square's light evidence saw where the reader
// saw no tile (readStack): the evidence, the height and its margin.
type overruled struct {
	tile   float64
	height int
	margin float64
}

// Look thresholds (judgeByLook), in Cb/Cr levels: a square looks like
// the board's tiles when its face's mean chroma lies within lookNear of
// the sure tiles' median and at least lookFar (and twice as far) from
// the sure empty squares' median. Chosen on the tuning sets 9494 and 9595 (docs/vision.md,
// "Occupancy from the board's own looks"): the tiles the reader took
// for no tile lay 0.5-4.3 from the tiles and 6-30 from the empty
// squares; the empty squares it rightly took for none, 5.5 or more from
// the tiles or within 7 of the empty squares.
const (
	lookNear = 4.5
	lookFar  = 6.0
	// lookMin is how many sure tiles and sure empty squares (each) the
	// board must show before its looks are trusted.
	lookMin = 3
)

// judgeByLook settles, by the board's own looks in this photo, the
// squares where the light evidence and the reader disagree: a square
// light enough for a tile whose face the reader took for no tile was
// read empty (and covered) when the evidence was weak. Every tile of a set is printed
// alike and so is every bare square of a board (the centre squares
// aside), whatever the light, so the mean chroma of the faces the
// reader read surely (tiles) and of the squares plainly darker than a
// tile (empty) tell them apart where the grey alone does not: a bare
// square in a bright spot keeps the board's colour, a hand its skin's.
// An overruled square that looks like the tiles and not like the empty
// squares is a stack, its letter the reader's likeliest (read again at
// the other heights after, as every unsure letter is), never Sure
// (Cell.byLook). (The other way, a stack whose face the reader saw no
// tile on, read with its likeliest letter for its strong evidence, made
// empty when it looks like the bare squares, lost as many stacks as it
// mended on the tuning sets: not done.) A centre square,
// printed in a colour of its own, is a stack when it looks like the
// tiles, and dropCentrePrint then asks for its letter.
//
// A faint square (Cell.faint: nearly light enough for a tile, its face
// placed by readFaint but not read surely there) that looks like the
// tiles and not like the empty squares is a stack too, read and never
// Sure as above; not on the centre squares. Its tiles' look is learnt
// from every face read surely, whatever its light: on a set whose tiles
// are barely lighter than its board (a brown face on a brown board,
// tuning set 61001's 0019) no tile shows the light SureTile asks, and
// the overruled squares still need it.
func judgeByLook(img image.Image, cells []Cell, faces []image.Image, n, crop int, reader TileReader) error {
	var tcb, tcr, ecb, ecr, fcb, fcr []float64
	for _, c := range cells {
		if centreSquare(c.Pos.Row, c.Pos.Col, n) {
			continue
		}
		switch {
		case c.Height > 0 && !c.noTile && c.Conf >= SureConf:
			cb, cr, ok := faceChroma(img, c.Face)
			if !ok {
				break
			}
			fcb, fcr = append(fcb, cb), append(fcr, cr)
			if c.Tile >= SureTile {
				tcb, tcr = append(tcb, cb), append(tcr, cr)
			}
		case c.Height == 0 && !c.Covered && !c.nearCover && c.Tile <= -nearlyLight:
			if cb, cr, ok := faceChroma(img, c.Face); ok {
				ecb, ecr = append(ecb, cb), append(ecr, cr)
			}
		}
	}
	if len(fcb) < lookMin || len(ecb) < lookMin {
		return nil
	}
	eb, er := median(ecb), median(ecr)
	fb, fr := median(fcb), median(fcr)
	var tb, tr float64
	if len(tcb) >= lookMin {
		tb, tr = median(tcb), median(tcr)
	}
	for i := range cells {
		c := &cells[i]
		if c.Height == 0 && c.faint != nil && c.faint.face != (vision.Quad{}) && !c.faint.strict && !centreSquare(c.Pos.Row, c.Pos.Col, n) {
			// Nearly light enough for a tile, its face not read surely
			// (readFaint): a stack when it looks like the tiles read
			// surely and not like the bare squares.
			q := c.faint.face
			cb, cr, ok := faceChroma(img, q)
			if !ok {
				continue
			}
			dT, dE := math.Hypot(cb-fb, cr-fr), math.Hypot(cb-eb, cr-er)
			if dT <= lookNear && dE >= math.Max(lookFar, 2*dT) {
				c.Height, c.HeightOK, c.Face = max(c.faint.height, 1), c.faint.margin, q
				c.Covered, c.overlaid, c.nearCover, c.byLook = false, false, false, true
				face := letterCrop(img, q, crop)
				faces[i], c.faceCut = face, q
				if err := readLikeliest(c, face, reader); err != nil {
					return err
				}
			}
			continue
		}
		if !c.noTile || len(tcb) < lookMin {
			continue
		}
		centre := centreSquare(c.Pos.Row, c.Pos.Col, n)
		cb, cr, ok := faceChroma(img, c.Face)
		if !ok {
			continue
		}
		dT, dE := math.Hypot(cb-tb, cr-tr), math.Hypot(cb-eb, cr-er)
		if centre {
			// The centre's print is unlike the other empty squares:
			// the tiles' look alone, and dropCentrePrint then asks
			// for a letter.
			dE = math.Inf(1)
		}
		if c.Height == 0 && c.overruled != nil && dT <= lookNear && dE >= math.Max(lookFar, 2*dT) {
			o := c.overruled
			c.Tile, c.Height, c.HeightOK = o.tile, o.height, o.margin
			c.Covered, c.overlaid, c.byLook = false, false, true
			face := letterCrop(img, c.Face, crop)
			faces[i], c.faceCut = face, c.Face
			if err := readLikeliest(c, face, reader); err != nil {
				return err
			}
		}
	}
	return nil
}

// median is the middle value of v (v is reordered).
func median(v []float64) float64 {
	sort.Float64s(v)
	return v[len(v)/2]
}
