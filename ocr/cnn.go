package ocr

import "image"

// A small convolutional reader of a crop's grey levels (issue 21,
// vision/pyramids' faces). Its input is the grey patch GreyFeatures
// starts from (greyPatch: the crop's centre box-averaged, its mean and
// contrast normalised, the ink turned dark), at cnnSide a side; the model
// (Input InputCNN) runs its Conv layers over it, each a 3x3 convolution
// with zero padding, ReLU and 2x2 max pooling, then its dense layers as
// any model. The arithmetic is in a fixed order, each product rounded
// before it is added (as dot), so that every machine computes the same
// bits: ConvLayer in plain Go, or, on amd64 with AVX, convolvePlan's
// rows by convRowAVX (eight or sixteen channels a pass, the same sums).

const (
	// InputCNN is the ModelHeader.Input of a convolutional model: it
	// reads CNNInput.
	InputCNN = "cnn"

	cnnSide = 24

	// NumCNNFeatures is the length of CNNInput's vector.
	NumCNNFeatures = cnnSide * cnnSide
)

// CNNInput is the input of a convolutional model: the crop's normalised
// grey patch, cnnSide x cnnSide, row by row (any crop of at least 8x8
// pixels).
func CNNInput(img image.Image) ([]float32, error) {
	if err := checkGrey(img); err != nil {
		return nil, err
	}
	dst := make([]float32, NumCNNFeatures)
	cnnInput(img, dst)
	return dst, nil
}

func cnnInput(img image.Image, dst []float32) {
	greyPatch(img, cnnSide, dst[:NumCNNFeatures])
}

// convMaps are a convolutional model's maps for one crop: the input
// standardised, and each layer's convolution before ReLU and pooling
// (pre) and after (out; the next layer's input). With a convPlan (fast)
// the maps are the plan's instead: each layer's input with a border of
// zeros (padded), its convolution pixel by pixel (pix) and the last
// layer's pooled maps (last).
type convMaps struct {
	in             []float32
	pre, out, cols [][]float32
	padded, pix    [][]float32
	last           []float32
}

func newConvMaps(m *Model, fast bool) *convMaps {
	if fast {
		c := &convMaps{}
		side, cin := cnnSide, 1
		for _, ch := range m.Conv {
			c.padded = append(c.padded, make([]float32, cin*(side+2)*(side+2)))
			c.pix = append(c.pix, make([]float32, side*side*ch))
			cin = ch
			side /= 2
		}
		c.last = make([]float32, cin*side*side)
		return c
	}
	c := &convMaps{in: make([]float32, m.Features)}
	side, cin := cnnSide, 1
	for _, ch := range m.Conv {
		c.pre = append(c.pre, make([]float32, ch*side*side))
		c.cols = append(c.cols, make([]float32, side*side*cin*9))
		cin = ch
		side /= 2
		c.out = append(c.out, make([]float32, ch*side*side))
	}
	return c
}

// convPlan is a convolutional model's layers laid out for convRowAVX:
// each layer's kernels turned (weight j of every output channel
// together: wt[j*cout+co]) and the offsets of a pixel's 3x3
// neighbourhoods in the padded input (offs[j] for the kernel's weight j).
type convPlan struct {
	wt   [][]float32
	offs [][]int
}

// newConvPlan lays out m's layers for convRowAVX, or returns nil when
// the processor has no AVX or a layer's channels are not a multiple of 8
// (ConvLayer then runs them).
func newConvPlan(m *Model) *convPlan {
	if !useAVX {
		return nil
	}
	p := &convPlan{}
	side, cin := cnnSide, 1
	for l, ch := range m.Conv {
		if ch%8 != 0 {
			return nil
		}
		K, ps := cin*9, side+2
		wt := make([]float32, K*ch)
		offs := make([]int, K)
		for j := 0; j < K; j++ {
			ci, ky, kx := j/9, j%9/3, j%3
			offs[j] = ci*ps*ps + ky*ps + kx
			for co := 0; co < ch; co++ {
				wt[j*ch+co] = m.CW[l][co*K+j]
			}
		}
		p.wt, p.offs = append(p.wt, wt), append(p.offs, offs)
		cin = ch
		side /= 2
	}
	return p
}

// convolve runs the model's convolutions over s.feat and returns the last
// layer's pooled maps (in s.conv).
func (c *Classifier) convolve(s *scratch) []float32 {
	m := c.m
	cm := s.conv
	if c.plan != nil {
		return c.convolvePlan(s)
	}
	for i, v := range s.feat[:m.Features] {
		cm.in[i] = (v - m.Mean[i]) * m.Scale[i]
	}
	x, cin, side := cm.in, 1, cnnSide
	for l, ch := range m.Conv {
		ConvLayer(x, cin, side, m.CW[l], m.CB[l], ch, cm.pre[l], cm.out[l], cm.cols[l])
		x, cin, side = cm.out[l], ch, side/2
	}
	return x
}

