package pyramids

import (
	"image"
	"iter"
	"os"
	"strings"
	"testing"

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
				tr, err := loadTruth(path)
				if err != nil {
					t.Fatal(err)
				}
				img, err := loadImage(path)
				if err != nil {
					t.Fatal(err)
				}
				if !yield(diagScene{path, tr, img}) {
					return
				}
			}
		}
	}
}
