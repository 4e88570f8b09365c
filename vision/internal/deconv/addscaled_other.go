//go:build !amd64

package deconv

// AddScaled adds w times src to acc, element by element (src as long as
// acc at least), four elements a step (SSE2 on amd64: addscaled_amd64.go).
func AddScaled(acc, src []float64, w float64) {
	src = src[:len(acc)]
	x := 0
	for ; x+4 <= len(acc); x += 4 {
		a, s := acc[x:x+4:x+4], src[x:x+4:x+4]
		a[0] += w * s[0]
		a[1] += w * s[1]
		a[2] += w * s[2]
		a[3] += w * s[3]
	}
	for ; x < len(acc); x++ {
		acc[x] += w * src[x]
	}
}
