package scrabble

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"testing"
)

// cutSweepEnv runs TestCutSweep: the three real photos cut at the
// top-left corner at 18 places each, one line a cut.
const cutSweepEnv = "TILESCOPE_SCRABBLE_CUTS"

// sweepPhotos are the photos the cut sweep cuts: two of the 2014 session
// and the other edition's empty board (2015).
var sweepPhotos = []string{"IMG_20141025_164052", "IMG_20141025_163920", "IMG_20151016_165303"}

// sweepCuts are the cut's top-left corners: (300, 480) and (300, 520)
// moved along the diagonal by -72 to +72 px in steps of 18.
func sweepCuts() []image.Point {
	var out []image.Point
	for _, y0 := range []int{480, 520} {
		for d := -72; d <= 72; d += 18 {
			out = append(out, image.Pt(300+d, y0+d))
		}
	}
	return out
}

// cutOutcome is what a cut board's reading came to: "found" where the
// label says (corners within half a square), "refused" with an error, or
// "WRONG": placed elsewhere (with its tiles all unsure or not, a board
// placed wrong is the worst outcome: the squares read are not the ones
// named).
func cutOutcome(res PhotoResult) string {
	switch {
	case res.Err != "":
		return "refused"
	case res.Found:
		return "found"
	default:
		return "WRONG"
	}
}

// cutCase is one photo cut at the top-left corner at (x, y).
type cutCase struct {
	photo string
	x, y  int
}

// scanCut scans photo (sweepPhotos, in ../shared) cut to its part from
// (x, y) to the bottom-right corner, and compares it with its label.
func scanCut(t *testing.T, dir string, c cutCase, rd TileReader) PhotoResult {
	t.Helper()
	img := loadImage(t, filepath.Join(dir, c.photo+".jpg"))
	l, err := LoadLabel(filepath.Join("testdata", "real", c.photo+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	m, cut := cutPhoto(img, l, image.Rectangle{Min: image.Pt(c.x, c.y), Max: img.Bounds().Max})
	return EvalPhoto(c.photo, m, cut, Options{Reader: rd})
}

// TestCutBoardNeverPlacedWrong: a board the picture cuts is found where
// it is or refused, never placed elsewhere, on the cuts that were placed
// wrong (TestCutSweep, 3 Dec): the 2014 photo cut through its top rows
// and, by half a square, its bottom-left corner, whose cut grid was fitted
// against the side the picture does not cut (4.7 squares off, 9 false
// tiles), and the other edition's empty board placed by the premium
// prints on one part of it (the homography through them 3 squares off
// beyond them; after the corners' refit 0.65 off).
func TestCutBoardNeverPlacedWrong(t *testing.T) {
	dir := sharedPhotos(t)
	rd := reader(t)
	for _, tc := range []struct {
		name string
		cut  cutCase
	}{
		{"2014 cut through the top rows and the bottom-left corner", cutCase{"IMG_20141025_163920", 228, 448}},
		{"empty 2015 board placed by its prints 3 squares off", cutCase{"IMG_20151016_165303", 246, 466}},
		{"empty 2015 board placed by its prints 3 squares off, 16 false tiles", cutCase{"IMG_20151016_165303", 282, 462}},
		{"empty 2015 board placed by its prints, refitted 0.65 off", cutCase{"IMG_20151016_165303", 282, 502}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := scanCut(t, dir, tc.cut, rd)
			if o := cutOutcome(res); o == "WRONG" {
				t.Errorf("placed wrong: corners %.2f of a square off, %d false tiles (%d unsure)", res.CornerErr, res.FalseTiles, res.Unsure)
			}
			if res.Found && res.FalseTiles > 0 {
				t.Errorf("found, but %d false tiles: %v", res.FalseTiles, res.Mistakes)
			}
			t.Logf("%s: err %q, corners %.2f off, %d unseen, %d/%d tiles read", cutOutcome(res), res.Err, res.CornerErr, res.Unseen, res.TilesRead, res.Tiles-res.UnseenTiles)
		})
	}
}

// TestCutSweep (set TILESCOPE_SCRABBLE_CUTS=1) prints, for each of the
// 54 cuts of sweepPhotos at sweepCuts, whether the board was found,
// refused or placed wrong, its corners' distance from the label's in
// squares, the squares said unseen, the tiles read of those in view and
// the false tiles; and it fails on any cut placed wrong.
func TestCutSweep(t *testing.T) {
	if os.Getenv(cutSweepEnv) == "" {
		t.Skip("set " + cutSweepEnv + "=1 to cut the three photos at 54 places")
	}
	dir := sharedPhotos(t)
	rd := reader(t)
	counts := map[string]int{}
	for _, name := range sweepPhotos {
		for _, p := range sweepCuts() {
			res := scanCut(t, dir, cutCase{name, p.X, p.Y}, rd)
			o := cutOutcome(res)
			counts[o]++
			line := fmt.Sprintf("%s (%d,%d): %-7s", name, p.X, p.Y, o)
			if res.Err != "" {
				line += " " + res.Err
			} else {
				line += fmt.Sprintf(" corners %.2f off, %d unseen (%d tiles), %d/%d tiles read, %d false, %d unsure",
					res.CornerErr, res.Unseen, res.UnseenTiles, res.TilesRead, res.Tiles-res.UnseenTiles, res.FalseTiles, res.Unsure)
			}
			t.Log(line)
			if o == "WRONG" {
				t.Errorf("%s cut at (%d,%d) placed wrong: corners %.2f of a square off, %d false tiles", name, p.X, p.Y, res.CornerErr, res.FalseTiles)
			}
		}
	}
	t.Logf("%d cuts: %d found, %d refused, %d placed wrong", len(sweepPhotos)*len(sweepCuts()), counts["found"], counts["refused"], counts["WRONG"])
}
