package loose

import (
	"fmt"
	"image"
	"math"
	"strings"

	"github.com/tilescope/tilescope/internal/parallel"
	"github.com/tilescope/tilescope/ocr"
)

// readTiles reads every tile through opt.Reader from a rectified crop,
// turns its corners to the letter's own order and sets its angle. Tiles
// the reader calls "no tile" are dropped unless opt.KeepUnread.
func readTiles(src rgbImage, tiles []Tile, opt Options) ([]Tile, error) {
	n := opt.CropSide
	if n <= 0 {
		n = 64
	}
	readers := append([]Reader{opt.Reader}, opt.Alternatives...)
	reads := make([][]ocr.Reading, len(readers))
	var allSides []float64
	for _, t := range tiles {
		allSides = append(allSides, t.Side)
	}
	medAll := median(allSides)
	// Each tile is read on its own (its quad may move onto its letter):
	// the tiles are shared among the processors, each writing only its
	// own readings and quad.
	per := make([][]ocr.Reading, len(tiles))
	errs := make([]error, len(tiles))
	parallel.For(len(tiles), func(i int) {
		per[i], errs[i] = readTile(src, &tiles[i], readers, n, medAll)
	})
	for i, err := range errs {
		if err != nil {
			return nil, err
		}
		for k := range readers {
			reads[k] = append(reads[k], per[i][k])
		}
	}
	// The alphabet is told by the tiles whose face outline was found
	// when there are a few (a square round a dark mark is no evidence).
	var solid [][]ocr.Reading
	for k := range reads {
		var rs []ocr.Reading
		for i, t := range tiles {
			if !t.byLetter {
				rs = append(rs, reads[k][i])
			}
		}
		solid = append(solid, rs)
	}
	best := chooseReader(reads)
	if len(solid[0]) >= 3 {
		best = chooseReader(solid)
	}
	// The hand rule of the reader's confidence a square round a letter
	// needs, where the learned verifier does not judge it (verify.go: it
	// weighs the reader's confidence for such squares apart).
	handRules := !opt.learning && !verifies(opt)
	// The unsure readings are read again by a vote of several crops,
	// the tiles shared among the processors.
	voted := make([]ocr.Reading, len(tiles))
	parallel.For(len(tiles), func(i int) {
		rd := reads[best][i]
		if (rd.Letter != "" && rd.Conf < voteBelow) || (rd.Letter == "" && opt.voteNoTile) {
			rd = voteRead(readers[best], src, tiles[i], n, rd)
		}
		voted[i] = rd
	})
	out := tiles[:0]
	for i, t := range tiles {
		rd := voted[i]
		if handRules && rd.Letter != "" && t.byLetter && rd.Conf < minLetterConf {
			rd.Letter = ""
		}
		// Any dark bar reads as I; a square round a bar needs an I's
		// thin stroke (a blot or a short bar on a cloth is no tile). A
		// rule of the glyph's shape: the verifier keeps it.
		if rd.Letter == "I" && t.byLetter && t.elong < minIElong {
			rd.Letter = ""
		}
		if rd.Letter == "" {
			if !opt.KeepUnread {
				continue
			}
			t.Letter = "?"
			out = append(out, t)
			continue
		}
		t.Letter, t.Conf = rd.Letter, rd.Conf
		k := int(math.Round(rd.Angle/90)) % 4
		t.Corners = rotateCorners(t.Corners, -k)
		off := rd.Angle - 90*math.Round(rd.Angle/90)
		t.Angle = normDeg(outlineAngle(t.Corners) + off)
		t.cues[8] = off // kept here until the cues are made below
		t.readOn, t.readQuad, t.readAs = nil, t.Corners, ""
		if rd.Letter == reads[best][i].Letter && len(src.pix) > 0 {
			t.readOn, t.readAs = &src.pix[0], rd.Letter
		}
		out = append(out, t)
	}
	// The verifier's cues: a second reading of a tighter crop (a wrong
	// letter seldom reads the same from both), the tile's size against
	// the others'.
	var sides []float64
	for _, t := range out {
		sides = append(sides, t.Side)
	}
	med := median(sides)
	errs = make([]error, len(out))
	parallel.For(len(out), func(i int) {
		t := &out[i]
		if t.Letter == "?" || !(opt.learning || verifies(opt)) {
			return
		}
		again, err := readers[best].Read(rectify(src, t.Corners, n, 1.15))
		if err != nil {
			errs[i] = fmt.Errorf("loose: reading the tile at (%.0f, %.0f): %w", t.Center.X, t.Center.Y, err)
			return
		}
		t.cues = tileCues(*t, t.Letter, t.Conf, again.Letter, again.Conf, med, t.cues[8])
		t.hasCues = true
	})
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// voteBelow: a reading under this confidence is read again from several
// crops of the tile (voteRead). (ban-seg train: read right 93.4 -> 94.0 %;
// Lexicon renders, seeds 1-20: letters 97.4 -> 99.6 %.)
const voteBelow = 0.9

// voteRead reads an unsure tile (or, with Options.voteNoTile, one read as
// no tile) again from several crops (the quad grown
// by less and by more than the first crop, and centred on its letter) and
// pools them with the first (ocr.VoteReader): one crop's mistake (a
// letter cut by the crop's edge, a neighbour's stroke in the margin) is
// outvoted. Only a letter the vote changes is taken from it: where it
// agrees, the first reading (and its confidence, which the verifier was
// trained on) stays. A reader that cannot pool keeps the first reading.
func voteRead(rd Reader, src rgbImage, t Tile, n int, first ocr.Reading) ocr.Reading {
	vr, ok := rd.(ocr.VoteReader)
	if !ok {
		return first
	}
	crops := []image.Image{rectify(src, t.Corners, n, 1.3), rectify(src, t.Corners, n, 1.15), rectify(src, t.Corners, n, 1.5)}
	if t.hasGlyph {
		crops = append(crops, rectify(src, t.onGlyph(), n, 1.3))
	}
	got, err := vr.ReadVote(crops, ocr.Known{})
	if err != nil || got.Letter == "" || got.Letter == first.Letter {
		return first
	}
	return got
}

// onGlyph is the tile's quad moved so that its centre lies on the
// tile's letter.
func (t Tile) onGlyph() [4]Point {
	dx, dy := t.glyph.X-t.Center.X, t.glyph.Y-t.Center.Y
	var q [4]Point
	for j, p := range t.Corners {
		q[j] = Point{p.X + dx, p.Y + dy}
	}
	return q
}

// squareAround is a square of the given side centred on c, turned as the
// quad q.
func squareAround(c Point, q [4]Point, side float64) [4]Point {
	o := centroid(q)
	f := side / math.Max(meanSide(q), 1)
	var out [4]Point
	for i, p := range q {
		out[i] = Point{c.X + f*(p.X-o.X), c.Y + f*(p.Y-o.Y)}
	}
	return out
}

// minLetterConf is the reader's confidence a tile found only round its
// letter needs.
const minLetterConf = 0.9

// minIElong is the elongation of the ink a square round a letter read as
// I needs (an I's stroke is 5 or more times as long as it is thick).
const minIElong = 3.5

// rectify cuts the quad q (grown by grow around its centre) out of src
// as an n x n picture, q[0] at the top-left: a perspective warp with
// bilinear sampling.
func rectify(src rgbImage, q [4]Point, n int, grow float64) *image.RGBA {
	c := centroid(q)
	var g [4]Point
	for i, p := range q {
		g[i] = Point{c.X + grow*(p.X-c.X), c.Y + grow*(p.Y-c.Y)}
	}
	fn := float64(n)
	h := homography([4]Point{{0, 0}, {fn, 0}, {fn, fn}, {0, fn}}, g)
	img := image.NewRGBA(image.Rect(0, 0, n, n))
	// src.bilinear written out (the same sums in the same order, so the
	// same bytes): a call per pixel and the index worked out per channel
	// were a sixth of a scan's time.
	w, hh, pix := src.w, src.h, src.pix
	wm, hm := float64(w-1), float64(hh-1)
	o := 0
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			p := h.apply(Point{float64(x) + 0.5, float64(y) + 0.5})
			px, py := clampTo(p.X, wm), clampTo(p.Y, hm)
			x0, y0 := int(px), int(py)
			x1, y1 := min(x0+1, w-1), min(y0+1, hh-1)
			fx, fy := px-float64(x0), py-float64(y0)
			gx, gy := 1-fx, 1-fy
			i00, i01 := 3*(y0*w+x0), 3*(y0*w+x1)
			i10, i11 := 3*(y1*w+x0), 3*(y1*w+x1)
			// The four neighbours' three channels and the output
			// pixel as slices of their own length: one bounds check
			// each, not one per channel.
			p00, p01 := pix[i00:i00+3:i00+3], pix[i01:i01+3:i01+3]
			p10, p11 := pix[i10:i10+3:i10+3], pix[i11:i11+3:i11+3]
			out := img.Pix[o : o+4 : o+4]
			// The three channels written out (the loop's own count and
			// jumps were a tenth of the work).
			// A byte's float64 looked up (byteFloat: the same values)
			// instead of converted, three instructions to two.
			v := (byteFloat[p00[0]]*gx+byteFloat[p01[0]]*fx)*gy + (byteFloat[p10[0]]*gx+byteFloat[p11[0]]*fx)*fy
			out[0] = uint8(v + 0.5)
			v = (byteFloat[p00[1]]*gx+byteFloat[p01[1]]*fx)*gy + (byteFloat[p10[1]]*gx+byteFloat[p11[1]]*fx)*fy
			out[1] = uint8(v + 0.5)
			v = (byteFloat[p00[2]]*gx+byteFloat[p01[2]]*fx)*gy + (byteFloat[p10[2]]*gx+byteFloat[p11[2]]*fx)*fy
			out[2] = uint8(v + 0.5)
			out[3] = 255
			o += 4
		}
	}
	return img
}

