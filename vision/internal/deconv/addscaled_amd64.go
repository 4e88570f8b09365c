package deconv

//go:noescape
func addScaledPairs(acc, src *float64, n int, w float64)

// AddScaled adds w times src to acc, element by element (src as long as
// acc at least): two elements a step with SSE2 (addscaled_amd64.s), a
// multiply then an add each, so every element has the bits of the
// scalar acc[x] += w*src[x] (TestAddScaledBits).
func AddScaled(acc, src []float64, w float64) {
	n := len(acc)
	if n == 0 {
		return
	}
	src = src[:n]
	addScaledPairs(&acc[0], &src[0], n, w)
	if n&1 == 1 {
		acc[n-1] += w * src[n-1]
	}
}
