package ocr

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"io"
	"math"
)

// Model file format (all little-endian):
//
//	magic    "TSOCR1\n" (7 bytes)
//	hlen     uint32, then hlen bytes of JSON header (ModelHeader)
//	mean     Features x float32   feature standardisation
//	scale    Features x float32
//	if Input is "cnn", for each layer l of Conv (Cin = 1, then Conv[l-1]):
//	  CW[l]  Conv[l] x Cin x 9 x float16, CB[l] Conv[l] x float32
//	if Hidden > 0:
//	  W1     Hidden x D x float16, B1 Hidden x float32
//	W        Outputs x In x float16 (In = Hidden, or D)
//	B        Outputs x float32
//	crc      uint32, CRC-32 (IEEE) of everything before it
//
// Outputs = len(Glyphs) x Turns: output g*Turns+k scores glyph g turned k
// quarter turns counter-clockwise in the normalised patch. D, the dense
// layers' input, is Features, or for a convolutional model (Input "cnn",
// cnn.go) the last convolution's pooled maps, Conv[last] x (side /
// 2^len(Conv))^2. Files without Conv (every model before it) read as
// before.

const modelMagic = "TSOCR1\n"

// ModelHeader describes a model.
type ModelHeader struct {
	Alphabet string   `json:"alphabet"`
	Glyphs   []string `json:"glyphs"` // "" is no tile
	Turns    int      `json:"turns"`
	Features int      `json:"features"`
	Hidden   int      `json:"hidden"`
	// Input names the features the model reads: "" those of Features,
	// InputGrey those of GreyFeatures.
	Input string `json:"input,omitempty"`
	// Conv is a convolutional model's channels, layer by layer (each a
	// 3x3 convolution, ReLU and 2x2 max pooling); only with InputCNN.
	Conv []int  `json:"conv,omitempty"`
	Note string `json:"note,omitempty"`
}

// InputFeatures is the length of the feature vector a model of the
// header reads (0 for an input this program does not know).
func (h ModelHeader) InputFeatures() int {
	switch h.Input {
	case "":
		return NumFeatures
	case InputGrey:
		return NumGreyFeatures
	case InputCNN:
		return NumCNNFeatures
	}
	return 0
}

// convOK tells whether the header's convolutions fit its input: with
// InputCNN one to four layers of 1-256 channels whose poolings halve the
// side evenly; none otherwise.
func (h ModelHeader) convOK() bool {
	if h.Input != InputCNN {
		return len(h.Conv) == 0
	}
	if len(h.Conv) < 1 || len(h.Conv) > 4 || cnnSide%(1<<len(h.Conv)) != 0 {
		return false
	}
	for _, c := range h.Conv {
		if c < 1 || c > 256 {
			return false
		}
	}
	return true
}

// denseIn is the length of the dense layers' input: the features, or a
// convolutional model's pooled maps.
func (h ModelHeader) denseIn() int {
	if h.Input != InputCNN || len(h.Conv) == 0 {
		return h.Features
	}
	s := cnnSide >> len(h.Conv)
	return h.Conv[len(h.Conv)-1] * s * s
}

// Model is a trained classifier: an optional hidden ReLU layer and a
// soft-max output layer over (glyph, quarter turn) pairs.
type Model struct {
	ModelHeader
	Mean, Scale []float32
	CW, CB      [][]float32 // the convolutions' weights and biases (InputCNN)
	W1          []float32   // Hidden x denseIn
	B1          []float32
	W           []float32 // Outputs x In
	B           []float32
}

// Outputs is the number of (glyph, turn) outputs.
func (m *Model) Outputs() int { return len(m.Glyphs) * m.Turns }

func (m *Model) in() int {
	if m.Hidden > 0 {
		return m.Hidden
	}
	return m.denseIn()
}

func (m *Model) check() error {
	if m.Turns < 1 || len(m.Glyphs) < 2 || m.Features != m.InputFeatures() || m.Features == 0 || m.Hidden < 0 || m.Hidden > 4096 || !m.convOK() {
		return fmt.Errorf("%w: header %+v does not fit this program (features %d)", ErrBadModel, m.ModelHeader, m.InputFeatures())
	}
	if len(m.CW) != len(m.Conv) || len(m.CB) != len(m.Conv) {
		return fmt.Errorf("%w: weight sizes do not match the header", ErrBadModel)
	}
	cin := 1
	for l, c := range m.Conv {
		if len(m.CW[l]) != c*cin*9 || len(m.CB[l]) != c {
			return fmt.Errorf("%w: weight sizes do not match the header", ErrBadModel)
		}
		cin = c
	}
	if len(m.Mean) != m.Features || len(m.Scale) != m.Features ||
		len(m.W1) != m.Hidden*m.denseIn() || len(m.B1) != m.Hidden ||
		len(m.W) != m.Outputs()*m.in() || len(m.B) != m.Outputs() {
		return fmt.Errorf("%w: weight sizes do not match the header", ErrBadModel)
	}
	return nil
}

