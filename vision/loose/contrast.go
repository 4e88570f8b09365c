package loose

import "image"

// A dark or hazy photo (dim light, a grey table, motion blur) spans only
// part of the grey levels: its letters are then under the ink's contrast
// (tileMask: 60 levels darker than their surroundings) although they are
// plain to the eye. Such a photo is searched again stretched to the full
// range (stretchContrast: one linear map of the three channels, so the
// face and table colours keep their hue and order), where the photo as it
// is reads few tiles sure (scanStretched, Twists tables): on a lace cloth
// the stretch makes the cloth's marks as dark as the letters, and on a
// table already read it moves a quad or two and adds false tiles, so it
// is a second look, not the first. (Lexicon tables do not take it: as a
// fourth look of lookAgain it found one tile more on the hard renders of
// seeds 1-20 and none on 2000-2019.)

// stretchContrast returns img with its grey levels between the lowLevel
// and highLevel quantiles mapped to 0..255, when they span under
// narrowRange levels (and over flatRange: a nearly uniform picture has
// nothing to stretch); otherwise img itself. The second result says
// whether it stretched.
func stretchContrast(img rgbImage) (rgbImage, bool) {
	n := img.w * img.h
	if n == 0 {
		return img, false
	}
	var hist [256]int
	step := max(1, n/200000)
	m := 0
	for i := 0; i < n; i += step {
		p := img.pix[3*i:]
		hist[(299*int(p[0])+587*int(p[1])+114*int(p[2]))/1000]++
		m++
	}
	lo, hi := levelAt(hist[:], m, lowLevel), levelAt(hist[:], m, highLevel)
	if hi-lo >= narrowRange || hi-lo <= flatRange {
		return img, false
	}
	var lut [256]byte
	f := 255 / float64(hi-lo)
	for v := range lut {
		lut[v] = byte(min(255, max(0, (float64(v-lo)*f)+0.5)))
	}
	out := rgbImage{w: img.w, h: img.h, pix: make([]byte, len(img.pix))}
	for i, v := range img.pix {
		out.pix[i] = lut[v]
	}
	debugf("contrast: levels %d..%d stretched", lo, hi)
	return out, true
}

// levelAt is the grey level under which a share q of the m pixels counted
// in hist lie.
func levelAt(hist []int, m int, q float64) int {
	want := int(q * float64(m))
	acc := 0
	for v, c := range hist {
		acc += c
		if acc > want {
			return v
		}
	}
	return len(hist) - 1
}

// lowLevel and highLevel are the quantiles stretchContrast maps to black
// and white: the highest is left at a few tiles' share of the photo, so
// that a small table of light tiles on a dark cloth is not itself
// clipped. narrowRange: a photo whose levels between them span this or
// more is left as it is; flatRange: one spanning this or less is too
// uniform to stretch.
const (
	lowLevel    = 0.005
	highLevel   = 0.998
	narrowRange = 160
	flatRange   = 16
)

// scanStretched reads a Twists table (scanLoose) as it is (sharpened
// where it is out of focus: deblurredOf, its sure letters confirmed as
// taken), and again with each face colour's own letters where a tile is
// unsure (twistsFaceLetters); where that reads fewer than minSure tiles sure
// (or none), it looks again: with the photo's grey levels stretched
// where they span few (stretchContrast), the stretched reading standing
// where it reads more tiles sure (as lookAgain's looks do for a Lexicon
// table); and, where that too reads fewer than minSure sure, at a finer
// working size (twistsFiner).
func scanStretched(img image.Image, opt Options) (*Reading, error) {
	rgb := toRGB(img)
	// A defocused table is searched and read sharpened (deblurredOf),
	// each tile read sure there read again as taken (confirmAsTaken).
	opt.photo = packedOf(img, rgb)
	if d, ok := deblurredOf(img, opt); ok {
		taken := rgb
		opt.asTaken = &taken
		rgb = d
	}
	// Its reductions, and what each search finds in them before the face
	// colours (prepared), serve the searches that follow.
	rgb.sc = &scaleCache{}
	opt.photo = packedOf(img, rgb)
	r, err := scanLoose(img, opt)
	r, err = twistsFaceLetters(img, opt, r, err)
	// The searches at the working size are done: what they kept goes
	// (the looks below search other pictures, or at another size).
	rgb.sc.forget()
	rgb.sc = nil
	if err == nil && !fewSure(r.Tiles) {
		return r, nil
	}
	photos := []rgbImage{rgb}
	if st, ok := stretchContrast(rgb); ok {
		photos = append(photos, st)
		sopt := opt
		sopt.photo = packedOf(img, st)
		if sr, serr := scanLoose(img, sopt); serr == nil && (err != nil || sureCount(sr.Tiles) > sureCount(r.Tiles)) {
			debugf("contrast: the stretched photo reads %d tiles sure", sureCount(sr.Tiles))
			r, err = sr, nil
		}
	}
	if err == nil && !fewSure(r.Tiles) {
		return r, nil
	}
	return twistsFiner(img, opt, photos, r, err)
}

