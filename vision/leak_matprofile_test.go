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

// TestMatLeak finds grids (a board found, none, one partly out of view),
// runs the turn detector and checks that every gocv Mat made was closed.
// Run with go test -tags matprofile (make test does).
func TestMatLeak(t *testing.T) {
	img := loadImage(t, "upwords/testdata/scenes/upwords-0002.jpg")
	blank := image.NewRGBA(image.Rect(0, 0, 320, 240))
	cut, _ := SynthScene{W: 640, H: 480, HFOV: 62.2, Dist: 24, Tilt: 10, Board: grid.MustParse(SynthState), ShiftX: 11}.Draw()
	before := gocv.MatProfile.Count()
	if _, err := FindGridNear(Luma(img), img, 10, nil); err != nil {
		t.Fatal(err)
	}
	FindGrid(blank, 10)
	FindGridLines(cut, 10)
	FindGrid(cut, 10)
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
