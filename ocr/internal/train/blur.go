package main

import "math"

// gaussKernel is a Gaussian of sigma pixels sampled at whole pixels out
// to reach sigmas either side (r of them, rounded up), its weights
// summing to 1.
func gaussKernel(sigma, reach float64) (k []float64, r int) {
	r = int(math.Ceil(reach * sigma))
	k = make([]float64, 2*r+1)
	var sum float64
	for i := range k {
		d := float64(i - r)
		k[i] = math.Exp(-d * d / (2 * sigma * sigma))
		sum += k[i]
	}
	for i := range k {
		k[i] /= sum
	}
	return k, r
}

// blurPixels blurs the w x h picture src (three channels a pixel, row
// by row) by the kernel k of half width r: along the rows, then down
// the columns, the border pixels repeated outside it.
func blurPixels(src [][3]float64, w, h int, k []float64, r int) [][3]float64 {
	clampI := func(v, hi int) int { return max(0, min(hi-1, v)) }
	tmp := make([][3]float64, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var acc [3]float64
			for i, kv := range k {
				p := src[y*w+clampI(x+i-r, w)]
				acc[0] += kv * p[0]
				acc[1] += kv * p[1]
				acc[2] += kv * p[2]
			}
			tmp[y*w+x] = acc
		}
	}
	out := make([][3]float64, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var acc [3]float64
			for i, kv := range k {
				p := tmp[clampI(y+i-r, h)*w+x]
				acc[0] += kv * p[0]
				acc[1] += kv * p[1]
				acc[2] += kv * p[2]
			}
			out[y*w+x] = acc
		}
	}
	return out
}
