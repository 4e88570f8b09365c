package upwords

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// TestDropCentrePrint: on the four centre squares, a "stack" whose letter
// is not sure and whose face is not the tiles' colour is the board's
// print (empty, sure), one whose letter is faint is empty but not sure,
// unless its face has the tiles' look (a tile whose letter the reader
// barely knows: kept, not sure), and a letter read surely at first sight
// stays (a warm lamp moves a tile's colour), while one read surely only
// by the re-reads stays only on a face of the tiles' colour (a print's
// ring reads O at some height); stacks elsewhere are never touched. A
// face off the tiles' colour but of the colour of a sure tile beside it
// (a lamp over the board's middle) is a tile, not sure.
func TestDropCentrePrint(t *testing.T) {
	// 20x20 patches: cream tiles, a blue print, a cream print, green, a
	// light tan print near the cream (3.6 Cb/Cr levels from it), cream
	// tiles whitened by a lamp (about 17 levels from the cream).
	img := image.NewRGBA(image.Rect(0, 0, 120, 20))
	paint := func(x0 int, c color.RGBA) {
		for y := 0; y < 20; y++ {
			for x := x0; x < x0+20; x++ {
				img.Set(x, y, c)
			}
		}
	}
	cream := color.RGBA{230, 220, 190, 255}
	paint(0, cream)
	paint(20, color.RGBA{58, 96, 160, 255})
	paint(40, cream)
	paint(60, color.RGBA{56, 122, 78, 255})
	paint(80, color.RGBA{228, 215, 180, 255})
	paint(100, color.RGBA{248, 248, 245, 255})
	face := func(x0 int) vision.Quad {
		x := float64(x0)
		return vision.Quad{{X: x + 2, Y: 2}, {X: x + 18, Y: 2}, {X: x + 18, Y: 18}, {X: x + 2, Y: 18}}
	}
	stack := func(r, c, patch int, letter string, conf float64) Cell {
		return Cell{Pos: grid.Pos{Row: r, Col: c}, Letter: letter, Height: 1, Conf: conf, conf0: conf, Tile: 1, HeightOK: 1, Face: face(20 * patch)}
	}
	// reread: first read at conf0 (or as no tile), then surely by the
	// re-reads at other heights and pooled crops.
	reread := func(r, c, patch int, letter string, conf0 float64, noTile bool) Cell {
		cell := stack(r, c, patch, letter, 0.96)
		cell.conf0, cell.noTile = conf0, noTile
		return cell
	}
	// unseen: read faintly, the reader's first reading saw no tile.
	unseen := func(r, c, patch int, letter string, conf float64) Cell {
		cell := stack(r, c, patch, letter, conf)
		cell.conf0, cell.noTile = 0.9, true
		return cell
	}
	// bare: a centre square read empty, its floor showing the print.
	bare := func(r, c, patch int) Cell {
		return Cell{Pos: grid.Pos{Row: r, Col: c}, Tile: -0.6, Face: face(20 * patch)}
	}
	tests := []struct {
		name      string
		cell      Cell
		bare      []Cell // the centre squares read empty, or other stacks, beside it
		wantEmpty bool
		wantSure  bool
	}{
		{"a tile on a centre square", stack(4, 4, 0, "E", 0.97), nil, false, true},
		{"a blue print read as X", stack(4, 5, 1, "X", 0.7), nil, true, true},
		{"a cream print read faintly, the same print bare beside it", stack(5, 4, 2, "O", 0.3), []Cell{bare(4, 4, 2)}, true, false},
		{"a tan print near the tiles' colour read faintly", stack(5, 4, 4, "O", 0.3), nil, true, false},
		{"a green print read as N", stack(5, 5, 3, "N", 0.6), nil, true, true},
		{"a faint letter off the centre", stack(2, 2, 2, "O", 0.3), nil, false, false},
		{"a letter read surely, the face off the tiles' colour", stack(4, 5, 3, "A", 0.99), nil, false, true},
		{"a blue print read surely as O only by the re-reads", reread(4, 5, 1, "O", 0.4, false), nil, true, true},
		{"a green print the reader first saw no tile on, O by the re-reads", reread(5, 5, 3, "O", 0.97, true), nil, true, true},
		{"a tile read surely only by the re-reads (its height misjudged)", reread(4, 4, 0, "M", 0.3, false), nil, false, true},
		{"a tile read faintly, its face the tiles' colour", stack(5, 4, 0, "R", 0.45), nil, false, false},
		{"a tile read faintly, a blue print bare beside it", stack(5, 4, 0, "R", 0.45), []Cell{bare(4, 4, 1)}, false, false},
		{"a tile read faintly, the reader first saw no tile", unseen(4, 5, 0, "A", 0.45), nil, false, false},
		{"a lit tile read unsurely, a sure lit tile beside it", stack(4, 4, 5, "R", 0.64), []Cell{stack(4, 5, 5, "A", 1)}, false, false},
		{"a lit tile read unsurely, a sure lit tile three squares off", stack(4, 4, 5, "R", 0.64), []Cell{stack(1, 4, 5, "A", 1)}, true, true},
		{"a lit tile read unsurely, the lit tile beside it unsure too", stack(4, 4, 5, "R", 0.64), []Cell{stack(4, 5, 5, "A", 0.8)}, true, true},
		{"a blue print read as X, a sure lit tile beside it", stack(4, 4, 1, "X", 0.7), []Cell{stack(4, 5, 5, "A", 1)}, true, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cells := []Cell{stack(0, 0, 0, "A", 0.99), stack(0, 1, 0, "B", 0.99), stack(9, 9, 0, "C", 0.99)}
			cells = append(cells, tc.bare...)
			cells = append(cells, tc.cell)
			dropCentrePrint(img, cells, 10, nil)
			c := cells[len(cells)-1]
			c.Sure = sureCell(c, true)
			if (c.Height == 0) != tc.wantEmpty || c.Sure != tc.wantSure || c.Covered {
				t.Errorf("height %d letter %q sure %v covered %v; want empty %v (sure %v)", c.Height, c.Letter, c.Sure, c.Covered, tc.wantEmpty, tc.wantSure)
			}
		})
	}
	// Odd boards have no centre block.
	odd := []Cell{stack(4, 4, 1, "X", 0.95)}
	dropCentrePrint(img, odd, 9, nil)
	if odd[0].Height != 1 {
		t.Errorf("9x9 board: the square (4,4) was emptied")
	}
}

