package game

import (
	"bytes"
	"context"
	"fmt"
	"math/rand"
	"os"
	"runtime"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/tilescope/tilescope/scoring/grid"
)

// longGame plays n actions into a fresh 10x10 session in a pattern a long
// evening could produce: accepted plays (a tile added or stacked), rejected
// readings, confirms, passes, camera notices and undos.
func longGame(tb testing.TB, store Store, n int) (*Session, *grid.Board) {
	tb.Helper()
	ctx := context.Background()
	clock := time.Date(2026, 12, 1, 18, 0, 0, 0, time.UTC)
	s, err := Open(ctx, store, Config{Players: []string{"Ann", "Ben", "Cy"}, Scorer: lineScorer{},
		Now: func() time.Time { clock = clock.Add(time.Second); return clock }})
	if err != nil {
		tb.Fatal(err)
	}
	board := grid.New(10, 10)
	k := 0 // tiles placed so far
	for i := 0; i < n; i++ {
		var err error
		switch i % 10 {
		case 0: // a tile added (or stacked once the board is full)
			next := board.Clone()
			p := grid.Pos{Row: (k / 10) % 10, Col: k % 10}
			next.Set(p, grid.Stack{Letter: string("ABCDEFGHIJKLMNOPRSTUVWXYZ"[k%25]), Height: k/100%9 + 1})
			var t Turn
			t, err = s.Play(ctx, Frame{ID: "f" + strconv.Itoa(i)}, Reading{Board: next, Seen: next})
			if err == nil && t.Status == StatusAccepted {
				board = next
				k++
			}
		case 1:
			_, err = s.Confirm(ctx, s.State().Last)
		case 3: // a reading that lost a tile: rejected
			bad := board.Clone()
			bad.Set(grid.Pos{Row: 0, Col: 0}, grid.Stack{})
			_, err = s.Play(ctx, Frame{ID: "f" + strconv.Itoa(i)}, Reading{Board: bad})
			if err == ErrNoChange {
				err = nil
			}
		case 6:
			_, err = s.Undo(ctx)
		case 8:
			err = s.CameraTrouble(ctx, "f"+strconv.Itoa(i), "too_dark", "too dark: "+strconv.Itoa(i))
		default:
			_, err = s.Pass(ctx)
		}
		if err != nil {
			tb.Fatalf("action %d: %v", i, err)
		}
	}
	return s, board
}

func heapMB() float64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapAlloc) / (1 << 20)
}

// BenchmarkLongGame is one action (a play, a confirm, a pass and three
// undos, in turn) on a game that already holds TILESCOPE_LONG_GAME actions
// (default 10,000): ns/op is the time of one action, cpu-ms/op the CPU
// time of one (the process's, GC included: the figure to read on a busy
// machine), heap-MB the live heap after the game was played (the store in
// memory included), json-MB the size of the game's JSON, correct-ms one
// correction of the latest play (which re-judges the game from the log).
func BenchmarkLongGame(b *testing.B) {
	n := 10000
	if v, err := strconv.Atoi(os.Getenv("TILESCOPE_LONG_GAME")); err == nil {
		n = v
	}
	ctx := context.Background()
	s, board := longGame(b, NewMemStore(), n)
	heap := heapMB()
	turns := len(s.State().History)
	next := board.Clone()
	next.Set(grid.Pos{Row: 9, Col: 9}, grid.Stack{Letter: "Z", Height: board.At(grid.Pos{Row: 9, Col: 9}).Height%9 + 1})
	i := 0
	cpu0 := cpuTime()
	b.ResetTimer()
	for b.Loop() {
		var err error
		switch i % 6 {
		case 0:
			_, err = s.Play(ctx, Frame{ID: "bench"}, Reading{Board: next})
		case 1:
			_, err = s.Confirm(ctx, s.State().Last)
		case 2:
			_, err = s.Pass(ctx)
		default:
			_, err = s.Undo(ctx)
		}
		if err != nil {
			b.Fatal(fmt.Errorf("action %d: %w", i, err))
		}
		i++
	}
	b.StopTimer()
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(time.Millisecond)/float64(i), "cpu-ms/op")
	last := s.State().Last
	start := time.Now()
	if _, err := s.Correct(ctx, last, grid.Pos{Row: 0, Col: 0}, grid.Stack{Letter: "E", Height: 1}); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(time.Since(start))/float64(time.Millisecond), "correct-ms")
	b.ReportMetric(heap, "heap-MB")
	b.ReportMetric(float64(turns), "turns")
	b.ReportMetric(float64(len(s.Snapshot().JSON))/(1<<20), "json-MB")
}

