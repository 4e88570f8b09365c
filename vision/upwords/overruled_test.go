package upwords

import (
	"image"
	"image/color"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// TestReadOverruledInView: a square the reader's "no tile" left covered
// against the light's evidence of a tile is a stack again, its likeliest
// letter read and never sure, only when no square of the board shows
// something lying over it by its own walls, darkness or colour: with a
// sign of a hand anywhere on the board (a square overlaid by its walls,
// or read empty with its floor off the board's colour) it stays covered,
// as do the centre squares and squares covered by their walls alone.
func TestReadOverruledInView(t *testing.T) {
	const n = 10
	img := image.NewRGBA(image.Rect(0, 0, 40, 40))
	for y := 0; y < 40; y++ {
		for x := 0; x < 40; x++ {
			img.Set(x, y, color.RGBA{200, 190, 170, 255})
		}
	}
	face := vision.Quad{{X: 4, Y: 4}, {X: 36, Y: 4}, {X: 36, Y: 36}, {X: 4, Y: 36}}
	board := func() []Cell {
		cells := make([]Cell, n*n)
		for i := range cells {
			cells[i] = Cell{Pos: grid.Pos{Row: i / n, Col: i % n}, Tile: -0.6, Face: face,
				floor: floorColour{u: 0.10 + 0.002*float64(i%5), v: -0.05, ok: true}}
		}
		return cells
	}
	overrule := func(cells []Cell, r, c int) {
		cells[r*n+c] = Cell{Pos: grid.Pos{Row: r, Col: c}, Covered: true, overlaid: true, noTile: true,
			overruled: &overruled{tile: 0.4, height: 2, margin: 0.5}, Face: face}
	}
	tests := []struct {
		name    string
		sign    func(cells []Cell) // what else the board shows
		at      grid.Pos
		stacked bool
	}{
		{"no sign of a hand: a stack", nil, grid.Pos{Row: 2, Col: 7}, true},
		{"a centre square stays covered", nil, grid.Pos{Row: 4, Col: 5}, false},
		{"a square overlaid by its walls far away: covered", func(cells []Cell) {
			cells[9*n+0].Covered, cells[9*n+0].overlaid = true, true
		}, grid.Pos{Row: 2, Col: 7}, false},
		{"a bare square off the board's colour far away: covered", func(cells []Cell) {
			cells[9*n+9].floor.u = 0.45
		}, grid.Pos{Row: 2, Col: 7}, false},
		{"another overruled square is no sign", func(cells []Cell) {
			overrule(cells, 8, 1)
		}, grid.Pos{Row: 2, Col: 7}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cells := board()
			overrule(cells, tc.at.Row, tc.at.Col)
			if tc.sign != nil {
				tc.sign(cells)
			}
			faces := make([]image.Image, len(cells))
			if err := readOverruledInView(img, cells, faces, n, 32, letterStub{}); err != nil {
				t.Fatal(err)
			}
			c := cells[tc.at.Row*n+tc.at.Col]
			if got := c.Height > 0; got != tc.stacked {
				t.Fatalf("%v: stack %v (height %d), want %v", tc.at, got, c.Height, tc.stacked)
			}
			if tc.stacked {
				if c.Height != 2 || c.Letter != "E" || c.Covered || !c.byLook || faces[tc.at.Row*n+tc.at.Col] == nil {
					t.Errorf("%v: read %s%d covered %v byLook %v, want E2 read by its likeliest letter, not covered", tc.at, c.Letter, c.Height, c.Covered, c.byLook)
				}
				if sureCell(c, true) {
					t.Errorf("%v: a stack read against the reader's word is sure", tc.at)
				}
			} else if !c.Covered {
				t.Errorf("%v: no longer covered", tc.at)
			}
		})
	}
}
