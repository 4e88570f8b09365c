package upwords

import (
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// wallsOf is a board of n squares whose walls all read grey w and whose
// squares' floors read floor (nil: not measured).
func wallsOf(n int, w float64, floor []float64) wallSamples {
	m := 2*n + 1
	s := wallSamples{n: n, v: make([]float64, m*m), pts: make([]vision.Point, m*m), floor: floor}
	for i := range s.v {
		s.v[i] = w
		if (i/m)%2 == 1 && (i%m)%2 == 1 {
			s.v[i] = -1
		}
	}
	return s
}

func TestWallRef(t *testing.T) {
	const n = 5
	fill := func(g float64, set map[int]float64) []float64 {
		f := make([]float64, n*n)
		for i := range f {
			f[i] = g
		}
		for i, v := range set {
			f[i] = v
		}
		return f
	}
	tests := []struct {
		name  string
		walls float64
		floor []float64
		r, c  int
		want  float64
	}{
		{"walls lighter than the floor: the walls", 50, fill(45, nil), 2, 2, 50},
		{"walls darker than the floor: the darkest floor near", 18, fill(47, map[int]float64{7: 44}), 2, 2, 44},
		{"tiles around: the one bare floor near", 18, fill(160, map[int]float64{0: 47}), 2, 2, 47},
		{"the square's own floor left out", 18, fill(160, map[int]float64{12: 47}), 2, 2, 160},
		{"a dark floor two squares off counts", 18, fill(47, map[int]float64{24: 30}), 2, 2, 30},
		{"a dark floor three squares off does not", 18, fill(47, map[int]float64{4: 30}), 0, 1, 47},
		{"hidden floors left out", 18, fill(-1, map[int]float64{13: 47}), 2, 2, 47},
		{"no floor measured: the walls", 18, nil, 2, 2, 18},
		{"every floor near hidden: the walls", 18, fill(-1, nil), 2, 2, 18},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := wallsOf(n, tc.walls, tc.floor).ref(tc.r, tc.c, nil)
			if got != tc.want {
				t.Errorf("ref(%d, %d) = %.1f, want %.1f", tc.r, tc.c, got, tc.want)
			}
		})
	}
}
