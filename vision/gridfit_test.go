package vision

import (
	"math"
	"math/rand"
	"testing"
)

// fitLinesAll is fitLines scoring every grid it tries on all its lines:
// the search as it was before eval stopped early (the reference).
func fitLinesAll(prof []float64, n int, lo, hi, pmin, pmax, shift float64) (o, p, score float64) {
	var mean float64
	for _, v := range prof {
		mean += v
	}
	mean /= float64(len(prof))
	if mean <= 0 {
		return 0, 0, -1
	}
	span, centre := hi-lo, (lo+hi)/2
	eval := func(oo, pp float64) float64 {
		full := pp * float64(n)
		if oo < 1 || oo+full > float64(len(prof)-2) {
			return math.Inf(-1)
		}
		var cs []float64
		for k := 0; k <= n; k++ {
			before := interp(prof, oo+(float64(k)-0.5)*pp)
			after := interp(prof, oo+(float64(k)+0.5)*pp)
			mid := (before + after) / 2
			switch k {
			case 0:
				mid = after
			case n:
				mid = before
			}
			cs = append(cs, interp(prof, oo+float64(k)*pp)-mid)
		}
		min1, min2 := math.Inf(1), math.Inf(1)
		for _, c := range cs {
			if c < min1 {
				min1, min2 = c, min1
			} else if c < min2 {
				min2 = c
			}
		}
		return (min1+min2)/2/mean - 0.15*math.Abs(oo+full/2-centre)/pp
	}
	score = math.Inf(-1)
	try := func(oo, pp float64) {
		if sc := eval(oo, pp); sc > score {
			o, p, score = oo, pp, sc
		}
	}
	for pp := pmin * span / float64(n); pp <= pmax*span/float64(n); pp += 0.4 {
		full := pp * float64(n)
		for oo := centre - full/2 - shift*span; oo <= centre-full/2+shift*span; oo++ {
			try(oo, pp)
		}
	}
	bo, bp := o, p
	for pp := bp - 0.5; pp <= bp+0.5; pp += 0.125 {
		for oo := bo - 1; oo <= bo+1; oo += 0.25 {
			try(oo, pp)
		}
	}
	return o, p, score
}

// gridProfile is a line profile of rectSide samples with n+1 peaks
// from offset o at pitch p (strength each), over noise.
func gridProfile(rng *rand.Rand, n int, o, p, strength, noise float64) []float64 {
	prof := make([]float64, rectSide)
	for i := range prof {
		prof[i] = 10 + noise*rng.Float64()
		for k := 0; k <= n; k++ {
			d := float64(i) - (o + float64(k)*p)
			prof[i] += strength * math.Exp(-d*d/4)
		}
	}
	return smooth(prof, 2)
}

// TestFitLinesStopsEarly: fitLines, which stops scoring a grid once
// the lines seen already rule it out, picks the same grid, to the bit,
// as the search that scores every grid on all its lines.
func TestFitLinesStopsEarly(t *testing.T) {
	const m = 0.06 * rectSide
	for _, tc := range []struct {
		name              string
		n, lines          int
		o, p              float64
		strength, noise   float64
		pmin, pmax, shift float64
	}{
		{"15 squares, clear", 15, 15, 20, 14.5, 40, 5, 0.55, 1.08, 0.25},
		{"15 squares, faint", 15, 15, 18, 14.8, 3, 10, 0.55, 1.08, 0.25},
		{"no grid, noise only", 15, 15, 20, 14, 0, 30, 0.55, 1.08, 0.25},
		{"9 of 15 lines' grid fitted as 15", 15, 9, 30, 14, 30, 5, 0.55, 1.08, 0.25},
		{"cut grid of 7", 7, 7, 40, 24, 25, 8, 0.55, 1.08, 0.25},
		{"4 squares, every third line", 4, 12, 20, 18, 20, 8, 0.55, 1.08, 0.25},
		{"tight search", 15, 15, 16, 14.9, 20, 8, 0.9, 1.06, 0.06},
		{"rim search", 15, 15, 16, 14.9, 6, 8, 0.96, 1.04, 0.03},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewSource(int64(len(tc.name))))
			for trial := 0; trial < 5; trial++ {
				prof := gridProfile(rng, tc.lines, tc.o+float64(trial), tc.p, tc.strength, tc.noise)
				o, p, sc := fitLines(prof, tc.n, m, rectSide-m, tc.pmin, tc.pmax, tc.shift)
				wo, wp, wsc := fitLinesAll(prof, tc.n, m, rectSide-m, tc.pmin, tc.pmax, tc.shift)
				if o != wo || p != wp || sc != wsc {
					t.Errorf("trial %d: fitLines = (%v, %v, %v), scoring every line (%v, %v, %v)", trial, o, p, sc, wo, wp, wsc)
				}
			}
		})
	}
}
