//go:build matprofile

package scrabble

import (
	"image"
	"testing"

	"gocv.io/x/gocv"
)

// TestMatLeak checks with gocv's own count (go test -tags matprofile;
// make test runs it) that a scan, found or not, leaves no Mat open.
func TestMatLeak(t *testing.T) {
	img := loadImage(t, "testdata/photos/IMG_20141025_164052_1640x1232.jpg")
	grey := image.NewRGBA(image.Rect(0, 0, 320, 240))
	before := gocv.MatProfile.Count()
	if _, err := Scan(img, Options{Reader: reader(t)}); err != nil {
		t.Fatal(err)
	}
	Scan(grey, Options{Reader: reader(t)})
	if n := gocv.MatProfile.Count() - before; n != 0 {
		t.Errorf("%d Mats left open", n)
	}
}
