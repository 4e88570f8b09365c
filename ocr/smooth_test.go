package ocr

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestSmoothed checks the Upwords reader's smoothing of a working image:
// every pixel the mean of its 3x3 neighbourhood inside the image, every
// channel alike, for images of every small shape.
func TestSmoothed(t *testing.T) {
	tests := []struct {
		name string
		w, h int
	}{
		{"a crop's working image", 56, 56},
		{"wider than tall", 9, 4},
		{"one row", 7, 1},
		{"one column", 1, 5},
		{"two by two", 2, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 2))
			n := tc.w * tc.h
			im := &rgbImage{W: tc.w, H: tc.h, R: make([]float32, n), G: make([]float32, n), B: make([]float32, n)}
			for i := range n {
				im.R[i], im.G[i], im.B[i] = rng.Float32(), rng.Float32(), rng.Float32()
			}
			ar := &arena{}
			got := im.smoothed(ar)
			for _, ch := range [3][2][]float32{{im.R, got.R}, {im.G, got.G}, {im.B, got.B}} {
				for y := range tc.h {
					for x := range tc.w {
						if tc.w < 2 || tc.h < 2 {
							// too thin to smooth: kept as it is
							if ch[1][y*tc.w+x] != ch[0][y*tc.w+x] {
								t.Fatalf("(%d,%d) %v, want it kept %v", x, y, ch[1][y*tc.w+x], ch[0][y*tc.w+x])
							}
							continue
						}
						s, k := 0.0, 0
						for yy := max(0, y-1); yy <= min(tc.h-1, y+1); yy++ {
							for xx := max(0, x-1); xx <= min(tc.w-1, x+1); xx++ {
								s += float64(ch[0][yy*tc.w+xx])
								k++
							}
						}
						if d := math.Abs(float64(ch[1][y*tc.w+x]) - s/float64(k)); d > 1e-5 {
							t.Fatalf("(%d,%d): %v, want the neighbourhood's mean %v", x, y, ch[1][y*tc.w+x], s/float64(k))
						}
					}
				}
			}
		})
	}
}
