package upwords

import (
	"testing"

	"github.com/tilescope/tilescope/vision"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision/render"
)

// TestSureAndCovered: a square read sure is read right (letter and height,
// or empty: one photo alone rarely makes a stack's height sure), and a
// stack a hand hides is never shown as a bare square: it is read, or
// the square is Covered. Rendered scenes, each with and without a hand
// over the board.
func TestSureAndCovered(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		t.Skipf("no letter model: %v", err)
	}
	tests := []struct {
		name       string
		seed       int64
		difficulty string
	}{
		{"easy", 510001, "easy"},
		{"normal", 510002, "normal"},
		{"normal, another board", 510003, "normal"},
	}
	for _, tc := range tests {
		for _, hand := range []bool{false, true} {
			name := tc.name
			if hand {
				name += ", a hand over the board"
			}
			t.Run(name, func(t *testing.T) {
				state, err := render.RandomUpwords(tc.seed, 10)
				if err != nil {
					t.Fatal(err)
				}
				opt, err := render.RandomOptions(tc.seed, tc.difficulty)
				if err != nil {
					t.Fatal(err)
				}
				opt.Hand = hand
				sc, err := render.Render("upwords", state, opt)
				if err != nil {
					t.Fatal(err)
				}
				img, err := sc.Photo()
				if err != nil {
					t.Fatal(err)
				}
				r, err := ScanUpwords(img, Options{Reader: rd, CameraOrientation: true})
				if err != nil {
					t.Fatal(err)
				}
				// Compare in the truth's orientation: the grid's corner
				// order against the truth's.
				var tq vision.Quad
				for i, c := range sc.Truth.Board.Corners {
					tq[i] = vision.Point{X: c[0], Y: c[1]}
				}
				k := 0
				best := -1.0
				for s := 0; s < 4; s++ {
					e := 0.0
					for i := 0; i < 4; i++ {
						d := tq[(i+s)%4]
						e += (d.X-r.Corners[i].X)*(d.X-r.Corners[i].X) + (d.Y-r.Corners[i].Y)*(d.Y-r.Corners[i].Y)
					}
					if best < 0 || e < best {
						best, k = e, s
					}
				}
				hidden := map[grid.Pos]bool{}
				truth := grid.New(10, 10)
				for _, c := range sc.Truth.Cells {
					if c.Height > 0 {
						truth.Set(grid.Pos{Row: c.Row, Col: c.Col}, grid.Stack{Letter: c.Letter, Height: c.Height})
						hidden[grid.Pos{Row: c.Row, Col: c.Col}] = c.Occluded
					}
				}
				sure, covered := 0, 0
				truth.Each(func(p grid.Pos, want grid.Stack) {
					c := r.Cell(ourPos(p, k, 10))
					if c.Covered {
						covered++
						if c.Sure || c.Height > 0 {
							t.Errorf("%v: covered but sure %v, height %d", p, c.Sure, c.Height)
						}
					}
					if hidden[p] && c.Height == 0 && !c.Covered {
						t.Errorf("%v: %s under the hand shown as a bare square", p, want)
					}
					if c.Sure && c.Height == 0 && !want.Empty() {
						t.Errorf("%v: %s read as a bare square, sure", p, want)
					}
					if !c.Sure || c.Height == 0 {
						return
					}
					sure++
					if c.Letter != want.Letter || c.Height != want.Height {
						t.Errorf("%v: read sure as %s%d, is %s", p, c.Letter, c.Height, want)
					}
				})
				t.Logf("%d stacks, %d read sure, %d squares covered", truth.Count(), sure, covered)
			})
		}
	}
}
