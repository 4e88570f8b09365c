package main

import (
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/ocr/synth"
	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/render"
	vscr "github.com/tilescope/tilescope/vision/scrabble"
)

var (
	scrScenes     = flag.Int("scr-scenes", 200, "with -specialist scrabble: rendered Scrabble scenes to train on (seeds 60001..60000+N, mixed difficulty, every edition and typeface)")
	scrPlain      = flag.Int("scr-plain", 12, "with -specialist scrabble: empty plain squares cut per scene (every empty premium square is cut)")
	scrJitter     = flag.Float64("scr-jitter", 0.5, "with -specialist scrabble: share of squares cut a little off (margin 0.05-0.18, shifted up to 0.06 of a square), as a grid found slightly off cuts them")
	scrDegrade    = flag.Float64("scr-degrade", 0, "with -specialist scrabble: share of the scenes also drawn again degraded (scrDegraded: defocus, motion blur, noise, JPEG, a smaller picture) and cut as well, as blurred real photos show their tiles")
	scrFaces      = flag.Float64("scr-typefaces", 0, "with -specialist scrabble: share of the scenes whose tiles are drawn in a typeface of render.MoreTypefaces (those not in scrHeldOutFaces, one drawn per scene) rather than the renderer's own few: real sets print their letters in typefaces the renderer does not draw by seed")
	scrDark       = flag.Float64("scr-dark", 0, "with -specialist scrabble: share of the scenes whose tiles are dark wood (scrDarkTile: red-brown to walnut, as old sets' tiles) rather than the renderer's light ones")
	scrDarkLook   = flag.Bool("scr-dark-look", false, "with -scr-dark: the dark scenes' wood drawn from a wider range (red 0.35-0.85 of the printed face, green 0.45-0.72 of the red, blue 0.45-0.85 of the green) and the scene lit otherwise (exposure 0.75-1.05 of the drawn one, white balance from -0.7 cool to +0.8 warm), as other people's dark sets under their rooms' light; off: as before")
	scrPrints     = flag.String("scr-prints", "", "with -specialist scrabble: the premium squares' prints (render.ScrabblePrints, comma-separated) the scenes' boards are drawn in, one per scene drawn from a stream of its own; empty: the renderer's default (classic)")
	scrPrintShare = flag.Float64("scr-prints-share", 1, "with -scr-prints: share of the scenes drawn in a print of the list (drawn from a stream of its own); the others are drawn in the classic print; 1: every scene")
	scrEmptyKeep  = flag.Float64("scr-empty-keep", 1, "with -specialist scrabble: share of the rendered scenes' empty-square crops (the no-tile class) kept, each kept or left from a stream of its own, so that the lettered crops weigh more; the real photos' cuts and other games' faces are all kept; 1: every crop")
	scrOut        = flag.String("scr-out", ocr.SpecialistScrabble, "with -specialist scrabble: the model's name, written as NAME.tsm ("+ocr.SpecialistScrabble+": the scan's; "+ocr.SpecialistSquares+": read-tile's SquareReader)")
	scrEval       = flag.Int("scr-eval", 20, "with -specialist scrabble: scenes (seeds 70001..) whose crops are read after training by the new model and by en, for a first look (the scan's figures are eval-scan's)")
)

// scrSample is one square's crop features and what the truth says of it.
type scrSample struct {
	fv    ocr.FeatureVector
	glyph int // 0: no tile
	angle float64
	// upright: the crop is the scan's second read (turned upright, value
	// painted out); otherwise the first read in the picture's order.
	upright bool
}

// scrabbleSquares renders Scrabble scenes (seeds seed0..seed0+n-1, mixed
// difficulty) and cuts their squares as vision/scrabble's scan cuts them
// (vision/scrabble.SquareCrops: the board found as the scan finds it,
// kept when it lies where the truth says): every tile twice (the first
// read in the picture's order, any way up, and the second, upright with
// its value painted out), every empty premium square and plain ones
// sampled (the "no tile" class, premium print included). Blank tiles are
// left out (the scan tells them by their missing ink).
func scrabbleSquares(seed0 int64, n, plain int, jitter float64, index map[string]int) ([]scrSample, int, error) {
	return sceneParallel(n, func(i int) ([]scrSample, bool, error) {
		return scrabbleScene(seed0+int64(i), plain, jitter, index)
	})
}

