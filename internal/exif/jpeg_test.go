package exif

import (
	"bytes"
	"image"
	"image/jpeg"
	"testing"
)

// withSegments is a real JPEG with the given segments (marker and data)
// put straight after its start-of-picture marker.
func withSegments(t testing.TB, segs ...[]byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, image.NewGray(image.Rect(0, 0, 8, 8)), nil); err != nil {
		t.Fatal(err)
	}
	pic := buf.Bytes()
	out := append([]byte{}, pic[:2]...)
	for _, s := range segs {
		out = append(out, s...)
	}
	return append(out, pic[2:]...)
}

// segment is a marker segment: 0xFF, the marker, the length and the data.
func segment(marker byte, data []byte) []byte {
	n := len(data) + 2
	return append([]byte{0xFF, marker, byte(n >> 8), byte(n)}, data...)
}

// TestJPEGOrientation: the orientation is found in the first APP1 segment
// wherever it sits among the header's segments, and nowhere else.
func TestJPEGOrientation(t *testing.T) {
	exif6 := tiff("MM", [4]uint32{tagOrientation, 3, 1, 6})
	exif8 := tiff("II", [4]uint32{tagOrientation, 3, 1, 8})
	xmp := []byte("http://ns.adobe.com/xap/1.0/\x00<x:xmpmeta/>")
	tests := []struct {
		name string
		pic  []byte
		want int
	}{
		{"no segments", withSegments(t), 0},
		{"first segment", withSegments(t, segment(0xE1, exif6)), 6},
		{"after JFIF and an ICC profile", withSegments(t, segment(0xE0, []byte("JFIF\x00\x01\x01")), segment(0xE2, make([]byte, 3000)), segment(0xE1, exif8)), 8},
		{"fill bytes before the marker", withSegments(t, []byte{0xFF, 0xFF}, segment(0xE1, exif6)), 6},
		{"the first APP1 counts, XMP first", withSegments(t, segment(0xE1, xmp), segment(0xE1, exif6)), 0},
		{"the first APP1 counts, EXIF first", withSegments(t, segment(0xE1, exif8), segment(0xE1, exif6)), 8},
		{"an APP1 after the scan", append(withSegments(t), segment(0xE1, exif6)...), 0},
		{"not a JPEG", append([]byte{0x89, 'P', 'N', 'G'}, segment(0xE1, exif6)...), 0},
		{"cut inside the APP1", withSegments(t, segment(0xE1, exif6))[:20], 0},
		{"nothing", nil, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := JPEGOrientation(tc.pic); got != tc.want {
				t.Fatalf("orientation %d, want %d", got, tc.want)
			}
		})
	}
}

// FuzzFirstAPP1: any bytes give a segment inside them or none, never a
// crash.
func FuzzFirstAPP1(f *testing.F) {
	f.Add(withSegments(f, segment(0xE1, tiff("MM", [4]uint32{tagOrientation, 3, 1, 6}))))
	f.Add([]byte{0xFF, 0xD8, 0xFF, 0xE1, 0x00})
	f.Fuzz(func(t *testing.T, pic []byte) {
		app1 := FirstAPP1(pic)
		if app1 != nil && !bytes.Contains(pic, app1) {
			t.Fatalf("segment %q is not in the picture", app1)
		}
	})
}

// TestSource: each orientation maps the upright picture onto every stored
// pixel once, and the quarter turns go the way EXIF says: 6 is stored
// turned a quarter anticlockwise, so the upright picture's top-left pixel
// is the stored picture's bottom-left.
func TestSource(t *testing.T) {
	const w, h = 5, 3
	corner := map[int][2]int{1: {0, 0}, 2: {w - 1, 0}, 3: {w - 1, h - 1}, 4: {0, h - 1}, 5: {0, 0}, 6: {0, h - 1}, 7: {w - 1, h - 1}, 8: {w - 1, 0}}
	for o := 0; o <= 9; o++ {
		ow, oh := Size(o, w, h)
		if (o >= 5 && o <= 8) != (ow == h && oh == w) {
			t.Errorf("orientation %d: upright %dx%d", o, ow, oh)
		}
		seen := map[[2]int]bool{}
		for y := 0; y < oh; y++ {
			for x := 0; x < ow; x++ {
				sx, sy := Source(o, w, h, x, y)
				if sx < 0 || sx >= w || sy < 0 || sy >= h || seen[[2]int{sx, sy}] {
					t.Fatalf("orientation %d: (%d,%d) from (%d,%d)", o, x, y, sx, sy)
				}
				seen[[2]int{sx, sy}] = true
			}
		}
		want, ok := corner[o]
		if !ok {
			want = [2]int{0, 0}
		}
		if sx, sy := Source(o, w, h, 0, 0); sx != want[0] || sy != want[1] {
			t.Errorf("orientation %d: top-left from (%d,%d), want %v", o, sx, sy, want)
		}
	}
}
