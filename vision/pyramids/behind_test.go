package pyramids

import (
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/vision"
)

// TestClearBehind puts, on the normal test scene's reading, a pyramid
// of a neighbouring stack's colour on a square and makes the stack lean
// over it: a square whose floor shows the runway is read empty (never
// sure), one where a pyramid stands keeps it, or takes the colour its
// faces show outside the stack's outline (never sure), and a stack that
// does not lean far enough, or is not taller, leaves the square as it
// is.
func TestClearBehind(t *testing.T) {
	_, l := normalScene(t)
	f := l.f
	centre := func(r, c int) vision.Point {
		return f.project([3]float64{float64(c) + 0.5, float64(r) + 0.5, 0})
	}
	for _, tc := range []struct {
		name        string
		here, stack grid.Pos
		colour      pyramids.Colour // of the stack, and the square as read
		stackHeight int
		lean        float64 // the stack's tip, the share of the way to the square's centre
		want        pyramids.Colour
		wantCleared bool
		wantDoubt   bool // the colour taken aside, or too few samples there
	}{
		{"the runway beside a yellow stack leaning over it", grid.Pos{Row: 3, Col: 0}, grid.Pos{Row: 3, Col: 1}, pyramids.Yellow, 5, 1.2, pyramids.NoColour, true, false},
		{"the runway beside a blue stack leaning over it", grid.Pos{Row: 5, Col: 9}, grid.Pos{Row: 5, Col: 8}, pyramids.Blue, 5, 1.0, pyramids.NoColour, true, false},
		{"a black pyramid beside a stack leaning over it", grid.Pos{Row: 2, Col: 2}, grid.Pos{Row: 2, Col: 1}, pyramids.Black, 5, 1.2, pyramids.Black, false, false},
		{"a black pyramid read yellow beside a yellow stack", grid.Pos{Row: 2, Col: 2}, grid.Pos{Row: 2, Col: 1}, pyramids.Yellow, 5, 1.2, pyramids.Black, false, true},
		{"a black pyramid read red beside a red stack", grid.Pos{Row: 2, Col: 3}, grid.Pos{Row: 1, Col: 3}, pyramids.Red, 5, 1.2, pyramids.Black, false, true},
		{"a black pyramid at the stack's count", grid.Pos{Row: 4, Col: 3}, grid.Pos{Row: 3, Col: 3}, pyramids.Black, 2, 1.2, pyramids.Black, false, false},
		{"the stack short of the bar", grid.Pos{Row: 3, Col: 0}, grid.Pos{Row: 3, Col: 1}, pyramids.Yellow, 5, behindLean - 0.05, pyramids.Yellow, false, false},
		{"the stack leaning away", grid.Pos{Row: 3, Col: 0}, grid.Pos{Row: 3, Col: 1}, pyramids.Yellow, 5, -1, pyramids.Yellow, false, false},
		{"the stack no taller", grid.Pos{Row: 3, Col: 0}, grid.Pos{Row: 3, Col: 1}, pyramids.Yellow, 1, 1.2, pyramids.Yellow, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sqs := make([]Square, pyramids.Size*pyramids.Size)
			for i := range sqs {
				sqs[i].Pos = grid.Pos{Row: i / pyramids.Size, Col: i % pyramids.Size}
			}
			here := &sqs[tc.here.Row*pyramids.Size+tc.here.Col]
			n := &sqs[tc.stack.Row*pyramids.Size+tc.stack.Col]
			here.Colour, here.Height, here.ColourConf = tc.colour, 1, 0.9
			a, b := centre(tc.stack.Row, tc.stack.Col), centre(tc.here.Row, tc.here.Col)
			n.Colour, n.Height = tc.colour, tc.stackHeight
			n.Apex = vision.Point{X: a.X + tc.lean*(b.X-a.X), Y: a.Y + tc.lean*(b.Y-a.Y)}
			clearBehind(f, sqs, func(grid.Pos, pyramids.Colour) int { return 1 })
			if here.cleared != tc.wantCleared {
				t.Fatalf("cleared %v (floor %.2f light of %d samples, lean %.2f), want %v", here.cleared, here.floorLight, here.floorSeen, here.leant, tc.wantCleared)
			}
			if tc.wantCleared && (here.Colour != pyramids.NoColour || here.Height != 0 || sureColourOf(*here)) {
				t.Errorf("cleared square reads %v, height %d, sure %v: want empty, 0, not sure", here.Colour, here.Height, sureColourOf(*here))
			}
			if !tc.wantCleared && here.Colour != tc.want {
				t.Errorf("square kept reads %v (aside %v %.2f of %d), want %v", here.Colour, here.aside.colour, here.aside.conf, here.asideSeen, tc.want)
			}
			if here.asideDoubt != tc.wantDoubt {
				t.Errorf("doubt %v (aside %v %.2f of %d), want %v", here.asideDoubt, here.aside.colour, here.aside.conf, here.asideSeen, tc.wantDoubt)
			}
			if tc.wantDoubt && sureColourOf(*here) {
				t.Error("a square read aside is sure")
			}
			if n.cleared || n.Colour != tc.colour {
				t.Error("the leaning stack itself was cleared")
			}
		})
	}
}
