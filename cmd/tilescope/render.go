//go:build !lean

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"io"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/tilescope/tilescope/vision/render"
)

func init() {
	register(command{name: "render", summary: "draw a photo-like scene of a game position, with its ground truth", run: runRender})
	register(command{name: "render-set", summary: "write an evaluation set of rendered scenes of random positions", run: runRenderSet})
}

// sceneFlags are the condition flags render and render-set share.
type sceneFlags struct {
	difficulty    string
	width, height int
	tilt, yaw     optFloat
	warmth        optFloat
	motion        optFloat
	heightMM      float64
	quality       int
	clean         bool
	hand          bool
	centres       string
	dims          string
	maker         string
	typefaces     string
	print         string
}

func addSceneFlags(fs *flag.FlagSet, defDifficulty string) *sceneFlags {
	f := &sceneFlags{}
	fs.StringVar(&f.difficulty, "difficulty", defDifficulty, "range of conditions drawn from the seed: easy, normal, hard or mixed")
	fs.IntVar(&f.width, "width", 1640, "image width in pixels (Pi cameras: 1640x1232, 2028x1520, ...)")
	fs.IntVar(&f.height, "height", 1232, "image height in pixels")
	fs.Var(&f.tilt, "tilt", "camera tilt from straight down, `degrees` 0..60 (default: drawn from the seed)")
	fs.Var(&f.yaw, "yaw", "board rotation in the image, `degrees` (default: drawn from the seed)")
	fs.Var(&f.warmth, "warmth", "the light's colour, -3 (cool) .. 3 (warm): a cast over the whole scene, red's gain 0.12 and blue's -0.15 a unit (default: drawn from the seed, within 0.1, 0.3 or 0.5 by difficulty)")
	fs.Var(&f.motion, "motion", "a motion blur (a shake) of `pixels` of a 1640-wide picture, 0..60, in a direction drawn from the seed, instead of the drawn one (default: drawn, hard scenes only)")
	fs.Float64Var(&f.heightMM, "camera-height", 0, "camera height over the table, mm (default: drawn from the seed)")
	fs.IntVar(&f.quality, "quality", 0, "JPEG quality 1..100 (default: drawn from the seed)")
	fs.BoolVar(&f.clean, "clean", false, "no noise, blur, lens distortion, glare or hand (for debugging)")
	fs.BoolVar(&f.hand, "hand", false, "put a hand over part of the board")
	fs.StringVar(&f.maker, "maker", "classic", "pyramids: the set's size and print, classic or varied (another maker's, drawn from each scene's seed: render.RandomPyramidsSet)")
	fs.StringVar(&f.centres, "centres", "classic", "upwords: the print of the four centre squares, one of "+strings.Join(render.UpwordsCentres, ", ")+", or varied (one per scene, drawn from the seed)")
	fs.StringVar(&f.dims, "dims", "", "upwords: the board's and tiles' dimensions, `PITCH,TILE,LEVEL,WALL[,WALLWIDTH]` in mm (the project's board: 21,18.8,3.8,2.4,1.6), or varied (another maker's board per scene or game, drawn from the seed); the camera is moved to fit the board")
	fs.StringVar(&f.typefaces, "typefaces", "", "the typefaces letters are drawn in, comma-separated, one per scene drawn from its seed (render.Typefaces, render.MoreTypefaces and render.ExtraTypefaces; default: drawn by seed from render.Typefaces)")
	fs.StringVar(&f.print, "print", "classic", "upwords: the tiles' plastic, ink and letter size, classic (the project's set) or varied (another maker's per scene, drawn from the seed: render.RandomUpwordsPrint)")
	return f
}