// convolvePlan is convolve by the plan (convRowAVX), with ConvLayer's
// bits: the same products summed in the same order, the padding's zeros
// multiplied as ConvLayer's columns' are, the same ReLU and pooling.
func (c *Classifier) convolvePlan(s *scratch) []float32 {
	m := c.m
	cm := s.conv
	ps := cnnSide + 2
	in := cm.padded[0]
	for y := 0; y < cnnSide; y++ {
		row := in[(y+1)*ps+1 : (y+1)*ps+1+cnnSide]
		i := y * cnnSide
		for x := range row {
			row[x] = (s.feat[i+x] - m.Mean[i+x]) * m.Scale[i+x]
		}
	}
	side := cnnSide
	for l, ch := range m.Conv {
		ps := side + 2
		pad, pix, wt, offs := cm.padded[l], cm.pix[l], c.plan.wt[l], c.plan.offs[l]
		for y := 0; y < side; y++ {
			convRowAVX(&pad[y*ps], &offs[0], len(offs), &wt[0], &m.CB[l][0], ch, &pix[y*side*ch], side)
		}
		h := side / 2
		// ReLU and 2x2 max pooling into the next layer's padded input (or
		// the last maps), channel by channel as ConvLayer's out
		var next []float32
		nps, base := h, 0
		if l+1 < len(m.Conv) {
			next, nps, base = cm.padded[l+1], h+2, h+3
		} else {
			next = cm.last
		}
		for co := 0; co < ch; co++ {
			o := next[co*nps*nps+base:]
			for y := 0; y < h; y++ {
				r0 := pix[2*y*side*ch+co:]
				r1 := pix[(2*y+1)*side*ch+co:]
				for x := 0; x < h; x++ {
					a, b := 2*x*ch, (2*x+1)*ch
					o[y*nps+x] = max(0, r0[a], r0[b], r1[a], r1[b])
				}
			}
		}
		side = h
	}
	return cm.last
}

// ConvLayer is one layer of a convolutional model: in is cin maps of
// side x side pixels (map by map, row by row); w holds cout x cin 3x3
// kernels (row by row), b cout biases. pre gets the cout maps of the
// convolution with zero padding (side x side each), out the same after
// ReLU and 2x2 max pooling (side/2 a side). cols is scratch space of
// side x side x cin x 9: it gets each pixel's 3x3 neighbourhoods of the
// cin maps (the order of a kernel's weights), which the training program
// reuses. The training program runs the same layer.
func ConvLayer(in []float32, cin, side int, w, b []float32, cout int, pre, out, cols []float32) {
	n := side * side
	K := cin * 9
	cols = cols[:n*K]
	for y := 0; y < side; y++ {
		for x := 0; x < side; x++ {
			row := cols[(y*side+x)*K : (y*side+x+1)*K]
			if y > 0 && y < side-1 && x > 0 && x < side-1 {
				// inside: three runs of three pixels a map
				for ci := 0; ci < cin; ci++ {
					src := in[ci*n+(y-1)*side+x-1:]
					r := row[ci*9 : ci*9+9]
					copy(r[0:3], src[0:3])
					copy(r[3:6], src[side:side+3])
					copy(r[6:9], src[2*side:2*side+3])
				}
				continue
			}
			i := 0
			for ci := 0; ci < cin; ci++ {
				src := in[ci*n : (ci+1)*n]
				for yy := y - 1; yy <= y+1; yy++ {
					for xx := x - 1; xx <= x+1; xx++ {
						v := float32(0)
						if yy >= 0 && yy < side && xx >= 0 && xx < side {
							v = src[yy*side+xx]
						}
						row[i] = v
						i++
					}
				}
			}
		}
	}
	for p := 0; p < n; p++ {
		patch := cols[p*K : (p+1)*K]
		co := 0
		for ; co+4 <= cout; co += 4 {
			d := dot4(w[co*K:(co+1)*K], w[(co+1)*K:(co+2)*K], w[(co+2)*K:(co+3)*K], w[(co+3)*K:(co+4)*K], patch)
			for k, v := range d {
				pre[(co+k)*n+p] = b[co+k] + v
			}
		}
		for ; co < cout; co++ {
			pre[co*n+p] = b[co] + dot(w[co*K:(co+1)*K], patch)
		}
	}
	h := side / 2
	for co := 0; co < cout; co++ {
		p := pre[co*n : (co+1)*n]
		o := out[co*h*h : (co+1)*h*h]
		for y := 0; y < h; y++ {
			r0, r1 := p[2*y*side:], p[(2*y+1)*side:]
			for x := 0; x < h; x++ {
				o[y*h+x] = max(0, r0[2*x], r0[2*x+1], r1[2*x], r1[2*x+1])
			}
		}
	}
}

// CNNSide is the side of CNNInput's patch.
func CNNSide() int { return cnnSide }
