//go:build !amd64

package ocr

// useAVX: convRowAVX and dot8PackedAVX are amd64's only.
var useAVX = false

func convRowAVX(in *float32, offs *int, k int, wt *float32, bias *float32, cout int, out *float32, n int) {
	panic("ocr: convRowAVX without AVX")
}

func dot8Packed(p, w []float32, stride int, x []float32) [8]float32 {
	return dot8(w, stride, x)
}
