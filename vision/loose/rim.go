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
	cutUnsure(r2.Tiles, b)
	if !tiltStands(r.Tiles, r2.Tiles) {
		return r
	}
	debugf("rim: the rimmed reading stands (%d tiles sure against %d)", sureCount(r2.Tiles), sureCount(r.Tiles))
	// Whether the photo is a table's is the photo as taken's say (the
	// rimmed one may be scanned without the board route).
	r2.table = r.table
	r2.Elapsed = now().Sub(start)
	return r2
}

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
	sides := make([]float64, len(tiles))
	for i, t := range tiles {
		sides[i] = t.Side
	}
	half := median(sides) / 2
	for i, t := range tiles {
		c := t.Center
		if c.X-float64(b.Min.X) < half || c.Y-float64(b.Min.Y) < half || float64(b.Max.X)-c.X < half || float64(b.Max.Y)-c.Y < half {
			tiles[i].Conf = min(t.Conf, cutConf)
		}
	}
}

// cutConf is the most confidence a tile the picture's edge cuts is
// given (under SureConf).
const cutConf = 0.85
