package upwords

import (
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestGhostOf: a tall stack's face as read that lies on a lower stack's
// face bearing the same letter is a ghost of that face; a stack of
// another letter, a taller one, or one whose face lies a tile away is
// not.
func TestGhostOf(t *testing.T) {
	face := func(x, y float64) vision.Quad {
		return vision.Quad{{X: x - 10, Y: y - 10}, {X: x + 10, Y: y - 10}, {X: x + 10, Y: y + 10}, {X: x - 10, Y: y + 10}}
	}
	tall := Cell{Letter: "A", Height: 5, Face: face(100, 100)}
	tests := []struct {
		name  string
		other Cell
		ghost bool
	}{
		{"a lower stack's face under it, the same letter", Cell{Letter: "A", Height: 2, Face: face(106, 104)}, true},
		{"most of a side away", Cell{Letter: "A", Height: 1, Face: face(116, 100)}, true},
		{"a tile away", Cell{Letter: "A", Height: 1, Face: face(120, 100)}, false},
		{"another letter", Cell{Letter: "R", Height: 2, Face: face(104, 100)}, false},
		{"a taller stack", Cell{Letter: "A", Height: 5, Face: face(104, 100)}, false},
		{"an empty square", Cell{Face: face(100, 100)}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cells := []Cell{tall, tc.other}
			_, got := ghostOf(cells, &cells[0], 20)
			if got != tc.ghost {
				t.Errorf("ghostOf = %v, want %v", got, tc.ghost)
			}
		})
	}
}
