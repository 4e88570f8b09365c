package scrabble

import (
	"math"
	"math/rand"
	"sort"
	"testing"
)

// TestMedianAsSorted: median picks its middle values out without sorting
// the list; it must give what the sorted list's middle gives, ties,
// repeated values and long lists (over median's own buffer) included.
func TestMedianAsSorted(t *testing.T) {
	rng := rand.New(rand.NewSource(94000))
	random := func(n, levels int) []float64 {
		v := make([]float64, n)
		for i := range v {
			v[i] = float64(rng.Intn(levels)) - float64(levels)/3
		}
		return v
	}
	cases := []struct {
		name string
		v    []float64
		want float64
	}{
		{"empty", nil, 0},
		{"one", []float64{3}, 3},
		{"two", []float64{4, 1}, 2.5},
		{"odd", []float64{5, 1, 4, 2, 3}, 3},
		{"even with ties", []float64{2, 2, 7, 1, 2, 9}, 2},
		{"all equal", []float64{6, 6, 6, 6}, 6},
		{"descending", []float64{9, 8, 7, 6, 5, 4, 3, 2}, 5.5},
		{"NaN sorted first", []float64{math.NaN(), 1, 2, 3}, 1.5},
	}
	for i, n := range []int{3, 10, 31, 225, 257, 1770} {
		for _, levels := range []int{3, 50, 1 << 30} {
			v := random(n+i%2, levels)
			s := append([]float64(nil), v...)
			sort.Float64s(s)
			want := s[len(s)/2]
			if len(s)%2 == 0 {
				want = (s[len(s)/2-1] + s[len(s)/2]) / 2
			}
			cases = append(cases, struct {
				name string
				v    []float64
				want float64
			}{name: "random", v: v, want: want})
		}
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := append([]float64(nil), tc.v...)
			if got := median(tc.v); got != tc.want {
				t.Errorf("median of %d values = %v, want %v", len(tc.v), got, tc.want)
			}
			for i := range in {
				if in[i] != tc.v[i] && !(math.IsNaN(in[i]) && math.IsNaN(tc.v[i])) {
					t.Fatalf("median changed its argument at %d", i)
				}
			}
			if got := medianOf(append([]float64(nil), tc.v...)); got != tc.want {
				t.Errorf("medianOf of %d values = %v, want %v", len(tc.v), got, tc.want)
			}
		})
	}
}