// byteFloat[b] is float64(b).
var byteFloat = func() (t [256]float64) {
	for b := range t {
		t[b] = float64(b)
	}
	return
}()

// clampTo is math.Max(0, math.Min(hi, v)) for hi >= 0 without the two
// calls (they are not inlined on amd64: a fifth of rectify's time): the
// same value for every v, NaN and the infinities included (NaN fails
// both tests and stays NaN, as math.Min and math.Max return it; a
// negative zero stays, and is 0 to int and to the sums it enters).
func clampTo(v, hi float64) float64 {
	if v > hi {
		v = hi
	}
	if v < 0 {
		v = 0
	}
	return v
}

// bilinear samples the picture at pixel coordinates (centres at
// integers), clamping at the border.
func (m rgbImage) bilinear(x, y float64) (r, g, b uint8) {
	x = math.Max(0, math.Min(float64(m.w-1), x))
	y = math.Max(0, math.Min(float64(m.h-1), y))
	x0, y0 := int(x), int(y)
	x1, y1 := min(x0+1, m.w-1), min(y0+1, m.h-1)
	fx, fy := x-float64(x0), y-float64(y0)
	var v [3]float64
	for ch := 0; ch < 3; ch++ {
		a := float64(m.pix[3*(y0*m.w+x0)+ch])
		bb := float64(m.pix[3*(y0*m.w+x1)+ch])
		c := float64(m.pix[3*(y1*m.w+x0)+ch])
		d := float64(m.pix[3*(y1*m.w+x1)+ch])
		v[ch] = (a*(1-fx)+bb*fx)*(1-fy) + (c*(1-fx)+d*fx)*fy
	}
	return uint8(v[0] + 0.5), uint8(v[1] + 0.5), uint8(v[2] + 0.5)
}

