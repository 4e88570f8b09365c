// Command train trains the reader of Scrabble tiles' value digits
// (vision/scrabble/internal/digits, model.bin; make train).
//
// It draws each digit 0-9 in many installed typefaces (none of the ones
// vision/render draws its scenes' tiles in by seed, so that the render
// sets read digits in typefaces the model never saw), small as a tile's
// value is printed (7 to 17 pixels tall), turned, sheared, squeezed
// (a steep view), blurred, faint and noisy, and cuts each as the scan
// does (the ink under digits.Ink, its largest component, its box): a
// digit that breaks in pieces is left out. "No digit" is pieces of
// letters cut the same way (a stroke the whitening broke off its
// letter). The net is fitted by stochastic gradient descent with fixed
// seeds: the same fonts give the same model, byte for byte. Every fifth
// typeface is kept out of the fit and its digits' accuracy printed.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/tilescope/tilescope/internal/blobs"
	"github.com/tilescope/tilescope/internal/parallel"
	"github.com/tilescope/tilescope/vision/internal/deconv"
	"github.com/tilescope/tilescope/vision/scrabble/internal/digits"
)

var (
	out      = flag.String("out", "vision/scrabble/internal/digits/model.bin", "the model file to write")
	fontDir  = flag.String("fonts", "/usr/share/fonts", "where the typefaces are looked for")
	seed     = flag.Uint64("seed", 1, "random seed")
	perDigit = flag.Int("per-digit", 100, "samples of each digit per typeface")
	perNone  = flag.Int("per-none", 70, "letter pieces (no digit) per typeface")
	hidden   = flag.Int("hidden", 64, "hidden units")
	epochs   = flag.Int("epochs", 12, "SGD epochs")
)

func main() {
	flag.Parse()
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "digits train:", err)
		os.Exit(1)
	}
}

// renderFaces are the typefaces vision/render draws tiles in by seed
// (render.Typefaces: Go's and these Debian files): kept out of training.
var renderFaces = map[string]bool{
	"DejaVuSans-Bold.ttf": true, "DejaVuSans.ttf": true, "DejaVuSerif-Bold.ttf": true,
	"DejaVuSansCondensed-Bold.ttf": true, "LiberationSans-Bold.ttf": true, "LiberationSans-Regular.ttf": true,
	"LiberationSerif-Bold.ttf": true, "LiberationMono-Bold.ttf": true, "FreeSansBold.ttf": true, "FreeSerifBold.ttf": true,
}

// upright: a typeface file of upright letters and digits (no italic,
// symbol, mathematical or script-specific face).
func upright(name string) bool {
	if renderFaces[name] {
		return false
	}
	for _, bad := range []string{"Italic", "Oblique", "Ita.", "Inclined", "Symbol", "Math", "D050000L", "Z003", "Tamil", "[", "_RI", "_RBI", "_RZI", "_I.", "_K."} {
		if strings.Contains(name, bad) {
			return false
		}
	}
	return strings.HasSuffix(name, ".ttf") || strings.HasSuffix(name, ".otf")
}

type face struct {
	name string
	f    *opentype.Font
}

