package libjpeg

/*
#cgo LDFLAGS: -ljpeg
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>

// tsj_err is libjpeg's error manager with a way back out: libjpeg calls
// error_exit on a fatal error and must not return from it.
struct tsj_err {
	struct jpeg_error_mgr pub;
	jmp_buf back;
	char msg[JMSG_LENGTH_MAX];
};

static void tsj_error_exit(j_common_ptr c) {
	struct tsj_err *e = (struct tsj_err *)c->err;
	(*c->err->format_message)(c, e->msg);
	longjmp(e->back, 1);
}

// tsj_quiet drops libjpeg's warnings.
static void tsj_quiet(j_common_ptr c) { (void)c; }

// The source: all the bytes at once, and no more to come. Like OpenCV's
// buffer source, running out suspends the decoder (fill_input_buffer
// says no) instead of inventing an end of picture, so a picture cut short
// decodes as OpenCV decodes it.
static void tsj_src_nop(j_decompress_ptr c) { (void)c; }
static boolean tsj_src_fill(j_decompress_ptr c) { (void)c; return FALSE; }
static void tsj_src_skip(j_decompress_ptr c, long n) {
	struct jpeg_source_mgr *s = c->src;
	if (n <= 0) return;
	if ((unsigned long)n > s->bytes_in_buffer) {
		s->next_input_byte += s->bytes_in_buffer;
		s->bytes_in_buffer = 0;
	} else {
		s->next_input_byte += n;
		s->bytes_in_buffer -= n;
	}
}

// tsj_out is what tsj_decode gives back.
struct tsj_out {
	unsigned char *bgr;   // w*h*3 bytes, malloc'd
	int w, h;
	unsigned char *app1;  // the first APP1 segment's data, malloc'd, or NULL
	unsigned int app1_len;
	char msg[JMSG_LENGTH_MAX];
};

// tsj_decode decodes data at 1/denom of its size into BGR bytes, as
// OpenCV 4.6's JpegDecoder (readHeader, readData) does for IMREAD_COLOR
// and IMREAD_REDUCED_COLOR_*: the same calls in the same order, one
// scanline at a time into a row buffer that is copied out whether or not
// libjpeg filled it. It returns 0, or 1 with o->msg set on a fatal error,
// or 2 for a four-component (CMYK, YCCK) picture, or 3 for one of more
// than maxpix pixels (as decoded).
static int tsj_decode(const unsigned char *data, unsigned long n, int denom, double maxpix, struct tsj_out *o) {
	struct jpeg_decompress_struct cinfo;
	struct jpeg_source_mgr src;
	struct tsj_err jerr;
	// volatile: changed after setjmp and read after longjmp.
	unsigned char *volatile bgr = NULL;
	unsigned char *volatile app1 = NULL;
	memset(&cinfo, 0, sizeof cinfo);
	memset(o, 0, sizeof *o);
	cinfo.err = jpeg_std_error(&jerr.pub);
	jerr.pub.error_exit = tsj_error_exit;
	jerr.pub.output_message = tsj_quiet;
	jerr.msg[0] = 0;
	// read: every row has been read (libjpeg may still complain when the
	// decompression is finished: rows missing, a picture cut short; as in
	// OpenCV, the picture then stands).
	volatile int read = 0;
	volatile int ow = 0, oh = 0;
	if (setjmp(jerr.back)) {
		jpeg_destroy_decompress(&cinfo);
		if (read) {
			o->bgr = bgr;
			o->w = ow;
			o->h = oh;
			o->app1 = app1;
			return 0;
		}
		free(bgr);
		free(app1);
		memcpy(o->msg, jerr.msg, sizeof o->msg);
		o->msg[sizeof o->msg - 1] = 0;
		return 1;
	}
	jpeg_create_decompress(&cinfo);
	src.init_source = tsj_src_nop;
	src.fill_input_buffer = tsj_src_fill;
	src.skip_input_data = tsj_src_skip;
	src.resync_to_restart = jpeg_resync_to_restart;
	src.term_source = tsj_src_nop;
	src.next_input_byte = data;
	src.bytes_in_buffer = n;
	cinfo.src = &src;
	jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xffff);
	jpeg_read_header(&cinfo, TRUE);
	cinfo.scale_num = 1;
	cinfo.scale_denom = denom;
	// Refuses a header cut short (libjpeg's state is still "in header").
	jpeg_calc_output_dimensions(&cinfo);
	ow = cinfo.output_width;
	oh = cinfo.output_height;
	if (ow <= 0 || oh <= 0) {
		jpeg_destroy_decompress(&cinfo);
		strcpy(o->msg, "no pixels");
		return 1;
	}
	if ((double)ow * (double)oh > maxpix) {
		jpeg_destroy_decompress(&cinfo);
		return 3;
	}
	if (cinfo.num_components == 4) {
		jpeg_destroy_decompress(&cinfo);
		return 2;
	}
	// (A Motion-JPEG frame without Huffman tables: libjpeg-turbo uses the
	// standard ones, which are the ones OpenCV loads for it.)
	cinfo.out_color_space = JCS_EXT_BGR;
	cinfo.out_color_components = 3;
	for (jpeg_saved_marker_ptr m = cinfo.marker_list; m != NULL; m = m->next) {
		if (m->marker == JPEG_APP0 + 1) {
			app1 = malloc(m->data_length ? m->data_length : 1);
			if (app1 == NULL) break;
			memcpy(app1, m->data, m->data_length);
			o->app1_len = m->data_length;
			break;
		}
	}
	jpeg_start_decompress(&cinfo);
	size_t stride = (size_t)ow * 3;
	bgr = malloc(stride * (size_t)oh);
	if (bgr == NULL) {
		jpeg_destroy_decompress(&cinfo);
		free(app1);
		strcpy(o->msg, "out of memory");
		return 1;
	}
	JSAMPARRAY row = (*cinfo.mem->alloc_sarray)((j_common_ptr)&cinfo, JPOOL_IMAGE, ow * 4, 1);
	memset(row[0], 0, (size_t)ow * 4);
	for (int y = 0; y < oh; y++) {
		jpeg_read_scanlines(&cinfo, row, 1);
		memcpy(bgr + stride * y, row[0], stride);
	}
	read = 1;
	jpeg_finish_decompress(&cinfo);
	jpeg_destroy_decompress(&cinfo);
	o->bgr = bgr;
	o->w = ow;
	o->h = oh;
	o->app1 = app1;
	return 0;
}
*/
import "C"