func scrabbleScene(sceneSeed int64, plain int, jitter float64, index map[string]int) ([]scrSample, bool, error) {
	state, err := render.RandomState("scrabble", sceneSeed)
	if err != nil {
		return nil, false, err
	}
	opt, err := render.RandomOptions(sceneSeed, "mixed")
	if err != nil {
		return nil, false, err
	}
	opt.FitGame("scrabble")
	opt.Width, opt.Height = 1640, 1232
	opt.Typeface = scrTypeface(sceneSeed, *scrFaces)
	opt.ScrabbleTile = scrDarkTile(sceneSeed, *scrDark)
	opt.ScrabblePrint = scrPrint(sceneSeed, *scrPrints, *scrPrintShare)
	if *scrDarkLook {
		opt = scrDarkScene(opt, sceneSeed, *scrDark)
	}
	out, found, err := scrabbleCut(state, opt, sceneSeed, 0, plain, jitter, index)
	if err != nil || *scrDegrade <= 0 {
		return out, found, err
	}
	// the degraded copy draws from its own stream, so that the samples
	// without it stay as they were
	drng := rand.New(rand.NewPCG(*seed^0x5c2d, uint64(sceneSeed)))
	if drng.Float64() >= *scrDegrade {
		return out, found, nil
	}
	more, ok, err := scrabbleCut(state, scrDegraded(opt, drng), sceneSeed, 1, plain, jitter, index)
	if err != nil {
		return nil, false, err
	}
	return append(out, more...), found || ok, nil
}

// scrPrint is the premium print of a training scene's board: one of
// list's (-scr-prints) drawn from the scene's own stream, or "" (the
// renderer's default, classic) when list is empty. With share below 1
// (-scr-prints-share) only that share of the scenes, drawn from another
// stream of the scene's, take a print of the list; the others are "".
// The list's draw is the same either way.
func scrPrint(sceneSeed int64, list string, share float64) string {
	if list == "" {
		return ""
	}
	if share < 1 {
		srng := rand.New(rand.NewPCG(*seed^0x5ca1, uint64(sceneSeed)))
		if srng.Float64() >= share {
			return ""
		}
	}
	names := strings.Split(list, ",")
	rng := rand.New(rand.NewPCG(*seed^0x5c9e, uint64(sceneSeed)))
	return names[rng.IntN(len(names))]
}

// thinEmpty is sq with each empty-square crop (glyph 0) kept with
// probability keep, drawn in sq's order from a stream of its own; the
// lettered crops are all kept, in their order.
func thinEmpty(sq []scrSample, keep float64, seed uint64) []scrSample {
	rng := rand.New(rand.NewPCG(seed^0xe3e7, 0x7a11))
	out := make([]scrSample, 0, len(sq))
	for _, s := range sq {
		if s.glyph == 0 && rng.Float64() >= keep {
			continue
		}
		out = append(out, s)
	}
	return out
}

// scrHeldOutFaces are the typefaces of render.MoreTypefaces that en-scr
// never learns from, so that rendered scenes in them measure how its
// reading carries to letters of typefaces it has not seen (a third of
// them, every third in the list; docs/scrabble-vision.md).
var scrHeldOutFaces = map[string]bool{
	"DejaVuSerif": true, "FreeSerif": true, "LiberationSansNarrow-Regular": true, "NimbusSans-Bold": true,
	"NimbusRoman-Bold": true, "URWBookman-Demi": true, "C059-Roman": true, "URWGothic-Demi": true,
}

// scrTypeface is the typeface a training scene's tiles are drawn in: with
// probability share one of render.MoreTypefaces not held out, drawn from
// the scene's own stream (so the scenes' other draws, and the scenes not
// so drawn, are as without it); otherwise "" (the renderer's by seed).
func scrTypeface(sceneSeed int64, share float64) string {
	if share <= 0 {
		return ""
	}
	var names []string
	for _, tf := range render.MoreTypefaces() {
		if !scrHeldOutFaces[tf.Name] {
			names = append(names, tf.Name)
		}
	}
	rng := rand.New(rand.NewPCG(*seed^0x7f1e, uint64(sceneSeed)))
	if len(names) == 0 || rng.Float64() >= share {
		return ""
	}
	return names[rng.IntN(len(names))]
}

