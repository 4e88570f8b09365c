package ocr

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"testing"
)

// greyLetter is a 48x48 crop of an L in ink on face, the light changed
// by gain and lift (each channel v -> gain*v + lift).
func greyLetter(ink, face uint8, gain, lift float64) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 48, 48))
	for y := 0; y < 48; y++ {
		for x := 0; x < 48; x++ {
			v := face
			if (x >= 16 && x < 21 && y >= 12 && y < 34) || (x >= 16 && x < 32 && y >= 29 && y < 34) {
				v = ink
			}
			l := uint8(math.Max(0, math.Min(255, gain*float64(v)+lift)))
			img.SetRGBA(x, y, color.RGBA{l, l, l, 255})
		}
	}
	return img
}

func TestGreyFeatures(t *testing.T) {
	base, err := GreyFeatures(greyLetter(40, 200, 1, 0))
	if err != nil {
		t.Fatal(err)
	}
	if len(base) != NumGreyFeatures {
		t.Fatalf("len %d, want %d", len(base), NumGreyFeatures)
	}
	patch := greySide * greySide
	cases := []struct {
		name string
		img  image.Image
		same bool // the patch and its gradients as the base's
	}{
		{"darker and flatter light", greyLetter(40, 200, 0.5, 10), true},
		{"brighter light", greyLetter(40, 200, 1.2, 5), true},
		{"light ink on a dark face", greyLetter(200, 40, 1, 0), true},
		{"another letter place", shifted(greyLetter(40, 200, 1, 0), 6), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, err := GreyFeatures(c.img)
			if err != nil {
				t.Fatal(err)
			}
			var d float64
			for i := 0; i < patch+greyCells*greyCells*greyBins; i++ {
				d = math.Max(d, math.Abs(float64(v[i]-base[i])))
			}
			if c.same && d > 0.05 {
				t.Errorf("features differ by up to %.3f, want the same", d)
			}
			if !c.same && d < 0.5 {
				t.Errorf("features differ by only %.3f, want another letter seen", d)
			}
			for i, x := range v {
				if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
					t.Fatalf("feature %d is %v", i, x)
				}
			}
		})
	}
}

// shifted is img moved dx pixels right (the left edge repeated).
func shifted(img *image.RGBA, dx int) *image.RGBA {
	out := image.NewRGBA(img.Rect)
	for y := 0; y < img.Rect.Dy(); y++ {
		for x := 0; x < img.Rect.Dx(); x++ {
			out.SetRGBA(x, y, img.RGBAAt(max(0, x-dx), y))
		}
	}
	return out
}

func TestGreyFeaturesFlatAndSmall(t *testing.T) {
	flat := image.NewRGBA(image.Rect(0, 0, 48, 48))
	for i := range flat.Pix {
		flat.Pix[i] = 128
	}
	v, err := GreyFeatures(flat)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < greySide*greySide; i++ {
		if v[i] != 0 {
			t.Fatalf("a flat crop's patch pixel %d is %v, want 0", i, v[i])
		}
	}
	if _, err := GreyFeatures(image.NewRGBA(image.Rect(0, 0, 2, 2))); err == nil {
		t.Error("a 2x2 crop gave features, want an error")
	}
}

// The grey crop (Luma) and the colour crop give the same features.
func TestGreyFeaturesOfGreyCrop(t *testing.T) {
	img := greyLetter(40, 200, 1, 0)
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i] = uint8(int(img.Pix[i]) * 3 / 4) // a colour, not a grey
	}
	g := image.NewGray(img.Rect)
	for i := range g.Pix {
		g.Pix[i] = Luma(img.Pix[4*i], img.Pix[4*i+1], img.Pix[4*i+2])
	}
	a, _ := GreyFeatures(img)
	b, _ := GreyFeatures(g)
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("feature %d: colour %v, grey %v", i, a[i], b[i])
		}
	}
}

