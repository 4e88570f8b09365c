package vision

import (
	"math"
	"testing"
)

// TestPlaneAt checks the bilinear grey against its four neighbours worked
// out by hand, inside, on the last column and row (where the neighbour
// beyond is the pixel itself) and off the picture.
func TestPlaneAt(t *testing.T) {
	p := Plane{W: 3, H: 2, Pix: []uint8{
		10, 20, 40,
		100, 0, 255,
	}}
	cases := []struct {
		name string
		x, y float64
		want float64
	}{
		{"first pixel's centre", 0.5, 0.5, 10},
		{"halfway right", 1, 0.5, 15},
		{"halfway down", 0.5, 1, 55},
		{"between two rows", 1.5, 1.25, 0.25*20 + 0.75*0},
		{"between four", 2.25, 1.0, 0.5*(0.25*20+0.75*40) + 0.5*(0.25*0+0.75*255)},
		{"last column's centre", 2.5, 0.75, 0.75*40 + 0.25*255},
		{"last row's centre", 1.25, 1.5, 0.25*100 + 0.75*0},
		{"last pixel's centre", 2.5, 1.5, 255},
		{"left of the picture", 0.4, 1, -1},
		{"below the picture", 1, 1.6, -1},
		{"right of the picture", 2.6, 1, -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := p.At(c.x, c.y); math.Abs(got-c.want) > 1e-9 {
				t.Fatalf("At(%v, %v) = %v, want %v", c.x, c.y, got, c.want)
			}
		})
	}
}
