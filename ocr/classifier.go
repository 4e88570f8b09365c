package ocr

import (
	"embed"
	"errors"
	"fmt"
	"image"
	"io/fs"
	"math"
	"sync"
)

// NumFeatures is the length of the feature vector Features returns.
const NumFeatures = numFeature

//go:embed model
var modelFS embed.FS

// FeatureVector is a crop after normalisation and feature extraction.
type FeatureVector struct {
	Vec []float32
	// Alpha is the rotation modulo 90 degrees the normaliser estimated.
	Alpha float64
}

// Features normalises a crop and extracts its feature vector. It is what
// the classifier sees; the training program uses it too.
func Features(img image.Image) (FeatureVector, error) {
	if err := checkImage(img); err != nil {
		return FeatureVector{}, err
	}
	ar := arenas.Get().(*arena)
	defer func() { ar.reset(); arenas.Put(ar) }()
	n := normalize(toRGB(img, workSide, ar), ar).finish0()
	v := make([]float32, NumFeatures)
	features(n, v)
	return FeatureVector{Vec: v, Alpha: n.alpha}, nil
}

// FeaturesUpright is Features for a crop whose letter is known to stand
// upright (a rectified face, as vision/pyramids cuts them): the
// normaliser's rotation estimate is skipped (Alpha is 0), where on a
// small blurred letter it turns the patch by a guess.
func FeaturesUpright(img image.Image) (FeatureVector, error) {
	if err := checkImage(img); err != nil {
		return FeatureVector{}, err
	}
	ar := arenas.Get().(*arena)
	defer func() { ar.reset(); arenas.Put(ar) }()
	n := normalizeUpright(toRGB(img, workSide, ar), ar).finish(0)
	v := make([]float32, NumFeatures)
	features(n, v)
	return FeatureVector{Vec: v, Alpha: n.alpha}, nil
}

// sureEnough is the confidence at which Read stops trying further
// candidate rotations.
const sureEnough = 0.9

// Classifier is our own tile reader: normalisation, features, and a Model.
// It is safe for concurrent use.
type Classifier struct {
	m *Model
	// standardisation folded into the first layer
	w1, b1, w, b []float32
	pool         sync.Pool
	// blur is the specialist for blurred crops (ReadBlurred), nil when
	// there is none: only the default English classifier has one.
	blur *Classifier
	// mates are read together with this model, their probabilities
	// averaged with its own (NewPooled); nil for one model.
	mates []*Classifier
	// smooth: every crop read is smoothed (rgbImage.smoothed) once it
	// is known not to be flat, before its ink and face are told apart
	// (the Upwords reader and its specialist for blurred faces,
	// ForUpwords: docs/vision.md, "Upwords letters on dim, blurred and
	// shaken faces").
	smooth bool
	// poolLetters: where main, reading a crop that may be empty, reads a
	// letter, the letter is read by the pool as for a tile (the Upwords
	// reader, ForUpwords); otherwise such a read is main's alone.
	poolLetters bool
	// plan lays a convolutional model out for convRowAVX; nil when
	// ConvLayer runs it (no AVX, another kind of model)
	plan *convPlan
	// packed: the dense layers' rows packed for dot8Packed, nil without
	// AVX
	packed *packedRows
}

// packedRows are a classifier's dense layers' rows packed for dot8Packed
// (pack8), laid out the first time the classifier reads: only the models
// a program runs take the memory.
type packedRows struct {
	once  sync.Once
	w1, w []float32
}

// rowsPacked gives the packed rows of the hidden layer and of the output
// layer (nil: not packed).
func (c *Classifier) rowsPacked() (w1, w []float32) {
	p := c.packed
	if p == nil {
		return nil, nil
	}
	p.once.Do(func() {
		m := c.m
		F := m.denseIn()
		if m.Hidden > 0 {
			p.w1 = pack8(c.w1, m.Hidden, F)
			p.w = pack8(c.w, m.Outputs(), m.Hidden)
		} else {
			p.w = pack8(c.w, m.Outputs(), F)
		}
	})
	return p.w1, p.w
}

