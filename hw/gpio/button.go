package gpio

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/jonboulle/clockwork"
	"periph.io/x/conn/v3/gpio"
)

// Button is the shutter button: one value on the channel per press, the
// time it was pressed. The channel is closed when ctx is done.
type Button interface {
	Presses(ctx context.Context) <-chan time.Time
	Close() error
}

// Errors.
var (
	ErrNoPin    = errors.New("gpio: no such pin")
	ErrWatching = errors.New("gpio: button already being watched")
)

// ButtonOptions tune a PinButton. The zero value is a button between the
// pin and ground with the internal pull-up, debounced for 30 ms.
type ButtonOptions struct {
	// ActiveHigh is for a button wired to 3.3 V with a pull-down: pressed
	// reads High. By default pressed reads Low.
	ActiveHigh bool
	// Debounce is how long the pin must hold a new level before it counts
	// (default 30 ms). Contacts bounce for a few milliseconds.
	Debounce time.Duration
	// Poll is the longest single wait for an edge (default 100 ms). The
	// button reads the level after every wait, so a driver that misses or
	// never reports edges still works, only later.
	Poll time.Duration
	// Clock times the debounce (real time when nil).
	Clock clockwork.Clock
}

// PinButton is a Button on a GPIO input pin, debounced in software.
type PinButton struct {
	pin     gpio.PinIn
	pressed gpio.Level
	opt     ButtonOptions

	// Polled is true when the driver could not watch edges and the button
	// is read every Poll instead.
	Polled bool

	mu       sync.Mutex
	watching bool
}

// NewButton sets pin up as an input with the pull resistor the wiring
// needs (pull-up for an active-low button) and edge detection on both
// edges.
func NewButton(pin gpio.PinIn, opt ButtonOptions) (*PinButton, error) {
	if pin == nil {
		return nil, fmt.Errorf("%w: nil pin", ErrNoPin)
	}
	if opt.Debounce <= 0 {
		opt.Debounce = 30 * time.Millisecond
	}
	if opt.Poll <= 0 {
		opt.Poll = 100 * time.Millisecond
	}
	if opt.Clock == nil {
		opt.Clock = clockwork.NewRealClock()
	}
	pull, pressed := gpio.PullUp, gpio.Low
	if opt.ActiveHigh {
		pull, pressed = gpio.PullDown, gpio.High
	}
	polled := false
	if err := pin.In(pull, gpio.BothEdges); err != nil {
		// Some drivers cannot watch edges (sysfs edge files are gone on
		// recent kernels): read the level every Poll instead.
		if err2 := pin.In(pull, gpio.NoEdge); err2 != nil {
			return nil, fmt.Errorf("gpio: button on %s: %w", pin, err)
		}
		polled = true
	}
	return &PinButton{pin: pin, pressed: pressed, opt: opt, Polled: polled}, nil
}

// Presses watches the pin until ctx is done. Only one watcher at a time:
// a second call while the first is running returns a closed channel and
// logs nothing; use the first channel.
func (b *PinButton) Presses(ctx context.Context) <-chan time.Time {
	ch := make(chan time.Time, 4)
	b.mu.Lock()
	if b.watching {
		b.mu.Unlock()
		close(ch)
		return ch
	}
	b.watching = true
	b.mu.Unlock()
	go func() {
		defer func() {
			b.mu.Lock()
			b.watching = false
			b.mu.Unlock()
			close(ch)
		}()
		b.watch(ctx, ch)
	}()
	return ch
}

// watch is the debounce loop. The pin is taken as released at the start.
// A change of level counts once the pin has held the new level for
// Debounce; a shorter blip (a bounce, or noise on a long wire) is ignored.
func (b *PinButton) watch(ctx context.Context, ch chan<- time.Time) {
	state := !b.pressed // released
	for ctx.Err() == nil {
		start := time.Now()
		if b.Polled {
			// No edge detection: asking for an edge would only fail (and
			// some drivers log each time); just wait.
			select {
			case <-ctx.Done():
				return
			case <-time.After(b.opt.Poll):
			}
		} else if !b.pin.WaitForEdge(b.opt.Poll) {
			// A driver that does not wait (no edge detection, or an
			// error) returns at once: wait out the poll in real time so
			// the loop does not spin.
			if rest := b.opt.Poll - time.Since(start); rest > b.opt.Poll/2 {
				select {
				case <-ctx.Done():
					return
				case <-time.After(rest):
				}
			}
		}
		// An edge or a timeout: look at the level either way.
		lvl := b.pin.Read()
		if lvl == state {
			continue
		}
		at := b.opt.Clock.Now()
		if !sleep(ctx, b.opt.Clock, b.opt.Debounce) {
			return
		}
		if b.pin.Read() != lvl {
			continue // a bounce
		}
		state = lvl
		if lvl == b.pressed {
			select {
			case ch <- at:
			default: // nobody is reading: drop the press rather than block
			}
		}
	}
}

// Close releases the pin (it becomes a plain input again).
func (b *PinButton) Close() error {
	return b.pin.In(gpio.PullNoChange, gpio.NoEdge)
}

// NoButton is the button of a machine without one: it never presses.
type NoButton struct{}

// Presses returns a channel closed when ctx is done.
func (NoButton) Presses(ctx context.Context) <-chan time.Time {
	ch := make(chan time.Time)
	go func() { <-ctx.Done(); close(ch) }()
	return ch
}

// Close does nothing.
func (NoButton) Close() error { return nil }

// sleep waits d on clock; false if ctx ended first.
func sleep(ctx context.Context, clock clockwork.Clock, d time.Duration) bool {
	t := clock.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.Chan():
		return true
	}
}
