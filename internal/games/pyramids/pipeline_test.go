package pyramids

import (
	"context"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
)

// BenchmarkReadAnnounced reads the demo's photo of a word announced
// (1640x1232) as the table service does: Read (the scan at the counts the
// game holds) and Reconcile (the move that best explains the photo, and
// the second scan at the counts the move makes, since the stacks the word's
// pyramids left show a layer the game does not know: the session knows
// only the tops the set-up photo showed). The median of single reads is
// reported as median-ms, the processor time of all threads as cpu-ms/op.
func BenchmarkReadAnnounced(b *testing.B) {
	d, err := Game{}.Demo()
	if err != nil {
		b.Fatal(err)
	}
	l, err := pyramids.ReadLog(strings.NewReader(demoLog), "demodata/game.txt")
	if err != nil {
		b.Fatal(err)
	}
	r, err := Game{}.New(d.Options, game.Env{Dict: words{"HOLD": true}})
	if err != nil {
		b.Fatal(err)
	}
	// The board as the session holds it after the set-up photo: the tops
	// and the counts, the house pyramids.
	standing := pyramids.NewBoard()
	reread := 0
	for row := range pyramids.Size {
		for col := range pyramids.Size {
			q := grid.Pos{Row: row, Col: col}
			s := l.Start.At(q)
			if t, ok := s.Top(); ok && t.Colour.IsPlayer() {
				s = pyramids.Stack{Layers: s.Layers[:1], Height: s.Height}
				if l.Entries[0].Announced.At(q).Height == s.Height-1 && s.Height > 1 {
					reread++ // a source whose next layer the game does not know
				}
			}
			standing.Set(q, s)
		}
	}
	if reread == 0 {
		b.Fatal("the announced word's pyramids leave no stack whose next layer is unknown: no second scan")
	}
	pos := Position{Board: standing}
	frame := game.Frame{ID: "announced", JPEG: d.Photos[2].Still}
	ctx := context.Background()
	read := func() {
		rd, err := r.Read(ctx, frame, pos)
		if err != nil {
			b.Fatal(err)
		}
		r.(*Rules).Reconcile(pos, nil, rd)
	}
	read()
	var times []float64
	b.ReportAllocs()
	cpu0 := processTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		read()
		times = append(times, float64(time.Since(t0).Microseconds())/1000)
	}
	b.StopTimer()
	sort.Float64s(times)
	b.ReportMetric(times[len(times)/2], "median-ms")
	b.ReportMetric(float64((processTime()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

// processTime is the processor time this process has used, user and
// system, all threads.
func processTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
