package ocr

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/ocr/synth"
)

// equivalenceCrops is a varied set of crops for comparing the fast path
// with the reference computation: every fixture as decoded (*image.RGBA)
// and converted to the other concrete image types the reader has fast
// paths for, as a sub-image, enlarged (so that it is reduced to the
// working size by a non-integer factor), shrunk, turned, plus drawn tiles
// of both alphabets, noise and flat crops.
func equivalenceCrops(t testing.TB) (names []string, crops []image.Image) {
	t.Helper()
	add := func(name string, img image.Image) {
		names = append(names, name)
		crops = append(crops, img)
	}
	fixtures := append(loadPNGs(t, "testdata/real/*.png"), loadPNGs(t, "testdata/synth/*.png")...)
	for i, img := range fixtures {
		b := img.Bounds()
		add(fmt.Sprintf("fixture %d", i), img)
		nrgba := image.NewNRGBA(b)
		draw.Draw(nrgba, b, img, b.Min, draw.Src)
		add(fmt.Sprintf("fixture %d NRGBA", i), nrgba)
		gray := image.NewGray(b)
		draw.Draw(gray, b, img, b.Min, draw.Src)
		add(fmt.Sprintf("fixture %d Gray", i), gray)
		add(fmt.Sprintf("fixture %d YCbCr", i), toYCbCr(img))
		big := image.NewRGBA(image.Rect(0, 0, 5+b.Dx()*8/3, b.Dy()*8/3))
		add(fmt.Sprintf("fixture %d enlarged", i), resample(big, img, 0))
		small := image.NewRGBA(image.Rect(0, 0, max(1, b.Dx()*2/5), max(1, b.Dy()*2/5)))
		add(fmt.Sprintf("fixture %d shrunk", i), resample(small, img, 0))
		// the size of vision/pyramids' face crops: kept at its own size
		face := image.NewRGBA(image.Rect(0, 0, 48, 48))
		add(fmt.Sprintf("fixture %d 48x48", i), resample(face, img, 0))
		turned := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		add(fmt.Sprintf("fixture %d turned", i), resample(turned, img, 23+float64(i*37%90)))
		// a sub-image whose bounds do not start at the origin
		framed := image.NewRGBA(image.Rect(-7, 3, b.Dx()+13, b.Dy()+9))
		draw.Draw(framed, framed.Bounds(), image.NewUniform(color.RGBA{90, 60, 40, 255}), image.Point{}, draw.Src)
		draw.Draw(framed, b.Add(image.Pt(-2, 6)), img, b.Min, draw.Src)
		add(fmt.Sprintf("fixture %d sub-image", i), framed.SubImage(b.Add(image.Pt(-2, 6))))
	}
	g, err := synth.NewGenerator()
	if err != nil {
		t.Fatal(err)
	}
	glyphs := []string{"A", "M", "W", "N", "Z", "Qu", "", "Ж", "Ш", "Е", "Ё", "skip", "give3", ""}
	for i := 0; i < 2*len(glyphs); i++ {
		s := g.Tile(rand.New(rand.NewPCG(77, uint64(i))), glyphs[i%len(glyphs)])
		add(fmt.Sprintf("drawn %d %q", i, s.Glyph), s.Image)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 8; i++ {
		img := image.NewRGBA(image.Rect(0, 0, 10+rng.IntN(80), 10+rng.IntN(80)))
		for k := range img.Pix {
			img.Pix[k] = uint8(rng.IntN(256))
		}
		add(fmt.Sprintf("noise %d", i), img)
	}
	flat := image.NewRGBA(image.Rect(0, 0, 40, 40))
	draw.Draw(flat, flat.Bounds(), image.NewUniform(color.RGBA{30, 120, 60, 255}), image.Point{}, draw.Src)
	add("flat green", flat)
	add("one pixel", image.NewGray(image.Rect(0, 0, 1, 1)))
	return names, crops
}

// resample draws src into dst scaled to fit and turned by deg degrees
// about the centre (nearest neighbour; outside src a table colour).
func resample(dst *image.RGBA, src image.Image, deg float64) *image.RGBA {
	sb, db := src.Bounds(), dst.Bounds()
	sx := float64(sb.Dx()) / float64(db.Dx())
	sy := float64(sb.Dy()) / float64(db.Dy())
	c, s := math.Cos(deg*math.Pi/180), math.Sin(deg*math.Pi/180)
	for y := db.Min.Y; y < db.Max.Y; y++ {
		for x := db.Min.X; x < db.Max.X; x++ {
			dx := float64(x-db.Min.X) + 0.5 - float64(db.Dx())/2
			dy := float64(y-db.Min.Y) + 0.5 - float64(db.Dy())/2
			u := (dx*c-dy*s)*sx + float64(sb.Dx())/2
			v := (dx*s+dy*c)*sy + float64(sb.Dy())/2
			p := image.Pt(sb.Min.X+int(math.Floor(u)), sb.Min.Y+int(math.Floor(v)))
			if p.In(sb) {
				dst.Set(x, y, src.At(p.X, p.Y))
			} else {
				dst.Set(x, y, color.RGBA{70, 50, 35, 255})
			}
		}
	}
	return dst
}

func toYCbCr(img image.Image) *image.YCbCr {
	b := img.Bounds()
	out := image.NewYCbCr(b, image.YCbCrSubsampleRatio420)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			yy, cb, cr := color.RGBToYCbCr(uint8(r>>8), uint8(g>>8), uint8(bl>>8))
			out.Y[out.YOffset(x, y)] = yy
			ci := out.COffset(x, y)
			out.Cb[ci], out.Cr[ci] = cb, cr
		}
	}
	return out
}

