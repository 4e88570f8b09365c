package imagesize_test

import (
	"bytes"
	"errors"
	"image"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/tilescope/tilescope/internal/imagesize"
	"github.com/tilescope/tilescope/internal/imagesize/imagesizetest"
)

func encoded(t testing.TB, format string, w, h int) []byte {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, w, h))
	var b bytes.Buffer
	var err error
	if format == "png" {
		err = png.Encode(&b, img)
	} else {
		err = jpeg.Encode(&b, img, nil)
	}
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestDecode(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		want error // nil: decodes
	}{
		{"small jpeg", encoded(t, "jpeg", 64, 48), nil},
		{"small png", encoded(t, "png", 64, 48), nil},
		{"jpeg claiming 30000x30000", imagesizetest.JPEG(30000, 30000), imagesize.ErrTooLarge},
		{"png claiming 30000x30000", imagesizetest.PNG(30000, 30000), imagesize.ErrTooLarge},
		{"jpeg claiming 8000x6500 (52 MP)", imagesizetest.JPEG(8000, 6500), imagesize.ErrTooLarge},
		{"png strip 1x20000", imagesizetest.PNG(1, 20000), imagesize.ErrTooLarge},
		{"png claiming 5000x5000 (25 MP)", imagesizetest.PNG(5000, 5000), imagesize.ErrTooLarge},
		{"png claiming 0x10", imagesizetest.PNG(0, 10), imagesize.ErrFormat},
		{"garbage", []byte("not an image at all"), imagesize.ErrFormat},
		{"empty", nil, imagesize.ErrFormat},
		{"truncated jpeg", encoded(t, "jpeg", 64, 48)[:40], imagesize.ErrFormat},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var before runtime.MemStats
			runtime.ReadMemStats(&before)
			img, _, err := imagesize.Decode(tc.data)
			var after runtime.MemStats
			runtime.ReadMemStats(&after)
			if tc.want == nil {
				if err != nil || img == nil {
					t.Fatalf("Decode: %v", err)
				}
				return
			}
			if !errors.Is(err, tc.want) {
				t.Fatalf("Decode: %v, want %v", err, tc.want)
			}
			if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
				t.Errorf("refusing it allocated %d bytes", grew)
			}
		})
	}
}

func TestDecodeFileNamesTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bomb.png")
	if err := os.WriteFile(path, imagesizetest.PNG(30000, 30000), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err := imagesize.DecodeFile(path)
	if !errors.Is(err, imagesize.ErrTooLarge) || !bytes.Contains([]byte(err.Error()), []byte(path)) {
		t.Fatalf("DecodeFile: %v, want ErrTooLarge naming %s", err, path)
	}
}

// FuzzDecode: whatever the bytes, Decode neither panics nor returns an
// image over the limit, and an image it returns is the size its header
// claimed.
func FuzzDecode(f *testing.F) {
	f.Add(encoded(f, "jpeg", 8, 8))
	f.Add(encoded(f, "png", 8, 8))
	f.Add(imagesizetest.JPEG(30000, 30000))
	f.Add(imagesizetest.PNG(30000, 30000))
	f.Add(imagesizetest.PNG(7000, 7000))
	f.Fuzz(func(t *testing.T, b []byte) {
		cfg, _, cerr := imagesize.CheckBytes(b)
		img, _, err := imagesize.Decode(b)
		if cerr != nil {
			if err == nil {
				t.Fatalf("Check refused (%v) but Decode did not", cerr)
			}
			return
		}
		if int64(cfg.Width)*int64(cfg.Height) > imagesize.MaxPixels {
			t.Fatalf("Check passed %dx%d", cfg.Width, cfg.Height)
		}
		if err == nil {
			if got := img.Bounds().Size(); got.X != cfg.Width || got.Y != cfg.Height {
				t.Fatalf("decoded %v, the header said %dx%d", got, cfg.Width, cfg.Height)
			}
		}
	})
}

func TestShrink(t *testing.T) {
	tests := []struct {
		name         string
		w, h, max    int
		wantW, wantH int
	}{
		{"small enough", 40, 30, 1200, 40, 30},
		{"halved", 40, 30, 300, 20, 15},
		{"thirds", 40, 30, 200, 13, 10},
		{"odd sides", 41, 31, 400, 20, 15},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			img := image.NewGray(image.Rect(0, 0, tc.w, tc.h))
			for i := range img.Pix {
				img.Pix[i] = uint8(i % 2 * 200)
			}
			got := imagesize.Shrink(img, tc.max)
			if s := got.Bounds().Size(); s.X != tc.wantW || s.Y != tc.wantH {
				t.Fatalf("Shrink to %d: %v, want %dx%d", tc.max, s, tc.wantW, tc.wantH)
			}
			if tc.wantW < tc.w {
				// a checkerboard of columns 0 and 200 averages to 100
				if r, _, _, _ := got.At(0, 0).RGBA(); r>>8 < 60 || r>>8 > 140 {
					t.Errorf("pixel (0,0) = %d, want the block's mean", r>>8)
				}
			}
		})
	}
}
