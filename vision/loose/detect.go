package loose

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"math"
	"sort"
	"sync"
	"unsafe"

	"gocv.io/x/gocv"

	"github.com/tilescope/tilescope/internal/parallel"
	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/internal/chamfer"
)

// detect finds the tiles' quadrilaterals (photo pixels) in img, searching
// an image whose longer side is at most workSide; when the tiles turn out
// small there (under minSide pixels), it searches again at a finer scale.
func detect(img rgbImage, workSide int, sr search) ([]found, error) {
	scale := 1.0
	if m := max(img.w, img.h); m > workSide {
		scale = float64(workSide) / float64(m)
	}
	// A first look at the coarse scale measures the tiles; small tiles
	// are then searched at a finer scale, so that they are about
	// minSide pixels across.
	q, side, err := detectAt(img, scale, true, sr)
	if err != nil || q != nil {
		return q, err
	}
	q, _, err = detectAt(img, math.Min(1, scale*minSide/side), false, sr)
	return q, err
}

// search says what detect looks for: tiles on a lattice (cut patches
// along it), squares round letters no face outline backs (byLetter), and
// I's shorter than the other letters (shortI: a thin bar down to 0.45 of
// the typical letter is a letter; Lexicon's tiles, not Twists', whose
// bars and icons it would take for letters). With interlock (Twists:
// the tiles' notches hold them on one lattice) a square round a letter
// is turned as the tiles found near it are, not as its strokes run (an
// action tile's sign, a round letter, has no clear direction of its own).
//
// With spares the search also hands over a square round every letter
// (spareSquares) for the scan's second look.
//
// With print the tiles may lie on a printed background (a close-up of a
// Scrabble board): faint strokes count as letters (tileMask) and the
// letters of printed words do not set the typical letter
// (tileLetterSize).
//
// With byCount the typical letter size is the blobs' median counted one
// each, not weighted by area, where a few large blobs outweigh the
// letters (fewLarge); outweighed, when not nil, is set where they do.
//
// With blurred the letters' ink level follows the photo's strokes
// (blurInkLevel): blur spreads a stroke's darkness over its
// surroundings, and strokes 60 levels dark when sharp come out 40-55.
// faint, when not nil, is set where the photo's strokes are that faint
// (the level would be under strongInk), searched so or not.
//
// With onFace the typical letter size is that of the blobs a light face
// surrounds (onFaceSize), where the blobs of the letter size are mostly
// dark things no face surrounds (the dark table in the pockets between
// touching tiles, fingers); offFace, when not nil, is set where they
// are, searched so or not.
//
// With lace each face colour but the table's has letters of its own: the
// glyphs it surrounds (faceLetters), their size and spacing; a patterned
// cloth's marks (a lace cloth's dark holes, as dark as the letters, often
// as large and far more of them) set the letter size and the spacing
// otherwise, and the letters fall out of the band. onCloth, when not nil,
// is set where most letters stand on no face colour but the table's
// (lettersOnCloth), searched so or not.
//
// With zoom over 1 the photo is a close-up (closeLook): its frame is
// taken for zoom times smaller than it is, so that the sizes set as
// fractions of the frame (the letters' black-hat, the longest letter,
// the smallest tile, the dark lines between tiles) are zoom times
// larger, as large tiles' letters need.
type search struct {
	lattice, byLetter, shortI, interlock, spares, print, byCount, blurred, onFace, lace bool
	outweighed, faint, offFace, onCloth                                                 *bool
	zoom                                                                                float64
}

// reach is the longer side of the frame the search takes a w x h
// picture for: its own, or zoom times it.
func (sr search) reach(w, h int) float64 {
	if sr.zoom > 1 {
		return sr.zoom * float64(max(w, h))
	}
	return float64(max(w, h))
}

// minSide is the smallest tile side, in working pixels, that is searched
// without going to a finer scale.
const minSide = 24

// detectAt searches img reduced by scale. With probe, it stops (nil
// quads, no error) once it finds the tiles too small to search at this
// scale.
func detectAt(img rgbImage, scale float64, probe bool, sr search) ([]found, float64, error) {
	rgb := img.scaled(scale)
	w, h := rgb.w, rgb.h
	src, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8UC3, rgb.pix)
	if err != nil {
		return nil, 0, fmt.Errorf("loose: image to matrix: %w", err)
	}
	defer src.Close()

	gray := gocv.NewMat()
	defer gray.Close()
	gocv.CvtColor(src, &gray, gocv.ColorRGBToGray)
	meanGray := gray.Mean().Val1
	if meanGray < 25 {
		return nil, 0, fmt.Errorf("%w: mean brightness %.0f of 255; turn on a light", ErrTooDark, meanGray)
	}

	// The face masks, the ink and the letters: one reduction's, searched
	// again with the same options (twistsFaceLetters), found once.
	pre := rgb.prepared(sr, func() detectPrep { return prepare(src, gray, w, h, sr) })
	masks, ink, lb, all, weights := pre.masks, pre.ink, pre.lb, pre.all, pre.weights
	if pre.level < strongInk && sr.faint != nil {
		*sr.faint = true
	}
	if pre.err != nil {
		return nil, 0, pre.err
	}
	if len(masks) == 0 {
		return nil, 0, noTiles(gray, meanGray, "no dark letters on light faces")
	}
	if pre.outweighed && sr.outweighed != nil {
		*sr.outweighed = true
	}
	if pre.offFace && sr.offFace != nil {
		*sr.offFace = true
	}
	if sr.onCloth != nil && !sr.lace && !sr.print && lettersOnCloth(lb, masks, w, h) {
		*sr.onCloth = true
	}
	// Each face colour the letters suggest is tried; the one that finds
	// the most tiles wins. With interlock a face colour that is the
	// table's (whose letter squares the edges alone back) wins only where
	// no other finds any: it adds the tiles the others missed.
	// The thin dark lines between touching tiles, the same for every
	// face colour: found once (darkLines).
	dark := pre.dark
	// Each face colour's search stands alone: they are shared among the
	// processors, and their tiles taken in turn below.
	type fromMaskResult struct {
		q    []found
		side float64
		err  error
	}
	res := make([]fromMaskResult, len(masks))
	parallel.For(len(masks), func(i int) {
		// With lace each face colour has its own letters, the glyphs
		// it surrounds; the table's own colour, or one that surrounds
		// too few glyphs, is searched no further.
		l := lb
		if sr.lace {
			fl, ok := faceLetters(all, weights, masks[i].m, w, h, sr.shortI)
			if !ok || masks[i].plain {
				res[i] = fromMaskResult{err: fmt.Errorf("%w: no letters on the face colour", ErrNoTiles)}
				return
			}
			l = fl
		}
		q, side, err := fromMask(gray, meanGray, masks[i], dark, ink, l, w, h, scale, probe, sr)
		res[i] = fromMaskResult{q, side, err}
	})
	var best []found
	var bestSide float64
	var bestPlain bool
	var firstErr error
	for i, m := range masks {
		q, side, err := res[i].q, res[i].side, res[i].err
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		if q == nil && probe {
			// Too small here: search again finer.
			return nil, side, nil
		}
		better := len(q) > len(best)
		if sr.interlock && len(best) > 0 && len(q) > 0 && m.plain != bestPlain {
			better = bestPlain
		}
		if better {
			// The best first; others add the tiles it missed.
			q, best = best, q
			bestSide, bestPlain = side, m.plain
		}
		for _, a := range q {
			dup := false
			for _, b := range best {
				if dist(centroid(a.q), centroid(b.q)) < 0.5*meanSide(b.q) {
					dup = true
					break
				}
			}
			if !dup && len(best) > 0 {
				best = append(best, a)
			}
		}
	}
	if best == nil {
		return nil, 0, firstErr
	}
	if sr.spares {
		best = append(best, spareSquares(gray, lb, w, h, bestSide, scale)...)
	}
	return best, bestSide, nil
}

// spareSquares is a square of the tile side round every letter of the
// photo, turned as its strokes run (found.spare): the glyphs anchor the
// tiles the search missed (a face run into the table's colour, a heap),
// which the scan reads and judges once the search's tiles are known
// (secondLook).
func spareSquares(gray gocv.Mat, lb letters, w, h int, side, scale float64) []found {
	blobs := lb.blobs
	if len(blobs) == 0 || side <= 0 {
		return nil
	}
	sqs, elongs := letterSquares(mergeLetters(blobs, side), nil, gray.ToBytes(), w, h, side, false)
	inv := 1 / scale
	var out []found
	for i, q := range sqs {
		f := found{q: q, byLetter: true, spare: true, elong: elongs[i]}
		for j := range f.q {
			f.q[j] = Point{(q[j].X+0.5)*inv - 0.5, (q[j].Y+0.5)*inv - 0.5}
		}
		f.glyph, f.hasGlyph = centroid(f.q), true
		out = append(out, f)
	}
	return out
}

// faceMask is a mask of face-coloured pixels (255); plain: the face colour
// is the table's (white tiles on a white table), so the mask cannot tell
// a face from the table.
type faceMask struct {
	m     []byte
	plain bool
	// sizes, when not nil, keeps the mask's holes and patch side
	// (patches), shared by the copies of one reduction's mask.
	sizes *maskSizes
}

// patches labels the holes of the mask (its letters, the cloth's marks
// on it; the dark lines already taken out) and measures the patches'
// side (estimateSide, the small holes filled): once for a mask kept by
// its reduction (sizes), whose copies are taken out the same way.
func (fm faceMask) patches(w, h int, reach float64) (holes, float64) {
	if fm.sizes == nil {
		return measurePatches(fm.m, w, h, reach)
	}
	fm.sizes.once.Do(func() { fm.sizes.hs, fm.sizes.side = measurePatches(fm.m, w, h, reach) })
	return fm.sizes.hs, fm.sizes.side
}

// measurePatches is patches' work.
func measurePatches(m []byte, w, h int, reach float64) (holes, float64) {
	hs := findHoles(m, w, h)
	// A hole up to a hundredth of the frame's area and an eighth of its
	// side: the frame is reach across (the photo's own, or a close-up's).
	z := reach / float64(max(w, h))
	maxArea, maxSide := int(float64(w*h)*z*z)/100, int(reach)/8
	filled := hs.fill(m, func(area, bw, bh int) bool {
		return area < maxArea && max(bw, bh) < maxSide
	})
	return hs, estimateSide(filled, w, h, reach)
}

// darkLines is the black-hat of the grey picture with a small kernel:
// the thin dark lines between touching tiles, narrower than the kernel
// (letter strokes are wider and stay low), for every face mask.
func darkLines(gray gocv.Mat, reach float64) []byte {
	return blackHat(gray, max(3, int(math.Round(reach/220))|1))
}

