package upwords

import (
	"cmp"
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"sort"
	"sync"

	"github.com/tilescope/tilescope/vision"

	"github.com/tilescope/tilescope/internal/parallel"
	"github.com/tilescope/tilescope/scoring/grid"
)

// faceQuad is where the top face of a stack h tiles high on square (r, c)
// appears in the picture.
func faceQuad(pose *vision.Pose, r, c int, h float64, geo Geometry) vision.Quad {
	half := geo.TileMM / geo.SquareMM / 2
	z := (h*geo.LevelMM - geo.WallMM) / geo.SquareMM
	x0, x1 := float64(c)+0.5-half, float64(c)+0.5+half
	y0, y1 := float64(r)+0.5-half, float64(r)+0.5+half
	return vision.Quad{pose.Project(x0, y0, z), pose.Project(x1, y0, z), pose.Project(x1, y1, z), pose.Project(x0, y1, z)}
}

// faceCorners returns the lens correction corr (the pose's Correct: a
// function of the board point alone) with its values at the corners of
// the squares' faces (faceQuad's x0, x1, y0, y1 on an n x n board) worked
// out once: the top faces' search projects the same four corners at some
// 70 heights a square. Any other point is passed to corr; a point is
// looked up only when it equals a corner exactly, so every answer is
// corr's. Nil stays nil.
func faceCorners(corr func(x, y float64) vision.Point, n int, geo Geometry) func(x, y float64) vision.Point {
	half := geo.TileMM / geo.SquareMM / 2
	if corr == nil || n <= 0 || !(half > 0 && half < 0.5) {
		return corr
	}
	// at[2k] and at[2k+1]: square k's low and high edge, as faceQuad
	// places them.
	at := make([]float64, 2*n)
	for k := 0; k < n; k++ {
		at[2*k], at[2*k+1] = float64(k)+0.5-half, float64(k)+0.5+half
	}
	idx := func(v float64) int {
		f := math.Floor(v)
		if !(f >= 0 && f < float64(n)) {
			return -1
		}
		k := int(f)
		switch v {
		case at[2*k]:
			return 2 * k
		case at[2*k+1]:
			return 2*k + 1
		}
		return -1
	}
	m := 2 * n
	table := make([]vision.Point, m*m)
	for i := 0; i < m; i++ {
		for j := 0; j < m; j++ {
			table[i*m+j] = corr(at[j], at[i])
		}
	}
	return func(x, y float64) vision.Point {
		if j, i := idx(x), idx(y); i >= 0 && j >= 0 {
			return table[i*m+j]
		}
		return corr(x, y)
	}
}

// readCells decides for every square whether a tile stands on it and, if
// so, how high the stack is. Squares are read nearest the camera first, so
// that a tall stack in front, once found, masks what it hides of the
// squares behind it.
//
// A square is taken for a stack when both its floor and the face at some
// height are light (tileEvidence), or, when only a face is light, when the
// best top face found there is lit all round its outline (litFace): a
// tall stack whose side towards the camera is in shadow shows that side,
// as dark as the board, where its floor is. A square whose floor stacks in
// front hide is judged by its face alone, and is taken for empty when that
// face is not evenly light (faceShows) or is where a stack on the next
// square further away, whose own floor shows light, has its top
// (seenBehind).
func readCells(p vision.Plane, img image.Image, pose *vision.Pose, h vision.Homography, n int, geo Geometry) []Cell {
	cells := make([]Cell, n*n)
	walls := sampleWalls(p, h, n)
	walls.floorsOf(p, pose, geo)
	// The camera centre in board coordinates: C = -R^T T.
	var cam vision.Vec3
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			cam[j] -= pose.R[i][j] * pose.T[i]
		}
	}
	order := make([]int, n*n)
	dist := make([]float64, n*n)
	for i := range order {
		order[i] = i
		r, c := i/n, i%n
		dist[i] = vision.Vec3{float64(c) + 0.5 - cam[0], float64(r) + 0.5 - cam[1], -cam[2]}.Norm()
	}
	sort.SliceStable(order, func(a, b int) bool { return dist[order[a]] < dist[order[b]] })
	wallMed := walls.median()
	refMed := walls.refAtLarge()
	var occ occluders
	// Each square's last search in the first pass, for the second look
	// at the heights to take its faces' measures from where the same
	// samples are hidden (faceSearchMemo).
	memos := make([]faceMemo, n*n)
	// marked: the centre squares read empty for their red mark; redInk:
	// the other squares read as tiles that show as red (up to 2).
	var marked []int
	var markedTile []float64
	redInk := 0
	for _, i := range order {
		r, c := i/n, i%n
		cell := Cell{Pos: grid.Pos{Row: r, Col: c}}
		ts := tileEvidence(p, pose, walls, &occ, r, c, geo)
		cell.Tile = ts.ev
		var fit faceFit
		searched := false
		nearly := cell.Tile <= 0 && ts.ev > -nearlyLight && ts.topEv > 0
		if cell.Tile <= 0 && (ts.topEv > litFaceMore || nearly) {
			// Light at some height but not at the floor: a tall stack
			// whose side facing the camera is in shadow (as dark as the
			// board), or an empty square with a stack behind it showing
			// through. A top face lit all round its outline tells them
			// apart; a face no lighter than that cannot pass. A square
			// only a little short of the light a tile needs (blur spreads
			// the walls' dark over a small board's squares) passes with a
			// face lit more faintly, if it holds a letter (inkedFace).
			fit, searched = faceSearchMemo(p, pose, cam, &occ, r, c, geo, nil, &memos[i]), true
			if e := litFace(p, &occ, fit.quad, ts.ref); e > 0 {
				cell.Tile = e
			} else if nearly {
				if e := inkedFace(p, &occ, fit.quad, ts.ref); e > 0 {
					cell.Tile = e
				}
			}
		}
		var d cellDiag
		d.tileSeen = ts
		if cell.Tile > 0 && centreSquare(r, c, n) && printedMark(img, pose, r, c, geo) {
			markedTile = append(markedTile, cell.Tile)
			cell.Tile = -1 // a light square with a red mark: the centre
			d.marked = true
			marked = append(marked, i)
		} else if cell.Tile > 0 && !centreSquare(r, c, n) && redInk < 2 && printedMark(img, pose, r, c, geo) {
			redInk++
		}
		if cell.Tile > 0 && !searched {
			fit = faceSearchMemo(p, pose, cam, &occ, r, c, geo, nil, &memos[i])
		}
		if cell.Tile > 0 && ts.floorHidden {
			if !faceShows(p, &occ, fit.quad, ts.ref) {
				cell.Tile, d.dropped = 0, "faceShows" // hidden: what shows there is no face of its own
			} else if seenBehind(p, pose, cam, walls, &occ, fit.quad, r, c, n, dist, geo) {
				cell.Tile, d.dropped = 0, "seenBehind"
			}
		}
		if debugCell != nil {
			if ts.topEv > 0 || ts.ev > 0 {
				f := faceSearch(p, pose, cam, &occ, r, c, geo)
				d.searched, d.h, d.score, d.height, d.quad, d.floor = true, f.h, f.score, f.height, f.quad, faceQuad(pose, r, c, 0, geo)
			}
			d.final = cell.Tile
			debugCell(r, c, d, p, &occ)
		}
		if cell.Tile > 0 {
			cell.Height, cell.HeightOK = fit.height, fit.margin
			cell.Face = faceQuad(pose, r, c, float64(cell.Height), geo)
			occ.add(pose, r, c, cell.Height, geo)
		} else {
			cell.Face = faceQuad(pose, r, c, 0, geo)
			cell.litUnexplained = ts.topEv > 0 // judged once every stack is found
			if ts.floorHidden {
				cell.hiddenRef = ts.ref // judged again once every height is settled
			}
			if wallMed > 0 {
				cell.walls = ts.ref / wallMed
			}
			overlaid := ts.ev < coverDark || cell.walls > coverLight || (cell.walls > 0 && cell.walls < 1/coverLight)
			cell.Covered = !d.marked && (ts.top < 0 || overlaid)
			cell.overlaid = !d.marked && overlaid
			// Near those bounds the square is read empty, not surely:
			// a grid a few pixels off moves a square's walls that far.
			cell.nearCover = !d.marked && (cell.walls > coverNear || (cell.walls > 0 && cell.walls < 1/coverNear))
			cell.lightAtLarge = !d.marked && ts.top >= 0 && refMed > 0 && lightOver(math.Min(ts.base, ts.top), refMed) > faintEmpty
			plain := d.dropped == "" && !centreSquare(r, c, n)
			if !d.marked && !cell.Covered && ts.ev > -faintTile {
				// Nearly light enough for a tile: where its top face
				// would be, for the reader to say (readFaint). A
				// centre square (its print) or a face dropped as seen
				// past the stacks in front only on a letter read
				// surely (faintFace.strict).
				if !searched {
					fit = faceSearchMemo(p, pose, cam, &occ, r, c, geo, nil, &memos[i])
				}
				cell.faint = &faintFace{height: fit.height, margin: fit.margin, strict: !plain}
			}
		}
		cells[i] = cell
	}
	// A red mark on a centre square may be a tile's letter in red ink
	// (another maker's set) over the printed diamond. The square is read
	// as a stack, for its letter and its face's colour to say
	// (dropCentrePrint: a tile only when the reader reads its letter
	// surely and its face has the tiles' colour; else empty as the
	// board's print, not sure when the tiles' ink is red). Read after
	// the others, so it hides nothing of the squares behind it, as
	// before.
	for k, i := range marked {
		c := &cells[i]
		fit := faceSearchMemo(p, pose, cam, &occ, c.Pos.Row, c.Pos.Col, geo, nil, &memos[i])
		c.Tile, c.Height, c.HeightOK = markedTile[k], fit.height, fit.margin
		c.Face = faceQuad(pose, c.Pos.Row, c.Pos.Col, float64(c.Height), geo)
		c.Covered, c.overlaid, c.nearCover, c.faint = false, false, false, nil
		c.marked, c.redInk = true, redInk >= 2
	}
	// A square read empty whose face positions showed a tile's light:
	// is that light explained by the stacks found since, further from
	// the camera and seen past its edge?
	for i := range cells {
		if c := &cells[i]; c.litUnexplained {
			c.litUnexplained = c.Height == 0 && unexplainedLight(p, pose, walls, &occ, c.Pos.Row, c.Pos.Col, geo)
			c.litExplained = c.Height == 0 && !c.litUnexplained
		}
		if c := &cells[i]; c.Height == 0 {
			c.floor = floorColourOf(img, &occ, pose, c.Pos.Row, c.Pos.Col, geo)
		}
	}
	// Second look at the heights: a taller stack just behind shows its top
	// face where a higher guess for this one would put it. Mask the top
	// faces of the stacks behind that stand at least as high, and read the
	// height again.
	for k, i := range order {
		cell := &cells[i]
		if cell.Height == 0 || !tallerBehind(cells, order[k+1:], *cell) {
			continue
		}
		var more occluders
		more.boxes = append(more.boxes, occ.boxesOf(order[:k], cells, pose, geo, 0)...)
		more.boxes = append(more.boxes, occ.boxesOf(order[k+1:], cells, pose, geo, cell.Height)...)
		h, ok := stackHeight(p, pose, cam, &more, cell.Pos.Row, cell.Pos.Col, geo, &memos[i])
		if h != cell.Height {
			cell.Height, cell.HeightOK = h, ok
			cell.Face = faceQuad(pose, cell.Pos.Row, cell.Pos.Col, float64(h), geo)
		}
	}
	return cells
}

