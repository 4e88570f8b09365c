package scrabble

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// words is a small word list for the tests (every word is in ENABLE).
type words map[string]bool

func (w words) Contains(s string) bool { return w[strings.ToUpper(s)] }

func wordList(ws ...string) words {
	d := words{}
	for _, w := range ws {
		d[strings.ToUpper(w)] = true
	}
	return d
}

var testWords = wordList("bends", "unbends", "muzjiks", "farm", "farms", "ha", "eh", "na", "hae", "de",
	"joke", "banjoes", "quit", "quitters", "za", "qi", "ba", "at", "cat", "cats", "as")

// play puts words on a copy of b: each spec is "ROW,COL across|down
// LETTERS", lower case a blank, '.' leaves the square as it is.
func play(b *Board, specs ...string) *Board {
	out := *b
	for _, s := range specs {
		var r, c int
		var dir, letters string
		if _, err := fmt.Sscanf(s, "%d,%d %s %s", &r, &c, &dir, &letters); err != nil {
			panic(fmt.Sprintf("spec %q: %v", s, err))
		}
		d := Across
		if dir == "down" {
			d = Down
		}
		p := Pos{r, c}
		for i := range len(letters) {
			if letters[i] != '.' {
				t, err := ParseCell(letters[i : i+1])
				if err != nil {
					panic(err)
				}
				out[p.Row][p.Col] = t
			}
			p = p.add(d)
		}
	}
	return &out
}

var empty = &Board{}

// TestJudgeScores: legal turns with their scores worked out by hand
// (RULES.md: letter premiums and word premiums only under new tiles, 50
// for seven tiles, a blank 0).
func TestJudgeScores(t *testing.T) {
	bends := play(empty, "7,3 across BENDS")
	farm := play(empty, "7,7 across FARM")
	joke := play(empty, "4,7 down JOKE")
	quit := play(empty, "7,7 across QUIT")
	ha := play(bends, "8,4 across HA")
	for _, tc := range []struct {
		name          string
		before, after *Board
		words         string // "WORD=score ..." in Move order
		bonus, score  int
		first         bool
	}{
		// The real first turn of photos IMG_20151016_165320 -> 165401:
		// B on a double letter (3x2), the S on the centre's double word.
		{"BENDS first", empty, bends, "BENDS=22", 0, 22, true},
		// The record opening (2008): the Z on (7,3)'s double letter, the
		// centre doubles, 50 for seven tiles: (3+1+20+8+1+5+1)x2+50.
		{"MUZJIKS first", empty, play(empty, "7,1 across MUZJIKS"), "MUZJIKS=78", 50, 128, true},
		{"FARM first", empty, farm, "FARM=18", 0, 18, true},
		// (7,11) is a double letter: 4+1+1+3+1x2; the centre counted once.
		{"FARM to FARMS", farm, play(farm, "7,11 across S"), "FARMS=11", 0, 11, false},
		// The old tiles' premiums (B's double letter, the centre) are spent.
		{"BENDS to UNBENDS", bends, play(bends, "7,1 across UN"), "UNBENDS=10", 0, 10, false},
		// A parallel play: HA (4+1) with the cross words EH (1+4) and NA (1+1).
		{"HA under BENDS", bends, ha, "HA=5 EH=5 NA=2", 0, 12, false},
		// One tile, two words: E on (8,6)'s double letter in HAE (4+1+2)
		// and DE (2+2).
		{"E makes HAE and DE", ha, play(ha, "8,6 across E"), "HAE=7 DE=4", 0, 11, false},
		{"JOKE first down", empty, joke, "JOKE=30", 0, 30, true},
		// B on (4,4) and S on (4,10), two double words: 16x4.
		{"BANJOES on two double words", joke, play(joke, "4,4 across BAN.OES"), "BANJOES=64", 0, 64, false},
		{"QUIT first", empty, quit, "QUIT=26", 0, 26, true},
		// T on (7,11)'s double letter, S on (7,14)'s triple word: 18x3.
		{"QUIT to QUITTERS", quit, play(quit, "7,11 across TERS"), "QUITTERS=54", 0, 54, false},
		// A blank scores 0 and keeps the double word: (0+1)x2; the Z tile 22.
		{"blank z", empty, play(empty, "7,6 across zA"), "ZA=2", 0, 2, true},
		{"Z tile", empty, play(empty, "7,6 across ZA"), "ZA=22", 0, 22, true},
		// A blank on a double letter is still 0.
		{"blank on double letter", empty, play(empty, "7,3 across bENDS"), "BENDS=10", 0, 10, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Rules{Dictionary: testWords}.Judge(tc.before, tc.after)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, w := range m.Words {
				got = append(got, fmt.Sprintf("%s=%d", w.Word, w.Score))
			}
			if g := strings.Join(got, " "); g != tc.words || m.Bonus != tc.bonus || m.Score != tc.score || m.First != tc.first {
				t.Errorf("got %s bonus %d score %d first %v, want %s bonus %d score %d first %v",
					g, m.Bonus, m.Score, m.First, tc.words, tc.bonus, tc.score, tc.first)
				for _, w := range m.Words {
					t.Logf("%s: %s", w.Word, w.How)
				}
			}
		})
	}
}

