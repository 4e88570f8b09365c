//go:build !lean

package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"image"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/vision/loose"
	"github.com/tilescope/tilescope/vision/render"
)

func init() {
	register(command{name: "eval-loose", summary: "measure the loose-tile reader (Lexicon, Twists) on real or rendered photos: tiles found, corners, letters, lattice, time", run: runEvalLoose})
}

// looseSample is one photo with its labelled tiles.
type looseSample struct {
	name    string
	img     image.Image
	truth   []loose.TruthTile
	lattice bool // the truth has rows and columns
	twists  bool
	// english: a Twists table of the English set (its truth's letters
	// are Latin); false: the Russian set, or not known.
	english bool
}

func runEvalLoose(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("eval-loose", flag.ContinueOnError)
	fs.SetOutput(stderr)
	banana := fs.String("bananagrams", "", "a split of the ban-seg photos: DIR with images/ and labels/ (YOLO polygons), data.yaml in DIR or its parent")
	set := fs.String("set", "", "rendered scenes: DIR of images with their ground truth JSON beside them (tilescope render-set)")
	nRender := fs.Int("render", 0, "render N scenes of --game in memory and measure on them")
	game := fs.String("game", "lexicon", "the game rendered with --render: lexicon or twists")
	difficulty := fs.String("difficulty", "normal", "conditions of rendered scenes: easy, normal, hard or mixed")
	seed := fs.Int64("seed", 1, "first seed of rendered scenes")
	reader := fs.String("reader", "ours", "tile reader: ours (the built-in classifier) or none (tiles and lattice only)")
	verbose := fs.Bool("v", false, "one line per photo")
	photos := fs.String("photos", "", "real photos: DIR with images/ and labels/ (YOLO boxes or polygons) and a class list (data.yaml, classes.txt or obj.names) in DIR or its parent; scanned as `scan --game` (lexicon by default) does")
	imagesDir := fs.String("images", "", "with --labels and --classes (or to override --photos): the photos' folder")
	labelsDir := fs.String("labels", "", "the YOLO label files' folder (IMAGE-BASENAME.txt)")
	classes := fs.String("classes", "", "the class list: data.yaml, or one name a line")
	alphabet := fs.String("alphabet", "set", "Twists & Turns renders: set (read with the reader of the scene's set, as the game does) or both (both alphabets, the surer names the table, as `scan --game twists` without --set)")
	drawDir := fs.String("draw", "", "write each photo with its labels (red) and the tiles found (green) to DIR/NAME.png")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: tilescope eval-loose (--photos DIR | --images DIR --labels DIR --classes FILE | --bananagrams DIR | --set DIR | --render N [--difficulty D] [--seed S]) [--game lexicon|twists] [--reader ours|none] [-v]")
		fs.PrintDefaults()
	}
	if err := parseArgs(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return usageErrorf("eval-loose: %v", err)
	}
	if fs.NArg() > 0 {
		return usageErrorf("eval-loose: unexpected argument %q", fs.Arg(0))
	}
	given := 0
	withPhotos := *photos != "" || *imagesDir != "" || *labelsDir != "" || *classes != ""
	for _, b := range []bool{*banana != "", *set != "", *nRender > 0, withPhotos} {
		if b {
			given++
		}
	}
	if given != 1 {
		return usageErrorf("eval-loose: give one of --photos DIR, --bananagrams DIR, --set DIR, --render N")
	}
	var pset loose.PhotoSet
	if withPhotos {
		var err error
		if pset, err = loose.ResolvePhotoSet(*photos, *imagesDir, *labelsDir, *classes); err != nil {
			return usageErrorf("eval-loose: %v (give --photos DIR, or --images DIR with --labels DIR and --classes FILE)", err)
		}
	}
	if *alphabet != "set" && *alphabet != "both" {
		return usageErrorf("eval-loose: --alphabet %q (want set or both)", *alphabet)
	}
	var readers map[bool]loose.Reader // twists? -> reader
	var alt loose.Reader
	switch *reader {
	case "none":
	case "ours":
		en, err := ocr.Default(ocr.English)
		if err != nil {
			return fmt.Errorf("eval-loose: the tile reader: %w (try --reader none)", err)
		}
		ru, err := ocr.Default(ocr.Russian)
		if err != nil {
			return fmt.Errorf("eval-loose: the Russian tile reader: %w (try --reader none)", err)
		}
		readers = map[bool]loose.Reader{false: en, true: ru}
		alt = en
	default:
		return usageErrorf("eval-loose: --reader %q (want ours or none)", *reader)
	}

	if withPhotos {
		if *game != "lexicon" && *game != "twists" {
			return usageErrorf("eval-loose: --game %q (want lexicon or twists)", *game)
		}
		return evalPhotos(ctx, pset, *game, readers, alt, *verbose, *drawDir, stdout)
	}
	var samples func(yield func(looseSample) error) error
	switch {
	case *banana != "":
		samples = func(yield func(looseSample) error) error { return bananaSamples(*banana, yield) }
	case *set != "":
		samples = func(yield func(looseSample) error) error { return sceneSetSamples(*set, yield) }
	default:
		if *game != "lexicon" && *game != "twists" {
			return usageErrorf("eval-loose: --game %q (want lexicon or twists)", *game)
		}
		samples = func(yield func(looseSample) error) error {
			return renderSamples(*game, *difficulty, *seed, *nRender, yield)
		}
	}

	var sum looseSummary
	sum.read = readers != nil
	err := samples(func(s looseSample) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		opt := loose.Options{Lattice: s.lattice, UprightFromLetters: s.lattice && !s.twists, Twists: s.twists}
		if readers != nil {
			opt.Reader = readers[s.twists]
			if s.twists {
				opt.Alternatives = []loose.Reader{alt}
				if *alphabet == "set" && s.lattice {
					// A rendered table: its set is known.
					rd, err := twistsSetReader(s.english)
					if err != nil {
						return fmt.Errorf("eval-loose: %w", err)
					}
					opt.Reader, opt.Alternatives = rd, nil
				}
			}
		}
		start := time.Now()
		r, err := loose.Scan(s.img, opt)
		el := time.Since(start)
		var tiles []loose.Tile
		if err != nil {
			if !errors.Is(err, loose.ErrNoTiles) && !errors.Is(err, loose.ErrTooDark) && !errors.Is(err, loose.ErrTooBlurred) {
				return fmt.Errorf("eval-loose: %s: %w", s.name, err)
			}
		} else {
			tiles = r.Tiles
		}
		sc := loose.ScoreScan(tiles, s.truth, sameLetter)
		if *drawDir != "" {
			if err := drawEval(filepath.Join(*drawDir, s.name+".png"), s.img, tiles, s.truth); err != nil {
				return fmt.Errorf("eval-loose: %w", err)
			}
		}
		sum.add(s, sc, el)
		if *verbose {
			fmt.Fprintf(stdout, "%s\tlabelled %d\tfound %d\tmatched %d\tletters %d/%d\tlattice %v\t%.0f ms\n",
				s.name, sc.Truth, sc.Found, sc.Matched, sc.Letters, sc.Lettered, sc.Lattice, el.Seconds()*1000)
			for _, m := range sc.Misread {
				fmt.Fprintf(stdout, "\tmisread %s as %s (conf %.2f) at (%.0f, %.0f)\n", m.Label, m.Read, m.Conf, m.At.X, m.At.Y)
			}
		}
		return nil
	})
	if err != nil {
		var bi badInput
		if errors.As(err, &bi) || errors.Is(err, context.Canceled) {
			return err
		}
		return err
	}
	if sum.images == 0 {
		return usageErrorf("eval-loose: no photos found")
	}
	sum.write(stdout)
	return nil
}

