package main

import (
	"bufio"
	"encoding/gob"
	"flag"
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/ocr/synth"
	"github.com/tilescope/tilescope/scoring/grid"
	vpyr "github.com/tilescope/tilescope/vision/pyramids"
	"github.com/tilescope/tilescope/vision/render"
)

var (
	pyrScenes     = flag.Int("pyr-scenes", 240, "with -specialist pyramids: rendered Crossword Pyramids scenes to train on (seeds 40001..40000+N, mixed difficulty)")
	pyrHoldout    = flag.String("pyr-holdout", "LiberationSerif-Bold,GoMonoBold,FreeSansBold", "with -specialist pyramids: typefaces never trained on, measured on after training")
	pyrEval       = flag.Int("pyr-eval", 40, "with -specialist pyramids: scenes in the held-out typefaces measured after training (seeds 47001.., normal and hard alternately)")
	pyrHard       = flag.Int("pyr-hard", 0, "with -specialist pyramids: extra hard scenes to train on (seeds from -pyr-hard-seed)")
	pyrMakers     = flag.Int("pyr-makers", 0, "with -specialist pyramids: extra scenes of other makers' sets (render.RandomPyramidsSet: sizes, prints, ink), mixed difficulty (seeds from -pyr-makers-seed)")
	pyrMakersHard = flag.Int("pyr-makers-hard", 0, "with -specialist pyramids: extra hard scenes of other makers' sets (render.RandomPyramidsSet), seeds from -pyr-makers-hard-seed")
	pyrInit       = flag.String("pyr-init", "", "with -specialist pyramids: a model file (en-pyr.tsm) whose weights are trained further instead of new ones, at -pyr-init-lr")
	pyrInitLR     = flag.Float64("pyr-init-lr", 0.003, "with -pyr-init: the learning rate")
	pyrMixed0     = flag.Int64("pyr-mixed-seed", 40001, "with -specialist pyramids: the first seed of the -pyr-scenes mixed scenes")
	pyrUpright    = flag.Bool("pyr-upright", false, "with -specialist pyramids: the faces' features as vision/pyramids reads them since issue 21 (ocr.FeaturesUpright: the crop is upright, no rotation estimated); without it ocr.Features (make train's first two pyramids lines, kept as they were)")
	pyrHard0      = flag.Int64("pyr-hard-seed", 50001, "with -specialist pyramids: the first seed of the -pyr-hard scenes")
	pyrMakers0    = flag.Int64("pyr-makers-seed", 60001, "with -specialist pyramids: the first seed of the -pyr-makers scenes")
	pyrMakersH0   = flag.Int64("pyr-makers-hard-seed", 65001, "with -specialist pyramids: the first seed of the -pyr-makers-hard scenes")
	pyrNear       = flag.Float64("pyr-near", 0.25, "with -specialist pyramids: share of squares also cut one layer higher and one lower (a stack count misjudged)")
	pyrBlur       = flag.Float64("pyr-blur", 0, "with -specialist pyramids: share of the faces of scenes drawn with little blur (under -pyr-blur-under px) also learnt defocused (blurCrop: a Gaussian of 1-4 crop pixels, some with noise), as hard scenes show them")
	pyrBlurUnder  = flag.Float64("pyr-blur-under", 1.5, "with -pyr-blur: the scenes' blur (px) under which their faces are also learnt defocused")
	pyrBlurred    = flag.Int("pyr-blurred", 0, "with -specialist pyramids: extra hard scenes drawn out of focus and shaken (blurredOptions: defocus 1.5-3.2 px, motion 2-7 px on half, JPEG quality 55-75), half of the classic set (seeds from -pyr-blurred-seed), half of other makers' (seeds from -pyr-blurred-seed+1000)")
	pyrCache      = flag.String("pyr-cache", "", "with -specialist pyramids: a file of the training faces' features (gob), read when it exists, else written after the scenes are drawn; valid only for the same -pyr-* flags and -seed")
	pyrBlurred0   = flag.Int64("pyr-blurred-seed", 56001, "with -pyr-blurred: the first seed of its classic scenes (its other makers' from 1000 on)")
	pyrMore       = flag.Int("pyr-more", 0, "with -specialist pyramids: extra scenes whose letters are drawn in -pyr-more-fonts (one a scene in turn), a third mixed of the classic set (seeds from -pyr-more-seed), a third hard of other makers' (the seeds after those), a third blurred (blurredOptions), half classic, half other makers' (the seeds after those)")
	pyrMoreFonts  = flag.String("pyr-more-fonts", "DejaVuSansMono-Bold,DejaVuSerifCondensed-Bold,DejaVuSerif,DejaVuSansCondensed,FreeSans,FreeSerif,LiberationSansNarrow-Regular,LiberationSerif-Regular,LiberationMono-Regular,NimbusSans-Regular,NimbusMonoPS-Bold,URWBookman-Light,C059-Bold", "with -pyr-more: the typefaces its scenes are drawn in (render.MoreTypefaces or Typefaces; none of -pyr-holdout)")
	pyrMore0      = flag.Int64("pyr-more-seed", 67001, "with -pyr-more: the first seed of its scenes")
)

