//go:build !lean

package main

import (
	"testing"

	pyrgame "github.com/tilescope/tilescope/internal/games/pyramids"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
)

// TestPyrDiffKnown: eval-game holds a square whose letter the session does
// not know yet (pyrgame.Position.Pending) as right while its colour and
// count are the truth's (the session asks for the letter later); a square
// not pending, or pending with another colour or count, is a difference.
func TestPyrDiffKnown(t *testing.T) {
	q := grid.Pos{Row: 6, Col: 8}
	st := func(c pyramids.Colour, l string, h int) pyramids.Stack {
		return pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: c, Letter: l}}, Height: h}
	}
	for _, tc := range []struct {
		name    string
		got     pyramids.Stack
		pending bool
		want    int // pyrDiffKnown
		hand    int // pyrDiff: a board entered by hand, every letter
	}{
		{name: "right", got: st(pyramids.Blue, "N", 4)},
		{name: "letter wrong, known", got: st(pyramids.Blue, "M", 4), want: 1, hand: 1},
		{name: "letter wrong, not known yet", got: st(pyramids.Blue, "M", 4), pending: true, hand: 1},
		{name: "count wrong, not known yet", got: st(pyramids.Blue, "M", 5), pending: true, want: 1, hand: 1},
		{name: "colour wrong, not known yet", got: st(pyramids.Red, "N", 4), pending: true, want: 1, hand: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := pyramids.NewBoard()
			want.Set(q, st(pyramids.Blue, "N", 4))
			got := pyramids.NewBoard()
			got.Set(q, tc.got)
			p := pyrgame.Position{Board: got}
			if tc.pending {
				p.Pending = []grid.Pos{q}
			}
			if n := pyrDiffKnown(p, want); n != tc.want {
				t.Errorf("pyrDiffKnown = %d, want %d", n, tc.want)
			}
			if n := pyrDiff(p, want); n != tc.hand {
				t.Errorf("pyrDiff = %d, want %d", n, tc.hand)
			}
		})
	}
}