func TestJudgeRefuses(t *testing.T) {
	bends := play(empty, "7,3 across BENDS")
	blankE := play(empty, "7,3 across BeNDS")
	for _, tc := range []struct {
		name          string
		before, after *Board
		code          Code
		pos           Pos
		msg           string
	}{
		{"removed", bends, play(empty, "7,3 across BEND"), RemovedTile, Pos{7, 7}, "S was taken off"},
		{"changed", bends, play(bends, "7,4 across A"), ChangedTile, Pos{7, 4}, "E became A"},
		{"blank became a tile", blankE, bends, ChangedTile, Pos{7, 4}, "the blank E became E"},
		{"no change", bends, bends, NoChange, NoPos, "no tile was placed"},
		{"eight tiles", empty, play(empty, "7,0 across QUITTERS"), TooManyTiles, Pos{7, 7}, "8 tiles placed; a turn places at most 7"},
		{"not in line", bends, play(bends, "8,4 across H", "9,5 across A"), NotInLine, Pos{9, 5}, "not in the row or the column of H"},
		{"not in line down", bends, play(bends, "8,3 down A", "9,4 down A"), NotInLine, Pos{9, 4}, "one row or one column"},
		{"gap", bends, play(bends, "8,4 across H.A"), Gap, Pos{8, 5}, "an empty square between"},
		{"first off centre", empty, play(empty, "6,3 across BENDS"), FirstNotCentre, Pos{6, 3}, "cover the centre"},
		{"first one tile", empty, play(empty, "7,7 across A"), FirstTooShort, Pos{7, 7}, "only one tile"},
		{"not connected", bends, play(bends, "2,2 across CAT"), NotConnected, Pos{2, 2}, "does not join"},
		{"thirteenth E", play(empty, "0,0 across EEEEEEEEEEEE"), play(empty, "0,0 across EEEEEEEEEEEE", "1,0 across E"), NotInSet, Pos{1, 0}, "a 13th E on the board; the set has only 12"},
		{"third blank", play(empty, "7,3 across beNDS"), play(empty, "7,3 across beNDS", "8,3 across a"), NotInSet, Pos{8, 3}, "a 3rd blank"},
		{"not a word", empty, play(empty, "7,3 across BENDZ"), NotAWord, Pos{7, 3}, "BENDZ is not in the dictionary"},
		{"cross word not a word", bends, play(bends, "8,3 across AT"), NotAWord, Pos{7, 4}, "ET is not in the dictionary"},
		{"no letter for the blank", empty, play(empty, "7,7 across *Q"), NotAWord, Pos{7, 7}, "no letter for the blank makes a word of *Q"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Rules{Dictionary: testWords}.Judge(tc.before, tc.after)
			var rej *Rejection
			if !errors.As(err, &rej) {
				t.Fatalf("err = %v, want a rejection %s", err, tc.code)
			}
			if rej.Code != tc.code || rej.Pos != tc.pos || !strings.Contains(rej.Msg, tc.msg) {
				t.Errorf("got %s at %v %q, want %s at %v containing %q", rej.Code, rej.Pos, rej.Msg, tc.code, tc.pos, tc.msg)
			}
			if tc.pos != NoPos && !strings.HasPrefix(rej.Msg, tc.pos.String()+": ") {
				t.Errorf("message %q does not start with the square", rej.Msg)
			}
		})
	}
}

