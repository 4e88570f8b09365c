package main

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	_ "image/jpeg"
	"os"
	"time"

	"github.com/tilescope/tilescope/internal/parallel"
	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/ocr/dataset"
	"github.com/tilescope/tilescope/ocr/synth"
	"github.com/tilescope/tilescope/vision/loose"
	"github.com/tilescope/tilescope/vision/render"
)

// tableScene renders game's table of a seed (mixed difficulty) with its
// tiles as labels.
func tableScene(game string, seed int64) (image.Image, []loose.TruthTile, error) {
	state, err := render.RandomState(game, seed)
	if err != nil {
		return nil, nil, err
	}
	ro, err := render.RandomOptions(seed, "mixed")
	if err != nil {
		return nil, nil, err
	}
	sc, err := render.Render(game, state, ro)
	if err != nil {
		return nil, nil, err
	}
	img, _, err := image.Decode(bytes.NewReader(sc.JPEG))
	if err != nil {
		return nil, nil, err
	}
	truth := loose.TruthFromRender(&sc.Truth)
	return img, truth, nil
}

var (
	looseInit    = flag.String("loose-init", "ocr/model/en.tsm", "with -specialist loose: the model whose weights are trained further (\"\": new weights)")
	looseInitLR  = flag.Float64("loose-init-lr", 0.003, "with -specialist loose and -loose-init: the learning rate")
	looseScenes  = flag.Int("loose-scenes", 40, "with -specialist loose: rendered Lexicon tables scanned too (seeds 3001..3000+N, mixed difficulty)")
	looseHoldout = flag.Int("loose-holdout", 0, "with -specialist loose: leave out every Nth train photo (the (N-1)th, 2N-1th, ...) to measure on (0: none)")
	ruLooseInit  = flag.String("ru-loose-init", "ocr/model/ru.tsm", "with -specialist loose-ru: the model whose weights are trained further (\"\": new weights)")
	ruLooseScene = flag.Int("ru-loose-scenes", 160, "with -specialist loose-ru: rendered Twists tables scanned (seeds 3001..3000+N, mixed difficulty)")
)

// looseCrops scans each train photo as `scan --game lexicon` does
// (vision/loose.TileCrops: no verifier, unread tiles kept) and turns the
// scan's own crops of each tile (grown by 1.15, 1.3 and 1.5, each in its
// four quarter turns) into samples: a tile with a letter its glyph (the
// turn unknown: the loss is on the glyph), a tile in no label "no tile".
// Tiles with a label of no English letter (Ä, Ö, a blank) are left out.
// Then the same for scenes rendered Lexicon tables (-loose-scenes).
func looseCrops(photos []dataset.Photo, scenes int, index map[string]int, rd loose.Reader) (*data, int, int) {
	return scanCrops(photos, scenes, "lexicon", index, loose.Options{Reader: rd, Lattice: true, UprightFromLetters: true})
}

// scanCrops is looseCrops for game's rendered tables, each scanned with
// opt.
func scanCrops(photos []dataset.Photo, scenes int, game string, index map[string]int, opt loose.Options) (*data, int, int) {
	type res struct {
		d      *data
		nt, nf int
	}
	out := make([]res, len(photos)+scenes)
	parallel.ForN(*workers, len(out), func(_, pi int) {
		var img image.Image
		var truth []loose.TruthTile
		group := int32(pi)
		if pi < len(photos) {
			p := photos[pi]
			img = p.Image
			for _, t := range p.Tiles {
				tt := loose.TruthTile{Row: -1, Col: -1}
				for _, q := range t.Poly {
					tt.Outline = append(tt.Outline, loose.Point{X: q[0], Y: q[1]})
				}
				tt.Letter, _ = dataset.Letter(t.Class)
				truth = append(truth, tt)
			}
		} else {
			var err error
			if img, truth, err = tableScene(game, 3001+int64(pi-len(photos))); err != nil {
				fmt.Fprintln(os.Stderr, game, "scene:", err)
				return
			}
			group = -2
		}
		crops, err := loose.TileCrops(img, truth, opt, []float64{1.15, 1.3, 1.5}, 64)
		if err != nil {
			return // no tiles found: nothing to learn from
		}
		d := &data{}
		r := res{d: d}
		for _, c := range crops {
			y := int32(0)
			if c.Tile {
				g, ok := index[c.Letter]
				if !ok || c.Letter == "" {
					continue
				}
				y = int32(g * turns)
			}
			fv, err := ocr.Features(c.Picture)
			if err != nil {
				continue
			}
			d.push(fv.Vec, y, group >= 0, group, false)
			if c.Turn == 0 && c.Tile {
				r.nt++
			} else if c.Turn == 0 {
				r.nf++
			}
		}
		out[pi] = r
	})
	all := &data{}
	var nt, nf int
	for _, r := range out {
		if r.d != nil {
			all.add(r.d)
			nt += r.nt
			nf += r.nf
		}
	}
	return all, nt, nf
}