// scrDarkTile is the colour of a training scene's tiles (render.Options.
// ScrabbleTile): with probability share dark wood, red-brown to walnut
// (red 0.45-0.8 of the printed face, green 0.55-0.7 of the red, blue
// 0.55-0.8 of the green: the old Milton Bradley tiles of the real
// photos and darker), drawn from the scene's own stream (so the scenes'
// other draws are as without it); otherwise zero (the renderer's light
// sets by seed).
func scrDarkTile(sceneSeed int64, share float64) [3]float64 {
	if share <= 0 {
		return [3]float64{}
	}
	rng := rand.New(rand.NewPCG(*seed^0xda7c, uint64(sceneSeed)))
	if rng.Float64() >= share {
		return [3]float64{}
	}
	r := 0.45 + 0.35*rng.Float64()
	g := r * (0.55 + 0.15*rng.Float64())
	b := g * (0.55 + 0.25*rng.Float64())
	return [3]float64{r, g, b}
}

// scrDarkScene is opt with a dark scene's look varied (-scr-dark-look):
// its tiles' wood drawn from a wider range than scrDarkTile's, from
// pale red-brown to dark walnut, redder and greyer, and the scene dimmer or brighter
// (exposure 0.75-1.05 of the drawn one) under a cooler or warmer light
// (white balance -0.7..+0.8). The share and the stream are scrDarkTile's
// (the same scenes are dark); scenes that are not dark are as drawn.
func scrDarkScene(opt render.Options, sceneSeed int64, share float64) render.Options {
	if share <= 0 {
		return opt
	}
	rng := rand.New(rand.NewPCG(*seed^0xda7c, uint64(sceneSeed)))
	if rng.Float64() >= share {
		return opt
	}
	u := func(a, b float64) float64 { return math.Round((a+(b-a)*rng.Float64())*1e4) / 1e4 }
	r := u(0.35, 0.85)
	g := r * u(0.45, 0.72)
	b := g * u(0.45, 0.85)
	opt.ScrabbleTile = [3]float64{r, g, b}
	e := opt.Exposure
	if e == 0 {
		e = 1
	}
	opt.Exposure = e * u(0.75, 1.05)
	opt.Warmth = u(-0.7, 0.8)
	return opt
}

// scrDegraded is opt made harder to read, as the blurred scenes and real
// photos the scan misread show their tiles: defocus of 0.8-3 px, motion
// blur of 2-9 px in two of three, more noise, JPEG quality 50-80, and in
// one of three a smaller picture (0.55-0.8 of the side: fewer pixels a
// square). The scene (board, tiles, camera, light) is the same.
func scrDegraded(opt render.Options, rng *rand.Rand) render.Options {
	u := func(a, b float64) float64 { return math.Round((a+(b-a)*rng.Float64())*1e4) / 1e4 }
	opt.Blur = math.Max(opt.Blur, u(0.8, 3))
	if rng.Float64() < 2.0/3 {
		opt.MotionPx = math.Max(opt.MotionPx, u(2, 9))
		opt.MotionDeg = u(0, 180)
	}
	opt.Noise = math.Max(opt.Noise, u(1, 6))
	opt.Quality = min(opt.Quality, int(u(50, 80)))
	if rng.Float64() < 1.0/3 {
		k := u(0.55, 0.8)
		opt.Width, opt.Height = int(math.Round(1640*k)), int(math.Round(1232*k))
		opt.Blur *= k
		opt.MotionPx *= k
	}
	return opt
}

