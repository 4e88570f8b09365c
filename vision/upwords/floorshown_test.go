package upwords

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// TestUnsureFloorShown: a square read empty while a stack in front hid
// its floor is not sure when the stacks as finally read leave the floor
// in view and it shows a tile's light, nor when they still hide the
// floor and most of a one-high tile's face there; a bare floor so shown,
// a floor still hidden with a low face in view, and a floor judged in
// view keep their Sure.
func TestUnsureFloorShown(t *testing.T) {
	// A camera close over the board's middle (as TestUnsureClaimed's):
	// a stack five high on (5, 8) leans over the whole floor of (5, 9)
	// in the picture, one high over a sliver of it; four high it hides
	// the floor and two thirds of a one-high face there. A stack four
	// high on (8, 8) hides the floor of (9, 9) diagonally behind it but
	// leaves over half of a one-high face there in view.
	pose := &vision.Pose{R: [3]vision.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, T: vision.Vec3{-5, -5, 4}, Fx: 400, Fy: 400, Cx: 640, Cy: 480}
	const n = 10
	const board, tile = 40, 210 // greys
	tests := []struct {
		name   string
		height int     // the stack in front, as finally read
		light  bool    // a tile's face on sq's floor
		hidden float64 // sq's hiddenRef: its floor hidden when judged
		diag   bool    // the stack on (8, 8), the square (9, 9)
		want   bool    // sq's Sure
	}{
		{"read one high since, a tile's face on the floor", 1, true, board, false, false},
		{"read one high since, the floor bare", 1, false, board, false, true},
		{"five high still, the floor and a low face hidden", 5, true, board, false, false},
		{"four high still, the floor and most of a low face hidden", 4, false, board, false, false},
		{"four high diagonally, the floor hidden, most of a low face in view", 4, false, board, true, true},
		{"the floor in view when judged", 1, true, 0, false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			stack, sq := grid.Pos{Row: 5, Col: 8}, grid.Pos{Row: 5, Col: 9}
			if tc.diag {
				stack, sq = grid.Pos{Row: 8, Col: 8}, grid.Pos{Row: 9, Col: 9}
			}
			p := vision.Plane{W: 1280, H: 960, Pix: make([]uint8, 1280*960)}
			for i := range p.Pix {
				p.Pix[i] = board
			}
			if tc.light {
				// The face, a little larger than the floor's quad, with a
				// letter's dark stroke across its middle.
				f := faceQuad(pose, sq.Row, sq.Col, 0, UpwordsGeometry)
				x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
				for _, v := range f {
					x0, y0, x1, y1 = math.Min(x0, v.X), math.Min(y0, v.Y), math.Max(x1, v.X), math.Max(y1, v.Y)
				}
				for y := int(y0) - 3; y <= int(y1)+3; y++ {
					for x := int(x0) - 3; x <= int(x1)+3; x++ {
						g := uint8(tile)
						if math.Abs(float64(y)-(y0+y1)/2) < (y1-y0)/12 {
							g = 20
						}
						p.Pix[y*p.W+x] = g
					}
				}
			}
			cells := sureBoard(pose, n, map[grid.Pos]int{stack: tc.height})
			cells[sq.Row*n+sq.Col].hiddenRef = tc.hidden
			unsureFloorShown(p, cells, pose, UpwordsGeometry)
			if got := cells[sq.Row*n+sq.Col].Sure; got != tc.want {
				t.Errorf("the square behind the stack: Sure %v, want %v", got, tc.want)
			}
			for _, c := range cells {
				if c.Pos != sq && !c.Sure {
					t.Errorf("square %v lost Sure", c.Pos)
				}
			}
		})
	}
}

// TestSureEmptyHighWalls: on another maker's board whose raised walls
// stand nearly as high as a tile (testdata/highwall: the lead's
// u-112950, `render-set --game upwords --n 30 --difficulty hard --dims
// varied --print varied --centres varied --typefaces
// Cabin-Medium,Carlito-Bold,URWGothic-Book --seed 112950`, scene 4:
// walls 3.3 mm, tiles 3.8 mm, tilted 39 degrees, a hand over the far
// corner), no stack is read as a bare square surely (a one-high tile's
// face lies nearly at the floor, and the face search of the stack in
// front first climbed onto it: unsureFloorShown), and most bare squares
// stay sure.
func TestSureEmptyHighWalls(t *testing.T) {
	rd := upwordsReader(t)
	tests := []struct {
		name string
		file string
	}{
		{"walls 3.3 mm under tiles 3.8 mm, 39 degrees, a hand", "u112950-0004.jpg"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			noStackSureBare(t, rd, filepath.Join("testdata", "highwall", tc.file))
		})
	}
}
