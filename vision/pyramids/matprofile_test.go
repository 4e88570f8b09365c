//go:build matprofile

package pyramids

import (
	"path/filepath"
	"testing"

	"gocv.io/x/gocv"
)

// TestMatLeak checks with gocv's own profile (go test -tags matprofile)
// that a scan leaves no Mat open, including any gocv makes for us.
func TestMatLeak(t *testing.T) {
	img, err := loadImage(filepath.Join("testdata", "scenes", "easy.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	before := gocv.MatProfile.Count()
	if _, err := Scan(img, Options{}); err != nil {
		t.Fatal(err)
	}
	if n := gocv.MatProfile.Count() - before; n != 0 {
		t.Errorf("%d Mats left open", n)
	}
}
