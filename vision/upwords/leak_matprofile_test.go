//go:build matprofile

package upwords

import (
	"bytes"
	"image"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
	"gocv.io/x/gocv"
)

// TestMatLeak scans (the successful path and the failure paths) and
// checks that every gocv Mat made was closed. Run with go test -tags
// matprofile (make test does).
func TestMatLeak(t *testing.T) {
	img := loadImage(t, "testdata/scenes/upwords-0002.jpg")
	blank := image.NewRGBA(image.Rect(0, 0, 320, 240))
	before := gocv.MatProfile.Count()
	if _, err := ScanUpwords(img, Options{Reader: &letterA{}}); err != nil {
		t.Fatal(err)
	}
	ScanUpwords(blank, Options{})
	ScanUpwords(draw(vision.SynthScene{W: 640, H: 480, HFOV: 62.2, Dist: 24, Tilt: 10, Board: grid.MustParse(vision.SynthState), ShiftX: 11}), Options{})
	if after := gocv.MatProfile.Count(); after != before {
		var b bytes.Buffer
		gocv.MatProfile.WriteTo(&b, 1)
		t.Errorf("%d Mats left open:\n%s", after-before, b.String())
	}
}
