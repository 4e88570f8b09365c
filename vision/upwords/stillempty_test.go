package upwords

import (
	"image"
	"image/color"
	imgdraw "image/draw"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
)

// TestStillEmpty: through a game, a square read as a stack where the
// game says nothing stood is empty (and not sure) when its face looks
// as in the last photo from the same camera, where it was read empty:
// no tile went there. A square whose face changed since (a tile put on
// a bare square) stays a stack, and the stacks that stood are read as
// they are through the game without the last photo.
func TestStillEmpty(t *testing.T) {
	rd, err := ocr.ForUpwords()
	if err != nil {
		t.Skipf("no tile reader: %v", err)
	}
	img := loadImage(t, "testdata/scenes/upwords-0002.jpg")
	plain, err := ScanUpwords(img, Options{Reader: rd})
	if err != nil {
		t.Fatal(err)
	}
	if plain.Turned != 0 {
		t.Skip("the scene is read turned: the square's face is not placed by this test")
	}
	// The square: a one-high stack read surely, not on the centre.
	var target Cell
	for _, c := range plain.Cells {
		if c.Height == 1 && c.Conf >= SureConf && !centreSquare(c.Pos.Row, c.Pos.Col, 10) {
			target = c
			break
		}
	}
	if target.Height == 0 {
		t.Fatal("no one-high stack read surely in the scene")
	}
	// The last photo with the square bare: its face painted the board's
	// dark brown.
	bare := image.NewRGBA(img.Bounds())
	imgdraw.Draw(bare, bare.Bounds(), img, img.Bounds().Min, imgdraw.Src)
	imgdraw.Draw(bare, quadBox(target.Face), image.NewUniform(color.RGBA{70, 45, 30, 255}), image.Point{}, imgdraw.Src)
	tests := []struct {
		name      string
		last      image.Image
		wantEmpty bool
	}{
		{"the square looks as in the last photo", img, true},
		{"a tile went on the bare square since", bare, false},
	}
	stood := func(p grid.Pos) grid.Stack {
		if p == target.Pos {
			return grid.Stack{}
		}
		return plain.Board.At(p)
	}
	// The same reading through the game without the last photo: the
	// other squares are read as there (the history's reading keeps the
	// height search's heights, the photo alone the faces located).
	before, err := ScanUpwords(img, Options{Reader: rd, On: &plain.Found, Stood: stood})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opt := Options{Reader: rd, On: &plain.Found, Last: tc.last, Stood: stood}
			got, err := ScanUpwords(img, opt)
			if err != nil {
				t.Fatal(err)
			}
			c := got.Cell(target.Pos)
			if (c.Height == 0) != tc.wantEmpty {
				t.Errorf("%v: read %q height %d; want empty %v", c.Pos, c.Letter, c.Height, tc.wantEmpty)
			}
			if tc.wantEmpty && c.Sure {
				t.Errorf("%v: emptied because it looks as before, yet sure", c.Pos)
			}
			if !tc.wantEmpty && c.Letter != target.Letter {
				t.Errorf("%v: read %q, first read %q", c.Pos, c.Letter, target.Letter)
			}
			for _, o := range got.Cells {
				if o.Pos != target.Pos && got.Board.At(o.Pos) != before.Board.At(o.Pos) {
					t.Errorf("%v: read %v, %v without the last photo", o.Pos, got.Board.At(o.Pos), before.Board.At(o.Pos))
				}
			}
		})
	}
}
