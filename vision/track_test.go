package vision

import (
	"errors"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
)

// reading builds a scan result from a board as text.
func reading(text string) *UpwordsReading {
	b := grid.MustParse(text)
	r := &UpwordsReading{Board: b}
	b.Each(func(p grid.Pos, s grid.Stack) {
		r.Cells = append(r.Cells, Cell{Pos: p, Letter: s.Letter, Height: s.Height})
	})
	return r
}

func TestReconcile(t *testing.T) {
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
		{"same letter keeps its height", ". C O2 T\n. . . .", ". C O3 T\n. . . .", ". C O2 T\n. . . .", []string{"still 2 high"}},
		{"new stack is one high", ". C A T\n. . . .", ". C A T\n. . S3 .", ". C A T\n. . S .", []string{"one tile high"}},
		{"a stack cannot vanish", ". C A T\n. . . .", ". C . T\n. . . .", ". C A T\n. . . .", []string{"gone"}},
		{"five high stays five", ". C O5 T\n. . . .", ". C O5 T\n. . . .", ". C O5 T\n. . . .", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var before *grid.Board
			if tc.before != "" {
				before = grid.MustParse(tc.before)
			}
			got, dis, err := Reconcile(before, reading(tc.photo))
			if err != nil {
				t.Fatal(err)
			}
			if want := grid.MustParse(tc.want); !got.Equal(want) {
				t.Errorf("board\n%s\nwant\n%s", got, want)
			}
			if len(dis) != len(tc.reasons) {
				t.Fatalf("disagreements %v, want %d", dis, len(tc.reasons))
			}
			for i, d := range dis {
				if !strings.Contains(d.Reason, tc.reasons[i]) {
					t.Errorf("disagreement %q, want it to say %q", d.Reason, tc.reasons[i])
				}
			}
		})
	}
	if _, _, err := Reconcile(grid.New(8, 8), reading(". A\n. .")); !errors.Is(err, ErrBoardSize) {
		t.Errorf("different sizes: %v, want ErrBoardSize", err)
	}
}
