package game

import (
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
)

// TestDisagreements reconciles a photo with the game so far and checks both
// the board that comes out and what is said about every square where it is
// not the photo's own reading.
func TestDisagreements(t *testing.T) {
	tests := []struct {
		name    string
		before  string // "" for the start of a game
		photo   string
		want    string
		reasons []string // substrings of the disagreements, in board order
	}{
		{"first word", "", ". C A T\n. . . .", ". C A T\n. . . .", nil},
		{"new letter on a stack grows it", ". C A T\n. . . .", ". C O T\n. . . .", ". C O2 T\n. . . .", []string{"2 high; the photo suggests 1"}},
		{"photo agrees", ". C A T\n. . . .", ". C O2 T\n. . . .", ". C O2 T\n. . . .", nil},
		{"same letter two higher keeps its height", ". C O2 T\n. . . .", ". C O4 T\nS . . .", ". C O2 T\nS . . .", []string{"still 2 high; the photo suggests 4"}},
		{"same letter one higher, alone, is left for the rules", ". C O2 T\n. . . .", ". C O3 T\n. . . .", ". C O3 T\n. . . .", []string{"never goes on the same letter"}},
		{"new stack is one high", ". C A T\n. . . .", ". C A T\n. . S3 .", ". C A T\n. . S .", []string{"one tile high, the photo suggests 3"}},
		{"a stack cannot vanish", ". C A T\n. . . .", ". C . T\n. . . .", ". C A T\n. . . .", []string{"gone"}},
		{"five high stays five", ". C O5 T\n. . . .", ". C O5 T\n. . . .", ". C O5 T\n. . . .", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			photo := grid.MustParse(tc.photo)
			var before *grid.Board
			if tc.before != "" {
				before = grid.MustParse(tc.before)
			} else {
				before = grid.New(photo.Rows, photo.Cols)
			}
			got, _ := ReconcileUpwords(before, Reading{Board: photo})
			if want := grid.MustParse(tc.want); !SamePosition(got.Board, want) {
				t.Errorf("board\n%s\nwant\n%s", got.Board, want)
			}
			dis := Disagreements(before, photo, gridOf(got.Board))
			if len(dis) != len(tc.reasons) {
				t.Fatalf("disagreements %v, want %d", dis, len(tc.reasons))
			}
			for i, d := range dis {
				if !strings.Contains(d.Reason, tc.reasons[i]) {
					t.Errorf("disagreement %q, want it to say %q", d.Reason, tc.reasons[i])
				}
				if d.Now != gridOf(got.Board).At(d.Pos) || d.Seen != photo.At(d.Pos) {
					t.Errorf("%v: now %v seen %v, want the reconciled and the photo's stacks", d.Pos, d.Now, d.Seen)
				}
			}
		})
	}
}

func TestDisagreementsSizes(t *testing.T) {
	a, b := grid.New(2, 2), grid.New(3, 3)
	tests := []struct {
		name              string
		before, seen, now *grid.Board
	}{
		{"photo and board differ", a, a, b},
		{"before differs", b, a, a},
		{"no photo", a, nil, a},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if d := Disagreements(tc.before, tc.seen, tc.now); d != nil {
				t.Errorf("got %v, want none", d)
			}
		})
	}
}
