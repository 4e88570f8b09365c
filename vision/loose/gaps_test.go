package loose

import (
	"math"
	"testing"
)

// inkCell is a side x side cell of one colour with a bar of another down
// its middle (bar 0 wide: none), and its quad.
func inkCell(side, bar int, face, ink [3]uint8) (rgbImage, [4]Point) {
	m := rgbImage{w: side, h: side, pix: make([]byte, 3*side*side)}
	for y := 0; y < side; y++ {
		for x := 0; x < side; x++ {
			c := face
			if bar > 0 && x >= (side-bar)/2 && x < (side+bar)/2 && y >= side/4 && y < 3*side/4 {
				c = ink
			}
			copy(m.pix[3*(y*side+x):], c[:])
		}
	}
	s := float64(side)
	return m, [4]Point{{0, 0}, {s, 0}, {s, s}, {0, s}}
}

func TestInkInMiddle(t *testing.T) {
	cream := [3]uint8{225, 215, 190}
	cases := []struct {
		name      string
		bar       int
		face, ink [3]uint8
		want      bool
	}{
		{"plain cream face", 0, cream, cream, false},
		{"black letter", 6, cream, [3]uint8{40, 40, 40}, true},
		// A blurred red "+3" (give 3): 0.65 of the face in grey, 0.53
		// in its darkest channel (the hard renders' missed action tiles
		// measured 0.56-0.71 and 0.45-0.63).
		{"red sign, blurred", 6, cream, [3]uint8{215, 110, 100}, true},
		{"wood grain", 6, [3]uint8{150, 100, 60}, [3]uint8{120, 80, 45}, false},
		{"a faint grey mark", 6, cream, [3]uint8{180, 172, 152}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, q := inkCell(64, c.bar, c.face, c.ink)
			if got := inkInMiddle(m, q); got != c.want {
				t.Errorf("inkInMiddle = %v, want %v", got, c.want)
			}
		})
	}
}

// TestCellInkElong: the ink a gap cell holds about its middle, its
// elongation and its centre (an I's bar is long and thin, a block
// letter is not; the lines at the cell's edges are the neighbours').
func TestCellInkElong(t *testing.T) {
	cream := [3]uint8{225, 215, 190}
	black := [3]uint8{40, 40, 40}
	const side = 64
	paint := func(m rgbImage, x0, y0, x1, y1 int) {
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				copy(m.pix[3*(y*side+x):], black[:])
			}
		}
	}
	for _, tc := range []struct {
		name         string
		draw         func(m rgbImage)
		ok           bool
		minE, maxE   float64
		wantX, wantY float64
	}{
		{"a plain face", func(rgbImage) {}, false, 0, 0, 0, 0},
		{"an I's bar down the middle", func(m rgbImage) { paint(m, 29, 16, 35, 48) }, true, 3.5, 10, 32, 32},
		{"a block letter", func(m rgbImage) { paint(m, 20, 18, 44, 46) }, true, 1, 1.5, 32, 32},
		{"a bar off to the right of the middle", func(m rgbImage) { paint(m, 36, 16, 42, 48) }, true, 3.5, 10, 39, 32},
		{"only the neighbour's edge line", func(m rgbImage) { paint(m, 0, 0, 3, side) }, false, 0, 0, 0, 0},
		{"a bar and the neighbour's edge line", func(m rgbImage) {
			paint(m, 0, 0, 3, side)
			paint(m, 29, 16, 35, 48)
		}, true, 3.5, 10, 32, 32},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, q := inkCell(side, 0, cream, cream)
			tc.draw(m)
			e, at, ok := cellInkElong(m, q)
			if ok != tc.ok {
				t.Fatalf("ok %v, want %v", ok, tc.ok)
			}
			if !ok {
				return
			}
			if e < tc.minE || e > tc.maxE {
				t.Errorf("elongation %.2f, want %.1f-%.1f", e, tc.minE, tc.maxE)
			}
			if math.Abs(at.X-tc.wantX) > 2 || math.Abs(at.Y-tc.wantY) > 2 {
				t.Errorf("ink at (%.1f, %.1f), want (%.0f, %.0f)", at.X, at.Y, tc.wantX, tc.wantY)
			}
		})
	}
}