// homog is a 3x3 projective transform, row-major.
type homog [9]float64

// apply takes h by pointer: rectify calls it for every pixel, and a value
// receiver copied the 72 bytes each time.
func (h *homog) apply(p Point) Point {
	w := h[6]*p.X + h[7]*p.Y + h[8]
	if w == 0 {
		w = 1e-12
	}
	return Point{(h[0]*p.X + h[1]*p.Y + h[2]) / w, (h[3]*p.X + h[4]*p.Y + h[5]) / w}
}

// homography maps the four points from onto to (direct linear solve with
// h[8] = 1).
func homography(from, to [4]Point) homog {
	var a [8][9]float64
	for i := 0; i < 4; i++ {
		x, y, u, v := from[i].X, from[i].Y, to[i].X, to[i].Y
		a[2*i] = [9]float64{x, y, 1, 0, 0, 0, -u * x, -u * y, u}
		a[2*i+1] = [9]float64{0, 0, 0, x, y, 1, -v * x, -v * y, v}
	}
	// Gaussian elimination with partial pivoting.
	for col := 0; col < 8; col++ {
		piv := col
		for r := col + 1; r < 8; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[piv][col]) {
				piv = r
			}
		}
		a[col], a[piv] = a[piv], a[col]
		if math.Abs(a[col][col]) < 1e-12 {
			return homog{1, 0, 0, 0, 1, 0, 0, 0, 1}
		}
		for r := 0; r < 8; r++ {
			if r == col {
				continue
			}
			f := a[r][col] / a[col][col]
			for k := col; k < 9; k++ {
				a[r][k] -= f * a[col][k]
			}
		}
	}
	var h homog
	for i := 0; i < 8; i++ {
		h[i] = a[i][8] / a[i][i]
	}
	h[8] = 1
	return h
}

