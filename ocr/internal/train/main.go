// Command train trains the tile classifier's models (make train).
//
// It draws synthetic tiles from fonts (package synth), cuts real tiles out
// of the Bananagrams photos' train split (package dataset), extracts the
// classifier's features (ocr.Features) and fits a soft-max model by
// stochastic gradient descent, with fixed seeds: the same inputs give the
// same model file, byte for byte. With -compare it also fits a nearest-
// centroid model and a soft-max with a hidden layer on a development split
// of the train photos and prints their accuracies.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/tilescope/tilescope/internal/parallel"
	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/ocr/dataset"
	"github.com/tilescope/tilescope/ocr/synth"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		os.Exit(1)
	}
}

var (
	outDir      = flag.String("out", "ocr/model", "directory for the model files")
	photos      = flag.String("photos", "../shared/data/photos/bananagrams-fi", "Bananagrams photos with YOLO labels (train split used)")
	alphabets   = flag.String("alphabets", "en,ru", "models to train")
	seed        = flag.Uint64("seed", 1, "random seed")
	perGlyph    = flag.Int("synth", 260, "synthetic samples per glyph")
	empties     = flag.Int("empty", 2500, "synthetic empty samples")
	realAug     = flag.Int("real", 8, "crops per real tile as photographed (axis-aligned box)")
	realWarp    = flag.Int("real-warp", 4, "rectified crops per real tile")
	epochs      = flag.Int("epochs", 20, "SGD epochs")
	hidden      = flag.Int("hidden", 192, "hidden units (0: linear soft-max)")
	compare     = flag.Bool("compare", false, "compare methods on a development split of the train photos")
	compareOnly = flag.Bool("compare-only", false, "with -compare: do not train and write the final models")
	scenes      = flag.Int("scenes", 30, "rendered scenes per game for the English model (vision/render, seeds 1..N)")
	ruScenes    = flag.Int("ru-scenes", 80, "rendered scenes per game for the Russian model")
	hardScenes  = flag.Int("hard-scenes", 60, "extra hard rendered Upwords scenes for the English model (seeds 20001..20000+N), crops turned and jittered as the board reader cuts them")
	specialist  = flag.String("specialist", "", "train a specialist instead of the alphabets' models: blur (en-blur.tsm, for blurred Upwords photos), pyramids (en-pyr.tsm, for Crossword Pyramids' faces), scrabble (en-scr.tsm, for Scrabble squares), upwords (en-upw.tsm, Upwords faces in many typefaces and prints), upwords-blur (en-upwb.tsm, blurred Upwords faces in many typefaces and prints), loose (en-loose.tsm, for loose tiles on tables), loose-ru (ru-loose.tsm, for Twists tables)")
	blurScenes  = flag.Int("blur-scenes", 150, "with -specialist blur: degraded hard Upwords scenes (seeds 30001..30000+N)")
	blurCuts    = flag.Int("blur-cuts", 3, "with -specialist blur: crops cut from each square of a degraded scene")
	workers     = flag.Int("workers", min(2, runtime.NumCPU()), "parallel sample generators")
)

// data is a feature matrix with labels.
type data struct {
	X     []float32
	Y     []int32 // glyph*turns + turn
	Real  []bool
	Group []int32 // photo index for real samples, -1 synthetic
	// Known: the turn is known (synthetic letters). Otherwise only the
	// glyph is: the loss is then on the glyph's probability summed over
	// its turns, so the real photos need no orientation labels.
	Known []bool
}

func (d *data) n() int { return len(d.Y) }

func (d *data) add(o *data) {
	d.X = append(d.X, o.X...)
	d.Y = append(d.Y, o.Y...)
	d.Real = append(d.Real, o.Real...)
	d.Group = append(d.Group, o.Group...)
	d.Known = append(d.Known, o.Known...)
}

func (d *data) push(x []float32, y int32, real bool, group int32, known bool) {
	d.X = append(d.X, x...)
	d.Y = append(d.Y, y)
	d.Real = append(d.Real, real)
	d.Group = append(d.Group, group)
	d.Known = append(d.Known, known)
}

const turns = 4

