package vision

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"github.com/tilescope/tilescope/internal/imagesize"
	_ "github.com/tilescope/tilescope/vision/internal/imgcodecs" // OpenCV's decoder, the reference

	"github.com/tilescope/tilescope/internal/sharedtest"
)

// TestDecodeHalfAsOpenCV: decodeHalfBGR gives, pixel for pixel, what
// OpenCV's imdecode with IMREAD_REDUCED_COLOR_2 gives (the decoder the
// turn detector and large photos went through before), on every photo of
// ../shared/data/photos (when it is here), every rendered scene and demo
// frame in the repository, and pictures made to reach the corners: EXIF
// orientations, odd sizes, grey, cut short, no Huffman tables (Motion
// JPEG), and PNGs of every colour type.
func TestDecodeHalfAsOpenCV(t *testing.T) {
	type tcase struct {
		name string
		data []byte
	}
	var cases []tcase
	var files []string
	for _, pat := range []string{
		"../hw/camera/demodata/frames/*.jpg", "../hw/camera/testdata/*.jpg",
		"upwords/testdata/scenes/*.jpg", "pyramids/testdata/scenes/*.jpg",
		"scrabble/testdata/*/*.jpg", "loose/testdata/bananagrams/images/*.jpg",
		"../internal/games/scrabble/testdata/*.jpg", "../docs/img/*.jpg", "../docs/img/*.png",
	} {
		m, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	repo := len(files)
	dir := sharedtest.Find("data/photos")
	if dir == "" && sharedtest.Required() {
		sharedtest.Missing(t, "data/photos")
	}
	if dir != "" {
		err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(strings.ToLower(p), ".jpg") {
				files = append(files, p)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if repo < 40 {
		t.Fatalf("only %d pictures in the repository", repo)
	}
	t.Logf("%d pictures from the repository, %d from ../shared/data/photos", repo, len(files)-repo)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, tcase{f, b})
	}

	photo, err := os.ReadFile("upwords/testdata/scenes/upwords-0000.jpg")
	if err != nil {
		t.Fatal(err)
	}
	img, err := jpeg.Decode(bytes.NewReader(photo))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range exifCases(photo) {
		cases = append(cases, tcase{c.name, c.data})
	}
	cases = append(cases,
		tcase{"odd size 641x479", encJPEG(t, crop(img, 641, 479))},
		tcase{"odd size 3x5", encJPEG(t, crop(img, 3, 5))},
		tcase{"grey", encJPEG(t, grey(img))},
		tcase{"cut short at 60%", photo[:len(photo)*6/10]},
		tcase{"cut short at 95%", photo[:len(photo)*95/100]},
		tcase{"Motion JPEG: no Huffman tables", withoutDHT(t, photo)},
		tcase{"PNG RGB", encPNG(t, opaqueRGBA(img))},
		tcase{"PNG RGBA with transparency", encPNG(t, seeThrough(img))},
		tcase{"PNG grey odd size", encPNG(t, grey(crop(img, 301, 201)))},
		tcase{"PNG 16-bit", encPNG(t, deep(crop(img, 200, 150)))},
		tcase{"PNG 16-bit grey", encPNG(t, deepGrey(crop(img, 200, 150)))},
		tcase{"PNG palette", encPNG(t, paletted(crop(img, 200, 150)))},
	)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, format, err := imagesize.CheckBytes(tc.data)
			if err != nil {
				t.Fatal(err)
			}
			want, err := gocv.IMDecode(tc.data, gocv.IMReadReducedColor2)
			if err != nil {
				t.Fatal(err)
			}
			defer want.Close()
			got, err := decodeHalfBGR(tc.data, format)
			if want.Empty() {
				if err == nil {
					got.Close()
					t.Fatalf("OpenCV decodes nothing, decodeHalfBGR a %dx%d picture", got.Cols(), got.Rows())
				}
				return
			}
			if err != nil {
				t.Fatalf("decodeHalfBGR: %v; OpenCV decodes %dx%d", err, want.Cols(), want.Rows())
			}
			defer got.Close()
			if got.Cols() != want.Cols() || got.Rows() != want.Rows() || got.Type() != want.Type() {
				t.Fatalf("%dx%d type %v, OpenCV %dx%d type %v", got.Cols(), got.Rows(), got.Type(), want.Cols(), want.Rows(), want.Type())
			}
			g, w := got.ToBytes(), want.ToBytes()
			diff, first := 0, -1
			for i := range w {
				if g[i] != w[i] {
					if first < 0 {
						first = i
					}
					diff++
				}
			}
			if diff > 0 {
				x, y := first/3%want.Cols(), first/3/want.Cols()
				t.Fatalf("%d of %d bytes differ from OpenCV's, the first at (%d,%d): %d, OpenCV %d", diff, len(w), x, y, g[first], w[first])
			}
		})
	}
}

