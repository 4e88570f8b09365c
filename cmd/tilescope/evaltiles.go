//go:build !lean

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/tilescope/tilescope/ocr/dataset"
	"github.com/tilescope/tilescope/ocr/eval"
	"github.com/tilescope/tilescope/vision/render"
)

func init() {
	register(command{name: "eval-tiles", summary: "measure tile readers on labelled crops (accuracy, confusions, time)", run: runEvalTiles})
}

func runEvalTiles(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("eval-tiles", flag.ContinueOnError)
	fs.SetOutput(stderr)
	alphabet := fs.String("alphabet", "en", "en, ru or all")
	backends := fs.String("backend", "ours", "comma-separated: ours, cascade (ours with its specialist for blurred crops), tesseract, tesseract4")
	modelPath := fs.String("model", "", "model file for backend ours instead of the built-in one (backend cascade: the specialist)")
	mode := fs.String("mode", "box", "how tiles are cut from labelled photos and rendered loose tiles: box (as photographed, any rotation) or warp (rectified)")
	top := fs.Int("confusions", 10, "how many confusions to list")
	game := fs.String("render", "", "also evaluate on crops cut from scenes drawn by vision/render: upwords, lexicon or twists")
	scenes := fs.Int("scenes", 10, "rendered scenes (with --render)")
	seed0 := fs.Int64("seed", 100000, "seed of the first rendered scene (training uses seeds below 100000)")
	typefaces := fs.String("typefaces", "", "with --render: comma-separated typefaces the scenes are drawn in, one per scene (render.Typefaces and render.MoreTypefaces; default: drawn by seed)")
	printFlag := fs.String("print", "classic", "with --render upwords: the tiles' plastic, ink and letter size, classic (the project's set) or varied (another maker's per scene)")
	difficulty := fs.String("difficulty", "mixed", "rendered conditions: easy, normal, hard or mixed (with a DIR of rendered scenes: which of them)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: tilescope eval-tiles [--alphabet en|ru] [--backend ours,cascade,tesseract] [--mode box|warp] DIR...")
		fmt.Fprintln(stderr, "DIR is a YOLO split (images/, labels/, data.yaml beside or above), a folder with one sub-folder of crops per letter (\"empty\" for no tile),")
		fmt.Fprintln(stderr, "or a folder of rendered Upwords scenes with their truth JSON (tilescope render-set): every square cut at its true corners, --difficulty picks the scenes.")
		fs.PrintDefaults()
	}
	if err := parseArgs(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return usageErrorf("eval-tiles: %v", err)
	}
	if fs.NArg() == 0 && *game == "" {
		return usageErrorf("eval-tiles: no DIR and no --render given")
	}
	if *mode != string(dataset.ModeBox) && *mode != string(dataset.ModeWarp) {
		return usageErrorf("eval-tiles: unknown --mode %q (want box or warp)", *mode)
	}
	var crops []dataset.Crop
	for _, dir := range fs.Args() {
		var cs []dataset.Crop
		var err error
		switch {
		case dataset.IsPhotoSplit(dir):
			cs, err = dataset.PhotoCrops(dir, dataset.Mode(*mode))
		case dataset.IsSceneDir(dir):
			cs, err = dataset.SceneCrops(dir, *difficulty, dataset.Mode(*mode))
		default:
			cs, err = dataset.FolderCrops(dir)
		}
		if err != nil {
			return asBadInput(fmt.Errorf("eval-tiles: %w", err))
		}
		crops = append(crops, cs...)
	}
	from := strings.Join(fs.Args(), ", ")
	if *printFlag != "classic" && *printFlag != "varied" {
		return usageErrorf("eval-tiles: unknown --print %q (want classic or varied)", *printFlag)
	}
	if *game != "" {
		ro := dataset.RenderOptions{Difficulty: *difficulty, Mode: dataset.Mode(*mode), Print: *printFlag == "varied"}
		if *typefaces != "" {
			ro.Typefaces = strings.Split(*typefaces, ",")
			if err := render.CheckTypefaces(ro.Typefaces); err != nil {
				return usageErrorf("eval-tiles: --typefaces: %v", err)
			}
		}
		cs, err := dataset.RenderedCropsWith(*game, *seed0, *scenes, ro)
		if err != nil {
			return asBadInput(fmt.Errorf("eval-tiles: %w", err))
		}
		crops = append(crops, cs...)
		if from != "" {
			from += ", "
		}
		from += fmt.Sprintf("%d rendered %s scenes (seeds %d..%d, %s)", *scenes, *game, *seed0, *seed0+int64(*scenes)-1, *difficulty)
		if *typefaces != "" || *printFlag != "classic" {
			from += fmt.Sprintf(" (typefaces %q, print %s)", *typefaces, *printFlag)
		}
	}
	fmt.Fprintf(stdout, "%d crops from %s (mode %s)\n", len(crops), from, *mode)
	for _, b := range strings.Split(*backends, ",") {
		if err := ctx.Err(); err != nil {
			return err
		}
		rd, closeFn, err := openReader(b, *alphabet, *modelPath)
		if err != nil {
			return err
		}
		res := eval.Run(b, rd, crops)
		closeFn()
		res.Print(stdout, *top)
	}
	return nil
}
