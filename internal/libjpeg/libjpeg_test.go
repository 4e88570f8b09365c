package libjpeg

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"testing"
)

// picture is a w x h test picture: four flat quarters, red, green, blue
// and white, so that every decoder agrees on them within JPEG's rounding.
func picture(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.RGBA{200, 30, 30, 255}
			switch {
			case x >= w/2 && y < h/2:
				c = color.RGBA{30, 200, 30, 255}
			case x < w/2 && y >= h/2:
				c = color.RGBA{30, 30, 200, 255}
			case x >= w/2 && y >= h/2:
				c = color.RGBA{240, 240, 240, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

func encode(t testing.TB, img image.Image) []byte {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestDecodeBGR: sizes at every scale (libjpeg rounds up), the colours of
// the quarters in blue-green-red order, grey in all three channels.
func TestDecodeBGR(t *testing.T) {
	colour := encode(t, picture(203, 101))
	g := image.NewGray(image.Rect(0, 0, 64, 48))
	for i := range g.Pix {
		g.Pix[i] = uint8(i % 64 * 4)
	}
	grey := encode(t, g)
	tests := []struct {
		name  string
		data  []byte
		denom int
		w, h  int
	}{
		{"colour, whole", colour, 1, 203, 101},
		{"colour, half", colour, 2, 102, 51},
		{"colour, quarter", colour, 4, 51, 26},
		{"colour, eighth", colour, 8, 26, 13},
		{"grey, half", grey, 2, 32, 24},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := DecodeBGR(tc.data, tc.denom)
			if err != nil {
				t.Fatal(err)
			}
			if p.W != tc.w || p.H != tc.h || len(p.BGR) != 3*tc.w*tc.h {
				t.Fatalf("%dx%d with %d bytes, want %dx%d", p.W, p.H, len(p.BGR), tc.w, tc.h)
			}
			if p.Orientation != 0 {
				t.Errorf("orientation %d with no EXIF", p.Orientation)
			}
			at := func(x, y int) [3]int {
				i := 3 * (y*p.W + x)
				return [3]int{int(p.BGR[i]), int(p.BGR[i+1]), int(p.BGR[i+2])}
			}
			if tc.data[0] == grey[0] && len(tc.data) == len(grey) {
				for y := 0; y < p.H; y++ {
					for x := 0; x < p.W; x++ {
						if c := at(x, y); c[0] != c[1] || c[1] != c[2] {
							t.Fatalf("grey picture, (%d,%d) is %v", x, y, c)
						}
					}
				}
				return
			}
			// The middle of each quarter, blue first.
			for _, q := range []struct {
				x, y int
				bgr  [3]int
			}{
				{p.W / 4, p.H / 4, [3]int{30, 30, 200}},
				{3 * p.W / 4, p.H / 4, [3]int{30, 200, 30}},
				{p.W / 4, 3 * p.H / 4, [3]int{200, 30, 30}},
				{3 * p.W / 4, 3 * p.H / 4, [3]int{240, 240, 240}},
			} {
				c := at(q.x, q.y)
				for k := range c {
					if d := c[k] - q.bgr[k]; d < -8 || d > 8 {
						t.Errorf("(%d,%d) is %v, want about %v", q.x, q.y, c, q.bgr)
						break
					}
				}
			}
		})
	}
}

// TestDecodeBGRErrors: bytes that are no JPEG, a header cut short and a
// scale libjpeg does not make are errors naming what is wrong.
func TestDecodeBGRErrors(t *testing.T) {
	good := encode(t, picture(64, 64))
	tests := []struct {
		name  string
		data  []byte
		denom int
		want  error
	}{
		{"nothing", nil, 2, ErrDecode},
		{"text", []byte("not a picture at all"), 2, ErrDecode},
		{"a PNG's start", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR"), 2, ErrDecode},
		{"the header cut short", good[:40], 2, ErrDecode},
		{"a header claiming 65000x65000", bigHeader(good, 65000, 65000), 2, ErrTooLarge},
		{"scale 3", good, 3, ErrScale},
		{"scale 0", good, 0, ErrScale},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodeBGR(tc.data, tc.denom)
			if !errors.Is(err, tc.want) {
				t.Fatalf("error %v, want %v", err, tc.want)
			}
		})
	}
}

// TestDecodeBGRCutShort: a picture cut off in its data decodes whole,
// the rows past the cut repeating the last row decoded (what OpenCV
// gives, vision's TestDecodeHalfAsOpenCV checks it against OpenCV).
func TestDecodeBGRCutShort(t *testing.T) {
	img := picture(256, 256)
	for y := 0; y < 256; y++ { // rows all different
		for x := 0; x < 256; x++ {
			img.SetRGBA(x, y, color.RGBA{uint8(y), uint8(x), 128, 255})
		}
	}
	data := encode(t, img)
	p, err := DecodeBGR(data[:len(data)/2], 1)
	if err != nil {
		t.Fatal(err)
	}
	if p.W != 256 || p.H != 256 {
		t.Fatalf("%dx%d", p.W, p.H)
	}
	last := p.BGR[3*256*255:]
	if !bytes.Equal(p.BGR[3*256*254:3*256*255], last) {
		t.Error("the last two rows differ: the rows past the cut are not the last row decoded")
	}
	if bytes.Equal(p.BGR[:3*256], last) {
		t.Error("the first row is the last: nothing decoded")
	}
}

// FuzzDecodeBGR: any bytes decode or fail, never crash, and a picture's
// bytes are its size.
func FuzzDecodeBGR(f *testing.F) {
	good := encode(f, picture(40, 30))
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add([]byte("\xff\xd8\xff\xe1\x00\x10Exif\x00\x00MM\x00\x2a\x00\x00\x00\x08"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		p, err := DecodeBGR(data, 2)
		if err != nil {
			return
		}
		if p.W <= 0 || p.H <= 0 || len(p.BGR) != 3*p.W*p.H {
			t.Fatalf("%dx%d with %d bytes", p.W, p.H, len(p.BGR))
		}
		if p.W*p.H > 1<<24 {
			t.Skip("large")
		}
		q := p.Oriented()
		if len(q.BGR) != len(p.BGR) {
			t.Fatalf("turned: %d bytes, was %d", len(q.BGR), len(p.BGR))
		}
	})
}

// bigHeader is a JPEG whose frame header claims w x h pixels.
func bigHeader(jpg []byte, w, h int) []byte {
	out := append([]byte{}, jpg...)
	for i := 2; i+9 < len(out) && out[i] == 0xFF; {
		n := int(out[i+2])<<8 | int(out[i+3])
		if out[i+1] == 0xC0 {
			out[i+5], out[i+6] = byte(h>>8), byte(h)
			out[i+7], out[i+8] = byte(w>>8), byte(w)
			break
		}
		i += 2 + n
	}
	return out
}
