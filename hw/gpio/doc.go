// Package gpio drives the two parts Tilescope wires to a Raspberry Pi's
// header: the shutter button and the status LED, through periph.io.
//
// Both are small role interfaces, Button (Presses: one value per press)
// and LED (Set a State), with a GPIO implementation (PinButton, PinLED)
// and a do-nothing one (NoButton, NoLED) for machines without them.
// OpenButton and OpenLED take a pin name from the command line ("GPIO17";
// "" or "none" for no part). Lookup prefers the line of that name on the
// Linux GPIO character devices (/dev/gpiochip*), which drive both the
// Pi 4 and the Pi 5 (RP1) and report edges on bookworm kernels, and falls
// back to periph's registry (the BCM283x driver). periph's host.Init
// succeeds on a PC with no GPIO driver, and a pin lookup then finds
// nothing: that is an error wrapping ErrNoPin that names the pin, never a
// nil pin.
//
// The button is debounced in software: a level counts once it has held
// for Debounce (30 ms); a shorter blip is a bounce and is ignored. GPIO
// drivers differ in how WaitForEdge times out (some never do, some miss
// edges), so the loop waits for an edge at most Poll (100 ms) and then
// reads the level itself whatever happened. A driver that cannot watch
// edges at all (on Raspberry Pi OS bookworm the old sysfs edge files may
// be missing) makes NewButton fall back to reading the level every Poll
// (PinButton.Polled; WaitForEdge is then not called at all, some drivers
// log each call); a WaitForEdge that returns at once is padded out to Poll
// in real time so the loop never spins.
//
// The LED plays a blink pattern per State (Patterns): Idle a short blink
// every 2 s, Reading fast blinking, Accepted on for 1.5 s then Idle, Error
// two quick blinks and a pause. Every wait goes through an injectable
// clockwork.Clock, so tests drive gpiotest.Pin fakes with a fake clock.
package gpio
