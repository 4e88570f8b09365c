package pyramids

import (
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
)

// TestRereadDoubtful: the new top the second reading gives a stack that
// lost one is doubtful when the pool's prior changed the photo's letter,
// or when it is the very top the stack had before (the photo shows the
// stack as it stood: the move that took its top was inferred elsewhere,
// or two like pyramids nest); otherwise the photo decides.
func TestRereadDoubtful(t *testing.T) {
	row := ". . . . . . . . . ."
	rows := []string{row, ". . rA/rE5 . . . . . . .", row, row, row, row, row, row, row, row}
	before := pyramids.MustParse(strings.Join(rows, "\n") + "\n")
	q := grid.Pos{Row: 1, Col: 2}
	for _, tc := range []struct {
		name    string
		top     pyramids.Pyramid
		scanned string
		want    bool
	}{
		{"the next layer read, as the photo reads it", pyramids.Pyramid{Colour: pyramids.Red, Letter: "E"}, "E", false},
		{"another letter read", pyramids.Pyramid{Colour: pyramids.Red, Letter: "T"}, "T", false},
		{"the prior changed the photo's letter", pyramids.Pyramid{Colour: pyramids.Red, Letter: "E"}, "F", true},
		{"the top before read again", pyramids.Pyramid{Colour: pyramids.Red, Letter: "A"}, "A", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := rereadDoubtful(before, q, tc.top, tc.scanned); got != tc.want {
				t.Errorf("rereadDoubtful = %v, want %v", got, tc.want)
			}
		})
	}
}
