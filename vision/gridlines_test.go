package vision

import (
	"errors"
	"image"
	"image/color"
	"math"
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

// TestScrabblePhotos finds the 15x15 grid on real phone photos of a
// Scrabble board (no ground truth: the quadrilateral must be plausible).
func TestScrabblePhotos(t *testing.T) {
	files, _ := filepath.Glob("/work/shared/data/photos/scrabble-board/*.jpg")
	if len(files) == 0 {
		t.Skip("the shared photos are not on this machine")
	}
	found := 0
	for _, f := range files {
		img := loadImage(t, f)
		p := Luma(img)
		fit, ok := findBoard(p, img, 15)
		if !ok || fit.Score < minGridContrast {
			t.Logf("%s: no grid", filepath.Base(f))
			continue
		}
		var q Quad
		for i, c := range []Point{{0, 0}, {15, 0}, {15, 15}, {0, 15}} {
			q[i] = fit.H.Apply(c)
		}
		area := quadArea(q) / float64(p.W*p.H)
		_, convex := orderPoints(q[:])
		var cx, cy float64
		for _, c := range q {
			cx += c.X / 4
			cy += c.Y / 4
		}
		central := math.Abs(cx/float64(p.W)-0.5) < 0.25 && math.Abs(cy/float64(p.H)-0.5) < 0.25
		if convex && area > 0.15 && area < 0.95 && central {
			found++
		} else {
			t.Logf("%s: implausible grid %v (area %.2f)", filepath.Base(f), q, area)
		}
	}
	if found < len(files)*3/4 {
		t.Errorf("a plausible grid on %d of %d photos, want at least 3/4", found, len(files))
	}
}