// scrabbleCut draws state with opt and cuts its squares (variant 0: as
// drawn by the scene's options; 1: degraded), each variant's choices
// from its own stream.
func scrabbleCut(state []byte, opt render.Options, sceneSeed int64, variant uint64, plain int, jitter float64, index map[string]int) ([]scrSample, bool, error) {
	sc, err := render.Render("scrabble", state, opt)
	if err != nil {
		return nil, false, err
	}
	img, err := sc.Photo()
	if err != nil {
		return nil, false, err
	}
	if sc.Truth.Board == nil {
		return nil, false, fmt.Errorf("scrabble scene %d: no board in the truth", sceneSeed)
	}
	var corners vision.Quad
	for i, c := range sc.Truth.Board.Corners {
		corners[i] = vision.Point{X: c[0], Y: c[1]}
	}
	rng := rand.New(rand.NewPCG(*seed, uint64(sceneSeed)|variant<<40))
	type want struct {
		glyph int
		tile  bool
	}
	cells := map[[2]int]want{}
	var plains [][2]int
	for _, c := range sc.Truth.Cells {
		p := [2]int{c.Row, c.Col}
		if c.Height == 0 {
			if vscr.PremiumAt(c.Row, c.Col) == vscr.Plain {
				plains = append(plains, p)
				continue
			}
			cells[p] = want{0, false}
			continue
		}
		if g, ok := index[c.Letter]; ok && c.Letter != "" {
			cells[p] = want{g, true}
		}
	}
	rng.Shuffle(len(plains), func(i, j int) { plains[i], plains[j] = plains[j], plains[i] })
	for _, p := range plains[:min(plain, len(plains))] {
		cells[p] = want{0, false}
	}
	crops, err := vscr.SquareCrops(img, corners, func(r, c int) bool {
		_, ok := cells[[2]int{r, c}]
		return ok
	}, func(r, c int) (float64, float64, float64) {
		if rng.Float64() >= jitter {
			return 0.1, 0, 0
		}
		return 0.05 + 0.13*rng.Float64(), 0.12 * (rng.Float64() - 0.5), 0.12 * (rng.Float64() - 0.5)
	})
	if err != nil {
		return nil, false, nil // no board, or not where the truth says: nothing to learn from
	}
	var out []scrSample
	if *scrCuts > 0 {
		// a person's cuts, from their own stream (the scan's cuts above
		// are as without them)
		prng := rand.New(rand.NewPCG(*seed^0xc075, uint64(sceneSeed)|variant<<40))
		tiles := map[[2]int]int{}
		for p, w := range cells {
			if w.tile {
				tiles[p] = w.glyph
			}
		}
		more := personMore{light: *scrCutLight, motion: *scrCutMotion}
		if more.light > 0 {
			more.lightRng = rand.New(rand.NewPCG(*seed^0x11a7, uint64(sceneSeed)|variant<<40))
		}
		if more.motion > 0 {
			more.motionRng = rand.New(rand.NewPCG(*seed^0x30e1, uint64(sceneSeed)|variant<<40))
		}
		out = personSquares(img, corners, tiles, plains[:min(plain/2, len(plains))], *scrCuts, prng, more)
	}
	for _, c := range crops {
		w := cells[[2]int{c.Row, c.Col}]
		if fv, err := ocr.Features(c.Picture); err == nil {
			out = append(out, scrSample{fv: fv, glyph: w.glyph, angle: float64(90 * c.Rot)})
		}
		if !w.tile {
			continue
		}
		if fv, err := ocr.Features(c.Upright); err == nil {
			out = append(out, scrSample{fv: fv, glyph: w.glyph, upright: true})
		}
	}
	return out, true, nil
}

