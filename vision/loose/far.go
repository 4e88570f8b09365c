package loose

import (
	"image"
	"math"

	"github.com/tilescope/tilescope/internal/parallel"
)

// farLook: a small photo taken at a slant (640 px, the camera low over
// the table) shows the near tiles two or three times the far ones'
// size, more than one search's size band: the search takes the size of
// the middle and near tiles, and the far rows, 15-25 px across, go
// unfound (loosecut: 25 of 75 tiles never found on a tuning set were on
// two such photos; straightened by the tilt their labels fit, the far
// tiles stayed lost, the same few pixels enlarged). farLook crops the
// parts of the photo beyond the tiles found (farParts), enlarges each
// farZoom times and searches it as a picture of its own: in the far
// part the far tiles set the size (loosecut3: on a tuning tilted set,
// 11 tiles found and read right on three photos, none false). Their
// tiles are brought back to the photo's pixels and added where the
// reading has none (tiltMerge's rule, read tiltMergeConf or surer),
// never said sure: one look saw them.
const (
	// farMaxSide: photos whose longer side is larger are not looked
	// at so (their far tiles have pixels enough).
	farMaxSide = 1000
	// farZoom: how much the far part is enlarged.
	farZoom = 2.0
	// farBeyond: how far, in the tiles' median sides, a part reaches
	// past the box round the tiles' centres; farBack: how far it
	// reaches back inside it.
	farBeyond = 4.0
	farBack   = 0.5
)

// farLook adds to r the tiles of the parts of img beyond its tiles
// (farParts) searched enlarged, where r has none (farPartTiles,
// farPartAdd). r's tiles are in img's pixels.
func farLook(img image.Image, opt Options, r *Reading) *Reading {
	b := img.Bounds()
	if !opt.runs(stepFarLook) || b.Min != (image.Point{}) || max(b.Dx(), b.Dy()) > farMaxSide || len(r.Tiles) < minTiltTiles {
		return r
	}
	// Each part's search stands alone (the searches shared among the
	// processors); their tiles are added in turn, as the parts come.
	parts := farParts(r.Tiles, b.Dx(), b.Dy())
	far := make([][]Tile, len(parts))
	searched := make([]bool, len(parts))
	parallel.For(len(parts), func(i int) { far[i], searched[i] = farPartTiles(img, opt, parts[i]) })
	for i, part := range parts {
		if searched[i] {
			r = farPartAdd(r, far[i], part)
		}
	}
	return r
}

// farPartTiles are the tiles of part of img searched farZoom times
// enlarged (findTiles: the search, the reader and the verifier, no
// lattice and no second looks), brought back to img's pixels; a tile
// the part's edge cuts inside the photo (its centre within half its
// side of it) is left. ok is false where the part could not be
// searched (no tile found in it, or none to read).
func farPartTiles(img image.Image, opt Options, part image.Rectangle) (_ []Tile, ok bool) {
	b := img.Bounds()
	z := farZoom
	hm := homog{z, 0, -z * float64(part.Min.X), 0, z, -z * float64(part.Min.Y), 0, 0, 1}
	size := image.Pt(int(z*float64(part.Dx())), int(z*float64(part.Dy())))
	pic, err := warped(opt.rgbOf(img), hm, size)
	if err != nil {
		return nil, false
	}
	o := opt
	o.photo = &packedPhoto{img: pic}
	found, err := findTiles(pic, o)
	if err != nil {
		return nil, false
	}
	// The part's edges inside the photo cut tiles: a tile centred
	// within half its side of such an edge is half a tile.
	back := func(p Point) Point { return Point{p.X/z + float64(part.Min.X), p.Y/z + float64(part.Min.Y)} }
	var far []Tile
	for _, t := range found.tiles {
		for j, p := range t.Corners {
			t.Corners[j] = back(p)
		}
		t.Center, t.glyph = back(t.Center), back(t.glyph)
		t.Side /= z
		h := t.Side / 2
		c := t.Center
		if (part.Min.X > 0 && c.X-float64(part.Min.X) < h) || (part.Min.Y > 0 && c.Y-float64(part.Min.Y) < h) ||
			(part.Max.X < b.Dx() && float64(part.Max.X)-c.X < h) || (part.Max.Y < b.Dy() && float64(part.Max.Y)-c.Y < h) {
			continue
		}
		far = append(far, t)
	}
	return far, true
}

// farPartAdd adds to r the tiles far found in part (farPartTiles)
// where r has none and they are read tiltMergeConf or surer
// (tiltMerge); the tiles added are never said sure.
func farPartAdd(r *Reading, far []Tile, part image.Rectangle) *Reading {
	n := len(r.Tiles)
	r.Tiles = tiltMerge(r.Tiles, far)
	for i := n; i < len(r.Tiles); i++ {
		r.Tiles[i].Conf = min(r.Tiles[i].Conf, math.Nextafter(SureConf, 0))
	}
	debugf("far: %d tiles added from the far part %v (%d tiles read there)", len(r.Tiles)-n, part, len(far))
	return r
}

// farParts are the parts of the w x h photo beyond the tiles found,
// one on each side of the box round their centres where the photo
// reaches a side or more past it: from farBack sides inside the box to
// farBeyond sides past it (the photo's edge at most), across it over
// the box and a side and a half more on each hand. Which way the table
// recedes the tiles found do not say (the search takes tiles of one
// size band: those found are about one size, their fit flat), so every
// side with room is looked at.
func farParts(tiles []Tile, w, h int) []image.Rectangle {
	sides := make([]float64, len(tiles))
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i, t := range tiles {
		sides[i] = t.Side
		x0, y0 = math.Min(x0, t.Center.X), math.Min(y0, t.Center.Y)
		x1, y1 = math.Max(x1, t.Center.X), math.Max(y1, t.Center.Y)
	}
	s := median(sides)
	clamp := func(v float64, hi int) int { return int(math.Max(0, math.Min(float64(hi), math.Round(v)))) }
	var out []image.Rectangle
	add := func(r image.Rectangle) {
		if r.Dx() >= int(2*s) && r.Dy() >= int(2*s) {
			out = append(out, r)
		}
	}
	ax0, ax1 := clamp(x0-1.5*s, w), clamp(x1+1.5*s, w)
	ay0, ay1 := clamp(y0-1.5*s, h), clamp(y1+1.5*s, h)
	if y0-s > 0 {
		add(image.Rect(ax0, clamp(y0-farBeyond*s, h), ax1, clamp(y0+farBack*s, h)))
	}
	if y1+s < float64(h) {
		add(image.Rect(ax0, clamp(y1-farBack*s, h), ax1, clamp(y1+farBeyond*s, h)))
	}
	if x0-s > 0 {
		add(image.Rect(clamp(x0-farBeyond*s, w), ay0, clamp(x0+farBack*s, w), ay1))
	}
	if x1+s < float64(w) {
		add(image.Rect(clamp(x1-farBack*s, w), ay0, clamp(x1+farBeyond*s, w), ay1))
	}
	return out
}
