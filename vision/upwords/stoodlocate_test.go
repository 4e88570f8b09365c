package upwords

import (
	"image"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// seqReader reads its readings in turn, the last one again once they run
// out.
type seqReader struct {
	readings []ocr.Reading
	n        *int
}

func (r seqReader) Read(image.Image) (ocr.Reading, error) {
	i := min(*r.n, len(r.readings)-1)
	*r.n++
	return r.readings[i], nil
}

// TestReadStackLocatedStood: an unsure face is read again on the face
// located by its outline, and that reading is kept when at least as
// sure, unless it reads a letter that stood on the square through the
// game (stoodLetters, in any of the four reading directions): that face
// may be the covered tile's. A single photo (no stood) refuses none.
func TestReadStackLocatedStood(t *testing.T) {
	const n = 10
	img := image.NewRGBA(image.Rect(0, 0, 200, 200))
	for i := range img.Pix {
		img.Pix[i] = 170
	}
	p := vision.Luma(img)
	face := vision.Quad{{X: 60, Y: 60}, {X: 140, Y: 60}, {X: 140, Y: 140}, {X: 60, Y: 140}}
	at := grid.Pos{Row: 2, Col: 3}
	board := func(q grid.Pos, l string) func(grid.Pos) grid.Stack {
		return func(p grid.Pos) grid.Stack {
			if p == q {
				return grid.Stack{Letter: l, Height: 1}
			}
			return grid.Stack{}
		}
	}
	// The square's three other places as the board turns a quarter at a
	// time (ScanUpwords' turning of the camera's rows and columns).
	turned := []grid.Pos{at}
	for range 3 {
		q := turned[len(turned)-1]
		turned = append(turned, grid.Pos{Row: q.Col, Col: n - 1 - q.Row})
	}
	cases := []struct {
		name  string
		stood func(grid.Pos) grid.Stack
		want  string
	}{
		{"a single photo: the located reading kept", nil, "I"},
		{"an empty square through a game: kept", func(grid.Pos) grid.Stack { return grid.Stack{} }, "I"},
		{"another letter stood there: kept", board(at, "T"), "I"},
		{"the located letter stood there: refused", board(at, "I"), "X"},
		{"it stood there a quarter turn on: refused", board(turned[1], "I"), "X"},
		{"it stood there three quarters on: refused", board(turned[3], "I"), "X"},
		{"it stood on the square beside: kept", board(grid.Pos{Row: 2, Col: 4}, "I"), "I"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			calls := 0
			rd := seqReader{readings: []ocr.Reading{{Letter: "X", Conf: 0.5}, {Letter: "I", Conf: 0.95}}, n: &calls}
			c := Cell{Pos: at, Tile: 0.8, Height: 1, HeightOK: 0.5, Face: face}
			var out image.Image
			if err := readStack(img, p, stoodLetters(tc.stood, n, at), &c, &out, 64, rd); err != nil {
				t.Fatal(err)
			}
			if calls != 2 {
				t.Fatalf("the reader was asked %d times, want 2 (the face and the face located)", calls)
			}
			if c.Letter != tc.want {
				t.Errorf("read %q at %.2f, want %q", c.Letter, c.Conf, tc.want)
			}
			if c.located == nil {
				t.Errorf("no located face kept")
			}
		})
	}
}