// upwordsDims reads --dims for a scene of seed.
func (f *sceneFlags) upwordsDims(seed int64) (render.UpwordsDims, error) {
	switch f.dims {
	case "":
		return render.UpwordsDims{}, nil
	case "varied":
		return render.VariedUpwordsDims(seed), nil
	}
	parts := strings.Split(f.dims, ",")
	if len(parts) < 4 || len(parts) > 5 {
		return render.UpwordsDims{}, usageErrorf("--dims %q: want PITCH,TILE,LEVEL,WALL[,WALLWIDTH] in mm, or varied", f.dims)
	}
	var v [5]float64
	for i, p := range parts {
		x, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || x <= 0 || math.IsInf(x, 0) {
			return render.UpwordsDims{}, usageErrorf("--dims %q: %q is not a length in mm", f.dims, p)
		}
		v[i] = x
	}
	d := render.UpwordsDims{PitchMM: v[0], TileMM: v[1], LevelMM: v[2], WallMM: v[3], WallWidthMM: v[4]}
	if err := d.Check(); err != nil {
		return d, asBadInput(fmt.Errorf("--dims %q: %w", f.dims, err))
	}
	return d, nil
}

func (f *sceneFlags) options(seed int64, game string) (render.Options, error) {
	o, err := render.RandomOptions(seed, f.difficulty)
	if err != nil {
		return o, asBadInput(err)
	}
	switch f.maker {
	case "classic":
	case "varied":
		if game == "pyramids" {
			set := render.RandomPyramidsSet(seed)
			o.Pyramids = &set
		}
	default:
		return o, usageErrorf("--maker: %q is neither classic nor varied", f.maker)
	}
	o.FitGame(game)
	// Blur is drawn in pixels of a 1640-wide picture: scale it to ours.
	k := float64(f.width) / 1640
	o.Blur *= k
	o.MotionPx *= k
	o.Width, o.Height = f.width, f.height
	if f.tilt.set {
		o.TiltDeg = f.tilt.v
	}
	if f.yaw.set {
		o.YawDeg = f.yaw.v
	}
	if f.warmth.set {
		if math.Abs(f.warmth.v) > 3 {
			return o, usageErrorf("--warmth %g: want -3..3 (the blue channel's gain reaches 0.55 at 3)", f.warmth.v)
		}
		o.Warmth = f.warmth.v
	}
	if f.motion.set {
		if !(f.motion.v >= 0 && f.motion.v <= 60) {
			return o, usageErrorf("--motion %g: want 0..60 pixels", f.motion.v)
		}
		// its own stream: the scene's other conditions stay as drawn
		o.MotionPx = f.motion.v * k
		o.MotionDeg = 180 * rand.New(rand.NewSource(seed^0x6d6f74)).Float64()
	}
	if f.heightMM > 0 {
		o.HeightMM = f.heightMM
	}
	if f.quality > 0 {
		o.Quality = f.quality
	}
	if f.clean {
		o.Noise, o.ShotNoise, o.Blur, o.MotionPx, o.K1, o.K2, o.Glare, o.Hand = 0, 0, 0, 0, 0, 0, 0, false
	}
	if f.hand {
		o.Hand = true
	}
	if game == "upwords" {
		if o.UpwordsDims, err = f.upwordsDims(seed); err != nil {
			return o, err
		}
	}
	if f.typefaces != "" {
		names := strings.Split(f.typefaces, ",")
		if err := render.CheckTypefaces(names); err != nil {
			return o, usageErrorf("--typefaces: %v", err)
		}
		o.Typeface = render.SceneTypeface(names, seed)
	}
	switch f.print {
	case "classic":
	case "varied":
		if game == "upwords" {
			p := render.RandomUpwordsPrint(seed)
			o.UpwordsPrint = &p
		}
	default:
		return o, usageErrorf("--print: %q is neither classic nor varied", f.print)
	}
	switch {
	case f.centres == "varied":
		// From the seed, but not from RandomOptions' draws: a set
		// rendered with varied centres differs from the classic one only
		// there.
		o.UpwordsCentre = render.UpwordsCentres[int(uint64(seed)*0x9e3779b97f4a7c15>>59)%len(render.UpwordsCentres)]
	case slices.Contains(render.UpwordsCentres, f.centres):
		o.UpwordsCentre = f.centres
	default:
		return o, usageErrorf("--centres: %q is none of %s, varied", f.centres, strings.Join(render.UpwordsCentres, ", "))
	}
	return o, nil
}

