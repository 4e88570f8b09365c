package pyramids

import (
	"bytes"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestSummaryMisplaced: a board found in the wrong place is not counted
// as found, its squares are kept apart with how many were reported sure,
// and the summary prints them.
func TestSummaryMisplaced(t *testing.T) {
	for _, tc := range []struct {
		name     string
		results  []SceneResult
		found    int
		misplace int
		sure     int // squares reported sure on misplaced boards
		unplaced int
		line     string
	}{
		{"found in place", []SceneResult{{Found: true, Squares: 100, Sure: 90, SureRight: 90}}, 1, 0, 0, 0,
			"board misplaced   0 (found over a fifth of a square off); their squares sure 0 of 0, of them right 0; boards said unplaced 0"},
		{"found off, shown sure", []SceneResult{{Found: true, Squares: 100}, {Squares: 96, Sure: 40, SureRight: 3}}, 1, 1, 40, 0,
			"board misplaced   1 (found over a fifth of a square off); their squares sure 40 of 96, of them right 3; boards said unplaced 0"},
		{"found off, said unplaced", []SceneResult{{Squares: 96, Unplaced: true}}, 0, 1, 0, 1,
			"board misplaced   1 (found over a fifth of a square off); their squares sure 0 of 96, of them right 0; boards said unplaced 1"},
		{"not found is not misplaced", []SceneResult{{Err: vision.ErrNoBoard}, {OutOfView: true, Err: errors.Join(vision.ErrOutOfView)}}, 0, 0, 0, 0,
			"board misplaced   0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s Summary
			for _, r := range tc.results {
				s.Add(r)
			}
			if s.Found != tc.found || s.Misplaced != tc.misplace || s.MisplacedSure != tc.sure || s.Unplaced != tc.unplaced {
				t.Errorf("found %d misplaced %d sure on them %d unplaced %d, want %d %d %d %d",
					s.Found, s.Misplaced, s.MisplacedSure, s.Unplaced, tc.found, tc.misplace, tc.sure, tc.unplaced)
			}
			var b bytes.Buffer
			s.Write(&b)
			if !strings.Contains(b.String(), tc.line) {
				t.Errorf("summary lacks %q:\n%s", tc.line, b.String())
			}
		})
	}
}

// TestPyramidCaseSureAt: every square a scene's reading took for a
// pyramid is listed, and weighed under the bars in use it is sure
// exactly when the reading showed it sure; looser bars show at least
// those sure, bars no reading reaches none (surecut's sweep rests on it).
func TestPyramidCaseSureAt(t *testing.T) {
	r := EvalScene(filepath.Join("testdata", "scenes", "normal.jpg"), Options{Reader: reader(t), FaceModel: true})
	if r.Err != nil || r.TruthErr != nil {
		t.Fatal(r.Err, r.TruthErr)
	}
	if len(r.Pyramids) == 0 {
		t.Fatal("no pyramids listed")
	}
	in := ModelBars()
	loose := SureBars{Letter: in.Letter - 0.2, Margin: in.Margin - 0.2, Lone: in.Lone - 0.2, Thin: in.Thin - 0.2,
		Heads: in.Heads - 0.2, HeadsThin: in.HeadsThin - 0.2}
	never := SureBars{Letter: 1.01, Margin: 1.01, Lone: 1.01, Thin: 1.01, Heads: 1.01, HeadsThin: 1.01}
	sure := 0
	for _, tc := range []struct {
		name string
		bars SureBars
		want func(c PyramidCase) bool
	}{
		{"in use: the reading's own", in, func(c PyramidCase) bool { return c.Sure }},
		{"looser: at least the reading's", loose, func(c PyramidCase) bool { return c.Sure || c.SureAt(loose) }},
		{"out of reach: none", never, func(PyramidCase) bool { return false }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, c := range r.Pyramids {
				if got := c.SureAt(tc.bars); got != tc.want(c) {
					t.Errorf("row %d col %d (%s, read %s at %.2f): sure %v, want %v", c.Row, c.Col, c.Want, c.Got, c.Read.Conf, got, tc.want(c))
				}
			}
		})
	}
	for _, c := range r.Pyramids {
		if c.Sure {
			sure++
		}
	}
	if sure == 0 {
		t.Error("no pyramid of the normal scene sure: the case says nothing")
	}
}

