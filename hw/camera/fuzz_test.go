package camera

import (
	"strings"
	"testing"
	"unicode"

	"github.com/tilescope/tilescope/scoring/grid"
)

// FuzzSplitArgs: the ARGS of rpicam:ARGS and gst:PIPELINE come from the
// command line. Splitting never panics; plain words come back as they
// went in; a word never holds a blank unless the input quoted one.
func FuzzSplitArgs(f *testing.F) {
	for _, s := range []string{"--rotation 180", `--awb daylight "--ev=-0.5"`, "'a b' c", `"unclosed`, "", "  x\t y\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		args, err := splitArgs(s)
		if err != nil {
			if !strings.ContainsAny(s, `"'`) {
				t.Fatalf("error %v without a quote in %q", err, s)
			}
			return
		}
		if !strings.ContainsAny(s, `"'`) {
			if got, want := strings.Join(args, " "), strings.Join(strings.Fields(s), " "); got != want {
				t.Fatalf("split %q into %q", s, args)
			}
		}
		for _, a := range args {
			if strings.ContainsFunc(a, unicode.IsSpace) && !strings.ContainsAny(s, `"'`) {
				t.Fatalf("word %q holds a blank", a)
			}
		}
	})
}

// FuzzParseGame: a recorded game file never panics the parser, and what
// it returns is consistent: turn 0 empty, every board the same size.
func FuzzParseGame(f *testing.F) {
	text, err := demoFS.ReadFile("demodata/game.txt")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(text))
	f.Add("# h\n---\nA .\n. B2\n---\nA C\n. B2\n")
	f.Add("---\n---\n")
	f.Add(". A\n---\n. A .\n")
	f.Fuzz(func(t *testing.T, s string) {
		boards, notes, err := ParseGame([]byte(s), "game.txt")
		if err != nil {
			return
		}
		if len(boards) < 2 || len(notes) != len(boards) {
			t.Fatalf("%d boards, %d notes", len(boards), len(notes))
		}
		boards[0].Each(func(_ grid.Pos, st grid.Stack) {
			if !st.Empty() {
				t.Fatal("turn 0 is not empty")
			}
		})
		for _, b := range boards {
			if b.Rows != boards[0].Rows || b.Cols != boards[0].Cols {
				t.Fatal("boards of different sizes")
			}
		}
	})
}
