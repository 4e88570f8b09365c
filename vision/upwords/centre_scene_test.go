package upwords

import (
	"bytes"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision/render"
)

// TestCentreStacksRead: a stack on one of the four centre squares is
// read as a stack, whatever the centre's print and the tiles' ink: with
// red ink (another maker's set) the red of a tile's letter on a centre
// square looks like the project's printed diamond, and such stacks were
// read as bare squares. Rendered scenes, easy conditions, the four
// centre squares each covered.
func TestCentreStacksRead(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	rd, err := ocr.ForUpwords()
	if err != nil {
		t.Skipf("no letter model: %v", err)
	}
	red := render.UpwordsPrint{Face: [3]float64{236, 230, 214}, Ink: [3]float64{120, 26, 30}, Size: 0.56}
	tests := []struct {
		name   string
		seed   int64
		print  *render.UpwordsPrint
		centre string
	}{
		{"red ink, the classic diamond", 520001, &red, "classic"},
		{"red ink, a plain centre", 520002, &red, "plain"},
		{"the project's set, the classic diamond", 520003, nil, "classic"},
	}
	letters := []string{"R", "A", "T", "E"}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			text, err := render.RandomUpwords(tc.seed, 10)
			if err != nil {
				t.Fatal(err)
			}
			state, err := grid.Parse(bytes.NewReader(text), "the drawn state")
			if err != nil {
				t.Fatal(err)
			}
			for i, p := range []grid.Pos{{Row: 4, Col: 4}, {Row: 4, Col: 5}, {Row: 5, Col: 4}, {Row: 5, Col: 5}} {
				if state.At(p).Empty() {
					state.Set(p, grid.Stack{Letter: letters[i], Height: 1})
				}
			}
			opt, err := render.RandomOptions(tc.seed, "easy")
			if err != nil {
				t.Fatal(err)
			}
			opt.UpwordsPrint, opt.UpwordsCentre = tc.print, tc.centre
			sc, err := render.Render("upwords", []byte(state.String()), opt)
			if err != nil {
				t.Fatal(err)
			}
			img, err := sc.Photo()
			if err != nil {
				t.Fatal(err)
			}
			r, err := ScanUpwords(img, Options{Reader: rd})
			if err != nil {
				t.Fatal(err)
			}
			turned := sceneTurn(t, sc, r)
			for _, p := range []grid.Pos{{Row: 4, Col: 4}, {Row: 4, Col: 5}, {Row: 5, Col: 4}, {Row: 5, Col: 5}} {
				want := state.At(p)
				c := r.Cell(ourPos(p, turned, 10))
				if c.Height == 0 {
					t.Errorf("%v: %s read as a bare square (sure %v, covered %v)", p, want, c.Sure, c.Covered)
				}
			}
		})
	}
}
