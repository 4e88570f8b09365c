package deconv

import (
	"math"
	"math/rand"
	"testing"
)

// kernel is a blur as weights at whole-pixel offsets, the plane's edge
// pixels repeated past it.
type kernel []struct {
	dx, dy int
	w      float64
}

// turned is k turned half round.
func (k kernel) turned() kernel {
	t := append(kernel(nil), k...)
	for i := range t {
		t[i].dx, t[i].dy = -t[i].dx, -t[i].dy
	}
	return t
}

// reach is the rows k reads, from y+lo to y+hi.
func (k kernel) reach() (lo, hi int) {
	lo, hi = k[0].dy, k[0].dy
	for _, t := range k {
		lo, hi = min(lo, t.dy), max(hi, t.dy)
	}
	return lo, hi
}

// row is a RowBlur: each value the sum of the weights' products in k's
// order from 0.
func (k kernel) row(y int, row func(int) []float64, dst []float64) {
	clear(dst)
	for _, t := range k {
		src := row(y + t.dy)
		for x := range dst {
			dst[x] += t.w * src[min(len(src)-1, max(0, x+t.dx))]
		}
	}
}

// plane is k over a whole w x h plane, the same sums: the reference.
func (k kernel) plane(w, h int) func(src, dst []float64) {
	return func(src, dst []float64) {
		for y := 0; y < h; y++ {
			k.row(y, func(yy int) []float64 {
				yy = min(h-1, max(0, yy))
				return src[yy*w : (yy+1)*w]
			}, dst[y*w:(y+1)*w])
		}
	}
}

// TestRichardsonLucyDown: the steps taken down the rows give every
// value's bits of RichardsonLucy over whole planes, for planes of one
// row, planes less high than the blur reaches, tall and wide ones, and
// blurs along a row, down, slanted, reaching only below or only above
// the row, and further than the plane is high.
func TestRichardsonLucyDown(t *testing.T) {
	line := func(n, dx, dy int) kernel { // n taps from (0,0) by (dx,dy) steps, centred
		k := make(kernel, n)
		for i := range k {
			k[i].dx, k[i].dy = (i-n/2)*dx, (i-n/2)*dy
			k[i].w = 1 / float64(n)
		}
		return k
	}
	shifted := func(k kernel, dy int) kernel {
		k = append(kernel(nil), k...)
		for i := range k {
			k[i].dy += dy
		}
		return k
	}
	slant := kernel{{-3, -2, 0.1}, {-2, -1, 0.15}, {-1, -1, 0.2}, {0, 0, 0.25}, {1, 0, 0.1}, {2, 1, 0.12}, {3, 2, 0.08}}
	for _, tc := range []struct {
		name  string
		w, h  int
		k     kernel
		iters int
	}{
		{"along a row", 40, 30, line(9, 1, 0), 5},
		{"down", 33, 41, line(11, 0, 1), 5},
		{"slanted", 50, 37, slant, 20},
		{"slanted, turned", 50, 37, slant.turned(), 20},
		{"one row", 60, 1, slant, 5},
		{"two rows, down", 25, 2, line(7, 0, 1), 3},
		{"less high than the blur reaches", 30, 6, line(15, 1, 1), 10},
		{"reaching only below", 29, 23, shifted(slant, 4), 5},
		{"reaching only above", 29, 23, shifted(line(5, 1, 1), -6), 5},
		{"one step", 41, 39, line(13, 2, 1), 1},
		{"a pixel wide", 1, 40, line(9, 0, 1), 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewSource(int64(tc.w*1000 + tc.h)))
			obs := make([]float64, tc.w*tc.h)
			for i := range obs {
				obs[i] = 1 + 254*rng.Float64()
			}
			want := append([]float64(nil), obs...)
			work1, work2 := make([]float64, len(obs)), make([]float64, len(obs))
			turned := tc.k.turned()
			RichardsonLucy(obs, want, work1, work2, tc.iters, tc.k.plane(tc.w, tc.h), turned.plane(tc.w, tc.h))

			got := append([]float64(nil), obs...)
			lo, hi := tc.k.reach()
			rows := 0
			obsRow := func(y int, buf []float64) []float64 {
				rows++
				copy(buf, obs[y*tc.w:(y+1)*tc.w])
				return buf
			}
			RichardsonLucyDown(obsRow, tc.w, tc.h, got, tc.iters, lo, hi, tc.k.row, turned.row)
			if rows > tc.iters*tc.h { // a ratio no row's adjoint reads is not worked out
				t.Errorf("%d observed rows read, want each row at most once a step (%d)", rows, tc.iters*tc.h)
			}
			for i := range want {
				if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
					t.Fatalf("value %d (%d, %d) = %v, want %v (whole planes)", i, i%tc.w, i/tc.w, got[i], want[i])
				}
			}
		})
	}
}

// BenchmarkRichardsonLucyDown: 20 steps over a 400x300 plane of a
// slanted 25-tap blur, down the rows.
func BenchmarkRichardsonLucyDown(b *testing.B) {
	const w, h = 400, 300
	k := make(kernel, 25)
	for i := range k {
		k[i].dx, k[i].dy, k[i].w = i-12, (i-12)/2, 1.0/25
	}
	turned := k.turned()
	lo, hi := k.reach()
	obs := make([]float64, w*h)
	for i := range obs {
		obs[i] = 1 + float64(i%251)
	}
	est := make([]float64, len(obs))
	obsRow := func(y int, _ []float64) []float64 { return obs[y*w : (y+1)*w] }
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		copy(est, obs)
		RichardsonLucyDown(obsRow, w, h, est, 20, lo, hi, k.row, turned.row)
	}
}