type scratch struct {
	feat, hidden, out []float32
	// conv holds a convolutional model's maps (InputCNN), nil otherwise
	conv *convMaps
}

// NewClassifier wraps a model.
func NewClassifier(m *Model) (*Classifier, error) {
	if err := m.check(); err != nil {
		return nil, err
	}
	c := &Classifier{m: m}
	fold := func(w, b []float32, out int) ([]float32, []float32) {
		nw := make([]float32, len(w))
		nb := make([]float32, out)
		for o := 0; o < out; o++ {
			s := float64(b[o])
			for f := 0; f < m.Features; f++ {
				x := w[o*m.Features+f] * m.Scale[f]
				nw[o*m.Features+f] = x
				s -= float64(x * m.Mean[f])
			}
			nb[o] = float32(s)
		}
		return nw, nb
	}
	switch {
	case m.Input == InputCNN:
		// the standardisation is applied to the input (convolve)
		c.w1, c.b1, c.w, c.b = m.W1, m.B1, m.W, m.B
		c.plan = newConvPlan(m)
	case m.Hidden > 0:
		c.w1, c.b1 = fold(m.W1, m.B1, m.Hidden)
		c.w, c.b = m.W, m.B
	default:
		c.w, c.b = fold(m.W, m.B, m.Outputs())
	}
	if useAVX {
		c.packed = &packedRows{}
	}
	c.pool.New = func() any {
		s := &scratch{feat: make([]float32, m.Features), hidden: make([]float32, m.Hidden), out: make([]float32, m.Outputs())}
		if m.Input == InputCNN {
			s.conv = newConvMaps(m, c.plan != nil)
		}
		return s
	}
	return c, nil
}

// Model returns the classifier's model.
func (c *Classifier) Model() *Model { return c.m }

// Glyphs lists the glyphs the classifier knows ("" is no tile).
func (c *Classifier) Glyphs() []string { return c.m.Glyphs }

// Read implements Reader.
func (c *Classifier) Read(tile image.Image) (Reading, error) {
	return c.ReadKnown(tile, Known{})
}

// ReadLetter reads a crop that the caller knows holds a tile (a board
// reader that sees a stack there, though the letter is faint): the most
// probable letter, never "no tile". Conf is still the model's probability
// of that letter, so it is low when the model took the crop for an empty
// square.
func (c *Classifier) ReadLetter(tile image.Image) (Reading, error) {
	return c.ReadKnown(tile, Known{Tile: true})
}

// ReadKnown reads a crop with what the caller knows of it (see Known).
func (c *Classifier) ReadKnown(tile image.Image, k Known) (Reading, error) {
	if err := checkImage(tile); err != nil {
		return Reading{}, err
	}
	if c.m.Input == InputGrey || c.m.Input == InputCNN {
		// the crop's grey levels as they stand: no rotation estimated
		if err := checkGrey(tile); err != nil {
			return Reading{}, err
		}
		s := c.pool.Get().(*scratch)
		defer c.pool.Put(s)
		if c.m.Input == InputCNN {
			cnnInput(tile, s.feat)
		} else {
			greyFeatures(tile, s.feat)
		}
		return c.decide(s, 0, k), nil
	}
	cr, err := analyseCrop(tile, k, c.smooth)
	if err != nil {
		return Reading{}, err
	}
	defer cr.done()
	// A flat crop holds no tile: no need to analyse it further (unless
	// the caller knows better).
	if cr.flat {
		return Reading{Conf: 1}, nil
	}
	a := cr.a
	s := c.pool.Get().(*scratch)
	defer c.pool.Put(s)
	// Each candidate rotation is tried; the most confident reading wins.
	var best Reading
	for i := 0; i < len(a.cands); i++ {
		alpha := a.cands[i]
		features(a.finish(alpha), s.feat)
		r := c.decide(s, alpha, k)
		if i == 0 || r.Conf > best.Conf {
			best = r
		}
		if best.Conf >= sureEnough {
			break
		}
		if i == len(a.cands)-1 && a.more != nil {
			a.cands, a.more = a.more(), nil
		}
	}
	return best, nil
}

