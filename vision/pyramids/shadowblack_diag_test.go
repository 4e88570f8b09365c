package pyramids

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/tilescope/tilescope/scoring/pyramids"
)

// TestShadowBlackDiag (opt-in: PYR_SHBLACK_DIRS) prints every house
// square read black with its truth, its colour sureness (the colour
// bars, the hand aside), its samples' light against the board's around
// it (ringLight, by side), and each face's median light: the figures a
// shadow read black is told from black plastic by.
func TestShadowBlackDiag(t *testing.T) {
	for sc := range diagScenes(t, "PYR_SHBLACK_DIRS") {
		r, err := Scan(sc.img, Options{})
		if err != nil {
			continue
		}
		l, err := locate(sc.img, Options{})
		if err != nil {
			continue
		}
		f := l.f
		for _, tc := range sc.truth.Cells {
			p := pyramids.Pos{Row: tc.Row, Col: tc.Col}
			sq := r.Square(p)
			if !pyramids.InHouse(p) || sq.Colour != pyramids.Black {
				continue
			}
			want, _ := pyramids.ParseColour(tc.Colour)
			if tc.Height == 0 {
				want = pyramids.NoColour
			}
			pr, pc := tc.Row, tc.Col // the frame is in board order after locate
			ring, n := f.ringLight(pr, pc)
			base, tip := f.model(pr, pc, 1)
			var faces [4]float64
			for i := 0; i < 4; i++ {
				var vals []float64
				for ti := 0; ti < 6; ti++ {
					tt := 0.25 + 0.13*float64(ti)
					for si := 0; si < 5; si++ {
						s := 0.5 + (float64(si)/4-0.5)*tt*0.85
						pt := f.project(facePoint(base, tip, i, s, tt))
						col, ok := f.p.at(pt.X, pt.Y)
						if !ok {
							continue
						}
						vals = append(vals, math.Max(col[0]/f.white[0], math.Max(col[1]/f.white[1], col[2]/f.white[2])))
					}
				}
				slices.Sort(vals)
				if len(vals) > 0 {
					faces[i] = vals[len(vals)/2]
				}
			}
			lk := sq.look
			fmt.Printf("SHB %s r%d c%d want %v occ %v hid %.2f conf %.2f value %.3f hi %.3f dark %.2f ring %.3f n %d ratio %.2f washed %v bars %v csure %v hand %v faces %.3f sides %.2f\n",
				sc.path, tc.Row, tc.Col, want, tc.Occluded, tc.Hidden, sq.ColourConf, lk.value, lk.hi, lk.dark, ring, n, lk.value/max(ring, 0.01), lk.washed, colourBars(sq), sq.ColourSure, sc.truth.Conditions.Hand, faces, f.ringSides(pr, pc))
		}
	}
}