// fromMask finds the tiles in a mask of face-coloured pixels: the tile
// size, the patches, one quad per tile.
func fromMask(gray gocv.Mat, meanGray float64, fm faceMask, bhb, ink []byte, lb letters, w, h int, scale float64, probe bool, sr search) ([]found, float64, error) {
	m := fm.m
	lattice, byLetter := sr.lattice, sr.byLetter
	// The letters' ink belongs to the tile; thin dark lines (bhb,
	// darkLines) do not.
	for i := range m {
		if bhb[i] > 18 {
			m[i] = 0
		}
	}
	// Tile size: half the tiles' side is the distance transform's peak.
	hs, side := fm.patches(w, h, sr.reach(w, h))
	// Tiles joined in a block fool the distance transform (the block's
	// middle is far from its edge); the letters' spacing does not.
	// Letters are about half a tile high: a side more than three letters
	// long is a block's.
	blobs, ls := lb.blobs, lb.typical
	lp := letterPitch(blobs)
	if lp > 0 && (side == 0 || (side > 1.6*lp && ls < 0.35*side)) {
		debugf("side %.1f from the patches, %.1f from the letters (%.1f high)", side, lp, ls)
		side = lp
	}
	// Tiles lie side by side, not on each other: most letters have a
	// neighbour about a tile away, so a side much larger than the
	// letters' spacing is a patch of several tiles (cream tiles on a
	// white table run together) and the spacing is the tile's (but a
	// tile is larger than its letter).
	spaced := false // the side is the letters' spacing
	// But the dark line between two touching tiles is a bar about a
	// letter long, half a pitch from either tile's letter, and halves
	// the spacing of crossword tiles: the side stands where the glyphs
	// that are no bar (glyphPitch) stand as far apart as it.
	if lp > 0 && len(blobs) >= minSpacingLetters && side > spacingCap*lp {
		gp := glyphPitch(blobs)
		if ns := math.Max(lp, 1.2*ls); ns < side && (gp == 0 || side > spacingCap*gp) {
			debugf("side %.1f from the patches is over the letters' spacing %.1f: %.1f", side, lp, ns)
			side, spaced = ns, true
		}
	}
	// A tile is larger than its letter: patches smaller than the letters
	// are pieces of faces (a mask broken by texture or glare).
	if ls > 0 && len(blobs) >= 3 && side < 1.1*ls {
		ns := 1.6 * ls
		if lp > 1.1*ls && lp < 2.5*ls {
			ns = lp
		}
		debugf("side %.1f from the patches is under the letters' %.1f: %.1f", side, ls, ns)
		side = ns
	}
	// The letters a face surrounds (search.lace) are the tiles' own: a
	// side well under their spacing is a face broken by the cloth's
	// marks, and a crossword's tiles touch, a side apart.
	if sr.lace && lp > 0 && len(blobs) >= 4 && side < 0.75*lp && lp < 2.5*ls {
		debugf("side %.1f from the patches is under the face letters' spacing %.1f", side, lp)
		side = lp
	}
	if side < 6 {
		return nil, 0, noTiles(gray, meanGray, "no light square patches")
	}
	if probe && side < minSide && scale < 1 {
		return nil, side, nil
	}
	filled := hs.fill(m, func(area, bw, bh int) bool {
		return float64(area) < 0.4*side*side && float64(max(bw, bh)) < 0.9*side
	})
	comps, err := splitTiles(filled, w, h, side, mergeLetters(blobs, side))
	if err != nil {
		return nil, 0, err
	}
	var quads [][4]Point
	for _, c := range comps {
		// One tile alone.
		if q, ok := singleTile(c.pixels, side); ok {
			quads = append(quads, q)
			continue
		}
		// Faces run together (the side is the letters' spacing): a
		// patch is no block of tiles to cut; the letters anchor them.
		if spaced {
			continue
		}
		if lattice {
			// Tiles joined edge to edge on a lattice (a crossword).
			if qs, ok := latticeFill(c.pixels, side); ok {
				quads = append(quads, qs...)
				continue
			}
			// Tiles joined on a lattice that perspective bends: one
			// tile round each letter.
			if qs, ok := letterTiles(c, side); ok {
				quads = append(quads, qs...)
				continue
			}
		}
		// Tiles touching at any angle: the watershed's pieces.
		for _, r := range c.regions {
			quads = append(quads, regionTiles(r, side)...)
		}
	}
	// A letter no tile was found round gets a square of its own, turned
	// as its strokes are.
	// With byLetter (tiles lying anyhow; on a lattice too when a reader
	// will confirm them: a crossword's tiles may lie apart, and a word laid
	// loose on the table is read as it lies). The square's border must be
	// partly face-coloured and two of its sides must lie on an edge in the
	// photo (a dark mark on a patterned cloth has cloth round it).
	nShape := len(quads)
	var sqElong []float64 // the letter squares' glyphs' elongation
	merged := mergeLetters(blobs, side)
	if byLetter {
		gb := gray.ToBytes()
		capSide := 0.0
		if spaced {
			capSide = side
		}
		sqs, elongs := letterSquares(merged, quads, gb, w, h, capSide, sr.interlock)
		for i, q := range sqs {
			// Where the mask cannot tell faces from the table, on a
			// lattice whose tiles interlock, the edges alone say it
			// (three sides: a mark on a cloth has none; the reader and
			// the verifier confirm).
			if fm.plain && sr.interlock && edgeSides(q, gb, w, h) >= 3 {
				quads = append(quads, q)
				sqElong = append(sqElong, elongs[i])
				continue
			}
			if faceShare(q, filled, w, h) >= 0.15 && edgeSides(q, gb, w, h) >= 2 {
				quads = append(quads, q)
				sqElong = append(sqElong, elongs[i])
			}
		}
	}
	// A tile carries a letter (or an action icon).
	var kept []found
	for i, q := range quads {
		if hasLetter(q, ink, w, h) {
			f := found{q: q, byLetter: i >= nShape}
			if f.byLetter {
				f.elong = sqElong[i-nShape]
			}
			// The letter inside, nearest the quad's centre.
			c := centroid(q)
			best := math.Inf(1)
			for _, l := range merged {
				if p := (Point{l.x, l.y}); insideConvex(q, p) && dist(p, c) < best {
					best, f.glyph, f.hasGlyph = dist(p, c), p, true
				}
			}
			kept = append(kept, f)
		}
	}
	if len(kept) == 0 {
		return nil, 0, noTiles(gray, meanGray, fmt.Sprintf("light patches of about %.0f px, none square", side))
	}
	inv := 1 / scale
	for i := range kept {
		for j := range kept[i].q {
			// pixel centres: work (x+0.5)/scale - 0.5
			kept[i].q[j].X = (kept[i].q[j].X+0.5)*inv - 0.5
			kept[i].q[j].Y = (kept[i].q[j].Y+0.5)*inv - 0.5
		}
		kept[i].glyph = Point{(kept[i].glyph.X+0.5)*inv - 0.5, (kept[i].glyph.Y+0.5)*inv - 0.5}
	}
	return kept, side, nil
}

// found is one tile the search found: its quad, and whether it is only a
// square put round a letter (no face outline backs it: the reader must
// confirm it).
type found struct {
	q        [4]Point
	byLetter bool
	// glyph is the centre of the letter inside the quad nearest its
	// centre (hasGlyph).
	glyph    Point
	hasGlyph bool
	// elong: the elongation of a letter square's glyph.
	elong float64
	// spare: a square round a letter for the scan's second look
	// (spareSquares), not a tile found.
	spare bool
}

// noTiles says why no tile was found: a dark, featureless or blurred
// picture, or none.
func noTiles(gray gocv.Mat, meanGray float64, why string) error {
	if meanGray < 45 {
		return fmt.Errorf("%w: mean brightness %.0f of 255; more light", ErrTooDark, meanGray)
	}
	mean, std := gocv.NewMat(), gocv.NewMat()
	defer mean.Close()
	defer std.Close()
	gocv.MeanStdDev(gray, &mean, &std)
	if std.GetDoubleAt(0, 0) < 6 {
		return fmt.Errorf("%w: the picture is nearly uniform", ErrNoTiles)
	}
	// Sharpness: the strongest edges (the 99.5th percentile of the Sobel
	// gradient); a sharp photo of tiles has letter edges far above it.
	gx, gy := gocv.NewMat(), gocv.NewMat()
	defer gx.Close()
	defer gy.Close()
	gocv.Sobel(gray, &gx, gocv.MatTypeCV16S, 1, 0, 3, 1, 0, gocv.BorderDefault)
	gocv.Sobel(gray, &gy, gocv.MatTypeCV16S, 0, 1, 3, 1, 0, gocv.BorderDefault)
	ax, ay := gocv.NewMat(), gocv.NewMat()
	defer ax.Close()
	defer ay.Close()
	gocv.ConvertScaleAbs(gx, &ax, 0.25, 0)
	gocv.ConvertScaleAbs(gy, &ay, 0.25, 0)
	bx, by := ax.ToBytes(), ay.ToBytes()
	var hist [512]int
	for i := range bx {
		hist[int(bx[i])+int(by[i])]++
	}
	var acc, edge int
	for v := len(hist) - 1; v >= 0; v-- {
		acc += hist[v]
		if acc >= len(bx)/200 {
			edge = v
			break
		}
	}
	if edge < 12 {
		return fmt.Errorf("%w: the sharpest edges change by %d levels a pixel (want 12 or more); hold the camera still and focus", ErrTooBlurred, edge)
	}
	return fmt.Errorf("%w: %s", ErrNoTiles, why)
}

// holes are a mask's enclosed background components (4-connected, none
// touching the border: letters on tiles), labelled once (findHoles) and
// filled by a rule on each one's area and bounding box (fill): fromMask
// fills them twice, by two rules, from the one labelling.
type holes struct {
	lab  []int32   // each pixel's background component; 0 on light pixels
	hole []holeBox // by label; area 0: touches the border, no hole
}

// holeBox is one hole's bounding box size and area.
type holeBox struct{ bw, bh, area int }

// findHoles labels mask's background components. Where the labelling
// fails, there are no holes.
func findHoles(mask []byte, w, h int) holes {
	invb := make([]byte, len(mask))
	for i, v := range mask {
		if v == 0 {
			invb[i] = 255
		}
	}
	inv, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8U, invb)
	if err != nil {
		return holes{}
	}
	defer inv.Close()
	labels, stats, cents := gocv.NewMat(), gocv.NewMat(), gocv.NewMat()
	defer labels.Close()
	defer stats.Close()
	defer cents.Close()
	n := gocv.ConnectedComponentsWithStatsWithParams(inv, &labels, &stats, &cents, 4, gocv.MatTypeCV32S, gocv.CCL_DEFAULT)
	hs := holes{hole: make([]holeBox, n)}
	for l := 1; l < n; l++ {
		x, y := int(stats.GetIntAt(l, 0)), int(stats.GetIntAt(l, 1))
		bw, bh := int(stats.GetIntAt(l, 2)), int(stats.GetIntAt(l, 3))
		area := int(stats.GetIntAt(l, 4))
		if x == 0 || y == 0 || x+bw >= w || y+bh >= h {
			continue
		}
		hs.hole[l] = holeBox{bw, bh, area}
	}
	lab, err := int32s(&labels)
	if err != nil {
		return holes{}
	}
	hs.lab = append([]int32(nil), lab...)
	return hs
}

// fill is a copy of mask with the holes for which small(area, bboxW,
// bboxH) holds filled (255).
func (hs holes) fill(mask []byte, small func(area, bw, bh int) bool) []byte {
	out := make([]byte, len(mask))
	copy(out, mask)
	fill := make([]bool, len(hs.hole))
	for l, b := range hs.hole {
		if b.area > 0 {
			fill[l] = small(b.area, b.bw, b.bh)
		}
	}
	for i, l := range hs.lab {
		if l > 0 && fill[l] {
			out[i] = 255
		}
	}
	return out
}

// estimateSide is the typical tile side: twice the distance transform's
// peak in each light component of a plausible size, the median over them.
func estimateSide(mask []byte, w, h int, reach float64) float64 {
	mm, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8U, mask)
	if err != nil {
		return 0
	}
	defer mm.Close()
	d, err := chamfer.L2Mask5(mask, w, h)
	if err != nil {
		return 0
	}
	labels, stats, cents := gocv.NewMat(), gocv.NewMat(), gocv.NewMat()
	defer labels.Close()
	defer stats.Close()
	defer cents.Close()
	n := gocv.ConnectedComponentsWithStatsWithParams(mm, &labels, &stats, &cents, 8, gocv.MatTypeCV32S, gocv.CCL_DEFAULT)
	if n <= 1 {
		return 0
	}
	lb, err := int32s(&labels)
	if err != nil {
		return 0
	}
	peak := make([]float32, n)
	for i, l := range lb {
		if l > 0 && d[i] > peak[l] {
			peak[l] = d[i]
		}
	}
	minSide := reach / 80
	var sides []float64
	var weights []float64
	for l := 1; l < n; l++ {
		s := 2 * float64(peak[l])
		area := float64(stats.GetIntAt(l, 4))
		if s < minSide || area < 0.5*s*s {
			continue
		}
		// A component as wide as the picture is the table, not a tile.
		if s > float64(min(w, h))/3 {
			continue
		}
		sides = append(sides, s)
		weights = append(weights, area/(s*s))
	}
	if len(sides) == 0 {
		return 0
	}
	// Weighted median: a cluster of n tiles counts n times.
	idx := make([]int, len(sides))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return sides[idx[a]] < sides[idx[b]] })
	var total float64
	for _, wt := range weights {
		total += wt
	}
	var acc float64
	for _, i := range idx {
		acc += weights[i]
		if acc >= total/2 {
			return sides[i]
		}
	}
	return sides[idx[len(idx)-1]]
}

