package pyramids

import (
	"fmt"
	"testing"
)

// TestBehindDiag (opt-in: PYR_BEHIND_DIRS, comma-separated render-set
// directories) prints, for every square taken for a pyramid beside a
// taller stack leaning over it (clearBehind's candidates), whether one
// stands there, how far the stack leans, and what the square shows
// without the stack: the figures clearBehind's bars were chosen on.
func TestBehindDiag(t *testing.T) {
	for sc := range diagScenes(t, "PYR_BEHIND_DIRS") {
		path, tr, img := sc.path, sc.truth, sc.img
		r, err := Scan(img, Options{})
		if err != nil {
			continue
		}
		want := map[[2]int]int{}
		wantCol := map[[2]int]string{}
		for _, tc := range tr.Cells {
			if !tc.Occluded {
				want[[2]int{tc.Row, tc.Col}] = tc.Height + 1
				wantCol[[2]int{tc.Row, tc.Col}] = tc.Colour
			}
		}
		for _, sq := range r.Squares {
			if sq.leant < behindLean {
				continue
			}
			h := want[[2]int{sq.Pos.Row, sq.Pos.Col}]
			if h == 0 {
				continue // hidden by a hand or not in the truth
			}
			fmt.Printf("BEHIND %s r%d c%d truthH %d truthC %s cleared %v colour %v conf %.2f sure %v leant %.2f floor %.2f of %d aside %v %.2f of %d\n",
				path, sq.Pos.Row, sq.Pos.Col, h-1, wantCol[[2]int{sq.Pos.Row, sq.Pos.Col}], sq.cleared, sq.Colour, sq.ColourConf, sq.ColourSure, sq.leant, sq.floorLight, sq.floorSeen, sq.aside.colour, sq.aside.conf, sq.asideSeen)
		}
	}
}