// trainScrabble trains the reader of Scrabble squares (-specialist
// scrabble, written as en-scr.tsm): vision/scrabble reads each tile from
// its square's crop (whitened; first any way up with the value number
// in, then upright with it painted out) and asks the reader whether a
// few squares show a letter at all; the general model learned from
// Upwords, Bananagrams and font-drawn tiles. This one learns from exactly
// the scan's crops (vision/scrabble.SquareCrops) of rendered Scrabble
// scenes of every edition, typeface and difficulty, empty premium
// squares with their print as "no tile", and a few font-drawn tiles so
// that it keeps some notion of other tiles.
func trainScrabble(fonts []*synth.Font, start time.Time) error {
	const alpha = ocr.English
	glyphs, index, err := glyphIndex(alpha)
	if err != nil {
		return err
	}
	t0 := time.Now()
	all := synthData(fonts, glyphs, alpha)
	nSyn := all.n()
	sq, boards, err := scrabbleSquares(60001, *scrScenes, *scrPlain, *scrJitter, index)
	if err != nil {
		return err
	}
	if *scrEmptyKeep < 1 {
		before := len(sq)
		sq = thinEmpty(sq, *scrEmptyKeep, *seed)
		fmt.Printf("[%s-scr] rendered squares: %d of %d kept (empty crops kept at %.2f)\n", alpha, len(sq), before, *scrEmptyKeep)
	}
	if *scrOthers > 0 {
		more, err := otherFaces(*scrOthers, index)
		if err != nil {
			return err
		}
		fmt.Printf("[%s-scr] other games' faces: %d samples\n", alpha, len(more))
		sq = append(sq, more...)
	}
	if *scrReal != "" {
		more, n, err := realSquares(*scrReal, *scrRealPhotos, *scrRealTiles, *scrRealEmpty, *scrRealPlain, *scrRealLight, *scrRealMotion, *seed, index)
		if err != nil {
			return err
		}
		fmt.Printf("[%s-scr] real photos' cuts (tuning half, %d photos): %d of tiles, %d of empty squares, %d samples\n", alpha, n.photos, n.tiles, n.empty, len(more))
		sq = append(sq, more...)
	}
	tiles := 0
	for _, s := range sq {
		y := int32(s.glyph * turns)
		if s.glyph == 0 {
			all.push(s.fv.Vec, y, false, -2, false)
			continue
		}
		tiles++
		y += turnOf(s.angle, s.fv.Alpha)
		all.push(s.fv.Vec, y, false, -2, true)
	}
	fmt.Printf("[%s-scr] samples: %d font-drawn, %d squares (%d tile crops, %d empty) from %d of %d scenes (%.1fs)\n",
		alpha, nSyn, len(sq), tiles, len(sq)-tiles, boards, *scrScenes, time.Since(t0).Seconds())
	t0 = time.Now()
	warm, err := warmStart("-scr-init", *scrInit, glyphs, turns, alpha)
	if err != nil {
		return err
	}
	m := fitFrom(all, glyphs, alpha, *hidden, *epochs, *seed, warm, *scrInitLR)
	m.Note = fmt.Sprintf("make train (-specialist scrabble): seed %d, %d samples", *seed, all.n())
	if warm != nil {
		m.Note = fmt.Sprintf("make train (-specialist scrabble -scr-init %s, -scr-cuts %d): seed %d, %d samples", *scrInit, *scrCuts, *seed, all.n())
		if *scrReal != "" {
			m.Note = fmt.Sprintf("make train (-specialist scrabble -scr-init %s, -scr-cuts %d, -scr-real tuning half %d/%d cuts): seed %d, %d samples", *scrInit, *scrCuts, *scrRealTiles, *scrRealEmpty, *seed, all.n())
		}
	}
	fmt.Printf("[%s-scr] trained %s in %.1fs; training accuracy %.2f%%\n", alpha, describe(*hidden), time.Since(t0).Seconds(), 100*accuracy(predictor(m), all, nil))
	path, n, err := writeModel(m, *outDir, *scrOut+".tsm")
	if err != nil {
		return err
	}
	fmt.Printf("[%s-scr] wrote %s (%d bytes)\n", alpha, path, n)
	if *scrEval > 0 {
		if err := evalScrabble(m, glyphs, index); err != nil {
			return err
		}
	}
	fmt.Printf("[%s-scr] total %.1fs\n", alpha, time.Since(start).Seconds())
	return nil
}

// evalScrabble prints, on scenes never trained on (seeds 70001..), the
// squares' crops read right by the new model and by en: the tiles'
// letters on the first read (told a tile, any way up) and the second
// (told a tile and its angle), and the empty squares read as no tile.
func evalScrabble(m *ocr.Model, glyphs []string, index map[string]int) error {
	newC, err := ocr.NewClassifier(m)
	if err != nil {
		return err
	}
	om, err := ocr.LoadModel(ocr.English)
	if err != nil {
		return err
	}
	oldC, err := ocr.NewClassifier(om)
	if err != nil {
		return err
	}
	sq, boards, err := scrabbleSquares(70001, *scrEval, 1000, 0, index)
	if err != nil {
		return err
	}
	for _, rd := range []struct {
		name string
		c    *ocr.Classifier
	}{{"en (before)", oldC}, {"en-scr", newC}} {
		var first, second, empty, nFirst, nSecond, nEmpty int
		for _, s := range sq {
			out := rd.c.Outputs(s.fv.Vec)
			best, bestP := 0, float32(-1)
			for g := range glyphs {
				if s.glyph != 0 && g == 0 {
					continue
				}
				var p float32
				if s.glyph == 0 || !s.upright {
					for k := 0; k < turns; k++ {
						p += out[g*turns+k]
					}
				} else {
					p = out[g*turns+int(turnOf(0, s.fv.Alpha))]
				}
				if p > bestP {
					best, bestP = g, p
				}
			}
			switch {
			case s.glyph == 0:
				nEmpty++
				if best == 0 {
					empty++
				}
			case s.upright:
				nSecond++
				if best == s.glyph {
					second++
				}
			default:
				nFirst++
				if best == s.glyph {
					first++
				}
			}
		}
		pc := func(a, b int) float64 { return 100 * float64(a) / math.Max(1, float64(b)) }
		fmt.Printf("[en-scr] unseen scenes (%d, %d boards found): %-12s first read %.2f%% (%d), upright %.2f%% (%d), empty squares %.2f%% (%d)\n",
			*scrEval, boards, rd.name, pc(first, nFirst), nFirst, pc(second, nSecond), nSecond, pc(empty, nEmpty), nEmpty)
	}
	return nil
}
