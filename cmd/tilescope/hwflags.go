//go:build !lean

package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/tilescope/tilescope/hw/camera"
	"github.com/tilescope/tilescope/hw/gpio"
)

// hwFlags are the --camera, --button and --led flags of the commands that
// drive the table's hardware (serve, snap), from hw/camera and hw/gpio:
//
//	hf := addHardwareFlags(fs, "demo")
//	... fs.Parse(args) ...
//	src, err := hf.openCamera(stderr)  // camera.Source; a bad --camera is exit 2
//	btn, err := hf.openButton()        // gpio.Button; gpio.NoButton when not given
//	led, err := hf.openLED()           // gpio.LED; gpio.NoLED when not given
//	hf.hasButton()                     // photos on a press (camera.Shutter), not watched for turns
//
// The systemd unit (hw/systemd/tilescope.service) runs
// `serve --camera rpicam --button GPIO17 --led GPIO27`; a test checks that
// serve has every flag the unit uses.
type hwFlags struct {
	camera string
	button string
	led    string
}

func addHardwareFlags(fs *flag.FlagSet, defaultCamera string) *hwFlags {
	h := &hwFlags{}
	fs.StringVar(&h.camera, "camera", defaultCamera, "where photos come from: "+camera.Specs)
	fs.StringVar(&h.button, "button", "", "the shutter button's GPIO `PIN` (e.g. GPIO17; wired to GND); empty or none for no button")
	fs.StringVar(&h.led, "led", "", "the status LED's GPIO `PIN` (e.g. GPIO27; through 330 ohm to GND); empty or none for no LED")
	return h
}

// openCamera opens --camera, reporting what it skips or retries on
// stderr. An unknown spec or a missing camera program is bad input.
func (h *hwFlags) openCamera(stderr io.Writer) (camera.Source, error) {
	logf := func(format string, a ...any) { fmt.Fprintf(stderr, format+"\n", a...) }
	src, err := camera.Open(h.camera, camera.Options{Logf: logf})
	if err != nil {
		return nil, asBadInput(fmt.Errorf("--camera: %w", err))
	}
	return src, nil
}

// openButton opens --button; a pin this machine lacks is bad input.
func (h *hwFlags) openButton() (gpio.Button, error) {
	b, err := gpio.OpenButton(h.button, gpio.ButtonOptions{})
	if err != nil {
		return nil, asBadInput(fmt.Errorf("--button: %w", err))
	}
	return b, nil
}

// openLED opens --led; a pin this machine lacks is bad input.
func (h *hwFlags) openLED() (gpio.LED, error) {
	l, err := gpio.OpenLED(h.led)
	if err != nil {
		return nil, asBadInput(fmt.Errorf("--led: %w", err))
	}
	return l, nil
}

// hasButton reports whether --button names a pin.
func (h *hwFlags) hasButton() bool { return !gpio.IsNone(h.button) }

func isUpload(src camera.Source) bool {
	_, ok := src.(*camera.Upload)
	return ok
}
