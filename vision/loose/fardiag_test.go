package loose

import (
	"os"
	"strings"
	"testing"
)

// TestFarTrace (opt-in: LOOSE_FAR_DIRS=augment folders, comma separated;
// LOOSE_FAR_ONLY=a photo name's prefix) scans each photo and logs
// farLook's part (or why none), its tiles added, and the labels found
// by the scan without farLook and with it.
func TestFarTrace(t *testing.T) {
	dirs := os.Getenv("LOOSE_FAR_DIRS")
	if dirs == "" {
		t.Skip("LOOSE_FAR_DIRS not set")
	}
	only := os.Getenv("LOOSE_FAR_ONLY")
	old := debugf
	debugf = func(format string, a ...any) {
		if strings.HasPrefix(format, "far") || strings.HasPrefix(format, "tilt") {
			t.Logf("  debug: "+format, a...)
		}
	}
	defer func() { debugf = old }()
	for _, dir := range strings.Split(dirs, ",") {
		t.Setenv("LOOSE_FAR_X", dir)
		_, rd, names := augmentDiag(t, "LOOSE_FAR_X")
		for _, name := range augmentFiles(dir) {
			if !strings.HasPrefix(name, only) {
				continue
			}
			img, truth := augmentPhoto(t, dir, name, names)
			var found [2]int
			for k, off := range []bool{true, false} {
				o := Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true}
				if off {
					o.off = stepFarLook
				}
				r, err := Scan(img, o)
				if err != nil {
					continue
				}
				if !off {
					b := img.Bounds()
					p, ok := farParts(r.Tiles, b.Dx(), b.Dy()), true
					_ = ok
					t.Logf("%s: far part %v %v", name[:13], p, ok)
				}
				_, mt := matchCentres(r.Tiles, truth)
				for _, m := range mt {
					if m >= 0 {
						found[k]++
					}
				}
			}
			t.Logf("%s: labels %d, found %d without farLook, %d with", name[:13], len(truth), found[0], found[1])
		}
	}
}
