package gpio

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/jonboulle/clockwork"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"
)

// newButton returns a button on a fake pin, its debounce timed by a fake
// clock, the pin's own edge waits in real time (5 ms polls).
func newButton(t *testing.T, opt ButtonOptions) (*PinButton, *gpiotest.Pin, *clockwork.FakeClock) {
	t.Helper()
	clk := clockwork.NewFakeClock()
	pin := &gpiotest.Pin{N: "GPIO17", Num: 17, EdgesChan: make(chan gpio.Level, 16)}
	opt.Clock, opt.Poll = clk, 5*time.Millisecond
	b, err := NewButton(pin, opt)
	if err != nil {
		t.Fatal(err)
	}
	return b, pin, clk
}

// bounceStep is one thing that happens to the button in a test.
type bounceStep struct {
	edge     gpio.Level // the level the contacts go to (an edge)
	settleTo gpio.Level // the level during the debounce time: a bounce goes back
	wantPush bool       // whether this step must produce one press
}

func TestButtonDebounce(t *testing.T) {
	L, H := gpio.Low, gpio.High
	tests := []struct {
		name       string
		activeHigh bool
		steps      []bounceStep
	}{
		{"a press", false, []bounceStep{{L, L, true}}},
		{"a bounce is ignored", false, []bounceStep{{L, H, false}}},
		{"a bounce then a real press", false, []bounceStep{{L, H, false}, {L, L, true}}},
		{"press, release, press again: two presses", false, []bounceStep{{L, L, true}, {H, H, false}, {L, L, true}}},
		{"a bounce on release keeps it held, then a real release and press", false, []bounceStep{{L, L, true}, {H, L, false}, {H, H, false}, {L, L, true}}},
		{"active-high button", true, []bounceStep{{H, H, true}, {L, L, false}, {H, L, false}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			b, pin, clk := newButton(t, ButtonOptions{ActiveHigh: tc.activeHigh})
			wantPull := gpio.PullUp
			if tc.activeHigh {
				wantPull = gpio.PullDown
			}
			if pin.P != wantPull {
				t.Fatalf("pull = %v, want %v", pin.P, wantPull)
			}
			presses := b.Presses(ctx)
			for i, st := range tc.steps {
				pin.EdgesChan <- st.edge
				// The button sees the edge and waits out the debounce.
				if err := clk.BlockUntilContext(ctx, 1); err != nil {
					t.Fatalf("step %d: the button never started debouncing: %v", i, err)
				}
				pin.Out(st.settleTo)
				clk.Advance(30 * time.Millisecond)
				// A press comes at once; give a loaded machine time. The
				// absence of one is checked for a shorter while.
				wait := 150 * time.Millisecond
				if st.wantPush {
					wait = 5 * time.Second
				}
				select {
				case at := <-presses:
					if !st.wantPush {
						t.Fatalf("step %d: unexpected press at %v", i, at)
					}
				case <-time.After(wait):
					if st.wantPush {
						t.Fatalf("step %d: no press", i)
					}
				}
			}
			cancel()
			for range presses { // the channel is closed when ctx ends
			}
		})
	}
}

func TestButtonMissedEdge(t *testing.T) {
	// Some drivers miss edges: a level change with no edge is still seen
	// at the next poll.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	b, pin, clk := newButton(t, ButtonOptions{})
	presses := b.Presses(ctx)
	pin.Out(gpio.Low)
	if err := clk.BlockUntilContext(ctx, 1); err != nil {
		t.Fatal(err)
	}
	clk.Advance(30 * time.Millisecond)
	select {
	case <-presses:
	case <-time.After(2 * time.Second):
		t.Fatal("a press without an edge was not seen")
	}
}

func TestButtonOneWatcher(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	b, _, _ := newButton(t, ButtonOptions{})
	b.Presses(ctx)
	if _, ok := <-b.Presses(ctx); ok {
		t.Fatal("a second watcher got an open channel")
	}
}

func TestNoButton(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	ch := NoButton{}.Presses(ctx)
	cancel()
	select {
	case _, ok := <-ch:
		if ok {
			t.Fatal("NoButton pressed")
		}
	case <-time.After(2 * time.Second):
		t.Fatal("NoButton's channel not closed after ctx ended")
	}
}