// pushCrop adds a rendered crop of glyph group g as the class classOf
// gives it; a crop whose features cannot be worked out is left out.
func (d *data) pushCrop(c dataset.Crop, g int) {
	fv, err := ocr.Features(c.Image)
	if err != nil {
		return
	}
	known := c.Letter != ""
	d.push(fv.Vec, classOf(g, known, c.Angle, fv.Alpha), false, -2, known)
}

// classOf is the class a rendered crop of glyph group g is trained as:
// the group, turned by the quarter turns the crop stands at (turnOf); an
// empty square (known false) stands at no turn.
func classOf(g int, known bool, trueAngle, alpha float64) int32 {
	y := int32(g * turns)
	if known {
		y += turnOf(trueAngle, alpha)
	}
	return y
}

func turnOf(trueAngle, alpha float64) int32 {
	k := int(math.Round((trueAngle - alpha) / 90))
	return int32(((k % turns) + turns) % turns)
}

func run() error {
	flag.Parse()
	start := time.Now()
	fonts, err := synth.LoadFonts()
	if err != nil {
		return err
	}
	names := make([]string, len(fonts))
	for i, f := range fonts {
		names[i] = f.Name
	}
	fmt.Printf("fonts (%d): %s\n", len(fonts), strings.Join(names, ", "))

	yaml := filepath.Join(*photos, "data.yaml")
	classNames, err := dataset.Names(yaml)
	if err != nil {
		return err
	}
	trainPhotos, err := dataset.LoadSplit(filepath.Join(*photos, "train"), classNames)
	if err != nil {
		return err
	}
	fmt.Printf("real photos: %d in train split\n", len(trainPhotos))

	if *specialist == "loose" {
		return trainLoose(fonts, trainPhotos, start)
	}
	if *specialist == "loose-ru" {
		return trainLooseRu(fonts, start)
	}
	if *specialist == "pyramids-grey" {
		return trainPyramidsGrey(start)
	}
	if *specialist != "" {
		return trainSpecialist(fonts, start, trainPhotos)
	}
	for _, alpha := range strings.Split(*alphabets, ",") {
		glyphs, index, err := glyphIndex(alpha)
		if err != nil {
			return err
		}
		t0 := time.Now()
		syn := synthData(fonts, glyphs, alpha)
		fmt.Printf("[%s] synthetic samples: %d (%.1fs)\n", alpha, syn.n(), time.Since(t0).Seconds())

		t0 = time.Now()
		realD := realData(trainPhotos, index, alpha)
		fmt.Printf("[%s] real samples: %d (%.1fs)\n", alpha, realD.n(), time.Since(t0).Seconds())

		t0 = time.Now()
		rend, err := renderedData(alpha, index)
		if err != nil {
			return err
		}
		fmt.Printf("[%s] rendered samples: %d (%.1fs)\n", alpha, rend.n(), time.Since(t0).Seconds())

		all := &data{}
		all.add(syn)
		all.add(realD)
		all.add(rend)

		if *compare {
			compareMethods(all, glyphs, alpha)
			if *compareOnly {
				continue
			}
		}

		t0 = time.Now()
		m := fit(all, glyphs, alpha, *hidden, *epochs, *seed)
		fmt.Printf("[%s] trained %s in %.1fs; training accuracy %.2f%%\n", alpha, describe(*hidden), time.Since(t0).Seconds(), 100*accuracy(predictor(m), all, nil))
		path, n, err := writeModel(m, *outDir, alpha+".tsm")
		if err != nil {
			return err
		}
		fmt.Printf("[%s] wrote %s (%d bytes)\n", alpha, path, n)
	}
	fmt.Printf("total %.1fs\n", time.Since(start).Seconds())
	return nil
}

func describe(h int) string {
	if h == 0 {
		return "linear soft-max"
	}
	return fmt.Sprintf("soft-max with %d hidden units", h)
}

// synthParallel runs f(i) for i in [0,n) on the workers, keeping results in order.
func synthParallel(n int, f func(i int, g *synth.Generator) ([]float32, int32, bool), fonts []*synth.Font) *data {
	type res struct {
		x  []float32
		y  int32
		ok bool
	}
	out := make([]res, n)
	// One generator per worker, as each keeps a cache of glyph masks.
	gens := make([]*synth.Generator, max(*workers, 1))
	for w := range gens {
		gens[w] = &synth.Generator{Fonts: fonts}
	}
	parallel.ForN(*workers, n, func(w, i int) {
		x, y, ok := f(i, gens[w])
		out[i] = res{x, y, ok}
	})
	d := &data{}
	for _, r := range out {
		if !r.ok {
			continue
		}
		d.push(r.x, r.y, false, -1, r.y >= turns)
	}
	return d
}