func runRender(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	game := fs.String("game", "", "game: upwords, lexicon, twists, pyramids or scrabble")
	state := fs.String("state", "", "the position, in the game's text `FILE` format (see docs/render.md)")
	out := fs.String("out", "", "the image to write, `IMAGE`.jpg (or .png); its ground truth goes beside it as IMAGE.json")
	seed := fs.Int64("seed", 1, "seed of every random choice: the same seed gives the same bytes")
	edition := fs.String("board", "", "scrabble: the board's edition, "+strings.Join(render.ScrabbleEditions, ", ")+" (default: drawn from the seed)")
	scrPrint := fs.String("scr-print", "", "scrabble: how the premium squares are printed, "+strings.Join(render.ScrabblePrints, ", ")+", or mixed: drawn from the seed (default classic)")
	sf := addSceneFlags(fs, "normal")
	if done, err := parseQuiet(fs, args, stderr, "tilescope render --game G --state FILE --out IMAGE [--seed N] [options]"); done || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageErrorf("render: unexpected argument %q", fs.Arg(0))
	}
	if *game == "" || *state == "" || *out == "" {
		return usageErrorf("render: --game, --state and --out are required")
	}
	text, err := os.ReadFile(*state)
	if err != nil {
		return usageErrorf("render: reading state: %v", err)
	}
	o, err := sf.options(*seed, *game)
	if err != nil {
		return err
	}
	o.Name = *state
	o.Edition = *edition
	o.ScrabblePrint = *scrPrint
	if *game == "upwords" {
		o.FitUpwords(render.StateRows(text))
	}
	if *game == "scrabble" && sameFile(*state, strings.TrimSuffix(*out, filepath.Ext(*out))+".txt") {
		return usageErrorf("render: --out %q would write its label over --state %q (a Scrabble scene's label is IMAGE.txt)", *out, *state)
	}
	return renderTo(*game, text, o, *out)
}

// renderTo renders and writes the image and its truth beside it.
func renderTo(game string, state []byte, o render.Options, out string) error {
	ext := strings.ToLower(filepath.Ext(out))
	if ext != ".jpg" && ext != ".jpeg" && ext != ".png" {
		return usageErrorf("render: --out %q: want a .jpg, .jpeg or .png file", out)
	}
	sc, err := render.Render(game, state, o)
	if err != nil {
		if errors.Is(err, render.ErrUnknownGame) || errors.Is(err, render.ErrBadState) || errors.Is(err, render.ErrBadOptions) {
			return asBadInput(err)
		}
		return err
	}
	if ext == ".png" {
		f, err := os.Create(out)
		if err != nil {
			return asBadInput(err)
		}
		if err := png.Encode(f, sc.Image); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
	} else if err := os.WriteFile(out, sc.JPEG, 0o644); err != nil {
		return asBadInput(err)
	}
	js, err := sc.Truth.MarshalIndent()
	if err != nil {
		return err
	}
	stem := strings.TrimSuffix(out, filepath.Ext(out))
	if err := os.WriteFile(stem+".json", js, 0o644); err != nil {
		return err
	}
	if game != "scrabble" {
		return nil
	}
	// Scrabble's truth also as a hand label of a photo is written (grid
	// text and corners), for eval-scan --game scrabble --photos DIR.
	label, err := render.ScrabbleLabel(&sc.Truth)
	if err != nil {
		return err
	}
	return os.WriteFile(stem+".txt", label, 0o644)
}

