package upwords

import (
	"fmt"
	"strings"
	"testing"
)

// TestLetterTurn: the quarter turn the letters stand at, from the reader's
// angles. Letters that read the same turned half way round (N, S, O...)
// must not outvote the others on which end the board is read from.
func TestLetterTurn(t *testing.T) {
	// cells builds stacks from "LETTER@ANGLE" or "LETTER@ANGLE~CONF".
	cells := func(spec string) []Cell {
		var out []Cell
		for _, f := range strings.Fields(spec) {
			l, rest, _ := strings.Cut(f, "@")
			a, conf := rest, "0.9"
			if i := strings.Index(rest, "~"); i >= 0 {
				a, conf = rest[:i], rest[i+1:]
			}
			out = append(out, Cell{Letter: l, Height: 1, Angle: atof(t, a), Conf: atof(t, conf)})
		}
		return out
	}
	tests := []struct {
		name string
		spec string
		want int // -1: the letters do not decide
	}{
		{"upright", "C@2 A@358 T@0", 0},
		{"a quarter turn", "C@91 A@88 T@90", 1},
		{"upside down", "C@180 A@182 T@179", 2},
		{"three quarters", "C@270 A@268 T@271", 3},
		{"two letters are too few", "C@90 A@90", -1},
		{"no two-thirds majority", "C@90 A@90 T@0 E@0", -1},
		{"unsure letters do not vote", "C@90~0.4 A@90~0.3 T@0 E@0 R@0", 0},
		{"unreadable stacks do not vote", "?@90 ?@90 ?@90 T@0 E@0 R@0", 0},
		// Ns and Os read the same from both ends: the reader's angle for
		// them is a coin toss, and the letters that differ decide.
		{"upside down among Ns and Os", "N@0 N@0 O@0 O@0 N@0 A@180 R@180 E@180 L@180", 2},
		{"on its side among Ss", "S@90 S@82 S@258 R@80 Y@270 K@282 E@272", 3},
		{"only symmetric letters: all of them vote on the end", "N@90 S@90 Z@270 H@90", 1},
		{"Os and Xs tell nothing", "O@90 O@90 X@90", -1},
		{"the axis needs two thirds too", "N@0 S@0 H@90 I@90 E@0 A@90", -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, known := letterTurn(cells(tc.spec))
			if !known {
				got = -1
			}
			if got != tc.want {
				t.Errorf("letterTurn(%s) = %d, want %d", tc.spec, got, tc.want)
			}
		})
	}
}

func atof(t *testing.T, s string) float64 {
	t.Helper()
	var v float64
	if _, err := fmt.Sscan(s, &v); err != nil {
		t.Fatalf("bad number %q", s)
	}
	return v
}
