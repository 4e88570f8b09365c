package sqlite

import (
	"context"
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/grid"
)

// anyScorer accepts every reading that adds tiles, 1 point a tile.
type anyScorer struct{}

func (anyScorer) Judge(before, after *grid.Board) (game.Move, error) {
	var mv game.Move
	after.Each(func(p grid.Pos, s grid.Stack) {
		if s != before.At(p) {
			mv.Placed = append(mv.Placed, game.Placement{Row: p.Row, Col: p.Col, Letter: s.Letter, Height: s.Height})
		}
	})
	if len(mv.Placed) == 0 {
		return mv, &game.Rejection{Code: "no_change", Msg: "nothing new"}
	}
	mv.Score = len(mv.Placed)
	return mv, nil
}

// BenchmarkLongGameOnDisk is BenchmarkLongGame (internal/game) on the real
// store: one action (a pass, then its undo, in turn) on a game of
// TILESCOPE_LONG_GAME actions (default 10,000: plays, confirms and
// passes), each synced to the disk. heap-MB is the live heap once the game
// is played, reopen-ms the time to open the data directory again and
// replay the game (a restart).
func BenchmarkLongGameOnDisk(b *testing.B) {
	n := 10000
	if v, err := strconv.Atoi(os.Getenv("TILESCOPE_LONG_GAME")); err == nil {
		n = v
	}
	ctx := context.Background()
	dir := b.TempDir()
	store, err := Open(ctx, dir)
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	cfg := game.Config{Players: []string{"Ann", "Ben"}, Scorer: anyScorer{}}
	s, err := game.Open(ctx, store, cfg)
	if err != nil {
		b.Fatal(err)
	}
	board := grid.New(10, 10)
	for i := 0; i < n; i++ {
		switch i % 4 {
		case 0:
			k := i / 4
			next := board.Clone()
			p := grid.Pos{Row: k / 10 % 10, Col: k % 10}
			next.Set(p, grid.Stack{Letter: "E", Height: board.At(p).Height%9 + 1})
			if _, err := s.Play(ctx, game.Frame{ID: "f"}, game.Reading{Board: next}); err != nil {
				b.Fatal(err)
			}
			board = next
		case 1:
			_, err = s.Confirm(ctx, s.State().Last)
		default:
			_, err = s.Pass(ctx)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	heap := float64(ms.HeapAlloc) / (1 << 20)
	i := 0
	b.ResetTimer()
	for b.Loop() {
		if i%2 == 0 {
			_, err = s.Pass(ctx)
		} else {
			_, err = s.Undo(ctx)
		}
		if err != nil {
			b.Fatal(err)
		}
		i++
	}
	b.StopTimer()
	b.ReportMetric(heap, "heap-MB")
	b.ReportMetric(float64(len(s.State().History)), "turns")
	start := time.Now()
	if _, err := game.Open(ctx, store, cfg); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(time.Since(start))/1e6, "reopen-ms")
}
