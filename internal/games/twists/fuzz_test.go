package twists

import (
	"strings"
	"testing"

	"github.com/tilescope/tilescope/internal/game"
)

// FuzzParse: the text form the log keeps, and what a tap sends, never
// panic; what parses writes back to text that parses to the same.
func FuzzParse(f *testing.F) {
	r, err := Game{}.New(nil, game.Env{})
	if err != nil {
		f.Fatal(err)
	}
	rules := r.(*Rules)
	f.Add(rules.Empty().String())
	f.Add(strings.Repeat(". ", 14) + "Ж\n" + "held 31 36 36\n")
	f.Add("held x\n")
	f.Fuzz(func(t *testing.T, text string) {
		p, err := rules.Parse(text, "fuzz")
		if err != nil {
			return
		}
		q, err := rules.Parse(p.String(), "again")
		if err != nil || !game.SamePosition(p, q) || q.String() != p.String() {
			t.Fatalf("round trip: %v\n%q\n%q", err, p.String(), q)
		}
		_, _ = rules.SetCell(p, 0, 0, text)
	})
}

// FuzzSplit: a give tile's split as the page (or anyone with the PIN)
// names it never panics and never gives a seat out of the table.
func FuzzSplit(f *testing.F) {
	for _, s := range []string{"1=1,3=1", "2=2", "", "=", "1=-1", "9=1", "1=1,,"} {
		f.Add(s, 3)
	}
	f.Fuzz(func(t *testing.T, s string, seats int) {
		seats = 2 + (seats%3+3)%3
		gifts, err := parseSplit(s, seats)
		if err != nil {
			return
		}
		for _, g := range gifts {
			if g.To < 0 || g.To >= seats || g.N < 1 {
				t.Fatalf("%q: gift %+v with %d seats", s, g, seats)
			}
		}
	})
}
