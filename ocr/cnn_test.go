package ocr

import (
	"bytes"
	"errors"
	"image"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// randomCNN is a convolutional model of the given shape with random
// weights (half precision, as a file holds them).
func randomCNN(conv []int, hidden int, glyphs []string, seed uint64) *Model {
	rng := rand.New(rand.NewPCG(seed, 1))
	w := func(n int, s float64) []float32 {
		v := make([]float32, n)
		for i := range v {
			v[i] = fromHalf(toHalf(float32(rng.NormFloat64() * s)))
		}
		return v
	}
	m := &Model{ModelHeader: ModelHeader{Alphabet: English, Glyphs: glyphs, Turns: 1, Features: NumCNNFeatures, Hidden: hidden, Input: InputCNN, Conv: conv}}
	m.Mean, m.Scale = w(NumCNNFeatures, 0.1), make([]float32, NumCNNFeatures)
	for i := range m.Scale {
		m.Scale[i] = 1
	}
	cin := 1
	for _, c := range conv {
		m.CW = append(m.CW, w(c*cin*9, 0.4))
		m.CB = append(m.CB, w(c, 0.1))
		cin = c
	}
	in := m.denseIn()
	if hidden > 0 {
		m.W1, m.B1 = w(hidden*in, 0.1), w(hidden, 0.1)
		in = hidden
	}
	m.W, m.B = w(len(glyphs)*in, 0.2), w(len(glyphs), 0.1)
	return m
}

// TestConvLayer checks the layer against the convolution written out
// point by point (zero padding, ReLU, 2x2 max pooling).
func TestConvLayer(t *testing.T) {
	for _, tc := range []struct {
		name            string
		cin, side, cout int
	}{
		{"one map in", 1, 8, 3},
		{"several maps in", 4, 6, 2},
		{"more than four maps out", 3, 6, 6},
		{"the input's side", 1, cnnSide, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, uint64(tc.side)))
			in := make([]float32, tc.cin*tc.side*tc.side)
			for i := range in {
				in[i] = float32(rng.NormFloat64())
			}
			w := make([]float32, tc.cout*tc.cin*9)
			for i := range w {
				w[i] = float32(rng.NormFloat64())
			}
			b := []float32{0.5, -0.5, 0.1}[:min(3, tc.cout)]
			for len(b) < tc.cout {
				b = append(b, 0)
			}
			s, h := tc.side, tc.side/2
			pre := make([]float32, tc.cout*s*s)
			out := make([]float32, tc.cout*h*h)
			ConvLayer(in, tc.cin, s, w, b, tc.cout, pre, out, make([]float32, s*s*tc.cin*9))
			at := func(ci, y, x int) float64 {
				if y < 0 || x < 0 || y >= s || x >= s {
					return 0
				}
				return float64(in[ci*s*s+y*s+x])
			}
			for co := 0; co < tc.cout; co++ {
				want := make([]float64, s*s)
				for y := 0; y < s; y++ {
					for x := 0; x < s; x++ {
						v := float64(b[co])
						for ci := 0; ci < tc.cin; ci++ {
							for ky := 0; ky < 3; ky++ {
								for kx := 0; kx < 3; kx++ {
									v += float64(w[(co*tc.cin+ci)*9+ky*3+kx]) * at(ci, y+ky-1, x+kx-1)
								}
							}
						}
						want[y*s+x] = v
						if got := float64(pre[co*s*s+y*s+x]); math.Abs(got-v) > 1e-4 {
							t.Fatalf("map %d (%d, %d): %.6f, want %.6f", co, x, y, got, v)
						}
					}
				}
				for y := 0; y < h; y++ {
					for x := 0; x < h; x++ {
						v := math.Max(0, math.Max(math.Max(want[2*y*s+2*x], want[2*y*s+2*x+1]), math.Max(want[(2*y+1)*s+2*x], want[(2*y+1)*s+2*x+1])))
						if got := float64(out[co*h*h+y*h+x]); math.Abs(got-v) > 1e-4 {
							t.Fatalf("pooled map %d (%d, %d): %.6f, want %.6f", co, x, y, got, v)
						}
					}
				}
			}
		})
	}
}

