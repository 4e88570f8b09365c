//go:build matprofile

package loose

import (
	"bytes"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"testing"

	"gocv.io/x/gocv"
)

// TestNoMatLeak: every Mat a scan makes is closed, on success and on
// every error path. Run with: go test -tags matprofile ./vision/loose
// (make leak-loose).
func TestNoMatLeak(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "bananagrams", "images", "b1.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	img, err := jpeg.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	before := gocv.MatProfile.Count()
	if _, err := Scan(img, Options{Lattice: true}); err != nil {
		t.Fatal(err)
	}
	scene, _ := renderScene(t, "lexicon", "normal", 3)
	if _, err := Scan(scene, Options{Lattice: true}); err != nil {
		t.Fatal(err)
	}
	// Error paths: a dark picture, a featureless one, a soft one.
	for _, v := range []uint8{5, 150} {
		u := image.NewRGBA(image.Rect(0, 0, 200, 150))
		for i := range u.Pix {
			u.Pix[i] = v
		}
		if _, err := Scan(u, Options{}); err == nil {
			t.Fatalf("a uniform picture (%d) gave tiles", v)
		}
	}
	if n := gocv.MatProfile.Count() - before; n != 0 {
		var buf bytes.Buffer
		gocv.MatProfile.WriteTo(&buf, 1)
		t.Fatalf("%d Mats left open:\n%s", n, buf.String())
	}
}
