package main

import (
	"bufio"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"image"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/tilescope/tilescope/internal/imagesize"
	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
	vpyr "github.com/tilescope/tilescope/vision/pyramids"
	"github.com/tilescope/tilescope/vision/render"
)

// The grey reader of pyramid faces (-specialist pyramids-grey, written as
// en-pyrg.tsm; issue 21): a small network over ocr.GreyFeatures, the face
// crop's own grey levels with no ink found, for the blurred faces that
// defeat en-pyr's features. It learns from the same face crops as en-pyr
// (the -pyr-* flags choose the scenes), kept grey in a cache file so that
// the scenes are drawn once.

var (
	pyrgCache  = flag.String("pyrg-cache", "", "with -specialist pyramids-grey: a file of the rendered faces' grey crops, read when it exists, else written after the scenes are drawn")
	pyrgModel  = flag.String("pyrg-model", "", "with -specialist pyramids-grey: a grey model file to measure with -pyrg-vote instead of training one")
	pyrgVote   = flag.String("pyrg-vote", "", "with -specialist pyramids-grey: rendered Pyramids sets (render-set directories, comma-separated) whose faces, cut at the truth's stack count, are read by en + en-pyr as the scan weighs them and by the grey model, one line a face into -pyrg-out")
	pyrgOut    = flag.String("pyrg-out", "", "with -pyrg-vote: the file the faces' readings are written to (tab-separated)")
	pyrgInit   = flag.String("pyrg-init", "", "with -specialist pyramids-grey: a grey model file to train further (its weights and normalisation kept; its hidden size wins over -hidden)")
	pyrgInitLR = flag.Float64("pyrg-init-lr", 0.001, "with -pyrg-init: the learning rate the further training starts at (cosine to 0)")
	pyrgName   = flag.String("pyrg-name", "pyrg", "with -specialist pyramids-grey: the model's name after the alphabet's (pyrg writes en-pyrg.tsm; pyrb the blur specialist en-pyrb.tsm, trained on -pyr-blurred scenes only)")
)

// lumaCrop is img's grey levels as ocr.GreyFeatures takes them.
func lumaCrop(img image.Image) *image.Gray {
	b := img.Bounds()
	g := image.NewGray(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			r, gg, bb, _ := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
			g.Pix[y*g.Stride+x] = ocr.Luma(uint8(r>>8), uint8(gg>>8), uint8(bb>>8))
		}
	}
	return g
}

const pyrgMagic = "TSPYRG1\n"