// chooseReader picks the reader (alphabet) that names the table's
// letters. Only tiles the readers tell apart count: Cyrillic and Latin
// share many shapes (А/A, В/B, Н/H, Р/P...), and a tile both read as the
// same shape says nothing about the alphabet. The first reader (the
// default alphabet) keeps the table unless another is surer by at least
// half a tile's confidence in all.
func chooseReader(reads [][]ocr.Reading) int {
	if len(reads) < 2 {
		return 0
	}
	conf := make([]float64, len(reads))
	for i := range reads[0] {
		shapes := map[string]bool{}
		for k := range reads {
			shapes[lookalike(reads[k][i].Letter)] = true
		}
		if len(shapes) < 2 {
			continue
		}
		for k := range reads {
			if r := reads[k][i]; r.Letter != "" {
				conf[k] += r.Conf
			}
		}
	}
	best := 0
	for k := range conf {
		if conf[k] > conf[best]+0.5 {
			best = k
		}
	}
	return best
}

// SameShape says whether two letters are the same shape, ignoring case
// and alphabet ("Р" and "p"): a reading right but for the table's
// alphabet.
func SameShape(a, b string) bool {
	return lookalike(strings.ToUpper(a)) == lookalike(strings.ToUpper(b))
}

// lookalike folds a Cyrillic letter onto the Latin one of the same shape
// (upper case), so that "Р" and "P" compare equal.
func lookalike(s string) string {
	if l, ok := cyrillicLatin[s]; ok {
		return l
	}
	return s
}

var cyrillicLatin = map[string]string{
	"А": "A", "В": "B", "Е": "E", "Ё": "E", "К": "K", "М": "M", "Н": "H",
	"О": "O", "Р": "P", "С": "C", "Т": "T", "Х": "X", "У": "Y", "З": "3",
}

// readTile reads one tile with each reader (readTiles): the reading of
// every reader in turn; the tile's quad moves onto its letter where the
// first reader reads it surer there.
func readTile(src rgbImage, tile *Tile, readers []Reader, n int, medAll float64) ([]ocr.Reading, error) {
	t := *tile
	crop := rectify(src, t.Corners, n, 1.3)
	out := make([]ocr.Reading, len(readers))
	for k, rd := range readers {
		got, err := rd.Read(crop)
		if err != nil {
			return nil, fmt.Errorf("loose: reading the tile at (%.0f, %.0f): %w", t.Center.X, t.Center.Y, err)
		}
		// A quad off its tile (a watershed piece, a patch cut
		// askew) shows part of the letter; when the reading is not
		// sure and the letter lies off the quad's centre, the same
		// square centred on the letter is read as well, and the
		// surer reading kept.
		if got.Conf < 0.9 && t.hasGlyph && !t.byLetter && dist(t.glyph, t.Center) > 0.12*t.Side {
			q := t.onGlyph()
			if again, err := rd.Read(rectify(src, q, n, 1.3)); err == nil && again.Letter != "" && again.Conf > got.Conf {
				got = again
				if k == 0 {
					// The tile lies round its letter.
					tile.Corners, tile.Center = q, centroid(q)
				}
			}
		}
		// A quad smaller than most that the reader calls no tile,
		// with a letter in it (a piece of a face: cream on white):
		// the square of the median quad's side centred on the
		// letter is read too, and the tile moves there when it
		// reads as a letter (ban-seg train: found 95.9 -> 96.2 %).
		if got.Letter == "" && t.hasGlyph && !t.byLetter && t.Side < 0.9*medAll {
			q := squareAround(t.glyph, t.Corners, medAll)
			if again, err := rd.Read(rectify(src, q, n, 1.3)); err == nil && again.Letter != "" {
				got = again
				if k == 0 {
					tile.Corners, tile.Center, tile.Side = q, centroid(q), meanSide(q)
				}
			}
		}
		out[k] = got
	}
	return out, nil
}
