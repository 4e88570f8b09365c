//go:build !lean

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"image"
	"io"
	"math"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
	vupw "github.com/tilescope/tilescope/vision/upwords"
)

func init() {
	register(command{name: "calibrate", summary: "measure the camera's focal length from one photo of the board taken at a tilt", run: runCalibrate})
}

func runCalibrate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("calibrate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dataDir := fs.String("data", "", "data directory to store "+vision.CalibrationFile+" and "+vupw.GeometryFile+" in (default: print them only)")
	size := fs.Int("size", 10, "squares per side of the board in the photo (Upwords: 10, or 8 for the classic board; others: the focal length only)")
	state := fs.String("state", "", "upwords: the board in the photo, in the grid text `FILE` format, so that each stack's height is known and the tiles' thickness can be measured (without it only their size is)")
	pitch := fs.Float64("pitch", vupw.UpwordsGeometry.SquareMM, "upwords: the board's square pitch in `mm`, if measured with a ruler (a photo measures the tiles against it)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: tilescope calibrate [--data DIR] [--size 10] [--state FILE] [--pitch MM] IMAGE")
		fmt.Fprintln(stderr, "IMAGE: the board (with some tiles, a few stacked, to measure an Upwords board) photographed 20-40 degrees from straight down.")
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
	if *size < 2 || *size > 30 {
		return usageErrorf("calibrate: --size %d (want 2..30)", *size)
	}
	upwordsBoard := *size == 8 || *size == 10
	if (*state != "" || *pitch != vupw.UpwordsGeometry.SquareMM) && !upwordsBoard {
		return usageErrorf("calibrate: --size %d: an Upwords board is 10x10 or 8x8 (--state and --pitch measure an Upwords board)", *size)
	}
	if *pitch < 10 || *pitch > 40 {
		return usageErrorf("calibrate: --pitch %g mm (want 10..40)", *pitch)
	}
	var known *grid.Board
	if *state != "" {
		var err error
		if known, err = scanBeforeUpwords(*state, *size); err != nil {
			return err
		}
	}
	path := fs.Arg(0)
	img, err := scanReadImage(path)
	if err != nil {
		return err
	}
	cal, err := vision.Calibrate(img, *size)
	switch {
	case errors.Is(err, vision.ErrNoBoard):
		return usageErrorf("calibrate: %s: %v", path, err)
	case err != nil && !upwordsBoard:
		return usageErrorf("calibrate: %s: %v", path, err)
	case err != nil:
		// Straight down: no focal length, but the board still measures.
		fmt.Fprintf(stdout, "focal length: not measured (%v)\n", err)
		cal = nil
	default:
		cal.Source = "board perspective in " + path
		fmt.Fprintf(stdout, "focal length %.1f px (%.1f degrees across a %d px picture)\n", cal.Fx, hfov(cal.Fx, cal.Width), cal.Width)
	}
	var geo *vupw.Geometry
	if upwordsBoard {
		g, err := calibrateGeometry(img, *size, cal, known, *pitch, stdout)
		if err != nil {
			return usageErrorf("calibrate: %s: %v", path, err)
		}
		g.Source = "stacks in " + path
		geo = &g
	}
	if *dataDir == "" {
		return nil
	}
	if cal != nil {
		if err := cal.Save(*dataDir); err != nil {
			return fmt.Errorf("calibrate: %w", err)
		}
		fmt.Fprintf(stdout, "saved in %s/%s\n", *dataDir, vision.CalibrationFile)
	}
	if geo != nil {
		if err := geo.Save(*dataDir); err != nil {
			return fmt.Errorf("calibrate: %w", err)
		}
		fmt.Fprintf(stdout, "saved in %s/%s\n", *dataDir, vupw.GeometryFile)
	}
	return nil
}

// calibrateGeometry measures an Upwords board's tiles in the photo
// against its pitch and prints what it found.
func calibrateGeometry(img image.Image, size int, cal *vision.Calibration, known *grid.Board, pitch float64, stdout io.Writer) (vupw.Geometry, error) {
	prior := vupw.UpwordsGeometry
	k := pitch / prior.SquareMM
	prior.SquareMM, prior.TileMM, prior.LevelMM, prior.WallMM = pitch, prior.TileMM*k, prior.LevelMM*k, prior.WallMM*k
	opt := vupw.Options{Size: size, Calib: cal, Geometry: prior}
	if rd, err := ocr.ForUpwords(); err == nil {
		opt.Reader = rd
	} else if known != nil {
		return prior, fmt.Errorf("--state needs the letter reader to match the stacks: %v", err)
	}
	g, ms, err := vupw.MeasureGeometry(img, opt, known)
	if err != nil {
		return g, err
	}
	fmt.Fprintf(stdout, "board geometry: tiles %.1f mm thick, %.1f mm across, on a %.1f mm pitch; walls %.1f mm (from %d stacks)\n",
		g.LevelMM, g.TileMM, g.SquareMM, g.WallMM, len(ms))
	return g, nil
}

// hfov is the horizontal field of view in degrees of a focal length f for a
// picture w pixels wide.
func hfov(f float64, w int) float64 { return 2 * math.Atan(float64(w)/2/f) * 180 / math.Pi }