import (
	"errors"
	"fmt"
	"unsafe"

	"github.com/tilescope/tilescope/internal/exif"
)

// Sentinel errors.
var (
	// ErrDecode: libjpeg could not decode the bytes (not a JPEG, or
	// broken beyond what libjpeg reads through).
	ErrDecode = errors.New("libjpeg: not a readable JPEG")
	// ErrCMYK: a four-component picture (CMYK or YCCK), which this
	// package does not convert.
	ErrCMYK = errors.New("libjpeg: a CMYK JPEG")
	// ErrTooLarge: the picture would decode to more than MaxPixels.
	ErrTooLarge = errors.New("libjpeg: picture too large")
	// ErrScale: a scale other than 1, 2, 4 or 8.
	ErrScale = errors.New("libjpeg: scale must be 1, 2, 4 or 8")
)

// MaxPixels bounds a decoded picture (after scaling): a header that
// claims more is refused before any room is made for it. (The program
// checks its photos' headers earlier still, internal/imagesize.)
const MaxPixels = 50_000_000

// Picture is a decoded picture: W by H pixels of three bytes each, blue,
// green, red, row after row with no padding.
type Picture struct {
	W, H int
	BGR  []byte
	// Orientation is the EXIF orientation (1 to 8) as OpenCV reads it
	// from the picture's first APP1 segment, 0 when it finds none. The
	// pixels are as stored; Oriented turns them.
	Orientation int
}

// DecodeBGR decodes a JPEG at 1/denom of its width and height (denom 1,
// 2, 4 or 8; libjpeg scales in the inverse DCT, so a smaller picture costs
// less), as cv::imdecode does with IMREAD_COLOR (denom 1) or
// IMREAD_REDUCED_COLOR_denom, before it turns the picture by its EXIF
// orientation (Picture.Oriented does that). A grey JPEG comes back with
// its grey in all three channels; a width w becomes ceil(w/denom). A
// picture cut short decodes, its missing rows repeating the last row
// decoded, as OpenCV gives it.
func DecodeBGR(data []byte, denom int) (Picture, error) {
	switch denom {
	case 1, 2, 4, 8:
	default:
		return Picture{}, fmt.Errorf("%w (%d)", ErrScale, denom)
	}
	if len(data) == 0 {
		return Picture{}, fmt.Errorf("%w: no bytes", ErrDecode)
	}
	var o C.struct_tsj_out
	// data is only read, and not kept, by C.
	rc := C.tsj_decode((*C.uchar)(unsafe.Pointer(&data[0])), C.ulong(len(data)), C.int(denom), C.double(MaxPixels), &o)
	switch rc {
	case 0:
	case 2:
		return Picture{}, ErrCMYK
	case 3:
		return Picture{}, ErrTooLarge
	default:
		return Picture{}, fmt.Errorf("%w: %s", ErrDecode, C.GoString(&o.msg[0]))
	}
	defer C.free(unsafe.Pointer(o.bgr))
	p := Picture{W: int(o.w), H: int(o.h)}
	p.BGR = C.GoBytes(unsafe.Pointer(o.bgr), C.int(p.W*p.H*3))
	if o.app1 != nil {
		app1 := C.GoBytes(unsafe.Pointer(o.app1), C.int(o.app1_len))
		C.free(unsafe.Pointer(o.app1))
		p.Orientation = exif.Orientation(app1)
	}
	return p, nil
}
