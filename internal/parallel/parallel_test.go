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

// TestForN: every index is done exactly once, by worker i mod workers,
// each worker's indices in increasing order.
func TestForN(t *testing.T) {
	for _, tc := range []struct {
		name    string
		workers int
		n       int
	}{
		{"none", 2, 0},
		{"one piece", 2, 1},
		{"no workers asked", 0, 7},
		{"one worker", 1, 50},
		{"two workers", 2, 1001},
		{"more workers than pieces", 8, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := max(tc.workers, 1)
			by := make([]atomic.Int32, tc.n)
			done := make([]atomic.Int32, tc.n)
			last := make([]int, want) // per worker: written only by worker w
			for w := range last {
				last[w] = -1
			}
			ForN(tc.workers, tc.n, func(w, i int) {
				done[i].Add(1)
				by[i].Store(int32(w))
				if w < 0 || w >= want {
					t.Errorf("index %d given to worker %d, want 0..%d", i, w, want-1)
					return
				}
				if i <= last[w] {
					t.Errorf("worker %d did index %d after %d", w, i, last[w])
				}
				last[w] = i
			})
			for i := range done {
				if got := done[i].Load(); got != 1 {
					t.Errorf("index %d done %d times, want once", i, got)
				}
				if got := int(by[i].Load()); got != i%want {
					t.Errorf("index %d done by worker %d, want %d", i, got, i%want)
				}
			}
		})
	}
}
