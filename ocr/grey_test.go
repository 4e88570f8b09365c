package ocr

import (
	"bytes"
	"errors"
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
	noisy := func(w, h int, seed uint32) *image.RGBA {
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
		{"48x48 face crop", noisy(48, 48, 1)},
		{"the grey letter", greyLetter(40, 200, 1, 0)},
		{"33x27", noisy(33, 27, 2)},
		{"8x8, the smallest", noisy(8, 8, 3)},
		{"rows padded past the crop", padded(noisy(40, 40, 4))},
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
