package deconv

import (
	"math"
	"math/rand"
	"testing"
)

// TestAddScaledBits: AddScaled gives every element the bits of the
// scalar acc[x] += w*src[x], for every length from 0 to 67 (the pairs
// and the odd one), slices that start off an even element, and values
// of both signs, large, tiny and below the normal range.
func TestAddScaledBits(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	value := func(kind int) float64 {
		switch kind {
		case 0:
			return 255 * rng.Float64()
		case 1:
			return (rng.Float64() - 0.5) * 1e300
		case 2:
			return (rng.Float64() - 0.5) * 1e-310 // subnormal
		}
		return rng.NormFloat64()
	}
	for _, tc := range []struct {
		name   string
		kind   int
		w      float64
		offset int
	}{
		{"grey levels, a kernel's tap", 0, 0.0372, 0},
		{"grey levels, off an even element", 0, 0.11, 1},
		{"large values", 1, 3.5, 0},
		{"subnormal values", 2, 0.25, 3},
		{"normal values, negative weight", 3, -1.75, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for n := 0; n <= 67; n++ {
				accBuf, srcBuf := make([]float64, n+tc.offset), make([]float64, n+tc.offset+2)
				for i := range accBuf {
					accBuf[i] = value(tc.kind)
				}
				for i := range srcBuf {
					srcBuf[i] = value(tc.kind)
				}
				acc, src := accBuf[tc.offset:], srcBuf[tc.offset:]
				want := make([]float64, n)
				for x := range want {
					want[x] = acc[x] + tc.w*src[x]
				}
				AddScaled(acc, src, tc.w)
				for x := range want {
					if math.Float64bits(acc[x]) != math.Float64bits(want[x]) {
						t.Fatalf("length %d, element %d: %v, want %v", n, x, acc[x], want[x])
					}
				}
			}
		})
	}
}
