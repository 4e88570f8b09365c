package main

import (
	"encoding/gob"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/tilescope/tilescope/internal/parallel"
	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/ocr/dataset"
	"github.com/tilescope/tilescope/ocr/synth"
	"github.com/tilescope/tilescope/vision/render"
)

var (
	upwScenes    = flag.Int("upw-scenes", 240, "with -specialist upwords: rendered Upwords scenes of other makers' tiles (render.RandomUpwordsPrint; seeds 81001..81000+N, mixed difficulty) in the training typefaces")
	upwClassic   = flag.Int("upw-classic", 80, "with -specialist upwords: rendered Upwords scenes of the project's tiles (seeds 82001..) in the training typefaces")
	upwCuts      = flag.Int("upw-cuts", 2, "with -specialist upwords: crops cut from each square (each its own quarter turn and jitter)")
	upwJitter    = flag.Float64("upw-jitter", 0.05, "with -specialist upwords: how far each crop is moved and scaled, a fraction of the square")
	upwInit      = flag.String("upw-init", "", "with -specialist upwords: a model file whose weights are trained further instead of new ones, at -upw-init-lr")
	upwInitLR    = flag.Float64("upw-init-lr", 0.003, "with -upw-init: the learning rate")
	upwEval      = flag.Int("upw-eval", 24, "with -specialist upwords: scenes (seeds 190001.., half of them another maker's tiles) read after training by en, the new model and the two pooled, in the typefaces of -upw-eval-on")
	upwEvalOn    = flag.String("upw-eval-on", "train", "with -upw-eval: the typefaces of the scenes read, train (the training typefaces, other seeds: for choosing settings) or heldout (the held-out typefaces: the held-out figure, once)")
	upwCache     = flag.String("upw-cache", "", "with -specialist upwords: a file the rendered samples are kept in and read from when it exists (for trying training settings; make train does not use it)")
	upwMore      = flag.Int("upw-more", 0, "with -specialist upwords: more rendered Upwords scenes (seeds 88001..88000+N, mixed difficulty, two of three of other makers' tiles), their letters drawn in -upw-more-fonts, one a scene in turn")
	upwMoreFonts = flag.String("upw-more-fonts", "", "with -upw-more: the typefaces of those scenes, comma-separated (render's names; none of upwMoreHeldOut's families)")
	upwDim       = flag.Int("upw-dim", 0, "with -specialist upwords: hard Upwords scenes in a dim room on other makers' boards (seeds 89001..89000+N; dataset.RenderOptions.Dim and Dims), three of four in other makers' faint prints, in the training typefaces")
)

// upwMoreHeldOut are the typeface families -upw-more-fonts may not name:
// the held-out sets of the Upwords letter models' training in many
// typefaces are drawn in them (sans-serif: URW Gothic, Carlito, Cabin;
// serif: P052, Caladea). C059, held out of the first en-upw line
// (upwHeldOut), may be trained on there.
var upwMoreHeldOut = []string{"P052-", "URWGothic-", "Carlito-", "Cabin-", "Caladea-"}

// upwMoreFontList is the -upw-more-fonts list checked: every name
// installed here and none of upwMoreHeldOut's families.
func upwMoreFontList(list string) ([]string, error) {
	if list == "" {
		return nil, errors.New("-upw-more: no -upw-more-fonts")
	}
	names := strings.Split(list, ",")
	if err := render.CheckTypefaces(names); err != nil {
		return nil, fmt.Errorf("-upw-more-fonts: %w", err)
	}
	for _, n := range names {
		for _, p := range upwMoreHeldOut {
			if strings.HasPrefix(n, p) {
				return nil, fmt.Errorf("-upw-more-fonts: %s is held out", n)
			}
		}
	}
	return names, nil
}

// upwHeldOut are the typeface families the Upwords specialist never
// trains on: its letter figure on them is the held-out figure of a
// typeface it has not seen (URW's Century Schoolbook, Palatino and Avant
// Garde designs).
var upwHeldOut = []string{"C059-", "P052-", "URWGothic-"}

// upwTypefaces lists the renderer's typefaces that are held out
// (heldOut) or not.
func upwTypefaces(heldOut bool) []string {
	var out []string
	for _, tf := range append(slices.Clone(render.Typefaces()), render.MoreTypefaces()...) {
		h := false
		for _, p := range upwHeldOut {
			h = h || strings.HasPrefix(tf.Name, p)
		}
		if h == heldOut {
			out = append(out, tf.Name)
		}
	}
	return out
}

