package upwords

import (
	"image"
	"image/color"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// letterStub reads every crop as no tile, surely, and gives "E" as the
// likeliest letter (ocr.LetterReader): the reader on another maker's
// tiles it was not trained on.
type letterStub struct{}

func (letterStub) Read(image.Image) (ocr.Reading, error) {
	return ocr.Reading{Conf: 0.95}, nil
}

func (letterStub) ReadLetter(image.Image) (ocr.Reading, error) {
	return ocr.Reading{Letter: "E", Conf: 0.3}, nil
}

// TestJudgeByLook: where the light evidence and the reader disagree, the
// board's own looks in the photo decide: a square the reader took for
// no tile is a stack when its face has the colour of the tiles read
// surely and not the colour of the bare squares (and never sure), stays
// empty when it looks like the bare squares (a bright spot) or like
// neither (a hand). With too few sure tiles or bare
// squares to learn from, nothing changes.
func TestJudgeByLook(t *testing.T) {
	// 20x20 patches: pale blue tiles (another maker's), a brown board,
	// a board patch in a bright spot (the same chroma, lighter), skin.
	colours := []color.RGBA{{200, 215, 235, 255}, {120, 80, 50, 255}, {180, 120, 75, 255}, {225, 170, 140, 255}}
	img := image.NewRGBA(image.Rect(0, 0, 20*len(colours), 20))
	for i, c := range colours {
		for y := 0; y < 20; y++ {
			for x := 20 * i; x < 20*i+20; x++ {
				img.Set(x, y, c)
			}
		}
	}
	const tilePatch, boardPatch, spotPatch, skinPatch = 0, 1, 2, 3
	face := func(patch int) vision.Quad {
		x := float64(20 * patch)
		return vision.Quad{{X: x + 2, Y: 2}, {X: x + 18, Y: 2}, {X: x + 18, Y: 18}, {X: x + 2, Y: 18}}
	}
	tile := func(r, c int) Cell {
		return Cell{Pos: grid.Pos{Row: r, Col: c}, Letter: "A", Height: 1, Conf: 0.99, Tile: 1, HeightOK: 1, Face: face(tilePatch)}
	}
	empty := func(r, c int) Cell {
		return Cell{Pos: grid.Pos{Row: r, Col: c}, Tile: -0.6, Face: face(boardPatch)}
	}
	overruled := func(r, c, patch int) Cell {
		return Cell{Pos: grid.Pos{Row: r, Col: c}, Tile: 0, Covered: true, overlaid: true, noTile: true,
			overruled: &overruled{tile: 0.3, height: 2, margin: 0.4}, Face: face(patch)}
	}
	faint := func(r, c, patch int) Cell {
		return Cell{Pos: grid.Pos{Row: r, Col: c}, Tile: -0.15, faint: &faintFace{height: 1, margin: 0.2, face: face(patch)}, Face: face(boardPatch)}
	}
	unread := func(r, c, patch int) Cell {
		return Cell{Pos: grid.Pos{Row: r, Col: c}, Letter: "I", Conf: 0.2, Height: 1, Tile: 0.6, noTile: true, Face: face(patch)}
	}
	tests := []struct {
		name       string
		cell       Cell
		wantHeight int
		wantLetter string
		wantCover  bool
	}{
		{"a tile the reader took for none", overruled(2, 2, tilePatch), 2, "E", false},
		{"a bare square in a bright spot", overruled(2, 3, spotPatch), 0, "", true},
		{"a hand over a square", overruled(2, 6, skinPatch), 0, "", true},
		{"a tile on a centre square", overruled(4, 5, tilePatch), 2, "E", false},
		{"a stack read without a letter, the board's colour, is left to the reader", unread(7, 2, boardPatch), 1, "I", false},
		{"a stack with no letter read, the tiles' colour", unread(7, 3, tilePatch), 1, "I", false},
		{"a faint face the tiles' colour", faint(6, 1, tilePatch), 1, "E", false},
		{"a faint square the board's colour", faint(6, 2, boardPatch), 0, "", false},
		{"a faint square in a bright spot", faint(6, 3, spotPatch), 0, "", false},
		{"a faint centre square the tiles' colour, left to dropCentrePrint", faint(5, 4, tilePatch), 0, "", false},
	}
	var base []Cell
	for i := 0; i < lookMin; i++ {
		base = append(base, tile(0, i), empty(9, i))
	}
	t.Run("learnt from the board", func(t *testing.T) {
		cells := append([]Cell(nil), base...)
		for _, tc := range tests {
			cells = append(cells, tc.cell)
		}
		faces := make([]image.Image, len(cells))
		if err := judgeByLook(img, cells, faces, 10, 32, letterStub{}); err != nil {
			t.Fatal(err)
		}
		for i, tc := range tests {
			c := cells[len(base)+i]
			sure := sureCell(c, true)
			if c.Height != tc.wantHeight || c.Letter != tc.wantLetter || c.Covered != tc.wantCover {
				t.Errorf("%s: height %d letter %q covered %v; want %d %q covered %v", tc.name, c.Height, c.Letter, c.Covered, tc.wantHeight, tc.wantLetter, tc.wantCover)
			}
			if changed := c.Height != tc.cell.Height; changed && sure {
				t.Errorf("%s: decided by its looks and sure", tc.name)
			}
			if c.Height > 0 && tc.cell.Height == 0 && faces[len(base)+i] == nil {
				t.Errorf("%s: read as a stack with no face crop for the re-reads", tc.name)
			}
		}
		for i, c := range cells[:len(base)] {
			if c.Height != base[i].Height || c.Letter != base[i].Letter {
				t.Errorf("%v: a sure square changed", c.Pos)
			}
		}
	})
	t.Run("a faint set: its tiles read surely on weak evidence", func(t *testing.T) {
		// Tiles only a little lighter than the board: the letters read
		// surely give the tiles' look, which settles a faint square,
		// but not a square whose strong light the reader overruled.
		var cells []Cell
		for i := 0; i < lookMin; i++ {
			c := tile(0, i)
			c.Tile = 0
			cells = append(cells, c, empty(9, i))
		}
		n := len(cells)
		cells = append(cells, faint(6, 1, tilePatch), faint(6, 2, boardPatch), overruled(2, 2, tilePatch))
		faces := make([]image.Image, len(cells))
		if err := judgeByLook(img, cells, faces, 10, 32, letterStub{}); err != nil {
			t.Fatal(err)
		}
		if c := cells[n]; c.Height != 1 || c.Letter != "E" || sureCell(c, true) {
			t.Errorf("a faint face the tiles' colour: height %d letter %q sure %v; want 1 \"E\", not sure", c.Height, c.Letter, sureCell(c, true))
		}
		if c := cells[n+1]; c.Height != 0 {
			t.Errorf("a faint square the board's colour: read as a stack %d high", c.Height)
		}
		if c := cells[n+2]; c.Height != 0 || !c.Covered {
			t.Errorf("an overruled square with no tile read on strong evidence: height %d covered %v; want 0, covered", c.Height, c.Covered)
		}
	})
	t.Run("too little to learn from", func(t *testing.T) {
		cells := append([]Cell(nil), base[:2*lookMin-1]...)
		for _, tc := range tests {
			cells = append(cells, tc.cell)
		}
		faces := make([]image.Image, len(cells))
		if err := judgeByLook(img, cells, faces, 10, 32, letterStub{}); err != nil {
			t.Fatal(err)
		}
		for i, tc := range tests {
			c := cells[2*lookMin-1+i]
			if c.Height != tc.cell.Height || c.Letter != tc.cell.Letter {
				t.Errorf("%s: changed with %d sure tiles to learn from", tc.name, lookMin-1)
			}
		}
	})
}