func loadFaces() ([]face, error) {
	var paths []string
	err := filepath.WalkDir(*fontDir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && upright(d.Name()) {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(paths, func(a, b string) int { return strings.Compare(filepath.Base(a), filepath.Base(b)) })
	var faces []face
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		f, err := opentype.Parse(data)
		if err != nil {
			continue // a collection or a face Go cannot read
		}
		faces = append(faces, face{filepath.Base(p), f})
	}
	return faces, nil
}

// mask is a glyph's coverage (0..1), w x h, cropped to its ink.
type mask struct {
	w, h int
	a    []float64
}

func (m mask) at(x, y float64) float64 {
	// bilinear
	x, y = x-0.5, y-0.5
	x0, y0 := int(math.Floor(x)), int(math.Floor(y))
	fx, fy := x-float64(x0), y-float64(y0)
	get := func(i, j int) float64 {
		if i < 0 || j < 0 || i >= m.w || j >= m.h {
			return 0
		}
		return m.a[j*m.w+i]
	}
	return (1-fy)*((1-fx)*get(x0, y0)+fx*get(x0+1, y0)) + fy*((1-fx)*get(x0, y0+1)+fx*get(x0+1, y0+1))
}

func draw(f *opentype.Font, s string) (mask, bool) {
	for _, r := range s {
		if i, err := f.GlyphIndex(nil, r); err != nil || i == 0 {
			return mask{}, false
		}
	}
	const size = 96
	fc, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return mask{}, false
	}
	defer fc.Close()
	img := newAlpha(size*2, size*2)
	d := font.Drawer{Dst: img, Src: imageOpaque, Face: fc, Dot: fixed.P(size/4, size*3/2)}
	d.DrawString(s)
	x0, y0, x1, y1 := img.Rect.Max.X, img.Rect.Max.Y, -1, -1
	for y := 0; y < img.Rect.Dy(); y++ {
		for x := 0; x < img.Rect.Dx(); x++ {
			if img.Pix[y*img.Stride+x] > 20 {
				x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
			}
		}
	}
	if x1 < x0 {
		return mask{}, false
	}
	m := mask{w: x1 - x0 + 1, h: y1 - y0 + 1}
	m.a = make([]float64, m.w*m.h)
	for y := 0; y < m.h; y++ {
		for x := 0; x < m.w; x++ {
			m.a[y*m.w+x] = float64(img.Pix[(y+y0)*img.Stride+x+x0]) / 255
		}
	}
	return m, true
}

// sub is the part of m in the box [x0,x1) x [y0,y1), cropped to its ink.
func (m mask) sub(x0, y0, x1, y1 int) mask {
	out := mask{w: x1 - x0, h: y1 - y0}
	out.a = make([]float64, out.w*out.h)
	for y := 0; y < out.h; y++ {
		copy(out.a[y*out.w:(y+1)*out.w], m.a[(y+y0)*m.w+x0:(y+y0)*m.w+x1])
	}
	return out
}

// sample draws m at about height px tall on a face, degraded as a photo's
// small print is, and cuts it as the scan does: the features of its
// largest ink component, or false where the ink breaks in pieces or
// there is none.
func sample(rng *rand.Rand, m mask, height float64) ([]float32, bool) {
	th := height
	s := th / float64(m.h) // output pixels per mask pixel
	sx := s * (0.6 + 0.65*rng.Float64())
	rot := (rng.Float64()*2 - 1) * 8 * math.Pi / 180
	shear := (rng.Float64()*2 - 1) * 0.15
	// forward: mask (u,v) centred -> output (x,y)
	cu, cv := float64(m.w)/2, float64(m.h)/2
	a, b := math.Cos(rot), math.Sin(rot)
	// A = R * Shear * Scale
	m00, m01 := a*sx, (a*shear-b)*s
	m10, m11 := b*sx, (b*shear+a)*s
	det := m00*m11 - m01*m10
	i00, i01, i10, i11 := m11/det, -m01/det, -m10/det, m00/det
	ow := int(math.Ceil(math.Abs(m00)*float64(m.w)+math.Abs(m01)*float64(m.h))) + 8
	oh := int(math.Ceil(math.Abs(m10)*float64(m.w)+math.Abs(m11)*float64(m.h))) + 8
	cx, cy := float64(ow)/2+rng.Float64()-0.5, float64(oh)/2+rng.Float64()-0.5
	cov := make([]float64, ow*oh)
	const ss = 4
	for y := 0; y < oh; y++ {
		for x := 0; x < ow; x++ {
			sum := 0.0
			for j := 0; j < ss; j++ {
				for i := 0; i < ss; i++ {
					dx, dy := float64(x)+(float64(i)+0.5)/ss-cx, float64(y)+(float64(j)+0.5)/ss-cy
					sum += m.at(i00*dx+i01*dy+cu, i10*dx+i11*dy+cv)
				}
			}
			cov[y*ow+x] = sum / ss / ss
		}
	}
	// stroke weight: a little thinner or bolder
	if g := rng.Float64()*0.7 - 0.25; g != 0 {
		for i, v := range cov {
			cov[i] = min(max(v+g*v*(1-v)*4, 0), 1)
		}
	}
	if sigma := rng.Float64() * 1.4; sigma > 0.2 {
		cov = blur(cov, ow, oh, sigma)
	}
	face := digits.Face + (rng.Float64()*2-1)*15
	ink := rng.Float64() * 150
	noise := rng.Float64() * 8
	grey := make([]uint8, ow*oh)
	for i, v := range cov {
		g := face - (face-ink)*v + rng.NormFloat64()*noise
		grey[i] = uint8(min(max(g, 0), 255))
	}
	label, comps := blobs.Label(ow, oh, func(i int) bool { return grey[i] < digits.Ink })
	best := 0
	for i := 1; i < len(comps); i++ {
		if comps[i].N > comps[best].N {
			best = i
		}
	}
	if best == 0 || comps[best].Y1-comps[best].Y0+1 < 5 {
		return nil, false
	}
	for i := 1; i < len(comps); i++ {
		if i != best && comps[i].N*5 > comps[best].N {
			return nil, false
		}
	}
	c := comps[best]
	return digits.MarkFeatures(func(i int) uint8 { return grey[i] }, func(i int) int32 { return label[i] }, ow, int32(best), c.X0, c.Y0, c.X1, c.Y1), true
}

