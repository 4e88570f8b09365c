package loose

import (
	"image"
	"math"
	"sort"
	"time"
)

// rimLook: a photo taken close cuts tiles at the picture's edge. A cut
// tile's face runs into the frame, so it is no closed light patch (its
// letter's hole, open to the edge, is not filled; the square round its
// letter reaches out of the picture, where no edge of it lies), and half
// a tile at the rim of a close-up is lost (loosecrop: 34 of the 48 tiles
// missed on the tuning crops were cut by the edge, most with their
// letter and face found). The photo is scanned set in a rim of the
// table's colour (the median of its outermost pixels), rimShare of its
// longer side wide on every side: the cut tiles' faces end where the
// frame does, and the search sees them as tiles lying at the table's
// edge. The tiles come back shifted to the photo's pixels; a tile whose
// centre falls in the rim is dropped.
const rimShare = 0.1

// rimmed is img (whose bounds start at 0, 0) set in a rim of pad pixels
// of the median colour of its outermost pixels.
func rimmed(img rgbImage, pad int) *image.RGBA {
	w, h := img.w, img.h
	var ch [3][]int
	add := func(x, y int) {
		i := 3 * (y*w + x)
		for c := 0; c < 3; c++ {
			ch[c] = append(ch[c], int(img.pix[i+c]))
		}
	}
	for x := 0; x < w; x++ {
		add(x, 0)
		add(x, h-1)
	}
	for y := 1; y < h-1; y++ {
		add(0, y)
		add(w-1, y)
	}
	var fill [3]uint8
	for c := range ch {
		sort.Ints(ch[c])
		fill[c] = uint8(ch[c][len(ch[c])/2])
	}
	W, H := w+2*pad, h+2*pad
	out := image.NewRGBA(image.Rect(0, 0, W, H))
	for y := 0; y < H; y++ {
		row := out.Pix[y*out.Stride : y*out.Stride+4*W]
		for x := 0; x < W; x++ {
			px := row[4*x : 4*x+4]
			px[3] = 255
			if x < pad || y < pad || x >= w+pad || y >= h+pad {
				px[0], px[1], px[2] = fill[0], fill[1], fill[2]
				continue
			}
			i := 3 * ((y-pad)*w + x - pad)
			px[0], px[1], px[2] = img.pix[i], img.pix[i+1], img.pix[i+2]
		}
	}
	return out
}

// rimScan scans img set in its rim (rimmed) with scan, and brings the
// reading's tiles back to img's pixels. table says img was read as a
// table (Reading.table: no board, print lattice or print seen in it):
// the rimmed photo is then scanned with no board looked for (OnBoard
// off: the board's quick and slow finders and the print's lattice,
// whose search of the rimmed photo cost a table's photo most of the
// look; tiltLook's rule), the same loose search after it. The rimmed
// photo may still be looked at straightened, though the photo as taken
// was not: the tiles the rim brings back change what the tiles' sizes
// say, and that look read tiles the photo's own did not (a fresh crop
// set lost 3 tiles without it; docs/loose-tiles.md, loosecost).
func rimScan(img image.Image, opt Options, table bool, scan func(image.Image, Options) (*Reading, error)) (*Reading, error) {
	b := img.Bounds()
	pad := int(math.Round(rimShare * float64(max(b.Dx(), b.Dy()))))
	o := opt
	o.noRim, o.photo = true, nil
	if table {
		o.OnBoard = false
	}
	o = o.verifyCarried(func(t Tile) Tile {
		t.Center.X -= float64(pad)
		t.Center.Y -= float64(pad)
		return t
	}, true)
	r, err := scan(rimmed(opt.rgbOf(img), pad), o)
	if r == nil {
		return r, err
	}
	d := float64(pad)
	kept := r.Tiles[:0]
	for _, t := range r.Tiles {
		for j := range t.Corners {
			t.Corners[j].X -= d
			t.Corners[j].Y -= d
		}
		t.Center.X -= d
		t.Center.Y -= d
		t.glyph.X -= d
		t.glyph.Y -= d
		if !image.Pt(int(math.Floor(t.Center.X)), int(math.Floor(t.Center.Y))).In(b) {
			continue
		}
		kept = append(kept, t)
	}
	r.Tiles = kept
	return r, err
}

