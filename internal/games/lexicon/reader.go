package lexicon

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/draw"
	_ "image/jpeg" // photos
	_ "image/png"  // uploads
	"math"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/internal/games/photo"
	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/vision/loose"
)

// newReader is the tile classifier vision/loose reads the tiles with.
func newReader() (loose.Reader, error) { return ocr.Default(ocr.English) }

// Read reads a photo of the table: the tiles found in the whole photo go
// to the seat whose side they lie nearest (a group of tiles lying close
// together goes whole); each seat's part of the photo is then read again
// on its own (its tiles larger, its lattice its own) and turned to the
// seat's side. A photo of one player's area alone, taken from their seat
// (OwnArea), changes that area only. A table with no tiles is the empty
// table.
func (r *Rules) Read(ctx context.Context, f game.Frame, standing game.Position) (game.Reading, error) {
	img, err := photo.Image(f)
	if err != nil {
		return game.Reading{}, err
	}
	st, err := r.pos(standing)
	if err != nil {
		st = NewPosition(len(r.sides))
	}
	var rd game.Reading
	err = r.rd.Use(newReader, func(cls loose.Reader) error {
		var err error
		rd, err = r.read(img, cls, st)
		return err
	})
	return rd, err
}

func (r *Rules) read(img image.Image, cls loose.Reader, st Position) (game.Reading, error) {
	whole, err := loose.Scan(img, loose.Options{Reader: cls})
	if errors.Is(err, loose.ErrNoTiles) || err == nil && len(whole.Tiles) == 0 {
		if st.tiles() > 0 {
			// Crosswords stood: a photo of none is a photo of something
			// else (a phone pointed away), not a cleared table.
			return game.Reading{}, photo.Unreadable{Err: fmt.Errorf("%w: the photo shows no tile of the table", loose.ErrNoTiles)}
		}
		return game.Reading{Board: NewPosition(len(r.sides))}, nil
	}
	if err != nil {
		return game.Reading{}, photo.Unreadable{Err: err}
	}
	b := img.Bounds()
	groups := groupTiles(whole.Tiles)
	var tiles []Seen
	var by []int
	for _, g := range groups {
		var cx, cy float64
		for _, t := range g {
			cx += t.Center.X
			cy += t.Center.Y
		}
		n := float64(len(g))
		seat := SeatOf(r.sides, cx/n-float64(b.Min.X), cy/n-float64(b.Min.Y), float64(b.Dx()), float64(b.Dy()))
		for _, t := range readAgain(img, cls, g) {
			if dup(tiles, t, g[0].Side/2) {
				continue // read with a neighbouring group
			}
			tiles = append(tiles, t)
			by = append(by, seat)
		}
	}
	var p Position
	var conf [][]float64
	if s, own := OwnArea(r.sides, tiles, by, st); own {
		// A player's phone photo of their own area.
		p, conf, err = AreaReading(r.sides, s, tiles, st)
	} else {
		p, conf, err = TableReading(r.sides, tiles, by, st)
	}
	if err != nil {
		return game.Reading{}, photo.Unreadable{Err: err}
	}
	return game.Reading{Board: p, Conf: conf}, nil
}

// readAgain reads one group's part of the photo again on its own, with a
// lattice: there its tiles are larger and the lattice is its own, so the
// second reading is the group's (a mark of the table the first took for a
// tile is dropped). When the second reading finds nothing, the first's
// tiles lie apart.
func readAgain(img image.Image, cls loose.Reader, group []loose.Tile) []Seen {
	side := 0.0
	rect := image.Rectangle{}
	var x0, y0, x1, y1 float64 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i, t := range group {
		side = max(side, t.Side)
		x0, y0 = min(x0, t.Center.X), min(y0, t.Center.Y)
		x1, y1 = max(x1, t.Center.X), max(y1, t.Center.Y)
		tb := image.Rect(int(t.Center.X), int(t.Center.Y), int(t.Center.X)+1, int(t.Center.Y)+1)
		for _, c := range t.Corners {
			tb = tb.Union(image.Rect(int(c.X), int(c.Y), int(c.X)+1, int(c.Y)+1))
		}
		if i == 0 {
			rect = tb
		} else {
			rect = rect.Union(tb)
		}
	}
	if len(group) == 1 {
		// A tile alone lies apart whatever its square: its first reading.
		t := group[0]
		return []Seen{{Letter: t.Letter, Conf: t.Conf, X: t.Center.X, Y: t.Center.Y, Row: -1, Col: -1}}
	}
	m := int(math.Ceil(side * 1.5))
	rect = image.Rect(rect.Min.X-m, rect.Min.Y-m, rect.Max.X+m, rect.Max.Y+m).Intersect(img.Bounds())
	again, err := loose.Scan(crop(img, rect), loose.Options{Reader: cls, Lattice: true})
	if err != nil {
		out := make([]Seen, len(group))
		for i, t := range group {
			out[i] = Seen{Letter: t.Letter, Conf: t.Conf, X: t.Center.X, Y: t.Center.Y, Row: -1, Col: -1}
		}
		return out
	}
	var out []Seen
	near := 0.75 * side
	for _, a := range again.Tiles {
		x, y := a.Center.X+float64(rect.Min.X), a.Center.Y+float64(rect.Min.Y)
		if x < x0-near || x > x1+near || y < y0-near || y > y1+near {
			continue // another group's
		}
		t := Seen{Letter: a.Letter, Conf: a.Conf, X: x, Y: y, Row: a.Row, Col: a.Col}
		// The surer of the two readings names the letter.
		for _, g := range group {
			if math.Hypot(g.Center.X-x, g.Center.Y-y) < 0.6*side && g.Conf > t.Conf && g.Letter != "?" {
				t.Letter, t.Conf = g.Letter, g.Conf
			}
		}
		if !dup(out, t, side/2) {
			out = append(out, t)
		}
	}
	return out
}

// dup reports whether a tile lies within d of one already read.
func dup(tiles []Seen, t Seen, d float64) bool {
	for _, o := range tiles {
		if math.Hypot(o.X-t.X, o.Y-t.Y) < d {
			return true
		}
	}
	return false
}

// crop is the part of img inside rect, its origin at (0, 0).
func crop(img image.Image, rect image.Rectangle) image.Image {
	out := image.NewRGBA(image.Rect(0, 0, rect.Dx(), rect.Dy()))
	draw.Draw(out, out.Bounds(), img, rect.Min, draw.Src)
	return out
}

// groupTiles puts tiles lying close together (centres within 1.6 tile
// sides) in one group, in the order found.
func groupTiles(tiles []loose.Tile) [][]loose.Tile {
	n := len(tiles)
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			a, b := tiles[i], tiles[j]
			if math.Hypot(a.Center.X-b.Center.X, a.Center.Y-b.Center.Y) <= 1.6*max(a.Side, b.Side) {
				parent[find(i)] = find(j)
			}
		}
	}
	idx := map[int]int{}
	var out [][]loose.Tile
	for i, t := range tiles {
		root := find(i)
		k, ok := idx[root]
		if !ok {
			k = len(out)
			idx[root] = k
			out = append(out, nil)
		}
		out[k] = append(out[k], t)
	}
	return out
}