// pyrSample is one face crop's features and what the truth says of it.
type pyrSample struct {
	fv     ocr.FeatureVector
	glyph  int
	sq     int // the square's index over the whole set (scene*100 + row*10 + col)
	weight float64
	truthK bool // cut at the true stack count
	// grey is the crop's grey levels (-specialist pyramids-grey, whose
	// samples carry no fv)
	grey *image.Gray
}

// pyramidFaces renders Crossword Pyramids scenes (seeds seed0..seed0+n-1,
// difficulty diff, or by seed when "mixed"), each in one of the typefaces
// fonts (by seed), finds each board as the scan does and cuts every
// visible face of every pyramid the truth shows unhidden at its true
// stack count (and, on a share near of the squares, one higher and one
// lower), with the features the classifier sees.
func pyramidFaces(seed0 int64, n int, diff string, fonts []string, near float64, index map[string]int) ([]pyrSample, int, error) {
	return pyramidFacesOf(seed0, n, diff, false, fonts, near, index)
}

// pyramidFacesOf is pyramidFaces with, when varied, each scene's set
// another maker's (render.RandomPyramidsSet of the scene's seed).
func pyramidFacesOf(seed0 int64, n int, diff string, varied bool, fonts []string, near float64, index map[string]int) ([]pyrSample, int, error) {
	return sceneParallel(n, func(i int) ([]pyrSample, bool, error) {
		return pyramidScene(seed0+int64(i), i, diff, varied, fonts[i%len(fonts)], near, index)
	})
}

func pyramidScene(sceneSeed int64, i int, diff string, varied bool, font string, near float64, index map[string]int) ([]pyrSample, bool, error) {
	state, err := render.RandomState("pyramids", sceneSeed)
	if err != nil {
		return nil, false, err
	}
	opt, err := pyramidOptions(sceneSeed, diff, varied, font)
	if err != nil {
		return nil, false, err
	}
	sc, err := render.Render("pyramids", state, opt)
	if err != nil {
		return nil, false, err
	}
	img, err := sc.Photo()
	if err != nil {
		return nil, false, err
	}
	type want struct {
		glyph, k int
	}
	truth := map[grid.Pos]want{}
	for _, c := range sc.Truth.Cells {
		g, ok := index[c.Letter]
		if c.Height == 0 || c.Occluded || !ok {
			continue
		}
		truth[grid.Pos{Row: c.Row, Col: c.Col}] = want{g, c.Height}
	}
	rng := rand.New(rand.NewPCG(*seed, uint64(sceneSeed)))
	crops, err := vpyr.FaceCrops(img, vpyr.Options{}, func(p grid.Pos) []int {
		t, ok := truth[p]
		if !ok {
			return nil
		}
		ks := []int{t.k}
		if rng.Float64() < near {
			ks = append(ks, t.k-1, t.k+1)
		}
		return ks
	})
	if err != nil {
		return nil, false, nil // no board (out of view, a hand): nothing to learn from
	}
	// the defocused copies draw from their own stream, so that the
	// samples without them stay as they were
	brng := rand.New(rand.NewPCG(*seed^0xb1d2, uint64(sceneSeed)))
	blurShare := 0.0
	if opt.Blur < *pyrBlurUnder {
		blurShare = *pyrBlur
	}
	var out []pyrSample
	for _, c := range crops {
		s, err := faceSample(c.Image)
		if err != nil {
			continue
		}
		t := truth[c.Pos]
		s.glyph, s.sq, s.weight, s.truthK = t.glyph, i*100+c.Pos.Row*10+c.Pos.Col, c.Weight, c.Height == t.k
		out = append(out, s)
		if blurShare > 0 && brng.Float64() < blurShare {
			noise := 0.0
			if brng.Float64() < 0.5 {
				noise = 2 + 6*brng.Float64()
			}
			b := blurCrop(c.Image, 1+3*brng.Float64(), noise, brng)
			if bs, err := faceSample(b); err == nil {
				bs.glyph, bs.sq, bs.weight, bs.truthK = s.glyph, s.sq, s.weight, s.truthK
				out = append(out, bs)
			}
		}
	}
	return out, true, nil
}

