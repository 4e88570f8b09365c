package scrabble

import (
	"bytes"
	"image"
	"image/draw"
	"image/jpeg"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// cutPhoto is the photo cut to rect (a phone held too close), and its
// label with the corners moved with it.
func cutPhoto(img image.Image, l *Label, rect image.Rectangle) (image.Image, *Label) {
	m := image.NewRGBA(image.Rect(0, 0, rect.Dx(), rect.Dy()))
	draw.Draw(m, m.Bounds(), img, rect.Min, draw.Src)
	cut := *l
	for i := range cut.Corners {
		cut.Corners[i] = vision.Point{X: l.Corners[i].X - float64(rect.Min.X), Y: l.Corners[i].Y - float64(rect.Min.Y)}
	}
	return m, &cut
}

// TestScanPartlyOutOfView: a board whose edge the photo cuts (a row, a
// column, a corner out of the picture) is read: the grid found from the
// part in view, every square in view read as the label says, and the
// squares out of view said to be unseen (never empty, never a tile),
// on the committed 2014 photo (grid 189-999 px across, 392-1207 down,
// about 54 px a square) cut on each side.
func TestScanPartlyOutOfView(t *testing.T) {
	img := loadImage(t, "testdata/photos/IMG_20141025_164052.jpg")
	l, err := LoadLabel("testdata/real/IMG_20141025_164052.txt")
	if err != nil {
		t.Fatal(err)
	}
	rd := reader(t)
	b := img.Bounds()
	for _, tc := range []struct {
		name string
		rect image.Rectangle
		// the rows and columns cut off (wholly or partly), which must
		// be unseen at least where wholly out of the picture
		rows, cols []int
	}{
		{"the right two columns cut", image.Rect(0, 0, 920, b.Dy()), nil, []int{14}},
		{"the bottom rows cut", image.Rect(0, 0, b.Dx(), 1120), []int{14}, nil},
		{"the top-left corner cut", image.Rect(300, 480, b.Dx(), b.Dy()), []int{0}, []int{0}},
		// The same cut a fraction of a square further in or out: the
		// squares beyond the cut are placed by the grid the part in view
		// fixes, which must hold wherever the picture's edge falls
		// across a square (a third, two thirds, one and a third).
		{"the top-left corner cut a third of a square further", image.Rect(318, 498, b.Dx(), b.Dy()), []int{0}, []int{0}},
		{"the top-left corner cut two thirds of a square further", image.Rect(336, 516, b.Dx(), b.Dy()), []int{0}, []int{0}},
		{"the top-left corner cut a square and a third less", image.Rect(228, 408, b.Dx(), b.Dy()), nil, nil},
		// Here a grid of every third column, on the premium squares'
		// strong edges, scores far above the whole grid; it was taken,
		// and the board refused as 4 squares across.
		{"the top-left corner cut where every third line outscores the grid", image.Rect(300, 520, b.Dx(), b.Dy()), []int{0}, []int{0}},
		{"both sides cut", image.Rect(260, 0, 940, b.Dy()), nil, []int{0, 14}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, cut := cutPhoto(img, l, tc.rect)
			r, err := Scan(m, Options{Reader: rd})
			if err != nil {
				t.Fatalf("scan: %v", err)
			}
			for _, row := range tc.rows {
				for c := 0; c < Size; c++ {
					if !r.Unseen[row][c] {
						t.Errorf("square %d,%d out of the picture not said unseen", row, c)
					}
				}
			}
			for _, col := range tc.cols {
				for row := 0; row < Size; row++ {
					if !r.Unseen[row][col] {
						t.Errorf("square %d,%d out of the picture not said unseen", row, col)
					}
				}
			}
			for row := 0; row < Size; row++ {
				for c := 0; c < Size; c++ {
					if r.Unseen[row][c] && r.Cells[row][c] != nil {
						t.Errorf("square %d,%d unseen but read as a tile", row, c)
					}
				}
			}
			res := EvalPhoto(tc.name, m, cut, Options{Reader: rd})
			if !res.Found || res.FalseTiles != 0 || res.TilesRead != res.Tiles-res.UnseenTiles || res.SquaresRight+res.Unseen != Size*Size {
				t.Errorf("found %v (corners %.2f of a square off), %d unseen (%d tiles), %d/%d tiles read, %d false: %v",
					res.Found, res.CornerErr, res.Unseen, res.UnseenTiles, res.TilesRead, res.Tiles, res.FalseTiles, res.Mistakes)
			}
			t.Logf("%d squares unseen (%d tiles), corners %.2f off\n%s", res.Unseen, res.UnseenTiles, res.CornerErr, r.Text())
		})
	}
}

// TestLocatePartlyOutOfView: the turn detector's Locate finds a board the
// photo cuts (decoded at half size, as the detector decodes frames) where
// Scan reads it: each corner, out of the picture or not, within a fifth of
// a square of Scan's nearest.
func TestLocatePartlyOutOfView(t *testing.T) {
	img := loadImage(t, "testdata/photos/IMG_20141025_164052.jpg")
	rd := reader(t)
	b := img.Bounds()
	for _, tc := range []struct {
		name string
		rect image.Rectangle
	}{
		{"the right two columns cut", image.Rect(0, 0, 920, b.Dy())},
		// (the photo cut at the bottom is not located: at half size the
		// lines alone, FindGridLines, show no grid there, as before)
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := image.NewRGBA(image.Rect(0, 0, tc.rect.Dx(), tc.rect.Dy()))
			draw.Draw(m, m.Bounds(), img, tc.rect.Min, draw.Src)
			var buf bytes.Buffer
			if err := jpeg.Encode(&buf, m, &jpeg.Options{Quality: 92}); err != nil {
				t.Fatal(err)
			}
			half, err := vision.DecodeForTurns(buf.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			q, err := Locate(half)
			if err != nil {
				t.Fatalf("not located: %v", err)
			}
			full, err := Scan(m, Options{Reader: rd})
			if err != nil {
				t.Fatal(err)
			}
			nearScanCorners(t, q, full.Corners, float64(half.Bounds().Dx())/float64(m.Bounds().Dx()))
		})
	}
}
