package loose

import (
	"fmt"
	"math"
)

// Twists' tiles interlock on one lattice: a tile missed by the search
// (its face run into the table's colour, its sign taken for no letter, a
// neighbour's square lying half over it) sits one side from a tile found.
// gapTiles proposes the cells next to the tiles found that no tile covers
// yet and that hold ink in their middle; they are read and judged like
// any square round a letter (readTiles, the verifier), so only what the
// reader and the verifier take for a tile stays.

// gapCandidates are the squares one step along each tile's edges from
// it that lie on no tile found (no centre within gapClear of a side) and
// on no other candidate, and whose middle holds ink (inkInMiddle).
func gapCandidates(src rgbImage, tiles []Tile) []Tile {
	var out []Tile
	free := func(c Point, side float64) bool {
		for _, t := range tiles {
			if dist(t.Center, c) < gapClear*math.Max(side, t.Side) {
				return false
			}
		}
		for _, t := range out {
			if dist(t.Center, c) < gapClear*side {
				return false
			}
		}
		return true
	}
	for _, t := range tiles {
		q := t.Corners
		u, v := edgeVectors(q)
		for _, d := range []Point{u, {-u.X, -u.Y}, v, {-v.X, -v.Y}} {
			var c [4]Point
			for k, p := range q {
				c[k] = Point{p.X + d.X, p.Y + d.Y}
			}
			ctr := centroid(c)
			if ctr.X < 0 || ctr.Y < 0 || ctr.X >= float64(src.w) || ctr.Y >= float64(src.h) {
				continue
			}
			if !free(ctr, t.Side) || !inkInMiddle(src, c) {
				continue
			}
			out = append(out, Tile{Letter: "?", Row: -1, Col: -1, byLetter: true, Corners: c, Center: ctr, Side: meanSide(c), Angle: outlineAngle(c)})
		}
	}
	return out
}

// gapClear: a cell whose centre lies within this share of a side of a
// tile's centre is that tile's.
const gapClear = 0.6

// inkInMiddle says whether the middle half of the quad holds dark ink: a
// pixel darker than gapInk of the quad's median (its face or the table),
// read on a coarse grid. Darkness is the pixel's darkest channel, not its
// grey level: the action tiles' signs are printed in red (give 2, give 3,
// skip), which is dark in green and blue but only half as dark as a
// black letter in grey, so a blurred "+3" read in grey holds no ink
// (seeds 2000-2079, hard: 9 of the 25 action tiles missed on tables
// found had no ink in grey on their own quad; letters are dark in every
// channel).
func inkInMiddle(src rgbImage, q [4]Point) bool {
	const n = 12
	var all, mid []float64
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			a, b := (float64(i)+0.5)/n, (float64(j)+0.5)/n
			p := quadAt(q, a, b)
			r, g, bb := src.bilinear(p.X, p.Y)
			y := float64(min(r, g, bb))
			all = append(all, y)
			if math.Abs(a-0.5) < 0.25 && math.Abs(b-0.5) < 0.25 {
				mid = append(mid, y)
			}
		}
	}
	med := median(all)
	dark := 0
	for _, y := range mid {
		if y < gapInk*med {
			dark++
		}
	}
	return dark >= 2
}

// gapInk: ink is darker than this share of the cell's median gray.
const gapInk = 0.6

// fillGaps reads the gap candidates next to the tiles (one reader: the
// set's) and adds those the verifier keeps.
func fillGaps(src rgbImage, tiles []Tile, opt Options) ([]Tile, error) {
	cands := gapCandidates(src, tiles)
	if len(cands) == 0 {
		return tiles, nil
	}
	read, err := readVerified(src, cands, opt)
	if err != nil {
		return nil, err
	}
	fitSides(read)
	return append(tiles, read...), nil
}

// readVerified reads candidate tiles found after the search (a gap in
// the lattice, a letter no tile holds) with the set's one reader, drops
// those it reads as no letter, and keeps those the verifier keeps.
func readVerified(src rgbImage, cands []Tile, opt Options) ([]Tile, error) {
	ropt := opt
	ropt.Reader = letterReader(opt)
	ropt.KeepUnread = false
	// Twists' cells: a sign the reader calls no tile from one crop (a
	// cell a few pixels off its tile, the sign cut by the crop's edge)
	// is read by the vote of several (Twists hard renders 2000-2079:
	// 3 tiles more, no false one).
	ropt.voteNoTile = opt.Twists
	read, err := readTiles(src, cands, ropt)
	if err != nil {
		return nil, err
	}
	return verifyTiles(read, verifierFor(opt), false, opt.trace), nil
}

