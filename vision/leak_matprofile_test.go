//go:build matprofile

package vision

import (
	"bytes"
	"image"
	"testing"
	"time"

	"github.com/tilescope/tilescope/scoring/grid"
	"gocv.io/x/gocv"
)

// TestMatLeak scans (the successful path, the failure paths and the turn
// detector) and checks that every gocv Mat made was closed. Run with
// go test -tags matprofile (make test does).
func TestMatLeak(t *testing.T) {
	img := loadImage(t, "testdata/scenes/upwords-0002.jpg")
	blank := image.NewRGBA(image.Rect(0, 0, 320, 240))
	before := gocv.MatProfile.Count()
	if _, err := ScanUpwords(img, Options{Reader: &letterA{}}); err != nil {
		t.Fatal(err)
	}
	ScanUpwords(blank, Options{})
	ScanUpwords(draw(synthScene{W: 640, H: 480, HFOV: 62.2, Dist: 24, Tilt: 10, Board: grid.MustParse(synthState), ShiftX: 11}), Options{})
	d := NewTurnDetector(TurnOptions{})
	for i := 0; i < 3; i++ {
		d.Offer(img, time.Unix(int64(i), 0))
	}
	if after := gocv.MatProfile.Count(); after != before {
		var b bytes.Buffer
		gocv.MatProfile.WriteTo(&b, 1)
		t.Errorf("%d Mats left open:\n%s", after-before, b.String())
	}
}