// exifCases are photo with EXIF headers: every orientation in either byte
// order, and the headers where OpenCV's reading stops early.
func exifCases(photo []byte) []struct {
	name string
	data []byte
} {
	type tcase = struct {
		name string
		data []byte
	}
	var cases []tcase
	for o := uint16(1); o <= 8; o++ {
		cases = append(cases,
			tcase{"EXIF orientation " + string('0'+rune(o)) + " big-endian", withExif(photo, exifTIFF(false, o, false))},
			tcase{"EXIF orientation " + string('0'+rune(o)) + " little-endian", withExif(photo, exifTIFF(true, o, false))})
	}
	return append(cases,
		tcase{"EXIF orientation 6 after a string running off the end", withExif(photo, exifTIFF(false, 6, true))},
		tcase{"EXIF orientation 6 behind an XMP APP1", withExif(withExif(photo, exifTIFF(false, 6, false)), []byte("http://ns.adobe.com/xap/1.0/\x00<x/>"))},
		tcase{"EXIF cut short", withExif(photo, exifTIFF(false, 6, false)[:12])},
	)
}

// TestDecodePhotoTurnsAsOpenCV: a photo small enough for Go's own JPEG
// decoder (DecodePhoto below imagesize.WorkPixels) comes out turned by its
// EXIF orientation as OpenCV's imdecode turns it (and so as the libjpeg
// path for large photos and camera frames turns it): the same size, and
// pixels within a few levels (the two decoders round differently).
func TestDecodePhotoTurnsAsOpenCV(t *testing.T) {
	photo, err := os.ReadFile("upwords/testdata/scenes/upwords-0000.jpg")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range exifCases(photo) {
		t.Run(tc.name, func(t *testing.T) {
			want, err := gocv.IMDecode(tc.data, gocv.IMReadColor)
			if err != nil || want.Empty() {
				t.Fatalf("OpenCV: %v", err)
			}
			defer want.Close()
			got, err := DecodePhoto(tc.data)
			if err != nil {
				t.Fatal(err)
			}
			b := got.Bounds()
			if b.Dx() != want.Cols() || b.Dy() != want.Rows() {
				t.Fatalf("%dx%d, OpenCV %dx%d", b.Dx(), b.Dy(), want.Cols(), want.Rows())
			}
			w := want.ToBytes()
			var sum float64
			for y := 0; y < b.Dy(); y++ {
				for x := 0; x < b.Dx(); x++ {
					r, g, bl, _ := got.At(b.Min.X+x, b.Min.Y+y).RGBA()
					i := 3 * (y*b.Dx() + x)
					sum += math.Abs(float64(bl>>8)-float64(w[i])) + math.Abs(float64(g>>8)-float64(w[i+1])) + math.Abs(float64(r>>8)-float64(w[i+2]))
				}
			}
			if mean := sum / float64(3*b.Dx()*b.Dy()); mean > 2 {
				t.Fatalf("pixels differ from OpenCV's by %.2f levels on average", mean)
			}
		})
	}
}

// exifTIFF is an EXIF TIFF structure with an orientation entry; with
// badString, a Make entry before it whose string runs off the end.
func exifTIFF(little bool, o uint16, badString bool) []byte {
	var bo interface {
		binary.ByteOrder
		binary.AppendByteOrder
	} = binary.BigEndian
	head := []byte("MM")
	if little {
		bo, head = binary.LittleEndian, []byte("II")
	}
	b := append(head, 0, 0, 0, 0, 0, 0)
	bo.PutUint16(b[2:], 42)
	bo.PutUint32(b[4:], 8)
	n := uint16(1)
	if badString {
		n = 2
	}
	b = bo.AppendUint16(b, n)
	if badString {
		b = bo.AppendUint16(b, 0x010f) // Make, ASCII, 40 bytes at 4000
		b = bo.AppendUint16(b, 2)
		b = bo.AppendUint32(b, 40)
		b = bo.AppendUint32(b, 4000)
	}
	b = bo.AppendUint16(b, 0x0112)
	b = bo.AppendUint16(b, 3)
	b = bo.AppendUint32(b, 1)
	b = bo.AppendUint16(b, o)
	b = append(b, 0, 0)
	return bo.AppendUint32(b, 0)
}