// upwSample is one crop's features and its label.
type upwSample struct {
	Vec   []float32
	Y     int32
	Known bool
}

// cachedSamples gives the rendered samples from the cache file when it
// exists, else renders them and, with a cache named, writes them there
// (for trying training settings; make train names none). tag names the
// model in the log, flagName the cache's flag in errors.
func cachedSamples(tag, flagName, cache string, render func() ([]upwSample, error)) ([]upwSample, error) {
	var rendered []upwSample
	if cache != "" {
		if f, err := os.Open(cache); err == nil {
			err = gob.NewDecoder(f).Decode(&rendered)
			f.Close()
			if err != nil {
				return nil, fmt.Errorf("%s %s: %w", flagName, cache, err)
			}
			fmt.Printf("[%s] %d rendered samples from %s\n", tag, len(rendered), cache)
			if rendered != nil {
				return rendered, nil
			}
		} else if !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
	}
	t0 := time.Now()
	rendered, err := render()
	if err != nil {
		return nil, err
	}
	fmt.Printf("[%s] rendered samples: %d (%.1fs)\n", tag, len(rendered), time.Since(t0).Seconds())
	if cache != "" {
		f, err := os.Create(cache)
		if err != nil {
			return nil, err
		}
		err = gob.NewEncoder(f).Encode(rendered)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return nil, err
		}
	}
	return rendered, nil
}

// upwFeatures turns crops into samples: every lettered square and, drawn
// from the random stream given (the same draws every run), a quarter of
// the empty ones; the features are computed by -workers goroutines, the
// samples kept in the crops' order.
func upwFeatures(crops []dataset.Crop, index map[string]int, stream uint64) []upwSample {
	rng := rand.New(rand.NewPCG(*seed, stream))
	keep := make([]bool, len(crops))
	for i, c := range crops {
		keep[i] = c.Letter != "" || rng.IntN(4) == 0
	}
	samples := make([]*upwSample, len(crops))
	parallel.ForN(*workers, len(crops), func(_, i int) {
		c := crops[i]
		g, ok := index[c.Letter]
		if !ok || !keep[i] {
			return
		}
		fv, err := ocr.Features(c.Image)
		if err != nil {
			return
		}
		known := c.Letter != ""
		samples[i] = &upwSample{Vec: fv.Vec, Y: classOf(g, known, c.Angle, fv.Alpha), Known: known}
	})
	var out []upwSample
	for _, s := range samples {
		if s != nil {
			out = append(out, *s)
		}
	}
	return out
}

// upwRendered cuts the squares of the Upwords training scenes in the
// training typefaces: other makers' tiles (seeds 81001..) and the
// project's (82001..), each square -upw-cuts times, turned and jittered
// as the board reader cuts it; a quarter of the empty squares kept.
func upwRendered(index map[string]int) ([]upwSample, error) {
	train := upwTypefaces(false)
	var more []string
	if *upwMore > 0 {
		var err error
		if more, err = upwMoreFontList(*upwMoreFonts); err != nil {
			return nil, err
		}
	}
	fmt.Printf("[en-upw] training typefaces (%d): %s\n", len(train), strings.Join(train, ", "))
	fmt.Printf("[en-upw] held-out typefaces: %s\n", strings.Join(upwTypefaces(true), ", "))
	sets := []struct {
		seed0 int64
		n     int
		print bool
	}{{81001, *upwScenes, true}, {82001, *upwClassic, false}}
	var out []upwSample
	for si, st := range sets {
		crops, _, err := sceneParallel(st.n, func(i int) ([]dataset.Crop, bool, error) {
			c, err := dataset.RenderedCropsWith("upwords", st.seed0+int64(i), 1, dataset.RenderOptions{Difficulty: "mixed",
				Mode: dataset.ModeWarp, Jitter: *upwJitter, Cuts: *upwCuts, Typefaces: train, Print: st.print})
			return c, true, err
		})
		if err != nil {
			return nil, err
		}
		out = append(out, upwFeatures(crops, index, uint64(9000+si))...)
	}
	if *upwMore > 0 {
		fmt.Printf("[en-upw] %d more scenes in %d typefaces: %s\n", *upwMore, len(more), strings.Join(more, ", "))
		crops, _, err := sceneParallel(*upwMore, func(i int) ([]dataset.Crop, bool, error) {
			c, err := dataset.RenderedCropsWith("upwords", 88001+int64(i), 1, dataset.RenderOptions{Difficulty: "mixed",
				Mode: dataset.ModeWarp, Jitter: *upwJitter, Cuts: *upwCuts, Typefaces: []string{more[i%len(more)]}, Print: i%3 != 2})
			return c, true, err
		})
		if err != nil {
			return nil, err
		}
		out = append(out, upwFeatures(crops, index, 9100)...)
	}
	if *upwDim > 0 {
		crops, _, err := sceneParallel(*upwDim, func(i int) ([]dataset.Crop, bool, error) {
			c, err := dataset.RenderedCropsWith("upwords", 89001+int64(i), 1, dimOptions(train, *upwCuts, i%4 != 3))
			return c, true, err
		})
		if err != nil {
			return nil, err
		}
		out = append(out, upwFeatures(crops, index, 9200)...)
	}
	return out, nil
}

