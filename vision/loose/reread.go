package loose

import (
	"image"
	"math"

	"github.com/tilescope/tilescope/internal/parallel"
	"github.com/tilescope/tilescope/ocr"
)

// inkBox finds the letter in a crop as rectify cuts it (n x n, the tile
// grown by grow around its centre): the largest dark blob (darker than
// the Otsu level of the tile's own square) whose box's centre lies on the
// tile's square, not touching the crop's edge. It returns that box's
// centre in the crop's pixels and its width and height; ok is false where
// no blob stands out (the face and the ink under minInkContrast grey
// levels apart).
func inkBox(crop *image.RGBA, n int, grow float64) (cx, cy, bw, bh float64, ok bool) {
	g := make([]int, n*n)
	for i := range g {
		p := crop.Pix[4*i : 4*i+3 : 4*i+3]
		g[i] = (int(p[0]) + int(p[1]) + int(p[2])) / 3
	}
	half := float64(n) / grow / 2
	c := float64(n) / 2
	lo, hi := int(math.Round(c-half)), int(math.Round(c+half))
	var hist [256]int
	for y := max(lo, 0); y < min(hi, n); y++ {
		for x := max(lo, 0); x < min(hi, n); x++ {
			hist[g[y*n+x]]++
		}
	}
	thr, dark, light := otsuLevel(hist[:])
	if light-dark < minInkContrast {
		return 0, 0, 0, 0, false
	}
	ink := make([]bool, n*n)
	for i, v := range g {
		ink[i] = v <= thr
	}
	bestArea := 0
	eachComponent(ink, n, true, func(k inkComponent) {
		mx, my := float64(k.x0+k.x1+1)/2, float64(k.y0+k.y1+1)/2
		if k.edge || math.Abs(mx-c) > half || math.Abs(my-c) > half || k.area <= bestArea {
			return
		}
		bestArea = k.area
		cx, cy, bw, bh = mx, my, float64(k.x1-k.x0+1), float64(k.y1-k.y0+1)
	})
	if float64(bestArea) < minInkShare*4*half*half {
		return 0, 0, 0, 0, false
	}
	return cx, cy, bw, bh, true
}

// inkComponent is one connected set of the pixels marked in an n x n mask
// (eachComponent): its area, its box (inclusive) and whether it touches
// the mask's edge.
type inkComponent struct {
	area, x0, y0, x1, y1 int
	edge                 bool
}

// eachComponent calls visit with each connected set of the pixels marked
// in mask (n x n, row by row), in the order of each set's first pixel;
// eight joins pixels that touch at a corner too (else only at a side).
func eachComponent(mask []bool, n int, eight bool, visit func(inkComponent)) {
	seen := make([]bool, n*n)
	stack := make([]int, 0, 64)
	for s := range mask {
		if seen[s] || !mask[s] {
			continue
		}
		seen[s] = true
		stack = append(stack[:0], s)
		k := inkComponent{x0: n, y0: n, x1: -1, y1: -1}
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			k.area++
			x, y := p%n, p/n
			k.x0, k.y0, k.x1, k.y1 = min(k.x0, x), min(k.y0, y), max(k.x1, x), max(k.y1, y)
			if x == 0 || y == 0 || x == n-1 || y == n-1 {
				k.edge = true
			}
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if !eight && dx != 0 && dy != 0 {
						continue
					}
					xx, yy := x+dx, y+dy
					if xx < 0 || yy < 0 || xx >= n || yy >= n {
						continue
					}
					if q := yy*n + xx; !seen[q] && mask[q] {
						seen[q] = true
						stack = append(stack, q)
					}
				}
			}
		}
		visit(k)
	}
}

const (
	// minInkContrast: the face and the ink this many grey levels apart
	// at least (the means of the two sides of the Otsu level).
	minInkContrast = 30
	// minInkShare: the letter's blob covers this share of the tile's
	// square at least.
	minInkShare = 0.02
)

// otsuLevel is the Otsu threshold of a grey-level histogram and the
// means of the two classes it splits.
func otsuLevel(hist []int) (thr int, m0, m1 float64) {
	var total, sum float64
	for v, k := range hist {
		total += float64(k)
		sum += float64(v) * float64(k)
	}
	if total == 0 {
		return 0, 0, 0
	}
	var w0, s0, best float64
	for v, k := range hist {
		w0 += float64(k)
		s0 += float64(v) * float64(k)
		w1 := total - w0
		if w0 == 0 || w1 == 0 {
			continue
		}
		a, b := s0/w0, (sum-s0)/w1
		if bc := w0 * w1 * (a - b) * (a - b); bc > best {
			best, thr, m0, m1 = bc, v, a, b
		}
	}
	return thr, m0, m1
}

// cropHomography maps the crop rectify cuts of q (n x n, grown by grow
// around its centre) to the photo.
func cropHomography(q [4]Point, n int, grow float64) homog {
	c := centroid(q)
	var g [4]Point
	for i, v := range q {
		g[i] = Point{c.X + grow*(v.X-c.X), c.Y + grow*(v.Y-c.Y)}
	}
	fn := float64(n)
	return homography([4]Point{{0, 0}, {fn, 0}, {fn, fn}, {0, fn}}, g)
}

