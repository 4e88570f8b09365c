package loose

import (
	"image"
	"math"
	"strings"

	"github.com/tilescope/tilescope/internal/parallel"
)

// A Lexicon tile's letter is printed in the middle of its face. A square
// the search puts round a letter (byLetter: no face outline backs it) is
// sometimes put off its tile, a third of a side to one side, over the
// seam or the table beside it: the reader's crop, larger than the
// square, still holds the letter and reads it, often sure. Such a square
// counts at no tile where its centre leaves the tile's face, and where
// the tile's own square was found too it is a second tile, sure, with
// the same letter (on the tuning sets a T beside its T, a P a third of
// a side off its own P). The letter itself says where its tile is:
// glyphCentre finds the letter's ink round the square, and the square
// is moved onto it (glyphRecentre); two squares then on one letter are
// one tile (glyphDoubles).

const (
	// glyphGrow: how far round its quad a tile is looked at for its
	// letter (a share of its side: 0.35 of a side on every side, so a
	// letter a third of a side off the square's centre lies whole in
	// the look, and a neighbour's letter, a side away, reaches the
	// look's edge).
	glyphGrow = 1.7
	// glyphCrop: the side of that look in pixels.
	glyphCrop = 68
	// glyphDarkShare: the letter's ink is darker than this share of the
	// way from the darkest grey of the square to its face (seamSides').
	glyphDarkShare = 0.5
	// glyphMinSpan and glyphMaxSpan: the letter's ink spans this share
	// of the square's side at least (its longer extent) and at most.
	glyphMinSpan = 0.35
	glyphMaxSpan = 0.85
	// glyphShiftMin: a square whose centre lies less than this share of
	// its side from its letter's stays (a letter with dots, an Ä, lies a
	// little off the middle of its ink); glyphShiftMax: nor is one moved
	// further (the ink found is then not its letter).
	glyphShiftMin = 0.2
	glyphShiftMax = 0.55
	// glyphSame: two squares reading the same letter whose centres lie
	// within this share of the smaller side are one tile.
	glyphSame = 0.3
)

// glyphCentre finds the letter round the quad q of src: in a look at the
// quad grown by glyphGrow (glyphCrop pixels), the patch of ink
// (darker than glyphDarkShare of the way from the square's darkest grey
// to its face, the lighter quarter of its pixels; joined at sides or
// corners) nearest the look's centre that reaches no edge of the look
// (a seam, the table between tiles and a neighbour's letter run on out
// of it) and spans glyphMinSpan to glyphMaxSpan of the quad's side. It
// returns the middle of that ink's bounding box in src's pixels; ok is
// false where no such ink is found, or where the look reaches out of
// the picture (a tile the frame cuts: rectify repeats the frame's
// pixels out there, and the ink it shows is made up, its letter maybe
// cut).
func glyphCentre(src rgbImage, q [4]Point) (Point, bool) {
	if src.w == 0 || src.h == 0 {
		return Point{}, false
	}
	c := centroid(q)
	var gq [4]Point
	for i, p := range q {
		gq[i] = Point{c.X + glyphGrow*(p.X-c.X), c.Y + glyphGrow*(p.Y-c.Y)}
		if gq[i].X < 0 || gq[i].Y < 0 || gq[i].X > float64(src.w-1) || gq[i].Y > float64(src.h-1) {
			return Point{}, false
		}
	}
	const n = glyphCrop
	crop := rectify(src, q, n, glyphGrow)
	g := greys(crop, n)
	side := float64(n) / glyphGrow
	lo, hi := int(math.Round((float64(n)-side)/2)), int(math.Round((float64(n)+side)/2))
	var hist [256]int
	total := 0
	v0 := 255.0
	for y := lo; y < hi; y++ {
		for x := lo; x < hi; x++ {
			v := g[y*n+x]
			hist[int(v)]++
			total++
			v0 = math.Min(v0, v)
		}
	}
	face := lighterQuarter(&hist, total)
	if face-v0 < minInkContrast {
		return Point{}, false
	}
	thr := v0 + glyphDarkShare*(face-v0)
	label := make([]int32, n*n)
	var best image.Rectangle
	bestD := math.Inf(1)
	var stack []int
	for s := range g {
		if label[s] != 0 || g[s] > thr {
			continue
		}
		label[s] = 1
		stack = append(stack[:0], s)
		edge := false
		box := image.Rect(s%n, s/n, s%n+1, s/n+1)
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := p%n, p/n
			edge = edge || x == 0 || y == 0 || x == n-1 || y == n-1
			box = box.Union(image.Rect(x, y, x+1, y+1))
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					xx, yy := x+dx, y+dy
					if xx < 0 || yy < 0 || xx >= n || yy >= n {
						continue
					}
					if r := yy*n + xx; label[r] == 0 && g[r] <= thr {
						label[r] = 1
						stack = append(stack, r)
					}
				}
			}
		}
		span := float64(max(box.Dx(), box.Dy())) / side
		if edge || span < glyphMinSpan || span > glyphMaxSpan {
			continue
		}
		mx, my := float64(box.Min.X+box.Max.X)/2-float64(n)/2, float64(box.Min.Y+box.Max.Y)/2-float64(n)/2
		if d := mx*mx + my*my; d < bestD {
			best, bestD = box, d
		}
	}
	if math.IsInf(bestD, 1) {
		return Point{}, false
	}
	fn := float64(n)
	h := homography([4]Point{{0, 0}, {fn, 0}, {fn, fn}, {0, fn}}, gq)
	return h.apply(Point{float64(best.Min.X+best.Max.X) / 2, float64(best.Min.Y+best.Max.Y) / 2}), true
}

