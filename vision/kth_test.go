package vision

import (
	"math/rand/v2"
	"sort"
	"testing"
)

func TestKthSmallest(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	random := func(n, levels int) []float64 {
		v := make([]float64, n)
		for i := range v {
			v[i] = float64(rng.IntN(levels))
		}
		return v
	}
	cases := []struct {
		name string
		v    []float64
	}{
		{"one", []float64{7}},
		{"two descending", []float64{2, 1}},
		{"all equal", []float64{4, 4, 4, 4, 4}},
		{"ascending", []float64{1, 2, 3, 4, 5, 6, 7, 8}},
		{"descending", []float64{9, 8, 7, 6, 5, 4, 3, 2, 1}},
		{"negatives and fractions", []float64{-1, 0.5, -0.25, 3, 0.5, -1}},
		{"grey levels, many ties", random(131, 6)},
		{"grey levels", random(90, 256)},
		{"long", random(1000, 100000)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want := append([]float64(nil), c.v...)
			sort.Float64s(want)
			for k := range c.v {
				s := append([]float64(nil), c.v...)
				if got := KthSmallest(s, k); got != want[k] {
					t.Fatalf("k=%d: got %v, want %v", k, got, want[k])
				}
			}
		})
	}
}
