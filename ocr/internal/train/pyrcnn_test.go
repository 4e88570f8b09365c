package main

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tilescope/tilescope/ocr"
)

// lossOf is a net's loss on one sample (backprop's, its gradients
// dropped).
func lossOf(n *cnnNet, x []float32, y int) float64 {
	wk := newCNNWork(n)
	n.backprop(wk, x, y)
	return wk.loss
}

// TestCNNGradient checks backprop's gradients against the loss's finite
// differences, for every kind of weight, with and without a hidden layer.
// A weight of an early layer moves many units, some across a ReLU's or a
// pooling's kink, where the finite differences are off: nine in ten of
// the weights checked must agree, and every weight kind most of the time.
func TestCNNGradient(t *testing.T) {
	for _, tc := range []struct {
		name   string
		conv   []int
		hidden int
	}{
		{"two layers, hidden", []int{3, 4}, 5},
		{"three layers, no hidden", []int{2, 3, 4}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(3, 4))
			n := newCNN(tc.conv, tc.hidden, 4, rng)
			for _, p := range n.cb {
				for i := range p {
					p[i] = float32(rng.NormFloat64() * 0.1)
				}
			}
			x := make([]float32, ocr.NumCNNFeatures)
			for i := range x {
				x[i] = float32(rng.NormFloat64())
			}
			const y = 2
			wk := newCNNWork(n)
			n.backprop(wk, x, y)
			params, _ := n.params()
			grads, _ := wk.g.params()
			checked, off := 0, 0
			for pi, p := range params {
				for _, k := range []int{0, len(p) / 4, len(p) / 2, 3 * len(p) / 4, len(p) - 1} {
					old := p[k]
					const h = 1e-4
					p[k] = old + h
					lp := lossOf(n, x, y)
					p[k] = old - h
					lm := lossOf(n, x, y)
					p[k] = old
					num := (lp - lm) / (2 * h)
					got := float64(grads[pi][k])
					if math.Abs(num-got) > 0.01+0.05*math.Abs(num) {
						t.Logf("param %d[%d]: backprop %.5f, finite differences %.5f", pi, k, got, num)
						off++
					}
					checked++
				}
			}
			if checked == 0 || off*10 > checked {
				t.Errorf("%d of %d gradients off", off, checked)
			}
		})
	}
}

// TestCNNModelReadsAsTrained checks that a trained model written to a
// file and read back by ocr gives the trainer's probabilities (to the
// file's half-precision weights), and that training learns two classes
// apart.
func TestCNNModelReadsAsTrained(t *testing.T) {
	const N = 400
	F := ocr.NumCNNFeatures
	X, Y := barPatches(N)
	m := fitCNN(X, Y, []int{4, 8}, []string{"A", "B"}, 8, 3, 1)
	m.Alphabet = "en"
	var buf bytes.Buffer
	if err := m.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := ocr.DecodeModel(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	c, err := ocr.NewClassifier(back)
	if err != nil {
		t.Fatal(err)
	}
	n := &cnnNet{conv: back.Conv, cw: back.CW, cb: back.CB, w1: back.W1, b1: back.B1, w: back.W, b: back.B, hidden: back.Hidden, outs: 2}
	n.dIn = len(back.W1) / back.Hidden
	right := 0
	for i := 0; i < N; i++ {
		x := X[i*F : (i+1)*F]
		out := c.Outputs(x)
		wk := newCNNWork(n)
		n.backprop(wk, x, int(Y[i]))
		if want := math.Exp(-wk.loss); math.Abs(want-float64(out[Y[i]])) > 1e-5 {
			t.Fatalf("sample %d: ocr reads %.6f, the trainer %.6f", i, out[Y[i]], want)
		}
		if out[Y[i]] > 0.5 {
			right++
		}
	}
	if right < N*9/10 {
		t.Errorf("%d of %d right after training", right, N)
	}
}

// barPatches are n noisy CNN inputs of two classes: a dark horizontal bar
// (class 0) and a vertical one (class 1), alternately.
func barPatches(n int) ([]float32, []int32) {
	rng := rand.New(rand.NewPCG(5, 6))
	F := ocr.NumCNNFeatures
	side := ocr.CNNSide()
	X := make([]float32, n*F)
	Y := make([]int32, n)
	for i := 0; i < n; i++ {
		Y[i] = int32(i % 2)
		for p := 0; p < F; p++ {
			v := float32(rng.NormFloat64() * 0.3)
			if (Y[i] == 1 && p%side == side/2) || (Y[i] == 0 && p/side == side/2) {
				v -= 2
			}
			X[i*F+p] = v
		}
	}
	return X, Y
}

// TestCNNTrainingRepeats: the convolutional trainer is deterministic
// (make train writes the shipped en-pyrc.tsm again): the same faces and
// seed give the same model file byte for byte, whatever the scheduling
// of its two goroutines; another seed gives another.
func TestCNNTrainingRepeats(t *testing.T) {
	X, Y := barPatches(256)
	file := func(seed uint64) []byte {
		m := fitCNN(X, Y, []int{4, 8}, []string{"A", "B"}, 8, 2, seed)
		var buf bytes.Buffer
		if err := m.Encode(&buf); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	first := file(1)
	for _, tc := range []struct {
		name string
		seed uint64
		same bool
	}{
		{"the same seed", 1, true},
		{"another seed", 2, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := bytes.Equal(file(tc.seed), first); got != tc.same {
				t.Errorf("the model file the same as seed 1's: %v, want %v", got, tc.same)
			}
		})
	}
}