// GlyphScore is one glyph's probability.
type GlyphScore struct {
	Glyph string
	Prob  float64
	Turn  int
}

// Scores returns every glyph's probability (summed over quarter turns),
// best first, and the estimated rotation modulo 90 degrees.
func (c *Classifier) Scores(tile image.Image) ([]GlyphScore, float64, error) {
	var fv FeatureVector
	var err error
	switch c.m.Input {
	case InputGrey:
		fv.Vec, err = GreyFeatures(tile)
	case InputCNN:
		fv.Vec, err = CNNInput(tile)
	default:
		fv, err = Features(tile)
	}
	if err != nil {
		return nil, 0, err
	}
	s := c.pool.Get().(*scratch)
	defer c.pool.Put(s)
	copy(s.feat, fv.Vec)
	c.forward(s, false)
	out := make([]GlyphScore, len(c.m.Glyphs))
	T := c.m.Turns
	for g := range c.m.Glyphs {
		best := 0
		var p float64
		for k := 0; k < T; k++ {
			p += float64(s.out[g*T+k])
			if s.out[g*T+k] > s.out[g*T+best] {
				best = k
			}
		}
		out[g] = GlyphScore{Glyph: c.m.Glyphs[g], Prob: p, Turn: best}
	}
	sortScores(out)
	return out, fv.Alpha, nil
}

func sortScores(s []GlyphScore) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j].Prob > s[j-1].Prob; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// forward computes soft-max probabilities into s.out: the model's own,
// or, when the crop is known to hold a tile, averaged with its mates'
// (NewPooled).
func (c *Classifier) forward(s *scratch, tile bool) {
	c.forward1(s)
	if len(c.mates) == 0 || !tile {
		return
	}
	for _, mc := range c.mates {
		ms := mc.pool.Get().(*scratch)
		copy(ms.feat, s.feat)
		mc.forward1(ms)
		for o, v := range ms.out {
			s.out[o] += v
		}
		mc.pool.Put(ms)
	}
	inv := 1 / float32(1+len(c.mates))
	for o := range s.out {
		s.out[o] *= inv
	}
}

// forward1 computes the model's own soft-max probabilities into s.out.
func (c *Classifier) forward1(s *scratch) {
	m := c.m
	x := s.feat
	if m.Input == InputCNN {
		x = c.convolve(s)
	}
	pw1, pw := c.rowsPacked()
	if m.Hidden > 0 {
		F := m.denseIn()
		h := 0
		for ; h+8 <= m.Hidden; h += 8 {
			d := rows8(pw1, c.w1, h, F, x)
			for k, v := range d {
				s.hidden[h+k] = max(0, c.b1[h+k]+v)
			}
		}
		for ; h+4 <= m.Hidden; h += 4 {
			d := dot4(c.w1[h*F:(h+1)*F], c.w1[(h+1)*F:(h+2)*F], c.w1[(h+2)*F:(h+3)*F], c.w1[(h+3)*F:(h+4)*F], x)
			for k, v := range d {
				s.hidden[h+k] = max(0, c.b1[h+k]+v)
			}
		}
		for ; h < m.Hidden; h++ {
			s.hidden[h] = max(0, c.b1[h]+dot(c.w1[h*F:(h+1)*F], x))
		}
		x = s.hidden
	}
	in := len(x)
	mx := float32(math.Inf(-1))
	o := 0
	for ; o+8 <= len(s.out); o += 8 {
		d := rows8(pw, c.w, o, in, x)
		for k, dv := range d {
			v := c.b[o+k] + dv
			s.out[o+k] = v
			mx = max(mx, v)
		}
	}
	for ; o+4 <= len(s.out); o += 4 {
		d := dot4(c.w[o*in:(o+1)*in], c.w[(o+1)*in:(o+2)*in], c.w[(o+2)*in:(o+3)*in], c.w[(o+3)*in:(o+4)*in], x)
		for k, dv := range d {
			v := c.b[o+k] + dv
			s.out[o+k] = v
			mx = max(mx, v)
		}
	}
	for ; o < len(s.out); o++ {
		v := c.b[o] + dot(c.w[o*in:(o+1)*in], x)
		s.out[o] = v
		mx = max(mx, v)
	}
	var sum float32
	for o, v := range s.out {
		e := float32(math.Exp(float64(v - mx)))
		s.out[o] = e
		sum += e
	}
	for o := range s.out {
		s.out[o] /= sum
	}
}

