package vision

import (
	"image"
	_ "image/jpeg"
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
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	debugf = func(format string, a ...any) { t.Logf(format, a...) }
	defer func() { debugf = nil }()
	fit, ok := findBoard(luma(img), img, 10)
	t.Logf("found %v score %.2f corners %v %v", ok, fit.Score, fit.H.Apply(Point{0, 0}), fit.H.Apply(Point{10, 10}))
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
	board := grid.MustParse(synthState)
	base := synthScene{W: 800, H: 600, HFOV: 62.2, Dist: 24, Tilt: 10, Board: board}
	for _, s := range []struct {
		name  string
		light float64
		blur  int
	}{{"synthetic", 1, 0}, {"synthetic dark", 0.08, 0}, {"synthetic blurred", 1, 6}} {
		sc := base
		sc.Light, sc.Blur = s.light, s.blur
		img, pose := sc.draw()
		p := luma(img)
		var q Quad
		for i, c := range []Point{{0, 0}, {10, 0}, {10, 10}, {0, 10}} {
			q[i] = pose.Project(c.X, c.Y, 0)
		}
		t.Logf("%s: median %d brightest %d sharpness %.1f / %.1f width %.3f", s.name, medianLuma(p), brightestOn(p, q), sharpness(p, nil), sharpness(p, &q), edgeSpread(p, q, 10))
	}
	files, err := SceneFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		tr, err := LoadTruth(strings.TrimSuffix(name, filepath.Ext(name)) + ".json")
		if err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		img, _, err := image.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		p := luma(img)
		var q Quad
		for i, c := range tr.Board.Corners {
			q[i] = Point{c[0], c[1]}
		}
		t.Logf("%s %v: median %d brightest %d sharpness %.1f / %.1f width %.3f", filepath.Base(name), tr.Conditions["difficulty"], medianLuma(p), brightestOn(p, q), sharpness(p, nil), sharpness(p, &q), edgeSpread(p, q, 10))
	}
}
