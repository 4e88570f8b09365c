//go:build !lean

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/vision"
	vupw "github.com/tilescope/tilescope/vision/upwords"
)

func init() {
	register(command{name: "eval-scan", summary: "measure the board reader on rendered scenes: board found, letters, heights, time", run: runEvalScan})
}

func runEvalScan(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("eval-scan", flag.ContinueOnError)
	fs.SetOutput(stderr)
	reader := fs.String("reader", "ours", "tile reader: ours (the built-in classifier) or none (heights and board only)")
	intrinsics := fs.String("intrinsics", "auto", "auto (focal length from each photo, else the Pi camera's) or truth (as if calibrated)")
	verbose := fs.Int("v", 0, "list up to N mistakes per scene that had any")
	sweep := fs.Bool("sure-sweep", false, "also print how many stacks each choice of the sure thresholds reads sure, and the share of them right")
	gameName := fs.String("game", "upwords", "the game: upwords (rendered scenes in DIR...) or scrabble (labelled photos in --photos)")
	photos := fs.String("photos", "", "scrabble: the folder of photos")
	labels := fs.String("labels", "vision/scrabble/testdata/real", "scrabble: the folder of the photos' labels (<photo>.txt, grid text with a # corners: line)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: tilescope eval-scan [--reader ours|none] [--intrinsics auto|truth] [-v N] DIR...")
		fmt.Fprintln(stderr, "       tilescope eval-scan --game scrabble --photos DIR [--labels DIR] [-v N]")
		fmt.Fprintln(stderr, "DIR holds images with their ground truth JSON beside them (tilescope render-set).")
		fs.PrintDefaults()
	}
	if err := parseArgs(fs, scanFlagsFirst(args, nil)); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return usageErrorf("eval-scan: %v", err)
	}
	switch *gameName {
	case "upwords":
	case "scrabble":
		if *photos == "" || fs.NArg() > 0 {
			return usageErrorf("eval-scan: --game scrabble wants --photos DIR and no other arguments")
		}
		return evalScanScrabble(ctx, *photos, *labels, *verbose, stdout)
	default:
		return usageErrorf("eval-scan: --game %q (want upwords or scrabble)", *gameName)
	}
	if fs.NArg() == 0 {
		return usageErrorf("eval-scan: no DIR given")
	}
	var opt vupw.EvalOptions
	switch *intrinsics {
	case "auto":
	case "truth":
		opt.TrueIntrinsics = true
	default:
		return usageErrorf("eval-scan: --intrinsics %q (want auto or truth)", *intrinsics)
	}
	sum := vupw.EvalSummary{KeepCells: *sweep}
	switch *reader {
	case "none":
	case "ours":
		rd, err := ocr.ForUpwords()
		if err != nil {
			return fmt.Errorf("eval-scan: the tile reader: %w (try --reader none)", err)
		}
		opt.Scan.Reader = rd
		sum.LettersRead = true
	default:
		return usageErrorf("eval-scan: --reader %q (want ours or none)", *reader)
	}
	for _, dir := range fs.Args() {
		files, err := vision.SceneFiles(dir)
		if err != nil {
			return usageErrorf("eval-scan: %v", err)
		}
		if len(files) == 0 {
			return usageErrorf("eval-scan: %s: no images with a ground truth JSON beside them", dir)
		}
		for _, f := range files {
			if err := ctx.Err(); err != nil {
				return err
			}
			t, err := vision.LoadTruth(vision.TruthPath(f))
			if err != nil {
				return usageErrorf("eval-scan: %v", err)
			}
			sum.Add(vupw.EvalScene(f, t, opt))
		}
	}
	sum.Write(stdout)
	if *sweep {
		fmt.Fprintln(stdout)
		sum.WriteSureSweep(stdout)
	}
	if *verbose > 0 {
		fmt.Fprintln(stdout)
		sum.WriteFailures(stdout, *verbose)
	}
	return nil
}