// TestOptimisedMatchesReference proves that the tuned reader computes
// what the straightforward one (ref_test.go) does: the same working
// image, the same feature vectors bit for bit, and the same readings
// (letter, angle and confidence) with both alphabets' models.
func TestOptimisedMatchesReference(t *testing.T) {
	names, crops := equivalenceCrops(t)
	var classifiers []*Classifier
	for _, a := range []string{English, Russian} {
		c, err := classifierFor(a)
		if err != nil {
			t.Fatal(err)
		}
		classifiers = append(classifiers, c)
	}
	for i, img := range crops {
		name := names[i]
		got := toRGB(img, workSide, nil)
		want := refToRGB(img, workSide, nil)
		if got.W != want.W || got.H != want.H || !sameFloats(got.R, want.R) || !sameFloats(got.G, want.G) || !sameFloats(got.B, want.B) {
			t.Errorf("%s: working image differs from the reference", name)
			continue
		}
		fv, err := Features(img)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		rn := refNormalize(refToRGB(img, workSide, nil), nil)
		wantVec := make([]float32, NumFeatures)
		refFeatures(rn.finish(rn.cands[0]), wantVec)
		if fv.Alpha != rn.cands[0] || !sameFloats(fv.Vec, wantVec) {
			t.Errorf("%s: features differ from the reference (alpha %v, want %v)", name, fv.Alpha, rn.cands[0])
		}
		// upright (no rotation estimated): the reference finished at 0
		if up, err := FeaturesUpright(img); err != nil {
			t.Fatalf("%s: upright: %v", name, err)
		} else if refFeatures(rn.finish(0), wantVec); up.Alpha != 0 || !sameFloats(up.Vec, wantVec) {
			t.Errorf("%s: upright features differ from the reference's at 0 degrees", name)
		}
		for _, c := range classifiers {
			got, err := c.Read(img)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			want, err := c.refRead(img)
			if err != nil {
				t.Fatalf("%s: reference: %v", name, err)
			}
			if got != want {
				t.Errorf("%s (%s model): read %+v, reference %+v", name, c.m.Alphabet, got, want)
			}
		}
	}
	t.Logf("%d crops compared", len(crops))
}