// sameLetter: the reader's letter against a label, ignoring case.
func sameLetter(read, label string) bool { return strings.EqualFold(read, label) }

type looseSummary struct {
	images, truth, found, matched int
	corner                        float64
	letters, lettered             int
	read                          bool
	latticeScenes, lattice, turn  int
	times                         []float64
}

func (s *looseSummary) add(x looseSample, sc loose.Score, el time.Duration) {
	s.images++
	s.truth += sc.Truth
	s.found += sc.Found
	s.matched += sc.Matched
	s.corner += sc.CornerErr
	s.letters += sc.Letters
	s.lettered += sc.Lettered
	if x.lattice {
		s.latticeScenes++
		if sc.Lattice {
			s.lattice++
		}
		if sc.LatticeTurned {
			s.turn++
		}
	}
	s.times = append(s.times, el.Seconds()*1000)
}

func (s *looseSummary) write(w io.Writer) {
	pct := func(a, b int) float64 {
		if b == 0 {
			return 0
		}
		return 100 * float64(a) / float64(b)
	}
	fmt.Fprintf(w, "photos            %d\n", s.images)
	fmt.Fprintf(w, "tiles labelled    %d\n", s.truth)
	fmt.Fprintf(w, "tiles found       %d\n", s.found)
	fmt.Fprintf(w, "recall            %.1f%% (%d of %d labelled tiles found, IoU >= 0.5)\n", pct(s.matched, s.truth), s.matched, s.truth)
	fmt.Fprintf(w, "precision         %.1f%% (%d of %d found tiles are labelled tiles)\n", pct(s.matched, s.found), s.matched, s.found)
	if s.matched > 0 {
		fmt.Fprintf(w, "corner error      %.1f px mean over found tiles\n", s.corner/float64(s.matched))
	}
	if s.read {
		fmt.Fprintf(w, "letters right     %.1f%% (%d of %d found tiles with a known letter)\n", pct(s.letters, s.lettered), s.letters, s.lettered)
	} else {
		fmt.Fprintf(w, "letters right     not read (--reader none)\n")
	}
	if s.latticeScenes > 0 {
		fmt.Fprintf(w, "lattice right     %.1f%% (%d of %d photos: every tile found, on its cell); %d up to a quarter turn\n",
			pct(s.lattice, s.latticeScenes), s.lattice, s.latticeScenes, s.turn)
	}
	t := append([]float64(nil), s.times...)
	sort.Float64s(t)
	var mean float64
	for _, v := range t {
		mean += v / float64(len(t))
	}
	fmt.Fprintf(w, "time per photo    median %.0f ms, mean %.0f ms, max %.0f ms\n", t[len(t)/2], mean, t[len(t)-1])
}