func blur(p []float64, w, h int, sigma float64) []float64 {
	k := deconv.GaussianKernel(sigma, 2)
	r := len(k) / 2
	tmp := make([]float64, w*h)
	out := make([]float64, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			s := 0.0
			for i, kv := range k {
				if xx := x + i - r; xx >= 0 && xx < w {
					s += kv * p[y*w+xx]
				}
			}
			tmp[y*w+x] = s
		}
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			s := 0.0
			for i, kv := range k {
				if yy := y + i - r; yy >= 0 && yy < h {
					s += kv * tmp[yy*w+x]
				}
			}
			out[y*w+x] = s
		}
	}
	return out
}

type example struct {
	in    []float32
	class int
}

// examples draws one typeface's samples (fi: its index, for its seeds).
func examples(fc face, fi int) []example {
	rng := rand.New(rand.NewPCG(*seed, uint64(fi)))
	var out []example
	for d := 0; d <= 9; d++ {
		m, ok := draw(fc.f, fmt.Sprint(d))
		if !ok {
			continue
		}
		for k := 0; k < *perDigit; k++ {
			if in, ok := sample(rng, m, 7+10*rng.Float64()); ok {
				out = append(out, example{in, d})
			}
		}
	}
	// no digit: pieces of letters, about as tall as a value beside its
	// letter (a quarter to a half of the letter), no wider than tall
	const letters = "ABCDEFGHJKLMNPQRSTUVWXYZ"
	for k := 0; k < *perNone; k++ {
		m, ok := draw(fc.f, string(letters[rng.IntN(len(letters))]))
		if !ok || m.h < 8 {
			continue
		}
		h := int(float64(m.h) * (0.25 + 0.35*rng.Float64()))
		w := min(m.w, int(float64(h)*(0.3+0.7*rng.Float64())))
		if w < 2 {
			continue
		}
		x0, y0 := rng.IntN(m.w-w+1), rng.IntN(m.h-h+1)
		p := m.sub(x0, y0, x0+w, y0+h)
		// a piece of solid ink (a stem's middle) is any bar: a 1's
		// stroke too, so it is not shown as "no digit"
		ink, full := 0.0, 0.0
		for _, v := range p.a {
			ink += v
			full++
		}
		if ink < 0.15*full || ink > 0.8*full {
			continue
		}
		if in, ok := sample(rng, p, float64(h)/float64(m.h)*(14+10*rng.Float64())); ok {
			out = append(out, example{in, digits.NoDigit})
		}
	}
	return out
}

