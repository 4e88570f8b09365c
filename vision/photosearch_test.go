package vision

import (
	"image"
	"testing"

	"gocv.io/x/gocv"
)

// steepView is img seen as a camera turned steeply would see it: the
// homography that takes the board's labelled corners from to the corners
// to (a steep view's, as augment -family steep drew them), into a w x h
// picture.
func steepView(t *testing.T, img image.Image, from, to Quad, w, h int) image.Image {
	t.Helper()
	src, err := gocv.ImageToMatRGB(img)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	var a, b []image.Point
	for i := range from {
		a = append(a, image.Pt(int(from[i].X), int(from[i].Y)))
		b = append(b, image.Pt(int(to[i].X), int(to[i].Y)))
	}
	pa, pb := gocv.NewPointVectorFromPoints(a), gocv.NewPointVectorFromPoints(b)
	defer pa.Close()
	defer pb.Close()
	m := gocv.GetPerspectiveTransform(pa, pb)
	defer m.Close()
	dst := gocv.NewMat()
	defer dst.Close()
	gocv.WarpPerspective(src, &dst, m, image.Pt(w, h))
	out, err := dst.ToImage()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPhotoSearch: a photo's searches made through one PhotoSearch (the
// loose route: by its lines, then by the later stages) answer as the
// package's functions do, and look for the steep stage's grids once
// where the functions look twice (the finer look: 80-90 ms of CPU).
func TestPhotoSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("reads a real photo")
	}
	for _, tc := range []struct {
		name, photo string
		from, to    Quad
		w, h        int
	}{
		// the tilts augment -family steep -seed 107300 drew: 41.5 and
		// 44.4 degrees; neither search's other stages find a grid
		{"41 degrees", "IMG_20141025_163929.jpg",
			Quad{{266, 510}, {925, 503}, {1065, 1191}, {174, 1210}},
			Quad{{109.7, 212.5}, {414.3, 210.5}, {724.9, 721.4}, {76.6, 497.6}}, 1322, 1600},
		{"44 degrees, a small board", "IMG_20141025_163953.jpg",
			Quad{{295, 621}, {879, 609}, {999, 1221}, {226, 1250}},
			Quad{{96.6, 1287.5}, {377.6, 1208.2}, {349.2, 1475.8}, {72.7, 1470.8}}, 1365, 1600},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img := steepView(t, scrabbleBoardPhoto(t, tc.photo), tc.from, tc.to, tc.w, tc.h)
			looks := 0
			debugSteepLook = func() { looks++ }
			defer func() { debugSteepLook = func() {} }()
			lg, lerr := FindGridLines(img, 15)
			wg, werr := FindGridWhole(img, 15)
			alone := looks
			looks = 0
			ph := NewPhotoSearch(img)
			plg, plerr := ph.FindGridLines(15)
			pwg, pwerr := ph.FindGridWhole(15)
			t.Logf("steep looks: %d alone, %d through one PhotoSearch", alone, looks)
			if alone != 2 {
				t.Fatalf("the functions looked %d times for the steep stage's grids, want 2 (the case no longer asks it twice)", alone)
			}
			if looks != 1 {
				t.Errorf("the PhotoSearch looked %d times, want once", looks)
			}
			for _, c := range []struct {
				what      string
				g, pg     Grid
				err, perr error
			}{{"lines", lg, plg, lerr, plerr}, {"whole", wg, pwg, werr, pwerr}} {
				if errString(c.err) != errString(c.perr) {
					t.Errorf("%s: error %v, the function's %v", c.what, c.perr, c.err)
				}
				if c.pg.H != c.g.H || c.pg.Score != c.g.Score || c.pg.Corners() != c.g.Corners() {
					t.Errorf("%s: grid %v (%.3f), the function's %v (%.3f)", c.what, c.pg.Corners(), c.pg.Score, c.g.Corners(), c.g.Score)
				}
			}
		})
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
