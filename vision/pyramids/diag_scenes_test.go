package pyramids

import (
	"bufio"
	"fmt"
	"image"
	"iter"
	"os"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/render"
)

// diagScene is one rendered scene an opt-in diagnostic test reads: its
// file, its truth and its picture.
type diagScene struct {
	path  string
	truth *render.Truth
	img   image.Image
}

// diagScenes yields every scene of the render-set directories named,
// comma-separated, by the environment variable env, and skips the test
// when env is not set; a scene that does not load fails it.
func diagScenes(t *testing.T, env string) iter.Seq[diagScene] {
	dirs := os.Getenv(env)
	if dirs == "" {
		t.Skip(env + " not set")
	}
	return func(yield func(diagScene) bool) {
		for _, dir := range strings.Split(dirs, ",") {
			files, err := SceneFiles(dir)
			if err != nil {
				t.Fatal(err)
			}
			for _, path := range files {
				if !yield(loadDiagScene(t, path)) {
					return
				}
			}
		}
	}
}

// diagScenesAt yields every scene file (NAME.jpg, its truth beside it)
// named, comma-separated, by the environment variable env, and skips the
// test when env is not set; a scene that does not load fails it.
func diagScenesAt(t *testing.T, env string) iter.Seq[diagScene] {
	paths := os.Getenv(env)
	if paths == "" {
		t.Skip(env + " not set")
	}
	return func(yield func(diagScene) bool) {
		for _, path := range strings.Split(paths, ",") {
			if !yield(loadDiagScene(t, path)) {
				return
			}
		}
	}
}

// loadDiagScene is the scene file path with its truth; a scene that does
// not load fails the test.
func loadDiagScene(t *testing.T, path string) diagScene {
	tr, err := loadTruth(path)
	if err != nil {
		t.Fatal(err)
	}
	img, err := loadImage(path)
	if err != nil {
		t.Fatal(err)
	}
	return diagScene{path, tr, img}
}

// truthQuad is the board's true corners as a quadrilateral.
func truthQuad(tr *render.Truth) vision.Quad {
	var q vision.Quad
	for i, c := range tr.Board.Corners {
		q[i] = vision.Point{X: c[0], Y: c[1]}
	}
	return q
}

// listedSquare is one line "PATH ROW COL" of an opt-in diagnostic's
// list: a rendered scene and a square of it.
type listedSquare struct {
	path     string
	row, col int
}

// listedSquares reads the list file the environment variable env names
// (lines "PATH ROW COL"; other lines are passed over), skipping the test
// where env is not set.
func listedSquares(t *testing.T, env string) []listedSquare {
	t.Helper()
	list := os.Getenv(env)
	if list == "" {
		t.Skip(env + " not set")
	}
	fh, err := os.Open(list)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	var items []listedSquare
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		var it listedSquare
		if _, err := fmt.Sscanf(sc.Text(), "%s %d %d", &it.path, &it.row, &it.col); err == nil {
			items = append(items, it)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", list, err)
	}
	return items
}