// TestJudgeBlanks: a blank placed as "*" is named by the dictionary; a
// blank seen as "*" after it was named keeps its letter.
func TestJudgeBlanks(t *testing.T) {
	r := Rules{Dictionary: testWords}
	m, err := r.Judge(empty, play(empty, "7,6 across Q*"))
	if err != nil || !m.Named || m.Words[0].Word != "QI" || m.Score != 20 {
		t.Errorf("Q*: %+v, %v; want QI for 20", m, err)
	}
	m, err = r.Judge(empty, play(empty, "7,6 across *A"))
	if err != nil {
		t.Fatal(err)
	}
	if !m.Named || m.Words[0].Word != "BA" || m.Placed[0].Letter != "B" || !m.Placed[0].Blank || m.Score != 2 {
		t.Errorf("*A: %+v", m)
	}
	named := play(empty, "7,6 across zA")
	m, err = r.Judge(named, play(named, "7,6 across *", "8,7 down T"))
	if err != nil || len(m.Words) != 1 || m.Words[0].Word != "AT" || m.Score != 2 {
		t.Errorf("a named blank seen as *: %+v, %v; want AT for 2", m, err)
	}
	// A word through a blank seen as * (its letter never known) is named.
	m, err = r.Judge(play(empty, "7,6 across *A"), play(empty, "7,6 across *AT"))
	if err != nil || m.Words[0].Word != "CAT" {
		t.Errorf("through an unknown blank: %+v, %v", m, err)
	}
	// Names only: the blank is named, and a blank no letter fits is left
	// for a challenge.
	m, err = Rules{Names: testWords}.Judge(empty, play(empty, "7,6 across *A"))
	if err != nil || !m.Named || m.Words[0].Word != "BA" {
		t.Errorf("names only: %+v, %v", m, err)
	}
	m, err = Rules{Names: testWords}.Judge(empty, play(empty, "7,7 across *Q"))
	if err != nil || m.Named || m.Words[0].Word != "*Q" {
		t.Errorf("names only, no fit: %+v, %v", m, err)
	}
	// No dictionary: the word keeps its unknown letter and scores.
	m, err = Rules{}.Judge(empty, play(empty, "7,6 across *A"))
	if err != nil || m.Words[0].Word != "*A" || m.Score != 2 || m.Named {
		t.Errorf("no dictionary: %+v, %v", m, err)
	}
}

// TestRealTurns judges the changes between the labelled real photos
// (vision/scrabble/testdata/real): the one real turn and the changes that
// are no turn.
func TestRealTurns(t *testing.T) {
	load := func(name string) *Board {
		f, err := os.Open(filepath.Join("../../vision/scrabble/testdata/real", name+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		b, err := Parse(f, name)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	emptyB, bends := load("IMG_20151016_165320"), load("IMG_20151016_165401")
	a, b := load("IMG_20141025_163953"), load("IMG_20141025_164035")
	r := Rules{Dictionary: testWords}
	m, err := r.Judge(emptyB, bends)
	if err != nil || m.Score != 22 || len(m.Placed) != 5 {
		t.Errorf("empty -> BENDS: %+v, %v; want 22 points for 5 tiles", m, err)
	}
	for _, tc := range []struct {
		name          string
		before, after *Board
		code          Code
	}{
		{"empty to board A (9 tiles)", emptyB, a, TooManyTiles},
		{"board A to board B (12 tiles)", a, b, TooManyTiles},
		{"board B to board A", b, a, RemovedTile},
		{"board A again", a, load("IMG_20141025_163920"), NoChange},
	} {
		_, err := r.Judge(tc.before, tc.after)
		var rej *Rejection
		if !errors.As(err, &rej) || rej.Code != tc.code {
			t.Errorf("%s: %v, want %s", tc.name, err, tc.code)
		}
	}
}
