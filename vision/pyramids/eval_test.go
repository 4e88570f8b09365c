package pyramids

import (
	"bytes"
	"errors"
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
