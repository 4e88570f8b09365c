package vision

import (
	"errors"
	"image"
	"image/color"
	"math"
	"path/filepath"
	"testing"

	"github.com/tilescope/tilescope/internal/sharedtest"
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
		img := scrabbleBoardPhoto(t, "IMG_20141025_163933.jpg")
		g, err := FindGridLines(img, 15)
		if err != nil {
			t.Fatalf("FindGridLines: %v", err)
		}
		sameGridAsFindGrid(t, img, g)
	})
}

// TestScrabblePhotos finds the 15x15 grid on real phone photos of a
// Scrabble board (no ground truth: the quadrilateral must be plausible).
func TestScrabblePhotos(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(sharedtest.Dir(t, "data/photos/scrabble-board"), "*.jpg"))
	if len(files) == 0 {
		t.Fatal("no photos in ../shared's data/photos/scrabble-board")
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

// TestGridShift: a grid moved by whole squares maps each board point
// where the unmoved grid maps the point that many squares on, through
// the lens too, and its residual correction moves with it.
func TestGridShift(t *testing.T) {
	img := loadImage(t, "upwords/testdata/scenes/upwords-0002.jpg")
	g, err := FindGrid(img, 10)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range [][2]int{{1, 0}, {0, -1}, {-2, 1}} {
		s := g.Shift(d[0], d[1])
		for _, p := range []Point{{X: 2, Y: 3}, {X: 5.5, Y: 5.5}, {X: 4, Y: 7}} {
			want := g.At(Point{X: p.X + float64(d[0]), Y: p.Y + float64(d[1])})
			if got := s.At(p); math.Hypot(got.X-want.X, got.Y-want.Y) > 1e-6 {
				t.Errorf("shift %v: %v maps to %v, want %v", d, p, got, want)
			}
			if c, sc := g.Correction(), s.Correction(); c != nil && sc != nil {
				want, got := c(p.X+float64(d[0]), p.Y+float64(d[1])), sc(p.X, p.Y)
				if math.Hypot(got.X-want.X, got.Y-want.Y) > 0.5 {
					t.Errorf("shift %v: correction at %v is %v, want about %v", d, p, got, want)
				}
			}
		}
		back := s.Shift(-d[0], -d[1])
		for i := range back.H {
			if math.Abs(back.H[i]-g.H[i]) > 1e-9*math.Max(1, math.Abs(g.H[i])) {
				t.Fatalf("shift %v and back: H %v, want %v", d, back.H, g.H)
			}
		}
	}
}