// cropToPhoto maps a point of the crop rectify cuts of q (n x n, grown by
// grow) back to the photo.
func cropToPhoto(q [4]Point, n int, grow float64, p Point) Point {
	h := cropHomography(q, n, grow)
	return h.apply(p)
}

// shiftedTo is the quad q moved so that its centre lies on p.
func shiftedTo(q [4]Point, p Point) [4]Point {
	c := centroid(q)
	var out [4]Point
	for i, v := range q {
		out[i] = Point{v.X + p.X - c.X, v.Y + p.Y - c.Y}
	}
	return out
}

// onInk is the quad q moved onto its letter's box (inkBox on the crop
// rectify cuts at 1.3), and how far the letter lay from the quad's
// centre, in the quad's sides; ok is false where no letter stands out.
func onInk(src rgbImage, q [4]Point, n int) (moved [4]Point, off float64, ok bool) {
	const grow = 1.3
	crop := rectify(src, q, n, grow)
	cx, cy, _, _, ok := inkBox(crop, n, grow)
	if !ok {
		return q, 0, false
	}
	fn := float64(n)
	off = math.Hypot(cx-fn/2, cy-fn/2) / (fn / grow)
	return shiftedTo(q, cropToPhoto(q, n, grow, Point{cx, cy})), off, true
}

// outOfFrame says whether the quad q grown by grow reaches out of the
// picture.
func outOfFrame(src rgbImage, q [4]Point, grow float64) bool {
	c := centroid(q)
	for _, p := range q {
		x, y := c.X+grow*(p.X-c.X), c.Y+grow*(p.Y-c.Y)
		if x < 0 || y < 0 || x > float64(src.w-1) || y > float64(src.h-1) {
			return true
		}
	}
	return false
}

// rereadUnsure reads every tile of a Lexicon table's reading that is not
// read sure again from crops fitted to it anew (issue 15, loosequad: of
// the tiles found and read wrong on tilted photos most had a quad off
// their letter): the quad moved onto its letter's box (onInk, where the
// letter lies off the quad's centre), and the vote of the reader's crops
// (the quad grown by 1.3, 1.15 and 1.5, and the one on its letter).
// Not a tile whose crop reaches out of the picture: its letter is cut
// (half a letter: on the tuning crops the reader read the label's own
// box right on 1 of 17 such tiles read wrong), and it is unsure already
// (cutUnsure). Where one of them names another letter at rereadConf or
// more and surer than the tile's own confidence, the surest such letter
// is the tile's (its corners turned to the letter's order, as readTiles
// turns them); its confidence is left as it was (under SureConf: a
// letter read again stays unsure). The quad stays where it was: the
// tile's place on the lattice is fitted already. src is the picture the
// tiles were read in.
func rereadUnsure(src rgbImage, tiles []Tile, rd Reader) {
	vr, ok := rd.(ocr.VoteReader)
	if !ok {
		return
	}
	const n = 64
	parallel.For(len(tiles), func(i int) {
		t := &tiles[i]
		if t.Letter == "" || t.Letter == "?" || t.Blank || t.Conf >= SureConf {
			return
		}
		q := t.Corners
		if outOfFrame(src, q, 1.3) {
			return
		}
		crops := []image.Image{rectify(src, q, n, 1.3), rectify(src, q, n, 1.15), rectify(src, q, n, 1.5)}
		var alts []ocr.Reading
		if mq, off, ok := onInk(src, q, n); ok && off > inkOff {
			c := rectify(src, mq, n, 1.3)
			crops = append(crops, c)
			if got, err := rd.Read(c); err == nil {
				alts = append(alts, got)
			}
		}
		if got, err := vr.ReadVote(crops, ocr.Known{}); err == nil {
			alts = append(alts, got)
		}
		best := ocr.Reading{}
		for _, a := range alts {
			if a.Letter != "" && a.Letter != t.Letter && a.Conf >= rereadConf && a.Conf > t.Conf && a.Conf > best.Conf {
				best = a
			}
		}
		if best.Letter != "" {
			debugf("reread: %s at (%.0f, %.0f) read %s %.2f again", t.Letter, t.Center.X, t.Center.Y, best.Letter, best.Conf)
			t.Letter = best.Letter
			// The corners turned to the letter's own order, as
			// readTiles turns them.
			k := int(math.Round(best.Angle/90)) % 4
			t.Corners = rotateCorners(t.Corners, -k)
			t.Angle = normDeg(outlineAngle(t.Corners) + best.Angle - 90*math.Round(best.Angle/90))
		}
	})
}

const (
	// inkOff: the letter's box this share of the quad's side or more
	// off its centre is read again centred.
	inkOff = 0.1
	// rereadConf: a letter read again replaces the first where the
	// reader gives it this much at least.
	rereadConf = 0.5
)

// rereadScan reads the unsure tiles of Scan's reading r of a Lexicon
// table again (rereadUnsure) in the photo as taken. Not a photo out of
// focus (workingBlur minBlur or more: its tiles are read sharpened, and
// confirmed in the photo as taken, confirmAsTaken): on the tuning set
// through defocus the crops read again in the sharpened photo broke as
// many letters as they mended (4 and 5), and the same quads read in the
// photo as taken broke more (2 mended, 10 broken).
func rereadScan(img image.Image, opt Options, r *Reading) {
	if workingBlur(img, opt) >= minBlur {
		return
	}
	rereadUnsure(opt.rgbOf(img), r.Tiles, letterReader(opt))
}
