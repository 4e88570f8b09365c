package render

import (
	"image"
	"image/jpeg"
	"io"
	"math/rand/v2"
	"testing"
)

// naiveBox is the (2r+1) box filter written plainly, edges clamped.
func naiveBox(p []uint8, W, H, r int) []uint8 {
	get := func(x, y, ch int) int32 { return int32(p[4*(clampi(y, H)*W+clampi(x, W))+ch]) }
	mid := make([]uint8, len(p))
	copy(mid, p)
	div := int32(2*r + 1)
	mul := int64(1<<24) / int64(div)
	avg := func(s int32) uint8 { return uint8((int64(s)*mul + 1<<23) >> 24) }
	for y := 0; y < H; y++ {
		for x := 0; x < W; x++ {
			for ch := 0; ch < 3; ch++ {
				var s int32
				for i := -r; i <= r; i++ {
					s += get(x+i, y, ch)
				}
				mid[4*(y*W+x)+ch] = avg(s)
			}
		}
	}
	out := make([]uint8, len(p))
	copy(out, mid)
	for y := 0; y < H; y++ {
		for x := 0; x < W; x++ {
			for ch := 0; ch < 3; ch++ {
				var s int32
				for i := -r; i <= r; i++ {
					s += int32(mid[4*(clampi(y+i, H)*W+x)+ch])
				}
				out[4*(y*W+x)+ch] = avg(s)
			}
		}
	}
	return out
}

func TestBoxBlurMatchesPlainFilter(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, size := range [][3]int{{7, 5, 1}, {130, 70, 3}, {65, 200, 6}} {
		W, H, rad := size[0], size[1], size[2]
		img := image.NewRGBA(image.Rect(0, 0, W, H))
		for i := range img.Pix {
			img.Pix[i] = uint8(r.IntN(256))
		}
		want := naiveBox(img.Pix, W, H, rad)
		boxRGBA(img.Pix, W, H, rad)
		for i := range want {
			if i&3 != 3 && img.Pix[i] != want[i] {
				t.Fatalf("%dx%d r=%d: byte %d = %d, want %d", W, H, rad, i, img.Pix[i], want[i])
			}
		}
	}
}

func BenchmarkGaussBlur(b *testing.B) {
	img := image.NewRGBA(image.Rect(0, 0, 1640, 1232))
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 7)
	}
	for i := 0; i < b.N; i++ {
		gaussBlur(img, 1.2)
	}
}

func BenchmarkJPEG(b *testing.B) {
	o := Options{Width: 1640, Height: 1232}
	state, _ := RandomState("upwords", 3)
	sc, err := Render("upwords", state, o)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := jpeg.Encode(io.Discard, sc.Image, &jpeg.Options{Quality: 85}); err != nil {
			b.Fatal(err)
		}
	}
}
