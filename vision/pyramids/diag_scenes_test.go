package pyramids

import (
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