// writeGreyCache writes the grey samples (all crops of one size).
func writeGreyCache(path string, faces []pyrSample) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	w.WriteString(pyrgMagic)
	side := 0
	if len(faces) > 0 {
		side = faces[0].grey.Rect.Dx()
	}
	binary.Write(w, binary.LittleEndian, [2]uint32{uint32(len(faces)), uint32(side)})
	for _, s := range faces {
		if s.grey.Rect.Dx() != side || s.grey.Rect.Dy() != side {
			f.Close()
			return fmt.Errorf("-pyrg-cache %s: crops of several sizes", path)
		}
		k := uint8(0)
		if s.truthK {
			k = 1
		}
		w.Write([]byte{uint8(s.glyph), k})
		binary.Write(w, binary.LittleEndian, float32(s.weight))
		binary.Write(w, binary.LittleEndian, int32(s.sq))
		w.Write(s.grey.Pix)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// readGreyCache reads what writeGreyCache wrote.
func readGreyCache(path string) ([]pyrSample, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := bufio.NewReader(f)
	magic := make([]byte, len(pyrgMagic))
	if _, err := io.ReadFull(r, magic); err != nil || string(magic) != pyrgMagic {
		return nil, fmt.Errorf("-pyrg-cache %s: not a cache of grey faces", path)
	}
	var hdr [2]uint32
	if err := binary.Read(r, binary.LittleEndian, &hdr); err != nil {
		return nil, fmt.Errorf("-pyrg-cache %s: %w", path, err)
	}
	n, side := int(hdr[0]), int(hdr[1])
	out := make([]pyrSample, n)
	rec := make([]byte, 10+side*side)
	for i := range out {
		if _, err := io.ReadFull(r, rec); err != nil {
			return nil, fmt.Errorf("-pyrg-cache %s: face %d: %w", path, i, err)
		}
		g := image.NewGray(image.Rect(0, 0, side, side))
		copy(g.Pix, rec[10:])
		out[i] = pyrSample{glyph: int(rec[0]), truthK: rec[1] == 1,
			weight: float64(math.Float32frombits(binary.LittleEndian.Uint32(rec[2:6]))),
			sq:     int(int32(binary.LittleEndian.Uint32(rec[6:10]))), grey: g}
	}
	return out, nil
}

// greyFaces are the training faces of the -pyr-* flags' scenes, the
// scenes en-pyr's would be (pyramidTrainFaces; faceSample keeps them
// grey), from the cache when it is there.
func greyFaces(index map[string]int, trainFonts []string) ([]pyrSample, error) {
	if *pyrgCache != "" {
		faces, err := readGreyCache(*pyrgCache)
		if err == nil {
			fmt.Printf("[en-pyrg] %d faces from %s\n", len(faces), *pyrgCache)
			return faces, nil
		}
		if !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
	}
	t0 := time.Now()
	faces, boards, err := pyramidTrainFaces(trainFonts, index)
	if err != nil {
		return nil, err
	}
	scenes := *pyrScenes + *pyrHard + *pyrMakers + *pyrMakersHard + *pyrBlurred
	fmt.Printf("[en-pyrg] %d faces from %d of %d scenes (%.1fs)\n", len(faces), boards, scenes, time.Since(t0).Seconds())
	if *pyrgCache != "" {
		if err := writeGreyCache(*pyrgCache, faces); err != nil {
			return nil, err
		}
	}
	return faces, nil
}

// trainPyramidsGrey trains (or, with -pyrg-model, loads) the grey reader
// of pyramid faces and, with -pyrg-vote, writes every face of the sets
// named read by the scan's heads and by it.
func trainPyramidsGrey(start time.Time) error {
	const alpha = ocr.English
	glyphs, index, err := glyphIndex(alpha)
	if err != nil {
		return err
	}
	var m *ocr.Model
	if *pyrgModel != "" {
		b, err := os.ReadFile(*pyrgModel)
		if err != nil {
			return err
		}
		if m, err = ocr.DecodeModel(b); err != nil {
			return fmt.Errorf("-pyrg-model %s: %w", *pyrgModel, err)
		}
	} else {
		held := strings.Split(*pyrHoldout, ",")
		var trainFonts []string
		for _, tf := range render.Typefaces() {
			if !slices.Contains(held, tf.Name) {
				trainFonts = append(trainFonts, tf.Name)
			}
		}
		faces, err := greyFaces(index, trainFonts)
		if err != nil {
			return err
		}
		if *pyrgCNN != "" {
			if m, err = trainCNN(faces, glyphs); err != nil {
				return err
			}
		} else if m, err = trainGreyMLP(faces, glyphs); err != nil {
			return err
		}
		m.Alphabet = alpha
		path, n, err := writeModel(m, *outDir, greyModelFile(alpha, *pyrgName))
		if err != nil {
			return err
		}
		fmt.Printf("[en-pyrg] wrote %s (%d bytes)\n", path, n)
	}
	if *pyrgVote != "" {
		if err := voteDump(m, strings.Split(*pyrgVote, ","), *pyrgOut); err != nil {
			return err
		}
	}
	fmt.Printf("[en-pyrg] total %.1fs\n", time.Since(start).Seconds())
	return nil
}

// trainGreyMLP trains the network over grey features (en-pyrg).
func trainGreyMLP(faces []pyrSample, glyphs []string) (*ocr.Model, error) {
	t0 := time.Now()
	F := ocr.NumGreyFeatures
	X, Y, err := faceRows(faces, F, ocr.GreyFeatures)
	if err != nil {
		return nil, err
	}
	fmt.Printf("[en-pyrg] features of %d faces (%.1fs)\n", len(faces), time.Since(t0).Seconds())
	t0 = time.Now()
	var init *ocr.Model
	if *pyrgInit != "" {
		b, err := os.ReadFile(*pyrgInit)
		if err != nil {
			return nil, err
		}
		if init, err = ocr.DecodeModel(b); err != nil {
			return nil, fmt.Errorf("-pyrg-init %s: %w", *pyrgInit, err)
		}
		if init.Input != ocr.InputGrey || init.Features != F || !slices.Equal(init.Glyphs, glyphs) || init.Hidden == 0 {
			return nil, fmt.Errorf("-pyrg-init %s: not a grey model of %d features, a hidden layer and the alphabet's %d glyphs", *pyrgInit, F, len(glyphs))
		}
	}
	m := fitGreyFrom(X, Y, F, glyphs, *hidden, *epochs, *seed, init, *pyrgInitLR)
	m.Input = ocr.InputGrey
	m.Note = fmt.Sprintf("make train (-specialist pyramids-grey): seed %d, %d faces", *seed, len(faces))
	fmt.Printf("[en-pyrg] trained %s in %.1fs\n", describe(*hidden), time.Since(t0).Seconds())
	return m, nil
}

// greyModelFile is the file a grey model of the alphabet is written to
// under the name given by -pyrg-name (pyrg: en-pyrg.tsm).
func greyModelFile(alpha, name string) string { return alpha + "-" + name + ".tsm" }

// fitGrey fits a one-hidden-layer soft-max network (one turn a glyph) on
// the rows of X (F features each) by SGD with momentum and weight decay,
// mini-batches of 64 split between two goroutines whose gradients are
// added in a fixed order (the same model whatever the scheduling), a
// cosine learning rate.
func fitGrey(X []float32, Y []int32, F int, glyphs []string, hidden, epochs int, seed uint64) *ocr.Model {
	return fitGreyFrom(X, Y, F, glyphs, hidden, epochs, seed, nil, 0)
}

// fitGreyFrom is fitGrey, or, with init, init's network trained further:
// its normalisation and weights kept, the learning rate starting at lr.
func fitGreyFrom(X []float32, Y []int32, F int, glyphs []string, hidden, epochs int, seed uint64, init *ocr.Model, lr float64) *ocr.Model {
	N := len(Y)
	O := len(glyphs)
	mean := make([]float32, F)
	scale := make([]float32, F)
	if init != nil {
		hidden = init.Hidden
	}
	for i := 0; i < N; i++ {
		for f := 0; f < F; f++ {
			mean[f] += X[i*F+f]
		}
	}
	for f := range mean {
		mean[f] /= float32(max(N, 1))
	}
	for i := 0; i < N; i++ {
		for f := 0; f < F; f++ {
			v := X[i*F+f] - mean[f]
			scale[f] += v * v
		}
	}
	for f := range scale {
		sd := float32(math.Sqrt(float64(scale[f]) / float64(max(N, 1))))
		if sd < 1e-4 {
			scale[f] = 0
		} else {
			scale[f] = 1 / sd
		}
	}
	if init != nil {
		copy(mean, init.Mean)
		copy(scale, init.Scale)
	}
	Xs := make([]float32, len(X))
	for i := 0; i < N; i++ {
		for f := 0; f < F; f++ {
			Xs[i*F+f] = (X[i*F+f] - mean[f]) * scale[f]
		}
	}
	rng := rand.New(rand.NewPCG(seed, 78))
	W1 := make([]float32, hidden*F)
	B1 := make([]float32, hidden)
	s1 := math.Sqrt(2 / float64(F))
	for i := range W1 {
		W1[i] = float32(rng.NormFloat64() * s1)
	}
	W := make([]float32, O*hidden)
	B := make([]float32, O)
	s2 := math.Sqrt(1 / float64(hidden))
	for i := range W {
		W[i] = float32(rng.NormFloat64() * s2)
	}
	lr0 := 0.01
	if init != nil {
		copy(W1, init.W1)
		copy(B1, init.B1)
		copy(W, init.W)
		copy(B, init.B)
		lr0 = lr
	}
	type grads struct {
		W1, B1, W, B, h, dh, p []float32
		loss                   float64
		right                  int
	}
	const nw = 2
	var gs [nw]*grads
	for k := range gs {
		gs[k] = &grads{W1: make([]float32, len(W1)), B1: make([]float32, hidden), W: make([]float32, len(W)), B: make([]float32, O),
			h: make([]float32, hidden), dh: make([]float32, hidden), p: make([]float32, O)}
	}
	vW1, vB1, vW, vB := make([]float32, len(W1)), make([]float32, hidden), make([]float32, len(W)), make([]float32, O)
	order := make([]int, N)
	for i := range order {
		order[i] = i
	}
	const batch = 64
	const momentum = 0.9
	const decay = 1e-4
	back := func(g *grads, idx []int) {
		clear(g.W1)
		clear(g.B1)
		clear(g.W)
		clear(g.B)
		for _, i := range idx {
			x := Xs[i*F : (i+1)*F]
			for j := 0; j < hidden; j++ {
				g.h[j] = max(0, B1[j]+dot(W1[j*F:(j+1)*F], x))
			}
			for o := 0; o < O; o++ {
				g.p[o] = B[o] + dot(W[o*hidden:(o+1)*hidden], g.h)
			}
			y := int(Y[i])
			loss, right := softmaxGrad(g.p, y)
			g.loss += loss
			if right {
				g.right++
			}
			clear(g.dh)
			for o := 0; o < O; o++ {
				d := g.p[o]
				if d > -1e-6 && d < 1e-6 {
					continue
				}
				g.B[o] += d
				axpy(g.W[o*hidden:(o+1)*hidden], g.h, d)
				axpy(g.dh, W[o*hidden:(o+1)*hidden], d)
			}
			for j := 0; j < hidden; j++ {
				if g.h[j] <= 0 {
					continue
				}
				g.B1[j] += g.dh[j]
				axpy(g.W1[j*F:(j+1)*F], x, g.dh[j])
			}
		}
	}
	steps := epochs * ((N + batch - 1) / batch)
	step := 0
	for ep := 0; ep < epochs; ep++ {
		rng.Shuffle(N, func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, g := range gs {
			g.loss, g.right = 0, 0
		}
		for b0 := 0; b0 < N; b0 += batch {
			b1 := min(b0+batch, N)
			halves(order[b0:b1], func(k int, idx []int) { back(gs[k], idx) })
			lr := float32(lr0 * 0.5 * (1 + math.Cos(math.Pi*float64(step)/float64(steps))))
			step++
			inv := 1 / float32(b1-b0)
			upd := func(w, v, g0, g1 []float32, wd bool) {
				for k := range w {
					gr := (g0[k] + g1[k]) * inv
					if wd {
						gr += decay * w[k]
					}
					v[k] = momentum*v[k] - lr*gr
					w[k] += v[k]
				}
			}
			upd(W, vW, gs[0].W, gs[1].W, true)
			upd(B, vB, gs[0].B, gs[1].B, false)
			upd(W1, vW1, gs[0].W1, gs[1].W1, true)
			upd(B1, vB1, gs[0].B1, gs[1].B1, false)
		}
		fmt.Printf("  epoch %d/%d loss %.4f, right %.2f%% (%s)\n", ep+1, epochs, (gs[0].loss+gs[1].loss)/float64(max(N, 1)),
			100*float64(gs[0].right+gs[1].right)/float64(max(N, 1)), time.Now().Format("15:04:05"))
	}
	return &ocr.Model{
		ModelHeader: ocr.ModelHeader{Glyphs: glyphs, Turns: 1, Features: F, Hidden: hidden, Input: ocr.InputGrey},
		Mean:        mean, Scale: scale, W1: W1, B1: B1, W: W, B: B,
	}
}

// voteDump reads every face of the sets' scenes, cut at the truth's
// stack count, with en and en-pyr weighted as the scan weighs them (0.3,
// 0.7; vision/pyramids tileWeightModel) and with the grey model m, and
// writes one line a face to out: set, scene, row, col, the true letter,
// the face's weight, its crop's ocr.EdgeSpread, then the 26 letters'
// probabilities by the scan's heads and by m (comma-separated, A..Z).
func voteDump(m *ocr.Model, dirs []string, out string) error {
	if out == "" {
		return fmt.Errorf("-pyrg-vote wants -pyrg-out")
	}
	grey, err := ocr.NewClassifier(m)
	if err != nil {
		return err
	}
	var heads []*ocr.Classifier
	for _, name := range []string{ocr.English, "en-pyr"} {
		hm, err := ocr.LoadModel(name)
		if err != nil {
			return err
		}
		c, err := ocr.NewClassifier(hm)
		if err != nil {
			return err
		}
		heads = append(heads, c)
	}
	weights := []float64{0.3, 0.7}
	letters := make([]string, 26)
	for i := range letters {
		letters[i] = string(rune('A' + i))
	}
	probs := func(c *ocr.Classifier, vec []float32) []float64 {
		o := c.Outputs(vec)
		T := c.Model().Turns
		p := make([]float64, 26)
		for g, name := range c.Model().Glyphs {
			if len(name) == 1 && name[0] >= 'A' && name[0] <= 'Z' {
				p[name[0]-'A'] = float64(o[g*T])
			}
		}
		return p
	}
	join := func(p []float64) string {
		s := make([]string, len(p))
		for i, v := range p {
			s[i] = fmt.Sprintf("%.4f", v)
		}
		return strings.Join(s, ",")
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	for _, dir := range dirs {
		files, err := vision.SceneFiles(dir)
		if err != nil {
			return err
		}
		lines, boards, err := sceneParallel(len(files), func(i int) ([]string, bool, error) {
			path := files[i]
			tf, err := os.Open(vision.TruthPath(path))
			if err != nil {
				return nil, false, err
			}
			t, err := render.ReadTruth(tf, path)
			tf.Close()
			if err != nil {
				return nil, false, err
			}
			imf, err := os.Open(path)
			if err != nil {
				return nil, false, err
			}
			img, _, err := imagesize.DecodeReader(imf)
			imf.Close()
			if err != nil {
				return nil, false, fmt.Errorf("%s: %w", path, err)
			}
			type want struct {
				l string
				k int
			}
			truth := map[grid.Pos]want{}
			for _, c := range t.Cells {
				if c.Height == 0 || c.Occluded || len(c.Letter) != 1 {
					continue
				}
				truth[grid.Pos{Row: c.Row, Col: c.Col}] = want{c.Letter, c.Height}
			}
			crops, err := vpyr.FaceCrops(img, vpyr.Options{}, func(p grid.Pos) []int {
				if t, ok := truth[p]; ok {
					return []int{t.k}
				}
				return nil
			})
			if err != nil {
				return nil, false, nil
			}
			var out []string
			for _, c := range crops {
				fv, err := ocr.FeaturesUpright(c.Image)
				if err != nil {
					continue
				}
				cur := make([]float64, 26)
				for h, hc := range heads {
					for l, v := range probs(hc, fv.Vec) {
						cur[l] += weights[h] * v
					}
				}
				gv, err := ocr.GreyFeatures(c.Image)
				if m.Input == ocr.InputCNN {
					gv, err = ocr.CNNInput(c.Image)
				}
				if err != nil {
					continue
				}
				e, _ := ocr.EdgeSpread(c.Image)
				out = append(out, fmt.Sprintf("%s\t%s\t%d\t%d\t%s\t%.4f\t%.4f\t%s\t%s", filepath.Base(dir), filepath.Base(path), c.Pos.Row, c.Pos.Col,
					truth[c.Pos].l, c.Weight, e, join(cur), join(probs(grey, gv))))
			}
			return out, true, nil
		})
		if err != nil {
			return err
		}
		for _, l := range lines {
			fmt.Fprintln(w, l)
		}
		fmt.Printf("[en-pyrg] %s: %d faces of %d boards found in %d scenes\n", dir, len(lines), boards, len(files))
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Close()
}

// halves runs f on the first and the second half of a mini-batch at
// once (k 0 and 1; the second in a goroutine) and waits for both.
func halves(batch []int, f func(k int, idx []int)) {
	mid := len(batch) / 2
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); f(1, batch[mid:]) }()
	f(0, batch[:mid])
	wg.Wait()
}

// softmaxGrad turns the scores p into soft-max probabilities less the
// one-hot truth y (the loss's gradient at the scores) and gives the
// cross-entropy loss and whether y scored highest (the first of equal
// highest).
func softmaxGrad(p []float32, y int) (loss float64, right bool) {
	mx := float32(math.Inf(-1))
	best := 0
	for o, v := range p {
		if v > mx {
			mx, best = v, o
		}
	}
	var sum float32
	for o := range p {
		p[o] = float32(math.Exp(float64(p[o] - mx)))
		sum += p[o]
	}
	for o := range p {
		p[o] /= sum
	}
	loss = -math.Log(math.Max(float64(p[y]), 1e-12))
	p[y]--
	return loss, best == y
}