// Encode writes the model in the file format above.
func (m *Model) Encode(w io.Writer) error {
	if err := m.check(); err != nil {
		return err
	}
	var buf bytes.Buffer
	buf.WriteString(modelMagic)
	hdr, err := json.Marshal(m.ModelHeader)
	if err != nil {
		return err
	}
	binary.Write(&buf, binary.LittleEndian, uint32(len(hdr)))
	buf.Write(hdr)
	f32 := func(v []float32) { binary.Write(&buf, binary.LittleEndian, v) }
	f16 := func(v []float32) {
		h := make([]uint16, len(v))
		for i, x := range v {
			h[i] = toHalf(x)
		}
		binary.Write(&buf, binary.LittleEndian, h)
	}
	f32(m.Mean)
	f32(m.Scale)
	for l := range m.Conv {
		f16(m.CW[l])
		f32(m.CB[l])
	}
	if m.Hidden > 0 {
		f16(m.W1)
		f32(m.B1)
	}
	f16(m.W)
	f32(m.B)
	binary.Write(&buf, binary.LittleEndian, crc32.ChecksumIEEE(buf.Bytes()))
	_, err = w.Write(buf.Bytes())
	return err
}

// DecodeModel reads a model file. A truncated, altered or foreign file is
// an ErrBadModel.
func DecodeModel(data []byte) (*Model, error) {
	if len(data) < len(modelMagic)+8 || string(data[:len(modelMagic)]) != modelMagic {
		return nil, fmt.Errorf("%w: not a Tilescope OCR model (bad magic)", ErrBadModel)
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return nil, fmt.Errorf("%w: checksum mismatch", ErrBadModel)
	}
	r := bytes.NewReader(body[len(modelMagic):])
	var hlen uint32
	if err := binary.Read(r, binary.LittleEndian, &hlen); err != nil || int(hlen) > r.Len() {
		return nil, fmt.Errorf("%w: bad header length", ErrBadModel)
	}
	hdr := make([]byte, hlen)
	io.ReadFull(r, hdr)
	m := &Model{}
	if err := json.Unmarshal(hdr, &m.ModelHeader); err != nil {
		return nil, fmt.Errorf("%w: header: %v", ErrBadModel, err)
	}
	if m.Features != m.InputFeatures() || m.Features == 0 || m.Turns < 1 || m.Turns > 8 || m.Hidden < 0 || m.Hidden > 4096 || len(m.Glyphs) > 1000 || !m.convOK() {
		return nil, fmt.Errorf("%w: header %+v does not fit this program (features %d)", ErrBadModel, m.ModelHeader, m.InputFeatures())
	}
	var readErr error
	f32 := func(n int) []float32 {
		if readErr != nil || n*4 > r.Len() {
			readErr = io.ErrUnexpectedEOF
			return nil
		}
		v := make([]float32, n)
		binary.Read(r, binary.LittleEndian, v)
		return v
	}
	f16 := func(n int) []float32 {
		if readErr != nil || n*2 > r.Len() {
			readErr = io.ErrUnexpectedEOF
			return nil
		}
		h := make([]uint16, n)
		binary.Read(r, binary.LittleEndian, h)
		v := make([]float32, n)
		for i, x := range h {
			v[i] = fromHalf(x)
		}
		return v
	}
	m.Mean = f32(m.Features)
	m.Scale = f32(m.Features)
	cin := 1
	for _, c := range m.Conv {
		m.CW = append(m.CW, f16(c*cin*9))
		m.CB = append(m.CB, f32(c))
		cin = c
	}
	if m.Hidden > 0 {
		m.W1 = f16(m.Hidden * m.denseIn())
		m.B1 = f32(m.Hidden)
	} else {
		m.W1, m.B1 = []float32{}, []float32{}
	}
	m.W = f16(m.Outputs() * m.in())
	m.B = f32(m.Outputs())
	if readErr != nil {
		return nil, fmt.Errorf("%w: truncated weights", ErrBadModel)
	}
	if r.Len() != 0 {
		return nil, fmt.Errorf("%w: %d bytes after the weights", ErrBadModel, r.Len())
	}
	if err := m.check(); err != nil {
		return nil, err
	}
	return m, nil
}

// toHalf converts to IEEE 754 binary16, rounding to nearest.
func toHalf(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int((b>>23)&0xff) - 127 + 15
	mant := b & 0x7fffff
	switch {
	case (b>>23)&0xff == 0xff:
		if mant != 0 {
			return sign | 0x7e00
		}
		return sign | 0x7c00
	case exp >= 31:
		return sign | 0x7c00
	case exp <= 0:
		if exp < -10 {
			return sign
		}
		mant |= 0x800000
		shift := uint(14 - exp)
		h := uint16(mant >> shift)
		if (mant>>(shift-1))&1 != 0 {
			h++
		}
		return sign | h
	}
	h := sign | uint16(exp)<<10 | uint16(mant>>13)
	if mant&0x1000 != 0 {
		h++ // may carry into the exponent, which is still correct
	}
	return h
}

func fromHalf(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h>>10) & 0x1f
	mant := uint32(h & 0x3ff)
	switch {
	case exp == 0:
		if mant == 0 {
			return math.Float32frombits(sign)
		}
		return float32(mant) / 1024 / 16384 * float32(1-2*int(h>>15))
	case exp == 31:
		return math.Float32frombits(sign | 0x7f800000 | mant<<13)
	}
	return math.Float32frombits(sign | (exp-15+127)<<23 | mant<<13)
}
