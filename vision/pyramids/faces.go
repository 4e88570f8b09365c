package pyramids

import (
	"image"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
)

// FaceCrop is one face of a top pyramid cut as the letter reader sees it:
// the face's plane rectified to an upright crop around its letter.
type FaceCrop struct {
	Pos    grid.Pos
	Height int // the stack count the face was cut at
	// Face is the side the face looks to: 0 north, 1 east, 2 south, 3 west.
	Face int
	// Weight is how much the face counts in a square's reading: (its
	// area in the picture / the largest face's) cubed.
	Weight float64
	Image  *image.RGBA
}

// FaceCrops finds the board in a photo as Scan does and cuts, on every
// square where heights lists stack counts, the faces the reader reads of
// the top pyramid at each of those counts (the faces seen at under
// minFaceWeight are left out, as Scan leaves them). It is how the letter
// classifier's training (ocr/internal/train -specialist pyramids) sees
// the faces: from a rendered scene, the truth's letters and heights.
func FaceCrops(img image.Image, opt Options, heights func(grid.Pos) []int) ([]FaceCrop, error) {
	l, err := locate(img, opt)
	if err != nil {
		return nil, err
	}
	size := opt.CropSize
	if size <= 0 {
		size = 48
	}
	var out []FaceCrop
	for row := 0; row < pyramids.Size; row++ {
		for col := 0; col < pyramids.Size; col++ {
			p := grid.Pos{Row: row, Col: col}
			for _, k := range heights(p) {
				if k < 1 || k > l.f.geo.MaxStack {
					continue
				}
				for i, w := range l.f.faceWeights(row, col, k) {
					if w == 0 {
						continue
					}
					out = append(out, FaceCrop{Pos: p, Height: k, Face: i, Weight: w, Image: l.f.faceCrop(row, col, k, i, size)})
				}
			}
		}
	}
	return out, nil
}
