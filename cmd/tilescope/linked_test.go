//go:build customenv && !lean

package main

import (
	"debug/elf"
	"os"
	"strings"
	"testing"
)

// TestFullLinksNoImgcodecs: built as make builds tilescope-full (gocv's
// tag customenv with the Makefile's CV_ENV), the program, of which this
// test's own executable is a copy with the tests added, does not link
// OpenCV's imgcodecs, which would bring GDAL and about 139 shared
// libraries to every start (docs/pi.md, "A lean start"), nor any OpenCV
// module but core and imgproc.
func TestFullLinksNoImgcodecs(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	f, err := elf.Open(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	libs, err := f.ImportedLibraries()
	if err != nil {
		t.Fatal(err)
	}
	var cv []string
	for _, l := range libs {
		if strings.HasPrefix(l, "libopencv_") {
			cv = append(cv, l)
			if !strings.HasPrefix(l, "libopencv_core.") && !strings.HasPrefix(l, "libopencv_imgproc.") {
				t.Errorf("links %s (only core and imgproc are meant)", l)
			}
		}
	}
	if len(cv) == 0 {
		t.Fatalf("links no OpenCV module at all: %v", libs)
	}
	t.Logf("OpenCV modules linked: %v; %d libraries named", cv, len(libs))
}
