package pyramids

import (
	"image"
	"math"
	"math/rand"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/vision"
)

// TestDeconvolve: a face crop blurred by a Gaussian comes back with its
// edges steeper and its strokes darker; a flat crop stays flat.
func TestDeconvolve(t *testing.T) {
	const n = 48
	plane := func(f func(x, y int) float64) []float64 {
		p := make([]float64, n*n)
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				p[y*n+x] = f(x, y)
			}
		}
		return p
	}
	blurred := func(p []float64) *image.RGBA {
		out, tmp := make([]float64, n*n), make([]float64, n*n)
		convolveSep(p, out, tmp, n, vision.GaussianKernel(deconvSigma, 3))
		img := image.NewRGBA(image.Rect(0, 0, n, n))
		for i, v := range out {
			u := uint8(math.Round(v))
			img.Pix[4*i], img.Pix[4*i+1], img.Pix[4*i+2], img.Pix[4*i+3] = u, u, u, 255
		}
		return img
	}
	row := func(img *image.RGBA, y int) []float64 {
		r := make([]float64, n)
		for x := range r {
			r[x] = float64(img.Pix[y*img.Stride+4*x])
		}
		return r
	}
	steepest := func(r []float64) float64 {
		s := 0.0
		for x := 1; x < len(r); x++ {
			s = math.Max(s, math.Abs(r[x]-r[x-1]))
		}
		return s
	}
	darkest := func(r []float64) float64 {
		d := 255.0
		for _, v := range r {
			d = math.Min(d, v)
		}
		return d
	}
	tests := []struct {
		name  string
		scene func(x, y int) float64
		check func(t *testing.T, in, out []float64)
	}{
		{"flat crop stays flat", func(x, y int) float64 { return 140 }, func(t *testing.T, in, out []float64) {
			for x, v := range out {
				if math.Abs(v-140) > 1 {
					t.Fatalf("pixel %d: %.0f, want 140", x, v)
				}
			}
		}},
		{"a blurred edge steeper", func(x, y int) float64 {
			if x < n/2 {
				return 60
			}
			return 200
		}, func(t *testing.T, in, out []float64) {
			if a, b := steepest(in), steepest(out); b < 1.25*a {
				t.Fatalf("steepest step %.1f -> %.1f, want a quarter steeper at least", a, b)
			}
		}},
		{"a blurred stroke darker", func(x, y int) float64 {
			if x >= 22 && x < 26 {
				return 40
			}
			return 210
		}, func(t *testing.T, in, out []float64) {
			if a, b := darkest(in), darkest(out); b > a-20 {
				t.Fatalf("darkest %.0f -> %.0f, want 20 darker at least", a, b)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := blurred(plane(tc.scene))
			out := deconvolve(in)
			if out.Rect != in.Rect {
				t.Fatalf("size %v, want %v", out.Rect, in.Rect)
			}
			tc.check(t, row(in, n/2), row(out, n/2))
		})
	}
}

// convolveSepClamped is convolveSep as first written: a loop over the
// taps per output pixel, each index clamped; the reference the faster
// convolveSep must match to the bit.
func convolveSepClamped(p, out, tmp []float64, n int, k []float64) {
	r := len(k) / 2
	for y := 0; y < n; y++ {
		row := p[y*n : (y+1)*n]
		for x := 0; x < n; x++ {
			a := 0.0
			for i, w := range k {
				a += w * row[max(0, min(n-1, x+i-r))]
			}
			tmp[y*n+x] = a
		}
	}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			a := 0.0
			for i, w := range k {
				a += w * tmp[max(0, min(n-1, y+i-r))*n+x]
			}
			out[y*n+x] = a
		}
	}
}

// TestConvolveSepBitIdentical: convolveSep gives every value to the bit
// as the per-pixel clamped loop, for planes smaller than the kernel's
// radius, about its length and the face crops' size, and kernels of
// several lengths.
func TestConvolveSepBitIdentical(t *testing.T) {
	tests := []struct {
		name  string
		n     int
		sigma float64
	}{
		{"one pixel", 1, deconvSigma},
		{"plane narrower than the radius", 7, deconvSigma},
		{"plane the kernel's length", 23, deconvSigma},
		{"face crop size", 48, deconvSigma},
		{"odd size, short kernel", 31, 1.2},
		{"large plane, wide kernel", 64, 6},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewSource(int64(tc.n)))
			k := vision.GaussianKernel(tc.sigma, 3)
			p := make([]float64, tc.n*tc.n)
			for i := range p {
				p[i] = 1 + 255*rng.Float64()
			}
			want, got := make([]float64, len(p)), make([]float64, len(p))
			convolveSepClamped(p, want, make([]float64, len(p)), tc.n, k)
			convolveSep(p, got, make([]float64, len(p)), tc.n, k)
			for i := range want {
				if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
					t.Fatalf("pixel %d: %v, want %v (bits differ)", i, got[i], want[i])
				}
			}
		})
	}
}

