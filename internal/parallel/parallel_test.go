package parallel

import (
	"runtime"
	"sync/atomic"
	"testing"
)

// TestFor: every index is done exactly once, on one processor and on
// several, for no piece, one and many.
func TestFor(t *testing.T) {
	for _, tc := range []struct {
		name  string
		procs int
		n     int
	}{
		{"none", 2, 0},
		{"one piece", 2, 1},
		{"one processor", 1, 50},
		{"two processors", 2, 1000},
		{"more processors than workers", 8, 37},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(tc.procs))
			done := make([]atomic.Int32, tc.n)
			For(tc.n, func(i int) { done[i].Add(1) })
			for i := range done {
				if got := done[i].Load(); got != 1 {
					t.Errorf("index %d done %d times, want once", i, got)
				}
			}
		})
	}
}
