package scrabble

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tilescope/tilescope/vision"
)

// TestSmearDiag (opt-in: TILESCOPE_SMEAR_PHOTOS, photo paths separated
// by commas) prints each photo's smear as estimateSmear finds it over the
// board, and what its deconvolution costs.
func TestSmearDiag(t *testing.T) {
	list := os.Getenv("TILESCOPE_SMEAR_PHOTOS")
	if list == "" {
		t.Skip("TILESCOPE_SMEAR_PHOTOS not set")
	}
	for _, path := range strings.Split(list, ",") {
		img := loadImage(t, path)
		f, err := findFrame(img, vision.FindGridOutlineFirst, true, true)
		if err != nil {
			t.Logf("%s: %v", path, err)
			continue
		}
		g := boardPlane(f, maxSmear)
		t0 := time.Now()
		s, ok := estimateSmear(&g)
		t1 := time.Now()
		t.Logf("%s: plane %dx%d smear ok=%v angle %.1f deg length %.0f aniso %.2f (%v)", path, g.w, g.h, ok, s.angle*180/3.14159265, s.length, s.anisotropy, t1.Sub(t0))
	}
}
