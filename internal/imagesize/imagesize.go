package imagesize

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // the formats the program reads
	_ "image/png"
	"io"
	"os"

	"github.com/tilescope/tilescope/internal/exif"
)

// MaxPixels is the most pixels an image may have: 50 megapixels, beyond
// what a phone or a Raspberry Pi camera makes (12 to 48 megapixels).
const MaxPixels = 50_000_000

// MaxPNGPixels is the most pixels a PNG may have. Cameras make JPEGs; a
// PNG is a screenshot or a rendered scene, and decodes to 4 bytes a pixel
// with no way to scale while decoding: 24 megapixels is 96 MB.
const MaxPNGPixels = 24_000_000

// MaxSide bounds either side alone (a 1 x 50,000,000 strip is no photo).
const MaxSide = 16384

// WorkPixels is the most pixels the vision is given: a larger photo is
// scaled down first (Shrink). A phone's 12 MP photo is read as it is;
// every image in our data sets is far smaller.
const WorkPixels = 13_000_000

// Sentinel errors.
var (
	// ErrTooLarge: the image claims more pixels than MaxPixels (or a side
	// over MaxSide).
	ErrTooLarge = errors.New("imagesize: image too large")
	// ErrFormat: not an image this program reads (JPEG or PNG), or its
	// header is broken.
	ErrFormat = errors.New("imagesize: not a JPEG or PNG image")
)

// Check reads an image's header and refuses one too large to decode. It
// returns the header and the format name ("jpeg", "png").
func Check(r io.Reader) (image.Config, string, error) {
	cfg, format, err := image.DecodeConfig(r)
	if err != nil {
		return cfg, format, fmt.Errorf("%w (%v)", ErrFormat, err)
	}
	if err := checkSize(format, cfg.Width, cfg.Height); err != nil {
		return cfg, format, err
	}
	return cfg, format, nil
}

func checkSize(format string, w, h int) error {
	if w <= 0 || h <= 0 {
		return fmt.Errorf("%w (%dx%d pixels)", ErrFormat, w, h)
	}
	limit := int64(MaxPixels)
	if format == "png" {
		limit = MaxPNGPixels
	}
	if w > MaxSide || h > MaxSide || int64(w)*int64(h) > limit {
		return fmt.Errorf("%w: a %s of %dx%d pixels (%.1f megapixels), over the limit of %d megapixels and %d pixels a side",
			ErrTooLarge, format, w, h, float64(w)*float64(h)/1e6, limit/1_000_000, MaxSide)
	}
	return nil
}

// Shrink scales img down by a whole factor (each output pixel the mean of
// a factor x factor block) until it has at most max pixels; an image
// already small enough is returned as it is.
func Shrink(img image.Image, max int) image.Image {
	b := img.Bounds()
	f := 1
	for int64(b.Dx()/f)*int64(b.Dy()/f) > int64(max) {
		f++
	}
	if f == 1 {
		return img
	}
	w, h := b.Dx()/f, b.Dy()/f
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	n := uint32(f * f)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var r, g, bl uint32
			for dy := 0; dy < f; dy++ {
				for dx := 0; dx < f; dx++ {
					cr, cg, cb, _ := img.At(b.Min.X+x*f+dx, b.Min.Y+y*f+dy).RGBA()
					r, g, bl = r+cr>>8, g+cg>>8, bl+cb>>8
				}
			}
			i := out.PixOffset(x, y)
			out.Pix[i], out.Pix[i+1], out.Pix[i+2], out.Pix[i+3] = uint8(r/n), uint8(g/n), uint8(bl/n), 255
		}
	}
	return out
}

// CheckBytes is Check on an image in memory.
func CheckBytes(b []byte) (image.Config, string, error) { return Check(bytes.NewReader(b)) }

// Decode checks an image in memory, then decodes it. A JPEG comes back
// turned upright by its EXIF orientation (Upright), as a browser shows it
// and as the program's libjpeg path (vision.DecodeForTurns) gives it.
func Decode(b []byte) (image.Image, string, error) {
	if _, _, err := CheckBytes(b); err != nil {
		return nil, "", err
	}
	img, format, err := image.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, format, fmt.Errorf("%w (%v)", ErrFormat, err)
	}
	if format == "jpeg" {
		img = Upright(img, exif.JPEGOrientation(b))
	}
	return img, format, nil
}

// DecodeReader checks an image read from r, then decodes it as Decode
// does; r must be able to go back to where it started.
func DecodeReader(r io.ReadSeeker) (image.Image, string, error) {
	start, err := r.Seek(0, io.SeekCurrent)
	if err != nil {
		return nil, "", err
	}
	if _, _, err := Check(r); err != nil {
		return nil, "", err
	}
	if _, err := r.Seek(start, io.SeekStart); err != nil {
		return nil, "", err
	}
	// The whole file, for the orientation in its header: a JPEG's file
	// is a small part of the pixels it decodes to.
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, "", err
	}
	return Decode(b)
}

// DecodeFile checks the image in a file, then decodes it. Errors name the
// file.
func DecodeFile(path string) (image.Image, string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	img, format, err := DecodeReader(f)
	if err != nil {
		return nil, format, fmt.Errorf("%s: %w", path, err)
	}
	return img, format, nil
}
