package loose

import (
	"math"
	"math/rand"
	"testing"
)

// The speed work of 4 Dec (docs/loose-tiles.md, "BenchmarkScanLoose100
// with less work") replaced a few calls with their values written out or
// looked up; each must give what it replaced for every input, the edge
// cases (NaN, infinities, negative zero, the ends of the byte range)
// included.

func TestClampToIsMaxMin(t *testing.T) {
	for _, tc := range []struct {
		name  string
		v, hi float64
	}{
		{"inside", 17.25, 639},
		{"below", -3.5, 639},
		{"above", 700.1, 639},
		{"at zero", 0, 639},
		{"negative zero", math.Copysign(0, -1), 639},
		{"negative zero, hi zero", math.Copysign(0, -1), 0},
		{"at hi", 639, 639},
		{"NaN", math.NaN(), 639},
		{"plus infinity", math.Inf(1), 639},
		{"minus infinity", math.Inf(-1), 639},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := math.Max(0, math.Min(tc.hi, tc.v))
			got := clampTo(tc.v, tc.hi)
			if math.IsNaN(want) != math.IsNaN(got) || (!math.IsNaN(want) && got != want) {
				t.Errorf("clampTo(%v, %v) = %v, want %v", tc.v, tc.hi, got, want)
			}
			// A zero of either sign is 0 to int and to the sums.
			if !math.IsNaN(want) && int(got) != int(want) {
				t.Errorf("int(clampTo(%v, %v)) = %d, want %d", tc.v, tc.hi, int(got), int(want))
			}
		})
	}
}

func TestRidgeOfIsMin(t *testing.T) {
	nan := math.NaN()
	for _, tc := range []struct {
		name string
		a, b float64
	}{
		{"both over", 12, 30},
		{"both over 40", 50, 70},
		{"one under", 12, -3},
		{"both under", -12, -3},
		{"a zero", 0, 5},
		{"negative zero", math.Copysign(0, -1), 5},
		{"a NaN", nan, 5},
		{"b NaN", 5, nan},
		{"infinity", math.Inf(1), 5},
		{"both infinite", math.Inf(1), math.Inf(1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := math.Min(tc.a, tc.b)
			wantOK := v > 0
			want := 0.0
			if wantOK {
				want = math.Min(v, 40)
			}
			got, ok := ridgeOf(tc.a, tc.b)
			if ok != wantOK || (ok && got != want) {
				t.Errorf("ridgeOf(%v, %v) = %v, %v; want %v, %v", tc.a, tc.b, got, ok, want, wantOK)
			}
		})
	}
}

func TestByteRankIsSorted(t *testing.T) {
	rng := rand.New(rand.NewSource(96500))
	bytes := func(n, lo, hi int) []float64 {
		v := make([]float64, n)
		for i := range v {
			v[i] = float64(lo + rng.Intn(hi-lo+1))
		}
		return v
	}
	for _, tc := range []struct {
		name string
		v    []float64
	}{
		{"empty", nil},
		{"one", []float64{7}},
		{"two", []float64{200, 3}},
		{"ends of the range", []float64{0, 255, 0, 255, 255}},
		{"many", bytes(5001, 0, 255)},
		{"narrow", bytes(999, 120, 131)},
		{"not whole", []float64{1.5, 3, 2}},
		{"over a byte", []float64{256, 3, 2}},
		{"negative", []float64{-1, 3, 2}},
		{"negative zero", []float64{math.Copysign(0, -1), 0, 2}},
		{"NaN", []float64{math.NaN(), 3, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			same := func(what string, got, want float64) {
				if math.IsNaN(got) && math.IsNaN(want) {
					return
				}
				if got != want || math.Signbit(got) != math.Signbit(want) {
					t.Errorf("%s = %v, want %v", what, got, want)
				}
			}
			same("byteMedian", byteMedian(tc.v), median(tc.v))
			for _, q := range []float64{0, 0.1, 0.5, 0.75, 1} {
				same("byteQuantile", byteQuantile(tc.v, q), quantile(tc.v, q))
			}
		})
	}
}