// recPin records every level the LED is set to, with the fake time.
type recPin struct {
	*gpiotest.Pin
	clk *clockwork.FakeClock
	t0  time.Time

	mu  sync.Mutex
	log []ledEvent
}

type ledEvent struct {
	on bool
	at time.Duration
}

func (p *recPin) Out(l gpio.Level) error {
	p.mu.Lock()
	p.log = append(p.log, ledEvent{bool(l), p.clk.Now().Sub(p.t0)})
	p.mu.Unlock()
	return p.Pin.Out(l)
}

func (p *recPin) events() []ledEvent {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]ledEvent(nil), p.log...)
}

// waitEvents waits (in real time) until the pin has had n levels set.
func (p *recPin) waitEvents(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for len(p.events()) < n {
		if time.Now().After(deadline) {
			t.Fatalf("LED set %d times, want %d: %v", len(p.events()), n, p.events())
		}
		time.Sleep(time.Millisecond)
	}
}

func TestLEDPatterns(t *testing.T) {
	ms := time.Millisecond
	on := func(at time.Duration) ledEvent { return ledEvent{true, at} }
	off := func(at time.Duration) ledEvent { return ledEvent{false, at} }
	tests := []struct {
		state     State
		want      []ledEvent // from the Set, two rounds of the pattern
		wantAfter State
	}{
		{Idle, []ledEvent{on(0), off(100 * ms), on(2000 * ms), off(2100 * ms)}, Idle},
		{Reading, []ledEvent{on(0), off(100 * ms), on(200 * ms), off(300 * ms)}, Reading},
		{Accepted, []ledEvent{on(0), on(1500 * ms), off(1600 * ms), on(3500 * ms)}, Idle},
		{Error, []ledEvent{on(0), off(150 * ms), on(300 * ms), off(450 * ms), on(1450 * ms), off(1600 * ms)}, Error},
		{Off, []ledEvent{off(0), off(time.Hour)}, Off},
	}
	for _, tc := range tests {
		t.Run(tc.state.String(), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			clk := clockwork.NewFakeClock()
			pin := &recPin{Pin: &gpiotest.Pin{N: "GPIO27", Num: 27}, clk: clk}
			led, err := NewLED(pin, clk)
			if err != nil {
				t.Fatal(err)
			}
			defer led.Close()
			pin.waitEvents(t, 1) // NewLED: off
			if err := clk.BlockUntilContext(ctx, 1); err != nil {
				t.Fatal(err)
			}
			pin.mu.Lock()
			pin.log, pin.t0 = nil, clk.Now()
			pin.mu.Unlock()
			led.Set(tc.state)
			pin.waitEvents(t, 1)
			for i := 1; i < len(tc.want); i++ {
				if err := clk.BlockUntilContext(ctx, 1); err != nil {
					t.Fatal(err)
				}
				clk.Advance(tc.want[i].at - tc.want[i-1].at)
				pin.waitEvents(t, i+1)
			}
			got := pin.events()
			for i, w := range tc.want {
				if got[i] != w {
					t.Fatalf("LED levels = %v, want %v", got, tc.want)
				}
			}
			if led.State() != tc.wantAfter {
				t.Errorf("state after the pattern = %v, want %v", led.State(), tc.wantAfter)
			}
			if err := led.Close(); err != nil {
				t.Fatal(err)
			}
			if pin.Read() != gpio.Low {
				t.Error("LED still on after Close")
			}
		})
	}
}

