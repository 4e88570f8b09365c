package pyramids

import (
	"errors"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
)

// A board's text with a square pending and its evidence, as the record
// keeps it (Position.String).
func pendingText(t testing.TB, evidence string) string {
	t.Helper()
	b := pyramids.NewBoard()
	b.Set(grid.Pos{Row: 2, Col: 3}, pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: pyramids.Blue, Letter: "T"}}, Height: 3})
	return b.String() + "pending 2,3\n" + evidence + "\n"
}

// TestParseEvidenceRefuses: an evidence line whose letter is not A-Z or
// whose weight is not a number from 0 to 1 is bad input, named; a NaN
// weight (which no comparison refuses) among them.
func TestParseEvidenceRefuses(t *testing.T) {
	for _, tc := range []struct{ name, line string }{
		{"NaN weight", "evidence 2,3 T=NaN"},
		{"infinite weight", "evidence 2,3 T=+Inf"},
		{"negative weight", "evidence 2,3 T=-0.1"},
		{"weight over 1", "evidence 2,3 T=1.5"},
		{"two letters", "evidence 2,3 TH=0.5"},
		{"lower case", "evidence 2,3 t=0.5"},
		{"a digit", "evidence 2,3 7=0.5"},
		{"no weight", "evidence 2,3 T"},
		{"square off the board", "evidence 12,3 T=0.5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := (&Rules{}).Parse(pendingText(t, tc.line), "before.txt")
			if !errors.Is(err, game.ErrBadInput) || !strings.Contains(err.Error(), "before.txt") {
				t.Errorf("Parse(%q) = %v; want bad input naming the file", tc.line, err)
			}
		})
	}
	p, err := (&Rules{}).Parse(pendingText(t, "evidence 2,3 T=0.600 I=0.400"), "before.txt")
	if err != nil {
		t.Fatalf("a good evidence line: %v", err)
	}
	if ev := p.(Position).Evidence[grid.Pos{Row: 2, Col: 3}]; ev["T"] != 0.6 || ev["I"] != 0.4 {
		t.Errorf("evidence %v; want T 0.6, I 0.4", ev)
	}
}

// FuzzParsePosition: any text either is refused or parses to a position
// whose text form parses again to the same text (the record is read back
// on a restart: what it wrote, it reads).
func FuzzParsePosition(f *testing.F) {
	f.Add(pendingText(f, "evidence 2,3 T=0.600 I=0.400"))
	f.Add(pendingText(f, "evidence 2,3 T=0.5 T=0.2"))
	f.Add(pyramids.NewBoard().String() + "announced TOE 1 2,3 2,4 2,5\n")
	f.Fuzz(func(t *testing.T, text string) {
		r := &Rules{}
		p, err := r.Parse(text, "fuzz")
		if err != nil {
			return
		}
		s1 := p.(Position).String()
		q, err := r.Parse(s1, "again")
		if err != nil {
			t.Fatalf("its own text refused: %v\n%s", err, s1)
		}
		if s2 := q.(Position).String(); s2 != s1 {
			t.Fatalf("read back differs:\n%s\nthen\n%s", s1, s2)
		}
	})
}
