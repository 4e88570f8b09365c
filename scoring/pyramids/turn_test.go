package pyramids

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// words is a small in-memory dictionary for tests.
type words map[string]bool

func (w words) Contains(s string) bool { return w[strings.ToUpper(s)] }

func newWords(list string) words {
	w := words{}
	for _, f := range strings.Fields(list) {
		w[strings.ToUpper(f)] = true
	}
	return w
}

// testWords is the dictionary of the turn cases; a case may add words.
const testWords = "DOG EAT HOLD SOLUTE TEN NO ATE DOGS"

// turnCase is one file of testdata/turns: a player, an optional announced
// word, extra dictionary words, the expected outcome ("valid WORD SCORE",
// "reject CODE", "ambiguous WORD...") and the boards before, at the
// announcement and (optionally) after the taking.
type turnCase struct {
	player                   Colour
	word, extra              string
	want                     []string
	before, announced, after *Board
}

func readTurnCase(t *testing.T, path string) turnCase {
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
		key, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
		switch key {
		case "player":
			c, ok := ParseColour(rest)
			if !ok {
				t.Fatalf("%s: bad player %q", path, rest)
			}
			tc.player = c
		case "word":
			tc.word = rest
		case "dict":
			tc.extra = rest
		case "want":
			tc.want = strings.Fields(rest)
		case "before", "announced", "after":
			cur = &strings.Builder{}
			sections[key] = cur
		default:
			if cur != nil {
				cur.WriteString(line + "\n")
			}
		}
	}
	board := func(name string) *Board {
		s, ok := sections[name]
		if !ok {
			return nil
		}
		b, err := Parse(strings.NewReader(s.String()), path+":"+name)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	tc.before, tc.announced, tc.after = board("before"), board("announced"), board("after")
	if tc.before == nil || tc.announced == nil || len(tc.want) == 0 {
		t.Fatalf("%s: needs before, announced and want", path)
	}
	return tc
}

func TestTurns(t *testing.T) {
	files, err := filepath.Glob("testdata/turns/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatal("no turn cases", err)
	}
	setup := DefaultSetup()
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txt")
		t.Run(name, func(t *testing.T) {
			tc := readTurnCase(t, file)
			dict := newWords(testWords + " " + tc.extra)
			m, err := Judge(&setup, Turn{Player: tc.player, Word: tc.word, Before: tc.before, Announced: tc.announced}, dict)
			if err == nil && tc.after != nil {
				err = CheckTaking(tc.announced, tc.after, m)
			}
			switch tc.want[0] {
			case "valid":
				if err != nil {
					t.Fatalf("rejected: %v", err)
				}
				score, _ := strconv.Atoi(tc.want[2])
				if m.Word != tc.want[1] || m.Score != score {
					t.Errorf("got %s for %d, want %s for %d", m.Word, m.Score, tc.want[1], score)
				}
			case "reject":
				var rej *Rejection
				if !errors.As(err, &rej) {
					t.Fatalf("got %v (move %+v), want rejection %s", err, m, tc.want[1])
				}
				if rej.Code != tc.want[1] {
					t.Errorf("code %s (%s), want %s", rej.Code, rej.Msg, tc.want[1])
				}
				if !errors.Is(err, ErrIllegal) {
					t.Errorf("rejection does not wrap ErrIllegal")
				}
				if !strings.Contains(rej.Msg, " ") || len(rej.Msg) < 20 {
					t.Errorf("message too thin: %q", rej.Msg)
				}
			case "ambiguous":
				var amb *Ambiguous
				if !errors.As(err, &amb) {
					t.Fatalf("got %v, want ambiguous", err)
				}
				if strings.Join(amb.Words, " ") != strings.Join(tc.want[1:], " ") {
					t.Errorf("words %v, want %v", amb.Words, tc.want[1:])
				}
			default:
				t.Fatalf("bad want %v", tc.want)
			}
		})
	}
}
