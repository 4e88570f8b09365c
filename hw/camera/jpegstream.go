package camera

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// JPEG markers the splitter cares about (ITU T.81, table B.1).
const (
	markerSOI  = 0xD8 // start of image
	markerEOI  = 0xD9 // end of image
	markerSOS  = 0xDA // start of scan: entropy-coded data follows
	markerTEM  = 0x01 // standalone
	markerRST0 = 0xD0
	markerRST7 = 0xD7
)

// DefaultMaxFrame is the largest JPEG a stream may carry before the splitter
// gives up on it: a 12 MP camera frame at high quality is about 6 MB.
const DefaultMaxFrame = 16 << 20

// ErrFrameTooLarge is returned by JPEGReader.Next when an image grows past
// the reader's limit; the reader skips to the next image.
var ErrFrameTooLarge = errors.New("camera: JPEG frame too large")

// JPEGReader splits a stream of concatenated JPEG images, such as the MJPEG
// stream `rpicam-vid --codec mjpeg -o -` or GStreamer's `jpegenc ! fdsink`
// write, into whole images.
//
// It follows the JPEG segment structure rather than searching for the bytes
// FF D9, so an end-of-image marker inside a segment (an EXIF thumbnail is a
// whole JPEG inside APP1) does not cut an image short, and progressive
// images with several scans come out whole. Bytes between images are
// skipped. When an image turns out broken (a new start-of-image inside
// it, or bytes that cannot be a marker), the reader drops it and looks
// for the next start-of-image again from just after the broken one's, so
// an image that follows a cut-off one is not lost; an image that the
// stream's end cuts short is dropped. Both are counted in Skipped.
type JPEGReader struct {
	src     byteSource
	max     int
	skipped int   // images dropped as broken, truncated or too large
	garbage int64 // bytes outside any image
	last    int   // size of the last image, to size the next one's buffer
}

// NewJPEGReader returns a reader of the JPEG images in r. max bounds the
// size of one image (DefaultMaxFrame when max <= 0).
func NewJPEGReader(r io.Reader, max int) *JPEGReader {
	if max <= 0 {
		max = DefaultMaxFrame
	}
	return &JPEGReader{src: byteSource{r: bufio.NewReaderSize(r, min(64<<10, max+16))}, max: max}
}

// Skipped is the number of images dropped so far because they were broken,
// truncated or too large.
func (j *JPEGReader) Skipped() int { return j.skipped }

// Garbage is the number of bytes so far that were not part of any image.
func (j *JPEGReader) Garbage() int64 { return j.garbage }

// errBroken means the current image is malformed.
var errBroken = errors.New("broken JPEG")

// Next returns the next whole image, from its FF D8 to its FF D9. It
// returns io.EOF when the stream ends (cleanly or inside an image, which
// is then counted in Skipped), ErrFrameTooLarge (wrapped) for an image over
// the limit (call Next again for the one after it), and any other read
// error as it is.
func (j *JPEGReader) Next() ([]byte, error) {
	for {
		if err := j.findSOI(); err != nil {
			return nil, err
		}
		img, err := j.readImage()
		switch {
		case err == nil:
			j.last = len(img)
			return img, nil
		case errors.Is(err, errBroken):
			// Look again from just after this image's SOI.
			j.skipped++
			j.garbage += 2
			j.src.unread(img[2:])
		case errors.Is(err, ErrFrameTooLarge):
			j.skipped++
			return nil, fmt.Errorf("%w (over %d bytes)", ErrFrameTooLarge, j.max)
		case errors.Is(err, io.ErrUnexpectedEOF):
			j.skipped++
			j.garbage += int64(len(img))
			return nil, io.EOF
		default:
			return nil, err
		}
	}
}

// findSOI consumes bytes up to and including the next FF D8.
func (j *JPEGReader) findSOI() error {
	for {
		b, err := j.src.readByte()
		if err != nil {
			return err
		}
		if b != 0xFF {
			j.garbage++
			continue
		}
		n, err := j.src.peekByte()
		if err != nil {
			j.garbage++
			return err
		}
		if n == markerSOI {
			j.src.readByte()
			return nil
		}
		j.garbage++
	}
}