// BenchmarkConvolveSep: one 48 x 48 face-crop plane convolved by the
// deconvolution's kernel, by convolveSep and by the per-pixel clamped
// loop it replaced (the same values to the bit).
func BenchmarkConvolveSep(b *testing.B) {
	const n = 48
	k := vision.GaussianKernel(deconvSigma, 3)
	rng := rand.New(rand.NewSource(1))
	p := make([]float64, n*n)
	for i := range p {
		p[i] = 1 + 255*rng.Float64()
	}
	out, tmp := make([]float64, n*n), make([]float64, n*n)
	for _, bc := range []struct {
		name string
		conv func(p, out, tmp []float64, n int, k []float64)
	}{{"rows", convolveSep}, {"clamped", convolveSepClamped}} {
		b.Run(bc.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				bc.conv(p, out, tmp, n, k)
			}
		})
	}
}

// deconvolveFresh is deconvolve as it was before its planes were kept
// between calls (every plane and the kernel made afresh): the reference
// TestDeconvolveIntoSame compares with.
func deconvolveFresh(c *image.RGBA) *image.RGBA {
	n := c.Rect.Dx()
	obs := make([]float64, n*n)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			o := y*c.Stride + 4*x
			obs[y*n+x] = float64(ocr.Luma(c.Pix[o], c.Pix[o+1], c.Pix[o+2])) + 1
		}
	}
	k := vision.GaussianKernel(deconvSigma, 3)
	est := append([]float64(nil), obs...)
	blur, ratio, tmp := make([]float64, n*n), make([]float64, n*n), make([]float64, n*n)
	for it := 0; it < deconvIters; it++ {
		convolveSep(est, blur, tmp, n, k)
		for i := range obs {
			ratio[i] = obs[i] / math.Max(blur[i], 1e-3)
		}
		convolveSep(ratio, blur, tmp, n, k)
		for i := range est {
			est[i] *= blur[i]
		}
	}
	out := image.NewRGBA(image.Rect(0, 0, n, n))
	for i, v := range est {
		u := uint8(math.Max(0, math.Min(255, v-1+0.5)))
		out.Pix[4*i], out.Pix[4*i+1], out.Pix[4*i+2], out.Pix[4*i+3] = u, u, u, 255
	}
	return out
}

// TestDeconvolveIntoSame: deconvolveInto, whose planes are kept between
// calls, draws every crop's pixels as deconvolveFresh does, into a new
// image, into a used one, and in place (out the crop itself), with
// crops of several sizes one after another (the kept planes grown and
// cut back).
func TestDeconvolveIntoSame(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	crop := func(n int) *image.RGBA {
		img := image.NewRGBA(image.Rect(0, 0, n, n))
		for i := range img.Pix {
			img.Pix[i] = uint8(rng.Intn(256))
		}
		// a dark stroke, so the crop is not all noise
		for y := 0; y < n; y++ {
			for x := n / 3; x < n/3+max(1, n/10); x++ {
				img.Pix[y*img.Stride+4*x], img.Pix[y*img.Stride+4*x+1], img.Pix[y*img.Stride+4*x+2] = 30, 40, 35
			}
		}
		return img
	}
	used := func(n int) *image.RGBA {
		img := image.NewRGBA(image.Rect(0, 0, n, n))
		for i := range img.Pix {
			img.Pix[i] = 77
		}
		return img
	}
	for _, tc := range []struct {
		name string
		n    int
		into string // new, used or in place
	}{
		{"48 px into a new image", 48, "new"},
		{"48 px into a used image", 48, "used"},
		{"48 px in place", 48, "in place"},
		{"20 px after 48 (planes cut back)", 20, "used"},
		{"64 px (planes grown)", 64, "in place"},
		{"1 px", 1, "new"},
		{"48 px again", 48, "in place"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := crop(tc.n)
			want := deconvolveFresh(c)
			var got *image.RGBA
			switch tc.into {
			case "new":
				got = deconvolve(c)
			case "used":
				got = deconvolveInto(used(tc.n), c)
			default:
				got = deconvolveInto(c, c)
			}
			if got.Rect != want.Rect {
				t.Fatalf("size %v, want %v", got.Rect, want.Rect)
			}
			for i := range want.Pix {
				if got.Pix[i] != want.Pix[i] {
					t.Fatalf("byte %d (pixel %d): %d, want %d", i, i/4, got.Pix[i], want.Pix[i])
				}
			}
		})
	}
}
