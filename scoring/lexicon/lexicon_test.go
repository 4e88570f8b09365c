package lexicon

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
)

type wordSet map[string]bool

func (s wordSet) Contains(w string) bool { return s[strings.ToUpper(w)] }

var testWords = wordSet{}

func init() {
	for _, w := range strings.Fields("KEYBOARD CAKE BED RUBBISH OX AX XI ZAX ZA QI AXE JO JOE OE OW AW") {
		testWords[w] = true
	}
}

const keyboard = `C
A
KEYBOARD
E..E..U
...D..B
......B
......I
......S
......H
`

func TestScore(t *testing.T) {
	tests := []struct {
		name          string
		layout        string
		leftover      int
		words         string // across then down, space separated
		intersections string // "LETTER@row,col" in reading order
		points        int
		rounded, x50  float64
	}{
		{"seed: KEYBOARD, CAKE, BED, RUBBISH", keyboard, 0, "KEYBOARD CAKE BED RUBBISH", "K@2,0 B@2,3 R@2,6", 9, 2.25, 112.5},
		{"seed with two leftover tiles", keyboard, 2, "KEYBOARD CAKE BED RUBBISH", "K@2,0 B@2,3 R@2,6", 9, 1.5, 75},
		{"one word scores nothing", "ZAX\n", 0, "ZAX", "", 0, 0, 0},
		{"OX and AX share the X", ".O\nAX\n", 0, "AX OX", "X@1,1", 8, 4, 200},
		{"lower case and spaces", "  o\n ax\n", 0, "AX OX", "X@1,2", 8, 4, 200},
		{"a square of four words, four intersections", "AX\nXI\n", 0, "AX XI AX XI", "A@0,0 X@0,1 X@1,0 I@1,1", 18, 4.5, 225},
		{"thirds round to two decimals", "JOE\nO..\n", 0, "JOE JO", "J@0,0", 8, 4, 200},
		{"a third", "JOE\nO..\n", 1, "JOE JO", "J@0,0", 8, 2.67, 133.3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, transposed := range []bool{false, true} {
				l := MustParse(tc.layout)
				if transposed {
					l = transpose(l)
				}
				res, err := Score(l, tc.leftover, testWords)
				if err != nil {
					t.Fatalf("transposed=%v: %v", transposed, err)
				}
				if res.Points != tc.points || res.Rounded() != tc.rounded || res.X50() != tc.x50 {
					t.Errorf("transposed=%v: points %d score %.2f x50 %.1f, want %d %.2f %.1f",
						transposed, res.Points, res.Rounded(), res.X50(), tc.points, tc.rounded, tc.x50)
				}
				if res.WordCount != len(strings.Fields(tc.words)) || res.Leftover != tc.leftover {
					t.Errorf("word count %d leftover %d", res.WordCount, res.Leftover)
				}
				if transposed {
					continue
				}
				var words, inter []string
				for _, w := range res.Words {
					words = append(words, w.Word)
				}
				for _, x := range res.Intersections {
					inter = append(inter, fmt.Sprintf("%s@%d,%d", x.Letter, x.Pos.Row, x.Pos.Col))
				}
				if got := strings.Join(words, " "); got != tc.words {
					t.Errorf("words %q, want %q", got, tc.words)
				}
				if got := strings.Join(inter, " "); got != tc.intersections {
					t.Errorf("intersections %q, want %q", got, tc.intersections)
				}
			}
		})
	}
}

// TestSeedFigures checks the seed's results: points / words, two decimals.
func TestSeedFigures(t *testing.T) {
	for _, tc := range []struct {
		points, words int
		want          float64
	}{{52, 17, 3.06}, {66, 25, 2.64}, {70, 19, 3.68}, {49, 16, 3.06}, {9, 4, 2.25}} {
		r := Result{Points: tc.points, WordCount: tc.words}
		if r.Rounded() != tc.want {
			t.Errorf("%d/%d = %.2f, want %.2f", tc.points, tc.words, r.Rounded(), tc.want)
		}
	}
	// "3.1 beats 2.6 becomes 155 beats 130"
	if r := (Result{Points: 31, WordCount: 10}); r.X50() != 155 {
		t.Errorf("3.1 x50 = %v", r.X50())
	}
}

