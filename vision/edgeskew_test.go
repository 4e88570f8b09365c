package vision

import (
	"math"
	"testing"
)

// TestEdgeSkew: on a drawn board (a dark plate reaching 0.8 of a square
// beyond a 10 x 10 grid, on a light table), the grid placed right, or
// moved whole a fifth of a square, reads the board's edge square on
// every side; the grid with its far corner pulled a third of a square
// out reads the edge askew by about that on the two sides meeting
// there, and square on the other two; a picture with no edge measures
// no side.
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
		name  string
		p     Plane
		q     Quad
		askew [4]bool // the sides read askew by about a third of a square
		none  bool    // no side measured
	}{
		{"the grid on the board", drawn, right, [4]bool{}, false},
		{"the grid moved whole a fifth of a square", drawn, moved, [4]bool{}, false},
		{"the far corner pulled a third of a square", drawn, pulled, [4]bool{false, true, false, true}, false},
		{"no edge in the picture", blank, pulled, [4]bool{}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := grid(t, tc.q).EdgeSkew(tc.p)
			for i, v := range got {
				switch {
				case tc.none != math.IsNaN(v):
					t.Errorf("side %d: %.2f, want measured %v", i, v, !tc.none)
				case tc.none:
				case tc.askew[i] && (math.Abs(v) < 0.2 || math.Abs(v) > 0.5):
					t.Errorf("side %d: %.2f squares askew, want about a third", i, v)
				case !tc.askew[i] && math.Abs(v) > 0.1:
					t.Errorf("side %d: %.2f squares askew, want square", i, v)
				}
			}
		})
	}
}

// TestEdgeDistances: on a drawn board whose plate reaches 0.8 of a square
// beyond a 10 x 10 grid, the grid placed right reads the edge 0.8 out on
// every side; the grid moved a whole row down reads it a square nearer
// on the high y side (inside the grid's last row) and a square further
// on the low y side; a picture with no edge measures no side.
func TestEdgeDistances(t *testing.T) {
	const n, px, off = 10, 30.0, 80.0
	drawn := Plane{W: 520, H: 520, Pix: make([]byte, 520*520)}
	blank := Plane{W: 520, H: 520, Pix: make([]byte, 520*520)}
	for y := 0; y < drawn.H; y++ {
		for x := 0; x < drawn.W; x++ {
			u, v := (float64(x)+0.5-off)/px, (float64(y)+0.5-off)/px
			drawn.Pix[y*drawn.W+x] = 200
			if u > -0.8 && u < n+0.8 && v > -0.8 && v < n+0.8 {
				drawn.Pix[y*drawn.W+x] = 50
			}
			blank.Pix[y*blank.W+x] = 120
		}
	}
	lo, hi := off, off+n*px
	for _, tc := range []struct {
		name string
		p    Plane
		q    Quad
		want [4]float64 // NaN: not measured
	}{
		{"the grid on the board", drawn, Quad{{lo, lo}, {hi, lo}, {hi, hi}, {lo, hi}}, [4]float64{0.8, 0.8, 0.8, 0.8}},
		{"the grid a row down", drawn, Quad{{lo, lo + px}, {hi, lo + px}, {hi, hi + px}, {lo, hi + px}}, [4]float64{0.8, 0.8, 1.8, -0.2}},
		{"no edge in the picture", blank, Quad{{lo, lo}, {hi, lo}, {hi, hi}, {lo, hi}}, [4]float64{math.NaN(), math.NaN(), math.NaN(), math.NaN()}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, err := QuadHomography(n, n, tc.q)
			if err != nil {
				t.Fatal(err)
			}
			got := Grid{N: n, H: h, fit: boardFit{H: h}}.EdgeDistances(tc.p)
			for i, v := range got {
				switch w := tc.want[i]; {
				case math.IsNaN(w) != math.IsNaN(v):
					t.Errorf("side %d: %.2f, want %.2f", i, v, w)
				case !math.IsNaN(w) && math.Abs(v-w) > 0.1:
					t.Errorf("side %d: edge %.2f squares out, want %.2f", i, v, w)
				}
			}
		})
	}
}
