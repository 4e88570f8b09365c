//go:build !lean

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"

	"github.com/tilescope/tilescope/vision"
)

func init() {
	register(command{name: "calibrate", summary: "measure the camera's focal length from one photo of the board taken at a tilt", run: runCalibrate})
}

func runCalibrate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("calibrate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dataDir := fs.String("data", "", "data directory to store "+vision.CalibrationFile+" in (default: print it only)")
	size := fs.Int("size", 10, "squares per side of the board in the photo")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: tilescope calibrate [--data DIR] [--size 10] IMAGE")
		fmt.Fprintln(stderr, "IMAGE: the board (empty or not) photographed 20-40 degrees from straight down.")
		fs.PrintDefaults()
	}
	if err := parseArgs(fs, scanFlagsFirst(args, nil)); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return usageErrorf("calibrate: %v", err)
	}
	if fs.NArg() != 1 {
		return usageErrorf("calibrate: want one IMAGE, got %d", fs.NArg())
	}
	path := fs.Arg(0)
	img, err := scanReadImage(path)
	if err != nil {
		return err
	}
	cal, err := vision.Calibrate(img, *size)
	if err != nil {
		return usageErrorf("calibrate: %s: %v", path, err)
	}
	cal.Source = "board perspective in " + path
	fmt.Fprintf(stdout, "focal length %.1f px (%.1f degrees across a %d px picture)\n", cal.Fx, hfov(cal.Fx, cal.Width), cal.Width)
	if *dataDir != "" {
		if err := cal.Save(*dataDir); err != nil {
			return fmt.Errorf("calibrate: %w", err)
		}
		fmt.Fprintf(stdout, "saved in %s/%s\n", *dataDir, vision.CalibrationFile)
	}
	return nil
}

// hfov is the horizontal field of view in degrees of a focal length f for a
// picture w pixels wide.
func hfov(f float64, w int) float64 { return 2 * math.Atan(float64(w)/2/f) * 180 / math.Pi }
