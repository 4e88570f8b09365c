package camera

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"os"
	"testing"
)

// testJPEG encodes a small real photo-like image (a gradient with a dot
// whose place depends on seed, so images differ).
func testJPEG(t testing.TB, w, h, seed int) []byte {
	t.Helper()
	b, err := makeJPEG(w, h, seed)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func makeJPEG(w, h, seed int) ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{uint8(x * 255 / w), uint8(y * 255 / h), uint8(seed * 37), 255})
		}
	}
	for y := 0; y < h/4; y++ {
		for x := 0; x < w/4; x++ {
			img.Set((seed*7+x)%w, (seed*5+y)%h, color.RGBA{255, 255, 255, 255})
		}
	}
	var b bytes.Buffer
	err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 75})
	return b.Bytes(), err
}

// withThumbnail inserts an APP1 segment holding a whole JPEG (as an EXIF
// thumbnail is) after the SOI of img: its FF D9 must not end the image.
func withThumbnail(t testing.TB, img []byte) []byte {
	thumb := testJPEG(t, 16, 16, 9)
	payload := append([]byte("Exif\x00\x00"), thumb...)
	n := len(payload) + 2
	seg := append([]byte{0xFF, 0xE1, byte(n >> 8), byte(n)}, payload...)
	out := append([]byte{}, img[:2]...)
	out = append(out, seg...)
	return append(out, img[2:]...)
}

// withRestarts is a structurally valid image whose scan has stuffed FF 00
// bytes, restart markers and fill bytes before EOI.
func withRestarts() []byte {
	return []byte{
		0xFF, 0xD8,
		0xFF, 0xDB, 0x00, 0x04, 0x01, 0x02, // a segment
		0xFF, 0xDA, 0x00, 0x03, 0x01, // SOS
		0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56, 0xFF, 0xD7, 0x78, 0xFF, 0xFF, 0xD9,
	}
}

func readAll(t *testing.T, stream []byte, max int) ([][]byte, *JPEGReader) {
	t.Helper()
	r := NewJPEGReader(bytes.NewReader(stream), max)
	var out [][]byte
	for {
		img, err := r.Next()
		if errors.Is(err, io.EOF) {
			return out, r
		}
		if errors.Is(err, ErrFrameTooLarge) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, img)
	}
}

func TestJPEGReader(t *testing.T) {
	a, b, c := testJPEG(t, 64, 48, 1), testJPEG(t, 80, 60, 2), testJPEG(t, 32, 32, 3)
	prog, err := os.ReadFile("testdata/progressive.jpg")
	if err != nil {
		t.Fatal(err)
	}
	thumbed := withThumbnail(t, a)
	rst := withRestarts()
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	tests := []struct {
		name        string
		stream      []byte
		max         int
		want        [][]byte
		wantSkipped int
	}{
		{"three frames back to back", cat(a, b, c), 0, [][]byte{a, b, c}, 0},
		{"garbage before, between and after", cat([]byte("junk\xff\x00"), a, []byte{0xFF, 0xFF, 0x12}, b, []byte("tail")), 0, [][]byte{a, b}, 0},
		{"progressive image with several scans", cat(prog, a), 0, [][]byte{prog, a}, 0},
		{"EOI inside an EXIF thumbnail does not end the image", cat(thumbed, b), 0, [][]byte{thumbed, b}, 0},
		{"restart markers and stuffed bytes", cat(rst, a), 0, [][]byte{rst, a}, 0},
		{"a frame cut short by the next one is dropped", cat(a[:len(a)/2], b), 0, [][]byte{b}, 1},
		{"a truncated last frame is dropped", cat(a, b[:len(b)-10]), 0, [][]byte{a}, 1},
		{"a frame over the limit is dropped", cat(a, withThumbnail(t, testJPEG(t, 400, 300, 4)), c), 4000, [][]byte{a, c}, 1},
		{"empty stream", nil, 0, nil, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, r := readAll(t, tc.stream, tc.max)
			if len(got) != len(tc.want) {
				t.Fatalf("got %d frames, want %d", len(got), len(tc.want))
			}
			for i := range got {
				if !bytes.Equal(got[i], tc.want[i]) {
					t.Errorf("frame %d: %d bytes, want the %d bytes of the original", i, len(got[i]), len(tc.want[i]))
				}
				if _, err := jpeg.Decode(bytes.NewReader(got[i])); err != nil && !bytes.Equal(got[i], rst) {
					t.Errorf("frame %d does not decode: %v", i, err)
				}
			}
			if r.Skipped() != tc.wantSkipped {
				t.Errorf("skipped %d, want %d", r.Skipped(), tc.wantSkipped)
			}
		})
	}
}

