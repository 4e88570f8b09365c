package pyramids

import (
	"math"
	"testing"

	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/scoring/tileset"
)

// TestMinCostAssignment checks the assignment against every way of
// giving the rows distinct columns.
func TestMinCostAssignment(t *testing.T) {
	for _, tc := range []struct {
		name string
		cost [][]float64
	}{
		{"one by one", [][]float64{{2}}},
		{"diagonal not best", [][]float64{{1, 2, 3}, {2, 4, 6}, {3, 6, 9}}},
		{"the greedy choice is wrong", [][]float64{{1, 2}, {1, 9}}},
		{"more columns than rows", [][]float64{{5, 1, 4, 7}, {2, 1, 8, 3}}},
		{"ties", [][]float64{{1, 1, 1}, {1, 1, 1}}},
		{"negative costs", [][]float64{{-1, -5, 0}, {-4, -2, -3}, {0, -1, -6}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := minCostAssignment(tc.cost)
			seen := map[int]bool{}
			sum := 0.0
			for r, c := range got {
				if seen[c] {
					t.Fatalf("column %d given twice: %v", c, got)
				}
				seen[c] = true
				sum += tc.cost[r][c]
			}
			if best := bruteAssign(tc.cost, 0, map[int]bool{}); math.Abs(sum-best) > 1e-9 {
				t.Errorf("assignment %v costs %g, the least is %g", got, sum, best)
			}
		})
	}
}

// bruteAssign is the least cost of giving rows r.. distinct columns not
// in used.
func bruteAssign(cost [][]float64, r int, used map[int]bool) float64 {
	if r == len(cost) {
		return 0
	}
	best := math.Inf(1)
	for c := range cost[r] {
		if used[c] {
			continue
		}
		used[c] = true
		best = math.Min(best, cost[r][c]+bruteAssign(cost, r+1, used))
		used[c] = false
	}
	return best
}

// TestAssignLetters: the letters of a colour's pyramids kept within its
// set, sure and overhung squares as they are.
func TestAssignLetters(t *testing.T) {
	// sq is a square read as colour col with letter probabilities p (one
	// face); its letter is p's likeliest
	sq := func(col pyramids.Colour, p map[string]float64, sure, overhung bool) Square {
		best, bp := "?", 0.0
		for l, v := range p {
			if v > bp || (v == bp && l < best) {
				best, bp = l, v
			}
		}
		s := Square{Colour: col, Letter: best, Conf: bp, Sure: sure, overhung: overhung}
		s.read.faces, s.read.faceP[0], s.read.faceW[0] = 1, p, 1
		return s
	}
	red, black := pyramids.Red, pyramids.Black
	for _, tc := range []struct {
		name string
		sqs  []Square
		want []string
	}{
		{"two red D where the set has one: the weaker takes its next letter",
			[]Square{sq(red, map[string]float64{"D": 0.6, "O": 0.3}, false, false), sq(red, map[string]float64{"D": 0.4, "B": 0.35}, false, false)},
			[]string{"D", "B"}},
		{"a sure D keeps the set's D",
			[]Square{sq(red, map[string]float64{"D": 0.3, "O": 0.25}, true, false), sq(red, map[string]float64{"D": 0.9, "B": 0.05}, false, false)},
			[]string{"D", "B"}},
		{"an overhung square is left out",
			[]Square{sq(red, map[string]float64{"D": 0.9}, false, true), sq(red, map[string]float64{"D": 0.6, "O": 0.3}, false, false)},
			[]string{"D", "D"}},
		{"letters that fit the set are left",
			[]Square{sq(red, map[string]float64{"E": 0.5, "D": 0.45}, false, false), sq(red, map[string]float64{"E": 0.4, "D": 0.35}, false, false)},
			[]string{"E", "E"}},
		{"sure squares beyond the set: the colour left as read",
			[]Square{sq(red, map[string]float64{"D": 0.9}, true, false), sq(red, map[string]float64{"D": 0.9}, true, false), sq(red, map[string]float64{"D": 0.6, "O": 0.3}, false, false)},
			[]string{"D", "D", "D"}},
		{"colours apart: a blue D takes nothing from red's",
			[]Square{sq(red, map[string]float64{"D": 0.6}, false, false), sq(pyramids.Blue, map[string]float64{"D": 0.6}, false, false)},
			[]string{"D", "D"}},
		{"a letter the player set lacks (F) is changed",
			[]Square{sq(red, map[string]float64{"F": 0.5, "E": 0.4}, false, false)},
			[]string{"E"}},
		{"black: four O where the house set has three",
			[]Square{
				sq(black, map[string]float64{"O": 0.5, "D": 0.1}, false, false),
				sq(black, map[string]float64{"O": 0.5, "C": 0.1}, false, false),
				sq(black, map[string]float64{"O": 0.5, "Q": 0.1}, false, false),
				sq(black, map[string]float64{"O": 0.3, "U": 0.28}, false, false)},
			[]string{"O", "O", "O", "U"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := make([]string, len(tc.sqs))
			for i, s := range tc.sqs {
				before[i] = s.Letter
			}
			assignLetters(tc.sqs, tileset.PyramidsPlayer, tileset.PyramidsHouse)
			for i, s := range tc.sqs {
				if s.Letter != tc.want[i] {
					t.Errorf("square %d: %s, want %s", i, s.Letter, tc.want[i])
				}
				if s.Letter != before[i] && (s.Sure || s.Conf != s.Letters()[s.Letter]) {
					t.Errorf("square %d changed to %s: sure %v, conf %g, want not sure and its letter's evidence %g", i, s.Letter, s.Sure, s.Conf, s.Letters()[s.Letter])
				}
			}
		})
	}
}