func (c *Classifier) decide(s *scratch, alpha float64, known Known) Reading {
	c.forward(s, known.Tile)
	T := c.m.Turns
	// With a known angle, only the turn that stands the letter there
	// counts (and the turns a symmetric letter looks the same at).
	at := -1
	if known.HasAngle {
		at = int(math.Round((known.Angle-alpha)/(360/float64(T)))) % T
		if at < 0 {
			at += T
		}
	}
	bestG, bestP := 0, float32(-1)
	for g := range c.m.Glyphs {
		glyph := c.m.Glyphs[g]
		if known.Tile && glyph == "" {
			continue
		}
		var p float32
		if at < 0 || glyph == "" {
			for k := 0; k < T; k++ {
				p += s.out[g*T+k]
			}
		} else {
			p = s.out[g*T+at]
			for k := 1; k < T; k++ {
				if sameTurned(glyph, k*360/T) {
					p += s.out[g*T+(at+k)%T]
				}
			}
		}
		if p > bestP {
			bestG, bestP = g, p
		}
	}
	letter := c.m.Glyphs[bestG]
	if letter != "" && !known.Tile && c.poolLetters && len(c.mates) > 0 {
		// Whether the crop holds a tile is main's to say; which letter,
		// the pool's: a face in a typeface main never saw is read by
		// the mates too.
		known.Tile = true
		return c.decide(s, alpha, known)
	}
	if letter == "" {
		return Reading{Conf: float64(bestP)}
	}
	bestK := at
	if at < 0 {
		bestK = 0
		for k := 1; k < T; k++ {
			if s.out[bestG*T+k] > s.out[bestG*T+bestK] {
				bestK = k
			}
		}
	}
	angle := math.Mod(alpha+float64(bestK)*360/float64(T), 360)
	return Reading{Letter: letter, Conf: float64(bestP), Angle: angle}
}

func dot(a, b []float32) float32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float32
	// Re-slicing by four lets the compiler drop the bounds checks; the
	// sums are taken in the same order as with indices. Each product is
	// rounded to float32 before it is added (the conversion): without it
	// the compiler fuses multiply and add on arm64 (one rounding, FMADD),
	// and a Pi's readings would differ in the last bits from amd64's, whose
	// SSE dot4 rounds each product (TestDotRoundsEachProduct).
	for len(a) >= 8 && len(b) >= 8 {
		s0 += float32(a[0] * b[0])
		s1 += float32(a[1] * b[1])
		s2 += float32(a[2] * b[2])
		s3 += float32(a[3] * b[3])
		s0 += float32(a[4] * b[4])
		s1 += float32(a[5] * b[5])
		s2 += float32(a[6] * b[6])
		s3 += float32(a[7] * b[7])
		a, b = a[8:], b[8:]
	}
	for len(a) >= 4 && len(b) >= 4 {
		s0 += float32(a[0] * b[0])
		s1 += float32(a[1] * b[1])
		s2 += float32(a[2] * b[2])
		s3 += float32(a[3] * b[3])
		a, b = a[4:], b[4:]
	}
	for i := range a {
		s0 += float32(a[i] * b[i])
	}
	return s0 + s1 + s2 + s3
}

