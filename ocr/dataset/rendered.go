package dataset

import (
	"bytes"
	"fmt"
	"image/jpeg"
	"math"
	"math/rand/v2"

	"github.com/tilescope/tilescope/vision/render"
)

// RenderedCrops draws scenes of a game with vision/render (random
// positions and conditions of the given difficulty, seeds seed0 ..
// seed0+n-1) and cuts out the crops a reader is handed:
//
//   - upwords: every square, as vision's board reader cuts it: the stack's
//     top face (or the empty square's floor) with a 12% margin, rectified,
//     upright (angle 0); empty squares have Letter "";
//   - lexicon, twists: every loose tile, the axis-aligned box around its
//     top face with a margin, as photographed (the truth angle); with
//     ModeWarp, rectified from its corners (margin 30%) a random quarter
//     turn off, as a loose-tile reader hands it over.
//
// The JPEG the camera would store is what is cut from.
func RenderedCrops(game string, seed0 int64, n int, difficulty string, mode Mode) ([]Crop, error) {
	var out []Crop
	for s := seed0; s < seed0+int64(n); s++ {
		state, err := render.RandomState(game, s)
		if err != nil {
			return nil, fmt.Errorf("dataset: %w", err)
		}
		opt, err := render.RandomOptions(s, difficulty)
		if err != nil {
			return nil, fmt.Errorf("dataset: %w", err)
		}
		sc, err := render.Render(game, state, opt)
		if err != nil {
			return nil, fmt.Errorf("dataset: render %s seed %d: %w", game, s, err)
		}
		img, err := jpeg.Decode(bytes.NewReader(sc.JPEG))
		if err != nil {
			img = sc.Image
		}
		rng := rand.New(rand.NewPCG(uint64(s), 99))
		name := fmt.Sprintf("%s-%d", game, s)
		for _, c := range sc.Truth.Cells {
			if c.Occluded {
				continue
			}
			r := rectOf(c.Corners)
			out = append(out, Crop{Name: fmt.Sprintf("%s#%d,%d", name, c.Row, c.Col), Image: Warp(img, r, 1.24, 64),
				Letter: c.Letter, Angle: 0, HasAngle: true})
		}
		for i, t := range sc.Truth.Tiles {
			if t.Occluded {
				continue
			}
			r := rectOf(t.Corners)
			if mode == ModeWarp {
				// rectified from the tile's corners, a random quarter
				// turn off, as a loose-tile reader hands it over
				k := rng.IntN(4)
				var c [4][2]float64
				for j := range c {
					c[j] = t.Corners[(j+k)%4]
				}
				r = rectOf(c)
				out = append(out, Crop{Name: fmt.Sprintf("%s#%d", name, i), Image: Warp(img, r, 1.3, 64), Letter: t.Letter})
				continue
			}
			out = append(out, Crop{Name: fmt.Sprintf("%s#%d", name, i), Image: Box(img, r, 1.1+0.3*rng.Float64(), 0),
				Letter: t.Letter, Angle: math.Mod(t.Angle+360, 360), HasAngle: true})
		}
	}
	return out, nil
}

// rectOf makes a Rect of four corners in order.
func rectOf(c [4][2]float64) Rect {
	var r Rect
	r.Corners = c
	for _, p := range c {
		r.Center[0] += p[0] / 4
		r.Center[1] += p[1] / 4
	}
	for i := range c {
		j := (i + 1) % 4
		r.Side += math.Hypot(c[j][0]-c[i][0], c[j][1]-c[i][1]) / 4
	}
	return r
}
