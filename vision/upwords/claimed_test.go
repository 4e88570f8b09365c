package upwords

import (
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// sureBoard is an n x n board read empty and sure everywhere but the
// stacks given (square -> height), each read Sure with its face where
// the pose puts it at that height.
func sureBoard(pose *vision.Pose, n int, stacks map[grid.Pos]int) []Cell {
	cells := make([]Cell, n*n)
	for i := range cells {
		p := grid.Pos{Row: i / n, Col: i % n}
		h := stacks[p]
		cells[i] = Cell{Pos: p, Height: h, Sure: true, Face: faceQuad(pose, p.Row, p.Col, float64(h), UpwordsGeometry)}
		if h > 0 {
			cells[i].Letter = "A"
		}
	}
	return cells
}

// TestUnsureClaimed: a stack read tall whose top face leans, in the
// picture, over the next square's own face line leaves neither square
// sure; a low stack there, or a square towards the camera's foot, keeps
// them sure.
func TestUnsureClaimed(t *testing.T) {
	// A camera close over the board's middle: a level moves a face
	// outwards from the middle by a visible share of a square at the
	// board's edge.
	pose := &vision.Pose{R: [3]vision.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, T: vision.Vec3{-5, -5, 4}, Fx: 400, Fy: 400, Cx: 640, Cy: 480}
	const n = 10
	stack := grid.Pos{Row: 5, Col: 8}
	beyond := grid.Pos{Row: 5, Col: 9} // further from the camera's foot
	inside := grid.Pos{Row: 5, Col: 7} // towards the camera's foot
	for _, tc := range []struct {
		name                   string
		height                 int
		beyondSure, insideSure bool
		stackSure              bool
	}{
		{"five high, its top over the square beyond", 5, false, true, false},
		{"one high, its top over its own square", 1, true, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cells := sureBoard(pose, n, map[grid.Pos]int{stack: tc.height})
			unsureClaimed(cells, n, pose, UpwordsGeometry)
			at := func(p grid.Pos) Cell { return cells[p.Row*n+p.Col] }
			if got := at(beyond).Sure; got != tc.beyondSure {
				t.Errorf("the square beyond: Sure %v, want %v", got, tc.beyondSure)
			}
			if got := at(inside).Sure; got != tc.insideSure {
				t.Errorf("the square inside: Sure %v, want %v", got, tc.insideSure)
			}
			if got := at(stack).Sure; got != tc.stackSure {
				t.Errorf("the stack: Sure %v, want %v", got, tc.stackSure)
			}
			for i, c := range cells {
				if p := c.Pos; p != stack && p != beyond && p != inside && !c.Sure {
					t.Errorf("square %v (index %d) lost Sure, far from the stack", p, i)
				}
			}
		})
	}
}

// TestTwinFaces: two neighbouring stacks read with the same letter on
// faces that lie over each other in the picture (a low tile hidden
// behind a tall stack, read with the tall stack's letter) are neither
// sure and both Twin; with other letters, or with their faces a
// square apart, they stay sure.
func TestTwinFaces(t *testing.T) {
	pose := &vision.Pose{R: [3]vision.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, T: vision.Vec3{-5, -5, 4}, Fx: 400, Fy: 400, Cx: 640, Cy: 480}
	const n = 10
	tall := grid.Pos{Row: 5, Col: 8}   // in front
	behind := grid.Pos{Row: 5, Col: 9} // further from the camera's foot
	for _, tc := range []struct {
		name       string
		height     int    // the front stack's height
		letter     string // the stack behind's letter (the front one reads A)
		onFront    bool   // the face behind read where the front stack's top shows
		twin, sure bool
	}{
		{"the tall stack's letter on its face", 5, "A", true, true, false},
		{"another letter on the tall stack's face", 5, "B", true, false, true},
		{"the same letter on two low stacks side by side", 1, "A", false, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cells := sureBoard(pose, n, map[grid.Pos]int{tall: 1, behind: 1})
			at := func(p grid.Pos) *Cell { return &cells[p.Row*n+p.Col] }
			// the stack in front, read sure
			at(tall).Height, at(tall).Face = tc.height, faceQuad(pose, tall.Row, tall.Col, float64(tc.height), UpwordsGeometry)
			low := at(behind)
			low.Letter = tc.letter
			if tc.onFront {
				low.Face = at(tall).Face
			}
			// no square around is read empty and sure where a face
			// leans: only the twin rule may act
			for i := range cells {
				if cells[i].Height == 0 {
					cells[i].Sure = false
				}
			}
			unsureClaimed(cells, n, pose, UpwordsGeometry)
			for _, p := range []grid.Pos{tall, behind} {
				if c := at(p); c.Twin != tc.twin || c.Sure != tc.sure {
					t.Errorf("%v: Twin %v Sure %v, want Twin %v Sure %v", p, c.Twin, c.Sure, tc.twin, tc.sure)
				}
			}
		})
	}
}