// rimLook scans a Lexicon table's photo again set in its rim (rimScan)
// where a tile of the reading r read sure lies next to a cell the
// picture's edge cuts (atRim). That reading stands where it reads more
// tiles sure and no fewer tiles, or as many sure and more tiles
// (tiltStands' rule). r's cut tiles are unsure already (cutUnsure), so
// a lone mark of the table cut by the edge triggers no second look.
func rimLook(img image.Image, opt Options, r *Reading, now func() time.Time, start time.Time) *Reading {
	b := img.Bounds()
	if b.Min != (image.Point{}) || !atRim(r.Tiles, b.Dx(), b.Dy()) {
		return r
	}
	r2, err := rimScan(img, opt, r.table, Scan)
	if err != nil || r2 == nil {
		return r
	}
	// The rimmed reading's tiles as its reader read them, before the
	// cut ones are made unsure (rimMerge weighs them).
	read := append([]Tile(nil), r2.Tiles...)
	if opt.trace != nil && opt.trace.rim != nil {
		opt.trace.rim(img, read)
	}
	cutUnsure(r2.Tiles, b)
	// Only the photo as taken merges: within the straightened picture's
	// scan (noTilt) the tiles added would count in tiltStands' weighing
	// of that reading against the photo's.
	merge := opt.runs(stepRimMerge) && !opt.noTilt
	if !tiltStands(r.Tiles, r2.Tiles) {
		if merge {
			r.Tiles = rimMerge(r.Tiles, read, b)
			rimLetters(r.Tiles, read, b)
			cutUnsure(r.Tiles, b)
		}
		return r
	}
	debugf("rim: the rimmed reading stands (%d tiles sure against %d)", sureCount(r2.Tiles), sureCount(r.Tiles))
	// Whether the photo is a table's is the photo as taken's say (the
	// rimmed one may be scanned without the board route).
	r2.table = r.table
	if merge {
		r2.Tiles = rimMerge(r2.Tiles, r.Tiles, b)
	}
	r2.Elapsed = now().Sub(start)
	return r2
}

// rimMerge adds to the standing reading's tiles (the photo's own or the
// rimmed one, rimLook's) the other reading's tiles read at tiltMergeConf
// or surer where the standing one has none, by tiltMerge's rule: the
// rimmed picture finds tiles the frame cuts that the photo's own search
// misses (their face runs into the frame), and where it does not stand
// (it lost a sure tile elsewhere) those were lost with it (loosefind:
// on the tuning crops 3 tiles found read right). Not a tile whose quad
// lies less than rimInView in the picture b (its letter mostly out of
// view: on the tuning crops such a tile, a D cut at the corner, was
// added read J). An added tile is never said sure: one look saw it, in
// a picture with a made-up rim; a tile the frame cuts is unsure anyway
// (cutUnsure). Nor a tile whose quad shares more than rimOverlap of
// the smaller quad with a standing tile's. other's confidences are its
// reader's, before cutUnsure.
func rimMerge(stand, other []Tile, b image.Rectangle) []Tile {
	var inView []Tile
	for _, u := range other {
		q := make([]Point, 4)
		for i, p := range u.Corners {
			q[i] = Point{X: p.X - float64(b.Min.X), Y: p.Y - float64(b.Min.Y)}
		}
		if _, share := ClipToFrame(q, b.Dx(), b.Dy()); share < rimInView {
			continue
		}
		over := false
		for _, t := range stand {
			if quadOverlap(u.Corners, t.Corners) > rimOverlap {
				over = true
				break
			}
		}
		if !over {
			inView = append(inView, u)
		}
	}
	n := len(stand)
	stand = tiltMerge(stand, inView)
	for i := n; i < len(stand); i++ {
		stand[i].Conf = min(stand[i].Conf, math.Nextafter(SureConf, 0))
	}
	return stand
}

// rimLetterConf is the least confidence of the rimmed picture's reading
// of a tile the frame cuts with which rimLetters gives the standing
// reading's tile its letter; rimLetterMargin how much surer than that
// tile's own it must be.
const (
	rimLetterConf   = 0.9
	rimLetterMargin = 0.1
)

