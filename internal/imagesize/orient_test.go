package imagesize

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"math/rand"
	"testing"

	"github.com/tilescope/tilescope/internal/exif"
)

// noisy is a w by h picture of each kind Upright handles, every pixel
// its own colour.
func noisy(kind string, w, h int) image.Image {
	rng := rand.New(rand.NewSource(int64(w*1000 + h)))
	r := image.Rect(0, 0, w, h)
	fill := func(b []byte) {
		for i := range b {
			b[i] = byte(rng.Intn(256))
		}
	}
	switch kind {
	case "gray":
		m := image.NewGray(r)
		fill(m.Pix)
		return m
	case "rgba":
		m := image.NewNRGBA(r)
		fill(m.Pix)
		for i := 3; i < len(m.Pix); i += 4 {
			m.Pix[i] = 255
		}
		return m
	}
	ratio := map[string]image.YCbCrSubsampleRatio{"444": image.YCbCrSubsampleRatio444, "422": image.YCbCrSubsampleRatio422,
		"420": image.YCbCrSubsampleRatio420, "440": image.YCbCrSubsampleRatio440, "411": image.YCbCrSubsampleRatio411}[kind]
	m := image.NewYCbCr(r, ratio)
	fill(m.Y)
	fill(m.Cb)
	fill(m.Cr)
	return m
}

// TestUpright: every pixel of the turned picture is the colour of the
// stored pixel exif.Source names, for every orientation and picture kind,
// odd sides included; an orientation that turns nothing gives the picture
// itself.
func TestUpright(t *testing.T) {
	for _, kind := range []string{"444", "422", "420", "440", "411", "gray", "rgba"} {
		for _, size := range [][2]int{{8, 4}, {7, 5}} {
			src := noisy(kind, size[0], size[1])
			for o := 0; o <= 9; o++ {
				t.Run(fmt.Sprintf("%s %dx%d orientation %d", kind, size[0], size[1], o), func(t *testing.T) {
					got := Upright(src, o)
					if exif.Upright(o) {
						if got != src {
							t.Fatal("a picture that needs no turn was copied")
						}
						return
					}
					w, h := exif.Size(o, size[0], size[1])
					if b := got.Bounds(); b != image.Rect(0, 0, w, h) {
						t.Fatalf("bounds %v, want %dx%d", b, w, h)
					}
					for y := 0; y < h; y++ {
						for x := 0; x < w; x++ {
							sx, sy := exif.Source(o, size[0], size[1], x, y)
							a, b := color.NRGBAModel.Convert(got.At(x, y)), color.NRGBAModel.Convert(src.At(sx, sy))
							if a != b {
								t.Fatalf("(%d,%d) is %v, want %v from (%d,%d)", x, y, a, b, sx, sy)
							}
						}
					}
				})
			}
		}
	}
}

// TestDecodeTurnsByEXIF: a JPEG whose header says it was taken with the
// camera held sideways decodes upright, as a browser shows it; a PNG or a
// JPEG without the tag decodes as stored.
func TestDecodeTurnsByEXIF(t *testing.T) {
	// 16 by 8, the left half dark: turned a quarter clockwise (6), the
	// top half is dark.
	img := image.NewGray(image.Rect(0, 0, 16, 8))
	for y := 0; y < 8; y++ {
		for x := 0; x < 16; x++ {
			if x >= 8 {
				img.SetGray(x, y, color.Gray{Y: 250})
			}
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	plain := buf.Bytes()
	// EXIF APP1: big-endian TIFF header, one directory of one entry:
	// orientation (0x0112), SHORT, 1, value 6.
	app1 := []byte("Exif\x00\x00MM\x00\x2a\x00\x00\x00\x08\x00\x01\x01\x12\x00\x03\x00\x00\x00\x01\x00\x06\x00\x00\x00\x00\x00\x00")
	n := len(app1) + 2
	sideways := append(append([]byte{0xFF, 0xD8, 0xFF, 0xE1, byte(n >> 8), byte(n)}, app1...), plain[2:]...)

	tests := []struct {
		name       string
		pic        []byte
		w, h       int
		darkCorner image.Point // a pixel that must be dark
	}{
		{"sideways JPEG", sideways, 8, 16, image.Pt(0, 0)},
		{"sideways JPEG, dark top", sideways, 8, 16, image.Pt(7, 7)},
		{"plain JPEG", plain, 16, 8, image.Pt(0, 7)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for name, decode := range map[string]func([]byte) (image.Image, string, error){
				"Decode":       Decode,
				"DecodeReader": func(b []byte) (image.Image, string, error) { return DecodeReader(bytes.NewReader(b)) },
			} {
				got, format, err := decode(tc.pic)
				if err != nil || format != "jpeg" {
					t.Fatalf("%s: %v (%s)", name, err, format)
				}
				if b := got.Bounds(); b.Dx() != tc.w || b.Dy() != tc.h {
					t.Fatalf("%s: %dx%d, want %dx%d", name, b.Dx(), b.Dy(), tc.w, tc.h)
				}
				if y := color.GrayModel.Convert(got.At(tc.darkCorner.X, tc.darkCorner.Y)).(color.Gray).Y; y > 40 {
					t.Fatalf("%s: pixel %v is %d, want dark", name, tc.darkCorner, y)
				}
			}
		})
	}
}

// BenchmarkUpright: a 12 MP phone photo turned a quarter (orientation 6),
// as Go's JPEG decoder gives it (4:2:0).
func BenchmarkUpright(b *testing.B) {
	src := image.NewYCbCr(image.Rect(0, 0, 4032, 3024), image.YCbCrSubsampleRatio420)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Upright(src, 6)
	}
}
