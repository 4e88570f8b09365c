package main

import (
	"flag"
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/tilescope/tilescope/ocr"
)

// The convolutional reader of pyramid faces (-specialist pyramids-grey
// with -pyrg-cnn; issue 21): a small network over the face crop's grey
// patch (ocr.CNNInput), learnt from the same faces as en-pyrg by
// backpropagation written here, Adam, mini-batches split between two
// goroutines whose gradients are added in a fixed order.

var pyrgCNN = flag.String("pyrg-cnn", "", "with -specialist pyramids-grey: train a convolutional reader (ocr.InputCNN) with these channels a layer, comma-separated (e.g. 8,16,32; each a 3x3 convolution, ReLU and 2x2 pooling), then -hidden units, instead of the network over grey features")

// cnnChannels parses -pyrg-cnn.
func cnnChannels(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		c, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || c < 1 {
			return nil, fmt.Errorf("-pyrg-cnn %q: channels must be positive integers", s)
		}
		out = append(out, c)
	}
	return out, nil
}

// cnnNet is a convolutional model's weights during training and its
// shape.
type cnnNet struct {
	conv   []int
	cw, cb [][]float32
	w1, b1 []float32
	w, b   []float32
	hidden int
	dIn    int // the dense layers' input
	outs   int
}

// params lists every weight slice, the convolutions' first, in a fixed
// order, and whether it is decayed (weights, not biases).
func (n *cnnNet) params() ([][]float32, []bool) {
	var p [][]float32
	var d []bool
	for l := range n.conv {
		p, d = append(p, n.cw[l], n.cb[l]), append(d, true, false)
	}
	if n.hidden > 0 {
		p, d = append(p, n.w1, n.b1), append(d, true, false)
	}
	return append(p, n.w, n.b), append(d, true, false)
}

// zeroLike is a net of n's shape with every weight 0 (gradients).
func (n *cnnNet) zeroLike() *cnnNet {
	z := &cnnNet{conv: n.conv, hidden: n.hidden, dIn: n.dIn, outs: n.outs}
	for l := range n.conv {
		z.cw = append(z.cw, make([]float32, len(n.cw[l])))
		z.cb = append(z.cb, make([]float32, len(n.cb[l])))
	}
	z.w1, z.b1 = make([]float32, len(n.w1)), make([]float32, len(n.b1))
	z.w, z.b = make([]float32, len(n.w)), make([]float32, len(n.b))
	return z
}

// newCNN draws a net's first weights (He's normal scales).
func newCNN(conv []int, hidden, outs int, rng *rand.Rand) *cnnNet {
	side := ocr.CNNSide()
	n := &cnnNet{conv: conv, hidden: hidden, outs: outs}
	cin := 1
	for _, c := range conv {
		w := make([]float32, c*cin*9)
		s := math.Sqrt(2 / float64(cin*9))
		for i := range w {
			w[i] = float32(rng.NormFloat64() * s)
		}
		n.cw, n.cb = append(n.cw, w), append(n.cb, make([]float32, c))
		cin, side = c, side/2
	}
	n.dIn = cin * side * side
	in := n.dIn
	if hidden > 0 {
		n.w1, n.b1 = make([]float32, hidden*in), make([]float32, hidden)
		s := math.Sqrt(2 / float64(in))
		for i := range n.w1 {
			n.w1[i] = float32(rng.NormFloat64() * s)
		}
		in = hidden
	}
	n.w, n.b = make([]float32, outs*in), make([]float32, outs)
	s := math.Sqrt(1 / float64(in))
	for i := range n.w {
		n.w[i] = float32(rng.NormFloat64() * s)
	}
	return n
}

// cnnWork is one goroutine's maps and gradients.
type cnnWork struct {
	g                    *cnnNet
	pre, out, dOut, cols [][]float32
	dPre, dCols          []float32
	h, dh, p, dx         []float32
	loss                 float64
	right                int
}

func newCNNWork(n *cnnNet) *cnnWork {
	wk := &cnnWork{g: n.zeroLike()}
	side := ocr.CNNSide()
	most, cin, mostCols := 0, 1, 0
	for _, c := range n.conv {
		wk.pre = append(wk.pre, make([]float32, c*side*side))
		wk.cols = append(wk.cols, make([]float32, side*side*cin*9))
		most, mostCols = max(most, c*side*side), max(mostCols, side*side*cin*9)
		cin = c
		side /= 2
		wk.out = append(wk.out, make([]float32, c*side*side))
		wk.dOut = append(wk.dOut, make([]float32, c*side*side))
	}
	wk.dPre, wk.dCols = make([]float32, most), make([]float32, mostCols)
	wk.h, wk.dh, wk.p = make([]float32, n.hidden), make([]float32, n.hidden), make([]float32, n.outs)
	wk.dx = make([]float32, n.dIn)
	return wk
}