// rimLetters gives each tile of the standing reading (the photo's own,
// where the rimmed one did not stand) that the frame cuts (its centre
// within half the tiles' median side of b's edge: cutUnsure's) the
// letter the rimmed picture's reading read on the same tile (sameTile),
// where that reading reads another letter at rimLetterConf or surer and
// rimLetterMargin surer than the tile's own: set in the table's colour,
// the part of a cut tile in view is a closed face, read as one
// (loosecut2: on the tuning crop 111350, 3 cut tiles read wrong were
// read right so, none read right broken). The tile keeps its place and
// is never said sure (cutUnsure caps it after). Tiles rimMerge added
// (read by that look already), blanks and unread tiles are left.
// other's confidences are its reader's, before cutUnsure.
func rimLetters(tiles, other []Tile, b image.Rectangle) {
	half := halfSide(tiles)
	for i := range tiles {
		t := &tiles[i]
		if t.tiltAdded || t.Blank || t.Letter == "" || !nearEdge(t.Center, b, half) {
			continue
		}
		best := sameTile(tiles, i, other)
		if best < 0 {
			continue
		}
		o := other[best]
		if o.Letter != t.Letter && o.Conf >= rimLetterConf && o.Conf-t.Conf >= rimLetterMargin {
			debugf("rim: %s %.2f read %s %.2f by the rim look at (%.0f, %.0f)", t.Letter, t.Conf, o.Letter, o.Conf, t.Center.X, t.Center.Y)
			t.Letter, t.Conf = o.Letter, math.Min((t.Conf+o.Conf)/2, cutConf)
		}
	}
}

// halfSide is half the median side of tiles (0 where there are none):
// cutUnsure's measure of a tile the frame cuts.
func halfSide(tiles []Tile) float64 {
	if len(tiles) == 0 {
		return 0
	}
	sides := make([]float64, len(tiles))
	for i, t := range tiles {
		sides[i] = t.Side
	}
	return median(sides) / 2
}

// nearEdge says whether c lies within half of the edge of b (a tile
// centred there is cut by the frame: cutUnsure).
func nearEdge(c Point, b image.Rectangle, half float64) bool {
	return c.X-float64(b.Min.X) < half || c.Y-float64(b.Min.Y) < half || float64(b.Max.X)-c.X < half || float64(b.Max.Y)-c.Y < half
}

// rimOverlap is the largest share of the smaller of two quads that a
// tile rimMerge adds may share with a standing tile: a quad over part of
// a standing tile (whose centre neither quad holds) is that tile seen
// again, not a tile the frame cut (loosefind: such an added tile took
// its label from a standing sure tile, left a double).
const rimOverlap = 0.2

// quadOverlap is the area two convex quads share, as a share of the
// smaller one's (0 where either has none).
func quadOverlap(a, b [4]Point) float64 {
	aa, ab := polygonArea(a[:]), polygonArea(b[:])
	if aa <= 0 || ab <= 0 {
		return 0
	}
	in := clipConvex(a[:], b[:])
	if len(in) < 3 {
		return 0
	}
	return polygonArea(in) / math.Min(aa, ab)
}

// rimInView is the least share of its quad in the picture with which a
// tile joins by rimMerge (a labelled tile of the augmented crops has
// half of its outline in view at least).
const rimInView = 0.6

// atRim says whether a tile read sure lies next to a cell the edge of
// the w x h picture cuts: its centre within one and a half of the
// tiles' median side of the edge (the centre of the cell beside it,
// a side farther out, within half a side).
func atRim(tiles []Tile, w, h int) bool {
	sides := make([]float64, len(tiles))
	for i, t := range tiles {
		sides[i] = t.Side
	}
	d := 1.5 * median(sides)
	for _, t := range tiles {
		c := t.Center
		if t.Conf >= SureConf && (c.X < d || c.Y < d || c.X > float64(w)-d || c.Y > float64(h)-d) {
			return true
		}
	}
	return false
}

// cutUnsure leaves the tiles the picture's edge cuts (their centre
// nearer it than half the tiles' median side: part of the face, and
// maybe of the letter, out of view) with cutConf at most: half a letter
// may read as another sure (an O cut to an L, a J to an I: loosecrop's
// tuning crops).
func cutUnsure(tiles []Tile, b image.Rectangle) {
	if len(tiles) == 0 {
		return
	}
	half := halfSide(tiles)
	for i, t := range tiles {
		if nearEdge(t.Center, b, half) {
			tiles[i].Conf = min(t.Conf, cutConf)
		}
	}
}

// cutConf is the most confidence a tile the picture's edge cuts is
// given (under SureConf).
const cutConf = 0.85
