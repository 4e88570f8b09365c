package upwords

import (
	"math"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
)

// TestCoverOffColour: a square read empty whose floor stands off the bare
// board's own colour (a hand's skin, a tile's face) is covered, and so
// are none of the others: the bound is taken from the board's median,
// whatever the board's colour, and widens with the bare squares' own
// spread.
func TestCoverOffColour(t *testing.T) {
	const n = 10
	type sq struct{ r, c int }
	tests := []struct {
		name        string
		board       [2]float64 // the bare floor's chromaticity
		jitter      float64    // the bare squares' spread about it (alternating signs)
		over        []sq       // squares something lies over
		overColour  [2]float64
		stacks      int // the first squares (row by row) read as stacks
		wantCovered []sq
	}{
		{name: "a bare grey board", board: [2]float64{0, 0}, jitter: 0.01},
		{name: "a dark hand's skin over three squares of a grey board", board: [2]float64{0, 0}, jitter: 0.01,
			over: []sq{{2, 3}, {2, 4}, {3, 3}}, overColour: [2]float64{-0.22, 0.26}, wantCovered: []sq{{2, 3}, {2, 4}, {3, 3}}},
		{name: "a light hand over a warm-lit board", board: [2]float64{-0.05, 0.06}, jitter: 0.01,
			over: []sq{{7, 7}}, overColour: [2]float64{-0.13, 0.15}, wantCovered: []sq{{7, 7}}},
		{name: "skin over a brown board of the skin's colour", board: [2]float64{-0.2, 0.25}, jitter: 0.01,
			over: []sq{{1, 1}}, overColour: [2]float64{-0.22, 0.27}},
		{name: "a board whose squares spread widely in colour", board: [2]float64{0, 0}, jitter: 0.04,
			over: []sq{{1, 1}, {8, 8}}, overColour: [2]float64{0.1, -0.1}},
		{name: "the centre squares' own print", board: [2]float64{0, 0}, jitter: 0.01,
			over: []sq{{4, 4}, {5, 5}}, overColour: [2]float64{0.2, 0.2}},
		{name: "too few bare squares to know the board's colour", board: [2]float64{0, 0}, jitter: 0.01,
			over: []sq{{9, 9}}, overColour: [2]float64{-0.22, 0.26}, stacks: n*n - 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cells := make([]Cell, n*n)
			for i := range cells {
				c := &cells[i]
				c.Pos = grid.Pos{Row: i / n, Col: i % n}
				c.Tile = -0.6
				s := 1.0
				if i%2 == 1 {
					s = -1
				}
				c.floor = floorColour{u: tc.board[0] + s*tc.jitter, v: tc.board[1] - s*tc.jitter, ok: true}
				if i < tc.stacks {
					c.Height = 1
				}
			}
			for _, o := range tc.over {
				cells[o.r*n+o.c].floor = floorColour{u: tc.overColour[0], v: tc.overColour[1], ok: true}
			}
			coverOffColour(cells, n)
			want := map[grid.Pos]bool{}
			for _, o := range tc.wantCovered {
				want[grid.Pos{Row: o.r, Col: o.c}] = true
			}
			for _, c := range cells {
				if c.Covered != want[c.Pos] || c.overlaid != want[c.Pos] {
					t.Errorf("%v: covered %v, overlaid %v (off %.3f), want %v", c.Pos, c.Covered, c.overlaid, c.offColour, want[c.Pos])
				}
			}
		})
	}
}

// TestFloorColourOff: the distance between chromaticities.
func TestFloorColourOff(t *testing.T) {
	tests := []struct {
		name string
		f    floorColour
		u, v float64
		want float64
	}{
		{"the same colour", floorColour{u: 0.1, v: -0.1, ok: true}, 0.1, -0.1, 0},
		{"off in both", floorColour{u: 0.3, v: 0.4, ok: true}, 0, 0, 0.5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.f.off(tc.u, tc.v); math.Abs(got-tc.want) > 1e-9 {
				t.Errorf("off %.4f, want %.4f", got, tc.want)
			}
		})
	}
}