// withExif puts an APP1 segment ("Exif\0\0" and tiff, or the bytes given
// when they are not TIFF) right after a JPEG's start.
func withExif(jpg, tiff []byte) []byte {
	body := tiff
	if bytes.HasPrefix(tiff, []byte("II")) || bytes.HasPrefix(tiff, []byte("MM")) {
		body = append([]byte("Exif\x00\x00"), tiff...)
	}
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(body)+2))
	out := append([]byte{}, jpg[:2]...)
	out = append(out, seg...)
	out = append(out, body...)
	return append(out, jpg[2:]...)
}

// withoutDHT drops a JPEG's Huffman tables, as Motion-JPEG cameras send
// frames (Go's encoder writes the standard tables, which a decoder then
// supplies).
func withoutDHT(t *testing.T, jpg []byte) []byte {
	out := append([]byte{}, jpg[:2]...)
	i := 2
	for i+4 <= len(jpg) && jpg[i] == 0xFF {
		m := jpg[i+1]
		n := int(binary.BigEndian.Uint16(jpg[i+2:]))
		if m == 0xDA {
			break
		}
		if m != 0xC4 {
			out = append(out, jpg[i:i+2+n]...)
		}
		i += 2 + n
	}
	if i+4 > len(jpg) || jpg[i+1] != 0xDA {
		t.Fatal("withoutDHT: no start of scan")
	}
	return append(out, jpg[i:]...)
}

func encJPEG(t *testing.T, img image.Image) []byte {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func encPNG(t *testing.T, img image.Image) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func crop(img image.Image, w, h int) image.Image {
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			out.Set(x, y, img.At(img.Bounds().Min.X+100+x, img.Bounds().Min.Y+100+y))
		}
	}
	return out
}

func opaqueRGBA(img image.Image) *image.RGBA { return converted(img, image.NewRGBA(img.Bounds())) }

func grey(img image.Image) *image.Gray { return converted(img, image.NewGray(img.Bounds())) }

// converted sets every pixel of out, which covers img's bounds, to img's
// in out's colour model.
func converted[T draw.Image](img image.Image, out T) T {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			out.Set(x, y, img.At(x, y))
		}
	}
	return out
}

// seeThrough: the picture with alpha falling from left to right.
func seeThrough(img image.Image) *image.NRGBA {
	b := img.Bounds()
	out := image.NewNRGBA(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			out.SetNRGBA(x, y, color.NRGBA{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), uint8(255 - 255*(x-b.Min.X)/b.Dx())})
		}
	}
	return out
}

// deep: 16-bit samples whose low bytes are not their high bytes.
func deep(img image.Image) *image.RGBA64 {
	b := img.Bounds()
	out := image.NewRGBA64(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			lo := uint16(x*37+y*11) & 0xff
			out.SetRGBA64(x, y, color.RGBA64{uint16(r)&0xff00 | lo, uint16(g)&0xff00 | 0xff - lo, uint16(bl)&0xff00 | lo/2, 0xffff})
		}
	}
	return out
}

func deepGrey(img image.Image) *image.Gray16 {
	b := img.Bounds()
	out := image.NewGray16(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, _, _, _ := img.At(x, y).RGBA()
			out.SetGray16(x, y, color.Gray16{uint16(r)&0xff00 | uint16(x*37+y*11)&0xff})
		}
	}
	return out
}

// paletted: the picture in 64 colours, some of them half transparent.
func paletted(img image.Image) *image.Paletted {
	var pal color.Palette
	for i := 0; i < 64; i++ {
		c := color.NRGBA{uint8(i&3) * 85, uint8(i>>2&3) * 85, uint8(i>>4&3) * 85, 255}
		if i%5 == 0 {
			c.A = 128
		}
		pal = append(pal, c)
	}
	b := img.Bounds()
	out := image.NewPaletted(b, pal)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			out.Set(x, y, img.At(x, y))
		}
	}
	return out
}
