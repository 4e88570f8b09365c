package gpio

import (
	"fmt"
	"testing"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"
)

// fakeChip is a GPIO character device made of gpiotest pins.
type fakeChip struct {
	name, label string
	lines       []gpio.PinIO
}

func (c fakeChip) Name() string        { return c.name }
func (c fakeChip) Label() string       { return c.label }
func (c fakeChip) Lines() []gpio.PinIO { return c.lines }

// newChip makes a chip whose line i is called names[i], or "" when names
// runs out; each pin's number is its line offset.
func newChip(name, label string, count int, names []string) fakeChip {
	c := fakeChip{name: name, label: label}
	for i := 0; i < count; i++ {
		n := ""
		if i < len(names) {
			n = names[i]
		}
		c.lines = append(c.lines, &gpiotest.Pin{N: n, Num: i})
	}
	return c
}

// The header lines' names as the Pi 4's and the Pi 5's device trees give
// them (gpioinfo on Raspberry Pi OS bookworm).
var (
	pi4Names = []string{"ID_SDA", "ID_SCL", "SDA1", "SCL1", "GPIO_GCLK", "GPIO5", "GPIO6",
		"SPI_CE1_N", "SPI_CE0_N", "SPI_MISO", "SPI_MOSI", "SPI_SCLK", "GPIO12", "GPIO13",
		"TXD1", "RXD1", "GPIO16", "GPIO17", "GPIO18", "GPIO19", "GPIO20", "GPIO21",
		"GPIO22", "GPIO23", "GPIO24", "GPIO25", "GPIO26", "GPIO27", "RGMII_MDIO"}
	pi5Names = func() []string {
		n := []string{"ID_SDA", "ID_SCL"}
		for i := 2; i <= 27; i++ {
			n = append(n, fmt.Sprintf("GPIO%d", i))
		}
		return append(n, "PCIE_RP1_WAKE", "FAN_TACH", "HOST_SDA", "HOST_SCL")
	}()
)

// The machines: the chips each one's kernel shows.
var (
	pi4 = []chip{
		newChip("gpiochip0", "pinctrl-bcm2711", 58, pi4Names),
		newChip("gpiochip1", "raspberrypi-exp-gpio", 8, []string{"BT_ON", "WL_ON", "PWR_LED_OFF"}),
	}
	// A Pi 5 on a recent kernel: the RP1 is gpiochip0, the BCM2712's own
	// lines on chips numbered after it (one of them with a GPIO17 of its
	// own, which is no header pin).
	pi5 = []chip{
		newChip("gpiochip0", "pinctrl-rp1", 54, pi5Names),
		newChip("gpiochip10", "gpio-brcmstb@107d508500", 32, []string{"-", "2712_BOOT_CS_N"}),
		newChip("gpiochip11", "gpio-brcmstb@107d508520", 18, nil),
		newChip("gpiochip12", "gpio-brcmstb@107d517c00", 18, append(make([]string, 17), "GPIO17")),
	}
	// A Pi 5 on its first kernels: the RP1 was gpiochip4.
	pi5Early = []chip{
		newChip("gpiochip0", "gpio-brcmstb@107d508500", 32, nil),
		newChip("gpiochip1", "gpio-brcmstb@107d508520", 18, nil),
		newChip("gpiochip4", "pinctrl-rp1", 54, pi5Names),
	}
	pc = []chip{}
)

