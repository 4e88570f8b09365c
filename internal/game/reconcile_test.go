package game

import (
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
)

func TestReconcileUpwords(t *testing.T) {
	before := grid.MustParse(`
. . . .
C A T .
. . . .`)
	tests := []struct {
		name    string
		read    string
		want    string
		changed int
		unsure  []grid.Pos
	}{
		{"a clean play is kept", `
. . . .
C A T S
. . . .`, `
. . . .
C A T S
. . . .`, 0, nil},
		{"a misread unchanged tile keeps its letter", `
. . . .
C R T S
. . . .`, `
. . . .
C A T S
. . . .`, 1, nil},
		{"a missed tile is put back, unsure", `
. . . .
C . T S
. . . .`, `
. . . .
C A T S
. . . .`, 1, []grid.Pos{{Row: 1, Col: 1}}},
		{"a new stack of 3 on an empty square is 1 high", `
. . . .
C A T S3
. . . .`, `
. . . .
C A T S
. . . .`, 1, []grid.Pos{{Row: 1, Col: 3}}},
		{"a stack grown by 2 grew by 1", `
. . . .
C O3 T .
. . . .`, `
. . . .
C O2 T .
. . . .`, 1, []grid.Pos{{Row: 1, Col: 1}}},
		{"one higher with the same letter is the same stack", `
. . . .
C A2 T .
. . . .`, `
. . . .
C A T .
. . . .`, 1, []grid.Pos{{Row: 1, Col: 1}}},
		{"a stack grown by 1 is a play", `
. . . .
C O2 T .
. . . .`, `
. . . .
C O2 T .
. . . .`, 0, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, n := ReconcileUpwords(before, Reading{Board: grid.MustParse(tc.read)})
			if want := grid.MustParse(tc.want); !got.Board.Equal(want) {
				t.Errorf("board\n%s want\n%s", got.Board, want)
			}
			if n != tc.changed {
				t.Errorf("changed %d cells, want %d", n, tc.changed)
			}
			for _, p := range tc.unsure {
				if c := got.conf(p); c >= LowConf {
					t.Errorf("%v has conf %v, want it unsure", p, c)
				}
			}
		})
	}
	if _, n := ReconcileUpwords(grid.New(3, 3), Reading{Board: before}); n != 0 {
		t.Errorf("a board of another size was changed")
	}
}
