package vision

import (
	"errors"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"testing"
)

// TestFindGridLines: the quick search (lines and straight edges only)
// finds a printed board whose lines show, and on a picture with no board
// answers ErrNoBoard rather than going on to the slower stages (it once
// scored its last stage on the unequalised picture, an OpenCV abort).
func TestFindGridLines(t *testing.T) {
	plain := image.NewRGBA(image.Rect(0, 0, 640, 480))
	for i := range plain.Pix {
		plain.Pix[i] = uint8(90 + i%7)
	}
	noisy := image.NewRGBA(image.Rect(0, 0, 640, 480))
	for y := 0; y < 480; y++ {
		for x := 0; x < 640; x++ {
			v := uint8((x*x + 3*y*y + x*y) % 251)
			noisy.Set(x, y, color.RGBA{v, v / 2, 255 - v, 255})
		}
	}
	for _, tc := range []struct {
		name string
		img  image.Image
	}{
		{"a plain table", plain},
		{"a busy pattern", noisy},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := FindGridLines(tc.img, 15); !errors.Is(err, ErrNoBoard) && !errors.Is(err, ErrTooDark) && !errors.Is(err, ErrTooBlurred) {
				t.Errorf("err = %v, want no board", err)
			}
		})
	}
	t.Run("a real Scrabble board", func(t *testing.T) {
		var dir string
		for _, d := range []string{os.Getenv("TILESCOPE_SHARED"), "../../shared"} {
			if d != "" {
				if _, err := os.Stat(filepath.Join(d, "data", "photos", "scrabble-board")); err == nil {
					dir = filepath.Join(d, "data", "photos", "scrabble-board")
					break
				}
			}
		}
		if dir == "" {
			t.Skip("../shared (or $TILESCOPE_SHARED) is not here")
		}
		b, err := os.ReadFile(filepath.Join(dir, "IMG_20141025_163933.jpg"))
		if err != nil {
			t.Fatal(err)
		}
		img, err := DecodePhoto(b)
		if err != nil {
			t.Fatal(err)
		}
		g, err := FindGridLines(img, 15)
		if err != nil {
			t.Fatalf("FindGridLines: %v", err)
		}
		full, err := FindGrid(img, 15)
		if err != nil {
			t.Fatalf("FindGrid: %v", err)
		}
		for i, p := range g.Corners() {
			q := full.Corners()[i]
			if d := (p.X-q.X)*(p.X-q.X) + (p.Y-q.Y)*(p.Y-q.Y); d > 4*4 {
				t.Errorf("corner %d at %v, FindGrid's at %v", i, p, q)
			}
		}
	})
}