func sameFloats(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			return false
		}
	}
	return true
}

// BenchmarkReadReference is the reference computation on the same crops
// as BenchmarkRead, for the before/after comparison.
func BenchmarkReadReference(b *testing.B) {
	c, err := classifierFor(English)
	if err != nil {
		b.Skip(err)
	}
	crops := loadPNGs(b, "testdata/real/*.png")
	b.ReportAllocs()
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		if _, err := c.refRead(crops[i%len(crops)]); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
}

// TestDotRoundsEachProduct: dot and dot4 round each product to float32
// before adding it, on every architecture, so that a Pi (arm64, where the
// compiler would fuse a multiply and an add into one FMADD with one
// rounding) reads tiles with the same bits as amd64 (SSE: mulps, then
// addps). x*x = 1 + 2^-11 + 2^-24 rounds to 1 + 2^-11, so x*x - x*x is 0
// with the products rounded, -2^-24 with the second one fused.
func TestDotRoundsEachProduct(t *testing.T) {
	x := float32(1 + 1.0/4096)
	for _, n := range []int{2, 5, 8, 9} {
		a, b := make([]float32, n), make([]float32, n)
		// Two products into the same partial sum: 0 and 4 (unrolled by 8),
		// or 0 and 4 (by 4), or the tail's.
		i, j := 0, 4
		if n < 5 {
			i, j = 0, 1
		}
		a[i], b[i], a[j], b[j] = x, x, x, -x
		if got := dot(a, b); got != 0 {
			t.Errorf("n=%d: dot = %g, want 0 (each product rounded)", n, got)
		}
		if got := refDot(a, b); got != 0 {
			t.Errorf("n=%d: refDot = %g, want 0 (each product rounded)", n, got)
		}
		zero := make([]float32, n)
		if got := dot4(a, zero, a, zero, b); got[0] != 0 || got[2] != 0 {
			t.Errorf("n=%d: dot4 = %v, want 0 in rows 0 and 2", n, got)
		}
	}
}

// TestDot4: the four-row dot product has the bits of four calls of the
// reference dot, for lengths with and without a tail.
func TestDot4(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	vec := func(n int) []float32 {
		v := make([]float32, n)
		for i := range v {
			v[i] = float32(rng.NormFloat64())
		}
		return v
	}
	for _, n := range []int{0, 1, 3, 4, 5, 8, 13, 192, 636, 637} {
		x := vec(n)
		rows := [4][]float32{vec(n), vec(n), vec(n), vec(n)}
		got := dot4(rows[0], rows[1], rows[2], rows[3], x)
		for k := range rows {
			if want := refDot(rows[k], x); math.Float32bits(got[k]) != math.Float32bits(want) {
				t.Errorf("n=%d row %d: %v, reference %v", n, k, got[k], want)
			}
		}
	}
}

// TestDot8: the eight-row dot product has the bits of eight calls of
// the reference dot, for lengths with and without a tail, on rows laid
// one after another (a weight matrix) with and without padding.
func TestDot8(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct {
		name      string
		n, stride int
	}{
		{"empty", 0, 0}, {"one", 1, 1}, {"three", 3, 3}, {"four", 4, 4}, {"five", 5, 5},
		{"thirteen padded", 13, 16}, {"hidden", 192, 192}, {"features", 636, 636}, {"features tail", 637, 637},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := make([]float32, 7*tc.stride+tc.n)
			for i := range w {
				w[i] = float32(rng.NormFloat64())
			}
			x := make([]float32, tc.n)
			for i := range x {
				x[i] = float32(rng.NormFloat64())
			}
			got := dot8(w, tc.stride, x)
			for k := range got {
				want := refDot(w[k*tc.stride:k*tc.stride+tc.n], x)
				if math.Float32bits(got[k]) != math.Float32bits(want) {
					t.Errorf("row %d: %v, reference %v", k, got[k], want)
				}
			}
		})
	}
}

