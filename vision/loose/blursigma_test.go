package loose

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/tilescope/tilescope/internal/sharedtest"
	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/internal/deconv"
)

// blurSigmaRef is blurSigma as loosedefocus wrote it (the whole picture
// blurred again, every gradient by math.Hypot, the quantile and the
// median sorted; the one edge's sigma from its two gradients is
// edgeSigma, shared): the reference blurSigma keeps to the bit.
func blurSigmaRef(gray []byte, w, h int) float64 {
	if w < 8 || h < 8 {
		return 0
	}
	g := make([]float64, w*h)
	for i, v := range gray {
		g[i] = float64(v)
	}
	r, tmp := make([]float64, w*h), make([]float64, w*h)
	deconv.ConvolveSep(g, r, tmp, w, h, vision.GaussianKernel(blurProbe, 3))
	grad := func(p []float64, x, y int) (float64, float64) {
		i := y*w + x
		return (p[i+1] - p[i-1]) / 2, (p[i+w] - p[i-w]) / 2
	}
	mag := make([]float64, w*h)
	for y := 1; y < h-1; y++ {
		for x := 1; x < w-1; x++ {
			gx, gy := grad(g, x, y)
			mag[y*w+x] = math.Hypot(gx, gy)
		}
	}
	var ms []float64
	for y := 2; y < h-2; y += 2 {
		for x := 2; x < w-2; x += 2 {
			ms = append(ms, mag[y*w+x])
		}
	}
	if len(ms) == 0 {
		return 0
	}
	lo := math.Max(blurEdgeLevel, quantile(ms, 0.95))
	var sig []float64
	for y := 3; y < h-3; y++ {
		for x := 3; x < w-3; x++ {
			i := y*w + x
			m := mag[i]
			if m < lo {
				continue
			}
			gx, gy := grad(g, x, y)
			dx, dy := int(math.Round(gx/m)), int(math.Round(gy/m))
			if mag[i+dy*w+dx] > m || mag[i-dy*w-dx] >= m {
				continue
			}
			rx, ry := grad(r, x, y)
			if s, ok := edgeSigma(m, math.Hypot(rx, ry)); ok {
				sig = append(sig, s)
			}
		}
	}
	if len(sig) < 50 {
		return 0
	}
	return median(sig)
}

// workingGrey is the photo at path at the working size (800 px on its
// longer side at most) in grey levels, as deblurredOf measures it, and
// the same blurred by each of sigmas (a defocused photo).
func workingGrey(tb testing.TB, path string, sigmas ...float64) ([][]byte, int, int) {
	tb.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	img, err := vision.DecodePhoto(b)
	if err != nil {
		tb.Fatal(err)
	}
	m := toRGB(img)
	if s := max(m.w, m.h); s > 800 {
		m = m.scaled(800 / float64(s))
	}
	out := [][]byte{m.gray()}
	for _, s := range sigmas {
		d, err := darkSmooth(m, s)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, d.gray())
	}
	return out, m.w, m.h
}

