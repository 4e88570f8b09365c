package ocr

// convRowAVX runs a convolution over n pixels of a row (conv_amd64.s):
// out[p*cout+co] = bias[co] + the k products of wt[j*cout+co] and
// in[p+offs[j]], summed in dot's order. cout is a multiple of 8.
//
//go:noescape
func convRowAVX(in *float32, offs *int, k int, wt *float32, bias *float32, cout int, out *float32, n int)

// useAVX: the processor runs convRowAVX and dot8PackedAVX.
var useAVX = cpuHasAVX()

// cpuHasAVX tells whether the processor and the system run AVX
// (conv_amd64.s).
func cpuHasAVX() bool

// dot8PackedAVX is dot8Lanes over eight rows packed by pack8 (n4 groups
// of four inputs), with AVX (conv_amd64.s).
//
//go:noescape
func dot8PackedAVX(p *float32, x *float32, n4 int, lanes *[32]float32)

// dot8Packed is dot8(w, stride, x) with the eight rows' first
// len(x)&^3 floats read from p (pack8's of the same rows): the same
// bits, two rows a pass.
func dot8Packed(p, w []float32, stride int, x []float32) [8]float32 {
	n := len(x)
	n4 := n / 4
	if n4 == 0 {
		return dot8(w, stride, x)
	}
	_ = w[7*stride+n-1]
	_ = p[n4*32-1]
	var l [32]float32
	dot8PackedAVX(&p[0], &x[0], n4, &l)
	return lanes8(&l, w, stride, x)
}
