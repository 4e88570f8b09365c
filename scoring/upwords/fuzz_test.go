package upwords

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
)

// FuzzJudge feeds Judge any pair of boards in the grid text format (as a
// camera or a user could produce them). Judge must never panic, must
// reject or accept the same way for the transposed boards, and a legal
// turn must satisfy the invariants of every Move.
func FuzzJudge(f *testing.F) {
	boards := RandomGame(rand.New(rand.NewPCG(1, 2)), nil, 8)
	for i := 1; i < len(boards); i++ {
		f.Add(boards[i-1].String(), boards[i].String())
	}
	f.Add("", "")
	f.Add(grid.New(10, 10).String(), strings.Replace(grid.New(10, 10).String(), ".", "A", 3))
	f.Fuzz(func(t *testing.T, beforeText, afterText string) {
		before, err1 := grid.Parse(strings.NewReader(beforeText), "before")
		after, err2 := grid.Parse(strings.NewReader(afterText), "after")
		if err1 != nil || err2 != nil {
			return
		}
		r := Rules{Dictionary: wordSetDict(setOf(CommonWords()))}
		m, err := r.Judge(before, after)
		mt, errT := r.Judge(before.Transpose(), after.Transpose())
		var rej, rejT *Rejection
		if errors.As(err, &rej) != errors.As(errT, &rejT) || (rej != nil && rej.Code != rejT.Code) {
			t.Fatalf("as read: %v; transposed: %v", err, errT)
		}
		if err != nil {
			if rej == nil && !errors.Is(err, ErrBoardSize) {
				t.Fatalf("unexpected error kind: %v", err)
			}
			return
		}
		checkMove(t, before, after, m)
		if mt.Score != m.Score {
			t.Fatalf("score %d, transposed %d", m.Score, mt.Score)
		}
	})
}

// checkMove checks what holds for every legal turn.
func checkMove(t *testing.T, before, after *grid.Board, m Move) {
	t.Helper()
	if len(m.Placed) < 1 || len(m.Placed) > MaxTiles || len(m.Words) == 0 {
		t.Fatalf("legal move with %d tiles and %d words", len(m.Placed), len(m.Words))
	}
	sum := m.Bonus
	for _, w := range m.Words {
		sum += w.Score
		if w.Score < 2*w.Tiles && !w.Stacked {
			t.Fatalf("flat word %s scores %d", w.Word, w.Score)
		}
	}
	if sum != m.Score {
		t.Fatalf("words and bonus add to %d, score %d", sum, m.Score)
	}
	inWord := map[grid.Pos]bool{}
	for _, w := range m.Words {
		for _, p := range w.Squares() {
			inWord[p] = true
		}
	}
	for _, p := range m.Placed {
		if !inWord[p.Pos] {
			t.Fatalf("placed tile at %v is in no word", p.Pos)
		}
		if after.At(p.Pos).Height != before.At(p.Pos).Height+1 {
			t.Fatalf("placed tile at %v: stack %d -> %d", p.Pos, before.At(p.Pos).Height, after.At(p.Pos).Height)
		}
	}
}