// TestBlurSigmaBits: blurSigma gives blurSigmaRef's sigma to the bit on
// real photos as taken and blurred (0.8 to 3 px), on photos cropped to
// odd sizes, and on drawn strokes sharp and blurred.
func TestBlurSigmaBits(t *testing.T) {
	dir := filepath.Join(sharedtest.Dir(t, "data/photos"), "bananagrams-fi", "valid", "images")
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	type pic struct {
		name string
		g    []byte
		w, h int
	}
	var pics []pic
	sigmas := []float64{0.8, 1.5, 3}
	for _, e := range ents[:min(6, len(ents))] {
		gs, w, h := workingGrey(t, filepath.Join(dir, e.Name()), sigmas...)
		for j, g := range gs {
			name := e.Name()[:13] + " as taken"
			if j > 0 {
				name = fmt.Sprintf("%s blurred %.1f", e.Name()[:13], sigmas[j-1])
			}
			pics = append(pics, pic{name, g, w, h})
		}
		// a crop of odd size (the rows' and columns' ends)
		cw, ch := w-37, h-101
		c := make([]byte, cw*ch)
		for y := range ch {
			copy(c[y*cw:(y+1)*cw], gs[len(gs)-1][(y+50)*w+20:])
		}
		pics = append(pics, pic{e.Name()[:13] + " cropped", c, cw, ch})
	}
	sharp := strokesPicture(480, 360)
	pics = append(pics, pic{"strokes", sharp.gray(), 480, 360})
	for _, s := range []float64{1.5, 2.5} {
		d, err := darkSmooth(sharp, s)
		if err != nil {
			t.Fatal(err)
		}
		pics = append(pics, pic{fmt.Sprintf("strokes blurred %.1f", s), d.gray(), 480, 360})
	}
	pics = append(pics, pic{"flat", make([]byte, 64*48), 64, 48}, pic{"tiny", make([]byte, 9*9), 9, 9})
	for _, p := range pics {
		t.Run(p.name, func(t *testing.T) {
			got, want := blurSigma(p.g, p.w, p.h), blurSigmaRef(p.g, p.w, p.h)
			if math.Float64bits(got) != math.Float64bits(want) {
				t.Errorf("blurSigma %v (%#x), reference %v (%#x)", got, math.Float64bits(got), want, math.Float64bits(want))
			}
		})
	}
}

// TestMagTable: every gradient of whole-level differences has in
// magTable math.Hypot's magnitude to the bit, signs and all, and
// magOrder lists the codes by magnitude.
func TestMagTable(t *testing.T) {
	tab := magTable()
	for dx := -255; dx <= 255; dx++ {
		for dy := -255; dy <= 255; dy++ {
			got, want := tab[magCode(dx, dy)], math.Hypot(float64(dx)/2, float64(dy)/2)
			if math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("(%d, %d): table %v, Hypot %v", dx, dy, got, want)
			}
		}
	}
	ord := magOrder()
	if len(ord) != 1<<16 || !sort.SliceIsSorted(ord, func(i, j int) bool { return tab[ord[i]] < tab[ord[j]] }) {
		t.Fatal("magOrder is not the codes in the order of their magnitudes")
	}
	// The order the stable sort of the codes listed in order gives
	// (the table's first order): equal magnitudes keep their codes'.
	stable := make([]uint16, 1<<16)
	for c := range stable {
		stable[c] = uint16(c)
	}
	sort.SliceStable(stable, func(i, j int) bool { return tab[stable[i]] < tab[stable[j]] })
	for i := range stable {
		if ord[i] != stable[i] {
			t.Fatalf("magOrder[%d] = %d, the stable sort's %d", i, ord[i], stable[i])
		}
	}
}

// BenchmarkBlurSigma: the blur of a real photo (ban-seg valid, 640x640)
// as taken and blurred by 2 px, by blurSigma and by the reference.
func BenchmarkBlurSigma(b *testing.B) {
	dir := filepath.Join(sharedtest.Dir(b, "data/photos"), "bananagrams-fi", "valid", "images")
	ents, err := os.ReadDir(dir)
	if err != nil || len(ents) == 0 {
		b.Skip("no photos")
	}
	gs, w, h := workingGrey(b, filepath.Join(dir, ents[0].Name()), 2)
	for _, f := range []struct {
		name string
		fn   func([]byte, int, int) float64
	}{{"fast", blurSigma}, {"ref", blurSigmaRef}} {
		for j, g := range gs {
			name := f.name + "/taken"
			if j > 0 {
				name = f.name + "/defocused"
			}
			b.Run(name, func(b *testing.B) {
				blurSigma(g, w, h) // the tables, once
				b.ResetTimer()
				cpu0 := cpuTime()
				for range b.N {
					f.fn(g, w, h)
				}
				b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/float64(b.N), "cpu-us/op")
			})
		}
	}
}
