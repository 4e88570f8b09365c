package upwords

import (
	"math/rand"
	"sort"
	"testing"
)

// TestNthSmallest checks the quickselect against a full sort on values
// like the grey samples it sees (many ties, few distinct values) and on
// spread ones, for every k.
func TestNthSmallest(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	cases := []struct {
		name     string
		distinct int // 0: continuous values
	}{
		{"ties", 3},
		{"bytes", 256},
		{"continuous", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for trial := 0; trial < 300; trial++ {
				n := 1 + rng.Intn(60)
				v := make([]float64, n)
				for i := range v {
					if tc.distinct > 0 {
						v[i] = float64(rng.Intn(tc.distinct))
					} else {
						v[i] = rng.Float64() * 255
					}
				}
				want := append([]float64(nil), v...)
				sort.Float64s(want)
				for k := 0; k < n; k++ {
					got := append([]float64(nil), v...)
					if g := nthSmallest(got, k); g != want[k] {
						t.Fatalf("n=%d k=%d: got %v, want %v (values %v)", n, k, g, want[k], v)
					}
				}
			}
		})
	}
}
