package gpio

import (
	"fmt"
	"strings"
	"sync"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/host/v3"
	"periph.io/x/host/v3/gpioioctl"
)

var (
	initOnce sync.Once
	initErr  error
	failed   []string // drivers that could not start, for error messages
)

// hostInit loads periph's drivers once. On a PC it succeeds with no GPIO
// driver, and every pin lookup then fails with ErrNoPin.
func hostInit() error {
	initOnce.Do(func() {
		st, err := host.Init()
		if err != nil {
			initErr = fmt.Errorf("gpio: starting the GPIO drivers: %w", err)
			return
		}
		for _, f := range st.Failed {
			failed = append(failed, f.String())
		}
	})
	return initErr
}

// Lookup finds a pin by name: "GPIO17" (the Broadcom number, as on the
// Pi's pinout), "17", or a header position such as "P1_11".
func Lookup(name string) (gpio.PinIO, error) {
	if err := hostInit(); err != nil {
		return nil, err
	}
	n := strings.TrimSpace(name)
	if !strings.HasPrefix(strings.ToUpper(n), "GPIO") && !strings.HasPrefix(strings.ToUpper(n), "P1_") {
		n = "GPIO" + n
	}
	if p := chardevLine(n); p != nil {
		return p, nil
	}
	p := gpioreg.ByName(n)
	if p == nil {
		why := ""
		if len(failed) > 0 {
			why = "; drivers that failed: " + strings.Join(failed, "; ")
		}
		return nil, fmt.Errorf("%w: %q on this machine (%d GPIO pins found; on a Raspberry Pi use a name like GPIO17; run as a user in the gpio group; or give none for no part%s)",
			ErrNoPin, name, len(gpioreg.All()), why)
	}
	return p, nil
}

// chardevLine finds the named line on the Linux GPIO character devices
// (/dev/gpiochip*). It is preferred to the memory-mapped BCM283x driver:
// on a Pi 5 that driver still registers "GPIO17" although the pins sit on
// the RP1 chip it cannot drive (periph then registers the working line as
// "gpiochipN-GPIO17"), and on bookworm kernels only the character device
// reports edges reliably.
func chardevLine(name string) gpio.PinIO {
	for _, chip := range gpioioctl.Chips {
		for _, line := range chip.Lines() {
			if ln := line.Name(); ln == name || ln == chip.Name()+"-"+name {
				return line
			}
		}
	}
	return nil
}

// IsNone reports whether a --button or --led value means "no such part":
// "" or "none".
func IsNone(name string) bool {
	n := strings.ToLower(strings.TrimSpace(name))
	return n == "" || n == "none"
}

// OpenButton returns the shutter button on the named pin, or NoButton
// when name is "" or "none". A pin the machine does not have is an error
// wrapping ErrNoPin, never a nil button.
func OpenButton(name string, opt ButtonOptions) (Button, error) {
	if IsNone(name) {
		return NoButton{}, nil
	}
	p, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	return NewButton(p, opt)
}

// OpenLED returns the status LED on the named pin, or NoLED when name is
// "" or "none".
func OpenLED(name string) (LED, error) {
	if IsNone(name) {
		return NoLED{}, nil
	}
	p, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	return NewLED(p, nil)
}
