package deconv

import (
	"math"
	"testing"
)

func TestGaussianKernel(t *testing.T) {
	for _, tc := range []struct {
		name         string
		sigma, reach float64
		taps         int
	}{
		{"one sigma out to three", 1, 3, 7},
		{"reach rounded up", 1.2, 2.5, 7},
		{"a wide blur", 3.5, 3, 23},
		{"narrower than a pixel", 0.3, 3, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k := GaussianKernel(tc.sigma, tc.reach)
			if len(k) != tc.taps {
				t.Fatalf("GaussianKernel(%v, %v) has %d taps, want %d", tc.sigma, tc.reach, len(k), tc.taps)
			}
			var sum float64
			r := len(k) / 2
			for i, v := range k {
				sum += v
				if v != k[len(k)-1-i] {
					t.Errorf("tap %d = %v, its mirror %v", i, v, k[len(k)-1-i])
				}
				if i > 0 && i <= r && v <= k[i-1] {
					t.Errorf("tap %d = %v not above tap %d = %v on the way to the centre", i, v, i-1, k[i-1])
				}
			}
			if math.Abs(sum-1) > 1e-12 {
				t.Errorf("weights sum to %v, want 1", sum)
			}
			// neighbouring taps fall as a Gaussian does
			if got, want := k[r+1]/k[r], math.Exp(-1/(2*tc.sigma*tc.sigma)); math.Abs(got-want) > 1e-12 {
				t.Errorf("k[r+1]/k[r] = %v, want %v", got, want)
			}
		})
	}
}
