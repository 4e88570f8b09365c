package ocr

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's user+system CPU time so far. On a shared
// machine wall-clock ns/op counts other programs' turns on the CPU; CPU
// time per op does not.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU adds a cpu-ns/op metric from a start time taken after
// b.ResetTimer.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}
