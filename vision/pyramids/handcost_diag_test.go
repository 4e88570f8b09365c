package pyramids

import (
	"fmt"
	"testing"

	"github.com/tilescope/tilescope/scoring/pyramids"
)

// TestHandCostDiag (opt-in: PYR_HANDCOST_DIRS, comma-separated
// render-set directories) prints every square read right whose colour
// passes the colour bars but that handOver makes unsure: the truth, the
// scene's hand, the skin on it (first look, look kept, on the grid
// only: the samples whose line of sight meets the playing grid) and
// beside it, and whether it would be sure.
func TestHandCostDiag(t *testing.T) {
	rd := reader(t)
	for sc := range diagScenes(t, "PYR_HANDCOST_DIRS") {
		opt := Options{Reader: rd, FaceModel: true}
		r, err := Scan(sc.img, opt)
		if err != nil {
			continue
		}
		var l *located
		for _, tc := range sc.truth.Cells {
			if tc.Occluded {
				continue
			}
			sq := r.Square(pyramids.Pos{Row: tc.Row, Col: tc.Col})
			want, _ := pyramids.ParseColour(tc.Colour)
			if tc.Height == 0 {
				want = pyramids.NoColour
			}
			if !handOver(sq) || !colourBars(sq) || sq.SeenHeight != 0 || r.Unplaced || r.SideHidden {
				continue
			}
			if l == nil {
				if l, err = locate(sc.img, opt); err != nil {
					t.Fatal(err)
				}
			}
			pr, pc := tc.Row, tc.Col // the frame is in board order after locate
			k := max(sq.Height, 1)
			on1, _ := l.f.lookOutside(pr, pc, 1, nil, true)
			onk, _ := l.f.lookOutside(pr, pc, k, nil, true)
			sure := sq.Colour == pyramids.NoColour || sureRead(sq.read)
			fmt.Printf("HANDCOST %s r%d c%d hand %v hidden %.2f want %v got %v h%d right %v wouldsure %v house %v skin %.3f lookskin %.3f near %.3f grid1 %.3f gridk %.3f\n",
				sc.path, tc.Row, tc.Col, sc.truth.Conditions.Hand, tc.Hidden, want, sq.Colour, sq.Height, sq.Colour == want, sure,
				pyramids.InHouse(pyramids.Pos{Row: tc.Row, Col: tc.Col}), sq.skin, sq.look.skin, sq.handNear, on1.skin, onk.skin)
		}
	}
}