// faintTile: a square read empty whose tile evidence is within this of
// a tile's is read by the reader too (readFaint): another maker's tiles
// only a little lighter than the board (a beige face on a brown board)
// fall just short of the light the evidence asks. Not the centre
// squares, whose print the reader may take for a letter (a diamond for
// an O; dropCentrePrint decides there). Chosen on the tuning
// sets 9494 and 9595 (docs/vision.md, "Sure and wrong").
const faintTile = 0.3

// faintFace is where a square read empty but nearly light enough for a
// tile would have its top face (faceSearch): its height and margin, and
// the face there once readFaint has placed it.
type faintFace struct {
	height int
	margin float64
	face   vision.Quad
	// strict: a centre square (the board's print may read as a letter)
	// or a square whose face faceShows or seenBehind dropped: a stack
	// only on a letter read at strictFaintConf or more, and never by
	// its look (judgeByLook).
	strict bool
}

// strictFaintConf is the reader's confidence from which a strict faint
// square (faintFace.strict) is a stack. On the tuning sets of
// docs/vision.md, upwempty, the one-high faces of the 7142 squares read
// empty read no letter at 0.95 or more but on three true stacks (a
// centre square's A at 0.98, two faces dropped as seen past the stacks
// in front, U and T at 1.00); a centre print read at most 0.47.
const strictFaintConf = 0.95

// coverDark is the tile evidence below which a square read empty is
// Covered: far darker than the walls around it (a hand, a deep shadow),
// not a bare square (an empty square sits near -0.6). Chosen on the mixed
// set of seed 1 (docs/vision.md, "Sure").
const coverDark = -1.1

// coverLight is how many times lighter (or darker) than the board's walls
// at large the walls around a square read empty may be before the square
// is Covered: something lies over it (a hand's skin, a sleeve, a deep
// shadow). Chosen on the mixed set of seed 1 (docs/vision.md, "Sure").
var coverLight = 1.6

// coverNear is the margin on the Cover decision: a square read empty
// whose walls are more than coverNear times lighter (or darker) than the
// board's walls at large is not Sure, though not Covered. On a hand scene
// (TestSureAndCovered, seed 510002) a grid 5-7 px off, to which one level
// in 3 pixels of the work picture turned the board search, put a stack at
// the hand's edge at walls 1.45, read bare. (A margin on the darkness,
// coverDark+0.3, took Sure from half the board's empty squares: an empty
// square's evidence spreads that far.) Chosen on the mixed and hand sets
// of seed 1: 1.4 takes Sure from about 1% of the squares read right.
const coverNear = 1.4

// median returns the median of the wall samples in the picture.
func (w wallSamples) median() float64 {
	v := make([]float64, 0, len(w.v))
	for _, g := range w.v {
		if g >= 0 {
			v = append(v, g)
		}
	}
	if len(v) == 0 {
		return 0
	}
	sort.Float64s(v)
	return v[len(v)/2]
}

// refAtLarge is the median over the board's squares of the reference
// tileEvidence weighs a square's light against (ref, before any stack is
// found): the board's reference at large. Where something light lies
// over the walls near a square (a hand's skin, the fingers' edge over a
// stack), the square's own reference is lifted with it and a tile's
// face, half hidden or in the fingers' shadow, reads dark against it;
// weighed against the board at large it shows a tile's light
// (Cell.lightAtLarge). 0 when no square has a reference.
func (w wallSamples) refAtLarge() float64 {
	v := make([]float64, 0, w.n*w.n)
	for r := 0; r < w.n; r++ {
		for c := 0; c < w.n; c++ {
			if g := w.ref(r, c, nil); g > 0 {
				v = append(v, g)
			}
		}
	}
	if len(v) == 0 {
		return 0
	}
	sort.Float64s(v)
	return v[len(v)/2]
}

// seenBehind reports whether face q, found for square (r, c) whose floor
// a stack in front hides, is where the top face of a stack on a square
// further from the camera shows: that square's own floor (as far as the
// stacks found so far leave it in view) is light, so a stack stands
// there, and the best top face found for it is where q is. In steep
// views the squares far from the camera are a few levels apart, so a
// tile on the next square looks like a tall stack on this one.
func seenBehind(p vision.Plane, pose *vision.Pose, cam vision.Vec3, walls wallSamples, occ *occluders, q vision.Quad, r, c, n int, dist []float64, geo Geometry) bool {
	qc := q.Centre()
	size := math.Hypot(q[2].X-q[0].X, q[2].Y-q[0].Y)
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			r2, c2 := r+dr, c+dc
			if (dr == 0 && dc == 0) || r2 < 0 || c2 < 0 || r2 >= n || c2 >= n || dist[r2*n+c2] <= dist[r*n+c] {
				continue
			}
			for h := 1; h <= geo.MaxStack; h++ {
				f := faceCentre(pose, r2, c2, float64(h), geo)
				if math.Hypot(f.X-qc.X, f.Y-qc.Y) > 0.25*size {
					continue
				}
				base := floorGrey(p, occ, pose, r2, c2, geo)
				ref := walls.ref(r2, c2, nil)
				if base < 0 || lightOver(base, ref) <= 0 {
					break // no stack there, as far as can be seen
				}
				// A stack there: is its top where this square's face is?
				b := faceSearch(p, pose, cam, occ, r2, c2, geo).quad.Centre()
				if math.Hypot(b.X-qc.X, b.Y-qc.Y) <= 0.25*size {
					return true
				}
				break
			}
		}
	}
	return false
}

// boxesOf returns occluders for the stacks of the given squares: whole
// stacks when minHeight is 0 (they stand in front), else only the top
// faces of those at least minHeight high (they stand behind).
func (o *occluders) boxesOf(idx []int, cells []Cell, pose *vision.Pose, geo Geometry, minHeight int) []occluder {
	var out occluders
	for _, i := range idx {
		c := cells[i]
		if c.Height == 0 || c.Height < minHeight {
			continue
		}
		if minHeight == 0 {
			out.add(pose, c.Pos.Row, c.Pos.Col, c.Height, geo)
			continue
		}
		t := faceQuad(pose, c.Pos.Row, c.Pos.Col, float64(c.Height), geo)
		oc := occluder{x0: math.Inf(1), y0: math.Inf(1), x1: math.Inf(-1), y1: math.Inf(-1), faces: []vision.Quad{t}}
		for _, v := range t {
			oc.x0, oc.y0 = math.Min(oc.x0, v.X), math.Min(oc.y0, v.Y)
			oc.x1, oc.y1 = math.Max(oc.x1, v.X), math.Max(oc.y1, v.Y)
		}
		out.boxes = append(out.boxes, oc)
	}
	return out.boxes
}

// occluders are the picture regions of the stacks found so far.
//
// hides is asked for many sampled points, so it looks up a coarse bucket
// grid over the picture instead of testing every box: the index is built
// lazily, covering boxes appended since the last call (callers append to
// boxes directly). Boxes too large or not finite stay on a list that is
// always tested, and a point that cannot be bucketed falls back to the
// plain scan, so the answer is exactly that of testing every box.
type occluders struct {
	boxes   []occluder
	indexed int // boxes[:indexed] are in buckets or always
	// buckets is a dense gw x gh grid of bucket cells from bucket (gx, gy):
	// the indices of the boxes whose bounds meet each cell.
	buckets [][]int32
	gx, gy  int
	gw, gh  int
	always  []int32 // boxes tested for every point
}

// occBucket is the side of a bucket in picture pixels; occMaxSpan bounds
// the buckets one box may cover before it goes on the always list.
const (
	occBucket  = 32
	occMaxSpan = 32
	occLimit   = 1 << 20 // bucket coordinates beyond this are not indexed
	occMaxGrid = 1 << 16 // most cells in the grid before boxes go on always
)

func occCoord(v float64) (int, bool) {
	f := math.Floor(v / occBucket)
	if !(f > -occLimit && f < occLimit) { // also false for NaN
		return 0, false
	}
	return int(f), true
}

// index adds the boxes appended since the last call to the bucket grid,
// growing (and refilling) the grid when a box falls outside it.
func (o *occluders) index() {
	for ; o.indexed < len(o.boxes); o.indexed++ {
		b := &o.boxes[o.indexed]
		i := int32(o.indexed)
		bx0, ok0 := occCoord(b.x0)
		by0, ok1 := occCoord(b.y0)
		bx1, ok2 := occCoord(b.x1)
		by1, ok3 := occCoord(b.y1)
		if !(ok0 && ok1 && ok2 && ok3) || bx1 < bx0 || by1 < by0 || bx1-bx0 > occMaxSpan || by1-by0 > occMaxSpan {
			o.always = append(o.always, i)
			continue
		}
		if bx0 < o.gx || by0 < o.gy || bx1 >= o.gx+o.gw || by1 >= o.gy+o.gh {
			if !o.grow(bx0, by0, bx1, by1) {
				o.always = append(o.always, i)
				continue
			}
		}
		for by := by0; by <= by1; by++ {
			row := (by - o.gy) * o.gw
			for bx := bx0; bx <= bx1; bx++ {
				o.buckets[row+bx-o.gx] = append(o.buckets[row+bx-o.gx], i)
			}
		}
	}
}

// grow widens the grid to take in buckets (bx0, by0)-(bx1, by1), with a
// margin, and refills it from the boxes indexed so far; it reports false
// (leaving the grid as it was) when the grid would grow too large.
func (o *occluders) grow(bx0, by0, bx1, by1 int) bool {
	const margin = 8
	x0, y0, x1, y1 := bx0-margin, by0-margin, bx1+margin, by1+margin
	if o.gw > 0 {
		x0, y0 = min(x0, o.gx), min(y0, o.gy)
		x1, y1 = max(x1, o.gx+o.gw-1), max(y1, o.gy+o.gh-1)
	}
	w, h := x1-x0+1, y1-y0+1
	if w*h > occMaxGrid {
		return false
	}
	old, ow, oh, ox, oy := o.buckets, o.gw, o.gh, o.gx, o.gy
	o.buckets, o.gx, o.gy, o.gw, o.gh = make([][]int32, w*h), x0, y0, w, h
	for y := 0; y < oh; y++ {
		for x := 0; x < ow; x++ {
			o.buckets[(y+oy-y0)*w+x+ox-x0] = old[y*ow+x]
		}
	}
	return true
}

