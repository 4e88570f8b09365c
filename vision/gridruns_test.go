package vision

import (
	"math"
	"math/rand"
	"sort"
	"testing"
)

// gridRunsLinear is gridRuns as it was before the bisection: every line
// between the pair searched for the nearest. TestGridRunsBisection checks
// the two agree.
func gridRunsLinear(f lineFamily, n int) [][2]fline {
	if len(f) < 4 {
		return nil
	}
	t := placesAlong(f)
	var runs []gridRun
	for i := range f {
		for j := i + 1; j < len(f); j++ {
			if score, ok := runScore(t[i], t[j], n, nearBetween(t, i, j)); ok {
				runs = append(runs, gridRun{i, j, score})
			}
		}
	}
	return bestRuns(f, runs)
}

// nearBetween is the distance from a wanted place to the nearest of the
// places t[i+1] .. t[j-1], found by looking at every one (NaN where one
// is NaN, as math.Min gives).
func nearBetween(t []float64, i, j int) func(want float64) float64 {
	return func(want float64) float64 {
		d := math.Inf(1)
		for m := i + 1; m < j; m++ {
			d = math.Min(d, math.Abs(t[m]-want))
		}
		return d
	}
}

// TestGridRunsBisection: families of lines like a photographed grid's
// (evenly spaced in perspective, some missing, clutter, slightly tilted
// so their order by offset is not their order along the transversal)
// give the same runs by bisection as by the linear search.
func TestGridRunsBisection(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	found := 0
	for trial := 0; trial < 60; trial++ {
		n := []int{8, 10, 15}[trial%3]
		var f lineFamily
		pitch := 20 + 30*rng.Float64()
		base := 50 * rng.Float64()
		for k := 0; k <= n; k++ {
			if rng.Float64() < 0.15 {
				continue
			}
			a := 0.03 * (rng.Float64() - 0.5)
			f = append(f, fline{n: Point{math.Cos(a), math.Sin(a)}, rho: base + pitch*float64(k)*(1+0.02*float64(k)) + 2*(rng.Float64()-0.5), length: 100})
		}
		for c := rng.Intn(20); c > 0; c-- {
			a := 0.1 * (rng.Float64() - 0.5)
			f = append(f, fline{n: Point{math.Cos(a), math.Sin(a)}, rho: base + pitch*float64(n+2)*rng.Float64(), length: 50})
		}
		sort.Slice(f, func(i, j int) bool { return f[i].rho < f[j].rho })
		got, want := gridRuns(f, n), gridRunsLinear(f, n)
		if len(want) > 0 {
			found++
		}
		if len(got) != len(want) {
			t.Fatalf("trial %d: %d runs, want %d", trial, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("trial %d run %d: %v, want %v", trial, i, got[i], want[i])
			}
		}
	}
	if found < 30 {
		t.Errorf("only %d of 60 families held a run: the test checks little", found)
	}
}

func BenchmarkGridRuns(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	var f lineFamily
	for k := 0; k < 90; k++ {
		a := 0.05 * (rng.Float64() - 0.5)
		f = append(f, fline{n: Point{math.Cos(a), math.Sin(a)}, rho: 600 * rng.Float64(), length: 80})
	}
	sort.Slice(f, func(i, j int) bool { return f[i].rho < f[j].rho })
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		gridRuns(f, 15)
	}
}

