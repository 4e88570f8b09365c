//go:build linux && cgo

package cmem

import "testing"

// TestKeepFreed: after KeepFreed, blocks of a working image's size come
// from the heap (reused when freed), not from mappings of their own
// (without it, each such block is mapped: glibc maps blocks over 128 kB
// until it has freed a mapped one at least as large).
func TestKeepFreed(t *testing.T) {
	for _, tc := range []struct {
		name string
		size int
	}{
		{"a 640x640 float image", 640 * 640 * 4},
		{"a 1640x1232 float image", 1640 * 1232 * 4},
		{"a 1640x1232 photo's three planes of floats", 3 * 1640 * 1232 * 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !KeepFreed() {
				t.Fatal("the C library did not take the thresholds")
			}
			if mappedFor(tc.size) {
				t.Errorf("a block of %d bytes was given a mapping of its own", tc.size)
			}
		})
	}
}
