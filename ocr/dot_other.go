//go:build !amd64

package ocr

// dot4 is dot(a0, x) .. dot(a3, x).
func dot4(a0, a1, a2, a3, x []float32) [4]float32 {
	return [4]float32{dot(a0, x), dot(a1, x), dot(a2, x), dot(a3, x)}
}

// dot8 is dot(w[k*stride:k*stride+len(x)], x) for the rows k = 0..7.
func dot8(w []float32, stride int, x []float32) (d [8]float32) {
	n := len(x)
	for k := range d {
		d[k] = dot(w[k*stride:k*stride+n], x)
	}
	return d
}
