package deconv

import "math"

// RichardsonLucy sharpens est in place by iters steps of Richardson-Lucy
// deconvolution of the observed plane obs (every value above 0; est
// usually starts as a copy of it). blur(src, dst) sets dst to src blurred
// as the photo was, adjoint(src, dst) to src blurred by the kernel turned
// half round (the same function for a symmetric kernel); work1 and work2
// are planes of obs's length that it overwrites (work2 may be work1
// itself where adjoint blurs its plane in place, src and dst the same).
// Each step is est *= adjoint(obs / max(blur(est), 1e-3)).
func RichardsonLucy(obs, est, work1, work2 []float64, iters int, blur, adjoint func(src, dst []float64)) {
	for it := 0; it < iters; it++ {
		blur(est, work1)
		for i, v := range obs {
			work2[i] = v / math.Max(work1[i], 1e-3)
		}
		adjoint(work2, work1)
		for i := range est {
			est[i] *= work1[i]
		}
	}
}

// RowBlur sets dst (a row's w values) to row y of a plane blurred,
// reading the plane's rows through row: row(yy) is the plane's row yy,
// the top row's above the plane and the bottom row's below it.
type RowBlur func(y int, row func(yy int) []float64, dst []float64)

// RichardsonLucyDown is RichardsonLucy taken down the plane's rows, for a
// blur whose row y reads rows y+lo to y+hi alone (lo <= hi) and whose
// adjoint is that blur turned half round (its row y reads rows y-hi to
// y-lo). est is h rows of w values; obsRow(y, buf) returns the observed
// row y (buf, w values, is its own to fill). Each step works out the
// blurred rows and their ratios as the turned blur's rows need them,
// holding hi-lo+1 of them, and overwrites est a row at a time: besides
// est it holds hi-lo+3 rows, not two planes. A row of est is
// overwritten only once every ratio that reads it is worked out (the
// ratios a row's adjoint reads end at row y-lo, and that ratio's blur
// reads est from row y on), so every value has the bits RichardsonLucy
// gives on whole planes where blur and adjoint sum each row as these
// do.
func RichardsonLucyDown(obsRow func(y int, buf []float64) []float64, w, h int, est []float64, iters, lo, hi int, blur, adjoint RowBlur) {
	if w <= 0 || h <= 0 || lo > hi {
		return
	}
	n := hi - lo + 1
	held := make([]float64, (n+2)*w)
	ring, obsBuf, acc := held[:n*w], held[n*w:(n+1)*w], held[(n+1)*w:]
	edge := func(y int) int { return min(h-1, max(0, y)) }
	estRow := func(y int) []float64 {
		y = edge(y)
		return est[y*w : (y+1)*w]
	}
	// ratio row y in slot y % n; the ring holds rows next-n to next-1
	ratioRow := func(y int) []float64 {
		k := edge(y) % n
		return ring[k*w : (k+1)*w]
	}
	for it := 0; it < iters; it++ {
		next := 0 // the next ratio row to work out
		for y := 0; y < h; y++ {
			for last := edge(y - lo); next <= last; next++ {
				r := ratioRow(next)
				blur(next, estRow, r)
				for x, v := range obsRow(next, obsBuf)[:w] {
					r[x] = v / math.Max(r[x], 1e-3)
				}
			}
			adjoint(y, ratioRow, acc)
			e := est[y*w : (y+1)*w]
			for x, v := range acc {
				e[x] *= v
			}
		}
	}
}
