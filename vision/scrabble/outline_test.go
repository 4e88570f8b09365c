package scrabble

import (
	"image"
	"image/color"
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
		f := outlineFrame(toPicture(img))
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
			if f := outlineFrame(toPicture(tc.img)); f != nil {
				t.Errorf("found a board at %v (fit %.2f, colour spread %.1f)", f.at(0, 0), f.fit, colourSpread(f))
			}
		})
	}
}
