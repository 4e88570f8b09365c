package vision

import (
	"math"
	"testing"
)

// stretchSamples are the line samples of a true grid tr (board squares
// to pixels), n squares a side, seen through the found grid h: line k's
// points where tr has line k, except that side rim's outermost line
// (innerSides's numbering; -1 for none) is seen half a square out, on
// the board's rim.
func stretchSamples(tr Homography, n, rim int) []lineSample {
	var out []lineSample
	nf := float64(n)
	for _, vertical := range []bool{true, false} {
		for k := 0; k <= n; k++ {
			pos := float64(k)
			switch {
			case vertical && k == 0 && rim == 0, !vertical && k == 0 && rim == 2:
				pos = -0.5
			case vertical && k == n && rim == 1, !vertical && k == n && rim == 3:
				pos = nf + 0.5
			}
			for j := 0; j < n; j++ {
				t := float64(j) + 0.5
				p := Point{pos, t}
				if !vertical {
					p = Point{t, pos}
				}
				out = append(out, lineSample{Vertical: vertical, K: k, P: tr.Apply(p)})
			}
		}
	}
	return out
}

func TestInnerSides(t *testing.T) {
	const n = 10
	// A board seen in perspective: 40 px squares, tilted.
	tr := Homography{40, 4, 300, -2, 36, 200, 0.0002, 0.0004, 1}
	nf := float64(n)
	// The grid as found: stretched by half a square towards one side.
	stretched := map[int]Homography{
		-1: tr,
		0:  tr.Mul(Homography{(nf + 0.5) / nf, 0, -0.5, 0, 1, 0, 0, 0, 1}),
		1:  tr.Mul(Homography{(nf + 0.5) / nf, 0, 0, 0, 1, 0, 0, 0, 1}),
		2:  tr.Mul(Homography{1, 0, 0, 0, (nf + 0.5) / nf, -0.5, 0, 0, 1}),
		3:  tr.Mul(Homography{1, 0, 0, 0, (nf + 0.5) / nf, 0, 0, 0, 1}),
	}
	for _, tc := range []struct {
		name string
		rim  int // the side whose outermost line was taken on the rim
	}{
		{"right grid", -1},
		{"stretched left", 0},
		{"stretched right", 1},
		{"stretched top", 2},
		{"stretched bottom", 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := boardFit{H: stretched[tc.rim], samples: stretchSamples(tr, n, tc.rim)}
			in, ok := innerSides(f, n)
			if !ok {
				t.Fatal("no grid fitted to the inner lines")
			}
			for s, v := range in {
				want := 0.0
				if s == tc.rim {
					want = 0.5 * nf / (nf + 0.5) // half a square of the true grid, in the stretched one's squares
				}
				if math.Abs(v-want) > 0.02 {
					t.Errorf("side %d put %.3f in, want %.3f", s, v, want)
				}
			}
			if got := stretchedSide(in); got != tc.rim {
				t.Errorf("stretched side %d, want %d", got, tc.rim)
			}
		})
	}
}

func TestStretchedSide(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   [4]float64
		want int
	}{
		{"all agree", [4]float64{0.02, -0.05, 0.1, 0.2}, -1},
		{"one side in", [4]float64{0.01, 0.02, 0.3, 0.0}, 2},
		{"one side out", [4]float64{-0.4, 0.02, 0.0, 0.0}, -1},
		{"both sides of an axis in", [4]float64{0.3, 0.3, 0.0, 0.0}, -1},
		{"the furthest in of two", [4]float64{0.3, 0.0, 0.0, 0.45}, 3},
		{"opposite side out", [4]float64{0.0, 0.0, 0.3, -0.3}, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := stretchedSide(tc.in); got != tc.want {
				t.Errorf("stretchedSide(%v) = %d, want %d", tc.in, got, tc.want)
			}
		})
	}
}
