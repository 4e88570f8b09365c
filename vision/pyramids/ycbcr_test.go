package pyramids

import (
	"bytes"
	"image"
	"image/draw"
	"math/rand"
	"testing"
)

// randomYCbCr is a w x h YCbCr of the given sampling at origin o, every
// sample random (every channel's clamping reached both ways).
func randomYCbCr(rng *rand.Rand, o image.Point, w, h int, ratio image.YCbCrSubsampleRatio) *image.YCbCr {
	m := image.NewYCbCr(image.Rectangle{Min: o, Max: o.Add(image.Pt(w, h))}, ratio)
	for _, p := range [][]uint8{m.Y, m.Cb, m.Cr} {
		for i := range p {
			p[i] = uint8(rng.Intn(256))
		}
	}
	return m
}

// TestYCbCrRows: a YCbCr photo converted by ycbcrRows gives image/draw's
// bytes, in every sampling it takes, at odd sizes, off the origin, cut
// out of a larger photo at odd columns and rows, and in bands; the
// samplings it does not take (and negative origins) are refused, dst
// untouched.
func TestYCbCrRows(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	type ratio = image.YCbCrSubsampleRatio
	taken := []ratio{image.YCbCrSubsampleRatio444, image.YCbCrSubsampleRatio422, image.YCbCrSubsampleRatio420, image.YCbCrSubsampleRatio440}
	type tcase struct {
		name string
		src  *image.YCbCr
		ok   bool
	}
	var cases []tcase
	for _, r := range taken {
		big := randomYCbCr(rng, image.Point{}, 120, 90, r)
		cases = append(cases,
			tcase{r.String() + " even", randomYCbCr(rng, image.Point{}, 64, 48, r), true},
			tcase{r.String() + " odd size", randomYCbCr(rng, image.Point{}, 63, 47, r), true},
			tcase{r.String() + " one pixel", randomYCbCr(rng, image.Point{}, 1, 1, r), true},
			tcase{r.String() + " off the origin", randomYCbCr(rng, image.Pt(3, 5), 31, 17, r), true},
			tcase{r.String() + " cut at odd column and row", big.SubImage(image.Rect(37, 21, 101, 76)).(*image.YCbCr), true},
			tcase{r.String() + " cut at even column and row", big.SubImage(image.Rect(10, 8, 99, 89)).(*image.YCbCr), true},
		)
	}
	cases = append(cases,
		tcase{"4:1:1 refused", randomYCbCr(rng, image.Point{}, 40, 20, image.YCbCrSubsampleRatio411), false},
		tcase{"4:1:0 refused", randomYCbCr(rng, image.Point{}, 40, 20, image.YCbCrSubsampleRatio410), false},
		tcase{"negative origin refused", randomYCbCr(rng, image.Pt(-3, 2), 40, 20, image.YCbCrSubsampleRatio420), false},
	)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := tc.src.Bounds()
			want := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
			draw.Draw(want, want.Rect, tc.src, b.Min, draw.Src)
			for _, bands := range []int{1, 3} {
				got := image.NewRGBA(want.Rect)
				ok := true
				for i := 0; i < bands; i++ {
					ok = ycbcrRows(got, tc.src, i*b.Dy()/bands, (i+1)*b.Dy()/bands) && ok
				}
				if ok != tc.ok {
					t.Fatalf("%d bands: taken %v, want %v", bands, ok, tc.ok)
				}
				if !ok {
					if !bytes.Equal(got.Pix, make([]byte, len(got.Pix))) {
						t.Errorf("%d bands: refused, yet wrote into dst", bands)
					}
					continue
				}
				if !bytes.Equal(got.Pix, want.Pix) {
					n := 0
					for i := range got.Pix {
						if got.Pix[i] != want.Pix[i] {
							n++
						}
					}
					t.Errorf("%d bands: %d of %d bytes differ from image/draw's", bands, n, len(got.Pix))
				}
			}
		})
	}
}

// BenchmarkYCbCrRows converts a 1640x1232 4:2:0 photo (the camera's) to
// RGBA, ycbcrRows against image/draw.
func BenchmarkYCbCrRows(b *testing.B) {
	src := randomYCbCr(rand.New(rand.NewSource(1)), image.Point{}, 1640, 1232, image.YCbCrSubsampleRatio420)
	dst := image.NewRGBA(src.Rect)
	b.Run("ycbcrRows", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ycbcrRows(dst, src, 0, 1232)
		}
	})
	b.Run("draw", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			draw.Draw(dst, dst.Rect, src, image.Point{}, draw.Src)
		}
	})
}