// edgeVectors are the quad's mean edge vectors: u from its first corner
// towards its second (the top edge and the bottom one averaged), v from
// its first towards its fourth.
func edgeVectors(q [4]Point) (u, v Point) {
	u = Point{(q[1].X - q[0].X + q[2].X - q[3].X) / 2, (q[1].Y - q[0].Y + q[2].Y - q[3].Y) / 2}
	v = Point{(q[3].X - q[0].X + q[2].X - q[1].X) / 2, (q[3].Y - q[0].Y + q[2].Y - q[1].Y) / 2}
	return u, v
}

// rereadGrown reads again the tiles fitSides grew (their first quad was
// a square round a letter sized too small, or a piece of the face): the
// first reading saw part of the tile, or a neighbour's stroke in its
// margin. The new reading is judged by the verifier as the first was, and
// replaces it when it names another letter the verifier trusts more.
func rereadGrown(src rgbImage, tiles []Tile, before []float64, opt Options) error {
	v := verifierFor(opt)
	if v == nil || opt.Reader == nil {
		return nil
	}
	rd := letterReader(opt)
	n := opt.CropSide
	if n <= 0 {
		n = 64
	}
	var sides []float64
	for _, t := range tiles {
		sides = append(sides, t.Side)
	}
	med := median(sides)
	for i := range tiles {
		t := &tiles[i]
		if t.Letter == "?" || !t.hasCues || t.Side <= (1+sideOff)*before[i] {
			continue
		}
		got, err := rd.Read(rectify(src, t.Corners, n, 1.3))
		if err != nil {
			return fmt.Errorf("loose: reading the tile at (%.0f, %.0f): %w", t.Center.X, t.Center.Y, err)
		}
		if got.Letter == "" || got.Letter == t.Letter {
			continue
		}
		k := int(math.Round(got.Angle/90)) % 4
		q := rotateCorners(t.Corners, -k)
		off := got.Angle - 90*math.Round(got.Angle/90)
		again, err := rd.Read(rectify(src, q, n, 1.15))
		if err != nil {
			return fmt.Errorf("loose: reading the tile at (%.0f, %.0f): %w", t.Center.X, t.Center.Y, err)
		}
		nt := *t
		nt.Corners = q
		cues := tileCues(nt, got.Letter, got.Conf, again.Letter, again.Conf, med, off)
		if v.ProbTile(cues) < v.Cut {
			continue
		}
		if p := v.ProbRight(cues); p > t.Conf {
			nt.Letter, nt.Conf, nt.cues = got.Letter, p, cues
			nt.Angle = normDeg(outlineAngle(q) + off)
			*t = nt
		}
	}
	return nil
}

// shrinkToSpacing shrinks, about its centre, each quad of a Lexicon
// reading that is over 1+shrinkOff times the tiles' spacing (but not
// over shrinkMax times it) to that spacing: tiles lie side by side, not
// on each other, so such a quad holds a tile and the table or its
// neighbours' faces round it (a tan face run into a pale cloth's colour,
// blurred: patches about 1.45 tiles across). The spacing is the whole
// reading's: the median distance from each tile to its nearest other
// tile, over the tiles with one within 1.6 of their side (at least
// minShrinkTiles of them); a tile with no such neighbour keeps its quad.
// A local spacing (fitSides') is halved round a false tile lying between
// two true ones, and shrank their quads off their tiles (Lexicon hard
// 96915). No quad is grown, and the reading, the centre and the lattice
// (fitted before) stay: only the quad reported is the tile's.
func shrinkToSpacing(tiles []Tile) {
	nn := make([]float64, len(tiles))
	var near []float64
	for i, t := range tiles {
		nn[i] = math.Inf(1)
		for j, o := range tiles {
			if i != j {
				nn[i] = math.Min(nn[i], dist(t.Center, o.Center))
			}
		}
		if nn[i] < 1.6*t.Side {
			near = append(near, nn[i])
		}
	}
	if len(near) < minShrinkTiles {
		return
	}
	p := median(near)
	for i := range tiles {
		t := &tiles[i]
		if nn[i] >= 1.6*t.Side || t.Side <= (1+shrinkOff)*p || t.Side > shrinkMax*p {
			continue
		}
		t.scaleTo(p)
	}
}

// minShrinkTiles: the fewest tiles with a near neighbour whose spacing
// shrinkToSpacing trusts.
const minShrinkTiles = 3