// TestDot8Packed: eight rows read from their packing (pack8) have dot's
// bits, on lengths with and without a tail, for each group of a layer of
// several; and every embedded model's outputs with its rows packed are
// the bits of its outputs without.
func TestDot8Packed(t *testing.T) {
	if !useAVX {
		t.Skip("no AVX: dot8 reads every row")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, tc := range []struct {
		name    string
		n, rows int
	}{
		{"three", 3, 8}, {"four", 4, 8}, {"five", 5, 16}, {"hidden", 192, 24},
		{"cnn maps", 288, 64}, {"features", 636, 8}, {"features tail", 637, 16},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := make([]float32, tc.rows*tc.n)
			for i := range w {
				w[i] = float32(rng.NormFloat64())
			}
			x := make([]float32, tc.n)
			for i := range x {
				x[i] = float32(rng.NormFloat64())
			}
			p := pack8(w, tc.rows, tc.n)
			for r := 0; r+8 <= tc.rows; r += 8 {
				got := rows8(p, w, r, tc.n, x)
				for k := range got {
					want := refDot(w[(r+k)*tc.n:(r+k+1)*tc.n], x)
					if math.Float32bits(got[k]) != math.Float32bits(want) {
						t.Errorf("row %d: %v, reference %v", r+k, got[k], want)
					}
				}
			}
		})
	}
	entries, err := modelFS.ReadDir("model")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".tsm")
		if !ok {
			continue
		}
		t.Run(name, func(t *testing.T) {
			m, err := LoadModel(name)
			if err != nil {
				t.Fatal(err)
			}
			packed, err := NewClassifier(m)
			if err != nil {
				t.Fatal(err)
			}
			if _, pw := packed.rowsPacked(); pw == nil {
				t.Fatal("no rows packed")
			}
			plain, err := NewClassifier(m)
			if err != nil {
				t.Fatal(err)
			}
			plain.packed = nil
			feat := make([]float32, m.Features)
			for trial := 0; trial < 5; trial++ {
				for i := range feat {
					feat[i] = float32(rng.NormFloat64())
				}
				a, b := packed.Outputs(feat), plain.Outputs(feat)
				for i := range a {
					if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
						t.Fatalf("output %d: %v, unpacked %v", i, a[i], b[i])
					}
				}
			}
		})
	}
}

// TestToRGBByteTable: an RGBA crop kept at its own size is scaled by
// byteUnit's loads to the values of the conversion and multiplication
// per channel it replaced, for every byte in every channel, on a crop
// that is a sub-image too.
func TestToRGBByteTable(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 40, 40))
	for i := range img.Pix {
		img.Pix[i] = uint8(i/4 + 61*(i%4)) // every byte in every channel
	}
	const s = float32(1) / 255
	for _, tc := range []struct {
		name string
		m    *image.RGBA
	}{{"whole", img}, {"sub-image", img.SubImage(image.Rect(3, 5, 37, 31)).(*image.RGBA)}} {
		t.Run(tc.name, func(t *testing.T) {
			out := toRGB(tc.m, workSide, nil)
			b := tc.m.Bounds()
			if out.W != b.Dx() || out.H != b.Dy() {
				t.Fatalf("%dx%d, want the crop's own %dx%d", out.W, out.H, b.Dx(), b.Dy())
			}
			for y := 0; y < out.H; y++ {
				for x := 0; x < out.W; x++ {
					c := tc.m.RGBAAt(b.Min.X+x, b.Min.Y+y)
					i := y*out.W + x
					for k, got := range []float32{out.R[i], out.G[i], out.B[i]} {
						want := float32([3]uint8{c.R, c.G, c.B}[k]) * s
						if math.Float32bits(got) != math.Float32bits(want) {
							t.Fatalf("pixel (%d, %d) channel %d: %v, want %v", x, y, k, got, want)
						}
					}
				}
			}
		})
	}
}