// TestDropCentrePrintRaised: where the tiles' colour is not known (no
// three stacks read surely off the centre), a faint centre stack is kept,
// never sure, when its face stands above the floor (raised), and dropped
// as the print when it does not; where the tiles' colour is known the
// colour decides and raised is not asked; a stack with no letter read at
// all is dropped however raised.
func TestDropCentrePrintRaised(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 40, 20))
	for y := 0; y < 20; y++ {
		for x := 0; x < 40; x++ {
			c := color.RGBA{230, 220, 190, 255} // cream tiles
			if x >= 20 {
				c = color.RGBA{58, 96, 160, 255} // a blue print
			}
			img.Set(x, y, c)
		}
	}
	face := func(x0 int) vision.Quad {
		x := float64(x0)
		return vision.Quad{{X: x + 2, Y: 2}, {X: x + 18, Y: 2}, {X: x + 18, Y: 18}, {X: x + 2, Y: 18}}
	}
	stack := func(r, c, x0 int, letter string, conf float64) Cell {
		return Cell{Pos: grid.Pos{Row: r, Col: c}, Letter: letter, Height: 1, Conf: conf, conf0: conf, Tile: 1, HeightOK: 1, Face: face(x0)}
	}
	sure := []Cell{stack(0, 0, 0, "A", 0.99), stack(0, 1, 0, "B", 0.99), stack(9, 9, 0, "C", 0.99)}
	tests := []struct {
		name      string
		others    []Cell
		cell      Cell
		raised    bool
		wantEmpty bool
		asked     bool
	}{
		{"no tiles' colour, a faint stack raised", nil, stack(4, 5, 0, "E", 0.31), true, false, true},
		{"no tiles' colour, a faint stack on the floor", nil, stack(4, 5, 0, "E", 0.31), false, true, true},
		{"no tiles' colour, no letter read", nil, stack(4, 5, 0, "?", 0), true, true, false},
		{"no tiles' colour, a letter read firmly", nil, stack(4, 5, 0, "E", 0.7), false, false, false},
		{"the tiles' colour known, a faint blue print raised", sure, stack(5, 5, 20, "O", 0.3), true, true, false},
		{"the tiles' colour known, a faint tile", sure, stack(5, 5, 0, "O", 0.3), false, false, false},
		{"no tiles' colour, a faint stack off the centre", nil, stack(2, 2, 0, "E", 0.31), false, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cells := append(append([]Cell(nil), tc.others...), tc.cell)
			asked := false
			dropCentrePrint(img, cells, 10, func(c *Cell) bool {
				asked = true
				return tc.raised
			})
			c := cells[len(cells)-1]
			c.Sure = sureCell(c, false)
			if (c.Height == 0) != tc.wantEmpty || asked != tc.asked || (c.Height > 0 && c.Sure) {
				t.Errorf("height %d letter %q sure %v, raised asked %v; want empty %v, asked %v, a stack never sure", c.Height, c.Letter, c.Sure, asked, tc.wantEmpty, tc.asked)
			}
		})
	}
}

// TestCentreRaised: a light tile's top face drawn a level up on a dark
// board, seen at a tilt, stands above the floor (centreRaised); the same
// light square drawn on the floor (a print), or nothing at all, does not.
func TestCentreRaised(t *testing.T) {
	pose := vision.Pose{R: [3]vision.Vec3{{1, 0, 0}, {0, math.Cos(0.6), -math.Sin(0.6)}, {0, math.Sin(0.6), math.Cos(0.6)}}, T: vision.Vec3{-5, -2, 18}, Fx: 1200, Fy: 1200, Cx: 820, Cy: 616}
	geo := UpwordsGeometry
	const r, c = 4, 5
	draw := func(h float64) vision.Plane {
		img := image.NewGray(image.Rect(0, 0, 1640, 1232))
		for i := range img.Pix {
			img.Pix[i] = 60
		}
		if h >= 0 {
			q := faceQuad(&pose, r, c, h, geo)
			inside := func(x, y float64) bool {
				for i := range q {
					a, b := q[i], q[(i+1)%4]
					if (b.X-a.X)*(y-a.Y)-(b.Y-a.Y)*(x-a.X) < 0 {
						return false
					}
				}
				return true
			}
			for y := 0; y < 1232; y++ {
				for x := 0; x < 1640; x++ {
					if inside(float64(x)+0.5, float64(y)+0.5) {
						img.Pix[y*1640+x] = 220
					}
				}
			}
		}
		return vision.Luma(img)
	}
	for _, tc := range []struct {
		name string
		h    float64 // the light square's height; -1 none
		want bool
	}{
		{"a tile a level up", 1, true},
		{"a print on the floor", 0, false},
		{"a bare dark square", -1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := centreRaised(draw(tc.h), &pose, r, c, geo); got != tc.want {
				t.Errorf("raised %v, want %v", got, tc.want)
			}
		})
	}
}
