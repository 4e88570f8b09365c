package pyramids

import (
	"fmt"
	"math"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestSkinHueDiag (opt-in: PYR_SKINHUE_DIRS) histograms the hue and
// saturation of the white-balanced colour samples of every square's
// first look (a one-high pyramid's faces) that are orange (red the
// largest channel, hue 0-50 degrees, saturation 0.15-0.8, value 0.25
// or more): on squares a hand hides a fifth or more of ("hand"), and on
// squares in scenes with no hand, by the truth's colour.
func TestSkinHueDiag(t *testing.T) {
	hist := map[string]*[25][7]int{}
	for sc := range diagScenes(t, "PYR_SKINHUE_DIRS") {
		l, err := locate(sc.img, Options{})
		if err != nil {
			continue
		}
		f := l.f
		for _, tc := range sc.truth.Cells {
			if tc.Occluded {
				continue
			}
			key := ""
			switch {
			case sc.truth.Conditions.Hand && tc.Hidden >= 0.2:
				key = "hand"
			case !sc.truth.Conditions.Hand:
				key = "nohand-" + tc.Colour
				if tc.Height == 0 {
					key = "nohand-empty"
				}
			default:
				continue
			}
			h := hist[key]
			if h == nil {
				h = &[25][7]int{}
				hist[key] = h
			}
			// the frame is in board order after locate
			f.faceColours(tc.Row, tc.Col, func(_ int, _ vision.Point, col [3]float64) {
				r, g, b := col[0]/f.white[0], col[1]/f.white[1], col[2]/f.white[2]
				mx := math.Max(r, math.Max(g, b))
				mn := math.Min(r, math.Min(g, b))
				if mx < 0.25 || mx != r || mx == mn {
					return
				}
				sat := (mx - mn) / mx
				hue := 60 * (g - b) / (mx - mn)
				if sat < 0.15 || sat >= 0.85 || hue < 0 || hue >= 50 {
					return
				}
				h[int(hue/2)][int((sat-0.15)/0.1)]++
			})
		}
	}
	for key, h := range hist {
		fmt.Printf("SKINHUE %s (rows: hue 2-degree bins from 0; cols: sat 0.15-0.85 by 0.1)\n", key)
		for i, row := range h {
			fmt.Printf("SKINHUE %s %2d %v\n", key, 2*i, row)
		}
	}
}
