package tesseract

import (
	"errors"
	"image"
	"image/draw"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/tilescope/tilescope/ocr"
)

// letterImage draws a large, clean, upright black letter on white.
func letterImage(t *testing.T, s string) image.Image {
	t.Helper()
	f, err := opentype.Parse(gobold.TTF)
	if err != nil {
		t.Fatal(err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: 90, DPI: 72})
	if err != nil {
		t.Fatal(err)
	}
	img := image.NewGray(image.Rect(0, 0, 140, 140))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	d := font.Drawer{Dst: img, Src: image.Black, Face: face, Dot: fixed.P(35, 105)}
	d.DrawString(s)
	return img
}

func TestReadCleanLetter(t *testing.T) {
	tests := []struct {
		name, alphabet, text, want string
	}{
		{"latin", ocr.English, "K", "K"},
		{"latin R", ocr.English, "R", "R"},
		{"cyrillic", ocr.Russian, "Ж", "Ж"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := New(tt.alphabet)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			got, err := r.Read(letterImage(t, tt.text))
			if err != nil {
				t.Fatal(err)
			}
			if got.Letter != tt.want || got.Conf <= 0 || got.Conf > 1 {
				t.Errorf("read %+v, want %q", got, tt.want)
			}
		})
	}
}

func TestTurns(t *testing.T) {
	r, err := New(ocr.English)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	r.Turns = true
	// A letter lying on its side: a quarter turn clockwise on screen is
	// 270 degrees counter-clockwise.
	g := letterImage(t, "R").(*image.Gray)
	got, err := r.Read(rotate90(g))
	if err != nil {
		t.Fatal(err)
	}
	if got.Letter != "R" || got.Angle != 270 {
		t.Errorf("read %+v, want R at 270", got)
	}
}

func TestErrors(t *testing.T) {
	if _, err := New("fi"); !errors.Is(err, ocr.ErrAlphabet) {
		t.Errorf("New(fi): %v", err)
	}
	r, err := New(ocr.English)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Read(nil); !errors.Is(err, ocr.ErrEmptyImage) {
		t.Errorf("nil image: %v", err)
	}
	if _, err := r.Read(image.NewGray(image.Rect(0, 0, 0, 5))); !errors.Is(err, ocr.ErrEmptyImage) {
		t.Errorf("empty image: %v", err)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if err := r.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if _, err := r.Read(letterImage(t, "A")); !errors.Is(err, ErrClosed) {
		t.Errorf("read after close: %v", err)
	}
}

func TestBlankReadsNoTile(t *testing.T) {
	r, err := New(ocr.English)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	img := image.NewGray(image.Rect(0, 0, 60, 60))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	got, err := r.Read(img)
	if err != nil {
		t.Fatal(err)
	}
	if got.Letter != "" {
		t.Errorf("blank read as %+v", got)
	}
}
