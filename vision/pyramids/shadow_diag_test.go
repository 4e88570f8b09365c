package pyramids

import (
	"fmt"
	"testing"

	"github.com/tilescope/tilescope/scoring/pyramids"
)

// TestShadowDiag (opt-in: PYR_SHADOW_DIRS, comma-separated render-set
// directories) prints every square read empty (colours only) with its
// truth, its colour evidence, the board's light around it (Square.near)
// and the scene's light: the figures sureEmptyNear was chosen on
// ("Empty and sure under uneven light").
func TestShadowDiag(t *testing.T) {
	for sc := range diagScenes(t, "PYR_SHADOW_DIRS") {
		r, err := Scan(sc.img, Options{})
		if err != nil {
			continue
		}
		c := sc.truth.Conditions
		truth := map[pyramids.Pos]string{}
		for _, tc := range sc.truth.Cells {
			p := pyramids.Pos{Row: tc.Row, Col: tc.Col}
			switch {
			case tc.Occluded:
				truth[p] = "occluded"
			case tc.Height == 0:
				truth[p] = "."
			default:
				truth[p] = tc.Colour
			}
		}
		for _, sq := range r.Squares {
			if sq.Colour != pyramids.NoColour {
				continue
			}
			ratio := 0.0
			if sq.near > 0 {
				ratio = sq.look.value / sq.near
			}
			fmt.Printf("EMPTY %s r%d c%d truth %s sure %v conf %.2f value %.2f dark %.2f tinted %.2f near %.2f ratio %.2f shadow %.2f glare %.2f unplaced %v hidden %v\n",
				sc.path, sq.Pos.Row, sq.Pos.Col, truth[sq.Pos], sq.ColourSure, sq.ColourConf, sq.look.value, sq.look.dark, sq.look.tinted, sq.near, ratio, c.Shadow, c.Glare, r.Unplaced, r.SideHidden)
		}
	}
}
