package upwords

import (
	"math"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestLocateFace: a light tile's face on a dark board, sharp or blurred,
// is found by its outline from a guess moved and scaled off it, within a
// few hundredths of its side; a guess on the face stays on it.
func TestLocateFace(t *testing.T) {
	const side = 40.0
	tile := vision.Quad{{X: 50, Y: 50}, {X: 50 + side, Y: 50}, {X: 50 + side, Y: 50 + side}, {X: 50, Y: 50 + side}}
	cases := []struct {
		name       string
		blur       int // box blur radius, pixels
		du, dv, sc float64
	}{
		{name: "on the face", du: 0, dv: 0, sc: 1},
		{name: "a tenth off along x", du: 0.1, dv: 0, sc: 1},
		{name: "a fifth off diagonally", du: -0.2, dv: 0.15, sc: 1},
		{name: "too small and off", du: 0.05, dv: -0.1, sc: 0.9},
		{name: "blurred, off", blur: 3, du: -0.15, dv: -0.1, sc: 1.05},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := tilePlane(140, tile, tc.blur)
			guess := jitterQuad(tile, tc.du, tc.dv, tc.sc)
			got := locateFace(p, guess)
			c, want := got.Centre(), tile.Centre()
			if d := math.Hypot(c.X-want.X, c.Y-want.Y) / side; d > 0.05 {
				t.Errorf("located centre %.1f,%.1f, %.3f of a side from the face's %.1f,%.1f", c.X, c.Y, d, want.X, want.Y)
			}
			gs := math.Hypot(got[1].X-got[0].X, got[1].Y-got[0].Y)
			if math.Abs(gs-side)/side > 0.08 {
				t.Errorf("located side %.1f px, the face's %.0f", gs, side)
			}
		})
	}
}

// tilePlane is an n x n dark board with one light face (q, axis-aligned)
// bearing a dark bar for a letter, box-blurred by radius r.
func tilePlane(n int, q vision.Quad, r int) vision.Plane {
	p := vision.Plane{W: n, H: n, Pix: make([]uint8, n*n)}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			v := uint8(50)
			fx, fy := float64(x)+0.5, float64(y)+0.5
			if fx > q[0].X && fx < q[1].X && fy > q[0].Y && fy < q[2].Y {
				v = 210
				mx := (q[0].X + q[1].X) / 2
				if math.Abs(fx-mx) < 3 && fy > q[0].Y+10 && fy < q[2].Y-10 {
					v = 40
				}
			}
			p.Pix[y*n+x] = v
		}
	}
	if r == 0 {
		return p
	}
	out := vision.Plane{W: n, H: n, Pix: make([]uint8, n*n)}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			s, k := 0, 0
			for dy := -r; dy <= r; dy++ {
				for dx := -r; dx <= r; dx++ {
					xx, yy := x+dx, y+dy
					if xx >= 0 && yy >= 0 && xx < n && yy < n {
						s += int(p.Pix[yy*n+xx])
						k++
					}
				}
			}
			out.Pix[y*n+x] = uint8(s / k)
		}
	}
	return out
}
