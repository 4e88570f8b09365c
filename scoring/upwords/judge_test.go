package upwords

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
)

// wordSet is the small in-memory dictionary of the tests.
type wordSet map[string]bool

func newWordSet(words ...string) wordSet {
	s := wordSet{}
	for _, w := range words {
		s[strings.ToUpper(w)] = true
	}
	return s
}

func (s wordSet) Contains(w string) bool { return s[strings.ToUpper(w)] }

var testWords = newWordSet("dear", "net", "on", "to", "word", "wood", "wool", "leap", "snack", "lean",
	"plus", "nets", "his", "hiss", "words", "art", "arts", "swim", "swims", "cinders", "bee", "at", "cat",
	"quit", "quip", "cot", "tan", "ton", "tea", "steak", "ward")

// turnCase is one testdata/turns/*.txt file: the boards before and after a
// turn and what Judge must say about it.
type turnCase struct {
	edition       Edition
	before, after *grid.Board
	code          Code // "" for a legal turn
	pos           grid.Pos
	score         int
	words         []string // "WORD points", in Move order
	bonus         int
	message       string
}

func readCase(t *testing.T, path string) turnCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tc := turnCase{edition: Edition10, pos: NoPos}
	var section string
	var boards = map[string]*strings.Builder{"before": {}, "after": {}}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		key, val, ok := strings.Cut(text, ":")
		if !ok {
			if section == "" && strings.TrimSpace(strings.SplitN(text, "#", 2)[0]) != "" {
				t.Fatalf("%s:%d: board row outside before:/after:", path, line)
			}
			if section != "" {
				boards[section].WriteString(text + "\n")
			}
			continue
		}
		val = strings.TrimSpace(val)
		switch key {
		case "before", "after":
			section = key
		case "edition":
			n, _ := strconv.Atoi(val)
			tc.edition = Edition(n)
		case "expect":
			f := strings.Fields(val)
			if f[0] == "ok" {
				tc.score, _ = strconv.Atoi(f[1])
				break
			}
			tc.code = Code(f[0])
			if len(f) == 3 {
				tc.pos.Row, _ = strconv.Atoi(f[1])
				tc.pos.Col, _ = strconv.Atoi(f[2])
			}
		case "word":
			tc.words = append(tc.words, val)
		case "bonus":
			tc.bonus, _ = strconv.Atoi(val)
		case "message":
			tc.message = val
		default:
			if !strings.HasPrefix(key, "#") {
				t.Fatalf("%s:%d: unknown key %q", path, line, key)
			}
		}
	}
	for name, text := range boards {
		b, err := grid.Parse(strings.NewReader(text.String()), path+" "+name)
		if err != nil {
			t.Fatal(err)
		}
		if name == "before" {
			tc.before = b
		} else {
			tc.after = b
		}
	}
	return tc
}

func wordList(m Move) []string {
	var out []string
	for _, w := range m.Words {
		out = append(out, fmt.Sprintf("%s %d", w.Word, w.Score))
	}
	return out
}

func TestJudgeCases(t *testing.T) {
	paths, err := filepath.Glob("testdata/turns/*.txt")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	codes := map[Code]bool{}
	for _, path := range paths {
		tc := readCase(t, path)
		codes[tc.code] = true
		name := strings.TrimSuffix(filepath.Base(path), ".txt")
		t.Run(name, func(t *testing.T) {
			r := Rules{Edition: tc.edition, Dictionary: testWords}
			check := func(t *testing.T, r Rules, before, after *grid.Board, transposed bool) {
				m, err := r.Judge(before, after)
				if tc.code != "" {
					var rej *Rejection
					if !errors.As(err, &rej) {
						t.Fatalf("Judge = %+v, %v; want rejection %s", m, err, tc.code)
					}
					want := tc.pos
					if transposed && tc.code == NotInLine {
						want = rej.Pos // which two tiles are named depends on reading order
					} else if transposed && want != NoPos {
						want = grid.Pos{Row: want.Col, Col: want.Row}
					}
					if rej.Code != tc.code || (tc.pos != NoPos && rej.Pos != want) {
						t.Fatalf("rejection %s at %v (%q), want %s at %v", rej.Code, rej.Pos, rej.Msg, tc.code, want)
					}
					if tc.message != "" && !transposed && rej.Msg != tc.message {
						t.Errorf("message\n %q\nwant\n %q", rej.Msg, tc.message)
					}
					if rej.Pos != NoPos && !strings.HasPrefix(rej.Msg, rej.Pos.String()+": ") {
						t.Errorf("message %q does not name the square %v", rej.Msg, rej.Pos)
					}
					return
				}
				if err != nil {
					t.Fatalf("Judge: %v", err)
				}
				if m.Score != tc.score {
					t.Errorf("score %d, want %d (words %v, bonus %d)", m.Score, tc.score, wordList(m), m.Bonus)
				}
				if m.Bonus != tc.bonus {
					t.Errorf("bonus %d, want %d", m.Bonus, tc.bonus)
				}
				if !transposed {
					if got := strings.Join(wordList(m), ", "); got != strings.Join(tc.words, ", ") {
						t.Errorf("words %s, want %s", got, strings.Join(tc.words, ", "))
					}
				}
				if m.First != tc.before.Equal(grid.New(tc.before.Rows, tc.before.Cols)) {
					t.Errorf("First = %v", m.First)
				}
			}
			t.Run("as_read", func(t *testing.T) { check(t, r, tc.before, tc.after, false) })
			// Every rule is symmetric under transposing the board.
			t.Run("transposed", func(t *testing.T) { check(t, r, tc.before.Transpose(), tc.after.Transpose(), true) })
		})
	}
	t.Run("every code has a case", func(t *testing.T) {
		for _, c := range Codes {
			if !codes[c] {
				t.Errorf("no testdata case for %s", c)
			}
		}
	})
}