// trainLoose trains en-loose.tsm, the English reader of loose tiles
// (vision/loose pools it with en.tsm for Lexicon tables): en.tsm's
// weights trained further on the scan's own crops of the ban-seg train
// photos in every quarter turn, the photos' tiles cut at any angle
// (realData), and font-drawn tiles (their turn known, so that the
// reading's angle stays right).
func trainLoose(fonts []*synth.Font, photos []dataset.Photo, start time.Time) error {
	const alpha = ocr.English
	glyphs, index, err := glyphIndex(alpha)
	if err != nil {
		return err
	}
	if k := *looseHoldout; k > 0 {
		var keep []dataset.Photo
		for i, p := range photos {
			if i%k != k-1 {
				keep = append(keep, p)
			}
		}
		fmt.Printf("[%s-loose] %d of %d train photos (every %dth left out)\n", alpha, len(keep), len(photos), k)
		photos = keep
	}
	rd, err := ocr.Default(alpha)
	if err != nil {
		return err
	}
	t0 := time.Now()
	all := &data{}
	all.add(synthData(fonts, glyphs, alpha))
	fmt.Printf("[%s-loose] synthetic samples: %d (%.1fs)\n", alpha, all.n(), time.Since(t0).Seconds())
	t0 = time.Now()
	realD := realData(photos, index, alpha)
	all.add(realD)
	fmt.Printf("[%s-loose] real samples (labels' boxes): %d (%.1fs)\n", alpha, realD.n(), time.Since(t0).Seconds())
	t0 = time.Now()
	scanD, nt, nf := looseCrops(photos, *looseScenes, index, rd)
	all.add(scanD)
	fmt.Printf("[%s-loose] scan crops: %d samples of %d tiles and %d false tiles (%.1fs)\n", alpha, scanD.n(), nt, nf, time.Since(t0).Seconds())
	return fitLoose(all, glyphs, alpha, "loose", "-loose-init", *looseInit, loose.SpecialistModel, start)
}

// trainLooseRu trains ru-loose.tsm, the Russian reader of Twists tables
// (vision/loose pools it with ru.tsm): ru.tsm's weights trained further
// on the scan's own crops of rendered Twists tables (seeds 3001.. of
// -ru-loose-scenes, mixed difficulty; never the seeds 1-20 the renders
// are measured on) in every quarter turn, and font-drawn tiles whose
// turn is known. A tile of a Latin set (no Russian glyph) is left out.
func trainLooseRu(fonts []*synth.Font, start time.Time) error {
	const alpha = ocr.Russian
	glyphs, index, err := glyphIndex(alpha)
	if err != nil {
		return err
	}
	rd, err := ocr.Default(alpha)
	if err != nil {
		return err
	}
	t0 := time.Now()
	all := &data{}
	all.add(synthData(fonts, glyphs, alpha))
	fmt.Printf("[%s-loose] synthetic samples: %d (%.1fs)\n", alpha, all.n(), time.Since(t0).Seconds())
	t0 = time.Now()
	scanD, nt, nf := scanCrops(nil, *ruLooseScene, "twists", index, loose.Options{Reader: rd, Lattice: true, Twists: true})
	all.add(scanD)
	fmt.Printf("[%s-loose] scan crops: %d samples of %d tiles and %d false tiles (%.1fs)\n", alpha, scanD.n(), nt, nf, time.Since(t0).Seconds())
	return fitLoose(all, glyphs, alpha, "loose-ru", "-ru-loose-init", *ruLooseInit, loose.SpecialistModelRu, start)
}

// fitLoose trains a loose tiles' reader (-specialist spec) on all, from
// the weights of the model init names (flag initFlag; "" for new
// weights), at -loose-init-lr, and writes it as ocr/model's name.tsm.
func fitLoose(all *data, glyphs []string, alpha string, spec, initFlag, init, name string, start time.Time) error {
	warm, err := warmStart(initFlag, init, glyphs, turns, alpha)
	if err != nil {
		return err
	}
	t0 := time.Now()
	m := fitFrom(all, glyphs, alpha, *hidden, *epochs, *seed, warm, *looseInitLR)
	m.Note = fmt.Sprintf("make train (-specialist %s): seed %d, %d samples", spec, *seed, all.n())
	if warm != nil {
		m.Note = fmt.Sprintf("make train (-specialist %s, trained further from %s): seed %d, %d samples", spec, warm.Note, *seed, all.n())
	}
	fmt.Printf("[%s-loose] trained %s in %.1fs; training accuracy %.2f%%\n", alpha, describe(m.Hidden), time.Since(t0).Seconds(), 100*accuracy(predictor(m), all, nil))
	path, n, err := writeModel(m, *outDir, name+".tsm")
	if err != nil {
		return err
	}
	fmt.Printf("[%s-loose] wrote %s (%d bytes); total %.1fs\n", alpha, path, n, time.Since(start).Seconds())
	return nil
}