// component is one connected light patch: its pixels, and the pieces the
// watershed cut it into.
type component struct {
	pixels  []image.Point
	regions [][]image.Point
	letters []blob // the letters whose centre lies in it
}

// splitTiles finds the light mask's connected patches and cuts each into
// one region per tile: markers at the distance transform's peaks, grown
// by a watershed over the inverted distance.
func splitTiles(mask []byte, w, h int, side float64, letters []blob) ([]component, error) {
	mm, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8U, mask)
	if err != nil {
		return nil, fmt.Errorf("loose: mask matrix: %w", err)
	}
	defer mm.Close()
	// Remove specks and thin bridges first.
	ko := max(3, int(side/8)|1)
	kern := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(ko, ko))
	defer kern.Close()
	op := gocv.NewMat()
	defer op.Close()
	gocv.MorphologyEx(mm, &op, gocv.MorphOpen, kern)

	opb := op.ToBytes()
	d, err := chamfer.L2Mask5(opb, w, h)
	if err != nil {
		return nil, err
	}
	dt, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV32F, unsafe.Slice((*byte)(unsafe.Pointer(&d[0])), 4*len(d)))
	if err != nil {
		return nil, fmt.Errorf("loose: distance matrix: %w", err)
	}
	defer dt.Close()
	kd := max(3, int(side*0.45)|1)
	dk := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(kd, kd))
	defer dk.Close()
	dil := gocv.NewMat()
	defer dil.Close()
	gocv.Dilate(dt, &dil, dk)
	dd, err := dil.DataPtrFloat32()
	if err != nil {
		return nil, err
	}
	peaks := make([]byte, w*h)
	thr := float32(0.28 * side)
	for i := range d {
		if d[i] >= thr && d[i] >= dd[i]-1e-4 {
			peaks[i] = 255
		}
	}
	pm, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8U, peaks)
	if err != nil {
		return nil, err
	}
	defer pm.Close()
	markers := gocv.NewMat()
	defer markers.Close()
	n := gocv.ConnectedComponentsWithParams(pm, &markers, 8, gocv.MatTypeCV32S, gocv.CCL_DEFAULT)
	if n <= 1 {
		return nil, nil
	}
	mk, err := int32s(&markers)
	if err != nil {
		return nil, err
	}
	bg := int32(n) // background label
	for i := range mk {
		if opb[i] == 0 {
			mk[i] = bg
		}
	}
	// The relief: 255 at the background, falling towards tile centres.
	relief := make([]byte, 3*w*h)
	for i, v := range d {
		// 255 - math.Min(255, x), the call written out (NaN passes
		// the test untouched, as math.Min returns it).
		x := float64(v) * 255 / side
		if x > 255 {
			x = 255
		}
		r := byte(255 - x)
		p := relief[3*i : 3*i+3 : 3*i+3]
		p[0], p[1], p[2] = r, r, r
	}
	rm, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8UC3, relief)
	if err != nil {
		return nil, err
	}
	defer rm.Close()
	gocv.Watershed(rm, &markers)
	mk, err = int32s(&markers)
	if err != nil {
		return nil, err
	}
	// Each region's and each patch's pixels are counted first and their
	// slices made to size: the same points in the same order, without
	// growing each slice a pixel at a time.
	regions := make([][]image.Point, n)
	inRegion := make([]int, n)
	for i, l := range mk {
		if l >= 1 && l < bg && opb[i] != 0 {
			inRegion[l]++
		}
	}
	for l, k := range inRegion {
		if k > 0 {
			regions[l] = make([]image.Point, 0, k)
		}
	}
	for i, l := range mk {
		if l >= 1 && l < bg && opb[i] != 0 {
			regions[l] = append(regions[l], image.Pt(i%w, i/w))
		}
	}
	cl := gocv.NewMat()
	defer cl.Close()
	nc := gocv.ConnectedComponentsWithParams(op, &cl, 8, gocv.MatTypeCV32S, gocv.CCL_DEFAULT)
	cb, err := int32s(&cl)
	if err != nil {
		return nil, err
	}
	comps := make([]component, nc)
	inComp := make([]int, nc)
	for _, l := range cb {
		if l > 0 {
			inComp[l]++
		}
	}
	for l, k := range inComp {
		if k > 0 {
			comps[l].pixels = make([]image.Point, 0, k)
		}
	}
	for i, l := range cb {
		if l > 0 {
			comps[l].pixels = append(comps[l].pixels, image.Pt(i%w, i/w))
		}
	}
	for _, r := range regions[1:] {
		if len(r) > 0 {
			p := r[0]
			if l := cb[p.Y*w+p.X]; l > 0 {
				comps[l].regions = append(comps[l].regions, r)
			}
		}
	}
	for _, lt := range letters {
		x, y := int(lt.x), int(lt.y)
		if x >= 0 && y >= 0 && x < w && y < h {
			if l := cb[y*w+x]; l > 0 {
				comps[l].letters = append(comps[l].letters, lt)
			}
		}
	}
	var out []component
	for _, c := range comps[1:] {
		if float64(len(c.pixels)) >= 0.35*side*side {
			out = append(out, c)
		}
	}
	return out, nil
}

// singleTile reports whether the pixels are one tile: about a tile's
// area, nearly filling a square.
func singleTile(pts []image.Point, side float64) ([4]Point, bool) {
	area := float64(len(pts))
	A := side * side
	if area < 0.4*A || area > 1.8*A {
		return [4]Point{}, false
	}
	q, qa := minAreaQuad(pts)
	if qa <= 0 || area/qa < 0.82 {
		return q, false
	}
	ws, hs := dist(q[0], q[1]), dist(q[1], q[2])
	long, short := math.Max(ws, hs), math.Min(ws, hs)
	if short < 0.6*side || long/short > 1.3 {
		return q, false
	}
	return q, true
}

// regionTiles makes tiles of one watershed region: one tile, a strip of
// n tiles, or nothing.
func regionTiles(pts []image.Point, side float64) [][4]Point {
	area := float64(len(pts))
	if area < 0.35*side*side {
		return nil
	}
	q, qa := minAreaQuad(pts)
	if qa <= 0 || area/qa < 0.6 {
		return nil
	}
	ws, hs := dist(q[0], q[1]), dist(q[1], q[2])
	long, short := math.Max(ws, hs), math.Min(ws, hs)
	if short < 0.5*side || short > 1.6*side {
		return nil
	}
	n := int(math.Round(long / short))
	switch {
	case n <= 1 && long/short > 1.45, n > 8:
		return nil
	case n <= 1:
		return [][4]Point{q}
	}
	return splitQuad(q, n)
}

// splitQuad cuts a 1 x n strip of tiles into n quads along its long side.
func splitQuad(q [4]Point, n int) [][4]Point {
	// Make q[0]->q[1] the long side.
	if dist(q[0], q[1]) < dist(q[1], q[2]) {
		q = [4]Point{q[1], q[2], q[3], q[0]}
	}
	lerp := func(a, b Point, t float64) Point { return Point{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t} }
	out := make([][4]Point, n)
	for i := 0; i < n; i++ {
		t0, t1 := float64(i)/float64(n), float64(i+1)/float64(n)
		out[i] = [4]Point{lerp(q[0], q[1], t0), lerp(q[0], q[1], t1), lerp(q[3], q[2], t1), lerp(q[3], q[2], t0)}
	}
	return out
}

// rgbImage is a packed 8-bit RGB picture.
type rgbImage struct {
	w, h int
	pix  []byte
	// sc, when not nil, keeps the picture's reductions (scaled) by
	// their size, so that the searches of one scan that work at the
	// same size (the board's print and the loose search at 800 px, the
	// second looks) reduce the photo once. Only the scan's photo has
	// one (Options.rgbOf, scanStretched); its reductions have none.
	sc *scaleCache
	// prep, when not nil, keeps what detectAt finds in the picture
	// before its face colours are searched (prepared): only the
	// reductions that sc keeps have one.
	prep *prepCache
}

// scaleCache holds a picture's reductions by their size (w, h): an area
// reduction depends on nothing else.
type scaleCache struct {
	mu sync.Mutex
	m  map[image.Point]*scaledOnce
}

// forget lets the reductions kept so far go.
func (c *scaleCache) forget() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m = nil
}

// scaledOnce is one reduction, made by the first search that asks.
type scaledOnce struct {
	once sync.Once
	img  rgbImage
}

// toRGB converts img to packed RGB (its bounds' origin becomes 0,0).
func toRGB(img image.Image) rgbImage {
	b := img.Bounds()
	W, H := b.Dx(), b.Dy()
	full := make([]byte, 3*W*H)
	switch m := img.(type) {
	case *image.RGBA:
		for y := 0; y < H; y++ {
			row := m.Pix[y*m.Stride : y*m.Stride+4*W]
			out := full[3*y*W : 3*(y+1)*W]
			copyRGB(out, row)
		}
	case *image.YCbCr:
		if m.SubsampleRatio == image.YCbCrSubsampleRatio420 && b.Min.X >= 0 {
			// a phone's JPEG: a row at a time, each chroma sample's
			// terms once for its two pixels (the conversion Upwords'
			// letter crops use, the same bytes)
			for y := 0; y < H; y++ {
				vision.YCbCrRow420(m, b.Min.X, b.Max.X-1, y+b.Min.Y, full[3*y*W:3*(y+1)*W])
			}
			break
		}
		// A pixel's offsets are its row's and its column's parts added
		// (YOffset and COffset, every subsample ratio): the columns'
		// chroma parts worked out once, not a call and a switch on the
		// ratio a pixel (a tenth of a one-photo scan's own work).
		cx := make([]int, W)
		c0 := m.COffset(b.Min.X, b.Min.Y)
		for x := range cx {
			cx[x] = m.COffset(x+b.Min.X, b.Min.Y) - c0
		}
		for y := 0; y < H; y++ {
			yrow := m.Y[m.YOffset(b.Min.X, y+b.Min.Y):]
			yrow = yrow[:W:W]
			crow := m.COffset(b.Min.X, y+b.Min.Y)
			out := full[3*y*W : 3*(y+1)*W : 3*(y+1)*W]
			for x, yy := range yrow {
				ci := crow + cx[x]
				r, g, bb := color.YCbCrToRGB(yy, m.Cb[ci], m.Cr[ci])
				o := out[3*x : 3*x+3 : 3*x+3]
				o[0], o[1], o[2] = r, g, bb
			}
		}
	default:
		for y := 0; y < H; y++ {
			for x := 0; x < W; x++ {
				r, g, bb, _ := img.At(x+b.Min.X, y+b.Min.Y).RGBA()
				o := 3 * (y*W + x)
				full[o], full[o+1], full[o+2] = byte(r>>8), byte(g>>8), byte(bb>>8)
			}
		}
	}
	return rgbImage{w: W, h: H, pix: full}
}

