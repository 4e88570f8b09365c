package vision

import (
	"image"
	_ "image/jpeg"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
