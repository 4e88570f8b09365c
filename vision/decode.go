package vision

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"

	"gocv.io/x/gocv"

	"github.com/tilescope/tilescope/internal/libjpeg"
)

// interLinearExact is OpenCV's INTER_LINEAR_EXACT (gocv v0.31 names no
// constant for it): the bit-exact bilinear resize imdecode scales a PNG
// with.
const interLinearExact = gocv.InterpolationFlags(5)

// decodeHalfBGR decodes a JPEG or PNG (format as imagesize names it) at
// half its width and height into a BGR Mat, pixel for pixel what
// gocv.IMDecode(data, gocv.IMReadReducedColor2) gives, without OpenCV's
// imgcodecs: so the program need not link libopencv_imgcodecs and the
// 139 shared libraries it brings (docs/pi.md, "A lean start"). A JPEG is
// decoded by libjpeg at half size and turned by its EXIF orientation
// (internal/libjpeg, the library and the settings imgcodecs uses); a PNG
// is decoded whole (lossless: every decoder gives the same pixels) and
// halved by OpenCV's resize as imdecode halves it. TestDecodeHalfAsOpenCV
// checks both against IMDecode. The caller closes the Mat.
func decodeHalfBGR(data []byte, format string) (gocv.Mat, error) {
	switch format {
	case "jpeg":
		p, err := libjpeg.DecodeBGR(data, 2)
		if err != nil {
			return gocv.Mat{}, err
		}
		p = p.Oriented()
		return gocv.NewMatFromBytes(p.H, p.W, gocv.MatTypeCV8UC3, p.BGR)
	case "png":
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			return gocv.Mat{}, err
		}
		w, h := img.Bounds().Dx(), img.Bounds().Dy()
		if w < 2 || h < 2 {
			return gocv.Mat{}, fmt.Errorf("a %dx%d picture has no half", w, h)
		}
		full, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8UC3, pngBGR(img))
		if err != nil {
			return gocv.Mat{}, err
		}
		defer full.Close()
		half := gocv.NewMat()
		gocv.Resize(full, &half, image.Pt(w/2, h/2), 0, 0, interLinearExact)
		return half, nil
	}
	return gocv.Mat{}, errors.New("not a JPEG or PNG picture")
}

// pngBGR is a decoded PNG's pixels as OpenCV's PNG decoder gives them for
// IMREAD_COLOR: blue, green, red as stored, alpha dropped (not
// composited), 16-bit samples cut to their high byte, grey in all three.
func pngBGR(img image.Image) []byte {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	out := make([]byte, 0, 3*w*h)
	put := func(r, g, bl uint8) { out = append(out, bl, g, r) }
	switch m := img.(type) {
	case *image.NRGBA:
		for y := 0; y < h; y++ {
			row := m.Pix[y*m.Stride : y*m.Stride+4*w]
			for x := 0; x < w; x++ {
				put(row[4*x], row[4*x+1], row[4*x+2])
			}
		}
	case *image.RGBA: // opaque: the samples as stored
		for y := 0; y < h; y++ {
			row := m.Pix[y*m.Stride : y*m.Stride+4*w]
			for x := 0; x < w; x++ {
				put(row[4*x], row[4*x+1], row[4*x+2])
			}
		}
	case *image.NRGBA64:
		for y := 0; y < h; y++ {
			row := m.Pix[y*m.Stride : y*m.Stride+8*w]
			for x := 0; x < w; x++ {
				put(row[8*x], row[8*x+2], row[8*x+4])
			}
		}
	case *image.RGBA64:
		for y := 0; y < h; y++ {
			row := m.Pix[y*m.Stride : y*m.Stride+8*w]
			for x := 0; x < w; x++ {
				put(row[8*x], row[8*x+2], row[8*x+4])
			}
		}
	case *image.Gray:
		for y := 0; y < h; y++ {
			for _, v := range m.Pix[y*m.Stride : y*m.Stride+w] {
				put(v, v, v)
			}
		}
	case *image.Gray16:
		for y := 0; y < h; y++ {
			row := m.Pix[y*m.Stride : y*m.Stride+2*w]
			for x := 0; x < w; x++ {
				put(row[2*x], row[2*x], row[2*x])
			}
		}
	default: // a palette: each entry as stored
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				switch c := img.At(x, y).(type) {
				case color.NRGBA:
					put(c.R, c.G, c.B)
				default:
					r, g, bl, _ := c.RGBA()
					put(uint8(r>>8), uint8(g>>8), uint8(bl>>8))
				}
			}
		}
	}
	return out
}
