package pyramids

import (
	"image"
	"math"
	"path/filepath"
	"testing"
)

// TestShiftedRead: a shifted read of a face is the mean of the reads of
// its crop and of the crop moved cropShift each way, and the moved
// crops are the face's picture moved (not the same crop again); the
// face's own read is kept for the unshifted look.
func TestShiftedRead(t *testing.T) {
	img, err := loadImage(filepath.Join("testdata", "scenes", "normal.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	l, err := locate(img, Options{})
	if err != nil {
		t.Fatal(err)
	}
	const r, c, k = 2, 3, 1 // a black house pyramid of the stored scene
	fr := l.f.faceReads(r, c, reader(t), 48, true)
	if len(fr.heads) != 3 {
		t.Fatalf("%d heads, want 3", len(fr.heads))
	}
	i := l.f.bestFace(r, c, k)
	own := fr.face(k, i)
	fr.shifted = true
	shifted := fr.face(k, i)
	want := map[string]float64{}
	for l, v := range own {
		want[l] += v
	}
	for _, d := range cropShifts {
		uprightVotes(fr.heads, l.f.faceCropAt(r, c, k, i, 48, d[0], d[1]), want)
	}
	for l := range want {
		want[l] /= float64(len(cropShifts) + 1)
		if math.Abs(shifted[l]-want[l]) > 1e-9 {
			t.Errorf("%s: shifted %.4f, want the mean %.4f", l, shifted[l], want[l])
		}
	}
	fr.shifted = false
	if again := fr.face(k, i); len(again) != len(own) || again["A"] != own["A"] {
		t.Errorf("the unshifted read changed after the shifted one")
	}
	centre := l.f.faceCrop(r, c, k, i, 48)
	for _, d := range cropShifts {
		if same(centre, l.f.faceCropAt(r, c, k, i, 48, d[0], d[1])) {
			t.Errorf("crop moved by %v is the centre crop", d)
		}
	}
	if !same(centre, l.f.faceCropAt(r, c, k, i, 48, 0, 0)) {
		t.Error("faceCropAt(0, 0) is not faceCrop")
	}
}

func same(a, b *image.RGBA) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for i := range a.Pix {
		if a.Pix[i] != b.Pix[i] {
			return false
		}
	}
	return true
}
