package upwords

import (
	"image"
	"image/color"
	imgdraw "image/draw"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// TestFaceChange: the same crop, or the same crop under another lamp or
// exposure, has not changed; another picture has.
func TestFaceChange(t *testing.T) {
	const n = 24
	mk := func(f func(x, y int) uint8) *image.RGBA {
		m := image.NewRGBA(image.Rect(0, 0, n, n))
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				v := f(x, y)
				m.SetRGBA(x, y, color.RGBA{v, v, v, 255})
			}
		}
		return m
	}
	// A letter-like bar on a light face.
	bar := func(x, y int) uint8 {
		if x >= 10 && x < 14 && y >= 4 && y < 20 {
			return 40
		}
		return 220
	}
	tests := []struct {
		name   string
		a, b   *image.RGBA
		lo, hi float64
	}{
		{"the same face", mk(bar), mk(bar), 0, 0.01},
		{"the same face, dimmer and flatter", mk(bar), mk(func(x, y int) uint8 { return uint8(20 + int(bar(x, y))*6/10) }), 0, 0.01},
		{"the bar moved", mk(bar), mk(func(x, y int) uint8 { return bar(y, x) }), changeMin, 2},
		{"a flat face against a letter", mk(func(int, int) uint8 { return 200 }), mk(bar), changeMin, 2},
		{"two flat faces", mk(func(int, int) uint8 { return 200 }), mk(func(int, int) uint8 { return 90 }), 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := faceChange(tc.a, tc.b); got < tc.lo || got > tc.hi {
				t.Errorf("faceChange = %.3f, want %.2f..%.2f", got, tc.lo, tc.hi)
			}
		})
	}
}

// TestRaisedTiles: through a game, a stack read as it stood whose face
// looks otherwise than in the last photo (here: a grey patch painted
// over it in the last photo) is read a level higher for the letters a
// tile put on it would bear (Cell.Raised); a stack whose face did not
// change gets none, and a last photo that is the same picture changes
// nothing.
func TestRaisedTiles(t *testing.T) {
	rd, err := ocr.ForUpwords()
	if err != nil {
		t.Skipf("no tile reader: %v", err)
	}
	img := loadImage(t, "testdata/scenes/upwords-0002.jpg")
	opt := Options{Reader: rd}
	plain, err := ScanUpwords(img, opt)
	if err != nil {
		t.Fatal(err)
	}
	opt.On = &plain.Found
	opt.Stood = func(p grid.Pos) grid.Stack { return plain.Board.At(p) }
	// The stack to change: the first one read surely, under the tallest.
	var target Cell
	for _, c := range plain.Cells {
		if c.Height > 0 && c.Height < UpwordsGeometry.MaxStack && c.Conf >= SureConf {
			target = c
			break
		}
	}
	if target.Height == 0 {
		t.Fatal("no stack read surely in the scene")
	}
	same := opt
	same.Last = img
	got, err := ScanUpwords(img, same)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range got.Cells {
		if c.Change >= changeMin || len(c.Raised) > 0 {
			t.Errorf("the same picture as the last photo: %v changed %.2f, raised %q", c.Pos, c.Change, c.Raised)
		}
	}
	last := image.NewRGBA(img.Bounds())
	imgdraw.Draw(last, last.Bounds(), img, img.Bounds().Min, imgdraw.Src)
	box := quadBox(target.Face)
	// A face with a dark bar across it where the stack's top is now.
	imgdraw.Draw(last, box, image.NewUniform(color.RGBA{200, 190, 170, 255}), image.Point{}, imgdraw.Src)
	mid := (box.Min.Y + box.Max.Y) / 2
	imgdraw.Draw(last, image.Rect(box.Min.X, mid-2, box.Max.X, mid+2), image.NewUniform(color.RGBA{30, 30, 30, 255}), image.Point{}, imgdraw.Src)
	changed := opt
	changed.Last = last
	got, err = ScanUpwords(img, changed)
	if err != nil {
		t.Fatal(err)
	}
	c := got.Cell(target.Pos)
	if c.Change < changeMin || len(c.Raised) == 0 {
		t.Errorf("the stack whose face changed, %v: change %.2f, raised %q; want a change of %.2f or more and letters", c.Pos, c.Change, c.Raised, changeMin)
	}
	for _, o := range got.Cells {
		if o.Pos != target.Pos && len(o.Raised) > 0 && !quadBox(o.Face).Overlaps(box) {
			t.Errorf("%v, not painted over, raised %q (change %.2f)", o.Pos, o.Raised, o.Change)
		}
	}
	// A square read empty where the game says a stack stood, its face
	// changed since the last photo: a tile went on the stack (a stack
	// does not vanish), read unsure a level higher.
	var bare Cell
	for _, c := range plain.Cells {
		if c.Height == 0 && !c.Covered && c.Pos.Row > 0 && c.Pos.Col > 0 && c.Pos.Row < 9 && c.Pos.Col < 9 && plain.Board.At(c.Pos).Empty() {
			bare = c
			break
		}
	}
	stood := grid.Stack{Letter: "Z", Height: 1}
	vanished := changed
	vanished.Stood = func(p grid.Pos) grid.Stack {
		if p == bare.Pos {
			return stood
		}
		return plain.Board.At(p)
	}
	var pose = plain.Pose
	if plain.Turned != 0 {
		t.Skip("the scene is read turned: the bare square's face is not placed by this test")
	}
	face := quadBox(faceQuad(&pose, bare.Pos.Row, bare.Pos.Col, 1, UpwordsGeometry))
	last2 := image.NewRGBA(img.Bounds())
	imgdraw.Draw(last2, last2.Bounds(), img, img.Bounds().Min, imgdraw.Src)
	imgdraw.Draw(last2, face, image.NewUniform(color.RGBA{200, 190, 170, 255}), image.Point{}, imgdraw.Src)
	mid = (face.Min.Y + face.Max.Y) / 2
	imgdraw.Draw(last2, image.Rect(face.Min.X, mid-2, face.Max.X, mid+2), image.NewUniform(color.RGBA{30, 30, 30, 255}), image.Point{}, imgdraw.Src)
	vanished.Last = last2
	got, err = ScanUpwords(img, vanished)
	if err != nil {
		t.Fatal(err)
	}
	c = got.Cell(bare.Pos)
	if c.Height != stood.Height+1 || c.Letter == "" || c.Letter == stood.Letter || c.Conf > raisedConf || c.Sure {
		t.Errorf("a stack read empty whose face changed, %v: %q%d at %.2f (sure %v, change %.2f); want a letter at height %d, unsure", c.Pos, c.Letter, c.Height, c.Conf, c.Sure, c.Change, stood.Height+1)
	}
}

// quadBox is the pixels' rectangle around a quad.
func quadBox(q vision.Quad) image.Rectangle {
	var box image.Rectangle
	for i, p := range q {
		r := image.Rect(int(p.X), int(p.Y), int(p.X)+1, int(p.Y)+1)
		if i == 0 {
			box = r
		}
		box = box.Union(r)
	}
	return box
}
