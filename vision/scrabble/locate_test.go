package scrabble

import (
	"image"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestLocate: on every committed photo, decoded at half size as the turn
// detector decodes frames, Locate finds the grid Scan finds on the whole
// photo: each corner within a fifth of a square of one of Scan's (which
// are turned to the letters), and a picture with no board is not located.
func TestLocate(t *testing.T) {
	files, err := filepath.Glob("testdata/photos/*.jpg")
	if err != nil || len(files) == 0 {
		t.Fatal("no photos in testdata/photos")
	}
	rd := reader(t)
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".jpg"), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			half, err := vision.DecodeForTurns(data)
			if err != nil {
				t.Fatal(err)
			}
			q, err := Locate(half)
			if err != nil {
				t.Fatalf("no board: %v", err)
			}
			full, err := Scan(loadImage(t, f), Options{Reader: rd})
			if err != nil {
				t.Fatal(err)
			}
			nearScanCorners(t, q, full.Corners, float64(half.Bounds().Dx())/float64(loadImage(t, f).Bounds().Dx()))
		})
	}
	grey := image.NewRGBA(image.Rect(0, 0, 640, 480))
	for i := range grey.Pix {
		grey.Pix[i] = 128
	}
	if q, err := Locate(grey); err == nil || q != (vision.Quad{}) {
		t.Errorf("a flat grey picture: located at %v (%v)", q, err)
	}
}

// nearScanCorners checks that each corner Locate found (q, in the half-size
// picture turns are read from) lies within a fifth of a square of the
// nearest of Scan's corners (full, in the photo's pixels, scaled by
// scale).
func nearScanCorners(t *testing.T, q, full vision.Quad, scale float64) {
	t.Helper()
	side := math.Hypot(full[1].X-full[0].X, full[1].Y-full[0].Y) * scale / Size
	for i, c := range q {
		near := math.Inf(1)
		for _, w := range full {
			near = math.Min(near, math.Hypot(c.X-w.X*scale, c.Y-w.Y*scale))
		}
		if near > side/5 {
			t.Errorf("corner %d at %.0f,%.0f: %.1f px from Scan's nearest (a square is %.1f px)", i, c.X, c.Y, near, side)
		}
	}
}
