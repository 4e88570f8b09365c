package pyramids

import (
	"os"
	"strings"
	"testing"
)

// FuzzJudge: Judge never panics on any pair of boards, and a legal move is
// what the rules say: a chain of orthogonal neighbours spelling the word,
// holding every moved pyramid, with a letter of the speller's colour and a
// black one, scoring the values of its pyramids.
func FuzzJudge(f *testing.F) {
	start, _ := os.ReadFile("testdata/start.txt")
	dog := strings.Replace(strings.Replace(string(start), "gO5", "gE4", 1), "kO ", "gO2", 1)
	f.Add(string(start), dog, "DOG", uint8(2))
	f.Add(string(start), dog, "", uint8(2))
	setup := DefaultSetup()
	f.Fuzz(func(t *testing.T, before, announced, word string, who uint8) {
		b, err := Parse(strings.NewReader(before), "b")
		if err != nil {
			return
		}
		a, err := Parse(strings.NewReader(announced), "a")
		if err != nil {
			return
		}
		player := PlayerColours[int(who)%4]
		m, err := Judge(&setup, Turn{Player: player, Word: word, Before: b, Announced: a}, nil)
		if err != nil {
			return
		}
		if word != "" && m.Word != strings.ToUpper(word) {
			t.Fatalf("word %s, announced %s", m.Word, word)
		}
		var spelled strings.Builder
		own, black, score := false, false, 0
		on := map[Pos]bool{}
		for i, sq := range m.Squares {
			spelled.WriteString(sq.Letter)
			own = own || sq.Colour == player
			black = black || sq.Colour == Black
			score += sq.Value
			on[sq.Pos] = true
			if i > 0 {
				q := m.Squares[i-1].Pos
				if abs(q.Row-sq.Pos.Row)+abs(q.Col-sq.Pos.Col) != 1 {
					t.Fatalf("%v and %v are not neighbours", q, sq.Pos)
				}
			}
		}
		if spelled.String() != m.Word || !own || !black || score != m.Score || len(on) != len(m.Squares) {
			t.Fatalf("move %+v breaks the rules", m)
		}
		for _, pl := range m.Placed {
			if !on[pl.To] {
				t.Fatalf("moved pyramid at %v not in the word", pl.To)
			}
		}
	})
}