// TestGreyFeaturesRGBARows: an RGBA crop at the origin, whose rows
// greyFeatures reads directly, gives the features bit for bit of the
// same pixels read one by one: the crop inside a larger picture (a
// sub-image not at the origin) and the crop as NRGBA; square and not,
// coloured noise over a letter, and rows padded past the crop.
func TestGreyFeaturesRGBARows(t *testing.T) {
	padded := func(img *image.RGBA) *image.RGBA {
		// the same pixels in rows longer than the crop
		b := img.Rect
		big := image.NewRGBA(image.Rect(0, 0, b.Dx()+7, b.Dy()))
		for y := 0; y < b.Dy(); y++ {
			copy(big.Pix[y*big.Stride:], img.Pix[y*img.Stride:y*img.Stride+4*b.Dx()])
		}
		big.Rect = b
		return big
	}
	for _, tc := range []struct {
		name string
		img  *image.RGBA
	}{
		{"48x48 face crop", noisyStroke(48, 48, 1)},
		{"the grey letter", greyLetter(40, 200, 1, 0)},
		{"33x27", noisyStroke(33, 27, 2)},
		{"8x8, the smallest", noisyStroke(8, 8, 3)},
		{"rows padded past the crop", padded(noisyStroke(40, 40, 4))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := tc.img.Rect
			// the same pixels inside a larger picture, at (5, 3)
			big := image.NewRGBA(image.Rect(0, 0, b.Dx()+9, b.Dy()+6))
			nrgba := image.NewNRGBA(b)
			for y := 0; y < b.Dy(); y++ {
				for x := 0; x < b.Dx(); x++ {
					c := tc.img.RGBAAt(x, y)
					big.SetRGBA(x+5, y+3, c)
					nrgba.SetNRGBA(x, y, color.NRGBA{c.R, c.G, c.B, 255})
				}
			}
			sub := big.SubImage(image.Rect(5, 3, 5+b.Dx(), 3+b.Dy()))
			want, err := GreyFeatures(tc.img)
			if err != nil {
				t.Fatal(err)
			}
			for _, o := range []struct {
				name string
				img  image.Image
			}{{"sub-image", sub}, {"NRGBA", nrgba}} {
				got, err := GreyFeatures(o.img)
				if err != nil {
					t.Fatal(err)
				}
				for i := range want {
					if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
						t.Fatalf("%s: feature %d: %v, the rows read directly %v", o.name, i, got[i], want[i])
					}
				}
			}
		})
	}
}

func TestGreyModelHeader(t *testing.T) {
	m := &Model{ModelHeader: ModelHeader{Alphabet: "en", Glyphs: []string{"", "A", "B"}, Turns: 1, Features: NumGreyFeatures, Hidden: 2, Input: InputGrey}}
	m.Mean, m.Scale = make([]float32, m.Features), make([]float32, m.Features)
	m.W1, m.B1 = make([]float32, 2*m.Features), make([]float32, 2)
	m.W, m.B = make([]float32, 3*2), []float32{0, 1, 0}
	c, err := NewClassifier(encodeDecode(t, m))
	if err != nil {
		t.Fatal(err)
	}
	r, err := c.ReadLetter(greyLetter(40, 200, 1, 0))
	if err != nil || r.Letter != "A" {
		t.Errorf("read %q (%v), want the bias's A", r.Letter, err)
	}
	m.Input = "colour-v9"
	if err := m.Encode(&bytes.Buffer{}); !errors.Is(err, ErrBadModel) {
		t.Errorf("unknown input encoded: %v, want ErrBadModel", err)
	}
}

// greyPatchRef is greyPatch as it was before the grey window (issue 21,
// pyrgrey): every box summed pixel by pixel from At, each pixel's Luma
// worked out where it is summed.
func greyPatchRef(img image.Image, side int, p []float32) (float64, float32) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	span := func(n, i int) (int, int) {
		x0 := float64(n) * (1 - greyWin) / 2
		step := float64(n) * greyWin / float64(side)
		a, z := int(x0+step*float64(i)), int(x0+step*float64(i+1))
		if z <= a {
			z = a + 1
		}
		return a, min(z, n)
	}
	var mean float64
	for py := 0; py < side; py++ {
		y0, y1 := span(h, py)
		for px := 0; px < side; px++ {
			x0, x1 := span(w, px)
			s := 0
			for y := y0; y < y1; y++ {
				for x := x0; x < x1; x++ {
					r, g, bb, _ := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
					s += int(Luma(uint8(r>>8), uint8(g>>8), uint8(bb>>8)))
				}
			}
			v := float32(s) / float32((y1-y0)*(x1-x0))
			p[py*side+px] = v
			mean += float64(v)
		}
	}
	mean /= float64(side * side)
	var vr float64
	for _, v := range p {
		d := float64(v) - mean
		vr += d * d
	}
	sd := math.Sqrt(vr / float64(side*side))
	inv := float32(1 / math.Max(sd, greyMinSD))
	for i := range p {
		p[i] = (p[i] - float32(mean)) * inv
	}
	var skew float64
	c0, c1 := side/4, side-side/4
	for y := c0; y < c1; y++ {
		for x := c0; x < c1; x++ {
			v := float64(p[y*side+x])
			skew += v * v * v
		}
	}
	flip := float32(1)
	if skew > 0 {
		flip = -1
		for i := range p {
			p[i] = -p[i]
		}
	}
	return sd, flip
}

