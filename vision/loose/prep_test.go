package loose

import (
	"reflect"
	"testing"

	"gocv.io/x/gocv"
)

// rgbMats is packed RGB pixels (w x h) as a matrix and its grey, as
// detectAt makes them; the caller closes both.
func rgbMats(t testing.TB, w, h int, pix []byte) (gocv.Mat, gocv.Mat) {
	t.Helper()
	src, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8UC3, pix)
	if err != nil {
		t.Fatal(err)
	}
	gray := gocv.NewMat()
	gocv.CvtColor(src, &gray, gocv.ColorRGBToGray)
	return src, gray
}

// TestPreparedSearchesAsAfresh: searches of one reduction that share
// what detectAt finds before the face colours (prepared) find the same
// quads as each search made afresh, in either order (a Twists table's
// search with each face colour's own letters after the first,
// twistsFaceLetters, and the other way round).
func TestPreparedSearchesAsAfresh(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes and searches them")
	}
	plain := search{lattice: true, byLetter: true, interlock: true}
	lace := plain
	lace.lace = true
	cases := []struct {
		name       string
		difficulty string
		seed       int64
		order      []search
	}{
		{"a lace table, plain then face letters", "hard", 101705, []search{plain, lace}},
		{"a lace table, face letters then plain", "hard", 101705, []search{lace, plain}},
		{"a hard table, plain then face letters", "hard", 102100, []search{plain, lace}},
		{"a normal table, plain twice", "normal", 102101, []search{plain, plain}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			img, _ := renderScene(t, "twists", c.difficulty, c.seed)
			shared := toRGB(img)
			shared.sc = &scaleCache{}
			for i, sr := range c.order {
				want, wantErr := detect(toRGB(img), 800, sr)
				got, err := detect(shared, 800, sr)
				if (err == nil) != (wantErr == nil) {
					t.Fatalf("search %d: error %v, afresh %v", i, err, wantErr)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("search %d: %d quads, afresh %d, not the same", i, len(got), len(want))
				}
			}
		})
	}
}

// TestPreparedMasksCopied: each search is given its own copy of the
// kept masks (fromMask takes the dark lines out of them in place), so a
// later search sees them as tileMask made them.
func TestPreparedMasksCopied(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a scene")
	}
	img, _ := renderScene(t, "twists", "normal", 102102)
	rgb := toRGB(img)
	rgb.sc = &scaleCache{}
	small := rgb.scaled(0.5)
	src, gray := rgbMats(t, small.w, small.h, small.pix)
	defer src.Close()
	defer gray.Close()
	sr := search{lattice: true, interlock: true}
	find := func() detectPrep { return prepare(src, gray, small.w, small.h, sr) }
	first := small.prepared(sr, find)
	if len(first.masks) == 0 {
		t.Fatal("no face masks")
	}
	for _, m := range first.masks {
		clear(m.m)
	}
	again := small.prepared(sr, find)
	fresh := find()
	for i := range fresh.masks {
		if !reflect.DeepEqual(again.masks[i].m, fresh.masks[i].m) {
			t.Errorf("mask %d: changed by the search before", i)
		}
	}
}
