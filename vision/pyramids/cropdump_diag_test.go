package pyramids

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
)

// TestCropDumpDiag (opt-in: PYR_DUMP_LIST, a file of lines "PATH ROW
// COL" naming rendered scenes' squares; PYR_DUMP_OUT, the PNG written)
// draws a row for each square: the picture around it (twice its size)
// and the crops of its top pyramid's faces (north, east, south, west) at
// the truth's stack count, as the letter reader sees them. How the
// letters missed on hard scenes were looked at (docs/pyramids-vision.md,
// pyrhard 2026-12-07).
func TestCropDumpDiag(t *testing.T) {
	items := listedSquares(t, "PYR_DUMP_LIST")
	const cell = 96
	out := image.NewRGBA(image.Rect(0, 0, cell*5, cell*len(items)))
	draw.Draw(out, out.Bounds(), image.NewUniform(color.Gray{128}), image.Point{}, draw.Src)
	for y, it := range items {
		ds := loadDiagScene(t, it.path)
		h := 1
		for _, tc := range ds.truth.Cells {
			if tc.Row == it.row && tc.Col == it.col {
				h = max(1, tc.Height)
				ctr := tc.Center
				// the picture around the square, 2x
				for yy := 0; yy < cell; yy++ {
					for xx := 0; xx < cell; xx++ {
						out.Set(xx, y*cell+yy, ds.img.At(int(ctr[0])-cell/4+xx/2, int(ctr[1])-cell/4-10+yy/2))
					}
				}
				fmt.Printf("DUMP %d %s r%d c%d want %s h %d\n", y, it.path, it.row, it.col, tc.Letter, tc.Height)
			}
		}
		crops, err := FaceCrops(ds.img, Options{}, func(p grid.Pos) []int {
			if p.Row == it.row && p.Col == it.col {
				return []int{h}
			}
			return nil
		})
		if err != nil {
			continue
		}
		for _, fc := range crops {
			b := fc.Image.Bounds()
			for yy := 0; yy < cell; yy++ {
				for xx := 0; xx < cell; xx++ {
					out.Set(cell*(1+fc.Face)+xx, y*cell+yy, fc.Image.At(b.Min.X+xx*b.Dx()/cell, b.Min.Y+yy*b.Dy()/cell))
				}
			}
		}
	}
	g, err := os.Create(os.Getenv("PYR_DUMP_OUT"))
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if err := png.Encode(g, out); err != nil {
		t.Fatal(err)
	}
}
