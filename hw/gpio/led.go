package gpio

import (
	"fmt"
	"sync"
	"time"

	"github.com/jonboulle/clockwork"
	"periph.io/x/conn/v3/gpio"
)

// State is what the status LED tells the table.
type State int

// The states, each with its blink pattern (Patterns).
const (
	Off      State = iota // dark: the service is not running
	Idle                  // a short blink every 2 s: running, watching the board
	Reading               // fast blinking: a photo is being read
	Accepted              // on for 1.5 s, then back to Idle: a turn was scored
	Error                 // two quick blinks, a pause, again: something needs a look (camera, misread)
)

var stateNames = [...]string{"off", "idle", "reading", "accepted", "error"}

func (s State) String() string {
	if s >= 0 && int(s) < len(stateNames) {
		return stateNames[s]
	}
	return fmt.Sprintf("State(%d)", int(s))
}

// Step is one part of a blink pattern: the LED on or off for a while.
type Step struct {
	On  bool
	For time.Duration
}

// Pattern is how the LED shows a state: its steps, played once or over
// and over. A pattern played once ends in state Then.
type Pattern struct {
	Steps  []Step
	Repeat bool
	Then   State
}

// Patterns are the blink patterns of the states. A pattern with one step
// that repeats is a steady level.
var Patterns = map[State]Pattern{
	Off:      {Steps: []Step{{false, time.Hour}}, Repeat: true},
	Idle:     {Steps: []Step{{true, 100 * time.Millisecond}, {false, 1900 * time.Millisecond}}, Repeat: true},
	Reading:  {Steps: []Step{{true, 100 * time.Millisecond}, {false, 100 * time.Millisecond}}, Repeat: true},
	Accepted: {Steps: []Step{{true, 1500 * time.Millisecond}}, Then: Idle},
	Error: {Steps: []Step{{true, 150 * time.Millisecond}, {false, 150 * time.Millisecond},
		{true, 150 * time.Millisecond}, {false, 1000 * time.Millisecond}}, Repeat: true},
}

// LED is the status light.
type LED interface {
	Set(State)
	Close() error
}

// PinLED is an LED on a GPIO output pin (through a resistor to ground:
// High is on). A goroutine plays the current state's pattern.
type PinLED struct {
	pin   gpio.PinOut
	clock clockwork.Clock

	set  chan State
	done chan struct{}

	mu     sync.Mutex
	state  State
	closed bool
}

// NewLED starts driving pin, dark. clock times the patterns (real time
// when nil).
func NewLED(pin gpio.PinOut, clock clockwork.Clock) (*PinLED, error) {
	if pin == nil {
		return nil, fmt.Errorf("%w: nil pin", ErrNoPin)
	}
	if clock == nil {
		clock = clockwork.NewRealClock()
	}
	if err := pin.Out(gpio.Low); err != nil {
		return nil, fmt.Errorf("gpio: LED on %s: %w", pin, err)
	}
	l := &PinLED{pin: pin, clock: clock, set: make(chan State, 1), done: make(chan struct{})}
	go l.play()
	return l, nil
}

// Set shows a state from now on, starting its pattern from the beginning.
// It never blocks.
func (l *PinLED) Set(s State) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return
	}
	l.state = s
	select {
	case <-l.set: // replace a state not yet picked up
	default:
	}
	l.set <- s
}

// State is the state last set (or reached after a one-shot pattern).
func (l *PinLED) State() State {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.state
}

// Close turns the LED off and stops driving it.
func (l *PinLED) Close() error {
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return nil
	}
	l.closed = true
	close(l.set)
	l.mu.Unlock()
	<-l.done
	return l.pin.Out(gpio.Low)
}

func (l *PinLED) play() {
	defer close(l.done)
	state := Off
	for {
		p, ok := Patterns[state]
		if !ok {
			p = Patterns[Off]
		}
		next, open := l.run(p)
		if !open {
			return
		}
		if next == nil {
			// A one-shot pattern ended.
			state = p.Then
			l.mu.Lock()
			l.state = state
			l.mu.Unlock()
			continue
		}
		state = *next
	}
}

// run plays p until a new state is set (returned) or, for a one-shot
// pattern, until it ends (nil). open is false once Close was called.
func (l *PinLED) run(p Pattern) (next *State, open bool) {
	for {
		for _, st := range p.Steps {
			lvl := gpio.Low
			if st.On {
				lvl = gpio.High
			}
			_ = l.pin.Out(lvl)
			t := l.clock.NewTimer(st.For)
			select {
			case s, ok := <-l.set:
				t.Stop()
				if !ok {
					return nil, false
				}
				return &s, true
			case <-t.Chan():
			}
		}
		if !p.Repeat {
			return nil, true
		}
	}
}

// NoLED is the LED of a machine without one.
type NoLED struct{}

// Set does nothing.
func (NoLED) Set(State) {}

// Close does nothing.
func (NoLED) Close() error { return nil }