type occluder struct {
	x0, y0, x1, y1 float64
	faces          []vision.Quad
}

// add records the stack on (r, c), h tiles high: its top and side faces.
func (o *occluders) add(pose *vision.Pose, r, c, h int, geo Geometry) {
	b, t := faceQuad(pose, r, c, 0, geo), faceQuad(pose, r, c, float64(h), geo)
	oc := occluder{x0: math.Inf(1), y0: math.Inf(1), x1: math.Inf(-1), y1: math.Inf(-1)}
	oc.faces = make([]vision.Quad, 1, 5) // the top and the four sides
	oc.faces[0] = t
	for i := 0; i < 4; i++ {
		j := (i + 1) % 4
		oc.faces = append(oc.faces, vision.Quad{b[i], b[j], t[j], t[i]})
	}
	for _, q := range []vision.Quad{b, t} {
		for _, v := range q {
			oc.x0, oc.y0 = math.Min(oc.x0, v.X), math.Min(oc.y0, v.Y)
			oc.x1, oc.y1 = math.Max(oc.x1, v.X), math.Max(oc.y1, v.Y)
		}
	}
	o.boxes = append(o.boxes, oc)
}

// ready indexes the boxes added so far, so that hides only looks them
// up (several goroutines may then ask it at once); hides would index
// them the same way when first asked.
func (o *occluders) ready() {
	if o == nil || len(o.boxes) == 0 {
		return
	}
	if o.indexed > len(o.boxes) { // boxes was reset: index afresh
		*o = occluders{boxes: o.boxes}
	}
	if o.indexed < len(o.boxes) {
		o.index()
	}
}

// hides reports whether a stack found so far covers the picture point.
func (o *occluders) hides(pt vision.Point) bool {
	if o == nil || len(o.boxes) == 0 {
		return false
	}
	if o.indexed > len(o.boxes) { // boxes was reset: index afresh
		*o = occluders{boxes: o.boxes}
	}
	bx, okx := occCoord(pt.X)
	by, oky := occCoord(pt.Y)
	if !okx || !oky {
		for i := range o.boxes {
			if o.boxes[i].covers(pt) {
				return true
			}
		}
		return false
	}
	if o.indexed < len(o.boxes) {
		o.index()
	}
	if bx >= o.gx && by >= o.gy && bx < o.gx+o.gw && by < o.gy+o.gh {
		for _, i := range o.buckets[(by-o.gy)*o.gw+bx-o.gx] {
			if o.boxes[i].covers(pt) {
				return true
			}
		}
	}
	for _, i := range o.always {
		if o.boxes[i].covers(pt) {
			return true
		}
	}
	return false
}

// covers reports whether one of the box's faces holds pt.
func (b *occluder) covers(pt vision.Point) bool {
	if pt.X < b.x0 || pt.X > b.x1 || pt.Y < b.y0 || pt.Y > b.y1 {
		return false
	}
	for _, f := range b.faces {
		if vision.InQuad(f, pt) {
			return true
		}
	}
	return false
}

// edgeProbe bounds how far outside a quad's corners' box sideHidden asks
// whether a point is hidden: 2 pixels out from a side, and a pixel more
// for the sums' rounding.
const edgeProbe = 3

// occNearMax is the most boxes an occNear lists itself.
const occNearMax = 24

// occNear is the occluders whose boxes meet a small part of the picture
// (nearQuad): for the points there, its hides answers as the occluders'
// own does, testing those boxes only.
type occNear struct {
	occ *occluders
	all bool // ask occ.hides: too many boxes, or a part not finite
	n   int
	idx [occNearMax]int32
}

// nearQuad is the occluders that may hide a point within margin of q's
// corners' box: every box that is not wholly beside that box (a box
// whose bounds are not numbers stays in). A box covers only the points
// within its bounds, so the others hide none of them.
func (o *occluders) nearQuad(q vision.Quad, margin float64) occNear {
	nb := occNear{occ: o}
	if o == nil || len(o.boxes) == 0 {
		return nb
	}
	x0, y0 := math.Min(math.Min(q[0].X, q[1].X), math.Min(q[2].X, q[3].X)), math.Min(math.Min(q[0].Y, q[1].Y), math.Min(q[2].Y, q[3].Y))
	x1, y1 := math.Max(math.Max(q[0].X, q[1].X), math.Max(q[2].X, q[3].X)), math.Max(math.Max(q[0].Y, q[1].Y), math.Max(q[2].Y, q[3].Y))
	x0, y0, x1, y1 = x0-margin, y0-margin, x1+margin, y1+margin
	if !(x0 <= x1 && y0 <= y1) || math.IsInf(x0, 0) || math.IsInf(x1, 0) || math.IsInf(y0, 0) || math.IsInf(y1, 0) {
		nb.all = true
		return nb
	}
	for i := range o.boxes {
		b := &o.boxes[i]
		if b.x1 < x0 || b.x0 > x1 || b.y1 < y0 || b.y0 > y1 {
			continue
		}
		if nb.n == occNearMax {
			nb.all = true
			return nb
		}
		nb.idx[nb.n] = int32(i)
		nb.n++
	}
	return nb
}

// any reports whether some box may hide a point.
func (nb *occNear) any() bool {
	return nb.all || nb.n > 0
}

// hides is occluders.hides for a point within the part nb was found
// for.
func (nb *occNear) hides(pt vision.Point) bool {
	if nb.all {
		return nb.occ.hides(pt)
	}
	for _, i := range nb.idx[:nb.n] {
		if nb.occ.boxes[i].covers(pt) {
			return true
		}
	}
	return false
}

// quantileIn is the given quantile of the grey over the part of quad q
// between fractions lo and hi of its sides, sampled on a k x k lattice: a
// high quantile sees a light tile face past its dark letter.
func quantileIn(p vision.Plane, occ *occluders, q vision.Quad, lo, hi float64, k int, quant float64) float64 {
	var buf [64]float64 // the lattices asked here (6 x 6) fit on the stack
	v := buf[:0]
	if k*k > len(buf) {
		v = make([]float64, 0, k*k)
	}
	for i := 0; i < k; i++ {
		for j := 0; j < k; j++ {
			u := lo + (hi-lo)*(float64(i)+0.5)/float64(k)
			w := lo + (hi-lo)*(float64(j)+0.5)/float64(k)
			pt := bilerpQuad(q, u, w)
			if occ.hides(pt) {
				continue
			}
			if g := p.At(pt.X, pt.Y); g >= 0 {
				v = append(v, g)
			}
		}
	}
	if len(v) < k*k/4 {
		return -1 // mostly hidden
	}
	// The value sorting v would leave there (no grey is NaN).
	return vision.KthSmallest(v, int(quant*float64(len(v)-1)))
}

// bilerpQuad is the point at fractions (u, v) across quad q.
func bilerpQuad(q vision.Quad, u, v float64) vision.Point {
	top := vision.Point{X: q[0].X + (q[1].X-q[0].X)*u, Y: q[0].Y + (q[1].Y-q[0].Y)*u}
	bot := vision.Point{X: q[3].X + (q[2].X-q[3].X)*u, Y: q[3].Y + (q[2].Y-q[3].Y)*u}
	return vision.Point{X: top.X + (bot.X-top.X)*v, Y: top.Y + (bot.Y-top.Y)*v}
}

// wallSamples is the grey on the grid lines at every half square: the
// board itself, the reference tiles are compared with.
type wallSamples struct {
	n   int
	v   []float64      // (2n+1)² entries; -1 off the picture or mid-square
	pts []vision.Point // where each was sampled
	// floor is every square's floor grey as tileEvidence measures it
	// (before any stack is found; -1 hidden), n² entries, or nil: the
	// bound floorNear sets under the walls' grey.
	floor []float64
}

// floorsOf measures every square's floor grey (floorGrey, as
// tileEvidence's base, with no stack found yet) for floorNear.
func (w *wallSamples) floorsOf(p vision.Plane, pose *vision.Pose, geo Geometry) {
	w.floor = make([]float64, w.n*w.n)
	for r := 0; r < w.n; r++ {
		for c := 0; c < w.n; c++ {
			w.floor[r*w.n+c] = floorGrey(p, nil, pose, r, c, geo)
		}
	}
}

// floorNear is the darkest floor among the squares within two of (r, c)
// (the square itself left out), or -1 if none is measured. Tiles are
// lighter than the bare floor, so on all but a board covered all round
// it is a bare square's: a bound under the walls' grey where the walls
// read darker than the floor between them (a dark board's walls in
// shadow), which would take every bare square for a tile.
func (w wallSamples) floorNear(r, c int) float64 {
	if w.floor == nil {
		return -1
	}
	lo := -1.0
	for i := max(0, r-2); i <= min(w.n-1, r+2); i++ {
		for j := max(0, c-2); j <= min(w.n-1, c+2); j++ {
			if (i == r && j == c) || w.floor[i*w.n+j] < 0 {
				continue
			}
			if g := w.floor[i*w.n+j]; lo < 0 || g < lo {
				lo = g
			}
		}
	}
	return lo
}

// ref is the grey tile evidence weighs a square's light against: the
// walls' grey near (r, c) (nearSeen), or the darkest floor near it where that is lighter.
func (w wallSamples) ref(r, c int, occ *occluders) float64 {
	return math.Max(w.nearSeen(r, c, occ), w.floorNear(r, c))
}

func sampleWalls(p vision.Plane, h vision.Homography, n int) wallSamples {
	m := 2*n + 1
	w := wallSamples{n: n, v: make([]float64, m*m), pts: make([]vision.Point, m*m)}
	for i := 0; i < m; i++ {
		for j := 0; j < m; j++ {
			w.v[i*m+j] = -1
			if i%2 == 1 && j%2 == 1 {
				continue // the middle of a square
			}
			pt := h.Apply(vision.Point{X: float64(j) / 2, Y: float64(i) / 2})
			w.pts[i*m+j] = pt
			w.v[i*m+j] = p.At(pt.X, pt.Y)
		}
	}
	return w
}

// nearSeen returns a low quantile of the wall samples within about two
// squares of square (r, c): the board's local brightness, past any stacks
// that hide some walls, leaving out the samples the stacks found so far
// (occ, or none when nil) hide (they show the stacks, not the walls).
func (w wallSamples) nearSeen(r, c int, occ *occluders) float64 {
	m := 2*w.n + 1
	// At most 9 x 9 samples: kept on the stack.
	var buf [81]float64
	v := buf[:0]
	for i := max(0, 2*r-3); i <= min(m-1, 2*r+5); i++ {
		for j := max(0, 2*c-3); j <= min(m-1, 2*c+5); j++ {
			if g := w.v[i*m+j]; g >= 0 && !occ.hides(w.pts[i*m+j]) {
				v = append(v, g)
			}
		}
	}
	if len(v) == 0 {
		return 0
	}
	// The value sorting v would leave there (no grey is NaN).
	return vision.KthSmallest(v, len(v)*3/10)
}