func synthData(fonts []*synth.Font, glyphs []string, alpha string) *data {
	letters := glyphs[1:]
	n := len(letters)**perGlyph + *empties
	salt := uint64(len(alpha)*1000 + int(alpha[0]))
	return synthParallel(n, func(i int, g *synth.Generator) ([]float32, int32, bool) {
		rng := rand.New(rand.NewPCG(*seed, salt<<32|uint64(i)))
		glyph := ""
		gi := 0
		if i < len(letters)**perGlyph {
			gi = 1 + i%len(letters)
			glyph = glyphs[gi]
		}
		s := g.Tile(rng, glyph)
		fv, err := ocr.Features(s.Image)
		if err != nil {
			return nil, 0, false
		}
		k := turnOf(s.Angle, fv.Alpha)
		if glyph == "" {
			k = 0
		}
		return fv.Vec, int32(gi*turns) + k, true
	}, fonts)
}

// shared maps Bananagrams letters to Cyrillic letters of the same shape,
// so the Russian model learns from real tiles too.
var shared = map[string]string{"A": "А", "B": "В", "E": "Е", "H": "Н", "K": "К", "M": "М", "O": "О", "P": "Р", "T": "Т"}

func realData(photos []dataset.Photo, index map[string]int, alpha string) *data {
	d := &data{}
	for pi, p := range photos {
		rng := rand.New(rand.NewPCG(*seed, uint64(1<<40+pi)))
		var centres [][2]float64
		var side float64
		for _, t := range p.Tiles {
			r := dataset.MinRect(t.Poly)
			centres = append(centres, r.Center)
			side += r.Side
			l, ok := dataset.Letter(t.Class)
			if !ok {
				continue
			}
			if alpha == ocr.Russian {
				if l, ok = shared[l]; !ok {
					continue
				}
			}
			gi, ok := index[l]
			if !ok {
				continue
			}
			for a := 0; a < *realAug; a++ {
				extra := rng.Float64() * 360
				if a%2 == 1 {
					// square to the crop, as a board reader hands it over
					extra = r.Angle + 90*float64(rng.IntN(4)) + rng.NormFloat64()*2
				}
				margin := 1.08 + rng.Float64()*0.4
				crop := dataset.Box(p.Image, r, margin, extra)
				fv, err := ocr.Features(crop)
				if err != nil {
					continue
				}
				d.push(fv.Vec, int32(gi*turns), true, int32(pi), false)
			}
			// Rectified, as a reader of loose tiles hands them over once
			// each tile's quadrilateral is found.
			for a := 0; a < *realWarp; a++ {
				margin := 1.1 + rng.Float64()*0.3
				crop := dataset.Warp(p.Image, r, margin, 40+rng.IntN(40))
				fv, err := ocr.Features(crop)
				if err != nil {
					continue
				}
				d.push(fv.Vec, int32(gi*turns), true, int32(pi), false)
			}
		}
		// Table texture away from every tile: real "no tile" crops.
		if len(centres) == 0 {
			continue
		}
		side /= float64(len(centres))
		b := p.Image.Bounds()
		for want, tries := 12, 0; want > 0 && tries < 400; tries++ {
			cx := float64(b.Min.X) + rng.Float64()*float64(b.Dx())
			cy := float64(b.Min.Y) + rng.Float64()*float64(b.Dy())
			far := true
			for _, c := range centres {
				if math.Hypot(c[0]-cx, c[1]-cy) < side*1.1 {
					far = false
					break
				}
			}
			if !far || cx < side || cy < side || cx > float64(b.Max.X)-side || cy > float64(b.Max.Y)-side {
				continue
			}
			h := side / 2
			r := dataset.Rect{Center: [2]float64{cx, cy}, Side: side,
				Corners: [4][2]float64{{cx - h, cy - h}, {cx + h, cy - h}, {cx + h, cy + h}, {cx - h, cy + h}}}
			crop := dataset.Box(p.Image, r, 1.1+rng.Float64()*0.4, rng.Float64()*90)
			fv, err := ocr.Features(crop)
			if err != nil {
				continue
			}
			d.push(fv.Vec, 0, true, int32(pi), false)
			want--
		}
	}
	return d
}