func TestScoreRejections(t *testing.T) {
	tests := []struct {
		name   string
		layout string
		dict   Dictionary
		code   Code
		pos    grid.Pos
		msg    string
	}{
		{"empty file", "", testWords, Empty, NoPos, "the crossword has no tiles"},
		{"only dots", "...\n. .\n", testWords, Empty, NoPos, ""},
		{"two pieces", "OX\n..\nAX\n", testWords, NotConnected, grid.Pos{Row: 2, Col: 0}, "row 2, column 0: A is not joined to the rest of the crossword; all tiles must form one connected crossword"},
		{"touching only at a corner", "OX.\n..A\n..X\n", testWords, NotConnected, grid.Pos{Row: 1, Col: 2}, ""},
		{"a single tile", "..\n.Q\n", testWords, NotAWord, grid.Pos{Row: 1, Col: 1}, ""},
		{"not a word across", "KEYBORD\n", testWords, NotAWord, grid.Pos{Row: 0, Col: 0}, "row 0, column 0: KEYBORD (across) is not in the dictionary"},
		{"not a word down", "OX\nX.\nE.\n", testWords, NotAWord, grid.Pos{Row: 0, Col: 0}, "row 0, column 0: OXE (down) is not in the dictionary"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Score(MustParse(tc.layout), 0, tc.dict)
			var rej *Rejection
			if !errors.As(err, &rej) {
				t.Fatalf("err %v, want a rejection %s", err, tc.code)
			}
			if rej.Code != tc.code || rej.Pos != tc.pos {
				t.Fatalf("%s at %v (%s), want %s at %v", rej.Code, rej.Pos, rej.Msg, tc.code, tc.pos)
			}
			if tc.msg != "" && rej.Msg != tc.msg {
				t.Errorf("message %q, want %q", rej.Msg, tc.msg)
			}
		})
	}
	t.Run("no dictionary accepts anything", func(t *testing.T) {
		if _, err := Score(MustParse("KEYBORD\n"), 0, nil); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("negative leftover", func(t *testing.T) {
		if _, err := Score(MustParse("OX\n"), -1, nil); !errors.Is(err, ErrLeftover) {
			t.Fatal(err)
		}
	})
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"digit", "AB\nC3\n", `l.txt:2: column 2 '3': want a letter A-Z, '.' or a space`},
		{"tab", "A\tB\n", `l.txt:1: column 2 '\t': a tab`},
		{"Cyrillic", "..Ж\n", `l.txt:1: column 3 'Ж': want a letter A-Z`},
		{"too wide", strings.Repeat("A", MaxSize+1), "l.txt:1: column 201 'A': more than 200 squares in a row"},
		{"too tall", strings.Repeat("A\n", MaxSize+1), "l.txt:201: more than 200 rows"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tc.text), "l.txt")
			if !errors.Is(err, ErrSyntax) || !strings.HasPrefix(err.Error(), tc.want) {
				t.Fatalf("err %v, want prefix %q", err, tc.want)
			}
		})
	}
	t.Run("trailing empty lines past the limit are fine", func(t *testing.T) {
		if _, err := Parse(strings.NewReader(strings.Repeat("A\n", MaxSize)+"\n..\n"), "l.txt"); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("CRLF", func(t *testing.T) {
		l, err := Parse(strings.NewReader("OX\r\nA.\r\n"), "l.txt")
		if err != nil || l.Cols != 2 || l.At(grid.Pos{Row: 1, Col: 0}) != 'A' {
			t.Fatalf("%v %+v", err, l)
		}
	})
}

func TestRank(t *testing.T) {
	res := func(points, words int) Result { return Result{Points: points, WordCount: words} }
	bad := errors.New("invalid")
	in := []Entry{
		{Name: "ann", Result: res(49, 16)}, // 3.0625
		{Name: "bob", Err: bad},
		{Name: "cat", Result: res(70, 19)}, // 3.684
		{Name: "dan", Result: res(52, 17)}, // 3.0588: rounds to 3.06 like ann, but less
		{Name: "eve", Result: res(98, 32)}, // 3.0625, ties with ann exactly
	}
	got := Rank(in)
	var s []string
	for _, e := range got {
		s = append(s, fmt.Sprintf("%d:%s", e.Rank, e.Name))
	}
	if want := "1:cat 2:ann 2:eve 4:dan 0:bob"; strings.Join(s, " ") != want {
		t.Fatalf("ranking %s, want %s", strings.Join(s, " "), want)
	}
	if in[0].Rank != 0 || in[0].Name != "ann" {
		t.Fatal("Rank changed its input")
	}
}

func transpose(l *Layout) *Layout {
	t := NewLayout(l.Cols, l.Rows)
	for r := 0; r < l.Rows; r++ {
		for c := 0; c < l.Cols; c++ {
			t.Set(grid.Pos{Row: c, Col: r}, l.At(grid.Pos{Row: r, Col: c}))
		}
	}
	return t
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{keyboard, "OX\nXO\n", " a\n\n b", "\t", "Ж", "A.\r\nB"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		l, err := Parse(strings.NewReader(text), "fuzz")
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("error %v is not a syntax error", err)
			}
			return
		}
		again, err := Parse(strings.NewReader(l.String()), "again")
		if err != nil {
			t.Fatalf("printed layout does not parse: %v\n%s", err, l)
		}
		if !l.Equal(again) {
			t.Fatalf("print-then-parse changed the layout:\n%s\nvs\n%s", l, again)
		}
		// Scoring any layout must not panic either.
		res, err := Score(l, 0, nil)
		if err == nil && res.Divisor() == 0 {
			t.Fatalf("valid crossword with no words:\n%s", l)
		}
	})
}

func BenchmarkScore(b *testing.B) {
	l := MustParse(keyboard)
	for b.Loop() {
		if _, err := Score(l, 0, testWords); err != nil {
			b.Fatal(err)
		}
	}
}
