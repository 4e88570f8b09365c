package pyramids

import (
	"strings"
	"testing"

	"github.com/tilescope/tilescope/internal/game"
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

// TestTakeReread: a stack's new top (its next layer, never seen) is the
// letter the second reading shows, read at the count the move makes
// alone (readAgain: vpyr.Options.Exact), weighed by the pool; the first
// reading, at the count before, is not averaged in (pyrrec did: then the
// old count's clear misreading outweighed the new count's). It is sure
// only when the second reading is, reads it too, and the letter has
// margin. The carried top is the first reading's (inferMove).
func TestTakeReread(t *testing.T) {
	q := grid.Pos{Row: 8, Col: 2}
	green := func(l string) pyramids.Pyramid { return pyramids.Pyramid{Colour: pyramids.Green, Letter: l} }
	for _, tc := range []struct {
		name          string
		carried       string             // the new top's letter as inferMove took it
		elsewhere     []pyramids.Pyramid // known on the board besides
		first, second map[string]float64 // the readings' evidence
		colour        pyramids.Colour    // the second reading's colour (green when none)
		secondSure    bool               // the second reading's Sure
		want          string             // the top after
		changed       int                // the squares it counts changed
		sure          bool               // shown sure
	}{
		{name: "the new count reads it, the old count reads nothing clearly",
			carried: "O", first: map[string]float64{"O": 0.09, "W": 0.06, "N": 0.05, "D": 0.05},
			second: map[string]float64{"G": 0.36, "O": 0.22, "U": 0.04}, want: "G", changed: 1},
		{name: "the old count reads another more clearly: the new count's",
			carried: "T", first: map[string]float64{"T": 0.56, "I": 0.08},
			second: map[string]float64{"Y": 0.11, "T": 0.09, "U": 0.09}, want: "Y", changed: 1},
		{name: "a like layer under: both read the top gone",
			carried: "R", first: map[string]float64{"E": 0.38, "R": 0.34}, second: map[string]float64{"E": 0.37, "R": 0.37},
			secondSure: true, want: "E", changed: 1},
		{name: "both read it clearly: sure",
			carried: "A", first: map[string]float64{"A": 0.85, "O": 0.01}, second: map[string]float64{"A": 0.83, "R": 0.01},
			secondSure: true, want: "A", sure: true},
		{name: "the second reading sure, without margin",
			carried: "O", first: map[string]float64{"O": 0.5, "A": 0.3}, second: map[string]float64{"A": 0.45, "O": 0.25},
			secondSure: true, want: "A", changed: 1},
		{name: "a letter no pyramid left can carry",
			carried: "W", elsewhere: []pyramids.Pyramid{green("W")},
			first: map[string]float64{"W": 0.30, "H": 0.20}, second: map[string]float64{"W": 0.28, "H": 0.22},
			want: "H", changed: 1},
		{name: "the first reading without letters: the second's",
			carried: "O", second: map[string]float64{"T": 0.5, "I": 0.1}, want: "T", changed: 1},
		{name: "another colour read at the new count: as carried",
			carried: "O", first: map[string]float64{"O": 0.4}, second: map[string]float64{"G": 0.9},
			colour: pyramids.Blue, secondSure: true, want: "O"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			setup := pyramids.DefaultSetup()
			before := pyramids.NewBoard()
			before.Set(q, pyramids.Stack{Layers: []pyramids.Pyramid{green("E")}, Height: 5})
			for i, p := range tc.elsewhere {
				before.Set(grid.Pos{Row: 3, Col: 3 + i}, pyramids.Stack{Layers: []pyramids.Pyramid{p}, Height: 1})
			}
			after := before.Clone()
			after.Set(q, pyramids.Stack{Layers: []pyramids.Pyramid{green(tc.carried)}, Height: 4})
			colour := tc.colour
			if colour == pyramids.NoColour {
				colour = pyramids.Green
			}
			_ = tc.first // the first reading's evidence: not weighed
			second := photoOf(after, map[grid.Pos]seenSquare{q: {colour: colour, letters: tc.second, sure: tc.secondSure}})
			conf := make([][]float64, pyramids.Size)
			for i := range conf {
				conf[i] = make([]float64, pyramids.Size)
			}
			n := takeReread(before, after, second, []grid.Pos{q}, newPool(&setup, before), conf)
			got, _ := after.At(q).Top()
			if got != green(tc.want) || after.At(q).Height != 4 {
				t.Errorf("top %s%d, want %s4", got, after.At(q).Height, green(tc.want))
			}
			if n != tc.changed {
				t.Errorf("changed %d, want %d", n, tc.changed)
			}
			if sure := conf[q.Row][q.Col] >= game.LowConf; sure != tc.sure {
				t.Errorf("sure %v (conf %.2f), want %v", sure, conf[q.Row][q.Col], tc.sure)
			}
		})
	}
}

// TestUncovered: the squares whose count a take photo is read at alone
// are the word's squares whose next layer the game does not know.
func TestUncovered(t *testing.T) {
	before := pyramids.MustParse(strings.Join([]string{
		". . . . . . . . . .",
		". . rA5 rE/rS4 . . . . . .",
		". . kT . . . . . . .",
		". . . . . . . . . .",
		". . . . . . . . . .",
		". . . . . . . . . .",
		". . . . . . . . . .",
		". . . . . . . . . .",
		". . . . . . . . . .",
		". . . . . . . . . .",
	}, "\n") + "\n")
	taking := []grid.Pos{{Row: 1, Col: 2}, {Row: 1, Col: 3}, {Row: 2, Col: 2}}
	exact := uncovered(before, taking)
	for _, tc := range []struct {
		name string
		q    grid.Pos
		want bool
	}{
		{"the word's stack, its next layer not known", grid.Pos{Row: 1, Col: 2}, true},
		{"the word's stack, its next layer known", grid.Pos{Row: 1, Col: 3}, false},
		{"the word's house pyramid: nothing under it", grid.Pos{Row: 2, Col: 2}, false},
		{"off the word", grid.Pos{Row: 1, Col: 4}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := exact(tc.q); got != tc.want {
				t.Errorf("uncovered(%v) = %v, want %v", tc.q, got, tc.want)
			}
		})
	}
}