func TestLEDSetInterruptsPattern(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	clk := clockwork.NewFakeClock()
	pin := &recPin{Pin: &gpiotest.Pin{N: "GPIO27"}, clk: clk, t0: clk.Now()}
	led, err := NewLED(pin, clk)
	if err != nil {
		t.Fatal(err)
	}
	defer led.Close()
	pin.waitEvents(t, 2) // NewLED and the Off pattern: off
	led.Set(Accepted)    // on for 1.5 s...
	pin.waitEvents(t, 3)
	if err := clk.BlockUntilContext(ctx, 1); err != nil {
		t.Fatal(err)
	}
	clk.Advance(500 * time.Millisecond)
	led.Set(Error) // ...cut short: the error pattern starts at once
	pin.waitEvents(t, 4)
	if err := clk.BlockUntilContext(ctx, 1); err != nil {
		t.Fatal(err)
	}
	clk.Advance(150 * time.Millisecond)
	pin.waitEvents(t, 5)
	ev := pin.events()
	want := []ledEvent{{true, 500 * time.Millisecond}, {false, 650 * time.Millisecond}}
	if ev[3] != want[0] || ev[4] != want[1] {
		t.Errorf("after Set(Error) at 500ms: %v, want %v", ev[3:], want)
	}
	if led.State() != Error {
		t.Errorf("state = %v, want error", led.State())
	}
}

func TestLookupMissingPin(t *testing.T) {
	// On a PC (or a Pi without that pin) the lookup is a clear error,
	// never a nil pin.
	for _, name := range []string{"GPIO999", "NOPE"} {
		p, err := Lookup(name)
		if !errors.Is(err, ErrNoPin) || p != nil {
			t.Errorf("Lookup(%q) = %v, %v; want ErrNoPin", name, p, err)
		}
		if _, err := OpenButton(name, ButtonOptions{}); !errors.Is(err, ErrNoPin) {
			t.Errorf("OpenButton(%q) error = %v", name, err)
		}
		if _, err := OpenLED(name); !errors.Is(err, ErrNoPin) {
			t.Errorf("OpenLED(%q) error = %v", name, err)
		}
	}
}

func TestOpenNone(t *testing.T) {
	for _, name := range []string{"", "none", " None "} {
		b, err := OpenButton(name, ButtonOptions{})
		if err != nil || b == nil {
			t.Errorf("OpenButton(%q) = %v, %v", name, b, err)
		}
		l, err := OpenLED(name)
		if err != nil || l == nil {
			t.Errorf("OpenLED(%q) = %v, %v", name, l, err)
		}
		l.Set(Idle) // must not panic
	}
}

// noEdgePin is a pin whose WaitForEdge returns false at once; with
// refuseEdges, In with an edge fails too (a driver that cannot watch
// edges).
type noEdgePin struct {
	*gpiotest.Pin
	refuseEdges bool
	mu          sync.Mutex
	waits       int
}

func (p *noEdgePin) In(pull gpio.Pull, edge gpio.Edge) error {
	if edge != gpio.NoEdge && p.refuseEdges {
		return errors.New("sysfs not accessible")
	}
	return p.Pin.In(pull, edge)
}

func (p *noEdgePin) WaitForEdge(time.Duration) bool {
	p.mu.Lock()
	p.waits++
	p.mu.Unlock()
	return false
}

func TestButtonWithoutEdges(t *testing.T) {
	tests := []struct {
		name       string
		refuse     bool
		wantPolled bool
		maxWaits   int // WaitForEdge calls in 200 ms at a 20 ms poll
	}{
		{"driver cannot watch edges: polled", true, true, 0},
		{"WaitForEdge returns at once: no spinning", false, false, 20},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			clk := clockwork.NewFakeClock()
			pin := &noEdgePin{Pin: &gpiotest.Pin{N: "GPIO17", EdgesChan: make(chan gpio.Level)}, refuseEdges: tc.refuse}
			b, err := NewButton(pin, ButtonOptions{Clock: clk, Poll: 20 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			if b.Polled != tc.wantPolled {
				t.Errorf("Polled = %v, want %v", b.Polled, tc.wantPolled)
			}
			presses := b.Presses(ctx)
			time.Sleep(200 * time.Millisecond)
			pin.mu.Lock()
			waits := pin.waits
			pin.mu.Unlock()
			if waits > tc.maxWaits {
				t.Errorf("%d WaitForEdge calls in 200 ms, want at most %d", waits, tc.maxWaits)
			}
			// A press is still seen, by reading the level.
			pin.Out(gpio.Low)
			if err := clk.BlockUntilContext(ctx, 1); err != nil {
				t.Fatal(err)
			}
			clk.Advance(30 * time.Millisecond)
			select {
			case <-presses:
			case <-time.After(5 * time.Second):
				t.Fatal("no press")
			}
		})
	}
}