// copyRGB copies the red, green and blue of the RGBA pixels in row into
// out, three bytes a pixel, as many pixels as both hold: four pixels at
// a time as two eight-byte words in and a word and a half out (the
// alphas shifted out), the rest byte by byte.
func copyRGB(out, row []byte) {
	n := min(len(row)/4, len(out)/3)
	k := 0
	for ; k+4 <= n; k += 4 {
		s := row[4*k : 4*k+16 : 4*k+16]
		d := out[3*k : 3*k+12 : 3*k+12]
		// a holds pixels 0 and 1 (R G B A R G B A from the low byte
		// up), b pixels 2 and 3.
		a, b := binary.LittleEndian.Uint64(s), binary.LittleEndian.Uint64(s[8:])
		binary.LittleEndian.PutUint64(d, a&0xffffff|(a>>8)&0xffffff000000|b<<48)
		binary.LittleEndian.PutUint32(d[8:], uint32((b>>16)&0xff|(b>>24)&0xffffff00))
	}
	for ; k < n; k++ {
		s, d := row[4*k:4*k+3:4*k+3], out[3*k:3*k+3:3*k+3]
		d[0], d[1], d[2] = s[0], s[1], s[2]
	}
}

// scaled is the picture reduced by scale (<= 1) with area averaging.
func (m rgbImage) scaled(scale float64) rgbImage {
	w := max(1, int(math.Round(float64(m.w)*scale)))
	h := max(1, int(math.Round(float64(m.h)*scale)))
	if scale >= 1 || (w == m.w && h == m.h) {
		return m
	}
	if m.sc == nil {
		return m.reduced(w, h)
	}
	so := entry(&m.sc.mu, &m.sc.m, image.Pt(w, h))
	so.once.Do(func() {
		so.img = m.reduced(w, h)
		so.img.prep = &prepCache{}
	})
	return so.img
}

// reduced is the picture reduced to w x h with area averaging (m itself
// where that fails). The reduction has no cache of its own.
func (m rgbImage) reduced(w, h int) rgbImage {
	fm, err := gocv.NewMatFromBytes(m.h, m.w, gocv.MatTypeCV8UC3, m.pix)
	if err != nil {
		return m
	}
	defer fm.Close()
	small := gocv.NewMat()
	defer small.Close()
	gocv.Resize(fm, &small, image.Pt(w, h), 0, 0, gocv.InterpolationArea)
	return rgbImage{w: w, h: h, pix: small.ToBytes()}
}

// int32s is a CV_32S matrix's data in place (gocv v0.31 has no
// DataPtrInt32).
func int32s(m *gocv.Mat) ([]int32, error) {
	b, err := m.DataPtrUint8()
	if err != nil {
		return nil, err
	}
	if len(b) < 4 {
		return nil, fmt.Errorf("loose: empty label matrix")
	}
	return unsafe.Slice((*int32)(unsafe.Pointer(&b[0])), len(b)/4), nil
}

// tileMask marks the pixels of the tiles' colour. The tile face's colour
// is learnt from the picture itself: letters are dark thin strokes on the
// face, so the pixels just beside strong dark strokes are mostly face.
// Every pixel is then given to the nearer of two colours (Lab, lightness
// weighted down so that shading matters less than hue): the face's, or the
// table's (the median of the rest), refined by a few k-means rounds.
// It returns nil when no letter-like strokes are found.
//
// With faintLetters (search.print) the ink it returns for the letters
// also holds faint strokes: over faintInk levels darker than their
// surroundings and under half as bright (a dark letter on a brown wooden
// tile, a letter in a shadow), which the strong rule (60 levels darker)
// misses. The face colours are the strong strokes' ring's, and the faint
// strokes' ring's where it is another colour (faintFace).
//
// With followBlur the strong rule's level is blurInkLevel's, from the
// photo's own strokes, instead of strongInk; level is blurInkLevel's
// either way.
func tileMask(src, gray gocv.Mat, w, h int, reach float64, faintLetters, followBlur bool) (masks []faceMask, ink []byte, level byte, err error) {
	lab := gocv.NewMat()
	defer lab.Close()
	gocv.CvtColor(src, &lab, gocv.ColorRGBToLab)
	// The Mats' bytes are read in place (matBytes): lab, bh and gray
	// stay open until tileMask returns, and nothing keeps them after.
	lb := matBytes(lab)

	k := max(5, int(math.Round(reach/40))|1)
	kern := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(k, k))
	defer kern.Close()
	bh := gocv.NewMat()
	defer bh.Close()
	gocv.MorphologyEx(gray, &bh, gocv.MorphBlackhat, kern)
	bhb := matBytes(bh)
	gb := matBytes(gray)
	ink = make([]byte, w*h)
	var faint []byte
	if faintLetters {
		faint = make([]byte, w*h)
	}
	level = blurInkLevel(bhb, gb)
	ink0 := byte(strongInk)
	if followBlur {
		ink0 = level
	}
	var nInk int
	for i := range ink {
		// Dark, and much darker than its surroundings.
		if bhb[i] > ink0 && int(gb[i]) < 2*int(bhb[i]) {
			ink[i] = 255
			nInk++
		}
		if faintLetters && (ink[i] != 0 || (bhb[i] > faintInk && gb[i] < bhb[i])) {
			faint[i] = 255
		}
	}
	if nInk < 20 {
		return nil, nil, level, nil
	}
	// Letters are small: drop long dark things (table seams, sticks,
	// shadows' edges).
	ink, nInk = smallBlobs(ink, w, h, int(reach/8))
	if nInk < 20 {
		return nil, nil, level, nil
	}
	if faintLetters {
		faint, _ = smallBlobs(faint, w, h, int(reach/8))
	} else {
		faint = ink
	}
	rb, err := dilated(ink, w, h)
	if err != nil {
		return nil, nil, level, err
	}
	step := max(1, w*h/60000)
	// The ring's and the table's samples are counted first and their
	// slices made to size: the same samples in the same order, without
	// growing six slices as they fill. (A pixel of the table, rb 0, is
	// never one of the ring's.)
	nFace, nTab := 0, 0
	for i := 0; i < w*h; i++ {
		if rb[i] != 0 && ink[i] == 0 && bhb[i] < 25 {
			nFace++
		}
	}
	for i := 0; i < w*h; i += step {
		if rb[i] == 0 {
			nTab++
		}
	}
	faceL, faceA, faceB := make([]float64, 0, nFace), make([]float64, 0, nFace), make([]float64, 0, nFace)
	tabL, tabA, tabB := make([]float64, 0, nTab), make([]float64, 0, nTab), make([]float64, 0, nTab)
	for i := 0; i < w*h; i++ {
		if rb[i] != 0 && ink[i] == 0 && bhb[i] < 25 {
			faceL = append(faceL, float64(lb[3*i]))
			faceA = append(faceA, float64(lb[3*i+1]))
			faceB = append(faceB, float64(lb[3*i+2]))
		} else if rb[i] == 0 && i%step == 0 {
			tabL = append(tabL, float64(lb[3*i]))
			tabA = append(tabA, float64(lb[3*i+1]))
			tabB = append(tabB, float64(lb[3*i+2]))
		}
	}
	if len(faceL) < 20 && len(tabL) >= 20 {
		// Too few ring pixels as light as their surroundings: tiles
		// darker than a light cloth and no larger than the kernel, the
		// whole face dark to the black-hat. The face round a letter is
		// light to a black-hat the size of a letter (half the kernel).
		near := blackHat(gray, max(5, (k/2)|1))
		for i := 0; i < w*h; i++ {
			if rb[i] != 0 && ink[i] == 0 && near[i] < 25 {
				faceL = append(faceL, float64(lb[3*i]))
				faceA = append(faceA, float64(lb[3*i+1]))
				faceB = append(faceB, float64(lb[3*i+2]))
			}
		}
	}
	if len(faceL) < 20 || len(tabL) < 20 {
		return nil, nil, level, nil
	}
	table := [3]float64{byteMedian(tabL), byteMedian(tabA), byteMedian(tabB)}
	const wl = 0.35 // weight of lightness against hue
	// The ring pixels may hold two colours: tile faces round letters, and
	// a patterned table round its marks. Two means split them.
	groups := splitColours(faceL, faceA, faceB, wl)
	// A patterned cloth with many dark marks: the ring round the marks
	// outnumbers the ring round the letters, and every group's colour is
	// the table's. The faces are then the ring pixels unlike the table.
	if g, ok := offTable(groups, faceL, faceA, faceB, table, wl); ok {
		groups = append(groups, g...)
	}
	if faintLetters {
		if g, ok := faintFace(faint, ink, rb, bhb, lb, groups, len(faceL), w, h, wl); ok {
			groups = append(groups, g)
		}
	}
	for _, g := range groups {
		fl, fa, fb := g[0], g[1], g[2]
		face := [3]float64{byteMedian(fl), byteMedian(fa), byteMedian(fb)}
		// The face's chroma spread: the tolerance in a and b.
		dc := make([]float64, len(fl))
		for i := range fl {
			dc[i] = math.Hypot(fa[i]-face[1], fb[i]-face[2])
		}
		tol := math.Max(4, math.Min(9, 2*quantile(dc, 0.75)))
		tl := math.Max(25, 2.5*(byteQuantile(fl, 0.5)-byteQuantile(fl, 0.1)))
		debugf("face %.0f table %.0f tol %.1f tl %.0f", face, table, tol, tl)
		// The chroma test depends on the pixel's (a, b) alone: worked
		// out once for each of the 65536 (the same Hypot of the same
		// differences), not once a pixel. The rest is as it was.
		far := chromaFar(face[1], face[2], tol)
		// The two tests that rule most pixels out come first, on the
		// bytes; the rest is worked out only where they pass (the same
		// values: lo is the same difference).
		lo := face[0] - tl
		isFace := func(i int) bool {
			p := lb[3*i : 3*i+3 : 3*i+3]
			if far[int(p[1])<<8|int(p[2])] {
				return false
			}
			l := float64(p[0])
			if l < lo {
				return false
			}
			a, b := float64(p[1]), float64(p[2])
			df := sq((l-face[0])*wl) + sq(a-face[1]) + sq(b-face[2])
			dt := sq((l-table[0])*wl) + sq(a-table[1]) + sq(b-table[2])
			return df < dt
		}
		m := make([]byte, w*h)
		for i := range m {
			if isFace(i) {
				m[i] = 255
			}
		}
		plain := math.Sqrt(sq((face[0]-table[0])*wl)+sq(face[1]-table[1])+sq(face[2]-table[2])) <= tableLike
		masks = append(masks, faceMask{m: m, plain: plain})
	}
	return masks, faint, level, nil
}

// chromaFar marks the chromas (a, b), at index a<<8|b, over tol from
// (fa, fb): math.Hypot(a-fa, b-fb) > tol, as tileMask tests each pixel.
func chromaFar(fa, fb, tol float64) *[1 << 16]bool {
	var far [1 << 16]bool
	for a := range 256 {
		for b := range 256 {
			far[a<<8|b] = math.Hypot(float64(a)-fa, float64(b)-fb) > tol
		}
	}
	return &far
}

// matBytes is m's bytes in place where m is continuous (valid while m is
// open), else a copy.
func matBytes(m gocv.Mat) []byte {
	if m.IsContinuous() {
		if b, err := m.DataPtrUint8(); err == nil && len(b) == m.Total()*m.ElemSize() {
			return b
		}
	}
	return m.ToBytes()
}

// blackHat is gray's black-hat with a square kernel of side k: how much
// darker each pixel is than the closing of its surroundings.
func blackHat(gray gocv.Mat, k int) []byte {
	kern := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(k, k))
	defer kern.Close()
	bh := gocv.NewMat()
	defer bh.Close()
	gocv.MorphologyEx(gray, &bh, gocv.MorphBlackhat, kern)
	return bh.ToBytes()
}

