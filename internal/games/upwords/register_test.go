package upwords

import (
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// TestMisregistered: a grid found a row off the last good one, whose
// reading changes most of the board, is a registration error; a turn on
// the same grid, a board that really moved (it reads as it stood) and a
// grid nudged by a few pixels are not.
func TestMisregistered(t *testing.T) {
	parse := func(s string) *grid.Board {
		b, err := grid.Parse(strings.NewReader(s), "test")
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	before := parse(`. . . . .
. C A T .
. . . O .
. . . E2 .
. . . . .
`)
	turn := parse(`. . . . .
. C A T .
. . . O .
. . . E2 .
. . . S .
`)
	// Every letter read from the square below it: the grid one row up.
	rowOff := parse(`. . . . .
. . . O .
. . . E2 .
. . . . .
. . . . .
`)
	// Square grid, 50 px a square, in the camera's corner order.
	last := vision.Quad{{X: 100, Y: 100}, {X: 350, Y: 100}, {X: 350, Y: 350}, {X: 100, Y: 350}}
	shift := func(dx, dy float64) vision.Quad {
		var q vision.Quad
		for i, c := range last {
			q[i] = vision.Point{X: c.X + dx, Y: c.Y + dy}
		}
		return q
	}
	tests := []struct {
		name   string
		now    vision.Quad
		read   *grid.Board
		before *grid.Board
		want   bool
	}{
		{"grid one row off, letters from the squares beside", shift(0, -50), rowOff, before, true},
		{"grid one column off, letters changed", shift(50, 0), rowOff, before, true},
		{"same grid, a turn", last, turn, before, false},
		{"same grid, letters misread", last, rowOff, before, false},
		{"board moved, reads as it stood", shift(0, -50), turn, before, false},
		{"grid nudged a few pixels", shift(6, -4), rowOff, before, false},
		{"too few stacks to tell", shift(0, -50), parse(". . .\n. . .\n. . .\n"), parse(". . .\n. A .\n. . .\n"), false},
		{"no board before", shift(0, -50), rowOff, nil, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := misregistered(last, tc.now, tc.read, tc.before); got != tc.want {
				t.Errorf("misregistered = %v, want %v", got, tc.want)
			}
		})
	}
}
