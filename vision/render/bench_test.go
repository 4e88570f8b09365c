package render

import (
	"sort"
	"syscall"
	"testing"
	"time"
)

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkRenderUpwords renders 1640x1232 Upwords scenes of a random game
// under "normal" conditions. Besides ns/op it reports the median wall time
// and the CPU time per scene (the latter is what matters on a busy
// machine).
func BenchmarkRenderUpwords(b *testing.B) {
	benchRender(b, "upwords", 1640, 1232)
}

func BenchmarkRenderUpwords2028(b *testing.B) {
	benchRender(b, "upwords", 2028, 1520)
}

func benchRender(b *testing.B, game string, w, h int) {
	state, err := RandomState(game, 7)
	if err != nil {
		b.Fatal(err)
	}
	o, _ := RandomOptions(7, "normal")
	o.Width, o.Height = w, h
	if _, err := Render(game, state, o); err != nil { // warm the caches
		b.Fatal(err)
	}
	var walls []time.Duration
	c0 := cpuTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		o.Seed = int64(i)
		t0 := time.Now()
		if _, err := Render(game, state, o); err != nil {
			b.Fatal(err)
		}
		walls = append(walls, time.Since(t0))
	}
	b.StopTimer()
	sort.Slice(walls, func(i, j int) bool { return walls[i] < walls[j] })
	b.ReportMetric(float64(walls[len(walls)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64((cpuTime()-c0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
