package exif

// OpenCV's reading of a JPEG's EXIF orientation (4.6, imgcodecs'
// ExifReader), which Orientation follows: the first APP1 segment,
// whatever it holds, from its seventh byte on (after "Exif\0\0") as a TIFF
// header: "II" (little-endian) or "MM" (big-endian; any other pair reads
// big-endian too), the mark 42, the offset of
// the first directory, its number of entries and the entries of 12 bytes.
// Entries are read in order; the first orientation entry (tag 0x0112,
// its value the 16-bit number 8 bytes into the entry) counts. A read past
// the end stops the reading where it is: entries before it count, those
// after it do not. Some tags OpenCV reads the values of (strings,
// rationals), which can run past the end; Orientation reads as far as
// OpenCV does for those, so that it stops where OpenCV stops.

// exif tags whose values OpenCV reads while it looks through the directory.
const (
	tagImageDescription = 0x010e
	tagMake             = 0x010f
	tagModel            = 0x0110
	tagOrientation      = 0x0112
	tagXResolution      = 0x011a
	tagYResolution      = 0x011b
	tagResolutionUnit   = 0x0128
	tagSoftware         = 0x0131
	tagDateTime         = 0x0132
	tagWhitePoint       = 0x013e
	tagPrimaryChromas   = 0x013f
	tagYCbCrCoeffs      = 0x0211
	tagYCbCrPositioning = 0x0213
	tagReferenceBW      = 0x0214
	tagCopyright        = 0x8298
)

// exifReader reads a TIFF structure as OpenCV's ExifReader does; ok turns
// false at the first read past the end, and every read after it is 0.
type exifReader struct {
	b      []byte
	little bool
	ok     bool
}

func (r *exifReader) u16(off uint64) uint64 {
	if !r.ok || off+1 >= uint64(len(r.b)) {
		r.ok = false
		return 0
	}
	if r.little {
		return uint64(r.b[off]) | uint64(r.b[off+1])<<8
	}
	return uint64(r.b[off])<<8 | uint64(r.b[off+1])
}

func (r *exifReader) u32(off uint64) uint32 {
	if !r.ok || off+3 >= uint64(len(r.b)) {
		r.ok = false
		return 0
	}
	if r.little {
		return uint32(r.b[off]) | uint32(r.b[off+1])<<8 | uint32(r.b[off+2])<<16 | uint32(r.b[off+3])<<24
	}
	return uint32(r.b[off])<<24 | uint32(r.b[off+1])<<16 | uint32(r.b[off+2])<<8 | uint32(r.b[off+3])
}

// rationals reads n rationals (two 32-bit numbers each) at the offset the
// entry at off gives, as OpenCV does (the offset plus 8 per rational, in
// 32-bit arithmetic).
func (r *exifReader) rationals(off uint64, n int) {
	at := r.u32(off + 8)
	for i := 0; i < n && r.ok; i++ {
		p := at + uint32(8*i)
		r.u32(uint64(p))
		r.u32(uint64(p) + 4)
	}
}

// str checks a string value as OpenCV reads it: up to 4 bytes it takes
// them from offset 8 of the whole structure (sic), longer ones from the
// offset the entry gives.
func (r *exifReader) str(off uint64) {
	size := uint64(r.u32(off + 4))
	if !r.ok {
		return
	}
	at := uint64(8)
	if size > 4 {
		at = uint64(r.u32(off + 8))
		if !r.ok {
			return
		}
	}
	if at > uint64(len(r.b)) || at+size > uint64(len(r.b)) {
		r.ok = false
	}
}

// Orientation is the orientation OpenCV finds in app1, a JPEG's first
// APP1 segment's data (after its length), or 0 when it finds none; a
// value other than 1 to 8 is given as found (Upright-style turns treat it
// as 1).
func Orientation(app1 []byte) int {
	if len(app1) <= 6 {
		return 0
	}
	r := &exifReader{b: app1[6:], ok: true}
	// "II" little-endian; anything else reads big-endian ("MM", or no
	// byte order at all, which the mark then nearly always fails).
	r.little = len(r.b) > 1 && r.b[0] == 'I' && r.b[1] == 'I'
	if r.u16(2) != 0x2a || !r.ok {
		return 0
	}
	off := uint64(r.u32(4))
	n := r.u16(off)
	off += 2
	for i := uint64(0); i < n && r.ok; i++ {
		tag := r.u16(off)
		if !r.ok {
			break
		}
		switch tag {
		case tagOrientation:
			v := r.u16(off + 8)
			if r.ok {
				return int(v)
			}
		case tagImageDescription, tagMake, tagModel, tagSoftware, tagDateTime, tagCopyright:
			r.str(off)
		case tagXResolution, tagYResolution:
			r.rationals(off, 1)
		case tagWhitePoint:
			r.rationals(off, 2)
		case tagYCbCrCoeffs:
			r.rationals(off, 3)
		case tagPrimaryChromas, tagReferenceBW:
			r.rationals(off, 6)
		case tagResolutionUnit, tagYCbCrPositioning:
			r.u16(off + 8)
		}
		off += 12
	}
	return 0
}
