package vision

import (
	"image"
	"os"
	"testing"

	_ "image/jpeg" // the scenes are JPEGs
)

// loadImage decodes the picture at path or fails the test.
func loadImage(t testing.TB, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}