// floorGrey is square (r, c)'s floor grey as tile evidence measures it:
// a high quantile of its floor face's light past any dark letter, the
// pixels occ's stacks hide left out (none when occ is nil); -1 where
// they hide it all.
func floorGrey(p vision.Plane, occ *occluders, pose *vision.Pose, r, c int, geo Geometry) float64 {
	return quantileIn(p, occ, faceQuad(pose, r, c, 0, geo), 0.2, 0.8, 6, 0.8)
}

// tileEvidence compares the middle of the square (where any stack's top
// face shows, whatever its height) with the board around the square. Tiles
// are much lighter than the board. Its ev is positive for a tile.
func tileEvidence(p vision.Plane, pose *vision.Pose, walls wallSamples, occ *occluders, r, c int, geo Geometry) tileSeen {
	// Every line of sight to the square's floor passes through a stack
	// standing on it, so the floor shows the stack (its top or its sides);
	// and the face shows light at one of the heights. An empty square
	// shows the board at its floor (unless a tall stack in front hides it)
	// and usually at the face positions too. A high quantile sees the
	// light tile past its dark letter.
	base := floorGrey(p, occ, pose, r, c, geo)
	top := -1.0
	for _, z := range []float64{1, 3, 5} {
		top = math.Max(top, quantileIn(p, occ, faceQuad(pose, r, c, z, geo), 0.15, 0.85, 6, 0.8))
	}
	hidden := base < 0
	if hidden {
		base = top // the floor is hidden by a stack in front
	}
	ref := walls.ref(r, c, nil)
	if top < 0 {
		return tileSeen{base: base, top: top, ref: ref, ev: -1, baseEv: -1, topEv: -1, floorHidden: hidden} // hidden: no evidence of a tile
	}
	mid := math.Min(base, top)
	ev := lightOver(mid, ref)
	if ev <= 0 && mid > ref {
		// Stacks in front may hide most walls nearby: the walls in view.
		ref = walls.ref(r, c, occ)
		ev = lightOver(mid, ref)
	}
	return tileSeen{base: base, top: top, ref: ref, ev: ev,
		baseEv: lightOver(base, ref), topEv: lightOver(top, ref), floorHidden: hidden}
}

// unexplainedLight reports whether a square read empty shows a tile's
// light (tileEvidence's measure) at one of the face positions
// tileEvidence looks at (one, three and five tiles high), sampled only
// where no stack found (occ, every stack of the board) stands in the
// picture. When tileEvidence judged the square, only the stacks nearer
// the camera were known; light seen there is usually a stack further
// away showing past the square's edge, which this masks. What light
// is left no stack explains: the top of a tall stack whose side facing
// the camera is as dark as the board, read empty (docs/vision.md,
// "Light no stack explains").
func unexplainedLight(p vision.Plane, pose *vision.Pose, walls wallSamples, occ *occluders, r, c int, geo Geometry) bool {
	top := -1.0
	for _, z := range []float64{1, 3, 5} {
		top = math.Max(top, quantileIn(p, occ, faceQuad(pose, r, c, z, geo), 0.15, 0.85, 6, 0.8))
	}
	if top < 0 {
		return false // every face position lies on a stack found
	}
	ref := walls.ref(r, c, nil)
	return lightOver(top, ref) > 0
}

// lightOver is a grey v as evidence of a tile's light against the walls'
// grey ref nearby: positive where v stands clearly lighter than them.
func lightOver(v, ref float64) float64 {
	return (v-ref)/math.Max(ref, 24) - 0.6
}

// tileSeen is what tileEvidence saw of a square: the grey of its floor
// and of the lightest of the faces at heights 1, 3 and 5 (base, top), the
// walls nearby (ref), and each as evidence of a tile (positive: light
// enough), ev being the lesser of the two; floorHidden when stacks in
// front hide the floor (base is then top).
type tileSeen struct {
	base, top, ref, ev float64
	baseEv, topEv      float64
	floorHidden        bool
}

// cellDiag is what the diagnostics see of one square: its tile evidence
// and, where a top face was looked for, the best one.
type cellDiag struct {
	tileSeen
	searched bool
	h, score float64
	height   int
	marked   bool
	quad     vision.Quad
	floor    vision.Quad
	dropped  string  // why a square with tile evidence was taken for empty
	final    float64 // the tile evidence readCells settled on
}

// debugCell, when set by tests, sees every square's evidence, with the
// picture and the stacks found so far.
var debugCell func(r, c int, d cellDiag, p vision.Plane, occ *occluders)

// debugSure, when set by tests, sees every square once Sure is settled
// (in the camera's order), with the picture, the pose, the geometry the
// squares were read with and the letters' crop size.
var debugSure func(cells []Cell, p vision.Plane, pose *vision.Pose, geo Geometry, img image.Image, crop int)

// stackHeight finds the stack's top face and reads its height from where
// it is. As a stack grows, its top face moves along one line in the
// picture (away from the point straight below the camera, or towards the
// top of the picture in a tilted view) by a known amount per tile; a tile
// sitting a little off its square's centre moves it by a pixel or two.
// So the face is looked for along that line, at every tenth of a tile's
// thickness from half a tile to MaxStack and a half, and a pixel or two
// either side of it, scored by the contrast across its outline; the
// height is the best position, rounded. The margin is how much better the
// best whole height scores than the runner-up. prev, when not nil, is an
// earlier search of the square to take faces' measures from
// (faceSearchMemo).
func stackHeight(p vision.Plane, pose *vision.Pose, cam vision.Vec3, occ *occluders, r, c int, geo Geometry, prev *faceMemo) (int, float64) {
	f := faceSearchMemo(p, pose, cam, occ, r, c, geo, prev, nil)
	return f.height, f.margin
}

// faceFit is the best top face faceSearch found.
type faceFit struct {
	height int
	margin float64
	h      float64 // continuous
	score  float64
	quad   vision.Quad
}

// faceSearch is stackHeight's search, with the face it found.
func faceSearch(p vision.Plane, pose *vision.Pose, cam vision.Vec3, occ *occluders, r, c int, geo Geometry) faceFit {
	return faceSearchMemo(p, pose, cam, occ, r, c, geo, nil, nil)
}

// faceMemo is what a faceSearch of one square measured of each face it
// scored (faceSearchMemo): its edge, its fill where it was measured, and
// which of their samples the occluders hid. A later search of the same
// square (readCells' second look at the heights, behind other
// occluders) takes a face's edge or fill from it when the face is the
// same and the same samples are hidden: they are all the edge and the
// fill depend on.
type faceMemo struct {
	stages [2][]memoFace
}

// memoFace is one face's entry in a faceMemo: emask and fmask are the
// samples hidden (faceEdgeMemo, faceFillMemo).
type memoFace struct {
	q      vision.Quad
	edge   float64
	emask  uint32
	fill   float64
	fmask  uint64
	filled bool
}

// searchScratch is faceSearchMemo's working space, kept between
// searches (searchScratchPool) rather than made afresh for each stage of
// each square's search.
type searchScratch struct {
	edges, scores []float64
	filled        []bool
	quads         []vision.Quad
	was           []*memoFace
	order         []int
}

var searchScratchPool = sync.Pool{New: func() any { return new(searchScratch) }}

// resized sets *buf to n zero values, reusing its storage when it is
// large enough, and returns it.
func resized[T any](buf *[]T, n int) []T {
	if cap(*buf) < n {
		*buf = make([]T, n)
	} else {
		*buf = (*buf)[:n]
		clear(*buf)
	}
	return *buf
}

// faceSearchMemo is faceSearch taking what it can from prev (an earlier
// search of the same square) and recording what it measured in rec;
// either may be nil. Its answer is faceSearch's.
func faceSearchMemo(p vision.Plane, pose *vision.Pose, cam vision.Vec3, occ *occluders, r, c int, geo Geometry, prev, rec *faceMemo) faceFit {
	lo, hi := 0.6, float64(geo.MaxStack)+0.4
	// The line's direction in the picture: from height lo to hi.
	a := faceCentre(pose, r, c, lo, geo)
	b := faceCentre(pose, r, c, hi, geo)
	dx, dy := b.X-a.X, b.Y-a.Y
	l := math.Hypot(dx, dy)
	var px, py float64 // unit perpendicular
	if l > 1e-6 {
		px, py = -dy/l, dx/l
	}
	bestH, bestS := 1.0, math.Inf(-1)
	var bestQ vision.Quad
	perLevel := make([]float64, geo.MaxStack+2)
	for i := range perLevel {
		perLevel[i] = math.Inf(-1)
	}
	// Each height's face is projected once and scored at a few sideways
	// offsets; the heights of both searches are shared among the
	// processors (the occluders indexed first: looked up only), and the
	// scores taken in the order of the search, so that the best is the
	// same. A face's score is its edge's contrast times its fill, and
	// the fill is at most 1: every face's edge is measured first, and
	// the fill (the costlier part) only of the faces whose edge alone
	// could beat the best score found at their whole height (the
	// faces of each height taken by their edges, the strongest first).
	// A face left unfilled scores under that best, so it is neither the
	// best face nor any height's best (the margin): the search finds
	// what scoring every face would.
	occ.ready()
	sc := searchScratchPool.Get().(*searchScratch)
	defer searchScratchPool.Put(sc)
	search := func(stage int, hs, offs []float64) {
		nc := len(hs) * len(offs)
		edges := resized(&sc.edges, nc)
		scores := resized(&sc.scores, nc)
		filled := resized(&sc.filled, nc)
		quads := resized(&sc.quads, nc)
		// was: the earlier search's entry for each face, if any.
		was := resized(&sc.was, nc)
		var mine []memoFace
		if rec != nil {
			mine = make([]memoFace, nc)
			rec.stages[stage] = mine
		}
		var before []memoFace
		if prev != nil {
			before = prev.stages[stage]
		}
		parallel.For(len(hs), func(i int) {
			q := faceQuad(pose, r, c, hs[i], geo)
			for j, off := range offs {
				var s vision.Quad
				for k, v := range q {
					s[k] = vision.Point{X: v.X + px*off, Y: v.Y + py*off}
				}
				k := i*len(offs) + j
				quads[k] = s
				if k < len(before) {
					was[k] = &before[k]
				}
				var hidden uint32
				edges[k], hidden = faceEdgeMemo(p, occ, s, was[k])
				if mine != nil {
					mine[k].q, mine[k].edge, mine[k].emask = s, edges[k], hidden
				}
			}
		})
		// The faces by height (whole levels), in the order of the
		// search: level lv's are order[at[lv]:at[lv+1]].
		at := make([]int, len(perLevel)+1)
		for _, h := range hs {
			at[int(math.Round(h))+1] += len(offs)
		}
		for lv := range perLevel {
			at[lv+1] += at[lv]
		}
		order := resized(&sc.order, nc)
		next := append([]int(nil), at[:len(perLevel)]...)
		for i, h := range hs {
			lv := int(math.Round(h))
			for j := range offs {
				order[next[lv]] = i*len(offs) + j
				next[lv]++
			}
		}
		parallel.For(len(perLevel), func(lv int) {
			idx := order[at[lv]:at[lv+1]]
			slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(edges[b], edges[a]) })
			top := perLevel[lv]
			for _, k := range idx {
				if edges[k] < top {
					break // this face and the rest score under top
				}
				fill, hidden := faceFillMemo(p, occ, quads[k], was[k])
				if mine != nil {
					mine[k].fill, mine[k].fmask, mine[k].filled = fill, hidden, true
				}
				scores[k], filled[k] = edges[k]*fill, true
				top = math.Max(top, scores[k])
			}
		})
		for i, h := range hs {
			for j := range offs {
				k := i*len(offs) + j
				if !filled[k] {
					continue
				}
				sc := scores[k]
				if sc > bestS {
					bestH, bestS, bestQ = h, sc, quads[k]
				}
				if k := int(math.Round(h)); sc > perLevel[k] {
					perLevel[k] = sc
				}
			}
		}
	}
	// Coarse, then fine around the best.
	var hs []float64
	for h := lo; h <= hi+1e-9; h += 0.1 {
		hs = append(hs, h)
	}
	search(0, hs, []float64{-2, 0, 2})
	h0 := bestH
	hs = hs[:0]
	for h := math.Max(lo, h0-0.1); h <= math.Min(hi, h0+0.1)+1e-9; h += 0.05 {
		hs = append(hs, h)
	}
	search(1, hs, []float64{-2, -1, 0, 1, 2})
	if debugHeight != nil {
		debugHeight(r, c, bestH)
	}
	if debugLevels != nil {
		debugLevels(r, c, bestH, perLevel)
	}
	best := int(math.Round(bestH + heightBias))
	best = max(1, min(geo.MaxStack, best))
	second := math.Inf(-1)
	for k := 1; k <= geo.MaxStack; k++ {
		if k != best {
			second = math.Max(second, perLevel[k])
		}
	}
	margin := 1.0
	if bestS > 0 && !math.IsInf(second, -1) {
		margin = (bestS - second) / bestS
	}
	return faceFit{height: best, margin: margin, h: bestH, score: bestS, quad: bestQ}
}

