package pyramids

import (
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
)

// TestExactCount: a square whose count the game knows (Options.Exact)
// has its letter read at that count alone; the others are looked for at
// the heights around it, as before. The stored normal scene slightly out
// of focus, given counts one higher than it shows: the search reads
// some of its squares at another height, the exact squares never.
func TestExactCount(t *testing.T) {
	sharp, _ := normalScene(t)
	img := blurPicture(toPicture(sharp), secondLookBlur).RGBA
	first, err := Scan(img, Options{Reader: reader(t), FaceModel: true})
	if err != nil {
		t.Fatal(err)
	}
	heights := map[grid.Pos]int{}
	for _, sq := range first.Squares {
		if sq.Colour != 0 {
			heights[sq.Pos] = sq.Height + 1
		}
	}
	count := func(p grid.Pos) int { return heights[p] }
	for _, tc := range []struct {
		name  string
		exact func(grid.Pos) bool
		// wantMoved: some square of the exact ones is read at another
		// count than the game's
		wantMoved bool
	}{
		{"no count known: the search", nil, true},
		{"every count known", func(grid.Pos) bool { return true }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc, err := Scan(img, Options{Reader: reader(t), FaceModel: true, Heights: count, Exact: tc.exact})
			if err != nil {
				t.Fatal(err)
			}
			moved := 0
			for _, sq := range sc.Squares {
				if sq.Colour == 0 || sq.Letter == "?" {
					continue
				}
				if sq.read.k != heights[sq.Pos] {
					moved++
				}
			}
			if (moved > 0) != tc.wantMoved {
				t.Errorf("%d squares read at another count than the game's, want some: %v", moved, tc.wantMoved)
			}
		})
	}
}