// TestGreyWindow: the grey window (each pixel's Luma worked out once,
// over the window the patches read) gives greyPatch's patch, contrast
// and polarity bit for bit as the pixels summed one by one
// (greyPatchRef), for GreyFeatures' side and CNNInput's, at every crop
// size from 8 to 64 pixels a side and a few larger; RGBA and Grey crops
// at the origin and inside a larger picture, and NRGBA (read by At); and
// GreyInputs' two vectors are GreyFeatures' and CNNInput's. It fails when
// the window misses a row or column a box reads (the slice ends) or
// any pixel's level changes.
func TestGreyWindow(t *testing.T) {
	type kind struct {
		name string
		of   func(*image.RGBA) image.Image
	}
	kinds := []kind{
		{"RGBA", func(m *image.RGBA) image.Image { return m }},
		{"RGBA inside a picture", func(m *image.RGBA) image.Image {
			b := m.Rect
			big := image.NewRGBA(image.Rect(-2, 0, b.Dx()+9, b.Dy()+6))
			for y := 0; y < b.Dy(); y++ {
				for x := 0; x < b.Dx(); x++ {
					big.SetRGBA(x+5, y+3, m.RGBAAt(x, y))
				}
			}
			return big.SubImage(image.Rect(5, 3, 5+b.Dx(), 3+b.Dy()))
		}},
		{"Grey", func(m *image.RGBA) image.Image {
			g := image.NewGray(m.Rect)
			for i := range g.Pix {
				g.Pix[i] = Luma(m.Pix[4*i], m.Pix[4*i+1], m.Pix[4*i+2])
			}
			return g
		}},
		{"Grey inside a picture", func(m *image.RGBA) image.Image {
			b := m.Rect
			big := image.NewGray(image.Rect(0, -4, b.Dx()+3, b.Dy()+2))
			for y := 0; y < b.Dy(); y++ {
				for x := 0; x < b.Dx(); x++ {
					c := m.RGBAAt(x, y)
					big.SetGray(x+1, y-2, color.Gray{Luma(c.R, c.G, c.B)})
				}
			}
			return big.SubImage(image.Rect(1, -2, 1+b.Dx(), -2+b.Dy()))
		}},
		{"NRGBA", func(m *image.RGBA) image.Image {
			n := image.NewNRGBA(m.Rect)
			for y := 0; y < m.Rect.Dy(); y++ {
				for x := 0; x < m.Rect.Dx(); x++ {
					c := m.RGBAAt(x, y)
					n.SetNRGBA(x, y, color.NRGBA{c.R, c.G, c.B, 255})
				}
			}
			return n
		}},
	}
	var sizes [][2]int
	for w := 8; w <= 64; w++ {
		sizes = append(sizes, [2]int{w, w}, [2]int{w, 8 + (w*7)%57})
	}
	sizes = append(sizes, [2]int{96, 96}, [2]int{97, 131}, [2]int{200, 12})
	same := func(a, b []float32) int {
		for i := range a {
			if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
				return i
			}
		}
		return -1
	}
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			for i, sz := range sizes {
				img := k.of(noisyStroke(sz[0], sz[1], uint32(i+1)))
				for _, side := range []int{greySide, cnnSide} {
					want := make([]float32, side*side)
					got := make([]float32, side*side)
					wsd, wflip := greyPatchRef(img, side, want)
					gsd, gflip := greyPatch(img, side, got)
					if j := same(got, want); j >= 0 || gsd != wsd || gflip != wflip {
						t.Fatalf("%dx%d, side %d: patch differs at %d (sd %v, flip %v; pixel by pixel %v, %v)", sz[0], sz[1], side, j, gsd, gflip, wsd, wflip)
					}
				}
				gi, ci, err := GreyInputs(img)
				if err != nil {
					t.Fatalf("%dx%d: %v", sz[0], sz[1], err)
				}
				gf, _ := GreyFeatures(img)
				cn, _ := CNNInput(img)
				if j := same(gi, gf); j >= 0 {
					t.Fatalf("%dx%d: GreyInputs' grey feature %d differs from GreyFeatures'", sz[0], sz[1], j)
				}
				if j := same(ci, cn); j >= 0 {
					t.Fatalf("%dx%d: GreyInputs' CNN input %d differs from CNNInput's", sz[0], sz[1], j)
				}
			}
		})
	}
	if _, _, err := GreyInputs(image.NewRGBA(image.Rect(0, 0, 7, 30))); err == nil {
		t.Error("a 7x30 crop gave grey inputs, want an error")
	}
}

