//go:build linux && cgo

package cmem

import "testing"

// TestKeepFreed: after KeepFreed, blocks of a working image's size come
// from the heap (reused when freed), not from mappings of their own.
func TestKeepFreed(t *testing.T) {
	for _, tc := range []struct {
		name   string
		size   int
		mapped bool
	}{
		{"640x640 float image", 640 * 640 * 4, false},
		{"1640x1232 float image", 1640 * 1232 * 4, false},
		{"a 1640x1232 photo's three planes of floats", 3 * 1640 * 1232 * 4, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !KeepFreed() {
				t.Fatal("the C library did not take the thresholds")
			}
			if got := mappedFor(tc.size); got != tc.mapped {
				t.Errorf("a block of %d bytes mapped: %v, want %v", tc.size, got, tc.mapped)
			}
		})
	}
}
