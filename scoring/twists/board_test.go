package twists

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name, text string
		alpha      Alphabet
		want       string // written back
	}{
		{"russian lower case", "..кот\n.ё!..\n", Russian, "..КОТ\n.Ё!..\n"},
		{"ragged rows padded, spaces empty", "КОТ\n Ж\n\n# comment\n@23 # actions\n", Russian, "КОТ\n.Ж.\n@23\n"},
		{"english", "cat\n..S\n", English, "CAT\n..S\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := Parse(strings.NewReader(tc.text), "t.txt", tc.alpha)
			if err != nil {
				t.Fatal(err)
			}
			if b.String() != tc.want {
				t.Errorf("got\n%s\nwant\n%s", b, tc.want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, text string
		alpha      Alphabet
		want       string
	}{
		{"latin in russian", "КОТ\n.C.\n", Russian, `b.txt:2: cell 2 "C": not a Russian letter`},
		{"cyrillic in english", "CAT\nЖ\n", English, `b.txt:2: cell 1 "Ж": not a letter A-Z`},
		{"digit", "КО5\n", Russian, `b.txt:1: cell 3 "5": want '.', a letter or an action tile`},
		{"tab", "К\tО\n", Russian, `b.txt:1: cell 2 "\t": a tab`},
		{"empty", "# nothing\n", Russian, "b.txt:1: no board rows found"},
		{"too wide", strings.Repeat(".", 65) + "\n", Russian, "b.txt:1: more than 64 cells"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tc.text), "b.txt", tc.alpha)
			var pe *grid.ParseError
			if !errors.As(err, &pe) || !errors.Is(err, ErrSyntax) {
				t.Fatalf("got %v, want a *grid.ParseError", err)
			}
			if !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got  %q\nwant %q", err, tc.want)
			}
		})
	}
}

func FuzzParse(f *testing.F) {
	f.Add("..КОТ\n.Ё!..\n", false)
	f.Add("CAT\n 2@\n", true)
	f.Fuzz(func(t *testing.T, text string, english bool) {
		alpha := Russian
		if english {
			alpha = English
		}
		b, err := Parse(strings.NewReader(text), "fuzz", alpha)
		if err != nil {
			var pe *grid.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *grid.ParseError", err)
			}
			return
		}
		b2, err := Parse(strings.NewReader(b.String()), "again", alpha)
		if err != nil || b2.String() != b.String() {
			t.Fatalf("round trip: %v\n%s", err, b)
		}
	})
}

func FuzzReadLog(f *testing.F) {
	game, _ := os.ReadFile("testdata/game3.txt")
	f.Add(string(game))
	f.Add("players a b\nlang en\nword a CAT give b=2\n| .CAT\npass b\n")
	f.Fuzz(func(t *testing.T, text string) {
		l, err := ReadLog(strings.NewReader(text), "fuzz")
		if err != nil {
			var pe *grid.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *grid.ParseError", err)
			}
			return
		}
		Replay(l, nil) // must not panic
	})
}
