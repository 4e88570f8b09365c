//go:build !lean

package main

import (
	"errors"
	"fmt"
	"image"
	"io"
	"os"

	"github.com/tilescope/tilescope/internal/imagesize"
	"github.com/tilescope/tilescope/vision"
)

// maxJPEGFile bounds a JPEG file read whole (to be decoded at half size):
// a 50 MP photo at the best quality is about 30 MB.
const maxJPEGFile = 64 << 20

// decodePhoto decodes a photo for the vision, with the memory it takes
// bounded whatever the bytes claim: the header is checked first
// (imagesize: over 50 MP, a PNG over 24, is refused), a JPEG over
// imagesize.WorkPixels is decoded at half its size by libjpeg (which never
// holds the whole picture), and what is still over WorkPixels is shrunk.
func decodePhoto(r io.ReadSeeker) (image.Image, error) {
	cfg, format, err := imagesize.Check(r)
	if err != nil {
		return nil, err
	}
	if _, err := r.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	var img image.Image
	if format == "jpeg" && int64(cfg.Width)*int64(cfg.Height) > imagesize.WorkPixels {
		data, err := io.ReadAll(io.LimitReader(r, maxJPEGFile+1))
		if err != nil {
			return nil, err
		}
		if len(data) > maxJPEGFile {
			return nil, fmt.Errorf("%w: a JPEG file over %d MB", imagesize.ErrTooLarge, maxJPEGFile>>20)
		}
		img, err = vision.DecodeForTurns(data)
		if err != nil {
			return nil, fmt.Errorf("%w (%v)", imagesize.ErrFormat, err)
		}
	} else {
		img, _, err = imagesize.DecodeReader(r)
		if err != nil {
			return nil, err
		}
	}
	return imagesize.Shrink(img, imagesize.WorkPixels), nil
}

// decodePhotoBytes is decodePhoto on a photo in memory.
func decodePhotoBytes(b []byte) (image.Image, error) { return vision.DecodePhoto(b) }

// readPhotoFile decodes a photo file for the vision (decodePhoto); errors
// are bad input naming the file and the command.
func readPhotoFile(cmd, path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, usageErrorf("%s: %v", cmd, err)
	}
	defer f.Close()
	img, err := decodePhoto(f)
	switch {
	case errors.Is(err, imagesize.ErrTooLarge):
		return nil, usageErrorf("%s: %s: %v", cmd, path, err)
	case err != nil:
		return nil, usageErrorf("%s: %s: not a readable JPEG or PNG image: %v", cmd, path, err)
	}
	return img, nil
}
