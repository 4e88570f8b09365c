package exif

import (
	"encoding/binary"
	"testing"
)

// tiff builds an EXIF APP1 segment's data: "Exif\0\0", a TIFF header in
// the byte order given and one directory of entries (tag, type, count,
// value or offset).
func tiff(order string, entries ...[4]uint32) []byte {
	var bo binary.AppendByteOrder = binary.BigEndian
	if order == "II" {
		bo = binary.LittleEndian
	}
	b := []byte("Exif\x00\x00" + order)
	b = bo.AppendUint16(b, 42)
	b = bo.AppendUint32(b, 8)
	b = bo.AppendUint16(b, uint16(len(entries)))
	for _, e := range entries {
		b = bo.AppendUint16(b, uint16(e[0]))
		b = bo.AppendUint16(b, uint16(e[1]))
		b = bo.AppendUint32(b, e[2])
		if e[0] == tagOrientation || e[1] == 3 {
			b = bo.AppendUint16(b, uint16(e[3]))
			b = append(b, 0, 0)
		} else {
			b = bo.AppendUint32(b, e[3])
		}
	}
	return bo.AppendUint32(b, 0)
}

// TestOrientation: the orientation as OpenCV reads it: either byte
// order, the first orientation entry, and nothing past a value that runs
// off the end.
func TestOrientation(t *testing.T) {
	orient := func(o uint32) [4]uint32 { return [4]uint32{tagOrientation, 3, 1, o} }
	tests := []struct {
		name string
		app1 []byte
		want int
	}{
		{"big-endian 6", tiff("MM", orient(6)), 6},
		{"little-endian 8", tiff("II", orient(8)), 8},
		{"after a short make", tiff("MM", [4]uint32{tagMake, 2, 4, 0}, orient(3)), 3},
		{"the first of two", tiff("II", orient(5), orient(2)), 5},
		{"an unknown value kept", tiff("MM", orient(9)), 9},
		{"after a make running off the end", tiff("MM", [4]uint32{tagMake, 2, 40, 4000}, orient(6)), 0},
		{"after a resolution running off the end", tiff("II", [4]uint32{tagXResolution, 5, 1, 4000}, orient(6)), 0},
		{"after a resolution in bounds", tiff("II", [4]uint32{tagXResolution, 5, 1, 8}, orient(6)), 6},
		{"no orientation", tiff("MM", [4]uint32{tagResolutionUnit, 3, 1, 2}), 0},
		{"XMP, not EXIF", []byte("http://ns.adobe.com/xap/1.0/\x00<x:xmpmeta/>"), 0},
		{"no byte order", append([]byte("Exif\x00\x00XY"), tiff("MM", orient(6))[8:]...), 6},
		{"cut in the entry", tiff("MM", orient(6))[:22], 0},
		{"only the name", []byte("Exif\x00\x00"), 0},
		{"nothing", nil, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Orientation(tc.app1); got != tc.want {
				t.Fatalf("orientation %d, want %d", got, tc.want)
			}
		})
	}
}

// FuzzOrientation: any bytes give an orientation or none, never a
// crash.
func FuzzOrientation(f *testing.F) {
	f.Add(tiff("MM", [4]uint32{tagOrientation, 3, 1, 6}))
	f.Add(tiff("II", [4]uint32{tagWhitePoint, 5, 2, 8}, [4]uint32{tagOrientation, 3, 1, 8}))
	f.Fuzz(func(t *testing.T, app1 []byte) {
		if o := Orientation(app1); o < 0 || o > 0xffff {
			t.Fatalf("orientation %d", o)
		}
	})
}