// blurCrop is img defocused: a Gaussian of sigma pixels (rows, then
// columns, the border repeated), then, when noise > 0, grey noise of that
// standard deviation (in 0-255 levels) added to every channel alike.
func blurCrop(img image.Image, sigma, noise float64, rng *rand.Rand) *image.RGBA {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	k, r := gaussKernel(sigma, 3)
	src := make([][3]float64, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			cr, cg, cb, _ := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
			src[y*w+x] = [3]float64{float64(cr >> 8), float64(cg >> 8), float64(cb >> 8)}
		}
	}
	blurred := blurPixels(src, w, h, k, r)
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			acc := blurred[y*w+x]
			n := 0.0
			if noise > 0 {
				n = rng.NormFloat64() * noise
			}
			o := out.PixOffset(x, y)
			for c := 0; c < 3; c++ {
				out.Pix[o+c] = uint8(max(0, min(255, math.Round(acc[c]+n))))
			}
			out.Pix[o+3] = 255
		}
	}
	return out
}

// faceSample is a face crop as the model being trained learns from it:
// its features (faceFeatures), or for the grey model (-specialist
// pyramids-grey) the crop's grey levels, kept as they are (ocr.Luma), the
// features taken later.
func faceSample(img image.Image) (pyrSample, error) {
	if *specialist == "pyramids-grey" {
		return pyrSample{grey: lumaCrop(img)}, nil
	}
	fv, err := faceFeatures(img)
	return pyrSample{fv: fv}, err
}

// faceFeatures are a face crop's features as the trained model will see
// them (-pyr-upright).
func faceFeatures(img image.Image) (ocr.FeatureVector, error) {
	if *pyrUpright {
		return ocr.FeaturesUpright(img)
	}
	return ocr.Features(img)
}

// pyramidOptions are a training scene's render options: drawn from its
// seed at the difficulty, in the typeface font, and when varied with
// another maker's set (render.RandomPyramidsSet of the seed, the camera
// moved to fit it as render-set --maker varied does).
//
// diff "blurred" is a hard scene whose focus, shake and compression are
// then drawn from the worst of the renderer's hard range (blurredOptions).
func pyramidOptions(sceneSeed int64, diff string, varied bool, font string) (render.Options, error) {
	d := diff
	if diff == "blurred" {
		d = "hard"
	}
	opt, err := render.RandomOptions(sceneSeed, d)
	if err != nil {
		return opt, err
	}
	if diff == "blurred" {
		blurredOptions(&opt, sceneSeed)
	}
	opt.Typeface = font
	if varied {
		set := render.RandomPyramidsSet(sceneSeed)
		opt.Pyramids = &set
		opt.FitGame("pyramids")
	}
	return opt, nil
}

// blurredOptions draws a hard scene's defocus from 1.5-3.2 px (the
// renderer's hard range is 0.5-3), its motion blur (2-7 px, any
// direction) on half the scenes, none on the others, and its JPEG
// quality from 55-75: the blurred faces the reader misses most
// (docs/pyramids-vision.md, "Letters on blurred faces"). The draws come
// from the scene's seed alone, so the same seed gives the same scene.
func blurredOptions(o *render.Options, sceneSeed int64) {
	r := rand.New(rand.NewPCG(uint64(sceneSeed), 0xb1a2))
	o.Blur = 1.5 + 1.7*r.Float64()
	if r.Float64() < 0.5 {
		o.MotionPx = 2 + 5*r.Float64()
		o.MotionDeg = 180 * r.Float64()
	} else {
		o.MotionPx, o.MotionDeg = 0, 0
	}
	o.Quality = 55 + r.IntN(21)
}