// backprop adds one sample's gradients (input x, class y) into wk.g.
func (n *cnnNet) backprop(wk *cnnWork, x []float32, y int) {
	side := ocr.CNNSide()
	in, cin := x, 1
	for l, c := range n.conv {
		ocr.ConvLayer(in, cin, side, n.cw[l], n.cb[l], c, wk.pre[l], wk.out[l], wk.cols[l])
		in, cin, side = wk.out[l], c, side/2
	}
	flat := in
	act := flat
	if n.hidden > 0 {
		for j := 0; j < n.hidden; j++ {
			wk.h[j] = max(0, n.b1[j]+dot(n.w1[j*n.dIn:(j+1)*n.dIn], flat))
		}
		act = wk.h
	}
	A := len(act)
	for o := 0; o < n.outs; o++ {
		wk.p[o] = n.b[o] + dot(n.w[o*A:(o+1)*A], act)
	}
	loss, right := softmaxGrad(wk.p, y)
	wk.loss += loss
	if right {
		wk.right++
	}
	g := wk.g
	dAct := wk.dx
	if n.hidden > 0 {
		dAct = wk.dh
	}
	clear(dAct)
	for o := 0; o < n.outs; o++ {
		d := wk.p[o]
		g.b[o] += d
		axpy(g.w[o*A:(o+1)*A], act, d)
		axpy(dAct, n.w[o*A:(o+1)*A], d)
	}
	if n.hidden > 0 {
		clear(wk.dx)
		for j := 0; j < n.hidden; j++ {
			if wk.h[j] <= 0 {
				continue
			}
			g.b1[j] += wk.dh[j]
			axpy(g.w1[j*n.dIn:(j+1)*n.dIn], flat, wk.dh[j])
			axpy(wk.dx, n.w1[j*n.dIn:(j+1)*n.dIn], wk.dh[j])
		}
	}
	copy(wk.dOut[len(n.conv)-1], wk.dx)
	for l := len(n.conv) - 1; l >= 0; l-- {
		c := n.conv[l]
		side = ocr.CNNSide() >> l
		cinL := 1
		if l > 0 {
			cinL = n.conv[l-1]
		}
		K := cinL * 9
		npx := side * side
		dPre := wk.dPre[:c*npx]
		clear(dPre)
		// ReLU and pooling: the gradient goes to the pooled maximum
		h := side / 2
		for co := 0; co < c; co++ {
			p := wk.pre[l][co*npx:]
			for yy := 0; yy < h; yy++ {
				for xx := 0; xx < h; xx++ {
					d := wk.dOut[l][co*h*h+yy*h+xx]
					if d == 0 || wk.out[l][co*h*h+yy*h+xx] <= 0 {
						continue
					}
					at := (2*yy)*side + 2*xx
					for _, q := range [3]int{(2*yy)*side + 2*xx + 1, (2*yy+1)*side + 2*xx, (2*yy+1)*side + 2*xx + 1} {
						if p[q] > p[at] {
							at = q
						}
					}
					dPre[co*npx+at] = d
				}
			}
		}
		// the convolution: each pixel's column against the kernels
		cols := wk.cols[l]
		dCols := wk.dCols[:npx*K]
		if l > 0 {
			clear(dCols)
		}
		for co := 0; co < c; co++ {
			kw := n.cw[l][co*K : (co+1)*K]
			gw := g.cw[l][co*K : (co+1)*K]
			for px, d := range dPre[co*npx : (co+1)*npx] {
				if d == 0 {
					continue
				}
				g.cb[l][co] += d
				axpy(gw, cols[px*K:(px+1)*K], d)
				if l > 0 {
					axpy(dCols[px*K:(px+1)*K], kw, d)
				}
			}
		}
		if l == 0 {
			continue
		}
		// the columns' gradients back onto the maps they were cut from
		dIn := wk.dOut[l-1]
		clear(dIn)
		for y := 0; y < side; y++ {
			for x := 0; x < side; x++ {
				row := dCols[(y*side+x)*K : (y*side+x+1)*K]
				i := 0
				for ci := 0; ci < cinL; ci++ {
					for yy := y - 1; yy <= y+1; yy++ {
						for xx := x - 1; xx <= x+1; xx++ {
							if yy >= 0 && yy < side && xx >= 0 && xx < side {
								dIn[ci*npx+yy*side+xx] += row[i]
							}
							i++
						}
					}
				}
			}
		}
	}
}