// blurInkLevel is the letters' ink level for a photo whose strokes are
// faint (blurred): the strong strokes' contrast (strokeContrast) times
// blurInkShare, between faintInk and strongInk. A sharp photo's letters
// stand 85-200 levels under their faces (the level stays strongInk);
// blur of 2-3 px (and motion) brings the strongest strokes to 55-75,
// their edges and thin strokes under 60 (a letter breaks into specks or
// is lost), and the level follows them down. With too few dark pixels to
// measure it stays strongInk.
func blurInkLevel(bhb, gb []byte) byte {
	c := strokeContrast(bhb, gb)
	if c == 0 {
		return strongInk
	}
	return byte(math.Round(math.Max(faintInk, math.Min(strongInk, blurInkShare*c))))
}

// blurInkShare is the share of the strongest strokes' contrast a
// letter's pixel must reach under blur: a blurred stroke's middle is its
// darkest, its edges about half as dark.
const blurInkShare = 0.6

// strokeContrast is how dark the photo's strongest strokes are against
// their surroundings: the 99th percentile of the black-hat bhb over the
// pixels under half as bright as their surroundings (gb < 2 bhb) and at
// least 20 levels darker; 0 where there are fewer than 100 such pixels.
func strokeContrast(bhb, gb []byte) float64 {
	var hist [256]int
	n := 0
	for i, b := range bhb {
		if b >= 20 && int(gb[i]) < 2*int(b) {
			hist[b]++
			n++
		}
	}
	if n < 100 {
		return 0
	}
	acc := 0
	for v := 255; v >= 0; v-- {
		acc += hist[v]
		if 100*acc >= n {
			return float64(v)
		}
	}
	return 0
}

// faintFace is the colour round the faint letters (dark, under half
// as bright as their surroundings, but less than 60 levels darker: a
// dark letter on a brown wooden tile) that the strong letters' ring
// (rb) does not reach, as a face colour of its own when it is unlike
// every group's already found (over tableLike) and there are at least
// minFaintRing such pixels, a tenth of the strong ring's (nRing) or
// more. faint and ink are the two inks (faint includes ink).
func faintFace(faint, ink, rb, bhb, lb []byte, groups [][3][]float64, nRing, w, h int, wl float64) ([3][]float64, bool) {
	var g [3][]float64
	if bytes.Equal(faint, ink) {
		return g, false
	}
	fr, err := dilated(faint, w, h)
	if err != nil {
		return g, false
	}
	for i := range fr {
		if fr[i] != 0 && rb[i] == 0 && faint[i] == 0 && bhb[i] < 25 {
			g[0] = append(g[0], float64(lb[3*i]))
			g[1] = append(g[1], float64(lb[3*i+1]))
			g[2] = append(g[2], float64(lb[3*i+2]))
		}
	}
	if len(g[0]) < minFaintRing || 10*len(g[0]) < nRing {
		return g, false
	}
	face := [3]float64{byteMedian(g[0]), byteMedian(g[1]), byteMedian(g[2])}
	for _, o := range groups {
		d := math.Sqrt(sq((face[0]-byteMedian(o[0]))*wl) + sq(face[1]-byteMedian(o[1])) + sq(face[2]-byteMedian(o[2])))
		if d <= tableLike {
			return g, false
		}
	}
	debugf("faint letters' face %.0f (%d px)", face, len(g[0]))
	return g, true
}

// minFaintRing: see faintFace. faintInk: see tileMask.
const (
	minFaintRing = 100
	faintInk     = 35
	// strongInk: a letter's stroke is over strongInk levels darker than
	// its surroundings (and under half as bright).
	strongInk = 60
)

// offTable: when every colour group of the ring round the dark marks is
// the table's own (within tableLike), the ring pixels far from the table
// colour (over offTableDist), when there are enough of them, as groups
// of their own (split as splitColours does).
func offTable(groups [][3][]float64, L, A, B []float64, table [3]float64, wl float64) ([][3][]float64, bool) {
	d := func(l, a, b float64) float64 {
		return math.Sqrt(sq((l-table[0])*wl) + sq(a-table[1]) + sq(b-table[2]))
	}
	for _, g := range groups {
		if d(byteMedian(g[0]), byteMedian(g[1]), byteMedian(g[2])) > tableLike {
			return nil, false
		}
	}
	var fl, fa, fb []float64
	for i := range L {
		if d(L[i], A[i], B[i]) > offTableDist {
			fl = append(fl, L[i])
			fa = append(fa, A[i])
			fb = append(fb, B[i])
		}
	}
	debugf("the ring is the table's: %d of %d ring pixels unlike it", len(fl), len(L))
	if len(fl) < 40 || len(fl) < len(L)/50 {
		return nil, false
	}
	return splitColours(fl, fa, fb, wl), true
}

// tableLike and offTableDist: colour distances (Lab, lightness weighted)
// of a ring that is the table's, and of a pixel unlike the table.
const (
	tableLike    = 6.0
	offTableDist = 12.0
)

// splitColours splits colour samples (L, a, b) into two groups by two
// means (lightness weighted by wl) when the groups are distinct and the
// smaller holds at least a sixth of them; else it returns one group.
func splitColours(L, A, B []float64, wl float64) [][3][]float64 {
	all := [][3][]float64{{L, A, B}}
	n := len(L)
	if n < 40 {
		return all
	}
	// Seeds: the darkest and lightest tenth's means... simply two
	// samples at the lightness quartiles.
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return L[idx[a]] < L[idx[b]] })
	c := [2][3]float64{}
	for k, q := range []float64{0.25, 0.75} {
		j := idx[int(q*float64(n-1))]
		c[k] = [3]float64{L[j], A[j], B[j]}
	}
	which := make([]int, n)
	for it := 0; it < 6; it++ {
		var sum [2][3]float64
		var cnt [2]float64
		for i := 0; i < n; i++ {
			d0 := sq((L[i]-c[0][0])*wl) + sq(A[i]-c[0][1]) + sq(B[i]-c[0][2])
			d1 := sq((L[i]-c[1][0])*wl) + sq(A[i]-c[1][1]) + sq(B[i]-c[1][2])
			which[i] = 0
			if d1 < d0 {
				which[i] = 1
			}
			k := which[i]
			sum[k][0] += L[i]
			sum[k][1] += A[i]
			sum[k][2] += B[i]
			cnt[k]++
		}
		for k := range c {
			if cnt[k] > 0 {
				c[k] = [3]float64{sum[k][0] / cnt[k], sum[k][1] / cnt[k], sum[k][2] / cnt[k]}
			}
		}
	}
	var cnt [2]int
	for _, k := range which {
		cnt[k]++
	}
	sep := math.Sqrt(sq((c[0][0]-c[1][0])*wl) + sq(c[0][1]-c[1][1]) + sq(c[0][2]-c[1][2]))
	if sep < 8 || min(cnt[0], cnt[1]) < n/6 {
		return all
	}
	out := make([][3][]float64, 2)
	for i, k := range which {
		out[k][0] = append(out[k][0], L[i])
		out[k][1] = append(out[k][1], A[i])
		out[k][2] = append(out[k][2], B[i])
	}
	debugf("two face colours: %.0f (%d) and %.0f (%d)", c[0], cnt[0], c[1], cnt[1])
	return out
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return s[len(s)/2]
}

// debugf is the scan's development log: a diagnostic test may set it
// to see the search's figures and each step's decisions. It does nothing
// by default and never changes a reading. It is the one package
// variable a test sets (the steps' switches and the trace hooks are
// Options' off and trace, steps.go): some twenty functions of the search
// log through it that are handed no Options; a test that sets it runs
// alone (not t.Parallel) and puts it back.
var debugf = func(format string, a ...any) {}

func sq(x float64) float64 { return x * x }

// byteMedian is median(v) for samples that are bytes (a colour channel's
// levels, 0-255, as float64): counted instead of sorted, the same value.
// Other samples go to median.
func byteMedian(v []float64) float64 {
	return byteRank(v, len(v)/2, median)
}

// byteQuantile is quantile(v, q) for byte samples (see byteMedian).
func byteQuantile(v []float64, q float64) float64 {
	if len(v) == 0 {
		return 0
	}
	return byteRank(v, int(q*float64(len(v)-1)), func(v []float64) float64 { return quantile(v, q) })
}

// byteRank is the k-th smallest of v (0-based) when every sample is a
// whole number 0-255, from the samples' counts; else sorted(v).
func byteRank(v []float64, k int, sorted func([]float64) float64) float64 {
	if len(v) == 0 {
		return 0
	}
	var n [256]int
	for _, x := range v {
		u := uint(x)
		if u > 255 || float64(u) != x || math.Signbit(x) {
			return sorted(v)
		}
		n[u]++
	}
	for u, c := range n {
		if k < c {
			return float64(u)
		}
		k -= c
	}
	return sorted(v)
}

func quantile(v []float64, q float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return s[int(q*float64(len(s)-1))]
}

// smallBlobs keeps the 8-connected blobs of m whose bounding box is at
// most maxSide on each side; it returns them and their pixel count.
func smallBlobs(m []byte, w, h, maxSide int) ([]byte, int) {
	mm, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8U, m)
	if err != nil {
		return m, 0
	}
	defer mm.Close()
	labels, stats, cents := gocv.NewMat(), gocv.NewMat(), gocv.NewMat()
	defer labels.Close()
	defer stats.Close()
	defer cents.Close()
	n := gocv.ConnectedComponentsWithStatsWithParams(mm, &labels, &stats, &cents, 8, gocv.MatTypeCV32S, gocv.CCL_DEFAULT)
	keep := make([]bool, n)
	for l := 1; l < n; l++ {
		bw, bh := int(stats.GetIntAt(l, 2)), int(stats.GetIntAt(l, 3))
		keep[l] = bw <= maxSide && bh <= maxSide && stats.GetIntAt(l, 4) >= 4
	}
	lb, err := int32s(&labels)
	if err != nil {
		return m, 0
	}
	out := make([]byte, len(m))
	var count int
	for i, l := range lb {
		if l > 0 && keep[l] {
			out[i] = 255
			count++
		}
	}
	return out, count
}

// hasLetter reports whether the middle of the quad holds letter ink: at
// least 2% of its area.
func hasLetter(q [4]Point, ink []byte, w, h int) bool {
	inner := shrinkQuad(q, 0.75)
	minX, minY, maxX, maxY := quadBounds(inner)
	var n, total int
	for y := max(0, int(minY)); y <= min(h-1, int(maxY)); y++ {
		for x := max(0, int(minX)); x <= min(w-1, int(maxX)); x++ {
			if !insideConvex(inner, Point{float64(x), float64(y)}) {
				continue
			}
			total++
			if ink[y*w+x] != 0 {
				n++
			}
		}
	}
	return total > 0 && float64(n) >= 0.02*float64(total)
}

// insideConvex reports whether p is inside the convex quad (either
// orientation).
func insideConvex(q [4]Point, p Point) bool {
	var pos, neg bool
	for i := range q {
		a, b := q[i], q[(i+1)%4]
		c := (b.X-a.X)*(p.Y-a.Y) - (b.Y-a.Y)*(p.X-a.X)
		if c > 0 {
			pos = true
		} else if c < 0 {
			neg = true
		}
	}
	return !(pos && neg)
}

// quadSides is a quad's sides for insideConvex's test of many points
// row by row: each side's start and its steps in x and y.
type quadSides struct {
	a, d [4]Point
}

// convexSides is q's sides (a to the next corner).
func convexSides(q [4]Point) quadSides {
	var s quadSides
	for i := range q {
		a, b := q[i], q[(i+1)%4]
		s.a[i], s.d[i] = a, Point{b.X - a.X, b.Y - a.Y}
	}
	return s
}

// row is the part of each side's cross product that the row y fixes.
func (s *quadSides) row(y float64) [4]float64 {
	var t [4]float64
	for i := range t {
		t[i] = s.d[i].X * (y - s.a[i].Y)
	}
	return t
}