// dimOptions are the scenes of -upw-dim and -upwb-dim: hard, in a dim
// room (dataset.RenderOptions.Dim), on another maker's board (Dims), in
// another maker's faint print when print, in the typefaces given, each
// square cut cuts times.
func dimOptions(typefaces []string, cuts int, print bool) dataset.RenderOptions {
	return dataset.RenderOptions{Difficulty: "hard", Mode: dataset.ModeWarp, Jitter: 0.06, Dim: true, Dims: true,
		Cuts: cuts, Typefaces: typefaces, Print: print}
}

// trainUpwords trains the Upwords specialist (-specialist upwords,
// en-upw.tsm): Upwords squares drawn in every typeface but the held-out
// ones, with other makers' plastic, ink and letter size as well as the
// project's, the hard scenes the English model trains on, font-drawn
// tiles and the real Bananagrams tiles (train split), so that it reads a
// letter by its shape, not by one set's print.
func trainUpwords(fonts []*synth.Font, start time.Time, photos []dataset.Photo) error {
	const alpha = ocr.English
	glyphs, index, err := glyphIndex(alpha)
	if err != nil {
		return err
	}
	all := &data{}
	rendered, err := cachedSamples("en-upw", "-upw-cache", *upwCache, func() ([]upwSample, error) { return upwRendered(index) })
	if err != nil {
		return err
	}
	for _, s := range rendered {
		all.push(s.Vec, s.Y, false, -2, s.Known)
	}
	t0 := time.Now()
	syn := synthData(fonts, glyphs, alpha)
	all.add(syn)
	realD := realData(photos, index, alpha)
	all.add(realD)
	hard, err := renderedHard(index)
	if err != nil {
		return err
	}
	all.add(hard)
	fmt.Printf("[en-upw] font-drawn %d, real %d, hard rendered %d (%.1fs)\n", syn.n(), realD.n(), hard.n(), time.Since(t0).Seconds())

	warm, err := warmStart("-upw-init", *upwInit, glyphs, turns, alpha)
	if err != nil {
		return err
	}
	t0 = time.Now()
	m := fitFrom(all, glyphs, alpha, *hidden, *epochs, *seed, warm, *upwInitLR)
	m.Note = fmt.Sprintf("make train (-specialist upwords): seed %d, %d samples", *seed, all.n())
	if warm != nil {
		m.Note = fmt.Sprintf("make train (-specialist upwords, trained further from %s): seed %d, %d samples", warm.Note, *seed, all.n())
	}
	fmt.Printf("[en-upw] trained %s in %.1fs\n", describe(m.Hidden), time.Since(t0).Seconds())
	path, n, err := writeModel(m, *outDir, ocr.SpecialistUpwords+".tsm")
	if err != nil {
		return err
	}
	fmt.Printf("[en-upw] wrote %s (%d bytes); total %.1fs\n", path, n, time.Since(start).Seconds())
	if *upwEval > 0 {
		return upwEvaluate(m)
	}
	return nil
}

