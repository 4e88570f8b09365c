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
	whole := func(int, []float64) []float64 { return obs }
	RichardsonLucyRows(whole, len(obs), est, work1, work2, iters, blur, adjoint)
}

// RichardsonLucyRows is RichardsonLucy with the observed plane read a
// row of w values at a time, each step over: obsRow(y, buf) returns row y
// of it (buf, w values, is its own to fill), so a plane that can be
// worked out again from its source need not be held. est, work1 and work2
// are whole rows of w; every value is the bits RichardsonLucy gives on
// the plane held.
func RichardsonLucyRows(obsRow func(y int, buf []float64) []float64, w int, est, work1, work2 []float64, iters int, blur, adjoint func(src, dst []float64)) {
	if w <= 0 {
		return
	}
	buf := make([]float64, w)
	for it := 0; it < iters; it++ {
		blur(est, work1)
		for y := 0; y*w < len(est); y++ {
			o := obsRow(y, buf)[:w]
			b, r := work1[y*w:(y+1)*w], work2[y*w:(y+1)*w]
			for x, v := range o {
				r[x] = v / math.Max(b[x], 1e-3)
			}
		}
		adjoint(work2, work1)
		for i := range est {
			est[i] *= work1[i]
		}
	}
}
