package vision

import (
	"math"
	"testing"
)

// TestDimGain: a picture is brightened for the board search only when
// its median grey is under dimLuma, to a median of twice dimLuma, and by
// eight times at most (a black picture is not raised without bound).
func TestDimGain(t *testing.T) {
	tests := []struct {
		name string
		med  int
		want float64
	}{
		{"lit", 120, 1},
		{"dimLuma itself", dimLuma, 1},
		{"dim", dimLuma / 2, 4},
		{"a dark table, median 19", 19, 96.0 / 19},
		{"black", 0, 8},
		{"nearly black", 5, 8},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := dimGain(tc.med); math.Abs(got-tc.want) > 1e-9 {
				t.Errorf("dimGain(%d) = %.3f, want %.3f", tc.med, got, tc.want)
			}
		})
	}
}