// predictor returns a function from features to output index.
func predictor(m *ocr.Model) func([]float32) int {
	c, err := ocr.NewClassifier(m)
	if err != nil {
		panic(err)
	}
	return func(x []float32) int {
		p := c.Outputs(x)
		best := 0
		for i, v := range p {
			if v > p[best] {
				best = i
			}
		}
		return best
	}
}

// accuracy is the share of samples (where keep is nil or true) whose
// glyph is right (any turn).
func accuracy(pred func([]float32) int, d *data, keep func(i int) bool) float64 {
	F := ocr.NumFeatures
	right, total := 0, 0
	for i := 0; i < d.n(); i++ {
		if keep != nil && !keep(i) {
			continue
		}
		total++
		if pred(d.X[i*F:(i+1)*F])/turns == int(d.Y[i])/turns {
			right++
		}
	}
	if total == 0 {
		return 0
	}
	return float64(right) / float64(total)
}

// fit trains a soft-max model (hidden > 0: one ReLU layer) by SGD with
// momentum and weight decay, mini-batches of 32, a cosine learning rate.
// glyphIndex is the alphabet's glyphs in the model's order and each
// glyph's place in it.
func glyphIndex(alpha string) ([]string, map[string]int, error) {
	glyphs, err := ocr.Glyphs(alpha)
	if err != nil {
		return nil, nil, err
	}
	index := make(map[string]int, len(glyphs))
	for i, g := range glyphs {
		index[g] = i
	}
	return glyphs, index, nil
}

// writeModel encodes m into dir/name, as ocr loads it, and returns the
// path and the number of bytes written. Every specialist's model is
// written this way.
func writeModel(m *ocr.Model, dir, name string) (string, int, error) {
	var buf bytes.Buffer
	if err := m.Encode(&buf); err != nil {
		return "", 0, err
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return "", 0, err
	}
	return path, buf.Len(), nil
}

func fit(d *data, glyphs []string, alpha string, hidden, epochs int, seed uint64) *ocr.Model {
	return fitFrom(d, glyphs, alpha, hidden, epochs, seed, nil, 0)
}

