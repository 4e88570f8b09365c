package vision

import (
	"fmt"
	"image"

	"github.com/tilescope/tilescope/internal/imagesize"
)

// DecodePhoto decodes a photo (JPEG or PNG bytes) for the readers, with
// the memory it takes bounded whatever the bytes claim: the header is
// checked first (internal/imagesize: over 50 MP, a PNG over 24, is
// refused with imagesize.ErrTooLarge), a JPEG over imagesize.WorkPixels is
// decoded at half its size by libjpeg (DecodeForTurns, which never holds
// the whole picture), and what is still over WorkPixels is shrunk.
func DecodePhoto(data []byte) (image.Image, error) {
	cfg, format, err := imagesize.CheckBytes(data)
	if err != nil {
		return nil, err
	}
	var img image.Image
	if format == "jpeg" && int64(cfg.Width)*int64(cfg.Height) > imagesize.WorkPixels {
		if img, err = DecodeForTurns(data); err != nil {
			return nil, fmt.Errorf("%w (%v)", imagesize.ErrFormat, err)
		}
	} else if img, _, err = imagesize.Decode(data); err != nil {
		return nil, err
	}
	return imagesize.Shrink(img, imagesize.WorkPixels), nil
}
