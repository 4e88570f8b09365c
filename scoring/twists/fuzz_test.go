package twists

import (
	"errors"
	"strings"
	"testing"
)

// FuzzJudge: Judge never panics, and a legal move is what the rules say:
// the path spells the word over distinct neighbouring letter tiles, holds
// every new letter tile and, after the first word, an old tile.
func FuzzJudge(f *testing.F) {
	f.Add("...\n.КО\n", "..Т\n.КО\n", "КОТ")
	f.Add(".....\n.....\n.....\n", ".....\n.КОТ.\n...!.\n", "ТОК")
	f.Add("", "ООО\nООО\n", "ООООО")
	f.Fuzz(func(t *testing.T, before, after, word string) {
		a, err := Parse(strings.NewReader(after), "a", Russian)
		if err != nil {
			return
		}
		b := NewBoard(a.Rows, a.Cols)
		if before != "" {
			if b, err = Parse(strings.NewReader(before), "b", Russian); err != nil {
				return
			}
		}
		if b.Rows != a.Rows || b.Cols != a.Cols {
			if b, _, _, err = Align(b, a); err != nil {
				return
			}
		}
		m, err := Judge(Turn{Word: word, Before: b, After: a}, Russian, nil)
		if err != nil || m.Word == "" {
			return
		}
		w := []rune(m.Word)
		if len(m.Path) != len(w) {
			t.Fatalf("path of %d for %d letters", len(m.Path), len(w))
		}
		seen := map[Pos]bool{}
		hasOld := false
		for i, p := range m.Path {
			if seen[p] || Fold(a.At(p)) != Fold(w[i]) {
				t.Fatalf("path cell %d %v: %c for %c (seen %v)", i, p, a.At(p), w[i], seen[p])
			}
			seen[p] = true
			hasOld = hasOld || b.At(p) != 0
			if i > 0 {
				q := m.Path[i-1]
				if abs(p.Row-q.Row) > 1 || abs(p.Col-q.Col) > 1 {
					t.Fatalf("%v and %v do not touch", q, p)
				}
			}
		}
		for _, p := range m.New {
			if !seen[p] {
				t.Fatalf("new tile %v not in the path", p)
			}
		}
		if !m.First && !hasOld {
			t.Fatal("no old tile")
		}
	})
}

// TestSearchBounded: a table of one letter and a long word of it must not
// take exponential time.
func TestSearchBounded(t *testing.T) {
	before := NewBoard(12, 12)
	for r := 0; r < 12; r++ {
		for c := 0; c < 12; c++ {
			before.Set(Pos{Row: r, Col: c}, 'О')
		}
	}
	after := before.Clone()
	before.Set(Pos{Row: 0, Col: 0}, 0) // the new tile, in a corner
	_, err := Judge(Turn{Word: strings.Repeat("О", 30) + "Ж", Before: before, After: after}, Russian, nil)
	if err == nil {
		t.Fatal("accepted a word with a letter that is not on the table")
	}
	// The new tile cut off by an empty column: no path holds it, and every
	// path of 40 О's elsewhere is tried until the search gives up.
	for r := 0; r < 12; r++ {
		before.Set(Pos{Row: r, Col: 1}, 0)
		after.Set(Pos{Row: r, Col: 1}, 0)
	}
	_, err = Judge(Turn{Word: strings.Repeat("О", 40), Before: before, After: after}, Russian, nil)
	var rej *Rejection
	if !errors.As(err, &rej) || rej.Code != CodeNoPath && rej.Code != CodeUnusedNewTile {
		t.Fatalf("got %v", err)
	}
	t.Log(err)
}
