package upwords

import (
	"image"
	"math"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// TestUnsureLitBehind: a square read empty whose face positions' light
// the stacks found explain is not sure beside a stack read litTall or
// more high (a thicker maker's tall stack here may be what was read
// there); beside a lower stack, with its light its own, or read as a
// stack, it keeps what it had.
func TestUnsureLitBehind(t *testing.T) {
	const n = 5
	at := grid.Pos{Row: 2, Col: 2}
	for _, tc := range []struct {
		name     string
		explain  bool // the square's light explained by the stacks found
		nbHeight int  // the stack read on the square behind
		diagonal bool // that stack stands diagonally beside it
		height   int  // the square's own reading
		want     bool
	}{
		{"explained by a tall stack beside", true, 5, false, 0, false},
		{"explained by a stack four high beside", true, litTall, false, 0, false},
		{"explained by a tall stack diagonally beside", true, 5, true, 0, false},
		{"explained by a low stack beside", true, 2, false, 0, true},
		{"no light to explain, a tall stack beside", false, 5, false, 0, true},
		{"explained, no stack beside", true, 0, false, 0, true},
		{"a stack itself", true, 5, false, 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cells := make([]Cell, n*n)
			for i := range cells {
				cells[i] = Cell{Pos: grid.Pos{Row: i / n, Col: i % n}, Sure: true}
			}
			c := &cells[at.Row*n+at.Col]
			c.litExplained, c.Height = tc.explain, tc.height
			nb := grid.Pos{Row: at.Row - 1, Col: at.Col}
			if tc.diagonal {
				nb.Col++
			}
			cells[nb.Row*n+nb.Col].Height = tc.nbHeight
			unsureLitBehind(cells, n)
			if got := cells[at.Row*n+at.Col].Sure; got != tc.want {
				t.Errorf("sure %v, want %v", got, tc.want)
			}
			for i, o := range cells {
				if i != at.Row*n+at.Col && !o.Sure {
					t.Errorf("%v made unsure", o.Pos)
				}
			}
		})
	}
}

// TestUnsureRaised: a square read empty and sure, nearly light enough
// for a tile, whose square a tile's face a level up fits is not sure (a
// tile in the shadow of its taller neighbours); on its floor (a print),
// bare, or with the board's own dark, it stays sure.
func TestUnsureRaised(t *testing.T) {
	pose := vision.Pose{R: [3]vision.Vec3{{1, 0, 0}, {0, math.Cos(0.6), -math.Sin(0.6)}, {0, math.Sin(0.6), math.Cos(0.6)}}, T: vision.Vec3{-5, -2, 18}, Fx: 1200, Fy: 1200, Cx: 820, Cy: 616}
	geo := UpwordsGeometry
	const n, r, c = 10, 4, 5
	draw := func(h float64) vision.Plane {
		img := image.NewGray(image.Rect(0, 0, 1640, 1232))
		for i := range img.Pix {
			img.Pix[i] = 60
		}
		if h >= 0 {
			q := faceQuad(&pose, r, c, h, geo)
			for y := 0; y < 1232; y++ {
				for x := 0; x < 1640; x++ {
					if quadInsideTest(q, float64(x)+0.5, float64(y)+0.5) {
						img.Pix[y*1640+x] = 110
					}
				}
			}
		}
		return vision.Luma(img)
	}
	for _, tc := range []struct {
		name string
		h    float64 // the lighter square's height; -1 none
		tile float64 // the square's tile evidence
		want bool
	}{
		{"a shadowed tile a level up", 1, -0.3, false},
		{"the same, the board's dark", 1, -0.6, true},
		{"a print on the floor", 0, -0.3, true},
		{"a bare square", -1, -0.3, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cells := make([]Cell, n*n)
			for i := range cells {
				cells[i] = Cell{Pos: grid.Pos{Row: i / n, Col: i % n}, Sure: true, Tile: -0.6}
			}
			cells[r*n+c].Tile = tc.tile
			unsureRaised(draw(tc.h), cells, &pose, geo)
			if got := cells[r*n+c].Sure; got != tc.want {
				t.Errorf("sure %v, want %v", got, tc.want)
			}
			for i, o := range cells {
				if i != r*n+c && !o.Sure {
					t.Errorf("%v made unsure", o.Pos)
				}
			}
		})
	}
}

// quadInsideTest reports whether (x, y) lies inside quad q, its corners
// in faceQuad's order.
func quadInsideTest(q vision.Quad, x, y float64) bool {
	for i := range q {
		a, b := q[i], q[(i+1)%4]
		if (b.X-a.X)*(y-a.Y)-(b.Y-a.Y)*(x-a.X) < 0 {
			return false
		}
	}
	return true
}
