package imagetest

import (
	"image"
	_ "image/jpeg" // photos and rendered scenes
	_ "image/png"  // crops and masks
	"os"
	"testing"
)

// Load decodes the picture at path or fails the test, naming the file.
func Load(t testing.TB, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}