// readImage reads the rest of an image whose SOI has been consumed. On
// errBroken and io.ErrUnexpectedEOF it returns the bytes read so far (SOI
// included, plus the bytes that broke it) with the error.
func (j *JPEGReader) readImage() ([]byte, error) {
	// Frames of a stream are about the same size: start from the last one's.
	buf := make([]byte, 2, min(j.max, max(4<<10, j.last+j.last/8)))
	buf[0], buf[1] = 0xFF, markerSOI
	var tooLarge bool
	add := func(p ...byte) {
		if len(buf)+len(p) > j.max {
			tooLarge = true
			return
		}
		buf = append(buf, p...)
	}
	fail := func(err error) ([]byte, error) {
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return buf, err
	}
	for {
		if tooLarge {
			return nil, ErrFrameTooLarge
		}
		// A marker: FF, fill bytes FF, then the code.
		b, err := j.src.readByte()
		if err != nil {
			return fail(err)
		}
		add(b)
		if b != 0xFF {
			return fail(errBroken)
		}
		m := byte(0xFF)
		for m == 0xFF {
			if m, err = j.src.readByte(); err != nil {
				return fail(err)
			}
			add(m)
		}
	marker:
		switch {
		case m == markerSOI || m == 0x00:
			return fail(errBroken)
		case m == markerEOI:
			if tooLarge {
				return nil, ErrFrameTooLarge
			}
			return buf, nil
		case m == markerTEM || (m >= markerRST0 && m <= markerRST7):
			continue
		}
		// A segment with a length.
		var l [2]byte
		if err := j.src.readFull(l[:]); err != nil {
			return fail(err)
		}
		add(l[:]...)
		n := int(l[0])<<8 | int(l[1])
		if n < 2 {
			return fail(errBroken)
		}
		if len(buf)+n-2 > j.max {
			return nil, ErrFrameTooLarge
		}
		start := len(buf)
		buf = append(buf, make([]byte, n-2)...)
		if err := j.src.readFull(buf[start:]); err != nil {
			buf = buf[:start]
			return fail(err)
		}
		if m != markerSOS {
			continue
		}
		// Entropy-coded data: runs of bytes in which FF is followed by 00
		// (a stuffed FF), a restart marker or more FF (fill); anything
		// else is the marker that ends the scan.
		for {
			chunk, err := j.src.readUntilFF()
			add(chunk...)
			if tooLarge {
				return nil, ErrFrameTooLarge
			}
			if err != nil {
				return fail(err)
			}
			if len(chunk) == 0 || chunk[len(chunk)-1] != 0xFF {
				continue // a full buffer, not yet an FF
			}
			c, err := j.src.readByte()
			for err == nil && c == 0xFF {
				add(c)
				c, err = j.src.readByte()
			}
			if err != nil {
				return fail(err)
			}
			add(c)
			if c == 0x00 || (c >= markerRST0 && c <= markerRST7) {
				continue
			}
			m = c
			goto marker
		}
	}
}

// byteSource is a buffered reader with push-back, so that the bytes of a
// broken image can be searched again for the next image.
type byteSource struct {
	pending []byte
	r       *bufio.Reader
}

func (s *byteSource) unread(p []byte) {
	if len(p) == 0 {
		return
	}
	s.pending = append(append(make([]byte, 0, len(p)+len(s.pending)), p...), s.pending...)
}

func (s *byteSource) readByte() (byte, error) {
	if len(s.pending) > 0 {
		b := s.pending[0]
		s.pending = s.pending[1:]
		return b, nil
	}
	return s.r.ReadByte()
}

func (s *byteSource) peekByte() (byte, error) {
	if len(s.pending) > 0 {
		return s.pending[0], nil
	}
	p, err := s.r.Peek(1)
	if err != nil {
		return 0, err
	}
	return p[0], nil
}

func (s *byteSource) readFull(p []byte) error {
	n := copy(p, s.pending)
	s.pending = s.pending[n:]
	if n == len(p) {
		return nil
	}
	_, err := io.ReadFull(s.r, p[n:])
	return err
}

// readUntilFF returns the bytes up to and including the next FF, or fewer
// when its buffer fills first. The slice is valid until the next read.
func (s *byteSource) readUntilFF() ([]byte, error) {
	if len(s.pending) > 0 {
		i := bytes.IndexByte(s.pending, 0xFF)
		if i < 0 {
			i = len(s.pending) - 1
		}
		chunk := s.pending[:i+1]
		s.pending = s.pending[i+1:]
		return chunk, nil
	}
	chunk, err := s.r.ReadSlice(0xFF)
	if errors.Is(err, bufio.ErrBufferFull) {
		err = nil
	}
	return chunk, err
}

// IsJPEG reports whether b is exactly one whole JPEG image by the same
// structural rules as JPEGReader (it does not decode the pixels).
func IsJPEG(b []byte) bool {
	if len(b) < 4 || b[0] != 0xFF || b[1] != markerSOI {
		return false
	}
	r := NewJPEGReader(bytes.NewReader(b), len(b))
	img, err := r.Next()
	return err == nil && len(img) == len(b) && r.Skipped() == 0
}
