package emulation

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// MaxLoadFactor bounds how many times longer a wait lasts on a loaded
// machine.
const MaxLoadFactor = 40

// deadlineMargin is kept free before a test's own deadline, for a wait
// that gives up to say what it waited for before the test binary is cut.
const deadlineMargin = 30 * time.Second

// LoadFactor is how many times slower a process runs than on an idle
// machine, as the load says: the 1-minute load average per processor,
// at least 1 and at most MaxLoadFactor (1 where /proc/loadavg cannot be
// read). For a test's own waits only.
func LoadFactor() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 1
	}
	return loadFactor(string(b), runtime.NumCPU())
}

func loadFactor(loadavg string, cpus int) float64 {
	fields := strings.Fields(loadavg)
	if len(fields) == 0 || cpus < 1 {
		return 1
	}
	l, err := strconv.ParseFloat(fields[0], 64)
	if err != nil {
		return 1
	}
	return min(max(l/float64(cpus), 1), MaxLoadFactor)
}

// Deadliner is what a wait reads the test's own deadline from (a
// *testing.T).
type Deadliner interface {
	Deadline() (time.Time, bool)
}

// A Wait is a test's wait for what takes Limit on an idle, native
// machine. It is over once Limit has passed, times SlowFactor under
// emulation and times the LoadFactor (the larger of the one when the
// wait started and the one now): a loaded machine waits longer, an idle
// one as long as ever. It is over in any case deadlineMargin before the
// test's own deadline, so that the test fails saying what it waited for.
type Wait struct {
	Limit   time.Duration
	start   time.Time
	factor  float64
	cap     time.Time
	nowFunc func() time.Time
	load    func() float64
}

// NewWait starts a wait for what takes limit on an idle machine, within
// t's deadline.
func NewWait(t Deadliner, limit time.Duration) *Wait {
	w := &Wait{Limit: limit, nowFunc: time.Now, load: LoadFactor}
	if d, ok := t.Deadline(); ok {
		w.cap = d.Add(-deadlineMargin)
	}
	w.start = w.nowFunc()
	w.factor = w.load()
	return w
}

// Over says whether the wait is over.
func (w *Wait) Over() bool {
	now := w.nowFunc()
	if !w.cap.IsZero() && !now.Before(w.cap) {
		return true
	}
	if now.Sub(w.start) <= w.allowed(w.factor) {
		return false
	}
	// The load now may be higher than when the wait began.
	w.factor = max(w.factor, w.load())
	return now.Sub(w.start) > w.allowed(w.factor)
}

func (w *Wait) allowed(factor float64) time.Duration {
	return time.Duration(float64(Patient(w.Limit)) * factor)
}

// String says how long the wait lasted and why, for a test's failure.
func (w *Wait) String() string {
	waited := w.nowFunc().Sub(w.start).Round(100 * time.Millisecond)
	if Reason() == "" && w.factor <= 1 {
		return waited.String()
	}
	return fmt.Sprintf("%v (%v on an idle machine; load factor %.1f)", waited, w.Limit, w.factor)
}

// Context is ctx cancelled once a wait for limit (NewWait) is over:
// the bound of a whole browser session, say.
func Context(ctx context.Context, t Deadliner, limit time.Duration) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(ctx)
	w := NewWait(t, limit)
	go func() {
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				if w.Over() {
					cancel()
					return
				}
			}
		}
	}()
	return ctx, cancel
}

// Allowance is how long a test should let the program take over what
// takes d on an idle machine (a timeout it passes the program, say):
// the rest of the test's own time, less a margin, and at least d
// (Patient(d) times the LoadFactor without a deadline).
func Allowance(t Deadliner, d time.Duration) time.Duration {
	if dl, ok := t.Deadline(); ok {
		return max(time.Until(dl)-deadlineMargin, d)
	}
	return time.Duration(float64(Patient(d)) * LoadFactor())
}
