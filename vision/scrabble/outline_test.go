package scrabble

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestRedBoardOnWood: a rendered red board on a light wooden table in easy
// light (render-set --game scrabble --seed 2, scene 19), whose grid the
// shared finder does not see (light lines on cream squares, a rack over the
// border), is found by its red border: the corners within a fifth of a
// square of the renderer's, and the tiles read as Scan reads a board found
// by its lines.
func TestRedBoardOnWood(t *testing.T) {
	const name = "testdata/rendered/red-on-wood"
	l, err := LoadLabel(name + ".txt")
	if err != nil {
		t.Fatal(err)
	}
	img := loadImage(t, name+".jpg")
	t.Run("border", func(t *testing.T) {
		f, _ := outlineFrame(toPicture(img))
		if f == nil {
			t.Fatal("no board found by its red border")
		}
		pitch := quadSide(l.Corners) / Size
		got := vision.Quad{f.at(0, 0), f.at(Size, 0), f.at(Size, Size), f.at(0, Size)}
		for i := range got {
			if d := dist(got[i], l.Corners[i]); d > pitch/5 {
				t.Errorf("corner %d at %.0f,%.0f: %.1f px from the renderer's %.0f,%.0f (a square is %.1f px)", i, got[i].X, got[i].Y, d, l.Corners[i].X, l.Corners[i].Y, pitch)
			}
		}
	})
	t.Run("scan", func(t *testing.T) {
		res := EvalPhoto(name, img, l, Options{Reader: reader(t)})
		if !res.Found {
			t.Fatalf("board not found: %s (corner error %.2f squares)", res.Err, res.CornerErr)
		}
		if res.TilesFound < res.Tiles*9/10 || res.TilesRead < res.Tiles*8/10 || res.FalseTiles > 1 {
			t.Errorf("tiles %d: found %d, read %d, false %d", res.Tiles, res.TilesFound, res.TilesRead, res.FalseTiles)
		}
	})
}

// quadSide is a quad's mean side.
func quadSide(q vision.Quad) float64 {
	var s float64
	for i := range q {
		s += dist(q[i], q[(i+1)%4])
	}
	return s / 4
}

// TestNoRedBoard: pictures without a red board's field are not taken for
// one: a flat grey picture, a red frame round a plain cream field (no
// premium squares to follow the layout), and a red frame round nothing.
func TestNoRedBoard(t *testing.T) {
	red, cream := color.RGBA{180, 35, 40, 255}, color.RGBA{225, 215, 190, 255}
	framed := func(inside color.RGBA, hollow bool) image.Image {
		m := image.NewRGBA(image.Rect(0, 0, 640, 480))
		for y := 0; y < 480; y++ {
			for x := 0; x < 640; x++ {
				c := color.RGBA{128, 128, 128, 255}
				if x >= 120 && x < 520 && y >= 40 && y < 440 {
					c = red
					if hollow && x >= 150 && x < 490 && y >= 70 && y < 410 {
						c = inside
					}
				}
				m.SetRGBA(x, y, c)
			}
		}
		return m
	}
	cases := []struct {
		name string
		img  image.Image
	}{
		{"grey", framed(color.RGBA{128, 128, 128, 255}, false)},
		{"plain field", framed(cream, true)},
		{"red square", framed(red, true)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if f, _ := outlineFrame(toPicture(tc.img)); f != nil {
				t.Errorf("found a board at %v (fit %.2f, colour spread %.1f)", f.at(0, 0), f.fit, colourSpread(f))
			}
		})
	}
}

// TestHandAcrossRedBorder: the red board on wood with an arm painted
// across its border, from the picture's edge to two squares into the
// field (the border's ring opened, so the table runs in through the
// gap), is found by its border where it is: its corners within a third
// of a square of the renderer's. With the arm over the border's corner,
// or the picture cutting the board as well (the border reaching the
// picture's edge), it is found where it is or refused.
func TestHandAcrossRedBorder(t *testing.T) {
	const name = "testdata/rendered/red-on-wood"
	l, err := LoadLabel(name + ".txt")
	if err != nil {
		t.Fatal(err)
	}
	src := loadImage(t, name+".jpg")
	b := src.Bounds()
	pitch := quadSide(l.Corners) / Size
	skin := color.RGBA{205, 150, 120, 255}
	// arm paints a band of the given width (in squares) from the
	// picture's edge at from to the board point to (in the label's
	// squares, through its corners).
	h, err := vision.QuadHomography(Size, Size, l.Corners)
	if err != nil {
		t.Fatal(err)
	}
	arm := func(m *image.RGBA, from, to vision.Point, width float64) {
		end := h.Apply(to)
		dx, dy := end.X-from.X, end.Y-from.Y
		n := dx*dx + dy*dy
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				px, py := float64(x)-from.X, float64(y)-from.Y
				s := (px*dx + py*dy) / n
				if s < 0 || s > 1 {
					continue
				}
				if d := (px*dy - py*dx) / math.Sqrt(n); math.Abs(d) < width*pitch/2 {
					m.SetRGBA(x, y, skin)
				}
			}
		}
	}
	copyOf := func() *image.RGBA {
		m := image.NewRGBA(b)
		draw.Draw(m, b, src, b.Min, draw.Src)
		return m
	}
	mid := func(a, c vision.Point) vision.Point { return vision.Point{X: (a.X + c.X) / 2, Y: (a.Y + c.Y) / 2} }
	top := mid(l.Corners[0], l.Corners[1])
	left := mid(l.Corners[0], l.Corners[3])
	cases := []struct {
		name  string
		paint func(m *image.RGBA)
		cut   bool // the picture cut at its right, through the board's border
		maybe bool // refused or found where it is
	}{
		{"from the top", func(m *image.RGBA) { arm(m, vision.Point{X: top.X + 60, Y: 0}, vision.Point{X: 7.5, Y: 2}, 2) }, false, false},
		{"from the left", func(m *image.RGBA) { arm(m, vision.Point{X: 0, Y: left.Y + 40}, vision.Point{X: 2, Y: 8}, 2) }, false, false},
		{"from the left, over a corner", func(m *image.RGBA) { arm(m, vision.Point{X: 0, Y: left.Y - 200}, vision.Point{X: 2, Y: 2}, 2.5) }, false, true},
		{"from the top, the picture cut", func(m *image.RGBA) { arm(m, vision.Point{X: top.X + 60, Y: 0}, vision.Point{X: 7.5, Y: 2}, 2) }, true, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := copyOf()
			tc.paint(m)
			img := image.Image(m)
			if tc.cut {
				right := int((l.Corners[1].X+l.Corners[2].X)/2 + 0.5*pitch) // within the border
				img = m.SubImage(image.Rect(b.Min.X, b.Min.Y, right, b.Max.Y))
			}
			if _, _, ok := fieldQuad(toPicture(src)); !ok {
				t.Fatal("the unpainted board's field not found")
			}
			f, _ := outlineFrame(toPicture(img))
			if f == nil {
				if !tc.maybe {
					t.Fatal("no board found by its red border")
				}
				return
			}
			got := vision.Quad{f.at(0, 0), f.at(Size, 0), f.at(Size, Size), f.at(0, Size)}
			for i := range got {
				if d := dist(got[i], l.Corners[i]); d > pitch/3 {
					t.Errorf("corner %d at %.0f,%.0f: %.1f px from the renderer's %.0f,%.0f (a square is %.1f px)", i, got[i].X, got[i].Y, d, l.Corners[i].X, l.Corners[i].Y, pitch)
				}
			}
		})
	}
}
