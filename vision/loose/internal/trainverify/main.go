// Command trainverify trains vision/loose's tile verifiers (verify.go): it
// scans the photos of a labelled split (loose.PhotoSet: YOLO labels and
// a class list, as eval-loose --photos reads them) and rendered scenes of
// the game (-game lexicon: verifier.txt; -game twists, rendered Twists
// tables only: verifier-twists.txt) without the verifier, pairs each tile
// read with the labels (a tile read right, or a false or misread tile),
// fits the logistic regression and writes verifier.txt. The same
// photos and seeds give the same file. `make train` runs it on the ban-seg
// train split, with -right-photos that split as augment draws it tilted
// and steep (the Right regression learns from those tiles too); the
// valid split is never used here.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image"
	"os"
	"strings"

	_ "image/jpeg"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/vision/loose"
	"github.com/tilescope/tilescope/vision/render"
)

func main() {
	photos := flag.String("photos", "", "a labelled split: DIR/images (.jpg, .jpeg, .png), DIR/labels (YOLO, IMAGE-BASENAME.txt), a class list (data.yaml, classes.txt or obj.names) in DIR or its parent (loose.PhotoSet, as eval-loose --photos reads)")
	rightPhotos := flag.String("right-photos", "", "labelled splits, comma separated, as -photos (augment's folders: the train split as tilted cameras take it), whose tiles train the Right regression (is a letter read right) only; the Tile regression and its cut stay the -photos split's and the renders'")
	game := flag.String("game", "lexicon", "whose tiles: lexicon (the English reader, tiles read one way up) or twists (the Russian and English readers, Twists tables, action tiles)")
	renders := flag.Int("render", 40, "rendered scenes of the game to add")
	difficulty := flag.String("difficulty", "normal", "the rendered scenes' difficulty: easy, normal, hard or mixed")
	seed := flag.Int64("seed", 1000, "the first render seed (eval-loose --render uses 1-20: keep clear of them)")
	l2 := flag.Float64("l2", 1, "L2 penalty on the weights")
	wrong := flag.Float64("false-weight", 1, "what a false tile kept costs against a tile kept, choosing the cut")
	noSpecialist := flag.Bool("no-specialist", false, "read the letters with the English (Lexicon) or Russian (Twists) reader alone (loose.Options.NoSpecialist), not pooled with the loose tiles' specialist of that alphabet")
	out := flag.String("out", "vision/loose/verifier.txt", "the verifier file to write")
	flag.Parse()
	if *game != "lexicon" && *game != "twists" {
		fmt.Fprintf(os.Stderr, "trainverify: -game %q: want lexicon or twists\n", *game)
		os.Exit(2)
	}
	if err := run(*game, *photos, *rightPhotos, *renders, *difficulty, *seed, *l2, *wrong, *noSpecialist, *out); err != nil {
		fmt.Fprintln(os.Stderr, "trainverify:", err)
		os.Exit(1)
	}
}

func same(read, label string) bool { return strings.EqualFold(read, label) }

func run(game, photos, rightPhotos string, renders int, difficulty string, seed int64, l2, wrong float64, noSpecialist bool, out string) error {
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		return err
	}
	// As `scan --game lexicon|twists` reads a table.
	opt := loose.Options{Reader: rd, Lattice: true, UprightFromLetters: true, NoSpecialist: noSpecialist}
	if game == "twists" {
		ru, err := ocr.Default(ocr.Russian)
		if err != nil {
			return err
		}
		opt = loose.Options{Reader: ru, Alternatives: []loose.Reader{rd}, Lattice: true, Twists: true, NoSpecialist: noSpecialist}
	}
	// On a Twists table a letter is right when its shape is: the
	// alphabet is chosen for the whole table, not tile by tile, and a
	// table read in the wrong one says nothing about each tile's reading.
	sameFor := same
	if game == "twists" {
		sameFor = loose.SameShape
	}
	var samples []loose.VerifySample
	add := func(name string, img image.Image, truth []loose.TruthTile) error {
		s, err := loose.VerifySamples(img, truth, opt, sameFor)
		if errors.Is(err, loose.ErrNoTiles) || errors.Is(err, loose.ErrTooBlurred) || errors.Is(err, loose.ErrTooDark) {
			return nil // no tile to learn from
		}
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		samples = append(samples, s...)
		return nil
	}
	if photos != "" {
		if err := addSplit(photos, add); err != nil {
			return err
		}
	}
	for i := 0; i < renders; i++ {
		s := seed + int64(i)
		state, err := render.RandomState(game, s)
		if err != nil {
			return err
		}
		ro, err := render.RandomOptions(s, difficulty)
		if err != nil {
			return err
		}
		sc, err := render.Render(game, state, ro)
		if err != nil {
			return err
		}
		img, _, err := image.Decode(bytes.NewReader(sc.JPEG))
		if err != nil {
			return err
		}
		truth := loose.TruthFromRender(&sc.Truth)
		if err := add(fmt.Sprintf("render %d", s), img, truth); err != nil {
			return err
		}
	}
	// The right-only splits' tiles, apart: they train Right alone.
	base := samples
	samples = nil
	for _, split := range strings.Split(rightPhotos, ",") {
		if split == "" {
			continue
		}
		if err := addSplit(split, add); err != nil {
			return err
		}
	}
	rightOnly := samples
	samples = base
	tiles, lettered, right := 0, 0, 0
	for _, s := range samples {
		if s.Tile {
			tiles++
		}
		if s.Lettered {
			lettered++
			if s.Right {
				right++
			}
		}
	}
	// Right learns from every tile read (a letter read on a tilted photo
	// is judged by the same cues); Tile and the cut from the photos as
	// taken and the renders alone.
	v := loose.TrainVerifier(samples, rightOnly, l2, wrong)
	if len(rightOnly) > 0 {
		fmt.Fprintf(os.Stderr, "trainverify: Right trained also on %d tiles of %s\n", len(rightOnly), rightPhotos)
	}
	kept, keptFalse := 0, 0
	for _, s := range samples {
		if v.ProbTile(s.Cues) >= v.Cut {
			kept++
			if !s.Tile {
				keptFalse++
			}
		}
	}
	fmt.Fprintf(os.Stderr, "trainverify: %d tiles reported: %d on a label (%d lettered, %d of them read right), %d false; cut %.3f keeps %d (%d false)\n",
		len(samples), tiles, lettered, right, len(samples)-tiles, v.Cut, kept, keptFalse)
	return os.WriteFile(out, []byte(v.String()), 0o644)
}

// addSplit adds, through add, each photo of a labelled split (dir's
// images and labels, its class list in dir or its parent: loose.PhotoSet).
func addSplit(dir string, add func(name string, img image.Image, truth []loose.TruthTile) error) error {
	set, err := loose.ResolvePhotoSet(dir, "", "", "")
	if err != nil {
		return err
	}
	for p, err := range set.Photos(nil) {
		if err != nil {
			return err
		}
		if err := add(p.Path, p.Image, p.Truth); err != nil {
			return err
		}
	}
	return nil
}
