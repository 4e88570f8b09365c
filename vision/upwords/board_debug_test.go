package upwords

import (
	"image"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/vision"
)

// TestCornerMargins prints, per scene of TILESCOPE_CORNER_DIR (skipped
// without it), the scan's corner error over the quarter square eval-scan
// allows: how near each found board is to counting as missed.
func TestCornerMargins(t *testing.T) {
	dir := diagnosisSet(t, "TILESCOPE_CORNER_DIR")
	eachScene(t, dir, func(name string, tr *vision.Truth) {
		r := EvalScene(name, tr, EvalOptions{})
		c := tr.Board.Corners
		side := math.Hypot(c[1][0]-c[0][0], c[1][1]-c[0][1]) / float64(tr.Board.Cols)
		t.Logf("corner %s %.3f", filepath.Base(name), r.CornerErr/(side/4))
	})
}

// diagnosisSet is the render-set directory a diagnostic test reads, named
// by the environment variable env; the test is skipped when it is unset.
func diagnosisSet(t *testing.T, env string) string {
	t.Helper()
	dir := os.Getenv(env)
	if dir == "" {
		t.Skipf("set %s to a render-set directory", env)
	}
	return dir
}

// upwordsReader is the Upwords tile reader eval-scan reads with
// (ocr.ForUpwords).
func upwordsReader(t *testing.T) *ocr.Classifier {
	t.Helper()
	rd, err := ocr.ForUpwords()
	if err != nil {
		t.Fatal(err)
	}
	return rd
}

// eachFound scans every scene of a render-set directory with the reader
// rd and calls fn for each whose board was found where the truth has it,
// with the photo, the reading and the quarter turns between the two.
func eachFound(t *testing.T, dir string, rd TileReader, fn func(path string, tr *vision.Truth, img image.Image, r *UpwordsReading, turned int)) {
	t.Helper()
	eachScene(t, dir, func(path string, tr *vision.Truth) {
		img := loadImage(t, path)
		r, err := ScanUpwords(img, Options{Size: tr.Board.Rows, Reader: rd})
		if err != nil {
			return
		}
		if turned, _, found := matchGrid(tr, r.Corners); found {
			fn(path, tr, img, r, turned)
		}
	})
}

// eachScene calls fn for every image of a render-set directory, in name
// order, with its truth.
func eachScene(t *testing.T, dir string, fn func(name string, tr *vision.Truth)) {
	t.Helper()
	files, err := vision.SceneFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		tr, err := vision.LoadTruth(vision.TruthPath(name))
		if err != nil {
			t.Fatal(err)
		}
		fn(name, tr)
	}
}