// twistsFaceLetters searches a Twists table read with a tile unsure (r,
// or the error err: none read) again with each face colour's own
// letters (search.lace: the glyphs a face surrounds, their size and
// spacing), not every dark mark of the photo: a patterned cloth's marks,
// a lace cloth's holes or a felt's specks, as dark as the letters, set
// the letter size and the tiles' spacing wrong, and the quads come out
// larger than the tiles or off them. That reading stands where it reads
// no fewer tiles sure and no fewer tiles (finerStands); or more tiles
// that cover each other less (tiles lie side by side, not on each other:
// quads larger than their tiles, or off them, cover their neighbours,
// mutualCover); or, where the first read none, at least minLaceSure
// sure.
func twistsFaceLetters(img image.Image, opt Options, r *Reading, err error) (*Reading, error) {
	if err == nil && sureCount(r.Tiles) == len(r.Tiles) {
		return r, nil
	}
	lopt := opt
	lopt.lace = true
	lr, lerr := scanLoose(img, lopt)
	if lerr != nil {
		return r, err
	}
	if (err != nil && sureCount(lr.Tiles) >= minLaceSure) || (err == nil && (finerStands(r, lr) || (len(lr.Tiles) > len(r.Tiles) && mutualCover(lr.Tiles) < mutualCover(r.Tiles)))) {
		debugf("twists: with each face's own letters %d tiles, %d sure", len(lr.Tiles), sureCount(lr.Tiles))
		return lr, nil
	}
	return r, err
}

// mutualCover is the mean share of each tile's quad that the other
// tiles' quads cover (coveredShare); 0 for tiles lying side by side.
func mutualCover(tiles []Tile) float64 {
	if len(tiles) == 0 {
		return 0
	}
	others := make([]Tile, 0, len(tiles))
	var sum float64
	for i, t := range tiles {
		others = append(append(others[:0], tiles[:i]...), tiles[i+1:]...)
		sum += coveredShare(t.Corners, others)
	}
	return sum / float64(len(tiles))
}

// twistsFiner searches a Twists table read with few tiles sure (r, or
// the error err) again at a finer working size (fineSides' first, up to
// the photo's own), in each of photos (the photo, and its levels
// stretched where they are): a blurred table's letters at 800 px run
// into their faces' notches and the seams between joined tiles, and
// whole blocks of tiles are found as a few squares round their letters
// or not at all. A finer reading stands where it reads no fewer tiles
// sure and no fewer tiles in all (each kept by the verifier), and more
// of one of them.
func twistsFiner(img image.Image, opt Options, photos []rgbImage, r *Reading, err error) (*Reading, error) {
	ws := opt.WorkSide
	if ws <= 0 {
		ws = 800
	}
	fine := min(max(img.Bounds().Dx(), img.Bounds().Dy()), int(fineSides[0]*float64(ws)))
	if float64(fine) < 1.25*float64(ws) {
		return r, err
	}
	for _, p := range photos {
		fopt := opt
		fopt.WorkSide = fine
		fopt.photo = packedOf(img, p)
		fr, ferr := scanLoose(img, fopt)
		if ferr != nil {
			continue
		}
		if err != nil || finerStands(r, fr) {
			debugf("twists: at %d px %d tiles, %d sure", fine, len(fr.Tiles), sureCount(fr.Tiles))
			r, err = fr, nil
		}
	}
	return r, err
}

// finerStands says whether the finer reading (fine) stands against the
// first (r): no fewer tiles read sure and no fewer tiles, and more of one.
func finerStands(r, fine *Reading) bool {
	fs, s := sureCount(fine.Tiles), sureCount(r.Tiles)
	fn, n := len(fine.Tiles), len(r.Tiles)
	return fs >= s && fn >= n && (fs > s || fn > n)
}

// packedOf is img's packedPhoto whose packed RGB is rgb (img itself, or
// its levels stretched).
func packedOf(img image.Image, rgb rgbImage) *packedPhoto {
	p := &packedPhoto{img: img}
	p.once.Do(func() { p.rgb = rgb })
	return p
}