// TestNearestIn checks nearestIn's written-out bisection and min against
// sort.SearchFloat64s and math.Min, bit for bit: empty and one-value
// lists, repeated values, wanted values before, between, on and after
// them, signed zeros, infinities and NaN.
func TestNearestIn(t *testing.T) {
	ref := func(sorted []float64, want float64) float64 {
		near := math.Inf(1)
		k := sort.SearchFloat64s(sorted, want)
		if k < len(sorted) {
			near = sorted[k] - want
		}
		if k > 0 {
			near = math.Min(near, want-sorted[k-1])
		}
		return near
	}
	lists := []struct {
		name   string
		sorted []float64
	}{
		{"empty", nil},
		{"one", []float64{3.5}},
		{"repeated", []float64{-2, 1, 1, 1, 4.25, 9}},
		{"signed zeros", []float64{math.Copysign(0, -1), 0, 2}},
		{"infinities", []float64{math.Inf(-1), -1, 5, math.Inf(1)}},
		{"many", []float64{-40.5, -12, -3.75, 0.5, 2, 7.125, 7.5, 19, 33, 80.25, 81, 200}},
	}
	wants := []float64{math.Inf(-1), -100, -40.5, -3, math.Copysign(0, -1), 0, 0.5, 1, 1.0000001, 4, 7.3, 9, 81, 150, 1e9, math.Inf(1), math.NaN()}
	for _, l := range lists {
		t.Run(l.name, func(t *testing.T) {
			for _, w := range wants {
				got, want := nearestIn(l.sorted, w), ref(l.sorted, w)
				if math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
					t.Errorf("nearestIn(%v, %v) = %v, want %v", l.sorted, w, got, want)
				}
			}
		})
	}
}

// runScoreWhole is runScore as it was before its bound: every spacing's
// sum taken to the end.
func runScoreWhole(first, last float64, n int, near func(want float64) float64) (score float64, ok bool) {
	span := last - first
	if math.IsNaN(span) || span < float64(n)*4 {
		return 0, false
	}
	tol := 0.18 * span / float64(n)
	best := 0.0
	for beta := -0.4; beta <= 0.41; beta += 0.1 {
		var sc float64
		for k := 1; k < n; k++ {
			u := float64(k) / float64(n)
			d := near(first + span*u*(1+beta)/(1+beta*u))
			if d < tol {
				sc += 1 - d/tol
			}
		}
		best = math.Max(best, sc)
	}
	return best, best >= 0.45*float64(n-1)
}

// TestRunScoreBound checks runScore, which leaves a spacing once its sum
// can no longer matter, against runScoreWhole on every pair of lines of
// families like a photographed grid's (as TestGridRunsBisection's, some
// with a line the transversal misses, NaN): the same ok, and where ok
// the same score to the bit.
func TestRunScoreBound(t *testing.T) {
	for _, tc := range []struct {
		name string
		seed int64
		nan  bool
	}{
		{"grids", 11, false},
		{"grids with a line unplaced", 12, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewSource(tc.seed))
			oks, nots := 0, 0
			for trial := 0; trial < 40; trial++ {
				n := []int{8, 10, 15}[trial%3]
				pitch := 20 + 30*rng.Float64()
				base := 50 * rng.Float64()
				var places []float64
				for k := 0; k <= n; k++ {
					if rng.Float64() < 0.2 {
						continue
					}
					places = append(places, base+pitch*float64(k)*(1+0.02*float64(k))+3*(rng.Float64()-0.5))
				}
				for c := rng.Intn(25); c > 0; c-- {
					places = append(places, base+pitch*float64(n+2)*rng.Float64())
				}
				sort.Float64s(places)
				if tc.nan {
					places[rng.Intn(len(places))] = math.NaN()
				}
				for i := range places {
					for j := i + 1; j < len(places); j++ {
						near := nearBetween(places, i, j)
						got, gotOK := runScore(places[i], places[j], n, near)
						want, wantOK := runScoreWhole(places[i], places[j], n, near)
						if gotOK != wantOK || gotOK && math.Float64bits(got) != math.Float64bits(want) {
							t.Fatalf("trial %d pair %d,%d: %v %v, want %v %v", trial, i, j, got, gotOK, want, wantOK)
						}
						if wantOK {
							oks++
						} else if !math.IsNaN(places[j]-places[i]) && places[j]-places[i] >= float64(n)*4 {
							nots++
						}
					}
				}
			}
			if oks < 50 || nots < 1000 {
				t.Errorf("%d runs and %d pairs scored and refused: the test checks little", oks, nots)
			}
		})
	}
}
