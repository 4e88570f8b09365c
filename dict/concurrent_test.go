package dict

import (
	"sync"
	"testing"
)

// TestConcurrentUse: the built-in lists are loaded once and shared by
// goroutines that look words up at the same time (the table service does).
func TestConcurrentUse(t *testing.T) {
	var wg sync.WaitGroup
	errs := make(chan string, 16)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				if !English().Contains("QI") || English().Contains("QX") || !Russian().Contains("ЁЖ") {
					errs <- "wrong answer under concurrency"
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}