// renderedHard is the English model's hard Upwords scenes (seeds 20001..,
// -hard-scenes), cut as renderedData cuts them.
func renderedHard(index map[string]int) (*data, error) {
	crops, err := renderParallel(20001, *hardScenes, dataset.RenderOptions{Difficulty: "hard", Mode: dataset.ModeWarp, Jitter: 0.06})
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(*seed, 5002))
	d := &data{}
	for _, c := range crops {
		g, ok := index[c.Letter]
		if !ok || (c.Letter == "" && rng.IntN(4) != 0) {
			continue
		}
		d.pushCrop(c, g)
	}
	return d, nil
}

// upwEvaluate reads the squares of -upw-eval scenes in the training or
// the held-out typefaces (-upw-eval-on; seeds 190001.., odd ones with
// another maker's tiles) with
// en, the new model and the two pooled, and prints each one's letters
// right (the crop known to hold a tile, as the board reader reads a
// stack) and empty squares read empty. A first look; eval-tiles and
// eval-scan give the figures.
func upwEvaluate(m *ocr.Model) error {
	if *upwEvalOn != "train" && *upwEvalOn != "heldout" {
		return fmt.Errorf("-upw-eval-on %q: want train or heldout", *upwEvalOn)
	}
	held := upwTypefaces(*upwEvalOn == "heldout")
	var crops []dataset.Crop
	for i := 0; i < *upwEval; i++ {
		c, err := dataset.RenderedCropsWith("upwords", 190001+int64(i), 1, dataset.RenderOptions{Difficulty: "mixed",
			Mode: dataset.ModeWarp, Typefaces: held, Print: i%2 == 1})
		if err != nil {
			return err
		}
		crops = append(crops, c...)
	}
	en, err := ocr.Default(ocr.English)
	if err != nil {
		return err
	}
	up, err := ocr.NewClassifier(m)
	if err != nil {
		return err
	}
	pool, err := ocr.NewPooled(en.(*ocr.Classifier), up)
	if err != nil {
		return err
	}
	for _, r := range []struct {
		name string
		c    *ocr.Classifier
	}{{"en", en.(*ocr.Classifier)}, {"en-upw", up}, {"en+en-upw", pool}} {
		letters, right, rightAt, empties, emptyRight := 0, 0, 0, 0, 0
		conf := map[string]int{}
		for _, c := range crops {
			if c.Letter == "" {
				empties++
				if got, err := r.c.ReadKnown(c.Image, ocr.Known{}); err == nil && got.Letter == "" {
					emptyRight++
				}
				continue
			}
			letters++
			got, err := r.c.ReadKnown(c.Image, ocr.Known{Tile: true})
			if err != nil {
				return err
			}
			if got.Letter == c.Letter {
				right++
			} else {
				conf[c.Letter+"->"+got.Letter]++
			}
			// as the board reader reads a stack once it knows which way
			// the board's words run
			if at, err := r.c.ReadKnown(c.Image, ocr.Known{Tile: true, HasAngle: true, Angle: c.Angle}); err == nil && at.Letter == c.Letter {
				rightAt++
			}
		}
		var cs []string
		for k, v := range conf {
			cs = append(cs, fmt.Sprintf("%s %d", k, v))
		}
		slices.Sort(cs)
		fmt.Printf("[en-upw] %s typefaces, %d scenes: %-10s letters %d/%d = %.2f%% (angle known %.2f%%), empty squares %d/%d; wrong: %s\n",
			*upwEvalOn, *upwEval, r.name, right, letters, 100*float64(right)/float64(max(1, letters)), 100*float64(rightAt)/float64(max(1, letters)),
			emptyRight, empties, strings.Join(cs, ", "))
	}
	return nil
}