// TestLettersWrongByRank: a wrong letter is classed by where the truth
// stands among the faces' letters, and a scene's pyramids by its blur;
// the summary adds both up and prints them.
func TestLettersWrongByRank(t *testing.T) {
	letters := map[string]float64{"E": 0.4, "R": 0.3, "B": 0.2, "S": 0.05, "O": 0.03, "N": 0.01, "H": 0.01}
	for _, tc := range []struct {
		name  string
		want  string
		rank  int
		class int
	}{
		{"first: a tie lost to the reading is second's class", "E", 1, 0},
		{"second", "R", 2, 0},
		{"third", "B", 3, 1},
		{"fifth", "O", 5, 1},
		{"sixth: a tie goes by name", "H", 6, 2},
		{"seventh: after its tie", "N", 7, 2},
		{"lower case is the same letter", "r", 2, 0},
		{"not read at all", "Q", 0, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := truthRank(letters, tc.want)
			if r != tc.rank || rankClass(r) != tc.class {
				t.Errorf("rank %d class %d, want %d %d", r, rankClass(r), tc.rank, tc.class)
			}
		})
	}
	for _, tc := range []struct {
		name  string
		blur  float64
		class int
	}{
		{"sharp", 0, 0},
		{"just under 1.5 px", 1.49, 0},
		{"1.5 px", 1.5, 1},
		{"2.5 px", 2.5, 2},
		{"far more", 9, 2},
	} {
		t.Run("blur "+tc.name, func(t *testing.T) {
			if c := blurClass(tc.blur); c != tc.class {
				t.Errorf("class %d, want %d", c, tc.class)
			}
		})
	}
	var s Summary
	s.Add(SceneResult{Found: true, Occupied: 10, LetterRight: 9, Blur: 1.0, LetterWrong: [3]int{1, 0, 0}})
	s.Add(SceneResult{Found: true, Occupied: 10, LetterRight: 6, Blur: 3.0, LetterWrong: [3]int{1, 2, 1}})
	s.Add(SceneResult{Found: true, Occupied: 10, LetterRight: 10, Blur: 2.0})
	s.Add(SceneResult{Found: false, Occupied: 10, Blur: 3.0, LetterWrong: [3]int{5, 5, 5}}) // misplaced: not counted
	var b bytes.Buffer
	s.Write(&b)
	for _, line := range []string{
		"letters by blur   under 1.5 px 90.0% (9/10); 1.5-2.5 px 100.0% (10/10); 2.5 px and more 60.0% (6/10)",
		"letters wrong     5 of the right colour: the truth the faces' 2nd likeliest on 2, 3rd-5th on 2, lower or unread on 1",
	} {
		if !strings.Contains(b.String(), line) {
			t.Errorf("summary lacks %q:\n%s", line, b.String())
		}
	}
}

// TestMissMark: a miss in the -v list says when the reading showed sure
// what it got wrong, so that a sure-and-wrong square is found by eye.
func TestMissMark(t *testing.T) {
	for _, tc := range []struct {
		name                                string
		sure, read, colourSure, colourRight bool
		want                                string
	}{
		{"unsure miss", false, false, false, false, ""},
		{"sure, only the height wrong", true, true, true, true, ""},
		{"sure and wrong", true, false, true, true, " (sure)"},
		{"sure, colour wrong", true, false, true, false, " (sure)"},
		{"colour held sure and wrong", false, false, true, false, " (colour sure)"},
		{"colour sure and right, letter wrong unsure", false, false, true, true, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := missMark(tc.sure, tc.read, tc.colourSure, tc.colourRight); got != tc.want {
				t.Errorf("missMark = %q, want %q", got, tc.want)
			}
		})
	}
}
