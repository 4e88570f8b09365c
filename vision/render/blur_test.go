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

func TestKern3MatchesPlainFilter(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, size := range [][2]int{{1, 1}, {2, 3}, {37, 21}} {
		W, H := size[0], size[1]
		p := make([]uint8, 4*W*H)
		for i := range p {
			p[i] = uint8(r.IntN(256))
			if i&3 == 3 {
				p[i] = 255
			}
		}
		const a = float32(0.25)
		wa, wc := int32(64), int32(128)
		at := func(q []uint8, x, y, ch int) int32 { return int32(q[4*(clampi(y, H)*W+clampi(x, W))+ch]) }
		mid := make([]uint8, len(p))
		for y := 0; y < H; y++ {
			for x := 0; x < W; x++ {
				for ch := 0; ch < 4; ch++ {
					mid[4*(y*W+x)+ch] = uint8((wa*(at(p, x-1, y, ch)+at(p, x+1, y, ch)) + wc*at(p, x, y, ch) + 128) >> 8)
				}
			}
		}
		want := make([]uint8, len(p))
		for y := 0; y < H; y++ {
			for x := 0; x < W; x++ {
				for ch := 0; ch < 4; ch++ {
					want[4*(y*W+x)+ch] = uint8((wa*(at(mid, x, y-1, ch)+at(mid, x, y+1, ch)) + wc*at(mid, x, y, ch) + 128) >> 8)
				}
			}
		}
		kern3(p, W, H, a)
		for i := range want {
			if p[i] != want[i] {
				t.Fatalf("%dx%d: byte %d = %d, want %d", W, H, i, p[i], want[i])
			}
		}
	}
}

func TestShadowBlurMatchesPlainFilter(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	const stride, rows = 300, 200
	m := make([]float32, stride*rows)
	for i := range m {
		m[i] = r.Float32()
	}
	box := image.Rect(20, 10, 290, 190)
	const rad = 4
	want := append([]float32(nil), m...)
	get := func(q []float32, x, y int) float32 {
		x = box.Min.X + clampi(x-box.Min.X, box.Dx())
		y = box.Min.Y + clampi(y-box.Min.Y, box.Dy())
		return q[y*stride+x]
	}
	mid := append([]float32(nil), m...)
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			var s float32
			for i := -rad; i <= rad; i++ {
				s += get(m, x+i, y)
			}
			mid[y*stride+x] = s / (2*rad + 1)
		}
	}
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			var s float32
			for i := -rad; i <= rad; i++ {
				s += get(mid, x, y+i)
			}
			want[y*stride+x] = s / (2*rad + 1)
		}
	}
	boxBlurF32(m, stride, box, rad)
	for i := range want {
		if d := m[i] - want[i]; d > 1e-4 || d < -1e-4 {
			t.Fatalf("value %d = %g, want %g", i, m[i], want[i])
		}
	}
}