// fitCNN trains a convolutional model on the rows of X (ocr.CNNInput
// each) by Adam with weight decay and a cosine learning rate.
func fitCNN(X []float32, Y []int32, conv []int, glyphs []string, hidden, epochs int, seed uint64) *ocr.Model {
	F := ocr.NumCNNFeatures
	N := len(Y)
	rng := rand.New(rand.NewPCG(seed, 79))
	n := newCNN(conv, hidden, len(glyphs), rng)
	params, decayed := n.params()
	const nw = 2
	var wks [nw]*cnnWork
	for k := range wks {
		wks[k] = newCNNWork(n)
	}
	gparams := [nw][][]float32{}
	for k := range wks {
		gparams[k], _ = wks[k].g.params()
	}
	mom, vel := make([][]float32, len(params)), make([][]float32, len(params))
	for i, p := range params {
		mom[i], vel[i] = make([]float32, len(p)), make([]float32, len(p))
	}
	order := make([]int, N)
	for i := range order {
		order[i] = i
	}
	const (
		batch = 64
		lr0   = 0.002
		beta1 = 0.9
		beta2 = 0.999
		decay = 1e-4
	)
	steps := epochs * ((N + batch - 1) / batch)
	step := 0
	run := func(wk *cnnWork, idx []int) {
		for _, p := range gparamsOf(wk) {
			clear(p)
		}
		for _, i := range idx {
			n.backprop(wk, X[i*F:(i+1)*F], int(Y[i]))
		}
	}
	for ep := 0; ep < epochs; ep++ {
		rng.Shuffle(N, func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, wk := range wks {
			wk.loss, wk.right = 0, 0
		}
		for b0 := 0; b0 < N; b0 += batch {
			b1 := min(b0+batch, N)
			halves(order[b0:b1], func(k int, idx []int) { run(wks[k], idx) })
			step++
			lr := lr0 * 0.5 * (1 + math.Cos(math.Pi*float64(step-1)/float64(steps)))
			c1 := 1 - math.Pow(beta1, float64(step))
			c2 := 1 - math.Pow(beta2, float64(step))
			inv := 1 / float32(b1-b0)
			for i, p := range params {
				g0, g1 := gparams[0][i], gparams[1][i]
				m, v := mom[i], vel[i]
				for k := range p {
					gr := (g0[k] + g1[k]) * inv
					if decayed[i] {
						gr += decay * p[k]
					}
					m[k] = beta1*m[k] + (1-beta1)*gr
					v[k] = beta2*v[k] + (1-beta2)*gr*gr
					p[k] -= float32(lr * float64(m[k]) / c1 / (math.Sqrt(float64(v[k])/c2) + 1e-8))
				}
			}
		}
		fmt.Printf("  epoch %d/%d loss %.4f, right %.2f%% (%s)\n", ep+1, epochs, (wks[0].loss+wks[1].loss)/float64(max(N, 1)),
			100*float64(wks[0].right+wks[1].right)/float64(max(N, 1)), time.Now().Format("15:04:05"))
	}
	mean, scale := make([]float32, F), make([]float32, F)
	for i := range scale {
		scale[i] = 1
	}
	return &ocr.Model{
		ModelHeader: ocr.ModelHeader{Glyphs: glyphs, Turns: 1, Features: F, Hidden: hidden, Input: ocr.InputCNN, Conv: conv},
		Mean:        mean, Scale: scale, CW: n.cw, CB: n.cb, W1: n.w1, B1: n.b1, W: n.w, B: n.b,
	}
}

func gparamsOf(wk *cnnWork) [][]float32 {
	p, _ := wk.g.params()
	return p
}

// trainCNN trains the convolutional reader of -pyrg-cnn on the faces.
func trainCNN(faces []pyrSample, glyphs []string) (*ocr.Model, error) {
	conv, err := cnnChannels(*pyrgCNN)
	if err != nil {
		return nil, err
	}
	t0 := time.Now()
	X, Y, err := faceRows(faces, ocr.NumCNNFeatures, ocr.CNNInput)
	if err != nil {
		return nil, err
	}
	fmt.Printf("[en-pyrg] inputs of %d faces (%.1fs)\n", len(faces), time.Since(t0).Seconds())
	t0 = time.Now()
	m := fitCNN(X, Y, conv, glyphs, *hidden, *epochs, *seed)
	m.Note = fmt.Sprintf("make train (-specialist pyramids-grey -pyrg-cnn %s): seed %d, %d faces", *pyrgCNN, *seed, len(faces))
	fmt.Printf("[en-pyrg] trained a convolutional reader %v, %s in %.1fs\n", conv, describe(*hidden), time.Since(t0).Seconds())
	return m, nil
}

// faceRows are the faces' input vectors (F each, by input) in rows and
// their glyphs.
func faceRows(faces []pyrSample, F int, input func(image.Image) ([]float32, error)) ([]float32, []int32, error) {
	X := make([]float32, len(faces)*F)
	Y := make([]int32, len(faces))
	for i, s := range faces {
		v, err := input(s.grey)
		if err != nil {
			return nil, nil, err
		}
		copy(X[i*F:], v)
		Y[i] = int32(s.glyph)
	}
	return X, Y, nil
}
