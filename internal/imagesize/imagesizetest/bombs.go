// Package imagesizetest makes image headers that claim sizes their files
// do not hold (decompression bombs), for the tests of every reader of
// images.
package imagesizetest

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/jpeg"
)

// JPEG is a small baseline JPEG whose frame header (SOF0) claims w x h
// pixels: about a kilobyte that a decoder would make w*h*1.5 bytes of room
// for.
func JPEG(w, h int) []byte {
	img := image.NewGray(image.Rect(0, 0, 16, 16))
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 50}); err != nil {
		panic(err)
	}
	out := b.Bytes()
	for i := 2; i+8 < len(out); {
		if out[i] != 0xFF {
			break
		}
		marker := out[i+1]
		n := int(binary.BigEndian.Uint16(out[i+2:]))
		if marker == 0xC0 { // SOF0: length, precision, height, width
			binary.BigEndian.PutUint16(out[i+5:], uint16(h))
			binary.BigEndian.PutUint16(out[i+7:], uint16(w))
			return out
		}
		i += 2 + n
	}
	panic("imagesizetest: no SOF0 in the JPEG")
}

// PNG is a PNG header claiming w x h grey pixels, with a few bytes of
// data: a decoder that trusts the header makes room for every pixel before
// it finds the data short.
func PNG(w, h int) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 0 // 8-bit greyscale
	chunk(&b, "IHDR", ihdr)
	// A tiny image's data: decoders that trust the header run out of data
	// only after making room for all of it.
	chunk(&b, "IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})
	chunk(&b, "IEND", nil)
	return b.Bytes()
}

func chunk(b *bytes.Buffer, kind string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	b.Write(n[:])
	crc := crc32.NewIEEE()
	crc.Write([]byte(kind))
	crc.Write(data)
	b.WriteString(kind)
	b.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	b.Write(n[:])
}