// fitFrom is fit, or, with warm, the training of warm's weights further
// on d (warm's feature normalisation and hidden units kept) at the
// learning rate lr.
func fitFrom(d *data, glyphs []string, alpha string, hidden, epochs int, seed uint64, warm *ocr.Model, lr float64) *ocr.Model {
	F := ocr.NumFeatures
	N := d.n()
	O := len(glyphs) * turns
	if warm != nil {
		hidden = warm.Hidden
	}
	mean := make([]float32, F)
	scale := make([]float32, F)
	for i := 0; i < N; i++ {
		for f := 0; f < F; f++ {
			mean[f] += d.X[i*F+f]
		}
	}
	for f := range mean {
		mean[f] /= float32(N)
	}
	for i := 0; i < N; i++ {
		for f := 0; f < F; f++ {
			v := d.X[i*F+f] - mean[f]
			scale[f] += v * v
		}
	}
	for f := range scale {
		sd := float32(math.Sqrt(float64(scale[f]) / float64(N)))
		if sd < 1e-4 {
			scale[f] = 0
		} else {
			scale[f] = 1 / sd
		}
	}
	if warm != nil {
		copy(mean, warm.Mean)
		copy(scale, warm.Scale)
	}
	X := make([]float32, len(d.X))
	for i := 0; i < N; i++ {
		for f := 0; f < F; f++ {
			X[i*F+f] = (d.X[i*F+f] - mean[f]) * scale[f]
		}
	}
	rng := rand.New(rand.NewPCG(seed, 77))
	In := F
	var W1, B1, vW1, vB1 []float32
	if hidden > 0 {
		W1 = make([]float32, hidden*F)
		B1 = make([]float32, hidden)
		vW1 = make([]float32, len(W1))
		vB1 = make([]float32, hidden)
		s := math.Sqrt(2 / float64(F))
		for i := range W1 {
			W1[i] = float32(rng.NormFloat64() * s)
		}
		In = hidden
	}
	W := make([]float32, O*In)
	B := make([]float32, O)
	if hidden > 0 {
		s := math.Sqrt(1 / float64(In))
		for i := range W {
			W[i] = float32(rng.NormFloat64() * s)
		}
	}
	if warm != nil {
		copy(W1, warm.W1)
		copy(B1, warm.B1)
		copy(W, warm.W)
		copy(B, warm.B)
	}
	vW := make([]float32, len(W))
	vB := make([]float32, O)
	gW := make([]float32, len(W))
	gB := make([]float32, O)
	var gW1, gB1 []float32
	if hidden > 0 {
		gW1 = make([]float32, len(W1))
		gB1 = make([]float32, hidden)
	}
	// Class weights: balance the no-tile class against the letters.
	order := make([]int, N)
	for i := range order {
		order[i] = i
	}
	h := make([]float32, hidden)
	dh := make([]float32, hidden)
	p := make([]float32, O)
	const batch = 32
	const momentum = 0.9
	const decay = 1e-4
	lr0 := 0.02
	if hidden > 0 {
		lr0 = 0.01
	}
	if warm != nil {
		lr0 = lr
	}
	steps := epochs * ((N + batch - 1) / batch)
	step := 0
	for ep := 0; ep < epochs; ep++ {
		rng.Shuffle(N, func(i, j int) { order[i], order[j] = order[j], order[i] })
		var loss float64
		for b0 := 0; b0 < N; b0 += batch {
			clear(gW)
			clear(gB)
			if hidden > 0 {
				clear(gW1)
				clear(gB1)
			}
			b1 := min(b0+batch, N)
			for _, i := range order[b0:b1] {
				x := X[i*F : (i+1)*F]
				in := x
				if hidden > 0 {
					for j := 0; j < hidden; j++ {
						h[j] = max(0, B1[j]+dot(W1[j*F:(j+1)*F], x))
					}
					in = h
				}
				mx := float32(math.Inf(-1))
				for o := 0; o < O; o++ {
					p[o] = B[o] + dot(W[o*In:(o+1)*In], in)
					mx = max(mx, p[o])
				}
				var sum float32
				for o := range p {
					p[o] = float32(math.Exp(float64(p[o] - mx)))
					sum += p[o]
				}
				y := int(d.Y[i])
				for o := range p {
					p[o] /= sum
				}
				if d.Known[i] {
					loss -= math.Log(math.Max(float64(p[y]), 1e-12))
					p[y]--
				} else {
					// only the glyph is known: maximise its summed
					// probability; the turns share the target in
					// proportion to their probabilities
					g0 := y / turns * turns
					var z float32
					for k := 0; k < turns; k++ {
						z += p[g0+k]
					}
					loss -= math.Log(math.Max(float64(z), 1e-12))
					if z > 0 {
						for k := 0; k < turns; k++ {
							p[g0+k] -= p[g0+k] / z
						}
					}
				}
				if hidden > 0 {
					clear(dh)
				}
				for o := 0; o < O; o++ {
					g := p[o]
					if g > -1e-6 && g < 1e-6 {
						continue
					}
					gB[o] += g
					axpy(gW[o*In:(o+1)*In], in, g)
					if hidden > 0 {
						axpy(dh, W[o*In:(o+1)*In], g)
					}
				}
				if hidden > 0 {
					for j := 0; j < hidden; j++ {
						if h[j] <= 0 {
							continue
						}
						gB1[j] += dh[j]
						axpy(gW1[j*F:(j+1)*F], x, dh[j])
					}
				}
			}
			lr := float32(lr0 * 0.5 * (1 + math.Cos(math.Pi*float64(step)/float64(steps))))
			step++
			inv := 1 / float32(b1-b0)
			upd := func(w, v, g []float32, wd bool) {
				for k := range w {
					gr := g[k] * inv
					if wd {
						gr += decay * w[k]
					}
					v[k] = momentum*v[k] - lr*gr
					w[k] += v[k]
				}
			}
			upd(W, vW, gW, true)
			upd(B, vB, gB, false)
			if hidden > 0 {
				upd(W1, vW1, gW1, true)
				upd(B1, vB1, gB1, false)
			}
		}
		if ep == 0 || ep == epochs-1 || (ep+1)%10 == 0 {
			fmt.Printf("  epoch %d/%d loss %.4f\n", ep+1, epochs, loss/float64(N))
		}
	}
	if W1 == nil {
		W1, B1 = []float32{}, []float32{}
	}
	return &ocr.Model{
		ModelHeader: ocr.ModelHeader{Alphabet: alpha, Glyphs: glyphs, Turns: turns, Features: F, Hidden: hidden,
			Note: fmt.Sprintf("make train: seed %d, %d samples", seed, N)},
		Mean: mean, Scale: scale, W1: W1, B1: B1, W: W, B: B,
	}
}

