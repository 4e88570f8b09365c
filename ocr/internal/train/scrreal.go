package main

import (
	"flag"
	"fmt"
	"hash/fnv"
	"image"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tilescope/tilescope/internal/imagesize"
	"github.com/tilescope/tilescope/ocr/internal/scrhalf"
	vscr "github.com/tilescope/tilescope/vision/scrabble"
)

var (
	scrReal       = flag.String("scr-real", "", "with -specialist scrabble: a folder of real Scrabble photos' labels (vision/scrabble/testdata/real); the squares of the tuning half's photos only (ocr/internal/scrhalf; the held-out half is never read) are cut as a person cuts them (personCut) and learnt as ocr.SquareViews shows them; empty: none")
	scrRealPhotos = flag.String("scr-real-photos", "../shared/data/photos/scrabble-board", "with -scr-real: the folder of the photos (NAME.jpg for each label NAME.txt)")
	scrRealTiles  = flag.Int("scr-real-tiles", 40, "with -scr-real: cuts of every lettered tile (blanks are left out)")
	scrRealEmpty  = flag.Int("scr-real-empty", 3, "with -scr-real: cuts of every empty premium square")
	scrRealPlain  = flag.Float64("scr-real-plain", 0.3, "with -scr-real: share of the empty plain squares cut (once each)")
	scrRealLight  = flag.Float64("scr-real-light", 0.5, "with -scr-real: share of the cuts also lit otherwise (personLight), from a stream of their own")
	scrRealMotion = flag.Float64("scr-real-motion", 0, "with -scr-real: share of the cuts also blurred by a hand's shake (as -scr-cut-motion: a line of 0.08-0.35 of a square, any direction), from a stream of their own; 0: none")
)

// tuningLabels lists the label files of dir that belong to the tuning
// half of the real photos (scrhalf.IsTuning), sorted; the others are
// never returned, so that the held-out half cannot be trained on. It
// fails when dir has no tuning label.
func tuningLabels(dir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return nil, fmt.Errorf("-scr-real %s: %w", dir, err)
	}
	var out []string
	for _, f := range files {
		if scrhalf.IsTuning(strings.TrimSuffix(filepath.Base(f), ".txt")) {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("-scr-real %s: no label of the tuning half (%s)", dir, strings.Join(scrhalf.Tuning(), ", "))
	}
	slices.Sort(out)
	return out, nil
}

// realCounts are how many squares of each kind realSquares cut.
type realCounts struct{ photos, tiles, empty int }

// realSquares cuts the tuning half's labelled photos (tuningLabels of
// labels, the photos in photos) as a person cuts a square for read-tile:
// every lettered tile tileCuts times, every empty premium square
// emptyCuts times, a share plain of the empty plain squares once; blanks
// are left out. Each cut is drawn by drawPersonCut (turned, off centre,
// scaled, lit, blurred, JPEG; in a share light lit otherwise as well)
// from a stream of the photo's own, and learnt as ocr.SquareViews shows
// it to the squares' model. A share motion of the cuts is also smeared by
// a hand's shake (personMore), drawn from a stream of its own, so that
// the other cuts are drawn as without it.
func realSquares(labels, photos string, tileCuts, emptyCuts int, plain, light, motion float64, seed uint64, index map[string]int) ([]scrSample, realCounts, error) {
	var n realCounts
	files, err := tuningLabels(labels)
	if err != nil {
		return nil, n, err
	}
	var out []scrSample
	for _, lf := range files {
		name := strings.TrimSuffix(filepath.Base(lf), ".txt")
		l, err := vscr.LoadLabel(lf)
		if err != nil {
			return nil, n, err
		}
		if !l.HasCorners {
			return nil, n, fmt.Errorf("-scr-real %s: no # corners: line", lf)
		}
		img, _, err := imagesize.DecodeFile(filepath.Join(photos, name+".jpg"))
		if err != nil {
			return nil, n, fmt.Errorf("-scr-real-photos %s: %w", name, err)
		}
		s, c, err := realPhotoSquares(img, l, tileCuts, emptyCuts, plain, light, motion, seed, name, index)
		if err != nil {
			return nil, n, fmt.Errorf("-scr-real %s: %w", lf, err)
		}
		out = append(out, s...)
		n.photos++
		n.tiles += c.tiles
		n.empty += c.empty
	}
	return out, n, nil
}

// realPhotoSquares cuts one labelled photo's squares as realSquares says.
func realPhotoSquares(img image.Image, l *vscr.Label, tileCuts, emptyCuts int, plain, light, motion float64, seed uint64, name string, index map[string]int) ([]scrSample, realCounts, error) {
	var n realCounts
	h, err := boardFrame(l.Corners)
	if err != nil {
		return nil, n, fmt.Errorf("corners: %w", err)
	}
	f := fnv.New64a()
	f.Write([]byte(name))
	rng := rand.New(rand.NewPCG(seed^0x5ea1, f.Sum64()))
	more := personMore{light: light, motion: motion}
	if light > 0 {
		more.lightRng = rand.New(rand.NewPCG(seed^0x5ea2, f.Sum64()))
	}
	if motion > 0 {
		more.motionRng = rand.New(rand.NewPCG(seed^0x5ea3, f.Sum64()))
	}
	var out []scrSample
	for r := 0; r < vscr.Size; r++ {
		for c := 0; c < vscr.Size; c++ {
			cell := l.Cells[r][c]
			switch {
			case cell == "":
				k := emptyCuts
				if vscr.PremiumAt(r, c) == vscr.Plain {
					k = 0
					if rng.Float64() < plain {
						k = 1
					}
				}
				for range k {
					out = appendPersonCut(out, img, h, r, c, 0, rng, more)
					n.empty++
				}
			case len(cell) == 1 && cell[0] >= 'A' && cell[0] <= 'Z':
				g, ok := index[cell]
				if !ok {
					return nil, n, fmt.Errorf("r%dc%d: letter %q not in the alphabet", r, c, cell)
				}
				for range tileCuts {
					out = appendPersonCut(out, img, h, r, c, g, rng, more)
					n.tiles++
				}
			}
			// blanks (lower case or *) are left out: a blank has no letter
		}
	}
	return out, n, nil
}
