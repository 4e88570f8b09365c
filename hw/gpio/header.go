package gpio

import (
	"strconv"
	"strings"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/host/v3/gpioioctl"
)

// The 40-pin header's GPIO lines sit on a different chip on each Pi: on a
// Pi 4 (and 400, CM4) on the BCM2711's own controller, whose character
// device's label is "pinctrl-bcm2711" (gpiochip0); on a Pi 5 on the RP1
// I/O chip, label "pinctrl-rp1" (gpiochip4 on its first kernels, gpiochip0
// since, with gpiochip4 kept as a link), the BCM2712's own lines being on
// other chips. On every one of them the header's GPIO n is line n of that
// chip, whatever the line is called: the Pi 4's device tree names some
// header lines after their other use (GPIO4 is "GPIO_GCLK", GPIO14
// "TXD1"), the Pi 5's calls them GPIO2..GPIO27. So a pin is found by its
// Broadcom number on the header chip first, by name only after that.
//
// periph.io's drivers: gpioioctl (the character device, every Pi on
// bookworm; the only working one on a Pi 5) and bcm283x (memory-mapped
// registers through /dev/gpiomem: Pi 4 and older; on a Pi 5 it still
// registers "GPIO17" for the BCM2712's registers, which drive no header
// pin). Lookup tries gpioioctl's chips before periph's registry.

// headerLabels are the labels of the chips that carry the header's GPIO
// lines, newest Pi first.
var headerLabels = []string{
	"pinctrl-rp1",     // Pi 5
	"pinctrl-bcm2711", // Pi 4, 400, CM4
	"pinctrl-bcm2835", // Pi 3 and older, Zero
}

// physicalPins maps a header pin (1..40) to the GPIO number on it; pins
// not listed are power or ground. The same on every 40-pin Pi.
var physicalPins = map[int]int{
	3: 2, 5: 3, 7: 4, 8: 14, 10: 15, 11: 17, 12: 18, 13: 27, 15: 22, 16: 23,
	18: 24, 19: 10, 21: 9, 22: 25, 23: 11, 24: 8, 26: 7, 27: 0, 28: 1, 29: 5,
	31: 6, 32: 12, 33: 13, 35: 19, 36: 16, 37: 26, 38: 20, 40: 21,
}

// gpioNumber reads a pin name as a header GPIO number: "GPIO17", "BCM17",
// "17", or a physical pin "P1_11" / "PIN11" (the pin's GPIO). ok is false
// for anything else (a line name such as "GPIO_GCLK", a power pin).
func gpioNumber(name string) (n int, ok bool) {
	u := strings.ToUpper(strings.TrimSpace(name))
	for _, p := range []string{"P1_", "PIN"} {
		if rest, cut := strings.CutPrefix(u, p); cut {
			pin, err := strconv.Atoi(rest)
			if err != nil {
				return 0, false
			}
			n, ok = physicalPins[pin]
			return n, ok
		}
	}
	for _, p := range []string{"GPIO", "BCM"} {
		u = strings.TrimPrefix(u, p)
	}
	n, err := strconv.Atoi(u)
	if err != nil || n < 0 || n > 27 || strings.HasPrefix(u, "+") {
		return 0, false
	}
	return n, true
}

// chip is one GPIO character device as Lookup needs it: a
// gpioioctl.GPIOChip on a Pi, a fake in tests.
type chip interface {
	Name() string  // "gpiochip0"
	Label() string // "pinctrl-rp1"
	Lines() []gpio.PinIO
}

type ioctlChip struct{ c *gpioioctl.GPIOChip }

func (c ioctlChip) Name() string  { return c.c.Name() }
func (c ioctlChip) Label() string { return c.c.Label() }
func (c ioctlChip) Lines() []gpio.PinIO {
	var l []gpio.PinIO
	for _, line := range c.c.Lines() {
		l = append(l, line)
	}
	return l
}

// systemChips are this machine's GPIO character devices, as periph's
// gpioioctl driver found them (none on a PC).
func systemChips() []chip {
	var cs []chip
	for _, c := range gpioioctl.Chips {
		cs = append(cs, ioctlChip{c})
	}
	return cs
}

// findLine finds a pin among chips: a header GPIO (gpioNumber) as that
// line of the header chip (headerLabels), else a line called name (or
// chip-name, as periph renames duplicates), else nil. It also returns
// which chip it was on, for messages.
func findLine(chips []chip, name string) (gpio.PinIO, string) {
	if n, ok := gpioNumber(name); ok {
		for _, label := range headerLabels {
			for _, c := range chips {
				if c.Label() != label {
					continue
				}
				if lines := c.Lines(); n < len(lines) {
					return lines[n], c.Name() + " (" + label + ")"
				}
			}
		}
	}
	want := strings.TrimSpace(name)
	if n, ok := gpioNumber(name); ok {
		want = "GPIO" + strconv.Itoa(n)
	}
	for _, c := range chips {
		for _, line := range c.Lines() {
			if ln := line.Name(); ln == want || ln == c.Name()+"-"+want {
				return line, c.Name() + " (" + c.Label() + ")"
			}
		}
	}
	return nil, ""
}