var (
	upwbScenes        = flag.Int("upwb-scenes", 160, "with -specialist upwords-blur: degraded hard Upwords scenes of other makers' tiles (seeds 83001..83000+N) in the training typefaces")
	upwbClassic       = flag.Int("upwb-classic", 80, "with -specialist upwords-blur: degraded hard Upwords scenes of the project's tiles (seeds 84001..) in the training typefaces")
	upwbShaken        = flag.Int("upwb-shaken", 0, "with -specialist upwords-blur: hard Upwords scenes of other makers' tiles and boards (seeds 86001..86000+N) in the training typefaces, blurred, shaken and compressed as by a hand-held camera (dataset.RenderOptions.Shaken, Dims)")
	upwbShakenClassic = flag.Int("upwb-shaken-classic", 0, "with -specialist upwords-blur: as -upwb-shaken, the project's print on other makers' boards (seeds 87001..)")
	upwbShakenFrom    = flag.Int64("upwb-shaken-from", 86001, "with -specialist upwords-blur: the first seed of -upwb-shaken's scenes (-upwb-shaken-classic's start 1000 after it): a further line draws scenes of the same kind none before it learnt from")
	upwbDim           = flag.Int("upwb-dim", 0, "with -specialist upwords-blur: hard Upwords scenes in a dim room on other makers' boards (seeds 89501..89500+N), as -upw-dim's, cut -blur-cuts times")
	upwbMurky         = flag.Int("upwb-murky", 0, "with -specialist upwords-blur: hard Upwords scenes (seeds 97001..97000+N) on other makers' boards in a dim room, blurred and shaken by a hand-held camera, with deep shadows, uneven light, a noisy sensor and a hand in two of five (dataset.RenderOptions.Dim, Shaken, Murky, Dims), three of four in other makers' faint prints, in the training typefaces and -upw-more-fonts', cut -blur-cuts times")
	upwbShapes        = flag.Int("upwb-shapes", 0, "with -specialist upwords-blur: degraded hard Upwords scenes of other makers' tiles (seeds 92001..92000+N) in the training typefaces, cut -blur-cuts times, each lettered crop also taken with its letter's shape changed as another typeface's (slant, width, stroke weight: reshapeGlyph)")
	upwbInit          = flag.String("upwb-init", "", "with -specialist upwords-blur: a model file whose weights are trained further instead of new ones, at -upw-init-lr")
	upwbCache         = flag.String("upwb-cache", "", "with -specialist upwords-blur: a file the rendered samples are kept in and read from when it exists (for trying training settings; make train does not use it)")
)

// upwbRendered cuts the squares of the degraded hard Upwords scenes the
// blurred faces' specialist learns from (dataset.RenderOptions.Degrade:
// defocus 1.5-3.5 px, motion blur 2-6 px in three scenes of five, JPEG
// 50-70), drawn in the training typefaces (upwTypefaces(false): never the
// held-out ones): other makers' tiles (seeds 83001..) and the project's
// (84001..), each square -blur-cuts times, turned and jittered as the
// board reader cuts it; then the English model's hard scenes (seeds
// 20001.., -hard-scenes) as they are; then the scenes a hand-held camera
// blurs and shakes more (-upwb-shaken, seeds -upwb-shaken-from (86001)..,
// other makers' prints; -upwb-shaken-classic, 1000 seeds on, the
// project's; both on other
// makers' boards: dataset.RenderOptions.Shaken and Dims), cut as the
// degraded ones; then degraded scenes of other makers' prints
// (-upwb-shapes, seeds 92001..) whose lettered crops are taken as cut
// and again reshaped as another typeface would draw the letter
// (reshapedCrops). A quarter of the empty squares kept.
func upwbRendered(index map[string]int) ([]upwSample, error) {
	train := upwTypefaces(false)
	sets := []struct {
		seed0 int64
		n     int
		opt   dataset.RenderOptions
	}{
		{83001, *upwbScenes, dataset.RenderOptions{Difficulty: "hard", Mode: dataset.ModeWarp, Jitter: 0.06, Degrade: true, Cuts: *blurCuts, Typefaces: train, Print: true}},
		{84001, *upwbClassic, dataset.RenderOptions{Difficulty: "hard", Mode: dataset.ModeWarp, Jitter: 0.06, Degrade: true, Cuts: *blurCuts, Typefaces: train}},
		{20001, *hardScenes, dataset.RenderOptions{Difficulty: "hard", Mode: dataset.ModeWarp, Jitter: 0.06}},
		{*upwbShakenFrom, *upwbShaken, dataset.RenderOptions{Difficulty: "hard", Mode: dataset.ModeWarp, Jitter: 0.06, Shaken: true, Dims: true, Cuts: *blurCuts, Typefaces: train, Print: true}},
		{*upwbShakenFrom + 1000, *upwbShakenClassic, dataset.RenderOptions{Difficulty: "hard", Mode: dataset.ModeWarp, Jitter: 0.06, Shaken: true, Dims: true, Cuts: *blurCuts, Typefaces: train}},
	}
	var out []upwSample
	for si, st := range sets {
		crops, err := renderParallel(st.seed0, st.n, st.opt)
		if err != nil {
			return nil, err
		}
		out = append(out, upwFeatures(crops, index, uint64(9100+si))...)
	}
	if *upwbShapes > 0 {
		crops, err := renderParallel(92001, *upwbShapes, dataset.RenderOptions{Difficulty: "hard", Mode: dataset.ModeWarp, Jitter: 0.06, Degrade: true, Cuts: *blurCuts, Typefaces: train, Print: true})
		if err != nil {
			return nil, err
		}
		out = append(out, upwFeatures(reshapedCrops(crops, 9500), index, 9400)...)
	}
	if *upwbDim > 0 {
		crops, _, err := sceneParallel(*upwbDim, func(i int) ([]dataset.Crop, bool, error) {
			c, err := dataset.RenderedCropsWith("upwords", 89501+int64(i), 1, dimOptions(train, *blurCuts, i%4 != 3))
			return c, true, err
		})
		if err != nil {
			return nil, err
		}
		out = append(out, upwFeatures(crops, index, 9300)...)
	}
	if *upwbMurky > 0 {
		faces := train
		if *upwMoreFonts != "" {
			more, err := upwMoreFontList(*upwMoreFonts)
			if err != nil {
				return nil, err
			}
			faces = append(slices.Clone(train), more...)
		}
		fmt.Printf("[en-upwb] %d murky scenes in %d typefaces\n", *upwbMurky, len(faces))
		crops, _, err := sceneParallel(*upwbMurky, func(i int) ([]dataset.Crop, bool, error) {
			o := dimOptions(faces, *blurCuts, i%4 != 3)
			o.Shaken, o.Murky = true, true
			c, err := dataset.RenderedCropsWith("upwords", 97001+int64(i), 1, o)
			return c, true, err
		})
		if err != nil {
			return nil, err
		}
		out = append(out, upwFeatures(crops, index, 9600)...)
	}
	return out, nil
}

