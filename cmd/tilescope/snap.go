//go:build !lean

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/tilescope/tilescope/hw/camera"
	"github.com/tilescope/tilescope/hw/gpio"
)

func init() {
	register(command{name: "snap", summary: "take photos from a camera (and try the shutter button and LED): set-up check for the Pi", run: runSnap})
}

// runSnap saves --count photos from --camera into --out, one line per
// photo. With --button it waits for a press before each photo; with --led
// the LED blinks "reading" while a photo is taken and shows "accepted"
// when it is saved. It is how a Pi's camera, button and LED are checked
// without the web service.
func runSnap(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("snap", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	hf := addHardwareFlags(fs, "rpicam-still")
	out := fs.String("out", ".", "the folder `DIR` to save the photos in")
	count := fs.Int("count", 1, "how many photos to take")
	timeout := fs.Duration("timeout", 30*time.Second, "give up waiting for one photo (or press) after this long")
	if err := parseArgs(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stderr, "usage: tilescope snap [--camera SPEC] [--out DIR] [--count N] [--button PIN] [--led PIN]")
			fmt.Fprintln(stderr, "Saves photos as DIR/snap-001.jpg...; prints PATH<TAB>SOURCE-NAME<TAB>BYTES per photo.")
			fs.SetOutput(stderr)
			fs.PrintDefaults()
			return nil
		}
		return usageErrorf("snap: %v", err)
	}
	if fs.NArg() > 0 {
		return usageErrorf("snap: unexpected argument %q", fs.Arg(0))
	}
	if *count < 1 {
		return usageErrorf("snap: --count %d: take at least one photo", *count)
	}
	if st, err := os.Stat(*out); err != nil || !st.IsDir() {
		return usageErrorf("snap: --out %s: not a folder", *out)
	}

	var src camera.Source
	src, err := hf.openCamera(stderr)
	if err != nil {
		return fmt.Errorf("snap: %w", err)
	}
	defer src.Close()
	btn, err := hf.openButton()
	if err != nil {
		return fmt.Errorf("snap: %w", err)
	}
	defer btn.Close()
	light, err := hf.openLED()
	if err != nil {
		return fmt.Errorf("snap: %w", err)
	}
	defer light.Close()
	light.Set(gpio.Idle)
	if hf.hasButton() {
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		src = camera.Shutter(src, btn.Presses(ctx))
		fmt.Fprintf(stderr, "snap: press the button on %s for each photo\n", hf.button)
	}

	for i := 1; i <= *count; i++ {
		shot, cancel := context.WithTimeout(ctx, *timeout)
		f, err := src.Next(shot)
		cancel()
		if err != nil {
			light.Set(gpio.Error)
			if errors.Is(err, context.Canceled) {
				return err
			}
			return asBadInput(fmt.Errorf("snap: photo %d from %s: %w", i, hf.camera, err))
		}
		light.Set(gpio.Reading)
		path := filepath.Join(*out, fmt.Sprintf("snap-%03d.jpg", i))
		if err := os.WriteFile(path, f.JPEG, 0o644); err != nil {
			light.Set(gpio.Error)
			return asBadInput(fmt.Errorf("snap: %w", err))
		}
		light.Set(gpio.Accepted)
		fmt.Fprintf(stdout, "%s\t%s\t%d\n", path, f.Name, len(f.JPEG))
	}
	return nil
}