// TestCNNModelFile checks a convolutional model's file: written and read
// back it reads a crop the same; headers that do not fit are refused.
func TestCNNModelFile(t *testing.T) {
	glyphs := []string{"", "A", "B", "C"}
	m := randomCNN([]int{4, 6, 8}, 16, glyphs, 1)
	back := encodeDecode(t, m)
	crop := image.NewGray(image.Rect(0, 0, 48, 48))
	for i := range crop.Pix {
		crop.Pix[i] = uint8(200 - 150*btoi((i%48)/6 == 4))
	}
	read := func(m *Model) []GlyphScore {
		c, err := NewClassifier(m)
		if err != nil {
			t.Fatal(err)
		}
		s, _, err := c.Scores(crop)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	a, b := read(m), read(back)
	var sum float64
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("read back: %+v, before %+v", b[i], a[i])
		}
		sum += a[i].Prob
	}
	if math.Abs(sum-1) > 1e-5 {
		t.Errorf("probabilities add up to %.6f", sum)
	}
	for _, tc := range []struct {
		name string
		edit func(h *ModelHeader)
	}{
		{"convolutions on grey features", func(h *ModelHeader) { h.Input, h.Features = InputGrey, NumGreyFeatures }},
		{"no convolution", func(h *ModelHeader) { h.Conv = nil }},
		{"a layer of no channels", func(h *ModelHeader) { h.Conv = []int{4, 0, 8} }},
		{"more poolings than the side halves", func(h *ModelHeader) { h.Conv = []int{1, 1, 1, 1} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := *m
			tc.edit(&bad.ModelHeader)
			if err := bad.Encode(&bytes.Buffer{}); !errors.Is(err, ErrBadModel) {
				t.Errorf("Encode: %v, want ErrBadModel", err)
			}
		})
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestEmbeddedModelsRead checks that every embedded model, all written
// before convolutional models, still reads.
func TestEmbeddedModelsRead(t *testing.T) {
	entries, err := modelFS.ReadDir("model")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if len(e.Name()) < 4 || e.Name()[len(e.Name())-4:] != ".tsm" {
			continue
		}
		data, err := modelFS.ReadFile("model/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		m, err := DecodeModel(data)
		if err != nil {
			t.Errorf("%s: %v", e.Name(), err)
			continue
		}
		if _, err := NewClassifier(m); err != nil {
			t.Errorf("%s: %v", e.Name(), err)
		}
		n++
	}
	if n == 0 {
		t.Skip("no embedded models")
	}
}

// BenchmarkCNNFace is one face crop read by a convolutional model of the
// shape vision/pyramids' faces use (its input cut and the network run).
func BenchmarkCNNFace(b *testing.B) {
	glyphs := make([]string, 28)
	m := randomCNN([]int{8, 16, 32}, 64, glyphs, 2)
	c, err := NewClassifier(m)
	if err != nil {
		b.Fatal(err)
	}
	crop := image.NewRGBA(image.Rect(0, 0, 48, 48))
	rng := rand.New(rand.NewPCG(3, 3))
	for i := range crop.Pix {
		crop.Pix[i] = uint8(rng.IntN(256))
	}
	b.ReportAllocs()
	for b.Loop() {
		v, err := CNNInput(crop)
		if err != nil {
			b.Fatal(err)
		}
		c.Outputs(v)
	}
}

// encodeDecode is m written to a file and read back.
func encodeDecode(t *testing.T, m *Model) *Model {
	t.Helper()
	var buf bytes.Buffer
	if err := m.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := DecodeModel(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return back
}

// TestConvolvePlanBits checks the convolutions run by the plan
// (convRowAVX) against ConvLayer's, bit for bit: the last maps and the
// outputs, on random models of the faces' shape and others, and on the
// embedded en-pyrc; a layer of channels not a multiple of 8 has no plan.
func TestConvolvePlanBits(t *testing.T) {
	if !useAVX {
		t.Skip("no AVX: ConvLayer runs every model")
	}
	glyphs := make([]string, 28)
	pyrc, err := LoadModel("en-pyrc")
	if err != nil {
		t.Logf("en-pyrc: %v", err)
	}
	for _, tc := range []struct {
		name string
		m    *Model
		plan bool
	}{
		{"the faces' shape", randomCNN([]int{8, 16, 32}, 64, glyphs, 5), true},
		{"one layer, no hidden layer", randomCNN([]int{8}, 0, glyphs, 6), true},
		{"other channels", randomCNN([]int{16, 8, 24}, 10, glyphs, 7), true},
		{"a layer of 6 channels", randomCNN([]int{8, 6}, 10, glyphs, 8), false},
		{"en-pyrc", pyrc, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.m == nil {
				t.Skip("not embedded")
			}
			fast, err := NewClassifier(tc.m)
			if err != nil {
				t.Fatal(err)
			}
			if (fast.plan != nil) != tc.plan {
				t.Fatalf("plan %v, want %v", fast.plan != nil, tc.plan)
			}
			if !tc.plan {
				return
			}
			slow, err := NewClassifier(tc.m)
			if err != nil {
				t.Fatal(err)
			}
			slow.plan = nil
			slow.pool.New = func() any {
				return &scratch{feat: make([]float32, tc.m.Features), conv: newConvMaps(tc.m, false)}
			}
			rng := rand.New(rand.NewPCG(9, 9))
			for trial := 0; trial < 20; trial++ {
				feat := make([]float32, NumCNNFeatures)
				for i := range feat {
					switch {
					case trial%4 == 1 && i%7 == 0:
						// zeros, whose products with negative weights
						// are -0 as the padding's
					case trial%4 == 2:
						feat[i] = float32(rng.IntN(3) - 1)
					default:
						feat[i] = float32(rng.NormFloat64() * 2)
					}
				}
				maps := func(c *Classifier) []float32 {
					s := c.pool.Get().(*scratch)
					defer c.pool.Put(s)
					s.feat = feat
					return slices.Clone(c.convolve(s))
				}
				a, b := maps(fast), maps(slow)
				if len(a) != len(b) {
					t.Fatalf("maps of %d, want %d", len(a), len(b))
				}
				for i := range a {
					if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
						t.Fatalf("trial %d: map value %d: %v (%08x), ConvLayer %v (%08x)", trial, i, a[i], math.Float32bits(a[i]), b[i], math.Float32bits(b[i]))
					}
				}
				oa, ob := fast.Outputs(feat), slow.Outputs(feat)
				for i := range oa {
					if math.Float32bits(oa[i]) != math.Float32bits(ob[i]) {
						t.Fatalf("trial %d: output %d: %v, ConvLayer %v", trial, i, oa[i], ob[i])
					}
				}
			}
		})
	}
}