// TestStepEqualsReplay plays random actions (plays accepted and rejected,
// corrections, challenges, confirms, passes, exchanges, camera notices, the
// end, undos) and checks after every one that the game kept up to date one
// record at a time is exactly the game replayed from the whole log, and
// as the reference replay (refreplay_test.go, the session's code before it
// kept the game up to date), and that its JSON is the State's own
// encoding.
func TestStepEqualsReplay(t *testing.T) {
	for seed := int64(1); seed <= 8; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			ctx := context.Background()
			store := NewMemStore()
			s := newSession(t, store)
			rng := rand.New(rand.NewSource(seed))
			letters := []string{"C", "A", "T", "O", "P", "D"}
			for i := 0; i < 250; i++ {
				st := s.State()
				switch k := rng.Intn(14); {
				case k < 5: // a reading: the board with one or two squares changed
					b := s.Board().(*grid.Board)
					for j := 0; j < 1+rng.Intn(2); j++ {
						p := grid.Pos{Row: rng.Intn(5), Col: rng.Intn(5)}
						h := b.At(p).Height + 1
						if rng.Intn(6) == 0 {
							h = 0
						}
						if h > 9 {
							h = 9
						}
						b.Set(p, grid.Stack{Letter: letters[rng.Intn(len(letters))], Height: h})
						if h == 0 {
							b.Set(p, grid.Stack{})
						}
					}
					r := Reading{Board: b, Seen: b.Clone(), Conf: make([][]float64, 5)}
					for row := range r.Conf {
						r.Conf[row] = make([]float64, 5)
						for c := range r.Conf[row] {
							r.Conf[row][c] = rng.Float64()
						}
					}
					s.Play(ctx, Frame{ID: fmt.Sprint(i)}, r)
				case k == 5 && len(st.History) > 0:
					h := st.History[rng.Intn(len(st.History))]
					s.Correct(ctx, h.N, grid.Pos{Row: rng.Intn(5), Col: rng.Intn(5)}, grid.Stack{Letter: letters[rng.Intn(len(letters))], Height: rng.Intn(3)})
				case k == 6 && st.Last > 0:
					for _, t := range st.History {
						if t.N == st.Last && len(t.Words) > 0 {
							s.Challenge(ctx, t.N, t.Words[rng.Intn(len(t.Words))].Word)
						}
					}
				case k == 7 && len(st.History) > 0:
					s.Confirm(ctx, st.History[rng.Intn(len(st.History))].N)
				case k == 8:
					s.Pass(ctx)
				case k == 9:
					s.Exchange(ctx)
				case k == 10:
					s.CameraTrouble(ctx, "x", []string{"too_dark", "held"}[rng.Intn(2)], "msg")
				case k == 11 && rng.Intn(8) == 0:
					s.End(ctx, []int{rng.Intn(8), rng.Intn(8)})
				default:
					s.Undo(ctx)
				}
				setup, recs, err := store.Current(ctx)
				if err != nil {
					t.Fatal(err)
				}
				want, err := replayWith(setup, recs, UpwordsGridRules(setup.Rows, setup.Cols, lineScorer{}), s.cfg.Dict)
				if err != nil {
					t.Fatal(err)
				}
				snap := s.Snapshot()
				ref, err := refReplay(setup, recs, lineScorer{}, s.cfg.Dict)
				if err != nil {
					t.Fatal(err)
				}
				if enc := ref.state.marshal(); !bytes.Equal(snap.JSON, enc) {
					t.Fatalf("action %d (%s): kept up to date:\n%s\nthe reference replay:\n%s", i, recs[len(recs)-1].Kind, snap.JSON, enc)
				}
				if !bytes.Equal(snap.JSON, want.json) {
					t.Fatalf("action %d (%s): kept up to date:\n%s\nreplayed:\n%s", i, recs[len(recs)-1].Kind, snap.JSON, want.json)
				}
				if enc := snap.State.marshal(); !bytes.Equal(enc, snap.JSON) {
					t.Fatalf("action %d: the spliced JSON is not the state's encoding:\n%s\n%s", i, snap.JSON, enc)
				}
				if got := s.Sightings(); !sameSightings(got, want.sights) || !sameSightings(got, ref.sightings) {
					t.Fatalf("action %d: sightings differ", i)
				}
				if len(s.rp.undo) != len(want.undo) || len(s.rp.undo) != ref.actions {
					t.Fatalf("action %d: %d actions to undo, replay says %d", i, len(s.rp.undo), len(want.undo))
				}
			}
		})
	}
}

func sameSightings(a, b []Sighting) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !SamePosition(a[i].Seen, b[i].Seen) || !SamePosition(a[i].After, b[i].After) {
			return false
		}
	}
	return true
}

// cpuTime is the process's CPU time so far (user and system).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