// trainUpwordsBlur trains the Upwords reader's specialist for blurred
// faces (-specialist upwords-blur, en-upwb.tsm): as en-blur (the default
// English reader's, which Pyramids and the loose tiles use too), it is
// consulted only on crops that are themselves blurred (ocr.BlurSpread),
// but it learns from blurred faces in every typeface but the held-out
// ones and in other makers' prints as well as the project's, so that the
// Upwords reader's blurred letters do not depend on one set's print.
func trainUpwordsBlur(fonts []*synth.Font, start time.Time) error {
	const alpha = ocr.English
	glyphs, index, err := glyphIndex(alpha)
	if err != nil {
		return err
	}
	fmt.Printf("[en-upwb] training typefaces: %s\n", strings.Join(upwTypefaces(false), ", "))
	rendered, err := cachedSamples("en-upwb", "-upwb-cache", *upwbCache, func() ([]upwSample, error) { return upwbRendered(index) })
	if err != nil {
		return err
	}
	all := &data{}
	all.add(synthData(fonts, glyphs, alpha))
	for _, s := range rendered {
		all.push(s.Vec, s.Y, false, -2, s.Known)
	}
	warm, err := warmStart("-upwb-init", *upwbInit, glyphs, turns, alpha)
	if err != nil {
		return err
	}
	t0 := time.Now()
	m := fitFrom(all, glyphs, alpha, *hidden, *epochs, *seed, warm, *upwInitLR)
	m.Note = fmt.Sprintf("make train (-specialist upwords-blur): seed %d, %d samples", *seed, all.n())
	if warm != nil {
		m.Note = fmt.Sprintf("make train (-specialist upwords-blur, trained further from %s): seed %d, %d samples", warm.Note, *seed, all.n())
	}
	fmt.Printf("[en-upwb] trained %s in %.1fs; training accuracy %.2f%%\n", describe(m.Hidden), time.Since(t0).Seconds(), 100*accuracy(predictor(m), all, nil))
	path, n, err := writeModel(m, *outDir, ocr.SpecialistUpwordsBlur+".tsm")
	if err != nil {
		return err
	}
	fmt.Printf("[en-upwb] wrote %s (%d bytes); total %.1fs\n", path, n, time.Since(start).Seconds())
	return nil
}
