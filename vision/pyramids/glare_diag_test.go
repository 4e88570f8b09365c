package pyramids

import (
	"fmt"
	"testing"

	"github.com/tilescope/tilescope/scoring/pyramids"
)

// TestGlareDiag (opt-in: PYR_GLARE_DIRS, comma-separated render-set
// directories) prints every house-area square read empty, with its
// truth and colour evidence: the figures the black house pyramids read
// empty were sorted by ("Black house pyramids under glare").
func TestGlareDiag(t *testing.T) {
	for sc := range diagScenes(t, "PYR_GLARE_DIRS") {
		r, err := Scan(sc.img, Options{})
		if err != nil {
			continue
		}
		for _, tc := range sc.truth.Cells {
			p := pyramids.Pos{Row: tc.Row, Col: tc.Col}
			if tc.Occluded || !pyramids.InHouse(p) {
				continue
			}
			sq := r.Square(p)
			if sq.Colour != pyramids.NoColour {
				continue
			}
			want, _ := pyramids.ParseColour(tc.Colour)
			if tc.Height == 0 {
				want = pyramids.NoColour
			}
			l := sq.look
			fmt.Printf("HOUSE %s r%d c%d want %v got %v conf %.2f value %.2f dark %.2f tinted %.2f cleared %v sure %v\n",
				sc.path, tc.Row, tc.Col, want, sq.Colour, sq.ColourConf, l.value, l.dark, l.tinted, sq.cleared, sq.ColourSure)
		}
	}
}