func run() error {
	faces, err := loadFaces()
	if err != nil {
		return err
	}
	if len(faces) < 10 {
		return fmt.Errorf("only %d typefaces under %s", len(faces), *fontDir)
	}
	per := make([][]example, len(faces))
	parallel.For(len(faces), func(i int) { per[i] = examples(faces[i], i) })
	var train, val []example
	for i, ex := range per {
		if i%5 == 4 {
			val = append(val, ex...)
		} else {
			train = append(train, ex...)
		}
	}
	fmt.Printf("%d typefaces; %d examples to fit, %d kept out (every fifth typeface)\n", len(faces), len(train), len(val))
	net := fit(train)
	report("fitted", net, train)
	report("kept out", net, val)
	var buf bytes.Buffer
	if err := net.Encode(&buf); err != nil {
		return err
	}
	return os.WriteFile(*out, buf.Bytes(), 0o644)
}

func fit(data []example) *digits.Net {
	rng := rand.New(rand.NewPCG(*seed, 99))
	n := digits.NewNet(*hidden)
	sc := math.Sqrt(2.0 / digits.Inputs)
	for i := range n.W1 {
		n.W1[i] = float32(rng.NormFloat64() * sc)
	}
	sc = math.Sqrt(1.0 / float64(*hidden))
	for i := range n.W2 {
		n.W2[i] = float32(rng.NormFloat64() * sc)
	}
	order := make([]int, len(data))
	for i := range order {
		order[i] = i
	}
	hid := make([]float32, *hidden)
	dh := make([]float32, *hidden)
	for ep := 0; ep < *epochs; ep++ {
		lr := float32(0.02 * math.Pow(0.8, float64(ep)))
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		loss := 0.0
		for _, k := range order {
			ex := data[k]
			p := n.Probs(ex.in, hid)
			loss -= math.Log(max(p[ex.class], 1e-12))
			for j := range dh {
				dh[j] = 0
			}
			for c := 0; c < digits.Classes; c++ {
				g := float32(p[c])
				if c == ex.class {
					g--
				}
				row := n.W2[c*n.Hidden : (c+1)*n.Hidden]
				for j, h := range hid {
					dh[j] += g * row[j]
					row[j] -= lr * g * h
				}
				n.B2[c] -= lr * g
			}
			for j := range dh {
				if hid[j] <= 0 {
					continue
				}
				row := n.W1[j*digits.Inputs : (j+1)*digits.Inputs]
				g := lr * dh[j]
				for i, v := range ex.in {
					row[i] -= g * v
				}
				n.B1[j] -= g
			}
		}
		fmt.Printf("epoch %d: loss %.4f\n", ep+1, loss/float64(len(data)))
	}
	return n
}

func report(name string, n *digits.Net, data []example) {
	right, sure, sureWrong := 0, 0, 0
	var confusion [digits.Classes][digits.Classes]int
	for _, ex := range data {
		c, p := n.Read(ex.in)
		confusion[ex.class][c]++
		if c == ex.class {
			right++
		}
		if p >= 0.9 {
			sure++
			if c != ex.class {
				sureWrong++
			}
		}
	}
	fmt.Printf("%s: %d examples, %.2f%% right, %d sure, %d sure and wrong\n", name, len(data), 100*float64(right)/float64(max(len(data), 1)), sure, sureWrong)
	for c := range confusion {
		fmt.Printf("  %2d:", c)
		for _, v := range confusion[c] {
			fmt.Printf(" %5d", v)
		}
		fmt.Println()
	}
}

var imageOpaque = image.Opaque

func newAlpha(w, h int) *image.Alpha { return image.NewAlpha(image.Rect(0, 0, w, h)) }
