package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// MaxWorkers is the most goroutines For starts.
const MaxWorkers = 4

// For calls do(0), ..., do(n-1), shared among as many goroutines as
// there are processors (MaxWorkers at most; in turn on one processor or
// for one piece). do must write nothing but what belongs to its index.
func For(n int, do func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), MaxWorkers, n)
	if workers < 2 {
		for i := 0; i < n; i++ {
			do(i)
		}
		return
	}
	var next atomic.Int64
	work := func() {
		for {
			k := int(next.Add(1)) - 1
			if k >= n {
				return
			}
			do(k)
		}
	}
	// The calling goroutine is one of the workers.
	var wg sync.WaitGroup
	wg.Add(workers - 1)
	for w := 1; w < workers; w++ {
		go func() {
			defer wg.Done()
			work()
		}()
	}
	work()
	wg.Wait()
}

// ForN calls do(w, i) for i in 0..n-1 on workers goroutines (one when
// workers < 1), worker w taking i = w, w+workers, w+2*workers, ... in
// that order: which worker does an index depends on nothing but the
// index and workers, so a worker may keep state of its own (a generator,
// a buffer) indexed by w and the results are the same every run. It
// returns when all are done. do must write nothing but what belongs to
// its index and to its worker.
func ForN(workers, n int, do func(w, i int)) {
	workers = max(workers, 1)
	var wg sync.WaitGroup
	for w := 0; w < min(workers, n); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < n; i += workers {
				do(w, i)
			}
		}()
	}
	wg.Wait()
}
