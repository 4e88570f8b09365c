package scrabble

import (
	"errors"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/render"
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

// TestWeakGrid: a crowded board (the last board of a 40-turn game, the
// tiles over most of the grid's lines) whose best grid the search finds
// with lines too faint to take alone (vision.WeakGridError) is placed by
// the premium layout there, within a third of a square of its true
// corners; the same board's grid half a square off, and a grid on a
// field of one colour, are refused (weakFrame nil).
func TestWeakGrid(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a scene")
	}
	const seed = 68014 // beige, hard light: the grid's evidence 0.22
	sc := crowdedRender(t, seed, "beige")
	img, _ := photoOf(t, sc)
	truth := boardCorners(sc)
	th, err := vision.QuadHomography(Size, Size, truth)
	if err != nil {
		t.Fatal(err)
	}
	p := toPicture(img)
	plain := image.NewRGBA(img.Bounds())
	for i := range plain.Pix {
		plain.Pix[i] = []uint8{222, 205, 170, 255}[i%4]
	}
	plain.Set(0, 0, color.RGBA{220, 204, 171, 255})
	half := th.Mul(vision.Homography{1, 0, 0.5, 0, 1, 0.5, 0, 0, 1})
	for _, tc := range []struct {
		name string
		f    *frame
	}{
		{"half a square off", &frame{p: p, hq: &half}},
		{"a field of one colour", &frame{p: toPicture(plain), hq: &th}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if f := weakJudged(tc.f); f != nil {
				t.Errorf("weak grid kept (layout fit %.3f, next %.3f)", f.fit, f.fitNext)
			}
		})
	}
	t.Run("the scene", func(t *testing.T) {
		_, err := vision.FindGridOutlineFirst(img, Size)
		var weak *vision.WeakGridError
		if !errors.As(err, &weak) {
			t.Fatalf("the search's answer %v, want a weak grid", err)
		}
		if !errors.Is(err, vision.ErrNoBoard) || err.Error() != "vision: no board found: no 15x15 grid in the picture" {
			t.Errorf("a weak grid's error %q does not read as no board", err)
		}
		f, err := findFrame(img, vision.FindGridOutlineFirst, true, true)
		if err != nil {
			t.Fatalf("not found: %v", err)
		}
		cornersNear(t, f, truth)
	})
}

// TestWeakRimGrid: crowded boards where no stage of the search sees a
// grid at all and only the grid inside the board's rim shows faint lines
// (a beige board under a hand, tilted and sharp; a blurred wooden board)
// are found from that grid (a weak grid, vision.WeakGridError) set on the
// premium layout: their corners within a third of a square of the
// board's. FindGrid, whose callers do not judge a grid by a print,
// returns no weak grid: it finds none, or (its second look at the
// runners-up, vision's runnersUp: several finished at one place, the
// board's edges or marks vouching) the board where it is.
func TestWeakRimGrid(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	for _, tc := range []crowdedBoard{
		{"beige under a hand", 76102, "beige", true},
		{"wooden blurred", 60107, "wooden", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc, img := tc.scene(t)
			var weak *vision.WeakGridError
			if _, err := vision.FindGridOutlineFirst(img, Size); !errors.As(err, &weak) {
				t.Fatalf("the search's answer %v, want a weak grid", err)
			}
			if g, err := vision.FindGrid(img, Size); errors.As(err, &weak) {
				t.Errorf("FindGrid's answer %v, want no weak grid", err)
			} else if err == nil {
				cornersNear(t, &frame{g: g}, boardCorners(sc))
			}
			f, err := findFrame(img, vision.FindGridOutlineFirst, true, true)
			if err != nil {
				t.Fatalf("not found: %v", err)
			}
			cornersNear(t, f, boardCorners(sc))
		})
	}
}

// boardsFoundNear checks, a subtest each, that the whole search
// (findFrame) places every board within a third of a square of its true
// corners.
func boardsFoundNear(t *testing.T, boards []crowdedBoard) {
	t.Helper()
	for _, b := range boards {
		t.Run(b.name, func(t *testing.T) {
			sc, img := b.scene(t)
			f, err := findFrame(img, vision.FindGridOutlineFirst, true, true)
			if err != nil {
				t.Fatalf("not found: %v", err)
			}
			cornersNear(t, f, boardCorners(sc))
		})
	}
}

// boardCorners are the rendered board's true corners, in its photo's
// pixels.
func boardCorners(sc *render.Scene) (q vision.Quad) {
	for i, c := range sc.Truth.Board.Corners {
		q[i] = vision.Point{X: c[0], Y: c[1]}
	}
	return q
}

// cornersNear fails the test where a corner of the frame's board lies
// more than a third of a square from the nearest true corner.
func cornersNear(t *testing.T, f *frame, truth vision.Quad) {
	t.Helper()
	pitch := math.Sqrt(math.Abs(quadArea(truth))) / Size
	for i, c := range [][2]float64{{0, 0}, {Size, 0}, {Size, Size}, {0, Size}} {
		got := f.at(c[0], c[1])
		near := math.Inf(1)
		for _, q := range truth {
			near = math.Min(near, dist(got, q))
		}
		if near > pitch/3 {
			t.Errorf("corner %d %.2f squares from the board's", i, near/pitch)
		}
	}
}