// faceCentre is where the middle of the top face of a stack h high shows.
func faceCentre(pose *vision.Pose, r, c int, h float64, geo Geometry) vision.Point {
	z := (h*geo.LevelMM - geo.WallMM) / geo.SquareMM
	return pose.Project(float64(c)+0.5, float64(r)+0.5, z)
}

// edgeContrastOf sums |inside - outside| across side i of q (outwards
// from q's centre); it returns the sum and the number of samples.
// lighter counts only where the inside is the lighter (a tile's face
// against the dark around it, not the dark floor inside a square's
// walls).
func edgeContrastOf(p vision.Plane, occ *occluders, q vision.Quad, i int, lighter bool) (float64, int) {
	nb := occ.nearQuad(q, edgeProbe)
	sd := quadSides(q)
	return sideContrast(p, &sd[i], sideHidden(&nb, &sd[i]), lighter)
}

// faceSide is one side of a quad as edgeContrastOf measures it: from a
// along (dx, dy), its outward normal (nx, ny); ok is false for a side
// under a pixel long, which has no samples.
type faceSide struct {
	a              vision.Point
	dx, dy, nx, ny float64
	ok             bool
}

// quadSides are q's four sides, each's normal outwards from the mean of
// q's corners.
func quadSides(q vision.Quad) [4]faceSide {
	c := q.Centre()
	cx, cy := c.X, c.Y
	var sd [4]faceSide
	for i := range sd {
		a, b := q[i], q[(i+1)%4]
		dx, dy := b.X-a.X, b.Y-a.Y
		l := math.Hypot(dx, dy)
		if l < 1 {
			continue
		}
		nx, ny := dy/l, -dx/l
		mx, my := (a.X+b.X)/2, (a.Y+b.Y)/2
		if nx*(mx-cx)+ny*(my-cy) < 0 {
			nx, ny = -nx, -ny
		}
		sd[i] = faceSide{a: a, dx: dx, dy: dy, nx: nx, ny: ny, ok: true}
	}
	return sd
}

// sideHidden is which of a side's samples the occluders near its quad
// (nearQuad, within edgeProbe) hide, the point 2 pixels out from the side
// asked (bit j for the j-th sample).
func sideHidden(nb *occNear, sd *faceSide) uint8 {
	if !sd.ok || !nb.any() {
		return 0
	}
	var hidden uint8
	j := 0
	for t := 0.12; t < 0.9; t += 0.1 {
		x, y := sd.a.X+sd.dx*t, sd.a.Y+sd.dy*t
		if nb.hides(vision.Point{X: x + sd.nx*2, Y: y + sd.ny*2}) {
			hidden |= 1 << j
		}
		j++
	}
	return hidden
}

// sideContrast is edgeContrastOf for the side sd, its samples in hidden
// left out. The grey is sampled as Plane.At samples it (bilinearly
// between pixel centres, -1 off the picture), written out here: the same
// sums in the same order, so the same values, without a call for each
// sample (faceSearch takes some 15 thousand a stack).
func sideContrast(p vision.Plane, sd *faceSide, hidden uint8, lighter bool) (float64, int) {
	if !sd.ok {
		return 0, 0
	}
	a, dx, dy, nx, ny := sd.a, sd.dx, sd.dy, sd.nx, sd.ny
	pix, w, h := p.Pix, p.W, p.H
	maxX, maxY := float64(w-1), float64(h-1)
	const d = 1.0
	var s float64
	cnt := 0
	j := -1
	for t := 0.12; t < 0.9; t += 0.1 {
		j++
		if hidden&(1<<j) != 0 {
			continue
		}
		x, y := a.X+dx*t, a.Y+dy*t
		// The grey inside (k 0) and outside (k 1), as Plane.At finds
		// it; x + (-nx) is x - nx to the bit.
		var g [2]float64
		ok := true
		for k, sg := range [2]float64{-d, d} {
			gx, gy := x+nx*sg, y+ny*sg
			gx -= 0.5
			gy -= 0.5
			if gx < 0 || gy < 0 || gx > maxX || gy > maxY {
				ok = false
				break
			}
			x0, y0 := int(gx), int(gy)
			x1, y1 := x0+1, y0+1
			if x1 >= w {
				x1 = w - 1
			}
			if y1 >= h {
				y1 = h - 1
			}
			fx, fy := gx-float64(x0), gy-float64(y0)
			pa := float64(pix[y0*w+x0])
			pb := float64(pix[y0*w+x1])
			pc := float64(pix[y1*w+x0])
			pd := float64(pix[y1*w+x1])
			g[k] = (pa*(1-fx)+pb*fx)*(1-fy) + (pc*(1-fx)+pd*fx)*fy
		}
		if !ok {
			continue
		}
		in, out := g[0], g[1]
		if lighter {
			s += math.Max(0, in-out)
		} else {
			s += math.Abs(in - out)
		}
		cnt++
	}
	return s, cnt
}

// faceEdge is the mean contrast across the sides of q.
func faceEdge(p vision.Plane, occ *occluders, q vision.Quad) float64 {
	e, _ := faceEdgeMemo(p, occ, q, nil)
	return e
}

// faceEdgeMemo is faceEdge and which of its samples the occluders hide
// (sideHidden, side i's in byte i); when was measured the same face with
// the same samples hidden, its edge is taken from it.
func faceEdgeMemo(p vision.Plane, occ *occluders, q vision.Quad, was *memoFace) (float64, uint32) {
	nb := occ.nearQuad(q, edgeProbe)
	sd := quadSides(q)
	var hidden uint32
	for i := range sd {
		hidden |= uint32(sideHidden(&nb, &sd[i])) << (8 * i)
	}
	if was != nil && was.q == q && was.emask == hidden {
		return was.edge, hidden
	}
	var s float64
	cnt := 0
	for i := range sd {
		v, n := sideContrast(p, &sd[i], uint8(hidden>>(8*i)), false)
		s += v
		cnt += n
	}
	if cnt == 0 {
		return 0, hidden
	}
	return s / float64(cnt), hidden
}

// bilerpQuadExt is bilerpQuad through the quad's own homography, so that
// fractions outside 0..1 extend the face in perspective.
func bilerpQuadExt(q vision.Quad, u, v float64) vision.Point {
	h, err := vision.QuadHomography(1, 1, q)
	if err != nil {
		return bilerpQuad(q, u, v)
	}
	return h.Apply(vision.Point{X: u, Y: v})
}

// centreSquare reports whether square (r, c) is one of the four centre
// squares of an n x n board, the only squares printed with a mark. A red
// mark anywhere else is a tile's ink: other makers print the letters in
// dark red, which printedMark took for the centre's diamond, reading the
// stacks of such a set as empty squares, surely (tuning set 9595,
// docs/vision.md "Sure and wrong").
func centreSquare(r, c, n int) bool {
	return n%2 == 0 && (r == n/2-1 || r == n/2) && (c == n/2-1 || c == n/2)
}

// printedMark reports whether the square's floor shows a strongly red
// mark: the Upwords centre squares are printed light with a red diamond,
// which a light tile would hide (tiles are tan with a black letter).
func printedMark(img image.Image, pose *vision.Pose, r, c int, geo Geometry) bool {
	red, n := 0, 0
	innerChroma(img, faceQuad(pose, r, c, 0, geo), func(cb, cr uint8) {
		n++
		if int(cr)-int(cb) > 60 && cr > 165 {
			red++
		}
	})
	return n > 0 && red*6 > n
}

// innerChroma calls visit with the chroma (Cb, Cr) at each point of a 7x7
// lattice over the middle of q (its inner 60%) that lies in the picture.
func innerChroma(img image.Image, q vision.Quad, visit func(cb, cr uint8)) {
	innerPoints(img, q, func(_ vision.Point, x, y int) {
		_, cb, cr := vision.YCC(img, x, y)
		visit(cb, cr)
	})
}

