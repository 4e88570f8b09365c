package pyramids

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/pyramids"
)

// TestColourDiag (opt-in: PYR_COLOUR_DIRS, comma-separated render-set
// directories) prints every square read in the wrong colour or the
// wrong emptiness (colours only, no letter reader), with the scene's
// light and set (warmth, glare, shadow, hand, the maker's border and
// runway) and the square's colour evidence: the figures the colour
// causes were sorted by ("Squares' colours under other light").
func TestColourDiag(t *testing.T) {
	for sc := range diagScenes(t, "PYR_COLOUR_DIRS") {
		path, tr, img := sc.path, sc.truth, sc.img
		c := tr.Conditions
		set := "classic"
		if c.Pyramids != nil {
			set = fmt.Sprintf("border %v runway %v black %v", c.Pyramids.Border, c.Pyramids.Runway, c.Pyramids.Plastic[4])
		}
		r, err := Scan(img, Options{})
		if err != nil {
			fmt.Printf("SCENE %s err %v\n", path, err)
			continue
		}
		fmt.Printf("SCENE %s warmth %.2f glare %.2f shadow %.2f ambient %.2f exposure %.2f hand %v %s side_hidden %v unplaced %v\n",
			path, c.Warmth, c.Glare, c.Shadow, c.Ambient, c.Exposure, c.Hand, set, r.SideHidden, r.Unplaced)
		for _, tc := range tr.Cells {
			if tc.Occluded {
				continue
			}
			sq := r.Square(pyramids.Pos{Row: tc.Row, Col: tc.Col})
			want, _ := pyramids.ParseColour(tc.Colour)
			if tc.Height == 0 {
				want = pyramids.NoColour
			}
			if sq.Colour == want {
				continue
			}
			l := sq.look
			var hues []string
			for col, v := range l.hues {
				hues = append(hues, fmt.Sprintf("%v:%.2f", col, v))
			}
			sort.Strings(hues)
			fmt.Printf("WRONG %s r%d c%d want %v h%d got %v conf %.2f sure %v colourSure %v value %.2f tinted %.2f hues %s leant %.2f cleared %v overhung %v\n",
				path, tc.Row, tc.Col, want, tc.Height, sq.Colour, sq.ColourConf, sq.Sure, sq.ColourSure, l.value, l.tinted, strings.Join(hues, ","), sq.leant, sq.cleared, sq.Overhung())
		}
	}
}
