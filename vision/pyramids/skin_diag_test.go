package pyramids

import (
	"fmt"
	"testing"

	"github.com/tilescope/tilescope/scoring/pyramids"
)

// TestSkinDiag (opt-in: PYR_SKIN_DIRS, comma-separated render-set
// directories) prints every square with skin-like samples on it or
// beside it (Square.skin, handNear), or read in the wrong colour: the
// truth (colour, count, the share a hand hides), the reading, whether
// its colour is sure, and the scene's hand: the figures the hand's rule
// was set by.
func TestSkinDiag(t *testing.T) {
	rd := reader(t)
	for sc := range diagScenes(t, "PYR_SKIN_DIRS") {
		r, err := Scan(sc.img, Options{Reader: rd, FaceModel: true})
		if err != nil {
			fmt.Printf("SKINERR %s %v\n", sc.path, err)
			continue
		}
		for _, tc := range sc.truth.Cells {
			if tc.Occluded {
				continue
			}
			sq := r.Square(pyramids.Pos{Row: tc.Row, Col: tc.Col})
			want, _ := pyramids.ParseColour(tc.Colour)
			if tc.Height == 0 {
				want = pyramids.NoColour
			}
			if sq.skin == 0 && sq.handNear == 0 && sq.Colour == want {
				continue
			}
			fmt.Printf("SKIN %s r%d c%d hand %v hidden %.2f want %v got %v right %v csure %v skin %.3f near %.3f lookskin %.3f\n",
				sc.path, tc.Row, tc.Col, sc.truth.Conditions.Hand, tc.Hidden, want, sq.Colour, sq.Colour == want, sq.ColourSure, sq.skin, sq.handNear, sq.look.skin)
		}
	}
}