// uprightTurn is the output turn of an upright crop for the normaliser's
// rotation estimate (vision/pyramids' uprightVotes reads the same one).
func uprightTurn(alpha float64) int { return int(turnOf(0, alpha)) }

// trainPyramids trains the reader of pyramid faces (-specialist
// pyramids, written as en-pyr.tsm): vision/pyramids reads each face of a
// pyramid rectified to an upright crop (vision/pyramids.FaceCrops), and
// learns here from exactly those crops, cut from rendered scenes of
// every difficulty in all typefaces but the held-out ones, with a few
// font-drawn tiles so that it keeps some notion of other typefaces. It
// then measures, on scenes in the held-out typefaces only, the letters
// of the squares (faces weighted as the scan weighs them) read by the new
// model, by the readers the scan used before it (en and en-blur,
// averaged), by the three averaged, and by en and the new model weighted
// as the scan weighs them.
func trainPyramids(fonts []*synth.Font, start time.Time) error {
	const alpha = ocr.English
	glyphs, index, err := glyphIndex(alpha)
	if err != nil {
		return err
	}
	held := strings.Split(*pyrHoldout, ",")
	var trainFonts, heldFonts []string
	for _, tf := range render.Typefaces() {
		if slices.Contains(held, tf.Name) {
			heldFonts = append(heldFonts, tf.Name)
		} else {
			trainFonts = append(trainFonts, tf.Name)
		}
	}
	if len(trainFonts) == 0 || len(heldFonts) == 0 {
		return fmt.Errorf("-pyr-holdout %q: want some typefaces held out and some trained on, of %d", *pyrHoldout, len(render.Typefaces()))
	}
	fmt.Printf("[%s-pyr] typefaces trained on: %s; held out: %s\n", alpha, strings.Join(trainFonts, ", "), strings.Join(heldFonts, ", "))
	t0 := time.Now()
	all := synthData(fonts, glyphs, alpha)
	nSyn := all.n()
	faces, boards, err := cachedPyramidFaces(trainFonts, index)
	if err != nil {
		return err
	}
	for _, s := range faces {
		all.push(s.fv.Vec, int32(s.glyph*turns+uprightTurn(s.fv.Alpha)), false, -2, true)
	}
	fmt.Printf("[%s-pyr] samples: %d font-drawn, %d faces from %d of %d scenes (%.1fs)\n", alpha, nSyn, len(faces), boards, *pyrScenes+*pyrHard+*pyrMakers+*pyrMakersHard+*pyrBlurred+*pyrMore, time.Since(t0).Seconds())
	t0 = time.Now()
	warm, err := warmStart("-pyr-init", *pyrInit, glyphs, turns, alpha)
	if err != nil {
		return err
	}
	m := fitFrom(all, glyphs, alpha, *hidden, *epochs, *seed, warm, *pyrInitLR)
	m.Note = fmt.Sprintf("make train (-specialist pyramids): seed %d, %d samples", *seed, all.n())
	if warm != nil {
		m.Note = fmt.Sprintf("make train (-specialist pyramids, trained further from %s): seed %d, %d samples", warm.Note, *seed, all.n())
	}
	fmt.Printf("[%s-pyr] trained %s in %.1fs; training accuracy %.2f%%\n", alpha, describe(*hidden), time.Since(t0).Seconds(), 100*accuracy(predictor(m), all, nil))
	path, n, err := writeModel(m, *outDir, alpha+"-pyr.tsm")
	if err != nil {
		return err
	}
	fmt.Printf("[%s-pyr] wrote %s (%d bytes)\n", alpha, path, n)
	if *pyrEval > 0 {
		if err := evalPyramids(m, glyphs, heldFonts, index); err != nil {
			return err
		}
	}
	fmt.Printf("[%s-pyr] total %.1fs\n", alpha, time.Since(start).Seconds())
	return nil
}

