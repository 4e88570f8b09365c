package scrabble

import (
	"errors"
	"testing"
)

// transpose mirrors a board in its main diagonal; the premium layout and
// every rule are symmetric under it.
func transpose(b *Board) *Board {
	var t Board
	for r := range Size {
		for c := range Size {
			t[c][r] = b[r][c]
		}
	}
	return &t
}

// boardsFrom makes a before and an after board from fuzz bytes: the first
// half puts tiles on before, the rest adds tiles to after (lower case a
// blank, * a blank of unknown letter).
func boardsFrom(data []byte) (before, after *Board) {
	before, after = &Board{}, &Board{}
	tile := func(x byte) Tile {
		switch {
		case x%29 < 26:
			return Tile{Letter: 'A' + x%29}
		case x%29 == 26:
			return Tile{Letter: Unknown, Blank: true}
		}
		return Tile{Letter: 'A' + x%26, Blank: true}
	}
	half := len(data) / 2
	for i := 0; i+2 < len(data); i += 3 {
		p := Pos{int(data[i]) % Size, int(data[i+1]) % Size}
		t := tile(data[i+2])
		if i < half {
			before[p.Row][p.Col] = t
		}
		after[p.Row][p.Col] = t
	}
	return before, after
}

// FuzzJudge: on any pair of boards Judge does not panic, refuses with one
// of its codes or scores a move whose placed tiles lie in one line and
// whose score is its words plus the bonus; the transposed boards get the
// same answer.
func FuzzJudge(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{7, 7, 0, 7, 8, 4, 7, 9, 17})
	f.Add([]byte{7, 3, 1, 7, 4, 4, 7, 5, 13, 7, 6, 3, 7, 7, 18, 8, 4, 7, 8, 5, 0})
	f.Add([]byte{7, 6, 26, 7, 7, 0, 8, 7, 19})
	known := map[Code]bool{}
	for _, c := range Codes {
		known[c] = true
	}
	r := Rules{Dictionary: testWords}
	f.Fuzz(func(t *testing.T, data []byte) {
		before, after := boardsFrom(data)
		for _, rules := range []Rules{r, {}} {
			m, err := rules.Judge(before, after)
			mt, errt := rules.Judge(transpose(before), transpose(after))
			var rej, rejt *Rejection
			if errors.As(err, &rej) {
				if !known[rej.Code] || rej.Msg == "" {
					t.Fatalf("unknown code or no message: %+v", rej)
				}
				if !errors.As(errt, &rejt) || rejt.Code != rej.Code {
					t.Fatalf("transposed: %v, straight: %v", errt, err)
				}
				continue
			}
			if err != nil || errt != nil {
				t.Fatalf("errors %v / %v", err, errt)
			}
			if n := len(m.Placed); n < 1 || n > MaxTiles {
				t.Fatalf("%d tiles placed", n)
			}
			sum := m.Bonus
			for _, w := range m.Words {
				sum += w.Score
			}
			if sum != m.Score || m.Score < 0 || mt.Score != m.Score {
				t.Fatalf("score %d, words+bonus %d, transposed %d", m.Score, sum, mt.Score)
			}
		}
	})
}
