package upwords

import (
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// facePlane draws a 60x60 picture of board grey `board` with a 40x40 face
// at (10, 10) filled by face(x, y) (coordinates inside the face, 0..39).
func facePlane(board uint8, face func(x, y int) uint8) (vision.Plane, vision.Quad) {
	p := vision.Plane{W: 60, H: 60, Pix: make([]uint8, 60*60)}
	for i := range p.Pix {
		p.Pix[i] = board
	}
	for y := 0; y < 40; y++ {
		for x := 0; x < 40; x++ {
			p.Pix[(y+10)*60+x+10] = face(x, y)
		}
	}
	return p, vision.Quad{{X: 10, Y: 10}, {X: 50, Y: 10}, {X: 50, Y: 50}, {X: 10, Y: 50}}
}

// TestInkedFace: a face a little lighter than the walls passes only when
// its outline band is even and a letter's stroke darkens its middle.
func TestInkedFace(t *testing.T) {
	const walls = 40
	letter := func(light, ink uint8) func(x, y int) uint8 {
		return func(x, y int) uint8 {
			if x >= 18 && x < 22 && y >= 10 && y < 30 { // the stroke of an I
				return ink
			}
			return light
		}
	}
	tests := []struct {
		name string
		face func(x, y int) uint8
		want bool
	}{
		{"a dim tile with a letter", letter(80, 30), true},
		{"a dim tile with a faint letter", letter(80, 60), false},
		{"an even light patch, no letter", letter(80, 80), false},
		{"no lighter than the walls", letter(45, 15), false},
		{"half a tile and half the floor", func(x, y int) uint8 {
			if x < 20 {
				return 30
			}
			return letter(80, 30)(x, y)
		}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, q := facePlane(walls, tc.face)
			if got := inkedFace(p, nil, q, walls) > 0; got != tc.want {
				t.Errorf("inkedFace = %v, want %v", got, tc.want)
			}
		})
	}
}