// inside is insideConvex(q, Point{x, y}) for the row terms t of y: the
// same products and differences, so the same answer.
func (s *quadSides) inside(t *[4]float64, x float64) bool {
	var pos, neg bool
	for i := range t {
		c := t[i] - s.d[i].Y*(x-s.a[i].X)
		if c > 0 {
			pos = true
		} else if c < 0 {
			neg = true
		}
	}
	return !(pos && neg)
}

// letters are the letter blobs of a picture and the typical letter size
// (letterBlobs).
type letters struct {
	blobs   []blob
	typical float64
}

// blob is a letter's ink: its bounding box's centre and larger side.
type blob struct {
	x, y, size float64
	// solid: the blob is a solid dark patch (a bar or block filling
	// most of its box, not thin like an I), no glyph: a mark on a cloth.
	solid bool
	// elong is the ink's elongation (the square root of its second
	// moments' ratio): about 5 or more for an I, 2-3 for a blot or a
	// short bar; 0 when not known (a glyph of several pieces).
	elong float64
	// faced: a light face surrounds the blob (faceRing).
	faced bool
}

// letterBlobs are the ink blobs at least 0.7 and at most 1.6 times as
// large as the typical one (so that the value digits of Scrabble tiles,
// the dots of Ё and the specks of a table do not count), and the typical
// size: the median of the blobs' sizes weighted by their ink, so that
// many specks of wood grain do not outvote a few large letters; with
// byCount, where a few large blobs outweigh the letters, their median
// counted one each (fewLarge). The flag says whether they do. The second
// flag says whether the letter band's blobs mostly lie on no face while
// the blobs a face surrounds (faceRing, on the grey picture gray; nil
// leaves it unasked) have a size of their own (onFaceSize); with onFace
// that size is the typical one.
func letterBlobs(ink, gray []byte, w, h int, shortI, print, byCount, onFace bool) ([]blob, float64, bool, bool, []blob, []float64) {
	mm, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8U, ink)
	if err != nil {
		return nil, 0, false, false, nil, nil
	}
	defer mm.Close()
	labels, stats, cents := gocv.NewMat(), gocv.NewMat(), gocv.NewMat()
	defer labels.Close()
	defer stats.Close()
	defer cents.Close()
	n := gocv.ConnectedComponentsWithStatsWithParams(mm, &labels, &stats, &cents, 8, gocv.MatTypeCV32S, gocv.CCL_DEFAULT)
	// Second moments of each blob's pixels, and their grey levels' sum.
	mom := make([][6]float64, n)
	inkSum := make([]float64, n)
	if lb, err := int32s(&labels); err == nil {
		for i, l := range lb {
			if l > 0 {
				x, y := float64(i%w), float64(i/w)
				if gray != nil {
					inkSum[l] += float64(gray[i])
				}
				m := &mom[l]
				m[0]++
				m[1] += x
				m[2] += y
				m[3] += x * x
				m[4] += y * y
				m[5] += x * y
			}
		}
	}
	var blobs []blob
	var weights []float64
	for l := 1; l < n; l++ {
		area := stats.GetIntAt(l, 4)
		if area < 8 {
			continue
		}
		x, y := int(stats.GetIntAt(l, 0)), int(stats.GetIntAt(l, 1))
		bw, bh := int(stats.GetIntAt(l, 2)), int(stats.GetIntAt(l, 3))
		b := blob{x: float64(x) + float64(bw)/2, y: float64(y) + float64(bh)/2, size: float64(max(bw, bh))}
		b.solid = float64(area) > 0.8*float64(bw*bh) && 4*min(bw, bh) > max(bw, bh)
		b.elong = elongation(mom[l])
		if gray != nil && mom[l][0] > 0 {
			b.faced = faceRing(b, inkSum[l]/mom[l][0], gray, w, h)
		}
		// A stroke is at least a tenth of the glyph thick; the dark lines
		// between joined tiles are thinner.
		if float64(area) < 0.1*b.size*b.size {
			continue
		}
		blobs = append(blobs, b)
		weights = append(weights, float64(area))
	}
	if len(blobs) == 0 {
		return nil, 0, false, false, nil, nil
	}
	typical := weightedMedian(blobs, weights)
	if print {
		typical = tileLetterSize(blobs, weights, typical)
		return inLetterBand(blobs, typical, shortI), typical, false, false, blobs, weights
	}
	letters := inLetterBand(blobs, typical, shortI)
	m, ok := fewLarge(blobs, typical, len(letters), shortI)
	if ok && byCount {
		return inLetterBand(blobs, m, shortI), m, true, false, blobs, weights
	}
	fm, off := onFaceSize(blobs, weights, letters, typical, shortI)
	if off && onFace {
		return inLetterBand(blobs, fm, shortI), fm, ok, true, blobs, weights
	}
	return letters, typical, ok, off, blobs, weights
}

// faceRing says whether a light face surrounds a blob whose pixels' mean
// grey level is inkGray: of faceRingPoints points on a circle
// faceRingReach of its size from its centre (past its box's middles,
// inside the tile of a letter half a tile high, turned or not), at least
// faceRingMin are faceLift levels lighter than its ink (a point outside
// the picture is not). A letter lies on its tile's face; the dark table
// between touching tiles, a finger or a shadow's edge has the table (or
// itself) on some side.
func faceRing(b blob, inkGray float64, gray []byte, w, h int) bool {
	r := faceRingReach * b.size
	n := 0
	for k := 0; k < faceRingPoints; k++ {
		a := 2 * math.Pi * float64(k) / faceRingPoints
		x := int(math.Round(b.x + r*math.Cos(a)))
		y := int(math.Round(b.y + r*math.Sin(a)))
		if x < 0 || y < 0 || x >= w || y >= h {
			continue
		}
		if float64(gray[y*w+x]) >= inkGray+faceLift {
			n++
		}
	}
	return n >= faceRingMin
}

// faceRing's circle: see faceRing.
const (
	faceRingPoints = 12
	faceRingReach  = 0.8
	faceRingMin    = 10
	faceLift       = 30
)

// onFaceSize is the typical letter size of the blobs a face surrounds
// (blob.faced, weighted by area as letterBlobs weighs), and whether the
// letters of the size by all the blobs (letters, typical) are mostly
// blobs no face surrounds while the blobs a face surrounds in the band of
// their own size are at least minLetterBand and more than all the
// letters of the first size: a few pockets of dark table between
// touching tiles on dark felt, or fingers over a light card, set the
// size, and the letters fell out of the band. (A printed board's words
// and lines, many blobs on no face, keep their size.)
func onFaceSize(blobs []blob, wt []float64, letters []blob, typical float64, shortI bool) (float64, bool) {
	nf := 0
	for _, b := range letters {
		if b.faced {
			nf++
		}
	}
	if 2*nf >= len(letters) {
		return typical, false
	}
	var fb []blob
	var fw []float64
	for i, b := range blobs {
		if b.faced {
			fb = append(fb, b)
			fw = append(fw, wt[i])
		}
	}
	if len(fb) < minLetterBand {
		return typical, false
	}
	m := weightedMedian(fb, fw)
	nm := 0
	for _, b := range inLetterBand(blobs, m, shortI) {
		if b.faced {
			nm++
		}
	}
	debugf("letter size: by all %.1f (%d of %d on a face), on faces %.1f (%d)", typical, nf, len(letters), m, nm)
	if nm < minLetterBand || nm <= len(letters) {
		return typical, false
	}
	return m, true
}

// inLetterBand are the blobs of a letter's size for the typical letter
// size typical: 0.7 to 1.6 of it, and with shortI a thin bar down to
// 0.45 of it (an I is a bar shorter than the other letters' boxes, which
// grow when turned).
func inLetterBand(blobs []blob, typical float64, shortI bool) []blob {
	var letters []blob
	for _, b := range blobs {
		if (b.size >= 0.7*typical || (shortI && b.elong >= minIElong && b.size >= 0.45*typical)) && b.size <= 1.6*typical {
			letters = append(letters, b)
		}
	}
	return letters
}

// fewLarge says whether a few large dark blobs outweigh the letters
// (the dark table in the pockets between touching tiles on dark felt or
// grey floor tiles): the typical size weighted by area (weighted) is
// theirs and its band holds fewer than minLetterBand blobs (nw), while
// the median of the blobs counted one each (the size returned) is
// smaller and its band holds at least minLetterBand and twice as many.
// Many specks of wood grain make the same numbers where a few tiles lie
// on it, so the size by count is only a second search's (search.byCount),
// which the reader judges.
func fewLarge(blobs []blob, weighted float64, nw int, shortI bool) (float64, bool) {
	sizes := make([]float64, len(blobs))
	for i, b := range blobs {
		sizes[i] = b.size
	}
	m := median(sizes)
	if m >= weighted || nw >= minLetterBand {
		return weighted, false
	}
	nm := len(inLetterBand(blobs, m, shortI))
	debugf("letter size: by area %.1f (%d in the band), by count %.1f (%d)", weighted, nw, m, nm)
	if nm >= minLetterBand && nm >= 2*nw {
		return m, true
	}
	return weighted, false
}

// minLetterBand: see fewLarge.
const minLetterBand = 5

// tileLetterSize is the typical letter size of the blobs that stand
// apart from blobs of their own size (printText): a tile's letter is
// a tile's side from the next tile's, the letters of printed words
// (a Scrabble board's "DOUBLE LETTER SCORE", a box's label) are closer
// than their own size. Where the print outweighs the tiles, the
// weighted median of all the blobs is the print's letter and the
// tiles' letters fall outside the letter band; without the print it is
// the tiles'. all is the weighted median of all the blobs, kept when
// fewer than minApart blobs stand apart.
func tileLetterSize(bs []blob, wt []float64, all float64) float64 {
	text := printText(bs)
	var apart []blob
	var aw []float64
	for i, b := range bs {
		if !text[i] {
			apart = append(apart, b)
			aw = append(aw, wt[i])
		}
	}
	if len(apart) < minApart || len(apart) == len(bs) {
		return all
	}
	return weightedMedian(apart, aw)
}

// minApart: see tileLetterSize.
const minApart = 3

// textGap: two blobs of about one size (within textSizes of each other)
// whose centres lie closer than textGap of the smaller one's size are
// letters of a printed word (a word's letters stand about 0.75 of their
// height apart). The letters of touching tiles stand a tile's side
// apart, over 1.2 times the letter's box even turned 45 degrees.
const (
	textGap   = 0.95
	textSizes = 1.6
)

// printText marks the blobs that have a blob of about their size
// closer than textGap of its size: the letters of printed words.
func printText(bs []blob) []bool {
	idx := make([]int, len(bs))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return bs[idx[a]].x < bs[idx[b]].x })
	text := make([]bool, len(bs))
	for k, i := range idx {
		a := bs[i]
		for _, j := range idx[k+1:] {
			b := bs[j]
			if b.x-a.x >= textGap*a.size {
				break
			}
			lo, hi := math.Min(a.size, b.size), math.Max(a.size, b.size)
			if hi > textSizes*lo {
				continue
			}
			if math.Hypot(a.x-b.x, a.y-b.y) < textGap*lo {
				text[i], text[j] = true, true
			}
		}
	}
	return text
}

// weightedMedian is the median of the blobs' sizes, each counted by its
// weight.
func weightedMedian(bs []blob, wt []float64) float64 {
	idx := make([]int, len(bs))
	var tot float64
	for i := range idx {
		idx[i] = i
		tot += wt[i]
	}
	sort.Slice(idx, func(a, b int) bool { return bs[idx[a]].size < bs[idx[b]].size })
	var acc float64
	for _, i := range idx {
		acc += wt[i]
		if acc >= tot/2 {
			return bs[i].size
		}
	}
	return bs[idx[len(idx)-1]].size
}

// spacingCap: a tile side over this many times the letters' spacing is
// several tiles' (with minSpacingLetters letters or more).
const (
	spacingCap        = 1.3
	minSpacingLetters = 8
)

