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
	var dir Point
	for _, l := range f {
		dir.X += l.n.X
		dir.Y += l.n.Y
	}
	norm := math.Hypot(dir.X, dir.Y)
	dir = Point{dir.X / norm, dir.Y / norm}
	mid := f[len(f)/2]
	o := Point{mid.n.X * mid.rho, mid.n.Y * mid.rho}
	tr := fline{n: Point{-dir.Y, dir.X}, rho: -dir.Y*o.X + dir.X*o.Y}
	t := make([]float64, len(f))
	for i, l := range f {
		p, ok := intersect(l, tr)
		if !ok {
			t[i] = math.NaN()
			continue
		}
		t[i] = dir.X*p.X + dir.Y*p.Y
	}
	type run struct {
		i, j  int
		score float64
	}
	var runs []run
	for i := range f {
		for j := i + 1; j < len(f); j++ {
			span := t[j] - t[i]
			if math.IsNaN(span) || span < float64(n)*4 {
				continue
			}
			tol := 0.18 * span / float64(n)
			best := 0.0
			for beta := -0.4; beta <= 0.41; beta += 0.1 {
				var sc float64
				for k := 1; k < n; k++ {
					u := float64(k) / float64(n)
					want := t[i] + span*u*(1+beta)/(1+beta*u)
					near := math.Inf(1)
					for m := i + 1; m < j; m++ {
						near = math.Min(near, math.Abs(t[m]-want))
					}
					if near < tol {
						sc += 1 - near/tol
					}
				}
				best = math.Max(best, sc)
			}
			if best >= 0.45*float64(n-1) {
				runs = append(runs, run{i, j, best})
			}
		}
	}
	sort.Slice(runs, func(a, b int) bool { return runs[a].score > runs[b].score })
	var out [][2]fline
	for k := 0; k < len(runs) && k < 3; k++ {
		out = append(out, [2]fline{f[runs[k].i], f[runs[k].j]})
	}
	return out
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