// cachedPyramidFaces are the training faces of the -pyr-* flags' scenes
// (pyramidTrainFaces), read from -pyr-cache when it exists and written to
// it after the scenes are drawn when it does not.
func cachedPyramidFaces(trainFonts []string, index map[string]int) ([]pyrSample, int, error) {
	type cached struct {
		Vec    []float32
		Alpha  float64
		Glyph  int32
		Boards int32
	}
	if *pyrCache != "" {
		if f, err := os.Open(*pyrCache); err == nil {
			defer f.Close()
			var cs []cached
			if err := gob.NewDecoder(bufio.NewReader(f)).Decode(&cs); err != nil {
				return nil, 0, fmt.Errorf("-pyr-cache %s: %w", *pyrCache, err)
			}
			out := make([]pyrSample, len(cs))
			boards := 0
			for i, c := range cs {
				out[i] = pyrSample{fv: ocr.FeatureVector{Vec: c.Vec, Alpha: c.Alpha}, glyph: int(c.Glyph)}
				boards = int(c.Boards)
			}
			return out, boards, nil
		}
	}
	faces, boards, err := pyramidTrainFaces(trainFonts, index)
	if err != nil || *pyrCache == "" {
		return faces, boards, err
	}
	cs := make([]cached, len(faces))
	for i, s := range faces {
		cs[i] = cached{Vec: s.fv.Vec, Alpha: s.fv.Alpha, Glyph: int32(s.glyph), Boards: int32(boards)}
	}
	f, err := os.Create(*pyrCache)
	if err != nil {
		return nil, 0, err
	}
	w := bufio.NewWriter(f)
	if err := gob.NewEncoder(w).Encode(cs); err != nil {
		f.Close()
		return nil, 0, err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return nil, 0, err
	}
	return faces, boards, f.Close()
}

// pyramidTrainFaces draws the scenes the -pyr-* flags name and cuts
// their faces (pyramidFaces).
func pyramidTrainFaces(trainFonts []string, index map[string]int) ([]pyrSample, int, error) {
	faces, boards, err := pyramidFaces(*pyrMixed0, *pyrScenes, "mixed", trainFonts, *pyrNear, index)
	if err != nil {
		return nil, 0, err
	}
	if *pyrHard > 0 {
		hard, hb, err := pyramidFaces(*pyrHard0, *pyrHard, "hard", trainFonts, *pyrNear, index)
		if err != nil {
			return nil, 0, err
		}
		faces, boards = append(faces, hard...), boards+hb
	}
	if *pyrMakers > 0 {
		mk, mb, err := pyramidFacesOf(*pyrMakers0, *pyrMakers, "mixed", true, trainFonts, *pyrNear, index)
		if err != nil {
			return nil, 0, err
		}
		faces, boards = append(faces, mk...), boards+mb
	}
	if *pyrMakersHard > 0 {
		mk, mb, err := pyramidFacesOf(*pyrMakersH0, *pyrMakersHard, "hard", true, trainFonts, *pyrNear, index)
		if err != nil {
			return nil, 0, err
		}
		faces, boards = append(faces, mk...), boards+mb
	}
	if *pyrBlurred > 0 {
		nc := *pyrBlurred - *pyrBlurred/2
		bc, bb, err := pyramidFacesOf(*pyrBlurred0, nc, "blurred", false, trainFonts, *pyrNear, index)
		if err != nil {
			return nil, 0, err
		}
		bv, bvb, err := pyramidFacesOf(*pyrBlurred0+1000, *pyrBlurred/2, "blurred", true, trainFonts, *pyrNear, index)
		if err != nil {
			return nil, 0, err
		}
		faces, boards = append(append(faces, bc...), bv...), boards+bb+bvb
	}
	if *pyrMore > 0 {
		more, err := moreFonts(*pyrMoreFonts, *pyrHoldout)
		if err != nil {
			return nil, 0, err
		}
		seed0 := *pyrMore0
		for _, part := range moreParts(*pyrMore) {
			f, b, err := pyramidFacesOf(seed0, part.n, part.diff, part.varied, more, *pyrNear, index)
			if err != nil {
				return nil, 0, err
			}
			faces, boards, seed0 = append(faces, f...), boards+b, seed0+int64(part.n)
		}
	}
	return faces, boards, nil
}

// morePart is one share of the -pyr-more scenes: n scenes of a
// difficulty, of the classic set or of other makers' (varied).
type morePart struct {
	n      int
	diff   string
	varied bool
}

