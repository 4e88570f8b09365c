package vision

import (
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
)

// TestBoardDebug traces the board finder on one picture named by
// TILESCOPE_DEBUG_IMAGE (skipped without it): a tool for diagnosing misses.
func TestBoardDebug(t *testing.T) {
	name := os.Getenv("TILESCOPE_DEBUG_IMAGE")
	if name == "" {
		t.Skip("set TILESCOPE_DEBUG_IMAGE to a photo to trace the board finder")
	}
	img := loadImage(t, name)
	debugf = func(format string, a ...any) { t.Logf(format, a...) }
	defer func() { debugf = nil }()
	fit, ok := findBoard(Luma(img), img, 10)
	t.Logf("found %v score %.2f corners %v %v", ok, fit.Score, fit.H.Apply(Point{0, 0}), fit.H.Apply(Point{10, 10}))
	// TILESCOPE_DEBUG_OUT names a JPEG to draw the fitted grid on.
	if out := os.Getenv("TILESCOPE_DEBUG_OUT"); out != "" && ok {
		drawGrid(t, img, fit.H, 10, out)
	}
	// With the renderer's truth beside the photo: where its corners fall
	// on the fitted grid, in squares.
	if tr, err := LoadTruth(strings.TrimSuffix(name, filepath.Ext(name)) + ".json"); err == nil && ok {
		inv := fit.H.Inverse()
		for _, c := range tr.Board.Corners {
			p := inv.Apply(Point{c[0], c[1]})
			t.Logf("truth corner at %.2f, %.2f squares", p.X, p.Y)
		}
	}
}

// TestPictureChecks prints, for every rendered scene in the directory named
// by TILESCOPE_CHECK_DIR (skipped without it), the figures the "too dark"
// and "too blurred" checks compare with their thresholds, measured on the
// true board; and the same for the synthetic pictures the error tests
// refuse. A tool for placing those thresholds outside the renderer's range.
func TestPictureChecks(t *testing.T) {
	dir := os.Getenv("TILESCOPE_CHECK_DIR")
	if dir == "" {
		t.Skip("set TILESCOPE_CHECK_DIR to a rendered set to measure the picture checks")
	}
	board := grid.MustParse(SynthState)
	base := SynthScene{W: 800, H: 600, HFOV: 62.2, Dist: 24, Tilt: 10, Board: board}
	for _, s := range []struct {
		name  string
		light float64
		blur  int
	}{{"synthetic", 1, 0}, {"synthetic dark", 0.08, 0}, {"synthetic blurred", 1, 6}} {
		sc := base
		sc.Light, sc.Blur = s.light, s.blur
		img, pose := sc.Draw()
		p := Luma(img)
		var q Quad
		for i, c := range []Point{{0, 0}, {10, 0}, {10, 10}, {0, 10}} {
			q[i] = pose.Project(c.X, c.Y, 0)
		}
		t.Logf("%s: median %d brightest %d sharpness %.1f / %.1f width %.3f", s.name, medianLuma(p), brightestOn(p, q), sharpness(p, nil), sharpness(p, &q), edgeSpread(p, q, 10))
	}
	eachScene(t, dir, func(name string, tr *Truth) {
		img := loadImage(t, name)
		p := Luma(img)
		var q Quad
		for i, c := range tr.Board.Corners {
			q[i] = Point{c[0], c[1]}
		}
		t.Logf("%s %v: median %d brightest %d sharpness %.1f / %.1f width %.3f", filepath.Base(name), tr.Conditions["difficulty"], medianLuma(p), brightestOn(p, q), sharpness(p, nil), sharpness(p, &q), edgeSpread(p, q, 10))
	})
}

// drawGrid writes the picture with the grid h (n squares a side) drawn
// over it in green, reduced to half size.
func drawGrid(t *testing.T, img image.Image, h Homography, n int, out string) {
	b := img.Bounds()
	dst := image.NewRGBA(image.Rect(0, 0, b.Dx()/2, b.Dy()/2))
	for y := 0; y < b.Dy()/2; y++ {
		for x := 0; x < b.Dx()/2; x++ {
			dst.Set(x, y, img.At(b.Min.X+2*x, b.Min.Y+2*y))
		}
	}
	green := color.RGBA{0, 255, 0, 255}
	for k := 0; k <= n; k++ {
		for s := 0.0; s <= float64(n); s += 0.005 {
			for _, p := range []Point{h.Apply(Point{float64(k), s}), h.Apply(Point{s, float64(k)})} {
				dst.Set(int(p.X/2), int(p.Y/2), green)
			}
		}
	}
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if strings.HasSuffix(out, ".png") {
		err = png.Encode(f, dst)
	} else {
		err = jpeg.Encode(f, dst, &jpeg.Options{Quality: 85})
	}
	if err != nil {
		t.Fatal(err)
	}
}

// TestEdgeDiagnosis prints, for every scene of TILESCOPE_EDGE_DIR
// (skipped without it), the grid found (its evidence, its largest corner
// error in squares against the renderer's truth) and where the board's
// outer edge lies on each side of it (boardMargins: low and high side, in
// squares out of the grid, and the edges' strength), with what edgeShift
// and edgesCentred make of them.
func TestEdgeDiagnosis(t *testing.T) {
	dir := os.Getenv("TILESCOPE_EDGE_DIR")
	if dir == "" {
		t.Skip("set TILESCOPE_EDGE_DIR to a rendered set")
	}
	eachScene(t, dir, func(name string, tr *Truth) {
		img := loadImage(t, name)
		p := Luma(img)
		fit, ok := findBoard(p, img, 10)
		if !ok {
			t.Logf("%s: no fit", filepath.Base(name))
			return
		}
		inv := fit.H.Inverse()
		maxErr := 0.0
		for _, c := range tr.Board.Corners {
			q := inv.Apply(Point{c[0], c[1]})
			d := math.Min(math.Min(math.Hypot(q.X, q.Y), math.Hypot(q.X-10, q.Y)), math.Min(math.Hypot(q.X-10, q.Y-10), math.Hypot(q.X, q.Y-10)))
			maxErr = math.Max(maxErr, d)
		}
		l1, h1, s1 := boardMargins(p, fit.H, 10, true, -0.2)
		l2, h2, s2 := boardMargins(p, fit.H, 10, false, -0.2)
		dx := edgeShift(boardMargins(p, fit.H, 10, true, 0.8))
		dy := edgeShift(boardMargins(p, fit.H, 10, false, 0.8))
		t.Logf("%s %v rim %v score %.2f err %.2f sq | x: %.2f %.2f (%.1f) y: %.2f %.2f (%.1f) shift %d %d centred %v", filepath.Base(name), tr.Conditions["difficulty"], fit.Rim, fit.Score, maxErr, l1, h1, s1, l2, h2, s2, dx, dy, edgesCentred(p, fit.H, 10))
	})
}

// eachScene calls fn for every image of a render-set directory, in name
// order, with its truth.
func eachScene(t *testing.T, dir string, fn func(name string, tr *Truth)) {
	t.Helper()
	files, err := SceneFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		tr, err := LoadTruth(TruthPath(name))
		if err != nil {
			t.Fatal(err)
		}
		fn(name, tr)
	}
}
