package loose

import (
	"math"
	"testing"

	"github.com/tilescope/tilescope/ocr"
)

// TestLatticeCellsRefit: on a lattice seen at a slant (an affine map from
// cells to pixels), a tile whose quad is unlike its cell takes the cell's
// size and direction; a tile whose quad fits, one whose centre lies off
// its cell, and a tile with too few neighbours keep theirs. The photo is
// blank, so no empty cell is read.
func TestLatticeCellsRefit(t *testing.T) {
	// Cell (row, col) -> pixels: pitch about 60 px, turned 20 degrees,
	// rows a little shorter than columns (the tilt).
	a := 20 * math.Pi / 180
	u := Point{60 * math.Cos(a), 60 * math.Sin(a)}
	v := Point{-52 * math.Sin(a), 52 * math.Cos(a)}
	at := func(c, r float64) Point { return Point{400 + c*u.X + r*v.X, 300 + c*u.Y + r*v.Y} }
	cell := func(row, col int) [4]Point {
		c, r := float64(col), float64(row)
		return [4]Point{at(c-0.5, r-0.5), at(c+0.5, r-0.5), at(c+0.5, r+0.5), at(c-0.5, r+0.5)}
	}
	scaled := func(q [4]Point, f float64, by Point) [4]Point {
		c := centroid(q)
		for k := range q {
			q[k] = Point{c.X + f*(q[k].X-c.X) + by.X, c.Y + f*(q[k].Y-c.Y) + by.Y}
		}
		return q
	}
	tile := func(row, col int, q [4]Point, glyph Point) Tile {
		return Tile{Letter: "А", Conf: 0.95, Row: row, Col: col, Corners: q, Center: centroid(q), Side: meanSide(q), glyph: glyph, hasGlyph: true}
	}
	block := func(odd Tile) []Tile {
		var ts []Tile
		for r := 0; r < 3; r++ {
			for c := 0; c < 3; c++ {
				if r == odd.Row && c == odd.Col {
					ts = append(ts, odd)
					continue
				}
				ts = append(ts, tile(r, c, cell(r, c), centroid(cell(r, c))))
			}
		}
		return ts
	}
	mid := centroid(cell(1, 1))
	cases := []struct {
		name  string
		tiles []Tile
		odd   int      // the tile looked at
		want  [4]Point // its quad after
		moved bool     // whether it should change
	}{
		{"a square round a letter sized too small", block(tile(1, 1, scaled(cell(1, 1), 0.6, Point{}), mid)), 4, cell(1, 1), true},
		{"a quad too large", block(tile(1, 1, scaled(cell(1, 1), 1.5, Point{}), mid)), 4, cell(1, 1), true},
		{"a quad a third of a cell off its letter", block(tile(1, 1, scaled(cell(1, 1), 1, Point{X: 0.35 * u.X, Y: 0.35 * u.Y}), mid)), 4, cell(1, 1), true},
		{"a quad that fits", block(tile(1, 1, scaled(cell(1, 1), 0.95, Point{}), mid)), 4, scaled(cell(1, 1), 0.95, Point{}), false},
		{"a centre off its cell", block(tile(1, 1, scaled(cell(1, 1), 0.6, Point{X: 0.7 * u.X, Y: 0.7 * u.Y}), mid)), 4, scaled(cell(1, 1), 0.6, Point{X: 0.7 * u.X, Y: 0.7 * u.Y}), false},
		{"too few neighbours", []Tile{tile(0, 0, cell(0, 0), centroid(cell(0, 0))), tile(0, 2, cell(0, 2), centroid(cell(0, 2))), tile(0, 1, scaled(cell(0, 1), 0.6, Point{}), centroid(cell(0, 1)))}, 2, scaled(cell(0, 1), 0.6, Point{}), false},
	}
	blank := rgbImage{w: 800, h: 600, pix: make([]byte, 3*800*600)}
	for i := range blank.pix {
		blank.pix[i] = 200
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := &Reading{Tiles: c.tiles}
			before := c.tiles[c.odd].Corners
			if err := latticeCells(blank, r, Options{}); err != nil {
				t.Fatal(err)
			}
			if len(r.Tiles) != len(c.tiles) {
				t.Fatalf("%d tiles after, %d before: a blank cell was read", len(r.Tiles), len(c.tiles))
			}
			got := r.Tiles[c.odd]
			if iou := IoU(got.Corners, c.want[:]); iou < 0.95 {
				t.Errorf("quad %v, want about %v (IoU %.2f)", got.Corners, c.want, iou)
			}
			if moved := got.Corners != before; moved != c.moved {
				t.Errorf("moved %v, want %v", moved, c.moved)
			}
			if got.Letter != "А" || got.Conf != 0.95 {
				t.Errorf("reading %q %.2f changed", got.Letter, got.Conf)
			}
		})
	}
}

// TestTwistsHardRenders: hard Twists tables (tilt, motion blur, a lace
// cloth; tuning renders of docs/loose-tiles.md) read as the Twists game
// reads them (the Russian set's reader): the search's quads there are
// sized from the whole photo's letters, too small where the tilt brings
// the tiles near, and its gaps hold action tiles; the lattice's cells
// find them. Every scene keeps most of its tiles, and no tile read wrong
// is reported sure.
func TestTwistsHardRenders(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes and reads them")
	}
	readTwistsScenes(t, "hard", []twistsScene{
		{"squares too large under a 38 degree tilt", 2008, 0.85},
		{"motion blur on lace, action tiles in the gaps", 2011, 0.85},
		{"the near tiles larger than the letters say", 2015, 0.85},
	}, true)
}

// TestActionTilesInCells: hard Twists tables whose give-3 (and other
// action) tiles lie in the gaps between tiles found, their red signs
// blurred: the cells next to the tiles are read where their darkest
// channel holds ink, and a sign the reader calls no tile from one crop
// is read by the vote of several. 8 of the 13 action tiles found and
// read before (luma ink, one crop), 10 after.
func TestActionTilesInCells(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes and reads them")
	}
	ru, err := ocr.Default(ocr.Russian)
	if err != nil {
		t.Fatal(err)
	}
	var found, total int
	for _, seed := range []int64{2018, 2023, 2063} {
		img, tr := renderScene(t, "twists", "hard", seed)
		r, err := Scan(img, Options{Reader: ru, Lattice: true, Twists: true})
		if err != nil {
			t.Fatal(err)
		}
		truth := truthFromRender(tr)
		n, k := 0, 0
		for _, m := range MatchTiles(r.Tiles, truth, 0.5) {
			f, x := r.Tiles[m.Found], truth[m.Truth]
			if f.Letter != x.Letter && f.Conf >= SureConf {
				t.Errorf("seed %d: %s read as %s at (%.0f, %.0f) with conf %.2f: wrong yet sure", seed, x.Letter, f.Letter, f.Center.X, f.Center.Y, f.Conf)
			}
			if action(x.Letter) && f.Letter == x.Letter {
				k++
			}
		}
		for _, x := range truth {
			if action(x.Letter) {
				n++
			}
		}
		t.Logf("seed %d: %d of %d action tiles found and read", seed, k, n)
		found += k
		total += n
	}
	if found < 10 {
		t.Errorf("%d of %d action tiles found and read, want at least 10", found, total)
	}
}

func action(letter string) bool {
	switch letter {
	case "skip", "reverse", "give2", "give3":
		return true
	}
	return false
}