// innerPoints calls visit with each point of a 7x7 lattice over the
// middle of q (its inner 60%) that lies in the picture, and that point's
// pixel in img's coordinates.
func innerPoints(img image.Image, q vision.Quad, visit func(pt vision.Point, x, y int)) {
	b := img.Bounds()
	for i := 0; i < 7; i++ {
		for j := 0; j < 7; j++ {
			pt := bilerpQuad(q, 0.2+0.6*float64(i)/6, 0.2+0.6*float64(j)/6)
			x, y := int(pt.X), int(pt.Y)
			if x < 0 || y < 0 || x >= b.Dx() || y >= b.Dy() {
				continue
			}
			visit(pt, b.Min.X+x, b.Min.Y+y)
		}
	}
}

// heightBias is added to the continuous height before rounding: the best
// outline sits a little low on average (on 67 rendered scenes, where the
// face moves over 2 px per level, by 0.12 to 0.28 of a level: the face's
// bevel and the walls, 2.4 mm high on the rendered board against the
// 0.5 mm of Geometry.WallMM). Measured with TestHeightDiagnosis: 0.15 gains
// 0.8 points of heights right, 0.3 loses 2.
const heightBias = 0.15

// debugHeight, when set by tests, sees every stack's continuous height.
var debugHeight func(r, c int, h float64)

// debugLevels, when set by tests, sees every search's continuous height
// and each whole height's best score.
var debugLevels func(r, c int, h float64, perLevel []float64)

// faceFill is how evenly light a band just inside q's outline is (where a
// tile's face has no letter): the 20th over the 80th percentile of its
// grey, 0..1. A guess that straddles two tiles and the dark gap between
// them, or a tile and the floor, scores low.
func faceFill(p vision.Plane, occ *occluders, q vision.Quad) float64 {
	f, _ := faceFillMemo(p, occ, q, nil)
	return f
}

// faceFillMemo is faceFill and which of the band's points the occluders
// hide (ringPoints); when was measured the same face with the same
// points hidden, its fill is taken from it.
func faceFillMemo(p vision.Plane, occ *occluders, q vision.Quad, was *memoFace) (float64, uint64) {
	var pts [ringN]vision.Point
	hidden := ringPoints(occ, q, &pts)
	if was != nil && was.filled && was.q == q && was.fmask == hidden {
		return was.fill, hidden
	}
	lo, hi, ok := ringGrey(p, &pts, hidden)
	if !ok {
		return 0.5, hidden
	}
	if hi <= 0 {
		return 0, hidden
	}
	return math.Max(0, lo/hi), hidden
}

// faceRing is the 20th and 80th percentiles of the grey in the band just
// inside q's outline; ok is false when too little of it is in view.
func faceRing(p vision.Plane, occ *occluders, q vision.Quad) (lo, hi float64, ok bool) {
	var pts [ringN]vision.Point
	hidden := ringPoints(occ, q, &pts)
	return ringGrey(p, &pts, hidden)
}

// ringN is how many points of the band faceRing samples.
const ringN = 40

// ringPoints places faceRing's points in pts, in its order, and returns
// which of them the occluders hide (bit k for pts[k]).
func ringPoints(occ *occluders, q vision.Quad, pts *[ringN]vision.Point) uint64 {
	nb := occ.nearQuad(q, 1)
	masked := nb.any()
	var hidden uint64
	k := 0
	for i := 0; i < 4; i++ {
		for _, t := range []float64{0.2, 0.35, 0.5, 0.65, 0.8} {
			for _, in := range []float64{0.12, 0.2} {
				var u, w float64
				switch i {
				case 0:
					u, w = t, in
				case 1:
					u, w = 1-in, t
				case 2:
					u, w = t, 1-in
				default:
					u, w = in, t
				}
				pt := bilerpQuad(q, u, w)
				pts[k] = pt
				if masked && nb.hides(pt) {
					hidden |= 1 << k
				}
				k++
			}
		}
	}
	return hidden
}

// ringGrey is faceRing's percentiles of the grey at the points not
// hidden.
func ringGrey(p vision.Plane, pts *[ringN]vision.Point, hidden uint64) (lo, hi float64, ok bool) {
	var v [ringN]float64
	n := 0
	pix, pw, ph := p.Pix, p.W, p.H
	for k, pt := range pts {
		if hidden&(1<<k) != 0 {
			continue
		}
		if g := planeAt(pix, pw, ph, pt.X, pt.Y); g >= 0 {
			v[n] = g
			n++
		}
	}
	if n < 8 {
		return 0, 0, false
	}
	s := v[:n]
	return vision.KthSmallest(s, n/5), vision.KthSmallest(s, n*4/5), true
}

// litFace is the evidence that q is a tile's top face, lit all round its
// outline and with a letter on it: the band just inside the outline evenly
// light (its 20th percentile at least 0.8 of its 80th), that 20th
// percentile well above the board's walls nearby (ref: more than 2.2
// times as light, where tileEvidence asks 1.6 times), and ink in its
// middle (faceInk: a finger hovering over the square is even). An empty
// square with a stack behind it shows the stack in part of the band and
// its own dark floor in the rest. Positive means a tile.
func litFace(p vision.Plane, occ *occluders, q vision.Quad, ref float64) float64 {
	lo, hi, ok := faceRing(p, occ, q)
	if !ok || hi <= 0 || lo < 0.8*hi || !faceInk(p, occ, q, hi) {
		return -1
	}
	return lightOver(lo, ref) - litFaceMore
}

// nearlyLight is how far short of tileEvidence's light a square may be
// and still be judged by the face found there (inkedFace).
const nearlyLight = 0.3

// inkedFace is the evidence that q is a tile's face when the square is a
// little short of the light tileEvidence asks: the band just inside the
// outline fairly even (its 20th percentile at least 0.7 of its 80th), its
// 80th percentile lighter than the walls nearby (ref) by 0.85 of them, and
// a letter's ink in its middle, darker than 0.55 of that band (an empty
// square's floor, its walls or a stack beside it seen past its edge show
// no such stroke inside an even band). Positive means a tile.
func inkedFace(p vision.Plane, occ *occluders, q vision.Quad, ref float64) float64 {
	lo, hi, ok := faceRing(p, occ, q)
	if !ok || hi <= 0 || lo < 0.7*hi {
		return -1
	}
	var v [81]float64
	n := middleGreys(p, occ, q, &v)
	if n < 20 || vision.KthSmallest(v[:n], n*5/100) > 0.55*hi {
		return -1
	}
	return (hi-ref)/math.Max(ref, 24) - 0.85
}

// faceInk reports whether the middle of face q holds something dark, as a
// tile's letter is: the 5th percentile of its grey (a 9x9 lattice over the
// middle 60%, fine enough to catch the stroke of an I) under 0.8 of ring,
// the light of the band just inside the outline. It reports true when too
// little of the face is in view to tell.
func faceInk(p vision.Plane, occ *occluders, q vision.Quad, ring float64) bool {
	var v [81]float64
	n := middleGreys(p, occ, q, &v)
	if n < 20 || ring <= 0 {
		return true
	}
	return vision.KthSmallest(v[:n], n*5/100) < 0.8*ring
}

// middleGreys samples the grey of face q's middle (a 9x9 lattice over the
// middle 60%) where it is in view, into v; it returns how many it took.
func middleGreys(p vision.Plane, occ *occluders, q vision.Quad, v *[81]float64) int {
	n := 0
	for i := 0; i < 9; i++ {
		for j := 0; j < 9; j++ {
			pt := bilerpQuad(q, 0.2+0.6*float64(i)/8, 0.2+0.6*float64(j)/8)
			if occ.hides(pt) {
				continue
			}
			if g := p.At(pt.X, pt.Y); g >= 0 {
				v[n] = g
				n++
			}
		}
	}
	return n
}

// faceShows reports whether the face found for a square whose floor is
// hidden looks like a tile's top: the band inside its outline fairly even
// (20th percentile at least 0.6 of the 80th) and as light as a floor must
// be (tileEvidence). The face's light may otherwise come from a stack
// further away seen past this square's edge. A band mostly out of view is
// not judged.
func faceShows(p vision.Plane, occ *occluders, q vision.Quad, ref float64) bool {
	lo, hi, ok := faceRing(p, occ, q)
	if !ok {
		return true
	}
	return lo >= 0.6*hi && lightOver(lo, ref) > 0
}

// litFaceMore is how much more light than tileEvidence asks of a face
// litFace asks of its outline (a tile face past its letter).
const litFaceMore = 0.6

// tallerBehind reports whether a stack at least as high as cell stands
// within two squares of it among the squares further from the camera.
func tallerBehind(cells []Cell, behind []int, cell Cell) bool {
	for _, i := range behind {
		o := cells[i]
		if o.Height >= cell.Height && o.Height > 0 &&
			max(o.Pos.Row-cell.Pos.Row, cell.Pos.Row-o.Pos.Row) <= 2 &&
			max(o.Pos.Col-cell.Pos.Col, cell.Pos.Col-o.Pos.Col) <= 2 {
			return true
		}
	}
	return false
}

// rgbAt is the colour of pixel (x, y) of img (relative to its bounds b),
// with fast paths for what image/jpeg and the renderer make.
func rgbAt(img image.Image, b image.Rectangle, x, y int) (float64, float64, float64) {
	switch m := img.(type) {
	case *image.RGBA:
		io := m.PixOffset(b.Min.X+x, b.Min.Y+y)
		return float64(m.Pix[io]), float64(m.Pix[io+1]), float64(m.Pix[io+2])
	case *image.YCbCr:
		yi := m.YOffset(b.Min.X+x, b.Min.Y+y)
		ci := m.COffset(b.Min.X+x, b.Min.Y+y)
		r, g, bb := color.YCbCrToRGB(m.Y[yi], m.Cb[ci], m.Cr[ci])
		return float64(r), float64(g), float64(bb)
	default:
		return vision.ColourAt(img, x, y)
	}
}

// Centre print thresholds (dropCentrePrint): a stack read on a centre
// square is the board's print when its letter is not read surely and its
// face's mean chroma lies further than centreChroma (Cb, Cr levels) from
// the board's tiles' (sure empty), or when its letter is read with a
// confidence under centreConf (empty, not sure). A print's letter read
// under 0.3 on the set measured; a tile's face can lie 14 levels from the
// tiles' median under a warm lamp, its letter read surely.
const (
	centreChroma = 14.0
	centreConf   = 0.5
)

// centreTileNear: a centre stack whose letter reads faintly is still a
// tile, not the print, when its face's mean chroma lies within
// centreTileNear (Cb, Cr levels) of the board's sure tiles' and, where
// the print shows on a centre square read empty in the same photo, at
// least twice as far from that print's (centreTileLook). Chosen on the
// tuning sets T1-T3 (docs/vision.md, "A tile on a centre square told
// from the print by its look"): the tiles lost as print lay 0.3-2.0
// from the tiles, the prints read as faint stacks 3.2 or more (one, a
// print of the tiles' colour, 1.3 from the tiles and 1.4 from the same
// print on the square beside it).
const centreTileNear = 2.5