// pack8 lays out the rows of w (rows of n floats, one after the other)
// for dot8Packed: for each group of eight rows, for each four floats of
// a row (the first n&^3), the eight rows' four; the groups n/4*32 floats
// apart. Rows past the last whole group are not packed.
func pack8(w []float32, rows, n int) []float32 {
	n4 := n / 4
	p := make([]float32, rows/8*n4*32)
	for g := 0; g < rows/8; g++ {
		for i := 0; i < n4; i++ {
			for k := 0; k < 8; k++ {
				copy(p[(g*n4+i)*32+k*4:][:4], w[(8*g+k)*n+4*i:][:4])
			}
		}
	}
	return p
}

// rows8 is dot8 of the eight rows of w (rows of stride floats) from
// row, with their packed floats (pack8's of the same rows and stride)
// when there are.
func rows8(p, w []float32, row, stride int, x []float32) [8]float32 {
	if p != nil && len(x) == stride {
		return dot8Packed(p[row/8*(stride/4)*32:], w[row*stride:], stride, x)
	}
	return dot8(w[row*stride:], stride, x)
}

// LoadModel returns the embedded model for an alphabet ("en" or "ru"), or
// the specialist SpecialistBlur ("en-blur").
func LoadModel(alphabet string) (*Model, error) {
	data, err := fs.ReadFile(modelFS, "model/"+alphabet+".tsm")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w for alphabet %q (run make train)", ErrNoModel, alphabet)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNoModel, err)
	}
	return DecodeModel(data)
}

var (
	defaultOnce sync.Map // alphabet -> *onceReader
)

type onceReader struct {
	once sync.Once
	c    *Classifier
	err  error
}

func classifierFor(alphabet string) (*Classifier, error) {
	v, _ := defaultOnce.LoadOrStore(alphabet, &onceReader{})
	o := v.(*onceReader)
	o.once.Do(func() {
		m, err := LoadModel(alphabet)
		if err != nil {
			o.err = err
			return
		}
		o.c, o.err = NewClassifier(m)
		if o.err != nil || alphabet != English {
			return
		}
		// The specialist for blurred crops, when the binary has it.
		sm, err := LoadModel(SpecialistBlur)
		if errors.Is(err, ErrNoModel) {
			return
		}
		if err == nil {
			o.c.blur, err = NewClassifier(sm)
		}
		if err != nil {
			o.c, o.err = nil, fmt.Errorf("%s: %w", SpecialistBlur, err)
		}
	})
	return o.c, o.err
}

// Outputs returns the soft-max probabilities of every (glyph, turn) output
// for a feature vector from Features (index glyph*Turns + turn).
func (c *Classifier) Outputs(feat []float32) []float32 {
	s := &scratch{feat: feat, hidden: make([]float32, c.m.Hidden), out: make([]float32, c.m.Outputs())}
	if c.m.Input == InputCNN {
		// the maps are scratch space: borrowed from the pool
		ps := c.pool.Get().(*scratch)
		defer c.pool.Put(ps)
		s.conv = ps.conv
	}
	c.forward(s, true)
	return s.out
}

// Patches returns the normalised letter patch and context patch of a crop
// as grey images (ink dark), for inspecting what the classifier sees.
func Patches(img image.Image) (letter, context *image.Gray, err error) {
	if err := checkImage(img); err != nil {
		return nil, nil, err
	}
	n := normalize(toRGB(img, workSide, nil), nil).finish0()
	conv := func(p []float32, side int) *image.Gray {
		g := image.NewGray(image.Rect(0, 0, side, side))
		for i, v := range p {
			g.Pix[i] = uint8(math.Min(math.Max(float64(v), 0), 1) * 255)
		}
		return g
	}
	return conv(n.patch[:], patchSide), conv(n.ctx[:], ctxSide), nil
}

// finish0 normalises at the most likely rotation.
func (a *analysis) finish0() *normalized { return a.finish(a.cands[0]) }
