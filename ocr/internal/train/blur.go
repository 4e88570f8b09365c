package main

import "github.com/tilescope/tilescope/vision"

// gaussKernel is vision.GaussianKernel with its half width r beside it.
func gaussKernel(sigma, reach float64) (k []float64, r int) {
	k = vision.GaussianKernel(sigma, reach)
	return k, len(k) / 2
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