// tilesChroma is the median chroma of the faces of the stacks read
// surely off the centre squares of an n x n board; ok when there are
// three or more.
func tilesChroma(img image.Image, cells []Cell, n int) (cb, cr float64, ok bool) {
	var cbs, crs []float64
	for _, c := range cells {
		if c.Height > 0 && !centreSquare(c.Pos.Row, c.Pos.Col, n) && c.Conf >= SureConf {
			if b, r, ok := faceChroma(img, c.Face); ok {
				cbs, crs = append(cbs, b), append(crs, r)
			}
		}
	}
	if len(cbs) < 3 {
		return 0, 0, false
	}
	sort.Float64s(cbs)
	sort.Float64s(crs)
	return cbs[len(cbs)/2], crs[len(crs)/2], true
}

// dropMarked settles the centre squares whose red the printed mark's
// test took for the board's diamond (Cell.marked), on their first
// reading, before any re-read: a tile in red ink only when the reader
// read its letter surely and its face has the colour of the tiles read
// surely elsewhere (within centreChroma); else the printed diamond,
// empty as before the square was read (not sure when the tiles' ink is
// red). The diamond is not read again at other heights.
func dropMarked(img image.Image, cells []Cell, n int) {
	refCb, refCr, refOK := tilesChroma(img, cells, n)
	for i := range cells {
		c := &cells[i]
		if !c.marked {
			continue
		}
		cb, cr, ok := faceChroma(img, c.Face)
		tile := c.Height > 0 && !c.noTile && c.Conf >= SureConf &&
			refOK && ok && math.Hypot(cb-refCb, cr-refCr) <= centreChroma
		if !tile {
			c.Tile, c.Height, c.Letter, c.Conf, c.HeightOK = -1, 0, "", 0, 0
			c.Covered, c.overlaid, c.byLook = false, false, false
			c.unsureEmpty = c.redInk
		}
		c.marked, c.overruled = false, nil
	}
}

// debugCentre, when set by tests, sees each centre stack dropCentrePrint
// judges, with its face's chroma distance from the tiles'.
var debugCentre func(c Cell, dist float64, refOK bool)

// dropCentrePrint empties the stacks read on the four centre squares of
// an even board that are the board's print rather than a tile: editions
// print those squares in a colour of their own (blue, green, cream,
// white, with a star or a diamond), which a light square's evidence takes
// for a tile. A tile there shows a tile's top face and a letter: the
// reader reads its letter surely, or its face has the colour of the
// board's other tiles (the median chroma of the stacks elsewhere whose
// letter was read surely, when there are three) and the reader reads a
// letter at least faintly, or, its letter read more faintly still, its
// face has the tiles' look against the print's (centreTileLook: such a
// stack is kept, never Sure). A print is neither; it is
// empty and not covered (the square is in plain view).
//
// Where the tiles' colour is not known (fewer than three stacks read
// surely elsewhere: a blurred or shaken photo, a typeface the reader
// barely knows), a faint stack whose face is there (raised: its square
// fits a tile's top face a level up better than its floor, as
// centreRaised measures it) is kept, never Sure: a print lies on the
// floor. Nil raised keeps none so.
func dropCentrePrint(img image.Image, cells []Cell, n int, raised func(c *Cell) bool) {
	if n%2 != 0 || n < 4 {
		return
	}
	centre := func(p grid.Pos) bool {
		return (p.Row == n/2-1 || p.Row == n/2) && (p.Col == n/2-1 || p.Col == n/2)
	}
	refCb, refCr, refOK := tilesChroma(img, cells, n)
	prints := centrePrints(img, cells, n)
	for i := range cells {
		c := &cells[i]
		if c.marked {
			continue // settled by dropMarked
		}
		if c.Height == 0 || !centre(c.Pos) {
			continue
		}
		faint := c.Letter == "?" || c.Conf < centreConf
		if faint && refOK && centreTileLook(img, c.Face, refCb, refCr, prints) {
			// A tile's face, its letter read weakly (a typeface the
			// reader barely knows): a stack, never Sure.
			faint, c.byLook = false, true
		}
		if faint && !refOK && c.Letter != "?" && raised != nil && raised(c) {
			// No tiles' colour to judge by, and a top face stands
			// above the floor: a tile, its letter read weakly.
			faint, c.byLook = false, true
		}
		coloured := false
		// A face off the tiles' colour is a tile only when the reader
		// read its letter surely at first sight, seeing a tile: not
		// its likeliest letter on a face it saw no tile on, nor a
		// letter found by a re-read (an O in a print's ring).
		firstSure := !c.noTile && c.conf0 >= SureConf
		if cb, cr, ok := faceChroma(img, c.Face); refOK && ok && !(firstSure && c.Conf >= SureConf) && math.Hypot(cb-refCb, cr-refCr) > centreChroma &&
			!nearSureTile(img, cells, n, c, cb, cr) {
			coloured = true
		}
		if debugCentre != nil {
			cb, cr, _ := faceChroma(img, c.Face)
			debugCentre(*c, math.Hypot(cb-refCb, cr-refCr), refOK)
		}
		if faint || coloured {
			c.Tile, c.Height, c.Letter, c.Conf, c.HeightOK = 0, 0, "", 0, 0
			c.Covered = false
			// Unlike the tiles' colour it is surely empty; a faint
			// letter on a tile's colour may be a tile in dim light.
			c.unsureEmpty = !coloured
			if coloured {
				c.Tile = -1 // the board's print, as the red mark (readCells)
			}
		}
	}
}

// nearSureTile reports whether a stack within sureTileReach squares of
// c (not c) was read surely at first sight, seeing a tile, and its face
// has c's chroma (cb, cr) within sureTileNear. The board's light is not
// even (a lamp over its middle whitens the centre's tiles against the
// cream ones at its edge): a face off the colour of the board's sure
// tiles as a whole but of the colour of a sure tile beside it, in the
// same light, is no print (dropCentrePrint). Tuning: u-111100's 0022
// (session 47), an R two high on a centre square 19.6 from the board's
// tiles' chroma and 2 from the sure A beside it, was emptied as print
// and shown sure.
func nearSureTile(img image.Image, cells []Cell, n int, c *Cell, cb, cr float64) bool {
	for i := range cells {
		o := &cells[i]
		if o == c || o.Height == 0 || o.noTile || o.conf0 < SureConf || o.Conf < SureConf {
			continue
		}
		if max(o.Pos.Row-c.Pos.Row, c.Pos.Row-o.Pos.Row) > sureTileReach || max(o.Pos.Col-c.Pos.Col, c.Pos.Col-o.Pos.Col) > sureTileReach {
			continue
		}
		if ob, or, ok := faceChroma(img, o.Face); ok && math.Hypot(ob-cb, or-cr) <= sureTileNear {
			return true
		}
	}
	return false
}

// sureTileReach is how far (in squares, along a row or a column) a sure
// tile may stand from a centre stack to vouch for its colour
// (nearSureTile): the centre squares and their ring of neighbours.
const sureTileReach = 2

// sureTileNear is how near (Cb, Cr levels) a centre stack's face must
// lie to a sure tile's beside it to be taken for a tile in the same
// light (nearSureTile): half of centreChroma. On the tuning sets (eleven
// Upwords sets of sessions 44-47) the prints read as faint O's lay
// 12.1-13.6 from the nearest sure tile, the lit tile 2.0.
const sureTileNear = centreChroma / 2

// centrePrints is the chroma (Cb, Cr) of the centre squares' print as it
// shows on the centre squares of an n x n board read empty and in plain
// view (their floor), one pair a square.
func centrePrints(img image.Image, cells []Cell, n int) [][2]float64 {
	var out [][2]float64
	for _, c := range cells {
		if c.Height != 0 || c.Covered || c.marked || !centreSquare(c.Pos.Row, c.Pos.Col, n) {
			continue
		}
		if cb, cr, ok := faceChroma(img, c.Face); ok {
			out = append(out, [2]float64{cb, cr})
		}
	}
	return out
}

// centreTileLook reports whether face q on a centre square looks like
// the board's tiles (chroma tcb, tcr) rather than its print: within
// centreTileNear of the tiles, and at least twice as far from the print
// wherever it shows on a centre square read empty (prints).
func centreTileLook(img image.Image, q vision.Quad, tcb, tcr float64, prints [][2]float64) bool {
	cb, cr, ok := faceChroma(img, q)
	if !ok {
		return false
	}
	dT := math.Hypot(cb-tcb, cr-tcr)
	if dT > centreTileNear {
		return false
	}
	for _, pr := range prints {
		if math.Hypot(cb-pr[0], cr-pr[1]) <= 2*dT {
			return false
		}
	}
	return true
}

// faceChroma is the mean chroma (Cb, Cr) of the middle of a top face in
// the picture (the inner 60%: the letter's ink is grey and moves it
// little).
func faceChroma(img image.Image, q vision.Quad) (cb, cr float64, ok bool) {
	n := 0
	innerChroma(img, q, func(u, v uint8) {
		cb += float64(u)
		cr += float64(v)
		n++
	})
	if n == 0 {
		return 0, 0, false
	}
	return cb / float64(n), cr / float64(n), true
}

// planeAt is vision.Plane.At for the plane of pix, w pixels across and h
// down: the same sums in the same order, so the same values, for the
// loops that sample the grey most (faceRing) to call with fewer words.
func planeAt(pix []uint8, w, h int, x, y float64) float64 {
	x -= 0.5
	y -= 0.5
	if x < 0 || y < 0 || x > float64(w-1) || y > float64(h-1) {
		return -1
	}
	x0, y0 := int(x), int(y)
	x1, y1 := x0+1, y0+1
	if x1 >= w {
		x1 = w - 1
	}
	if y1 >= h {
		y1 = h - 1
	}
	fx, fy := x-float64(x0), y-float64(y0)
	a := float64(pix[y0*w+x0])
	b := float64(pix[y0*w+x1])
	c := float64(pix[y1*w+x0])
	d := float64(pix[y1*w+x1])
	return (a*(1-fx)+b*fx)*(1-fy) + (c*(1-fx)+d*fx)*fy
}

// centreRaised reports whether square (r, c) fits a tile's top face a
// level up (its best face score, faceScore, over heights centreOneLo to
// centreOneHi, each face also moved centreShift pixels along either
// axis) better than its floor (heights centreFloorLo to centreFloorHi)
// by the ratio centreRaisedOver: a print shows its outline on the
// floor, a tile's face stands above it (docs/vision.md, upwlevel).
func centreRaised(p vision.Plane, pose *vision.Pose, r, c int, geo Geometry) bool {
	return raisedRatio(p, pose, r, c, geo) > centreRaisedOver
}

