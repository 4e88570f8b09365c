// Package digits reads the value number printed small at a Scrabble
// tile's lower right: one mark (one digit) at a time, as a patch of ink
// cut round it, with a small network trained on digits drawn in many
// typefaces (digits/train, run by make train). It knows the ten digits
// and "no digit" (a letter's broken stroke, a speck), and says how sure
// it is; which letter a digit stands for is the caller's business (the
// values differ by edition and language).
package digits

import (
	"bytes"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"sync"
)

// The patch a mark is read from: PatchW x PatchH darkness values (0 the
// face, 1 full ink), the mark scaled to PatchH-2 pixels tall (or
// PatchW-2 wide, whichever fits) and centred, and one more input: the
// mark's width over its height (a 1 is narrow in every typeface).
const (
	PatchW = 12
	PatchH = 16
	Inputs = PatchW*PatchH + 1
)

// Classes are the network's outputs: the digits 0-9, then NoDigit.
const (
	Classes = 11
	NoDigit = 10
)

// Features is the input of a mark w x h pixels whose darkness (0 face,
// 1 ink) at (x, y) is dark(x, y): the mark resampled (by area) into the
// patch, keeping its shape, and its aspect.
func Features(dark func(x, y int) float32, w, h int) []float32 {
	out := make([]float32, Inputs)
	if w <= 0 || h <= 0 {
		return out
	}
	// scale: source pixels per patch pixel
	s := math.Max(float64(h)/(PatchH-2), float64(w)/(PatchW-2))
	ow, oh := float64(w)/s, float64(h)/s
	ox, oy := (PatchW-ow)/2, (PatchH-oh)/2
	// each source pixel spread over the patch pixels it covers
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			d := dark(x, y)
			if d <= 0 {
				continue
			}
			x0, y0 := ox+float64(x)/s, oy+float64(y)/s
			x1, y1 := x0+1/s, y0+1/s
			for py := int(y0); py < PatchH && float64(py) < y1; py++ {
				fy := math.Min(y1, float64(py+1)) - math.Max(y0, float64(py))
				if fy <= 0 || py < 0 {
					continue
				}
				for px := int(x0); px < PatchW && float64(px) < x1; px++ {
					fx := math.Min(x1, float64(px+1)) - math.Max(x0, float64(px))
					if fx <= 0 || px < 0 {
						continue
					}
					out[py*PatchW+px] += d * float32(fx*fy)
				}
			}
		}
	}
	for i := range out[:PatchW*PatchH] {
		out[i] = min(out[i], 1)
	}
	out[PatchW*PatchH] = float32(float64(w) / float64(h))
	return out
}

// Net is the digit reader: one hidden layer of Hidden rectified units,
// then a softmax over Classes.
type Net struct {
	Hidden int
	W1     []float32 // Hidden x Inputs
	B1     []float32
	W2     []float32 // Classes x Hidden
	B2     []float32
}

// NewNet is a net of hidden units with all weights zero.
func NewNet(hidden int) *Net {
	return &Net{Hidden: hidden, W1: make([]float32, hidden*Inputs), B1: make([]float32, hidden),
		W2: make([]float32, Classes*hidden), B2: make([]float32, Classes)}
}

// Probs are the classes' probabilities for one input (Features); hid, if
// not nil, receives the hidden units' outputs.
func (n *Net) Probs(in []float32, hid []float32) [Classes]float64 {
	if hid == nil {
		hid = make([]float32, n.Hidden)
	}
	for j := 0; j < n.Hidden; j++ {
		s := n.B1[j]
		row := n.W1[j*Inputs : (j+1)*Inputs]
		for i, v := range in {
			s += row[i] * v
		}
		hid[j] = max(s, 0)
	}
	var z [Classes]float64
	top := math.Inf(-1)
	for k := 0; k < Classes; k++ {
		s := n.B2[k]
		row := n.W2[k*n.Hidden : (k+1)*n.Hidden]
		for j, v := range hid {
			s += row[j] * v
		}
		z[k] = float64(s)
		top = math.Max(top, z[k])
	}
	sum := 0.0
	for k := range z {
		z[k] = math.Exp(z[k] - top)
		sum += z[k]
	}
	for k := range z {
		z[k] /= sum
	}
	return z
}

// Read is the digit a mark shows (0-9, or NoDigit) and its probability.
func (n *Net) Read(in []float32) (int, float64) {
	p := n.Probs(in, nil)
	best := 0
	for k := range p {
		if p[k] > p[best] {
			best = k
		}
	}
	return best, p[best]
}

const magic = "TSDG1"

// Encode writes the net: a magic string, the hidden size, the weights as
// little-endian float32.
func (n *Net) Encode(w io.Writer) error {
	if _, err := io.WriteString(w, magic); err != nil {
		return err
	}
	if err := binary.Write(w, binary.LittleEndian, int32(n.Hidden)); err != nil {
		return err
	}
	for _, a := range [][]float32{n.W1, n.B1, n.W2, n.B2} {
		if err := binary.Write(w, binary.LittleEndian, a); err != nil {
			return err
		}
	}
	return nil
}

// ErrModel: the digit model's bytes are not a model.
var ErrModel = errors.New("digits: bad model")

// Decode reads a net Encode wrote.
func Decode(data []byte) (*Net, error) {
	r := bytes.NewReader(data)
	head := make([]byte, len(magic))
	if _, err := io.ReadFull(r, head); err != nil || string(head) != magic {
		return nil, fmt.Errorf("%w: no %s header", ErrModel, magic)
	}
	var h int32
	if err := binary.Read(r, binary.LittleEndian, &h); err != nil || h <= 0 || h > 4096 {
		return nil, fmt.Errorf("%w: hidden size", ErrModel)
	}
	n := NewNet(int(h))
	for _, a := range [][]float32{n.W1, n.B1, n.W2, n.B2} {
		if err := binary.Read(r, binary.LittleEndian, a); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrModel, err)
		}
	}
	if r.Len() != 0 {
		return nil, fmt.Errorf("%w: %d bytes left over", ErrModel, r.Len())
	}
	return n, nil
}

//go:embed model.bin
var modelBytes []byte

var (
	once  sync.Once
	model *Net
)

// Model is the trained digit reader (model.bin, written by digits/train),
// or nil if it does not load.
func Model() *Net {
	once.Do(func() { model, _ = Decode(modelBytes) })
	return model
}