func TestJudgeBadInput(t *testing.T) {
	ten, eight := grid.New(10, 10), grid.New(8, 8)
	tests := []struct {
		name          string
		rules         Rules
		before, after *grid.Board
		want          error
	}{
		{"8x8 board, 10x10 edition", Rules{}, eight, eight, ErrBoardSize},
		{"10x10 board, 8x8 edition", Rules{Edition: Edition8}, ten, ten, ErrBoardSize},
		{"sizes differ", Rules{}, ten, eight, ErrBoardSize},
		{"unknown edition", Rules{Edition: 9}, ten, ten, ErrEdition},
		{"nil board", Rules{}, nil, ten, ErrNilBoard},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.rules.Judge(tc.before, tc.after)
			if !errors.Is(err, tc.want) {
				t.Fatalf("err %v, want %v", err, tc.want)
			}
			var rej *Rejection
			if errors.As(err, &rej) {
				t.Fatalf("bad input reported as a rejection: %v", err)
			}
		})
	}
}

func TestNoDictionaryAcceptsAnyWord(t *testing.T) {
	before := grid.New(10, 10)
	after := grid.MustParse(strings.Repeat(". . . . . . . . . .\n", 4) + ". . . X Z V . . . .\n" + strings.Repeat(". . . . . . . . . .\n", 5))
	m, err := Rules{}.Judge(before, after)
	if err != nil || m.Score != 6 {
		t.Fatalf("no dictionary: %+v, %v", m, err)
	}
	if _, err := (Rules{Dictionary: testWords}).Judge(before, after); err == nil {
		t.Fatal("XZV accepted with a dictionary")
	}
}

func TestMaxHeightSetting(t *testing.T) {
	before := grid.MustParse(strings.Repeat(". . . . . . . . . .\n", 4) + ". . . W O R3 D . . .\n" + strings.Repeat(". . . . . . . . . .\n", 5))
	after := before.Clone()
	after.Set(grid.Pos{Row: 4, Col: 5}, grid.Stack{Letter: "O", Height: 4})
	if _, err := (Rules{}).Judge(before, after); err != nil {
		t.Fatalf("height 4 under the default maximum: %v", err)
	}
	var rej *Rejection
	if _, err := (Rules{MaxHeight: 3}).Judge(before, after); !errors.As(err, &rej) || rej.Code != TooHigh {
		t.Fatalf("height 4 with MaxHeight 3: %v", err)
	}
}

func TestRackPenalty(t *testing.T) {
	for _, tc := range []struct{ left, want int }{{0, 0}, {1, -5}, {7, -35}, {-2, 0}} {
		if got := RackPenalty(tc.left); got != tc.want {
			t.Errorf("RackPenalty(%d) = %d, want %d", tc.left, got, tc.want)
		}
	}
}

func TestJudgeDoesNotChangeBoards(t *testing.T) {
	tc := readCase(t, "testdata/turns/rules_wool_leap_12.txt")
	b, a := tc.before.Clone(), tc.after.Clone()
	if _, err := (Rules{Dictionary: testWords}).Judge(b, a); err != nil {
		t.Fatal(err)
	}
	if !b.Equal(tc.before) || !a.Equal(tc.after) {
		t.Fatal("Judge changed a board")
	}
}