// letterPitch is the median distance from each letter to the nearest
// other letter: the tile pitch where tiles are joined; 0 with fewer than
// 4 letters.
func letterPitch(letters []blob) float64 {
	if len(letters) < 4 {
		return 0
	}
	var nn []float64
	for i, a := range letters {
		best := math.Inf(1)
		for j, b := range letters {
			if i != j {
				best = math.Min(best, math.Hypot(a.x-b.x, a.y-b.y))
			}
		}
		// Two pieces of one letter are closer than a letter's size.
		if best > 0.9*a.size {
			nn = append(nn, best)
		}
	}
	if len(nn) < 4 {
		return 0
	}
	debugf("letters %d, nn q25 %.1f q50 %.1f q75 %.1f sizes %.1f %.1f", len(letters), quantile(nn, 0.25), median(nn), quantile(nn, 0.75), letters[0].size, letters[len(letters)/2].size)
	return median(nn)
}

// glyphPitch is letterPitch over the letters that are no bar (elongation
// under minIElong: an I, or the dark line between two touching tiles,
// is one); 0 when no letter is a bar or fewer than 4 are not.
func glyphPitch(letters []blob) float64 {
	var glyphs []blob
	for _, l := range letters {
		if l.elong < minIElong {
			glyphs = append(glyphs, l)
		}
	}
	if len(glyphs) == len(letters) {
		return 0
	}
	return letterPitch(glyphs)
}

// mergeLetters joins the pieces of one glyph (Ы, "+3") closer than half a
// tile into one blob.
func mergeLetters(bs []blob, side float64) []blob {
	out := append([]blob(nil), bs...)
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(out) && !merged; i++ {
			for j := i + 1; j < len(out); j++ {
				a, b := out[i], out[j]
				if math.Hypot(a.x-b.x, a.y-b.y) >= 0.5*side {
					continue
				}
				x0 := math.Min(a.x-a.size/2, b.x-b.size/2)
				x1 := math.Max(a.x+a.size/2, b.x+b.size/2)
				y0 := math.Min(a.y-a.size/2, b.y-b.size/2)
				y1 := math.Max(a.y+a.size/2, b.y+b.size/2)
				out[i] = blob{x: (x0 + x1) / 2, y: (y0 + y1) / 2, size: math.Max(x1-x0, y1-y0)}
				out = append(out[:j], out[j+1:]...)
				merged = true
				break
			}
		}
	}
	return out
}

// letterSquares puts a tile round each letter that lies in no quad yet:
// a square centred on the letter, turned as its strokes run (the
// gradient directions modulo 90 degrees), as large relative to the letter
// as the tiles already found are to theirs (1.6 when none are). capSide,
// when not 0, is the tile side the letters' spacing gave (the faces run
// together): no square is much larger or smaller. With interlock, the
// square is turned as the nearest tiles found are when they agree
// (neighbourAxis).
func letterSquares(letters []blob, quads [][4]Point, gray []byte, w, h int, capSide float64, interlock bool) ([][4]Point, []float64) {
	var ratios []float64
	var lonely []blob
	for _, l := range letters {
		c := Point{l.x, l.y}
		inside := false
		for _, q := range quads {
			if insideConvex(q, c) {
				inside = true
				ratios = append(ratios, meanSide(q)/l.size)
				break
			}
		}
		if !inside {
			lonely = append(lonely, l)
		}
	}
	ratio := 1.6
	var sides []float64
	for _, q := range quads {
		sides = append(sides, meanSide(q))
	}
	if len(ratios) >= 3 {
		ratio = median(ratios)
	}
	// A piece of a letter (an outlined or broken glyph) is no letter's
	// size, nor is an action tile's icon (the skip sign fills most of its
	// face): no square is smaller or larger than most of the tiles found.
	minSq, maxSq := 0.0, math.Inf(1)
	if len(sides) >= 3 {
		minSq, maxSq = 0.8*median(sides), 1.2*median(sides)
	}
	if capSide > 0 {
		minSq, maxSq = math.Min(minSq, 0.8*capSide), math.Min(maxSq, 1.15*capSide)
		if minSq == 0 {
			minSq = 0.8 * capSide
		}
	}
	// Each letter's own direction: its strokes' gradients, four times
	// each angle on the unit circle (weighted by the gradient's
	// strength); dir is that mean and how clear it is (0..1).
	type dir struct {
		theta, clear float64
	}
	dirs := make([]dir, len(lonely))
	for i, l := range lonely {
		if l.solid {
			continue
		}
		r := int(l.size * 0.6)
		var sc, ss, sm float64
		for y := max(1, int(l.y)-r); y < min(h-1, int(l.y)+r); y++ {
			for x := max(1, int(l.x)-r); x < min(w-1, int(l.x)+r); x++ {
				gx := float64(gray[y*w+x+1]) - float64(gray[y*w+x-1])
				gy := float64(gray[(y+1)*w+x]) - float64(gray[(y-1)*w+x])
				m := gx*gx + gy*gy
				if m < 100 {
					continue
				}
				a := 4 * math.Atan2(gy, gx)
				sc += m * math.Cos(a)
				ss += m * math.Sin(a)
				sm += m
			}
		}
		dirs[i] = dir{math.Atan2(ss, sc) / 4, math.Hypot(sc, ss) / math.Max(sm, 1)}
	}
	// With interlock, the directions round each letter: the tiles found
	// (weight 1) and the other letters (the square of how clear their
	// strokes' direction is: a round letter or a sign says little).
	var axes []axis
	if interlock {
		for _, q := range quads {
			axes = append(axes, axis{centroid(q), math.Atan2(q[1].Y-q[0].Y, q[1].X-q[0].X), 1})
		}
		for i, l := range lonely {
			if !l.solid {
				axes = append(axes, axis{Point{l.x, l.y}, dirs[i].theta, sq(dirs[i].clear)})
			}
		}
	}
	var out [][4]Point
	var elongs []float64
	for i, l := range lonely {
		if l.solid {
			continue
		}
		theta := dirs[i].theta
		if interlock {
			if a, ok := neighbourAxis(Point{l.x, l.y}, axes); ok {
				theta = a
			}
		}
		s := math.Min(math.Max(l.size*ratio, minSq), maxSq)
		ux, uy := math.Cos(theta), math.Sin(theta)
		vx, vy := -uy, ux
		hs := s / 2
		cx, cy := l.x, l.y
		if interlock {
			// On the lattice of the tiles found near it: a sign or a
			// glyph merged with a neighbour's mark lies off its tile's
			// centre.
			if c, ok := snapToLattice(Point{cx, cy}, quads); ok {
				cx, cy = c.X, c.Y
			}
		}
		at := func(u, v float64) Point { return Point{cx + u*ux + v*vx, cy + u*uy + v*vy} }
		q := orderQuad([4]Point{at(-hs, -hs), at(hs, -hs), at(hs, hs), at(-hs, hs)})
		// Not over a tile already found.
		clash := false
		for _, o := range quads {
			if dist(centroid(o), centroid(q)) < 0.6*meanSide(o) {
				clash = true
				break
			}
		}
		if !clash {
			out = append(out, q)
			elongs = append(elongs, l.elong)
		}
	}
	return out, elongs
}

// snapToLattice moves c onto the lattice of the nearest quad (its centre
// plus whole steps of its sides along its edges) when that quad lies
// within snapReach of its sides and c lies off the lattice by more than
// snapOff of a side (a glyph at its tile's centre stays where it is).
func snapToLattice(c Point, quads [][4]Point) (Point, bool) {
	best, bd := -1, math.Inf(1)
	for i, q := range quads {
		if d := dist(centroid(q), c); d < bd {
			best, bd = i, d
		}
	}
	if best < 0 {
		return c, false
	}
	q := quads[best]
	o := centroid(q)
	u, v := edgeVectors(q)
	lu, lv := math.Hypot(u.X, u.Y), math.Hypot(v.X, v.Y)
	if lu < 1 || lv < 1 || bd > snapReach*(lu+lv)/2 {
		return c, false
	}
	dx, dy := c.X-o.X, c.Y-o.Y
	a := (dx*u.X + dy*u.Y) / (lu * lu)
	b := (dx*v.X + dy*v.Y) / (lv * lv)
	ra, rb := math.Round(a), math.Round(b)
	if math.Hypot(a-ra, b-rb) < snapOff {
		return c, false
	}
	return Point{o.X + ra*u.X + rb*v.X, o.Y + ra*u.Y + rb*v.Y}, true
}

// snapReach and snapOff: see snapToLattice.
const (
	snapReach = 3.0
	snapOff   = 0.15
)

// axis is a direction (radians, modulo 90 degrees) at a point, with its
// weight (how clear it is, 0..1).
type axis struct {
	at    Point
	theta float64
	wt    float64
}

// neighbourAxis is the direction (radians, modulo 90 degrees) of the
// axisNeighbours axes nearest c (c's own left out), when they agree: the
// weighted mean of four times each angle on the unit circle is at least
// axisAgree of their weight long, and they weigh at least axisWeight.
func neighbourAxis(c Point, axes []axis) (float64, bool) {
	idx := make([]int, 0, len(axes))
	for i, a := range axes {
		if dist(a.at, c) > 0.5 {
			idx = append(idx, i)
		}
	}
	if len(idx) < axisNeighbours {
		return 0, false
	}
	sort.Slice(idx, func(a, b int) bool {
		return dist(axes[idx[a]].at, c) < dist(axes[idx[b]].at, c)
	})
	var sc, ss, sw float64
	for _, i := range idx[:axisNeighbours] {
		a := axes[i]
		sc += a.wt * math.Cos(4*a.theta)
		ss += a.wt * math.Sin(4*a.theta)
		sw += a.wt
	}
	if sw < axisWeight || math.Hypot(sc, ss) < axisAgree*sw {
		return 0, false
	}
	return math.Atan2(ss, sc) / 4, true
}

// axisNeighbours and axisAgree: see neighbourAxis.
const (
	axisNeighbours = 6
	axisAgree      = 0.7
	axisWeight     = 0.5
)

// faceShare is the share of the quad's border band (outside the middle
// 0.6 of it, where the letter is) that the face mask covers: a tile's
// face is the colour of the other tiles' faces; a dark mark on a cloth
// has cloth round it.
func faceShare(q [4]Point, mask []byte, w, h int) float64 {
	inner := shrinkQuad(q, 0.6)
	minX, minY, maxX, maxY := quadBounds(q)
	var n, in int
	outer, core := convexSides(q), convexSides(inner)
	for y := max(0, int(minY)); y <= min(h-1, int(maxY)); y++ {
		fy := float64(y)
		ro, rc := outer.row(fy), core.row(fy)
		for x := max(0, int(minX)); x <= min(w-1, int(maxX)); x++ {
			fx := float64(x)
			if !outer.inside(&ro, fx) || core.inside(&rc, fx) {
				continue
			}
			n++
			if mask[y*w+x] != 0 {
				in++
			}
		}
	}
	if n == 0 {
		return 0
	}
	return float64(in) / float64(n)
}