func runRenderSet(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("render-set", flag.ContinueOnError)
	game := fs.String("game", "upwords", "game: upwords, lexicon, twists, pyramids or scrabble")
	n := fs.Int("n", 200, "number of scenes")
	seed := fs.Int64("seed", 1, "seed of the set: scene i uses seed*100000+i")
	out := fs.String("out", "", "`DIR` to write NNNN.jpg, NNNN.json (truth) and NNNN.txt (state) into")
	edition := fs.Int("edition", 10, "Upwords edition: 10 (10x10, the default) or 8 (the classic 8x8 board)")
	board := fs.String("board", "", "scrabble: the board's edition, "+strings.Join(render.ScrabbleEditions, ", ")+" (default: drawn from each scene's seed)")
	scrPrint := fs.String("scr-print", "", "scrabble: how the premium squares are printed, "+strings.Join(render.ScrabblePrints, ", ")+", or mixed: drawn from each scene's seed (default classic)")
	sf := addSceneFlags(fs, "mixed")
	if done, err := parseQuiet(fs, args, stderr, "tilescope render-set --game G --n N --seed S --out DIR [options]"); done || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageErrorf("render-set: unexpected argument %q", fs.Arg(0))
	}
	if *out == "" {
		return usageErrorf("render-set: --out DIR is required")
	}
	if *n < 1 || *n > 100000 {
		return usageErrorf("render-set: --n %d: want 1..100000", *n)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return asBadInput(err)
	}
	// index.tsv lists the scenes with their main conditions, for picking
	// subsets (only the hard ones, only those with a hand...).
	index := []string{"image\tgame\tseed\tdifficulty\ttilt_deg\tyaw_deg\thand\tblur_px\tjpeg_quality"}
	writeIndex := func() error {
		return os.WriteFile(filepath.Join(*out, "index.tsv"), []byte(strings.Join(index, "\n")+"\n"), 0o644)
	}
	for i := 0; i < *n; i++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		s := *seed*100000 + int64(i)
		var state []byte
		var err error
		if *game == "upwords" {
			state, err = render.RandomUpwords(s, *edition)
		} else {
			state, err = render.RandomState(*game, s)
		}
		if err != nil {
			return asBadInput(err)
		}
		o, err := sf.options(s, *game)
		if err != nil {
			return err
		}
		base := filepath.Join(*out, fmt.Sprintf("%04d", i))
		if err := os.WriteFile(base+".txt", state, 0o644); err != nil {
			return asBadInput(err)
		}
		o.Name = base + ".txt"
		o.Edition = *board
		o.ScrabblePrint = *scrPrint
		if *game == "upwords" {
			o.FitUpwords(*edition)
		}
		if err := renderTo(*game, state, o, base+".jpg"); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s.jpg\t%s\ttilt %.0f\tyaw %.0f\n", base, o.Difficulty, o.TiltDeg, o.YawDeg)
		index = append(index, fmt.Sprintf("%04d.jpg\t%s\t%d\t%s\t%.1f\t%.1f\t%t\t%.2f\t%d",
			i, *game, s, o.Difficulty, o.TiltDeg, o.YawDeg, o.Hand, o.Blur, o.Quality))
	}
	if err := writeIndex(); err != nil {
		return asBadInput(err)
	}
	return nil
}

// optFloat is a float flag that remembers whether it was given.
type optFloat struct {
	v   float64
	set bool
}

func (f *optFloat) String() string {
	if f == nil || !f.set {
		return ""
	}
	return strconv.FormatFloat(f.v, 'g', -1, 64)
}

func (f *optFloat) Get() any { return f.v }

func (f *optFloat) Set(s string) error {
	v, err := strconv.ParseFloat(s, 64)
	if err == nil && (math.IsNaN(v) || math.IsInf(v, 0)) {
		return fmt.Errorf("want a finite number, not %q", s)
	}
	if err != nil {
		return fmt.Errorf("not a number: %q", s)
	}
	f.v, f.set = v, true
	return nil
}

// parseQuiet parses the flags; a bad flag is one line of bad input (exit
// 2), and -h prints the usage and the flags (done, exit 0).
func parseQuiet(fs *flag.FlagSet, args []string, stderr io.Writer, usage string) (done bool, err error) {
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	if err := parseArgs(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stderr, "usage:", usage)
			fs.SetOutput(stderr)
			fs.PrintDefaults()
			return true, nil
		}
		return true, usageErrorf("%s: %v", fs.Name(), err)
	}
	return false, nil
}

// sameFile: a and b name the same file (or the same path, when neither
// exists yet).
func sameFile(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(sa, sb)
	}
	return filepath.Clean(a) == filepath.Clean(b)
}
