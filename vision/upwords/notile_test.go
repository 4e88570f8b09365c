package upwords

import (
	"image"
	"image/color"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// noTileReader says no tile on every crop at conf; its ReadLetter gives
// letter at 0.3.
type noTileReader struct {
	conf   float64
	letter string
}

func (r noTileReader) Read(image.Image) (ocr.Reading, error) {
	return ocr.Reading{Conf: r.conf}, nil
}

func (r noTileReader) ReadLetter(image.Image) (ocr.Reading, error) {
	return ocr.Reading{Letter: r.letter, Conf: 0.3}, nil
}

// matesReader is a noTileReader pooled with models that see a tile or
// not (ocr.MateReader), counting how often they are asked.
type matesReader struct {
	noTileReader
	sees  bool
	asked *int
}

func (r matesReader) MateSeesTile(image.Image) (bool, error) {
	*r.asked++
	return r.sees, nil
}

// TestReadStackNoTile: where the reader says no tile, surely, on weak
// evidence of one, the square is read empty and covered, unless the
// reader's other models read a letter there (ocr.MateReader): then it
// stays a stack, its letter the likeliest and unsure. On strong evidence
// the reader's "no tile" is overruled and no mate is asked.
func TestReadStackNoTile(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 200, 200))
	for i := range img.Pix {
		img.Pix[i] = 180
	}
	img.Set(100, 100, color.RGBA{40, 40, 40, 255})
	face := vision.Quad{{X: 60, Y: 60}, {X: 140, Y: 60}, {X: 140, Y: 140}, {X: 60, Y: 140}}
	base := noTileReader{conf: 0.95, letter: "A"}
	cases := []struct {
		name      string
		tile      float64
		reader    func(asked *int) TileReader
		wantStack bool
		wantAsked int
	}{
		{"no mates: the reader's no tile stands", 0.3, func(*int) TileReader { return base }, false, 0},
		{"the mates see no tile either", 0.3, func(a *int) TileReader { return matesReader{base, false, a} }, false, 1},
		{"a mate reads a letter: a stack, unsure", 0.3, func(a *int) TileReader { return matesReader{base, true, a} }, true, 1},
		{"strong evidence: a stack, no mate asked", 0.6, func(a *int) TileReader { return matesReader{base, false, a} }, true, 0},
		{"an unsure no tile: a stack, no mate asked", 0.3, func(a *int) TileReader {
			return matesReader{noTileReader{conf: 0.6, letter: "A"}, false, a}
		}, true, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			asked := 0
			c := Cell{Pos: grid.Pos{Row: 2, Col: 3}, Tile: tc.tile, Height: 2, HeightOK: 0.5, Face: face}
			var out image.Image
			if err := readStack(img, vision.Luma(img), nil, &c, &out, 64, tc.reader(&asked)); err != nil {
				t.Fatal(err)
			}
			if asked != tc.wantAsked {
				t.Errorf("the mates were asked %d times, want %d", asked, tc.wantAsked)
			}
			if got := c.Height > 0; got != tc.wantStack {
				t.Fatalf("read as a stack %v (height %d, letter %q, covered %v), want %v", got, c.Height, c.Letter, c.Covered, tc.wantStack)
			}
			if tc.wantStack {
				if c.Letter != "A" || c.Conf >= SureConf || c.Covered {
					t.Errorf("the stack reads %q at %.2f, covered %v; want A, unsure, not covered", c.Letter, c.Conf, c.Covered)
				}
			} else if !c.Covered || c.Letter != "" || c.overruled == nil {
				t.Errorf("read empty but covered %v, letter %q, kept for the looks %v; want covered, no letter, kept", c.Covered, c.Letter, c.overruled != nil)
			}
		})
	}
}
