package vision

import (
	"image"
	"testing"

	"github.com/tilescope/tilescope/internal/imagetest"

	_ "image/jpeg" // the scenes are JPEGs
)

// loadImage decodes the picture at path or fails the test.
func loadImage(t testing.TB, path string) image.Image {
	t.Helper()
	return imagetest.Load(t, path)
}
