//go:build matprofile

package vision

import (
	"bytes"
	"os"
	"testing"
	"time"

	"gocv.io/x/gocv"
)

// TestTurnMatLeak: decoding frames for the turn detector (a photo, bytes
// that are no picture, none at all) and offering them leaves no gocv Mat
// open. Run with go test -tags matprofile (make test does).
func TestTurnMatLeak(t *testing.T) {
	photo, err := os.ReadFile("../hw/camera/demodata/frames/turn-03.jpg")
	if err != nil {
		t.Fatal(err)
	}
	before := gocv.MatProfile.Count()
	d := NewTurnDetector(TurnOptions{})
	for i, data := range [][]byte{photo, []byte("not a picture"), nil, photo, photo} {
		img, err := DecodeForTurns(data)
		if err != nil {
			continue
		}
		d.Offer(img, time.Unix(int64(i), 0))
	}
	if after := gocv.MatProfile.Count(); after != before {
		var b bytes.Buffer
		gocv.MatProfile.WriteTo(&b, 1)
		t.Errorf("%d Mats left open:\n%s", after-before, b.String())
	}
}