// raisedRatio is how much better a tile's top face a level up fits square
// (r, c) than its floor: the best face score (faceScore) over heights
// centreOneLo to centreOneHi over the best over centreFloorLo to
// centreFloorHi, each face also moved centreShift pixels along either
// axis; 0 when the floor scores nothing.
func raisedRatio(p vision.Plane, pose *vision.Pose, r, c int, geo Geometry) float64 {
	best := func(lo, hi float64) float64 {
		b := 0.0
		for h := lo; h <= hi+1e-9; h += centreStep {
			q := faceQuad(pose, r, c, h, geo)
			for _, off := range [][2]float64{{0, 0}, {centreShift, 0}, {-centreShift, 0}, {0, centreShift}, {0, -centreShift}} {
				var s vision.Quad
				for k, v := range q {
					s[k] = vision.Point{X: v.X + off[0], Y: v.Y + off[1]}
				}
				b = math.Max(b, faceScore(p, s))
			}
		}
		return b
	}
	floor := best(centreFloorLo, centreFloorHi)
	if floor <= 0 {
		return 0
	}
	return best(centreOneLo, centreOneHi) / floor
}

// nearlyEmpty is the tile evidence above which a square read empty is
// weighed for a raised face (unsureRaised): empty squares sit near -0.6,
// and on the tuning sets of docs/vision.md, upwempty, 36 of 6365 squares
// read empty and sure right lay above it, against a one-high tile in the
// shadow its taller neighbours cast, at -0.31.
const nearlyEmpty = -0.35

// raisedSome is the ratio of raisedRatio from which a nearly light square
// read empty is not Sure: a face a level up fits it at least as well as
// its floor.
const raisedSome = 1.0

// unsureRaised takes Sure from each square read empty whose tile evidence
// lies over nearlyEmpty and whose square a tile's face a level up fits at
// least as well as its floor (raisedRatio at raisedSome or more): a tile
// in the shadow its taller neighbours cast shows its face's outline
// above the floor while its light is nearly the board's.
func unsureRaised(p vision.Plane, cells []Cell, pose *vision.Pose, geo Geometry) {
	for i := range cells {
		c := &cells[i]
		if !c.Sure || c.Height != 0 || c.Tile <= nearlyEmpty {
			continue
		}
		if raisedRatio(p, pose, c.Pos.Row, c.Pos.Col, geo) >= raisedSome {
			c.Sure = false
		}
	}
}

// unsureFloorShown takes Sure from each square read empty whose floor
// the stacks nearer the camera hid when it was judged (Cell.hiddenRef),
// where the stacks as finally read (their heights read again since: the
// second look, locateHeights) leave it in view and it shows a tile's
// light (over faintEmpty against the walls it was weighed against): a
// stack in front first read too tall had its top where this square's
// face shows, and hid the face. On a board whose raised walls stand
// nearly as high as a tile (the lead's u-112950's 0004: walls 3.3 mm,
// tiles 3.8 mm) a low tile's face lies nearly at the floor, and the face
// search of the square in front climbs onto it. The floor is looked at
// at the floor and at the walls' top (where a tile on such a grid
// shows its face), the lighter of the two. Where the floor is still
// hidden, the square is not Sure unless most of a one-high tile's face
// on it is in view (lowFaceSeen): an empty verdict needs the square
// itself seen, at its floor or where its lowest tile would show. cells
// are in the camera's order.
func unsureFloorShown(p vision.Plane, cells []Cell, pose *vision.Pose, geo Geometry) {
	var occ *occluders
	for i := range cells {
		c := &cells[i]
		if !c.Sure || c.Height != 0 || c.hiddenRef <= 0 {
			continue
		}
		if occ == nil {
			occ = stacksAsRead(cells, pose, geo)
		}
		g := floorGrey(p, occ, pose, c.Pos.Row, c.Pos.Col, geo)
		if geo.LevelMM > 0 {
			at := faceQuad(pose, c.Pos.Row, c.Pos.Col, geo.WallMM/geo.LevelMM, geo)
			g = math.Max(g, quantileIn(p, occ, at, 0.2, 0.8, 6, 0.8))
		}
		if g >= 0 && lightOver(g, c.hiddenRef) > faintEmpty {
			c.Sure = false
		}
		if g < 0 && inView(occ, faceQuad(pose, c.Pos.Row, c.Pos.Col, 1, geo)) < lowFaceSeen {
			// The floor still hidden, and most of where a one-high
			// tile's face would show hidden too: the light tileEvidence
			// weighed came from higher up, past the square (the board
			// or the table beyond), and nothing of the square itself was
			// seen (w-115454's 0013: an S one high behind an A four high
			// on a board of walls as high as a tile, read empty and shown
			// sure).
			c.Sure = false
		}
	}
}

// stacksAsRead is the occluders of every stack in cells, whole (each
// may stand in front of a square read empty): what unsureFloorShown and
// unsureLetterShown look past.
func stacksAsRead(cells []Cell, pose *vision.Pose, geo Geometry) *occluders {
	var all []int
	for i := range cells {
		if cells[i].Height > 0 {
			all = append(all, i)
		}
	}
	occ := &occluders{}
	occ.boxes = occ.boxesOf(all, cells, pose, geo, 0)
	return occ
}

// lowFaceSeen is the share of a one-high tile's face (tileEvidence's
// lattice over it) that must be in view past the stacks found for a
// square whose floor they hide to be shown empty surely
// (unsureFloorShown): the middle of the face, where its letter and its
// light show.
const lowFaceSeen = 0.5

// inView is the share of tileEvidence's lattice over quad q (6 x 6
// points between 0.15 and 0.85 of its sides) that no stack of occ hides.
func inView(occ *occluders, q vision.Quad) float64 {
	const k = 6
	seen := 0
	for i := 0; i < k; i++ {
		for j := 0; j < k; j++ {
			u := 0.15 + 0.7*(float64(i)+0.5)/k
			w := 0.15 + 0.7*(float64(j)+0.5)/k
			if !occ.hides(bilerpQuad(q, u, w)) {
				seen++
			}
		}
	}
	return float64(seen) / (k * k)
}

// unsureLitBehind takes Sure, on a single photo of a board whose geometry
// was not measured, from each square read empty beside a stack read
// litTall or more high whose face positions showed a tile's light that
// only the stacks found explain (Cell.litExplained): another maker's
// thicker tiles put a tall stack's top past the heights the geometry
// searches, where the scan reads it as the top of the stack beside and
// this square empty (tuning set u-110751's 0023: a U four high on tiles
// 5.1 mm thick read as a stack five high on the next square, its own
// square shown empty and sure). cells are in the camera's order, on an
// n x n board.
func unsureLitBehind(cells []Cell, n int) {
	if len(cells) != n*n {
		return
	}
	for i := range cells {
		c := &cells[i]
		if c.Height != 0 || !c.litExplained || !c.Sure {
			continue
		}
		for dr := -1; dr <= 1 && c.Sure; dr++ {
			for dc := -1; dc <= 1; dc++ {
				r, col := c.Pos.Row+dr, c.Pos.Col+dc
				if (dr != 0 || dc != 0) && r >= 0 && col >= 0 && r < n && col < n && cells[r*n+col].Height >= litTall {
					c.Sure = false
					break
				}
			}
		}
	}
}

// unsureLetterShown takes Sure, on a single photo, from each square read
// empty, beside a stack read on a square that shares a side with it,
// whose face one level up shows a letter: a stroke in its middle
// (faceStroke, inkedFace's bound of a letter's ink) that the reader then
// reads as a letter at SureConf or more. A tile in a shadow (a hand's, or
// its taller neighbours' under a low light) is as dark against the walls
// round it as a bare square (the tuning set w-115304's 0007, row 6
// column 1: an O one high between an F3 under a hand and an O2, tile
// evidence -0.48, walls 0.88, read O at 0.96 one high), yet its letter
// shows; a bare square's floor holds no stroke and reads no letter. Only
// squares beside a stack are looked at (every tile of a game joins a
// word, and a taller neighbour is what casts the shadow), and only those
// with a stroke are read: reading every square beside a stack cost a
// sixth of a scan (docs/vision.md, upwempty, session 56); on the tuning
// sets 144 of 2188 such squares hold a stroke. The square stays empty (the
// evidence does not make it a stack); it is only not shown sure. cells
// are in the camera's order, on an n x n board.
func unsureLetterShown(img image.Image, p vision.Plane, cells []Cell, n int, pose *vision.Pose, geo Geometry, crop int, reader TileReader) error {
	if len(cells) != n*n {
		return nil
	}
	beside := func(r, c int) bool {
		for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			r2, c2 := r+d[0], c+d[1]
			if r2 >= 0 && c2 >= 0 && r2 < n && c2 < n && cells[r2*n+c2].Height > 0 {
				return true
			}
		}
		return false
	}
	var occ *occluders
	for i := range cells {
		c := &cells[i]
		if !c.Sure || c.Height != 0 || !beside(c.Pos.Row, c.Pos.Col) {
			continue
		}
		if occ == nil {
			occ = stacksAsRead(cells, pose, geo)
		}
		face := faceQuad(pose, c.Pos.Row, c.Pos.Col, 1, geo)
		if !faceStroke(p, occ, face) {
			continue
		}
		rd, err := reader.Read(letterCrop(img, face, crop))
		if err != nil {
			return fmt.Errorf("vision: reading the face one high over empty square %v: %w", c.Pos, err)
		}
		if rd.Letter != "" && rd.Conf >= SureConf {
			c.Sure = false
		}
	}
	return nil
}

// faceStroke reports whether the middle of face q holds a letter's stroke
// as inkedFace weighs one: its 5th percentile (middleGreys) at most 0.55
// of the 80th percentile of the band just inside the outline (faceRing),
// whatever the face's light. False where too little of it is in view.
func faceStroke(p vision.Plane, occ *occluders, q vision.Quad) bool {
	_, hi, ok := faceRing(p, occ, q)
	if !ok || hi <= 0 {
		return false
	}
	var v [81]float64
	m := middleGreys(p, occ, q, &v)
	return m >= 20 && vision.KthSmallest(v[:m], m*5/100) <= 0.55*hi
}

// litTall is the height from which a stack beside a square read empty
// whose light it explains leaves that square not Sure (unsureLitBehind):
// a level under the project's MaxStack. On the tuning sets of
// docs/vision.md, upwempty, 45 of the 6365 squares read empty and sure
// right stood so, against 274 for any height.
const litTall = 4

// The heights centreRaised compares (in levels of the geometry), every
// centreStep, each face moved centreShift pixels, and the ratio by which
// the face a level up must fit better than the floor.
const (
	centreFloorLo    = -0.5
	centreFloorHi    = 0.4
	centreOneLo      = 0.7
	centreOneHi      = 1.4
	centreStep       = 0.1
	centreShift      = 2.0
	centreRaisedOver = 1.15
)