func TestChromaFarIsHypot(t *testing.T) {
	for _, tc := range []struct {
		name       string
		fa, fb, tl float64
	}{
		{"middle", 128, 131, 6.5},
		{"whole tolerance", 140, 120, 9},
		{"at a corner", 0, 255, 4},
		{"between levels", 127.5, 133.25, 5.75},
	} {
		t.Run(tc.name, func(t *testing.T) {
			far := chromaFar(tc.fa, tc.fb, tc.tl)
			n := 0
			for a := range 256 {
				for b := range 256 {
					want := math.Hypot(float64(a)-tc.fa, float64(b)-tc.fb) > tc.tl
					if far[a<<8|b] != want {
						t.Fatalf("chroma (%d, %d): far %v, want %v", a, b, far[a<<8|b], want)
					}
					if !want {
						n++
					}
				}
			}
			if n == 0 {
				t.Errorf("no chroma near (%v, %v): the case tests nothing", tc.fa, tc.fb)
			}
		})
	}
}

func TestQuadSidesIsInsideConvex(t *testing.T) {
	rng := rand.New(rand.NewSource(96501))
	for _, tc := range []struct {
		name string
		q    [4]Point
	}{
		{"square", [4]Point{{10, 10}, {30, 10}, {30, 30}, {10, 30}}},
		{"turned", [4]Point{{20, 5}, {35, 20}, {20, 35}, {5, 20}}},
		{"other way round", [4]Point{{10, 30}, {30, 30}, {30, 10}, {10, 10}}},
		{"skewed, fractions", [4]Point{{11.3, 9.7}, {33.1, 12.2}, {29.6, 31.9}, {8.4, 28.05}}},
		{"degenerate", [4]Point{{10, 10}, {30, 30}, {30, 30}, {10, 10}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := convexSides(tc.q)
			in := 0
			for y := 0; y < 40; y++ {
				r := s.row(float64(y))
				for x := 0; x < 40; x++ {
					p := Point{float64(x), float64(y)}
					want := insideConvex(tc.q, p)
					if got := s.inside(&r, p.X); got != want {
						t.Fatalf("(%d, %d): inside %v, want %v", x, y, got, want)
					}
					if want {
						in++
					}
				}
			}
			if in == 0 {
				t.Errorf("no pixel inside: the case tests nothing")
			}
			// Off the pixel grid too.
			for k := 0; k < 200; k++ {
				p := Point{40 * rng.Float64(), 40 * rng.Float64()}
				r := s.row(p.Y)
				if got, want := s.inside(&r, p.X), insideConvex(tc.q, p); got != want {
					t.Fatalf("%v: inside %v, want %v", p, got, want)
				}
			}
		})
	}
}

func TestScaledOncePerSize(t *testing.T) {
	const w, h = 90, 70
	src := rgbImage{w: w, h: h, pix: make([]byte, 3*w*h)}
	for i := range src.pix {
		src.pix[i] = byte(i * 7)
	}
	cached := src
	cached.sc = &scaleCache{}
	for _, tc := range []struct {
		name  string
		scale float64
	}{
		{"half", 0.5},
		{"a third", 1.0 / 3},
		{"half again", 0.5},
		{"whole", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, got := src.scaled(tc.scale), cached.scaled(tc.scale)
			if got.w != want.w || got.h != want.h || string(got.pix) != string(want.pix) {
				t.Fatalf("cached reduction %dx%d differs from the reduction %dx%d", got.w, got.h, want.w, want.h)
			}
			if tc.scale < 1 && got.sc != nil {
				t.Errorf("a reduction has a cache of its own (its sizes are not the photo's)")
			}
			if again := cached.scaled(tc.scale); tc.scale < 1 && &again.pix[0] != &got.pix[0] {
				t.Errorf("the same size reduced twice")
			}
		})
	}
}
