package upwords

import (
	"image"
	"math"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// TestUnsureLetterShown: a square read empty and sure, beside a stack,
// whose face one high holds a stroke the reader reads as a letter at
// SureConf or more is not sure (a tile in a shadow, as dark as a bare
// square), and stays empty; a letter read less surely, or no tile, leaves
// it sure. A bare even floor, a square with no stack on a side of it, a
// stack, or a square already unsure costs no reading.
func TestUnsureLetterShown(t *testing.T) {
	// A camera straight down over the corner of a 3x3 board: forty
	// pixels a square.
	pose := &vision.Pose{R: [3]vision.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, T: vision.Vec3{0, 0, 10}, Fx: 400, Fy: 400}
	const n = 3
	const floor, ink = 60, 15 // greys
	img := image.NewRGBA(image.Rect(0, 0, 160, 160))
	sq := grid.Pos{Row: 1, Col: 1}
	beside, diagonal := grid.Pos{Row: 1, Col: 2}, grid.Pos{Row: 0, Col: 0}
	tests := []struct {
		name      string
		cell      Cell
		stroke    bool      // a dark stroke across the square's middle
		stack     *grid.Pos // where a stack stands, if anywhere
		rd        ocr.Reading
		wantSure  bool
		wantReads int
	}{
		{"a stroke, a letter read surely", Cell{Tile: -0.48, Sure: true}, true, &beside, ocr.Reading{Letter: "O", Conf: 0.96}, false, 1},
		{"a stroke, a letter read at SureConf", Cell{Tile: -0.6, Sure: true}, true, &beside, ocr.Reading{Letter: "O", Conf: SureConf}, false, 1},
		{"a stroke, a letter read unsurely", Cell{Tile: -0.48, Sure: true}, true, &beside, ocr.Reading{Letter: "O", Conf: 0.6}, true, 1},
		{"a stroke, no tile", Cell{Tile: -0.6, Sure: true}, true, &beside, ocr.Reading{Conf: 0.99}, true, 1},
		{"an even floor", Cell{Tile: -0.48, Sure: true}, false, &beside, ocr.Reading{Letter: "O", Conf: 0.96}, true, 0},
		{"a stroke, no stack beside", Cell{Tile: -0.48, Sure: true}, true, nil, ocr.Reading{Letter: "O", Conf: 0.96}, true, 0},
		{"a stroke, a stack only diagonally", Cell{Tile: -0.48, Sure: true}, true, &diagonal, ocr.Reading{Letter: "O", Conf: 0.96}, true, 0},
		{"a stroke, already unsure", Cell{Tile: -0.05}, true, &beside, ocr.Reading{Letter: "O", Conf: 0.96}, false, 0},
		{"a stack", Cell{Tile: 0.8, Height: 2, Letter: "M", Conf: 0.97, Sure: true}, true, &beside, ocr.Reading{Letter: "O", Conf: 0.96}, true, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := vision.Plane{W: 160, H: 160, Pix: make([]uint8, 160*160)}
			for i := range p.Pix {
				p.Pix[i] = floor
			}
			if tc.stroke {
				// An O's side: a bar down the middle of the square.
				f := faceQuad(pose, sq.Row, sq.Col, 1, UpwordsGeometry)
				x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
				for _, v := range f {
					x0, y0, x1, y1 = math.Min(x0, v.X), math.Min(y0, v.Y), math.Max(x1, v.X), math.Max(y1, v.Y)
				}
				for y := int(y0 + (y1-y0)*0.3); y <= int(y0+(y1-y0)*0.7); y++ {
					for x := int(x0 + (x1-x0)*0.42); x <= int(x0+(x1-x0)*0.58); x++ {
						p.Pix[y*p.W+x] = ink
					}
				}
			}
			cells := make([]Cell, n*n)
			for i := range cells {
				cells[i].Pos = grid.Pos{Row: i / n, Col: i % n}
				cells[i].Sure = true
			}
			if tc.stack != nil {
				s := &cells[tc.stack.Row*n+tc.stack.Col]
				s.Height, s.Letter, s.Conf = 1, "A", 0.99
			}
			mid := sq.Row*n + sq.Col
			cells[mid] = tc.cell
			cells[mid].Pos = sq
			rd := &fixedReading{rd: tc.rd}
			if err := unsureLetterShown(img, p, cells, n, pose, UpwordsGeometry, 32, rd); err != nil {
				t.Fatal(err)
			}
			c := cells[mid]
			if c.Sure != tc.wantSure || rd.calls != tc.wantReads {
				t.Errorf("sure %v after %d readings; want %v after %d", c.Sure, rd.calls, tc.wantSure, tc.wantReads)
			}
			if c.Height != tc.cell.Height {
				t.Errorf("height %d, want %d: the rule reads no stack", c.Height, tc.cell.Height)
			}
		})
	}
}
