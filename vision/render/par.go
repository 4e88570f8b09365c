package render

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// parChunk is the number of rows one worker takes at a time. Work is split
// into fixed chunks whatever the number of cores, and every chunk writes
// only its own rows, so the result does not depend on scheduling.
const parChunk = 32

// parRows calls fn on [lo, hi) row ranges covering [0, n), in parallel.
func parRows(n int, fn func(lo, hi int)) {
	chunks := (n + parChunk - 1) / parChunk
	workers := min(runtime.GOMAXPROCS(0), chunks)
	if workers <= 1 {
		for c := 0; c < chunks; c++ {
			fn(c*parChunk, min(n, (c+1)*parChunk))
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for i := 0; i < workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				c := int(next.Add(1) - 1)
				if c >= chunks {
					return
				}
				fn(c*parChunk, min(n, (c+1)*parChunk))
			}
		}()
	}
	wg.Wait()
}
