package loose

import "testing"

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
