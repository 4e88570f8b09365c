package upwords

import (
	"math"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestStretchedGridsSet scans three hard renders whose grids main placed
// a third of a square or more off at one corner (docs/vision.md,
// upwgrid2) and wants each board found as eval-scan counts it (every
// corner within a quarter of a square of the truth's): a pencil on the
// rim taken for the outermost line, a hand over a dim board, a crowded
// board whose lines' crossings could not place the grid at all.
func TestStretchedGridsSet(t *testing.T) {
	for _, tc := range []struct{ name, scene string }{
		{"a pencil on the rim", "testdata/stretched/pencil-10990100028"},
		{"a hand over a dim board", "testdata/stretched/hand-10990000024"},
		{"a crowded board", "testdata/stretched/crowded-10990300002"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr, err := vision.LoadTruth(tc.scene + ".json")
			if err != nil {
				t.Fatal(err)
			}
			r, err := ScanUpwords(loadImage(t, tc.scene+".jpg"), Options{Size: tr.Board.Rows})
			if err != nil {
				t.Fatal(err)
			}
			_, e, found := matchGrid(tr, r.Corners)
			c := tr.Board.Corners
			side := math.Hypot(c[1][0]-c[0][0], c[1][1]-c[0][1]) / float64(tr.Board.Cols)
			if !found {
				t.Errorf("a corner %.1f px (%.2f squares) off the truth's", e, e/side)
			}
		})
	}
}
