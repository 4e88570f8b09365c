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

// TestTakeRereadCounts: the second reading's letters are counted as
// changes of the reading (Reconcile returned the carried reading as it
// was when the move itself changed nothing, and the new top read at the
// new count was lost: a green G read O a layer too high), and only the
// squares whose top they change.
func TestTakeRereadCounts(t *testing.T) {
	q := grid.Pos{Row: 8, Col: 2}
	setup := pyramids.DefaultSetup()
	before := pyramids.NewBoard()
	before.Set(q, pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: pyramids.Green, Letter: "E"}}, Height: 5})
	for _, tc := range []struct {
		name string
		seen seenSquare
		want int
		top  string
	}{
		{"the new count reads another letter", seenSquare{colour: pyramids.Green, letters: map[string]float64{"G": 0.36, "O": 0.22}}, 1, "gO4 -> gG"},
		{"the new count reads the same", seenSquare{colour: pyramids.Green, letters: map[string]float64{"O": 0.4, "G": 0.2}}, 0, "gO4 -> gO"},
		{"another colour read: left as it was", seenSquare{colour: pyramids.Blue, letters: map[string]float64{"G": 0.9}}, 0, "gO4 -> gO"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			after := pyramids.NewBoard()
			after.Set(q, pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: pyramids.Green, Letter: "O"}}, Height: 4})
			conf := make([][]float64, pyramids.Size)
			for i := range conf {
				conf[i] = make([]float64, pyramids.Size)
			}
			p := photoOf(after, map[grid.Pos]seenSquare{q: tc.seen})
			n := takeReread(before, after, p, []grid.Pos{q}, newPool(&setup, before), conf)
			got, _ := after.At(q).Top()
			if n != tc.want || "gO4 -> "+got.String() != tc.top {
				t.Errorf("changed %d, top %s; want %d, %s", n, got, tc.want, tc.top)
			}
		})
	}
}