// glyphRecentre moves each square round a letter (byLetter, read as a
// letter) whose centre lies glyphShiftMin to glyphShiftMax of its side
// from its letter's ink (glyphCentre) onto that ink, where the reader
// (the set's, on the photo as taken, the crop readTiles cuts) reads the
// square moved there as the same letter and as surely (a neighbour's
// letter, or half of one, in the look is not the tile's: on the tuning
// crops a J's square moved so onto an E's strokes). Its quad keeps its
// shape and turn, its confidence its first reading's. Tiles with a
// face outline keep theirs (the face, not the letter, is their tile).
func glyphRecentre(taken rgbImage, tiles []Tile, opt Options) {
	n := opt.CropSide
	if n <= 0 {
		n = 64
	}
	rd := letterReader(opt)
	parallel.For(len(tiles), func(i int) {
		t := &tiles[i]
		if !t.byLetter || t.Blank || t.Letter == "" || t.Letter == "?" || t.Side <= 0 {
			return
		}
		gc, ok := glyphCentre(taken, t.Corners)
		if !ok {
			return
		}
		d := dist(gc, t.Center) / t.Side
		if d < glyphShiftMin || d > glyphShiftMax {
			return
		}
		dx, dy := gc.X-t.Center.X, gc.Y-t.Center.Y
		q := t.Corners
		for k := range q {
			q[k].X += dx
			q[k].Y += dy
		}
		got, err := rd.Read(rectify(taken, q, n, 1.3))
		if err != nil || !strings.EqualFold(got.Letter, t.Letter) || got.Conf < math.Min(t.Conf, SureConf) {
			debugf("glyph: %q %.2f at (%.0f, %.0f) not moved to (%.0f, %.0f): read %q %.2f there", t.Letter, t.Conf, t.Center.X, t.Center.Y, gc.X, gc.Y, got.Letter, got.Conf)
			return
		}
		debugf("glyph: %q %.2f at (%.0f, %.0f) moved onto its letter at (%.0f, %.0f), read %.2f there", t.Letter, t.Conf, t.Center.X, t.Center.Y, gc.X, gc.Y, got.Conf)
		t.Corners = q
		t.Center = centroid(q)
	})
}

// glyphDoubles drops, of two tiles reading the same letter whose centres
// lie within glyphSame of the smaller side, or one of whose centres
// lies in the other's quad (tiltMerge's rule: one letter, two squares
// round it; glyphRecentre puts a square off its tile back on it, maybe
// into a face's outline a little off the letter), the less sure; the
// surer keeps its place.
func glyphDoubles(tiles []Tile) []Tile {
	drop := make([]bool, len(tiles))
	for i := range tiles {
		for j := i + 1; j < len(tiles); j++ {
			a, b := tiles[i], tiles[j]
			if drop[i] || drop[j] || a.Blank || b.Blank || a.Letter == "" || a.Letter == "?" || !strings.EqualFold(a.Letter, b.Letter) {
				continue
			}
			if dist(a.Center, b.Center) >= glyphSame*math.Min(a.Side, b.Side) && !insidePolygon(a.Corners[:], b.Center) && !insidePolygon(b.Corners[:], a.Center) {
				continue
			}
			k := j
			if b.Conf > a.Conf {
				k = i
			}
			debugf("glyph: %q %.2f at (%.0f, %.0f) is a second square on one letter", tiles[k].Letter, tiles[k].Conf, tiles[k].Center.X, tiles[k].Center.Y)
			drop[k] = true
		}
	}
	out := tiles[:0]
	for i, t := range tiles {
		if !drop[i] {
			out = append(out, t)
		}
	}
	return out
}
