package upwords

import (
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// TestLocateHeights: a stack whose face the height's search placed at
// any height, by a margin under locateMargin, is given the height where
// its face's outline lies (locateHeights), its margin kept where the
// height stays and 0 (never sure) where it moves, its face then the new
// height's; a height searched by a wide margin, or where a level moves
// the face under locateParallax pixels, stays as the search gave it
// (want 0). The scenes are the golden ones (the project's board: the
// geometry's levels are the truth's).
func TestLocateHeights(t *testing.T) {
	cases := []struct {
		name   string
		scene  string
		pos    grid.Pos // in the truth's rows and columns
		margin float64  // the search's
		want   int      // 0: the height stays the search's
		// near: a starting height the case leaves out, where the face
		// located lies within a tenth of a level of locateHold's mark
		// (0 for none): the hold, not the locating, decides there.
		near int
	}{
		{"one high, a tilted view", "upwords-0005", grid.Pos{Row: 4, Col: 1}, 0.2, 1, 0},
		{"two high", "upwords-0002", grid.Pos{Row: 1, Col: 5}, 0.2, 2, 0},
		{"three high", "upwords-0002", grid.Pos{Row: 4, Col: 5}, 0.2, 3, 0},
		// From one high the face is located 1.60 levels up, locateBias
		// added (the truth's own face 1.64 so), under the hold's 1.70:
		// a tenth of a pixel of the floor moves it across
		// (docs/vision.md, upwpose).
		{"two high, nearly straight down", "upwords-0000", grid.Pos{Row: 3, Col: 8}, 0, 2, 1},
		{"a wide margin: the search's", "upwords-0002", grid.Pos{Row: 1, Col: 5}, locateMargin, 0, 0},
		{"under 2 px a level: the search's", "upwords-0002", grid.Pos{Row: 7, Col: 6}, 0.2, 0, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := "testdata/scenes/" + tc.scene + ".jpg"
			tr, err := vision.LoadTruth(vision.TruthPath(path))
			if err != nil {
				t.Fatal(err)
			}
			if got := tr.TrueBoard().At(tc.pos).Height; tc.want != 0 && got != tc.want {
				t.Fatalf("the truth has %v %d high, the case says %d", tc.pos, got, tc.want)
			}
			img := loadImage(t, path)
			r, err := ScanUpwords(img, Options{Size: tr.Board.Rows, CameraOrientation: true})
			if err != nil {
				t.Fatal(err)
			}
			turned, _, found := matchGrid(tr, r.Corners)
			if !found {
				t.Fatal("board not found")
			}
			op := ourPos(tc.pos, turned, tr.Board.Rows)
			p := vision.Luma(img)
			for h := 1; h <= UpwordsGeometry.MaxStack; h++ {
				if h == tc.near {
					continue
				}
				face := faceQuad(&r.Pose, op.Row, op.Col, float64(h), UpwordsGeometry)
				cells := []Cell{
					{Pos: op, Tile: 1, Height: h, HeightOK: tc.margin, Face: face},
					{Pos: grid.Pos{Row: op.Row, Col: (op.Col + 1) % tr.Board.Cols}, Tile: -0.5}, // empty: left alone
				}
				locateHeights(p, cells, &r.Pose, UpwordsGeometry)
				c := cells[0]
				want := tc.want
				if want == 0 {
					want = h
				}
				if c.Height != want {
					t.Errorf("from %d high: read %d high, want %d", h, c.Height, want)
					continue
				}
				if h == want {
					if c.HeightOK != tc.margin || c.Face != face {
						t.Errorf("from its own height: margin %.2f, face moved %v; want it as it was", c.HeightOK, c.Face != face)
					}
				} else {
					if c.HeightOK != 0 {
						t.Errorf("from %d high: margin %.2f, want 0 (not settled)", h, c.HeightOK)
					}
					if c.Face != faceQuad(&r.Pose, op.Row, op.Col, float64(want), UpwordsGeometry) {
						t.Errorf("from %d high: the face is not the new height's", h)
					}
				}
				if e := cells[1]; e.Height != 0 {
					t.Errorf("an empty square moved to %d high", e.Height)
				}
			}
		})
	}
}