// moreParts splits the -pyr-more scenes: a third mixed of the classic
// set, a third hard of other makers' sets, and a third blurred, half of
// them classic and half other makers'; their seeds follow one another in
// that order.
func moreParts(n int) []morePart {
	third := n / 3
	blurred := third
	mixed := n - 2*third
	return []morePart{
		{mixed, "mixed", false},
		{third, "hard", true},
		{blurred - blurred/2, "blurred", false},
		{blurred / 2, "blurred", true},
	}
}

// moreFonts is the -pyr-more-fonts list checked: every name installed
// here and none of the held-out typefaces (-pyr-holdout).
func moreFonts(list, holdout string) ([]string, error) {
	names := strings.Split(list, ",")
	if err := render.CheckTypefaces(names); err != nil {
		return nil, fmt.Errorf("-pyr-more-fonts: %w", err)
	}
	held := strings.Split(holdout, ",")
	for _, n := range names {
		if slices.Contains(held, n) {
			return nil, fmt.Errorf("-pyr-more-fonts: %s is held out (-pyr-holdout)", n)
		}
	}
	return names, nil
}

// evalPyramids prints the letters right on the held-out typefaces'
// scenes (normal and hard halves) at the true stack count.
func evalPyramids(m *ocr.Model, glyphs []string, heldFonts []string, index map[string]int) error {
	newC, err := ocr.NewClassifier(m)
	if err != nil {
		return err
	}
	var old []*ocr.Classifier
	for _, name := range []string{ocr.English, ocr.SpecialistBlur} {
		om, err := ocr.LoadModel(name)
		if err != nil {
			return err
		}
		c, err := ocr.NewClassifier(om)
		if err != nil {
			return err
		}
		old = append(old, c)
	}
	// ws weighs the classifiers (nil: alike); the scan reads each face
	// with en at 0.3 and en-pyr at 0.7 (vision/pyramids tileWeightModel)
	readers := []struct {
		name string
		cs   []*ocr.Classifier
		ws   []float64
	}{{"new", []*ocr.Classifier{newC}, nil}, {"en+en-blur (before)", old, nil}, {"all three", append([]*ocr.Classifier{newC}, old...), nil},
		{"en 0.3 + new 0.7 (the scan)", []*ocr.Classifier{old[0], newC}, []float64{0.3, 0.7}}}
	for _, diff := range []string{"normal", "hard"} {
		seed0 := int64(47001)
		if diff == "hard" {
			seed0 = 48001
		}
		faces, boards, err := pyramidFaces(seed0, *pyrEval/2, diff, heldFonts, 0, index)
		if err != nil {
			return err
		}
		for _, rd := range readers {
			votes := map[int][]float64{}
			truth := map[int]int{}
			faceRight, nFaces := 0, 0
			for _, s := range faces {
				p := make([]float64, len(glyphs))
				for i, c := range rd.cs {
					out := c.Outputs(s.fv.Vec)
					u := uprightTurn(s.fv.Alpha)
					w := 1 / float64(len(rd.cs))
					if rd.ws != nil {
						w = rd.ws[i]
					}
					for g := range glyphs {
						if g == 0 {
							continue // no tile: never a face's letter
						}
						p[g] += w * float64(out[g*turns+u])
					}
				}
				best := 1
				for g := range p {
					if p[g] > p[best] {
						best = g
					}
				}
				nFaces++
				if best == s.glyph {
					faceRight++
				}
				v := votes[s.sq]
				if v == nil {
					v = make([]float64, len(glyphs))
					votes[s.sq] = v
				}
				for g := range p {
					v[g] += s.weight * p[g]
				}
				truth[s.sq] = s.glyph
			}
			right := 0
			for sq, v := range votes {
				best := 1
				for g := range v {
					if v[g] > v[best] {
						best = g
					}
				}
				if best == truth[sq] {
					right++
				}
			}
			fmt.Printf("[en-pyr] held-out typefaces, %s (%d scenes, %d boards found): %-28s faces %.2f%% (%d), squares %.2f%% (%d/%d)\n",
				diff, *pyrEval/2, boards, rd.name, 100*float64(faceRight)/math.Max(1, float64(nFaces)), nFaces,
				100*float64(right)/math.Max(1, float64(len(votes))), right, len(votes))
		}
	}
	return nil
}
