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
			near := func(want float64) float64 {
				d := math.Inf(1)
				for m := i + 1; m < j; m++ {
					d = math.Min(d, math.Abs(t[m]-want))
				}
				return d
			}
			if score, ok := runScore(t[i], t[j], n, near); ok {
				runs = append(runs, gridRun{i, j, score})
			}
		}
	}
	return bestRuns(f, runs)
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