func TestIsJPEG(t *testing.T) {
	a := testJPEG(t, 40, 30, 1)
	tests := []struct {
		name string
		data []byte
		want bool
	}{
		{"whole image", a, true},
		{"truncated", a[:len(a)-1], false},
		{"two images", append(append([]byte{}, a...), a...), false},
		{"trailing garbage", append(append([]byte{}, a...), 'x'), false},
		{"PNG", []byte("\x89PNG\r\n\x1a\n...."), false},
		{"empty", nil, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := IsJPEG(tc.data); got != tc.want {
				t.Errorf("IsJPEG = %v, want %v", got, tc.want)
			}
		})
	}
}

// FuzzJPEGReader feeds the splitter arbitrary streams: it must never
// panic or loop, and every image it returns is a piece of the input that
// starts with SOI, ends with EOI and is within the limit.
func FuzzJPEGReader(f *testing.F) {
	a, b := testJPEG(f, 24, 16, 1), testJPEG(f, 16, 24, 2)
	f.Add(append(append([]byte{}, a...), b...))
	f.Add(withThumbnail(f, a))
	f.Add(withRestarts())
	f.Add(a[:len(a)/2])
	f.Add([]byte{0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02, 0xFF, 0xFF, 0xFF})
	f.Add([]byte{0xFF, 0xD8, 0xFF, 0xD8, 0xFF, 0xD9})
	f.Fuzz(func(t *testing.T, stream []byte) {
		const max = 1 << 12
		r := NewJPEGReader(bytes.NewReader(stream), max)
		total := 0
		for i := 0; ; i++ {
			if i > len(stream) {
				t.Fatal("more images than bytes: the reader loops")
			}
			img, err := r.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if errors.Is(err, ErrFrameTooLarge) {
				continue
			}
			if err != nil {
				t.Fatalf("unexpected error %v", err)
			}
			if len(img) < 4 || img[0] != 0xFF || img[1] != 0xD8 || img[len(img)-2] != 0xFF || img[len(img)-1] != 0xD9 {
				t.Fatalf("image % x is not SOI..EOI", img)
			}
			if len(img) > max {
				t.Fatalf("image of %d bytes over the limit %d", len(img), max)
			}
			if !bytes.Contains(stream, img) {
				t.Fatal("image is not a piece of the stream")
			}
			if !IsJPEG(img) {
				t.Fatal("an image the reader returned is not one whole JPEG by its own rules")
			}
			total += len(img)
		}
		if total > len(stream) {
			t.Fatalf("%d bytes of images from a %d-byte stream", total, len(stream))
		}
	})
}

// BenchmarkJPEGReader splits a stream of camera-sized frames (the demo's
// photos, 1640x1232): the figure to compare with rpicam-vid's 5-30 fps.
func BenchmarkJPEGReader(b *testing.B) {
	still, err := demoFS.ReadFile("demodata/frames/turn-11.jpg")
	if err != nil {
		b.Fatal(err)
	}
	stream := bytes.Repeat(still, 10)
	b.SetBytes(int64(len(stream)))
	b.ReportAllocs()
	for b.Loop() {
		r := NewJPEGReader(bytes.NewReader(stream), 0)
		n := 0
		for {
			_, err := r.Next()
			if err != nil {
				break
			}
			n++
		}
		if n != 10 {
			b.Fatalf("%d frames, want 10", n)
		}
	}
}
