package pyramids

import (
	"fmt"
	"testing"

	"github.com/tilescope/tilescope/scoring/pyramids"
)

// TestWashedDiag (opt-in: PYR_WASHED_DIRS, comma-separated render-set
// directories) prints every house square read black and washed
// (washedBlack or dimHouse), or read empty again (washedFloor,
// clearBehind), with its truth, its look outside its
// neighbours' outlines and its floor's light there (floorHidden): the
// figures washedFloorLight was read off.
func TestWashedDiag(t *testing.T) {
	for sc := range diagScenes(t, "PYR_WASHED_DIRS") {
		r, err := Scan(sc.img, Options{})
		if err != nil {
			continue
		}
		l, err := locate(sc.img, Options{})
		if err != nil {
			continue
		}
		f := l.f
		sh := f.geo.shape()
		for _, tc := range sc.truth.Cells {
			p := pyramids.Pos{Row: tc.Row, Col: tc.Col}
			if !pyramids.InHouse(p) {
				continue
			}
			sq := r.Square(p)
			if !sq.look.washed && !sq.cleared {
				continue
			}
			want, _ := pyramids.ParseColour(tc.Colour)
			if tc.Height == 0 {
				want = pyramids.NoColour
			}
			var hidden [8]convexSides
			nh := 0
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					nr, nc := tc.Row+dr, tc.Col+dc
					if (dr == 0 && dc == 0) || nr < 0 || nc < 0 || nr >= pyramids.Size || nc >= pyramids.Size {
						continue
					}
					n := r.Square(pyramids.Pos{Row: nr, Col: nc})
					if n.Colour == pyramids.NoColour {
						continue
					}
					h, k := f.outline(float64(nr), float64(nc), n.Height, sh, false)
					hidden[nh].set(h[:k])
					nh++
				}
			}
			a, na := f.lookOutside(tc.Row, tc.Col, 1, hidden[:nh], false)
			fl, fn := f.floorHidden(tc.Row, tc.Col, hidden[:nh])
			fmt.Printf("WASHED %s r%d c%d want %v got %v value %.2f dark %.2f | out n %d value %.2f dark %.2f hi %.2f col %v | floor n %d light %.2f nb %d\n",
				sc.path, tc.Row, tc.Col, want, sq.Colour, sq.look.value, sq.look.dark, na, a.value, a.dark, a.hi, a.colour, fn, fl, nh)
		}
	}
}
