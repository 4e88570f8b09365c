package scrabble

import (
	"image"
	"path/filepath"
	"testing"
)

// TestCloseUpFoundWhereItIs: a close-up of the board (the photo cut to
// its tiles and a few tiles' sides round them, as
// vision/loose/internal/closeups cuts it, the board cut at a side) is
// found where it is, its tiles read and no square of print taken for a
// tile; or it is refused. Never placed elsewhere, never a false tile.
// On 163929 cut with 5 tiles' sides round its tiles (790x879, the top
// row and the right column cut), the grid finder's best candidate lay
// half a square off the lines, its evidence (0.21) under the finder's
// bar, and the board was not found (3 Dec): `scan --game lexicon` read
// the premium squares' print as 42 tiles, 5 of them sure.
func TestCloseUpFoundWhereItIs(t *testing.T) {
	dir := sharedPhotos(t)
	rd := reader(t)
	for _, tc := range []struct {
		name  string
		photo string
		rect  image.Rectangle
		found bool // the board must be found, not refused
	}{
		{"163929, 5 tiles' sides round its tiles", "IMG_20141025_163929", image.Rect(131, 492, 921, 1371), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img := loadImage(t, filepath.Join(dir, tc.photo+".jpg"))
			l, err := LoadLabel(filepath.Join("testdata", "real", tc.photo+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			m, cut := cutPhoto(img, l, tc.rect)
			res := EvalPhoto(tc.photo, m, cut, Options{Reader: rd})
			o := cutOutcome(res)
			t.Logf("%s: err %q, corners %.2f off, %d unseen, %d/%d tiles read, %d false", o, res.Err, res.CornerErr, res.Unseen, res.TilesRead, res.Tiles-res.UnseenTiles, res.FalseTiles)
			switch {
			case o == "WRONG":
				t.Fatalf("placed wrong: corners %.2f of a square off, %d false tiles", res.CornerErr, res.FalseTiles)
			case tc.found && o != "found":
				t.Fatalf("not found: %s", res.Err)
			}
			if res.FalseTiles > 0 {
				t.Errorf("%d false tiles: %v", res.FalseTiles, res.Mistakes)
			}
			if in := res.Tiles - res.UnseenTiles; res.TilesRead < in {
				t.Errorf("%d of the %d tiles in view read", res.TilesRead, in)
			}
		})
	}
}