// BenchmarkGreyInputs is a 48x48 face crop's inputs for vision/pyramids'
// two grey heads (en-pyrg's GreyFeatures and en-pyrc's CNNInput): each
// from the crop, and both from GreyInputs (the crop converted once).
func BenchmarkGreyInputs(b *testing.B) {
	crop := image.NewRGBA(image.Rect(0, 0, 48, 48))
	x := uint32(7)
	for i := range crop.Pix {
		x = x*1664525 + 1013904223
		crop.Pix[i] = uint8(x >> 24)
	}
	b.Run("each", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := GreyFeatures(crop); err != nil {
				b.Fatal(err)
			}
			if _, err := CNNInput(crop); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("GreyInputs", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, _, err := GreyInputs(crop); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestHogMatchesReference: hog's histograms bit for bit as refHog's (the
// reader before it was tuned for speed) for each of the three geometries
// the features use (the letter patch, its context and the grey patch),
// signed and unsigned, on random patches, patches with flat runs (pixels
// with no gradient skipped) and a flat one (all zero).
func TestHogMatchesReference(t *testing.T) {
	x := uint32(11)
	rnd := func() float32 {
		x = x*1664525 + 1013904223
		return float32(x>>8) / (1 << 24)
	}
	for _, g := range []struct {
		name              string
		size, cells, bins int
	}{
		{"letter patch", patchSide, hogCells, hogBins},
		{"context", ctxSide, ctxCells, ctxBins},
		{"grey patch", greySide, greyCells, greyBins},
		{"a size with no stored geometry", 13, 3, 9},
	} {
		for _, signed := range []bool{true, false} {
			for k, kind := range []string{"random", "flat runs", "flat"} {
				t.Run(fmt.Sprintf("%s signed %v %s", g.name, signed, kind), func(t *testing.T) {
					p := make([]float32, g.size*g.size)
					for i := range p {
						switch k {
						case 0:
							p[i] = 2*rnd() - 1
						case 1:
							p[i] = float32(int(4*rnd())) / 4
						}
					}
					n := g.cells * g.cells * g.bins
					got, want := make([]float32, n), make([]float32, n)
					for i := range got {
						got[i] = 9 // hog clears its histogram first
					}
					hog(p, g.size, g.cells, g.bins, signed, got)
					refHog(p, g.size, g.cells, g.bins, signed, want)
					for i := range want {
						if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
							t.Fatalf("bin %d: %v, the reference %v", i, got[i], want[i])
						}
					}
				})
			}
		}
	}
}

// noisyStroke is a w x h crop of coloured noise (a linear congruential
// sequence from seed) with a dark upright stroke left of its middle, so
// that the ink's polarity is not a coin's toss.
func noisyStroke(w, h int, seed uint32) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	x := seed
	for i := range img.Pix {
		x = x*1664525 + 1013904223
		img.Pix[i] = uint8(x >> 24)
	}
	for y := h / 4; y < 3*h/4; y++ {
		for xx := w / 3; xx < w/3+max(1, w/8); xx++ {
			o := y*img.Stride + 4*xx
			img.Pix[o], img.Pix[o+1], img.Pix[o+2] = 20, 30, 25
		}
	}
	return img
}