// bananaSamples reads a split of the ban-seg photos (CC BY 4.0, "ban-seg"
// by Zawaer, Roboflow Universe): a loose.PhotoSet in dir, its data.yaml
// (class names "a" -> "A"; the Finnish "a_dot" (Ä) and "o_dot" (Ö) become
// "": our readers do not know them, so they are left out of the letter
// figure) in dir or its parent.
func bananaSamples(dir string, yield func(looseSample) error) error {
	set, err := loose.ResolvePhotoSet(dir, "", "", "")
	if err != nil {
		return usageErrorf("eval-loose: %v", err)
	}
	for p, err := range set.Photos(readEvalPhoto) {
		if err != nil {
			return usageErrorf("eval-loose: %v", err)
		}
		if err := yield(looseSample{name: filepath.Base(p.Path), img: p.Image, truth: p.Truth}); err != nil {
			return err
		}
	}
	return nil
}

// sceneSetSamples reads rendered scenes of loose-tile games from a
// directory: each IMAGE with IMAGE-without-extension.json beside it.
func sceneSetSamples(dir string, yield func(looseSample) error) error {
	var files []string
	for _, pat := range []string{"*.jpg", "*.png"} {
		m, _ := filepath.Glob(filepath.Join(dir, pat))
		files = append(files, m...)
	}
	sort.Strings(files)
	n := 0
	for _, f := range files {
		tp := strings.TrimSuffix(f, filepath.Ext(f)) + ".json"
		tf, err := os.Open(tp)
		if err != nil {
			continue
		}
		t, err := render.ReadTruth(tf, tp)
		tf.Close()
		if err != nil {
			return usageErrorf("eval-loose: %v", err)
		}
		if t.Game != "lexicon" && t.Game != "twists" {
			continue
		}
		img, err := scanReadImage(f)
		if err != nil {
			return err
		}
		n++
		if err := yield(looseSample{name: filepath.Base(f), img: img, truth: loose.TruthFromRender(t), lattice: true, twists: t.Game == "twists", english: latinTruth(t)}); err != nil {
			return err
		}
	}
	if n == 0 {
		return usageErrorf("eval-loose: %s: no Lexicon or Twists images with a ground truth JSON beside them", dir)
	}
	return nil
}

// renderSamples renders n random scenes of game in memory.
func renderSamples(game, difficulty string, seed int64, n int, yield func(looseSample) error) error {
	for i := 0; i < n; i++ {
		s := seed + int64(i)
		state, err := render.RandomState(game, s)
		if err != nil {
			return fmt.Errorf("eval-loose: %w", err)
		}
		opt, err := render.RandomOptions(s, difficulty)
		if err != nil {
			return usageErrorf("eval-loose: %v", err)
		}
		sc, err := render.Render(game, state, opt)
		if err != nil {
			return fmt.Errorf("eval-loose: %w", err)
		}
		img, _, err := image.Decode(bytes.NewReader(sc.JPEG))
		if err != nil {
			return fmt.Errorf("eval-loose: rendered JPEG: %w", err)
		}
		if err := yield(looseSample{name: fmt.Sprintf("%s-%s-%d", game, difficulty, s), img: img,
			truth: loose.TruthFromRender(&sc.Truth), lattice: true, twists: game == "twists", english: latinTruth(&sc.Truth)}); err != nil {
			return err
		}
	}
	return nil
}

// latinTruth says whether a rendered table's letters are Latin (an
// English set): any tile of one letter A-Z.
func latinTruth(t *render.Truth) bool {
	for _, tt := range t.Tiles {
		if len(tt.Letter) == 1 && tt.Letter[0] >= 'A' && tt.Letter[0] <= 'Z' {
			return true
		}
	}
	return false
}