func dot(a, b []float32) float32 {
	var s float32
	b = b[:len(a)]
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

func axpy(dst, x []float32, a float32) {
	x = x[:len(dst)]
	for i := range dst {
		dst[i] += a * x[i]
	}
}

// compareMethods fits each method on the samples outside a development
// split (every fifth train photo; synthetic samples split the same way by
// index) and prints the accuracies on the held-out part.
func compareMethods(all *data, glyphs []string, alpha string) {
	F := ocr.NumFeatures
	tr, dev := &data{}, &data{}
	for i := 0; i < all.n(); i++ {
		isDev := (all.Group[i] >= 0 && all.Group[i]%5 == 0) || (all.Group[i] < 0 && i%5 == 0)
		dst := tr
		if isDev {
			dst = dev
		}
		dst.push(all.X[i*F:(i+1)*F], all.Y[i], all.Real[i], all.Group[i], all.Known[i])
	}
	realLetters := func(i int) bool { return dev.Real[i] && dev.Y[i] >= turns }
	realEmpty := func(i int) bool { return dev.Real[i] && dev.Y[i] < turns }
	synthOnly := func(i int) bool { return dev.Group[i] == -1 }
	rendered := func(i int) bool { return dev.Group[i] == -2 }
	report := func(name string, pred func([]float32) int, dt time.Duration) {
		t0 := time.Now()
		a1 := accuracy(pred, dev, realLetters)
		a2 := accuracy(pred, dev, realEmpty)
		a3 := accuracy(pred, dev, synthOnly)
		a4 := accuracy(pred, dev, rendered)
		per := time.Since(t0) / time.Duration(max(1, dev.n()))
		fmt.Printf("[%s] compare %-28s real letters %6.2f%%  real no-tile %6.2f%%  font-drawn %6.2f%%  rendered %6.2f%%  fit %5.1fs  classify %v/crop\n",
			alpha, name, 100*a1, 100*a2, 100*a3, 100*a4, dt.Seconds(), per)
	}
	t0 := time.Now()
	report("nearest centroid", centroid(tr, len(glyphs)*turns), time.Since(t0))
	t0 = time.Now()
	m := fit(tr, glyphs, alpha, 0, *epochs, *seed)
	report("linear soft-max", predictor(m), time.Since(t0))
	t0 = time.Now()
	m = fit(tr, glyphs, alpha, 192, *epochs, *seed)
	report("soft-max, 192 hidden ReLU", predictor(m), time.Since(t0))
}

// centroid is a nearest-centroid classifier on standardised features.
func centroid(d *data, outputs int) func([]float32) int {
	F := ocr.NumFeatures
	N := d.n()
	mean := make([]float64, F)
	sd := make([]float64, F)
	for i := 0; i < N; i++ {
		for f := 0; f < F; f++ {
			mean[f] += float64(d.X[i*F+f])
		}
	}
	for f := range mean {
		mean[f] /= float64(N)
	}
	for i := 0; i < N; i++ {
		for f := 0; f < F; f++ {
			v := float64(d.X[i*F+f]) - mean[f]
			sd[f] += v * v
		}
	}
	for f := range sd {
		sd[f] = math.Sqrt(sd[f]/float64(N)) + 1e-3
	}
	cent := make([]float64, outputs*F)
	cnt := make([]float64, outputs)
	for i := 0; i < N; i++ {
		y := int(d.Y[i])
		cnt[y]++
		for f := 0; f < F; f++ {
			cent[y*F+f] += (float64(d.X[i*F+f]) - mean[f]) / sd[f]
		}
	}
	for o := 0; o < outputs; o++ {
		for f := 0; f < F; f++ {
			if cnt[o] > 0 {
				cent[o*F+f] /= cnt[o]
			}
		}
	}
	return func(x []float32) int {
		best, bd := 0, math.Inf(1)
		for o := 0; o < outputs; o++ {
			if cnt[o] == 0 {
				continue
			}
			var dd float64
			for f := 0; f < F; f++ {
				v := (float64(x[f])-mean[f])/sd[f] - cent[o*F+f]
				dd += v * v
			}
			if dd < bd {
				best, bd = o, dd
			}
		}
		return best
	}
}

// renderedData cuts crops from scenes drawn by vision/render: Upwords
// board cells (with empty squares) and Lexicon Crossing tiles for "en",
// Twists & Turns tiles and Upwords empty squares for "ru". The English
// model's Upwords squares come turned a random quarter turn, as the board
// reader hands them over in the camera's orientation, and a further set of
// hard scenes (dim and uneven light, blur, motion blur, noise, JPEG) is cut
// with the crop moved and scaled a little, as it lands when a stack's
// height is misjudged. The truth gives each tile's angle, so the turn is
// known. Group -2 marks them.
func renderedData(alpha string, index map[string]int) (*data, error) {
	type set struct {
		game  string
		seed0 int64
		n     int
		opt   dataset.RenderOptions
	}
	var sets []set
	if alpha == ocr.Russian {
		for gi, game := range []string{"twists", "twists", "upwords"} {
			sets = append(sets, set{game, int64(1 + gi*10000), *ruScenes, dataset.RenderOptions{Difficulty: "mixed", Mode: dataset.ModeBox}})
		}
	} else {
		sets = []set{
			{"upwords", 1, *scenes, dataset.RenderOptions{Difficulty: "mixed", Mode: dataset.ModeWarp}},
			{"lexicon", 10001, *scenes, dataset.RenderOptions{Difficulty: "mixed", Mode: dataset.ModeBox}},
			{"upwords", 20001, *hardScenes, dataset.RenderOptions{Difficulty: "hard", Mode: dataset.ModeWarp, Jitter: 0.06}},
		}
	}
	d := &data{}
	for gi, st := range sets {
		if st.n == 0 {
			continue
		}
		crops, err := dataset.RenderedCropsWith(st.game, st.seed0, st.n, st.opt)
		if err != nil {
			return nil, err
		}
		rng := rand.New(rand.NewPCG(*seed, uint64(5000+gi)))
		for _, c := range crops {
			g, ok := index[c.Letter]
			if !ok {
				continue
			}
			if c.Letter == "" && rng.IntN(4) != 0 {
				continue // plenty of empty squares
			}
			if c.Letter != "" && st.game == "upwords" && alpha == ocr.Russian {
				continue
			}
			d.pushCrop(c, g)
		}
	}
	return d, nil
}

// trainSpecialist trains the English reader for blurred photos
// (-specialist blur, written as en-blur.tsm): the board reader consults it
// only for a stack whose letter the main model reads unsure in a crop that
// is itself blurred, so it learns from what those crops look like:
// Upwords squares of hard rendered scenes whose blur, motion blur and JPEG
// compression are redrawn harsher (dataset.RenderOptions.Degrade; seeds
// 30001 on, each square cut -blur-cuts times, turned and jittered as the
// board reader cuts it), the hard scenes the main model trains on (seeds
// 20001 on) as they are, and a few font-drawn tiles so that it keeps
// some notion of other typefaces. No real photos: they are sharp, and
// never reach the specialist.
func trainSpecialist(fonts []*synth.Font, start time.Time, trainPhotos []dataset.Photo) error {
	if *specialist == "pyramids" {
		return trainPyramids(fonts, start)
	}
	if *specialist == "scrabble" {
		return trainScrabble(fonts, start)
	}
	if *specialist == "upwords" {
		return trainUpwords(fonts, start, trainPhotos)
	}
	if *specialist == "upwords-blur" {
		return trainUpwordsBlur(fonts, start)
	}
	if *specialist != "blur" {
		return fmt.Errorf("-specialist %q: want blur, pyramids, scrabble, upwords or upwords-blur", *specialist)
	}
	const alpha = ocr.English
	glyphs, index, err := glyphIndex(alpha)
	if err != nil {
		return err
	}
	t0 := time.Now()
	syn := synthData(fonts, glyphs, alpha)
	fmt.Printf("[%s-blur] synthetic samples: %d (%.1fs)\n", alpha, syn.n(), time.Since(t0).Seconds())
	t0 = time.Now()
	all := &data{}
	all.add(syn)
	sets := []struct {
		seed0 int64
		n     int
		opt   dataset.RenderOptions
	}{
		{30001, *blurScenes, dataset.RenderOptions{Difficulty: "hard", Mode: dataset.ModeWarp, Jitter: 0.06, Degrade: true, Cuts: *blurCuts}},
		{20001, *hardScenes, dataset.RenderOptions{Difficulty: "hard", Mode: dataset.ModeWarp, Jitter: 0.06}},
	}
	for si, st := range sets {
		crops, err := renderParallel(st.seed0, st.n, st.opt)
		if err != nil {
			return err
		}
		rng := rand.New(rand.NewPCG(*seed, uint64(7000+si)))
		feats := make([]*ocr.FeatureVector, len(crops))
		parallel.ForN(*workers, len(crops), func(_, i int) {
			if fv, err := ocr.Features(crops[i].Image); err == nil {
				feats[i] = &fv
			}
		})
		for i, c := range crops {
			g, ok := index[c.Letter]
			if !ok || feats[i] == nil {
				continue
			}
			if c.Letter == "" && rng.IntN(4) != 0 {
				continue // plenty of empty squares
			}
			fv := feats[i]
			known := c.Letter != ""
			all.push(fv.Vec, classOf(g, known, c.Angle, fv.Alpha), false, -2, known)
		}
	}
	fmt.Printf("[%s-blur] samples: %d (rendered %.1fs)\n", alpha, all.n(), time.Since(t0).Seconds())
	t0 = time.Now()
	m := fit(all, glyphs, alpha, *hidden, *epochs, *seed)
	m.Note = fmt.Sprintf("make train (-specialist blur): seed %d, %d samples", *seed, all.n())
	fmt.Printf("[%s-blur] trained %s in %.1fs; training accuracy %.2f%%\n", alpha, describe(*hidden), time.Since(t0).Seconds(), 100*accuracy(predictor(m), all, nil))
	path, n, err := writeModel(m, *outDir, alpha+"-blur.tsm")
	if err != nil {
		return err
	}
	fmt.Printf("[%s-blur] wrote %s (%d bytes); total %.1fs\n", alpha, path, n, time.Since(start).Seconds())
	return nil
}

// renderParallel is dataset.RenderedCropsWith for Upwords over seeds
// seed0..seed0+n-1, the seeds split between the workers, the crops kept in
// seed order (the same crops as one call would give).
func renderParallel(seed0 int64, n int, o dataset.RenderOptions) ([]dataset.Crop, error) {
	out, _, err := sceneParallel(n, func(i int) ([]dataset.Crop, bool, error) {
		c, err := dataset.RenderedCropsWith("upwords", seed0+int64(i), 1, o)
		return c, true, err
	})
	return out, err
}

// sceneParallel runs scene(i) for i in 0..n-1, split between the
// workers, and joins the samples in scene order (the same as one worker
// would give); boards counts the scenes that found theirs.
func sceneParallel[T any](n int, scene func(i int) ([]T, bool, error)) (out []T, boards int, err error) {
	parts := make([][]T, n)
	errs := make([]error, n)
	found := make([]bool, n)
	parallel.ForN(*workers, n, func(_, i int) {
		parts[i], found[i], errs[i] = scene(i)
	})
	for i := range parts {
		if errs[i] != nil {
			return nil, 0, errs[i]
		}
		if found[i] {
			boards++
		}
		out = append(out, parts[i]...)
	}
	return out, boards, nil
}

// warmStart reads the model a specialist is trained further from (its
// flag's value path; nil when empty): it must read the same glyphs at
// the same turns as the model being trained for alpha.
func warmStart(flag, path string, glyphs []string, turns int, alpha string) (*ocr.Model, error) {
	if path == "" {
		return nil, nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	warm, err := ocr.DecodeModel(b)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", flag, path, err)
	}
	if !slices.Equal(warm.Glyphs, glyphs) || warm.Turns != turns {
		return nil, fmt.Errorf("%s %s: the model reads other glyphs or turns than %s's", flag, path, alpha)
	}
	return warm, nil
}
