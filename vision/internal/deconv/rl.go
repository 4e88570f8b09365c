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
		for i := range obs {
			work2[i] = obs[i] / math.Max(work1[i], 1e-3)
		}
		adjoint(work2, work1)
		for i := range est {
			est[i] *= work1[i]
		}
	}
}
