package scrabble

import (
	"fmt"
	"strings"
	"testing"
)

// TestBeyondSet: a letter read more often than the set holds is read
// unsure on every tile so read; letters within the set's count, and
// blanks, keep their confidence.
func TestBeyondSet(t *testing.T) {
	for _, tc := range []struct {
		name    string
		letters string // one tile a letter, read at 0.99 ("_" a blank)
		unsure  string // the letters then read unsure
	}{
		{"ten I, the set holds nine", "IIIIIIIIIIEAT", "I"},
		{"nine I, as the set holds", "IIIIIIIIIEAT", ""},
		{"five S, the set holds four", "SSSSSEAT", "S"},
		{"two J, the set holds one", "JJAT", "J"},
		{"a word's letters, each within the set", "QUIZJAB", ""},
		{"three blanks are not letters", "___EAT", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var cells [Size][Size]*Cell
			for i, l := range tc.letters {
				cell := &Cell{Letter: string(l), Conf: 0.99}
				if l == '_' {
					cell = &Cell{Blank: true, Conf: 0.99}
				}
				cells[i/Size][i%Size] = cell
			}
			beyondSet(&cells)
			for i, l := range tc.letters {
				cell := cells[i/Size][i%Size]
				want := !strings.ContainsRune(tc.unsure, l)
				if got := cell.Conf >= unsureConf; got != want {
					t.Errorf("tile %d %q: sure %v (conf %.2f), want %v", i, l, got, cell.Conf, want)
				}
			}
		})
	}
}

// TestSmearedBoardNotSure: a board whose letters a motion blur smears
// into upright bars, read a third of its tiles I, shows none of its
// letters wrong and sure (render-set --game scrabble --difficulty hard
// --scr-print mixed --seed 112804, scene 19; tuning).
func TestSmearedBoardNotSure(t *testing.T) {
	if testing.Short() {
		t.Skip("renders scenes")
	}
	rd := reader(t)
	for _, tc := range []struct {
		name string
		seed int64
	}{
		{"a white board under a hand, shaken 6 px", 11280400019},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, l, _ := handSceneAs(t, tc.seed, "hard", "mixed", false, 0)
			res := EvalPhoto(fmt.Sprint(tc.seed), img, l, Options{Reader: rd})
			if res.Err != "" {
				t.Fatalf("scan: %s", res.Err)
			}
			for _, m := range res.Mistakes {
				if strings.HasSuffix(m, " sure") {
					t.Errorf("read wrong and sure: %s", m)
				}
			}
		})
	}
}
