package scrabble

import (
	"math"
	"testing"
)

// TestSameEveryTurn: only the letters a quarter turn leaves alike keep
// their confidence on a board read without its direction.
func TestSameEveryTurn(t *testing.T) {
	for _, tc := range []struct {
		letter string
		want   bool
	}{
		{"O", true}, {"X", true},
		{"N", false}, {"Z", false}, {"H", false}, {"I", false}, {"S", false},
		{"M", false}, {"W", false}, {"E", false}, {"", false},
	} {
		t.Run(tc.letter, func(t *testing.T) {
			if got := sameEveryTurn(tc.letter); got != tc.want {
				t.Errorf("sameEveryTurn(%q) = %v, want %v", tc.letter, got, tc.want)
			}
		})
	}
}

// TestUnsettledTurnNothingSure: a crowded board whose letters give no
// clear vote for which side is up (blurred, its grid a quarter of a
// square off) is either read the right way up, or shown with no letter
// sure that a turn could have made another; and a sharp board is still
// turned by its letters, which stay sure. Nowhere is a letter read
// wrong and shown sure.
func TestUnsettledTurnNothingSure(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	rd := reader(t)
	for _, tc := range []struct {
		name    string
		seed    int64
		edition string
		// sharp: the letters must turn the board and some stay sure
		sharp bool
	}{
		// issue 16's example: two E and B read S at 0.95-0.98, the
		// board kept a quarter turn off
		{"beige, blurred, a quarter turn off", 77314, "beige", false},
		// a half turn off, votes 0.5/0.5/0.9/0
		{"red, a half turn off", 80008, "red", false},
		{"white, sharp, turned a quarter", 80805, "white", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, l := crowdedScene(t, tc.seed, tc.edition)
			r, err := Scan(img, Options{Reader: rd})
			if err != nil {
				t.Fatal(err)
			}
			// the reading's board in the label's turn: its own where
			// the letters turned it, else the one its corners fit
			pitch := math.Sqrt(math.Abs(quadArea(l.Corners))) / Size
			turn, off := 0, math.Inf(1)
			for k := 0; k < 4; k++ {
				var e float64
				for i := 0; i < 4; i++ {
					e = math.Max(e, dist(r.Corners[(i+k)%4], l.Corners[i]))
				}
				if e < off {
					turn, off = k, e
				}
			}
			if off > pitch/2 {
				t.Fatalf("board placed %.2f squares off", off/pitch)
			}
			if r.Oriented && turn != 0 {
				t.Errorf("letters turned the board %d quarter turns from the right way up", turn)
			}
			cells := turnCells(r.Cells, turn)
			sure, sureWrong, unsettled := 0, 0, 0
			for row := 0; row < Size; row++ {
				for col := 0; col < Size; col++ {
					c := cells[row][col]
					if c == nil || c.Blank || c.Conf < unsureConf {
						continue
					}
					sure++
					if want := l.Cells[row][col]; want != "" && want != "?" && !sameTile(want, c) {
						sureWrong++
					}
					if !r.Oriented && !sameEveryTurn(c.Letter) {
						unsettled++
					}
				}
			}
			t.Logf("oriented %v (turn %d), %d letters sure, %d of them wrong", r.Oriented, turn, sure, sureWrong)
			if sureWrong > 0 {
				t.Errorf("%d letters read wrong and shown sure", sureWrong)
			}
			if unsettled > 0 {
				t.Errorf("board read without its direction: %d letters a turn could change shown sure", unsettled)
			}
			if tc.sharp && (!r.Oriented || sure == 0) {
				t.Errorf("sharp board: oriented %v, %d letters sure; want oriented, letters sure", r.Oriented, sure)
			}
		})
	}
}
