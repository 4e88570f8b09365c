package twists

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// words is a small in-memory dictionary; like the real Russian one it
// treats Е and Ё as one letter.
type words map[string]bool

func fold(s string) string {
	var b strings.Builder
	for _, r := range s {
		b.WriteRune(Fold(r))
	}
	return b.String()
}

func (w words) Contains(s string) bool { return w[fold(s)] }

func newWords(list string) words {
	w := words{}
	for _, f := range strings.Fields(list) {
		w[fold(f)] = true
	}
	return w
}

const testWords = "ОТКОС ОКОННЫЙ СОКОЛ ДОМ ЕЛКА СОК ТОТ CAT TACT ЖОКОЛ А ОТКОСОТК"

type turnCase struct {
	alpha         Alphabet
	word, path    string
	want          []string
	before, after *Board
}

func readTurnCase(t testing.TB, path string) turnCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var tc turnCase
	sections := map[string]*strings.Builder{}
	var cur *strings.Builder
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		key, rest, _ := strings.Cut(line, " ")
		switch key {
		case "lang":
			tc.alpha, err = ParseAlphabet(rest)
			if err != nil {
				t.Fatal(err)
			}
		case "word":
			tc.word = rest
		case "want":
			tc.want = strings.Fields(rest)
		case "path":
			tc.path = rest
		case "before", "after":
			cur = &strings.Builder{}
			sections[key] = cur
		default:
			if cur != nil {
				cur.WriteString(line + "\n")
			}
		}
	}
	for _, name := range []string{"before", "after"} {
		b, err := Parse(strings.NewReader(sections[name].String()), path+":"+name, tc.alpha)
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

func pathString(p []Pos) string {
	var s []string
	for _, q := range p {
		s = append(s, fmt.Sprintf("(%d,%d)", q.Row, q.Col))
	}
	return strings.Join(s, " ")
}

func TestTurns(t *testing.T) {
	files, _ := filepath.Glob("testdata/turns/*.txt")
	if len(files) == 0 {
		t.Fatal("no cases")
	}
	dict := newWords(testWords)
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txt"), func(t *testing.T) {
			tc := readTurnCase(t, file)
			m, err := Judge(Turn{Word: tc.word, Before: tc.before, After: tc.after}, tc.alpha, dict)
			switch tc.want[0] {
			case "valid":
				if err != nil {
					t.Fatalf("rejected: %v", err)
				}
				if tc.path != "" && pathString(m.Path) != tc.path {
					t.Errorf("path %s, want %s", pathString(m.Path), tc.path)
				}
			case "reject":
				var rej *Rejection
				if !errors.As(err, &rej) {
					t.Fatalf("got %v (%+v), want %s", err, m, tc.want[1])
				}
				if rej.Code != tc.want[1] {
					t.Errorf("code %s (%s), want %s", rej.Code, rej.Msg, tc.want[1])
				}
				t.Log(rej.Msg)
			}
		})
	}
}

func TestJudgeInputErrors(t *testing.T) {
	small := MustParse("...\n.А.\n", Russian)
	big := MustParse("....\n.А..\n", Russian)
	if _, err := Judge(Turn{Word: "АА", Before: small, After: big}, Russian, nil); !errors.Is(err, ErrSize) {
		t.Errorf("sizes: %v", err)
	}
	after := MustParse("..Б\n.А.\n", Russian)
	if _, err := Judge(Turn{Word: "", Before: small, After: after}, Russian, nil); !errors.Is(err, ErrNoWord) {
		t.Errorf("no word: %v", err)
	}
	if _, err := Judge(Turn{Word: "AB", Before: small, After: after}, Russian, nil); !errors.Is(err, ErrBadWord) {
		t.Errorf("Latin word in a Russian game: %v", err)
	}
}

func TestCentre(t *testing.T) {
	tests := []struct {
		rows, cols int
		want       string
	}{
		{9, 11, "(4,5)"},
		{8, 11, "(3,5) (4,5)"},
		{8, 10, "(3,4) (3,5) (4,4) (4,5)"},
		{1, 1, "(0,0)"},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%dx%d", tc.rows, tc.cols), func(t *testing.T) {
			if got := pathString(centre(NewBoard(tc.rows, tc.cols))); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}