// edgeSides counts the quad's sides along which the photo has an edge: a
// tile's outline (against the table, or the dark gap to a neighbour)
// lies near each side of the square put round its letter; a dark mark on
// a cloth has cloth round it. Along the middle of each side, at 9 points,
// the steepest step in gray (over two pixels) across the side within
// 0.15 of a side of it; the side has an edge when the median step is at
// least 12 levels.
func edgeSides(q [4]Point, gray []byte, w, h int) int {
	at := func(x, y float64) float64 {
		xi, yi := int(math.Round(x)), int(math.Round(y))
		if xi < 0 || yi < 0 || xi >= w || yi >= h {
			return -1
		}
		return float64(gray[yi*w+xi])
	}
	c := centroid(q)
	n := 0
	for i := range q {
		a, b := q[i], q[(i+1)%4]
		L := dist(a, b)
		if L < 4 {
			continue
		}
		// Unit normal pointing out of the quad.
		nx, ny := (b.Y-a.Y)/L, -(b.X-a.X)/L
		m := Point{(a.X + b.X) / 2, (a.Y + b.Y) / 2}
		if (m.X-c.X)*nx+(m.Y-c.Y)*ny < 0 {
			nx, ny = -nx, -ny
		}
		reach := math.Max(3, 0.15*L)
		var steps []float64
		for k := 1; k <= 9; k++ {
			t := 0.1 + 0.8*float64(k)/10
			p := Point{a.X + t*(b.X-a.X), a.Y + t*(b.Y-a.Y)}
			best := -1.0
			for d := -reach; d <= reach; d++ {
				v0 := at(p.X+(d-1)*nx, p.Y+(d-1)*ny)
				v1 := at(p.X+(d+1)*nx, p.Y+(d+1)*ny)
				if v0 < 0 || v1 < 0 {
					continue
				}
				best = math.Max(best, math.Abs(v1-v0))
			}
			if best >= 0 {
				steps = append(steps, best)
			}
		}
		if len(steps) >= 5 && median(steps) >= 12 {
			n++
		}
	}
	return n
}

// elongation is the square root of the ratio of the larger to the smaller
// second central moment of a blob (m: count, sums of x, y, xx, yy, xy).
func elongation(m [6]float64) float64 {
	if m[0] < 2 {
		return 0
	}
	mx, my := m[1]/m[0], m[2]/m[0]
	a, b, c := m[3]/m[0]-mx*mx, m[4]/m[0]-my*my, m[5]/m[0]-mx*my
	tr, det := a+b, a*b-c*c
	d := math.Sqrt(math.Max(0, tr*tr/4-det))
	l1, l2 := tr/2+d, tr/2-d
	if l2 <= 1e-9 {
		return math.Inf(1)
	}
	return math.Sqrt(l1 / l2)
}

// shrinkQuad is q scaled by f about its centroid (its middle part).
func shrinkQuad(q [4]Point, f float64) [4]Point {
	c := centroid(q)
	var out [4]Point
	for i, p := range q {
		out[i] = Point{c.X + f*(p.X-c.X), c.Y + f*(p.Y-c.Y)}
	}
	return out
}

// quadBounds is q's bounding box.
func quadBounds(q [4]Point) (minX, minY, maxX, maxY float64) {
	minX, minY, maxX, maxY = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range q {
		minX, minY = math.Min(minX, p.X), math.Min(minY, p.Y)
		maxX, maxY = math.Max(maxX, p.X), math.Max(maxY, p.Y)
	}
	return minX, minY, maxX, maxY
}

// fitSides sizes the tiles of an interlocking lattice (Twists) by their
// spacing: interlocked tiles touch, so the distance from a tile to its
// nearest neighbour is the side. A tile whose quad is more than
// sideOff smaller than the local spacing (the median nearest-neighbour
// distance of it and its sideNear nearest tiles) is grown about its
// centre to that spacing (a square round a letter sized from a mask that
// was wrong); one more than shrinkOff larger (a square cut across a tile
// and a gap, or two tiles' faces run together) is shrunk to it, but not
// one over shrinkMax times the spacing: a false tile between two others
// halves the spacing, and the true tiles keep their quads. A tile with no
// neighbour within 1.6 sides keeps its quad.
func fitSides(tiles []Tile) {
	n := len(tiles)
	if n < 3 {
		return
	}
	nn := make([]float64, n)
	for i := range tiles {
		nn[i] = math.Inf(1)
		for j := range tiles {
			if i != j {
				nn[i] = math.Min(nn[i], dist(tiles[i].Center, tiles[j].Center))
			}
		}
	}
	type near struct {
		j int
		d float64
	}
	sizes := make([]float64, n)
	for i := range tiles {
		var ns []near
		for j := range tiles {
			if j != i {
				ns = append(ns, near{j, dist(tiles[i].Center, tiles[j].Center)})
			}
		}
		sort.Slice(ns, func(a, b int) bool { return ns[a].d < ns[b].d })
		var local []float64
		if nn[i] < 1.6*tiles[i].Side {
			local = append(local, nn[i])
		}
		for _, x := range ns[:min(sideNear, len(ns))] {
			if x.d < 3*tiles[i].Side && nn[x.j] < 1.6*tiles[x.j].Side {
				local = append(local, nn[x.j])
			}
		}
		if len(local) >= 3 && nn[i] < 1.6*tiles[i].Side {
			sizes[i] = median(local)
		}
	}
	for i := range tiles {
		t := &tiles[i]
		p := sizes[i]
		if p == 0 || (p <= (1+sideOff)*t.Side && (t.Side <= (1+shrinkOff)*p || t.Side > shrinkMax*p)) {
			continue
		}
		t.scaleTo(p)
	}
}

// centreOnGlyphs moves each tile of an interlocking lattice (Twists) whose
// letter lies more than glyphOff of a side off its quad's centre onto the
// letter, unless its neighbours disagree: a Twists tile's letter or sign
// is printed at its centre, and a quad put on a wrong phase of the
// lattice, or on the lattice of a neighbour that was itself off
// (snapToLattice), sits a third of a tile off its tile. Where two or more
// neighbours have their letters at their centres (centred), the move is
// made only when the letter lies nearer their lattice than the quad's
// centre does (latticeMisfit: a letter merged with a shadow or a cloth's
// mark lies off its tile's centre, and off the lattice); with fewer, the
// letter is trusted (under tilt most quads are off: hard Twists renders).
// No move lands within half a side of another tile's centre (the letter
// may be the neighbour's).
func centreOnGlyphs(tiles []Tile) {
	for i := range tiles {
		t := &tiles[i]
		if !t.hasGlyph || !insideConvex(t.Corners, t.glyph) {
			continue
		}
		d := Point{t.glyph.X - t.Center.X, t.glyph.Y - t.Center.Y}
		if math.Hypot(d.X, d.Y) <= glyphOff*t.Side {
			continue
		}
		clash := false
		for j := range tiles {
			if j != i && dist(tiles[j].Center, t.glyph) < 0.5*math.Min(t.Side, tiles[j].Side) {
				clash = true
				break
			}
		}
		if clash {
			continue
		}
		before, n := latticeMisfit(t.Center, i, tiles)
		after, _ := latticeMisfit(t.glyph, i, tiles)
		if n >= 2 && after >= before {
			continue
		}
		for k := range t.Corners {
			t.Corners[k].X += d.X
			t.Corners[k].Y += d.Y
		}
		t.Center = centroid(t.Corners)
	}
}

// centred says whether t's letter lies at its quad's centre (within
// glyphOff of a side): a tile whose lattice can be trusted.
func centred(t Tile) bool {
	return t.hasGlyph && dist(t.glyph, t.Center) <= glyphOff*t.Side
}

// latticeMisfit is how far c lies off the lattices of the tiles near it
// (all but tiles[skip], within 1.6 of their side, whose letters are at
// their centres: centred): for each, the distance
// from c to the nearest point of its centre plus whole steps along its
// edges, in sides; the mean, and how many tiles were near.
func latticeMisfit(c Point, skip int, tiles []Tile) (float64, int) {
	sum, n := 0.0, 0
	for j, o := range tiles {
		if j == skip || dist(o.Center, c) > 1.6*o.Side || !centred(o) {
			continue
		}
		u, v := edgeVectors(o.Corners)
		lu, lv := math.Hypot(u.X, u.Y), math.Hypot(v.X, v.Y)
		if lu < 1 || lv < 1 {
			continue
		}
		dx, dy := c.X-o.Center.X, c.Y-o.Center.Y
		a := (dx*u.X + dy*u.Y) / (lu * lu)
		b := (dx*v.X + dy*v.Y) / (lv * lv)
		sum += math.Hypot(a-math.Round(a), b-math.Round(b))
		n++
	}
	if n == 0 {
		return 0, 0
	}
	return sum / float64(n), n
}

// glyphOff: see centreOnGlyphs.
const glyphOff = 0.15

// sideNear and sideOff: see fitSides.
const (
	sideNear  = 4
	sideOff   = 0.15
	shrinkOff = 0.25
	shrinkMax = 1.6
)

// dilated is a w x h mask (0 or 255 a pixel) grown by a 5x5 ellipse: the
// ring of a letter's strokes that its tile's face shows through.
func dilated(mask []byte, w, h int) ([]byte, error) {
	im, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8U, mask)
	if err != nil {
		return nil, err
	}
	defer im.Close()
	dk := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(5, 5))
	defer dk.Close()
	ring := gocv.NewMat()
	defer ring.Close()
	gocv.Dilate(im, &ring, dk)
	return ring.ToBytes(), nil
}

// lettersOnCloth says whether most of the letters (lb) stand on no tile
// face: fewer than a third of them have a ring of a face colour round them
// (ringShare at least onFaceShare, of a mask that is not the table's own
// colour). A tile's letter has its face round it; a patterned cloth's
// marks (a lace cloth's dark holes) have the cloth. Real tiles lying
// close together cut many rings (a neighbour's edge, glare): up to half
// of their letters can lack one, so a third. Where no face colour
// differs from the table's, the rings cannot tell: false.
func lettersOnCloth(lb letters, masks []faceMask, w, h int) bool {
	faces := 0
	for _, m := range masks {
		if !m.plain {
			faces++
		}
	}
	if len(lb.blobs) < minClothLetters || faces == 0 {
		return false
	}
	on := 0
	for _, b := range lb.blobs {
		for _, m := range masks {
			if !m.plain && ringShare(b, m.m, w, h) >= onFaceShare {
				on++
				break
			}
		}
	}
	debugf("letters on a face colour: %d of %d", on, len(lb.blobs))
	return 3*on < len(lb.blobs)
}

// minClothLetters is the fewest letters in which a cloth's marks are
// told (lettersOnCloth): a handful of glyphs is a few tiles, not a
// patterned cloth.
const minClothLetters = 8

// onFaceShare is the share of a glyph's ring (ringShare) on a face mask
// from which the glyph stands on that face.
const onFaceShare = 0.5

// faceLetters are the letters among the ink's blobs (all, with their
// areas weights) that stand on the face mask m (ringShare at least
// onFaceShare), with their typical size (weighted by area, as
// letterBlobs): the letter band is theirs, not a cloth's marks'. Fewer
// than 3 such blobs: none (false).
func faceLetters(all []blob, weights []float64, m []byte, w, h int, shortI bool) (letters, bool) {
	var bs []blob
	var wt []float64
	for i, b := range all {
		if ringShare(b, m, w, h) >= onFaceShare {
			bs = append(bs, b)
			wt = append(wt, weights[i])
		}
	}
	if len(bs) < 3 {
		return letters{}, false
	}
	typical := weightedMedian(bs, wt)
	l := inLetterBand(bs, typical, shortI)
	debugf("face letters: %d of %d blobs, typical %.1f, %d in the band", len(bs), len(all), typical, len(l))
	return letters{blobs: l, typical: typical}, true
}

// ringShare is the share of the points on a square round blob b, a
// quarter of its size (2 px at least) outside its box, that lie on the
// mask m (of the points inside the picture; 0 where none is).
func ringShare(b blob, m []byte, w, h int) float64 {
	r := 0.5*b.size + math.Max(2, 0.25*b.size)
	n, in := 0, 0
	const steps = 8 // points a side
	for k := 0; k < steps; k++ {
		t := -r + 2*r*float64(k)/steps
		for _, p := range [4][2]float64{{b.x + t, b.y - r}, {b.x + r, b.y + t}, {b.x - t, b.y + r}, {b.x - r, b.y - t}} {
			x, y := int(math.Round(p[0])), int(math.Round(p[1]))
			if x < 0 || y < 0 || x >= w || y >= h {
				continue
			}
			n++
			if m[y*w+x] != 0 {
				in++
			}
		}
	}
	if n == 0 {
		return 0
	}
	return float64(in) / float64(n)
}
