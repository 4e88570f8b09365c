package gpio

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/host/v3"
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
// Pi's pinout; also "17" or "BCM17"), a header position such as "P1_11"
// (physical pin 11, which is GPIO17), or a line's own name. A header GPIO
// is taken as that line of the header's chip, the RP1 on a Pi 5 and the
// BCM2711 on a Pi 4 (header.go); then by name on the GPIO character
// devices; then from periph's registry (the BCM283x driver).
func Lookup(name string) (gpio.PinIO, error) {
	if err := hostInit(); err != nil {
		return nil, err
	}
	if p, _ := findLine(systemChips(), name); p != nil {
		return p, nil
	}
	n := strings.TrimSpace(name)
	if num, ok := gpioNumber(n); ok && !strings.HasPrefix(strings.ToUpper(n), "P1_") {
		n = "GPIO" + strconv.Itoa(num)
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