// TestFindLine: the button's and the LED's names find the same header
// pins on a Pi 4 and a Pi 5 (on the header's chip, by number, whatever
// the line is called), and nothing on a PC.
func TestFindLine(t *testing.T) {
	cases := []struct {
		name     string
		machine  []chip
		pin      string
		wantChip string // "" none
		wantNum  int
	}{
		{"Pi 4 button", pi4, "GPIO17", "gpiochip0 (pinctrl-bcm2711)", 17},
		{"Pi 4 LED", pi4, "GPIO27", "gpiochip0 (pinctrl-bcm2711)", 27},
		{"Pi 4 number only", pi4, "17", "gpiochip0 (pinctrl-bcm2711)", 17},
		{"Pi 4 BCM prefix, lower case", pi4, "bcm22", "gpiochip0 (pinctrl-bcm2711)", 22},
		{"Pi 4 physical pin 11", pi4, "P1_11", "gpiochip0 (pinctrl-bcm2711)", 17},
		{"Pi 4 physical pin 13", pi4, "PIN13", "gpiochip0 (pinctrl-bcm2711)", 27},
		{"Pi 4 GPIO4 is called GPIO_GCLK", pi4, "GPIO4", "gpiochip0 (pinctrl-bcm2711)", 4},
		{"Pi 4 GPIO14 is called TXD1", pi4, "GPIO14", "gpiochip0 (pinctrl-bcm2711)", 14},
		{"Pi 4 a line by its own name", pi4, "PWR_LED_OFF", "gpiochip1 (raspberrypi-exp-gpio)", 2},
		{"Pi 5 button on the RP1", pi5, "GPIO17", "gpiochip0 (pinctrl-rp1)", 17},
		{"Pi 5 LED on the RP1", pi5, "GPIO27", "gpiochip0 (pinctrl-rp1)", 27},
		{"Pi 5 physical pin 11", pi5, "P1_11", "gpiochip0 (pinctrl-rp1)", 17},
		{"Pi 5 GPIO2", pi5, "GPIO2", "gpiochip0 (pinctrl-rp1)", 2},
		{"Pi 5 early kernel: RP1 is gpiochip4", pi5Early, "GPIO17", "gpiochip4 (pinctrl-rp1)", 17},
		{"Pi 5 early kernel: physical pin 13", pi5Early, "P1_13", "gpiochip4 (pinctrl-rp1)", 27},
		{"power pin", pi4, "P1_1", "", 0},
		{"past the header", pi4, "GPIO28", "", 0},
		{"a name no chip has", pi5, "GPIO_NOPE", "", 0},
		{"PC", pc, "GPIO17", "", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, where := findLine(tc.machine, tc.pin)
			if tc.wantChip == "" {
				if p != nil {
					t.Fatalf("found %s (line %d) on %s, want nothing", p.Name(), p.Number(), where)
				}
				return
			}
			if p == nil {
				t.Fatalf("found nothing, want line %d of %s", tc.wantNum, tc.wantChip)
			}
			if where != tc.wantChip || p.Number() != tc.wantNum {
				t.Errorf("found line %d (%s) of %s, want line %d of %s", p.Number(), p.Name(), where, tc.wantNum, tc.wantChip)
			}
		})
	}
}

// TestFindLineDrivesThePin: the line found is the one the button reads
// and the LED drives (a level set on the fake shows through).
func TestFindLineDrivesThePin(t *testing.T) {
	for _, m := range []struct {
		name  string
		chips []chip
	}{{"Pi 4", pi4}, {"Pi 5", pi5}} {
		p, _ := findLine(m.chips, "GPIO27")
		if p == nil {
			t.Fatalf("%s: no GPIO27", m.name)
		}
		if err := p.Out(gpio.High); err != nil {
			t.Fatal(err)
		}
		for _, c := range m.chips {
			if c.Label() == "pinctrl-rp1" || c.Label() == "pinctrl-bcm2711" {
				if got := c.Lines()[27].Read(); got != gpio.High {
					t.Errorf("%s: line 27 of the header chip reads %v after GPIO27 was set high", m.name, got)
				}
				c.Lines()[27].Out(gpio.Low)
			}
		}
	}
}

func TestGPIONumber(t *testing.T) {
	cases := []struct {
		in   string
		want int
		ok   bool
	}{
		{"GPIO17", 17, true}, {"gpio27", 27, true}, {" 17 ", 17, true}, {"BCM4", 4, true},
		{"P1_11", 17, true}, {"p1_40", 21, true}, {"PIN3", 2, true},
		{"P1_2", 0, false}, {"P1_41", 0, false}, {"GPIO28", 0, false}, {"-1", 0, false},
		{"+5", 0, false}, {"GPIO_GCLK", 0, false}, {"", 0, false}, {"P1_x", 0, false},
	}
	for _, tc := range cases {
		n, ok := gpioNumber(tc.in)
		if ok != tc.ok || (ok && n != tc.want) {
			t.Errorf("gpioNumber(%q) = %d, %v; want %d, %v", tc.in, n, ok, tc.want, tc.ok)
		}
	}
}

// TestPhysicalPins: the header map gives each of GPIO 0..27 exactly once.
func TestPhysicalPins(t *testing.T) {
	seen := map[int]int{}
	for pin, g := range physicalPins {
		if pin < 1 || pin > 40 {
			t.Errorf("pin %d is not on a 40-pin header", pin)
		}
		if other, dup := seen[g]; dup {
			t.Errorf("GPIO%d on pins %d and %d", g, other, pin)
		}
		seen[g] = pin
	}
	if len(seen) != 28 {
		t.Errorf("%d GPIOs on the header, want 28 (GPIO0..GPIO27)", len(seen))
	}
}
