package upwords

import (
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestRunnersUpFound: boards whose walls show too faintly for any of the
// search's first candidates (tuning sets 110951m and 110952t, "no board
// found" before vision's runnersUp) are found where the truth has them,
// on a grid several runners-up finish at together and the board's edges
// or the centre marks vouch for: a steep, blurred board (2.6 px) and a
// shaken one under a hand (6 px, whose faint lines showed a strong lens
// that is not there and pulled the grid a quarter square off when set
// on their samples). (A dim wooden board under a hand, whose runners-up
// agree a third of a square off with nothing to vouch for them, tuning
// set 110950, was refused here; the search's hidden look now finds it
// a fifth of a square off, none of its squares sure: TestHiddenCornerFound.)
func TestRunnersUpFound(t *testing.T) {
	for _, tc := range []struct{ name, scene string }{
		{"a steep blurred board", "testdata/runners/blurred-11095200019"},
		{"a shaken board under a hand", "testdata/runners/shakenhand-11095100001"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantGridFound(t, tc.scene)
		})
	}
}

// TestRunnersUpUnsure: a board whose grid was taken among the runners-up
// (vision.Grid.Runner) is read with none of its squares sure; its lines
// were too faint for any first candidate's score.
func TestRunnersUpUnsure(t *testing.T) {
	for _, tc := range []struct{ name, scene string }{
		{"a steep blurred board", "testdata/runners/blurred-11095200019"},
		{"a shaken board under a hand", "testdata/runners/shakenhand-11095100001"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr, err := vision.LoadTruth(tc.scene + ".json")
			if err != nil {
				t.Fatal(err)
			}
			r, err := ScanUpwords(loadImage(t, tc.scene+".jpg"), Options{Size: tr.Board.Rows, Reader: upwordsReader(t)})
			if err != nil {
				t.Fatal(err)
			}
			if !r.Found.Runner() {
				t.Fatal("the grid was not taken among the runners-up (the search changed): choose another scene")
			}
			for _, c := range r.Cells {
				if c.Sure {
					t.Errorf("%v (%s%d) is sure on a runner-up's grid", c.Pos, c.Letter, c.Height)
				}
			}
		})
	}
}
