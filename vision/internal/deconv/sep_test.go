package deconv

import (
	"math/rand"
	"testing"
)

// TestConvolveSep: on planes of any shape every value is, to the bit,
// the sum a loop over the taps per pixel gives with the edges repeated.
func TestConvolveSep(t *testing.T) {
	k := []float64{0.05, 0.1, 0.2, 0.3, 0.2, 0.1, 0.05}
	for _, tc := range []struct {
		name string
		w, h int
	}{
		{"wide", 23, 9},
		{"tall", 5, 17},
		{"narrower than the kernel", 3, 4},
		{"square", 12, 12},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewSource(int64(tc.w*100 + tc.h)))
			w, h := tc.w, tc.h
			p := make([]float64, w*h)
			for i := range p {
				p[i] = rng.Float64() * 255
			}
			r := len(k) / 2
			clamp := func(v, n int) int { return min(n-1, max(0, v)) }
			tmp := make([]float64, w*h)
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					var s float64
					for i, wt := range k {
						s += wt * p[y*w+clamp(x+i-r, w)]
					}
					tmp[y*w+x] = s
				}
			}
			want := make([]float64, w*h)
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					var s float64
					for i, wt := range k {
						s += wt * tmp[clamp(y+i-r, h)*w+x]
					}
					want[y*w+x] = s
				}
			}
			got := make([]float64, w*h)
			ConvolveSep(p, got, make([]float64, w*h), w, h, k)
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("value %d: %v, want %v", i, got[i], want[i])
				}
			}
		})
	}
}
