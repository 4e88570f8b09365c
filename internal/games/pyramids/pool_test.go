package pyramids

import (
	"slices"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
)

// TestTakenPyramids: the pyramids that left the board over the photos the
// table accepted are the tops one lower from one photo to the next, less
// the tops one higher; a change that is not a turn's says nothing.
func TestTakenPyramids(t *testing.T) {
	at := func(r, c int) grid.Pos { return grid.Pos{Row: r, Col: c} }
	// the set-up; a blue W moved from its stack onto the house square
	// (4,4) and a red E moved onto (4,5): a move; then both taken
	start := map[grid.Pos]string{at(3, 8): "bW5", at(4, 4): "kA", at(4, 5): "kB", at(1, 3): "rE5"}
	moved := map[grid.Pos]string{at(3, 8): "bR4", at(4, 4): "bW/kA", at(4, 5): "rE/kB", at(1, 3): "rS4"}
	taken := map[grid.Pos]string{at(3, 8): "bR4", at(4, 4): "kA", at(4, 5): "kB", at(1, 3): "rS4"}
	cases := []struct {
		name   string
		boards []map[grid.Pos]string
		want   string
	}{
		{"the set-up alone", []map[grid.Pos]string{start}, ""},
		{"a move takes nothing", []map[grid.Pos]string{start, moved}, ""},
		{"the take takes the word's tops", []map[grid.Pos]string{start, moved, taken}, "bW rE"},
		{"a move and its take between two photos", []map[grid.Pos]string{start, taken}, "bW rE"},
		{"a stack read one lower then as it stood", []map[grid.Pos]string{start, {at(3, 8): "bR4", at(4, 4): "kA", at(4, 5): "kB", at(1, 3): "rE5"}, start}, ""},
		{"a stack two lower says nothing", []map[grid.Pos]string{start, {at(3, 8): "bR3", at(4, 4): "kA", at(4, 5): "kB", at(1, 3): "rE5"}}, ""},
		{"a top changed at its count says nothing", []map[grid.Pos]string{start, {at(3, 8): "bR5", at(4, 4): "kA", at(1, 3): "rE5"}}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var past []game.Sighting
			for _, cells := range tc.boards {
				b := board(t, cells)
				past = append(past, game.Sighting{Seen: Position{Board: b}, After: Position{Board: b}})
			}
			var got []string
			for _, p := range takenPyramids(past) {
				got = append(got, p.String())
			}
			slices.Sort(got)
			if s := strings.Join(got, " "); s != tc.want {
				t.Errorf("taken = %q, want %q", s, tc.want)
			}
		})
	}
}

// TestPoolTakenOut: a pyramid taken is out of the pool: the next layer
// uncovered is none of it (the blue set's one W, taken, is not read for
// an M the photo shows nearly as well), while a letter the set still
// has stays as likely as before.
func TestPoolTakenOut(t *testing.T) {
	setup := pyramids.DefaultSetup()
	b := board(t, map[grid.Pos]string{{Row: 3, Col: 8}: "bR4"})
	ev := map[string]float64{"W": 0.21, "M": 0.17}
	pl := newPool(&setup, b)
	if got := pl.letter(pyramids.Blue, ev, ""); got != "W" {
		t.Fatalf("before the take is counted: letter = %q, want W (the photo's)", got)
	}
	before := pl.prior(pyramids.Blue, "M")
	pl.takeOut([]pyramids.Pyramid{{Colour: pyramids.Blue, Letter: "W"}, {Colour: pyramids.Red, Letter: "Q"}})
	if got := pl.letter(pyramids.Blue, ev, ""); got != "M" {
		t.Errorf("the blue W taken: letter = %q, want M", got)
	}
	if got := pl.letter(pyramids.Red, ev, ""); got != "W" {
		t.Errorf("red's W not taken: letter = %q, want W", got)
	}
	if after := pl.prior(pyramids.Blue, "M"); after <= before {
		t.Errorf("blue M prior %v after the W is taken out, %v before: want it higher (one kind fewer left)", after, before)
	}
}
