package vision

import (
	"math"
	"testing"
)

// TestEdgeSkew: on a drawn board (a dark plate reaching 0.8 of a square
// beyond a 10 x 10 grid, on a light table), the grid placed right, or
// moved whole a fifth of a square, reads the board's edge square with
// every side; the grid with its far corner pulled a third of a square
// reads it askew by more than OnSamples lets a move add
// (onSamplesSkew); a picture with no edge measures no side.
func TestEdgeSkew(t *testing.T) {
	const n, px, off = 10, 30.0, 80.0
	board := func(x, y float64) bool {
		u, v := (x-off)/px, (y-off)/px
		return u > -0.8 && u < n+0.8 && v > -0.8 && v < n+0.8
	}
	drawn := Plane{W: 460, H: 460, Pix: make([]byte, 460*460)}
	blank := Plane{W: 460, H: 460, Pix: make([]byte, 460*460)}
	for y := 0; y < drawn.H; y++ {
		for x := 0; x < drawn.W; x++ {
			drawn.Pix[y*drawn.W+x] = 200
			if board(float64(x)+0.5, float64(y)+0.5) {
				drawn.Pix[y*drawn.W+x] = 50
			}
			blank.Pix[y*blank.W+x] = 120
		}
	}
	grid := func(t *testing.T, q Quad) Grid {
		h, err := QuadHomography(n, n, q)
		if err != nil {
			t.Fatal(err)
		}
		return Grid{N: n, H: h, fit: boardFit{H: h}}
	}
	lo, hi := off, off+n*px
	right := Quad{{lo, lo}, {hi, lo}, {hi, hi}, {lo, hi}}
	s := px / 5
	moved := Quad{{lo + s, lo + s}, {hi + s, lo + s}, {hi + s, hi + s}, {lo + s, hi + s}}
	pulled := Quad{{lo, lo}, {hi, lo}, {hi + px/3, hi + px/3}, {lo, hi}}
	for _, tc := range []struct {
		name   string
		p      Plane
		q      Quad
		askew  bool // more askew than onSamplesSkew against the right grid
		noSide bool
	}{
		{"the grid on the board", drawn, right, false, false},
		{"the grid moved whole a fifth of a square", drawn, moved, false, false},
		{"the far corner pulled a third of a square", drawn, pulled, true, false},
		{"no edge in the picture", blank, pulled, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base := edgeSkew(tc.p, grid(t, right))
			got := edgeSkew(tc.p, grid(t, tc.q))
			for i, v := range got {
				if tc.noSide != math.IsNaN(v) {
					t.Errorf("side %d: %.2f, want measured %v", i, v, !tc.noSide)
				}
			}
			if d := moreAskew(base, got); (d > onSamplesSkew) != tc.askew {
				t.Errorf("%.2f squares more askew than the right grid (sides %.2f), want more than %.2f: %v", d, got, onSamplesSkew, tc.askew)
			}
		})
	}
}
