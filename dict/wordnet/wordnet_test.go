package wordnet

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"strings"
	"testing"
	"testing/fstest"
	"unicode/utf8"
)

func fake(t *testing.T) *WordNet {
	t.Helper()
	w, err := Open("testdata/wn")
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func TestDefineFake(t *testing.T) {
	tests := []struct {
		name, word string
		lemma      string // "" when there is no definition
		pos        POS
		gloss      string
	}{
		{"noun", "cat", "cat", Noun, "a small test feline: house cats"},
		{"upper case", "CAT", "cat", Noun, "a small test feline: house cats"},
		{"plural by rule", "cats", "cat", Noun, "a small test feline: house cats"},
		{"plural -xes", "boxes", "box", Noun, "a test container with a lid"},
		{"irregular plural", "geese", "goose", Noun, "a test bird that honks"},
		{"most frequent part of speech", "run", "run", Verb, "move fast on foot in a test"},
		{"irregular past", "ran", "run", Verb, "move fast on foot in a test"},
		{"-ing", "running", "run", Verb, "move fast on foot in a test"},
		{"two words", "ice cream", "ice cream", Noun, "a frozen test dessert"},
		{"unknown", "xyzzy", "", "", ""},
		{"before the first entry", "aardvark", "", "", ""},
		{"after the last entry", "zzz", "", "", ""},
		{"licence line is not a word", "1", "", "", ""},
		{"empty", "", "", "", ""},
		{"invalid UTF-8", "\xff", "", "", ""},
	}
	w := fake(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, ok, err := w.Define(tc.word)
			if err != nil {
				t.Fatal(err)
			}
			if tc.lemma == "" {
				if ok {
					t.Fatalf("Define(%q) = %v, want none", tc.word, d)
				}
				return
			}
			if !ok {
				t.Fatalf("Define(%q): no definition", tc.word)
			}
			if d.Lemma != tc.lemma || d.POS != tc.pos || d.Gloss != tc.gloss || d.Word != tc.word {
				t.Errorf("Define(%q) = %+v, want %s (%s): %s", tc.word, d, tc.lemma, tc.pos, tc.gloss)
			}
		})
	}
}

func TestLongGlossIsShortened(t *testing.T) {
	d, ok, err := fake(t).Define("longest") // adjective rule: -est
	if err != nil || !ok {
		t.Fatalf("Define(longest) = %v, %v, %v", d, ok, err)
	}
	if n := utf8.RuneCountInString(d.Gloss); n > MaxGloss+3 {
		t.Errorf("gloss has %d characters, want at most %d: %q", n, MaxGloss+3, d.Gloss)
	}
	if !strings.HasSuffix(d.Gloss, "...") || strings.HasSuffix(d.Gloss, " ...") {
		t.Errorf("shortened gloss should end in a word and ...: %q", d.Gloss)
	}
	if !strings.HasPrefix(d.Gloss, "a deliberately long gloss") {
		t.Errorf("gloss %q", d.Gloss)
	}
}

func TestString(t *testing.T) {
	d := Definition{Word: "GEESE", Lemma: "goose", POS: Noun, Gloss: "a bird"}
	if got, want := d.String(), "goose (noun): a bird"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	d.POS = Adjective
	if got := d.String(); !strings.Contains(got, "(adjective)") {
		t.Errorf("String() = %q", got)
	}
}

func TestNotInstalled(t *testing.T) {
	_, err := Open(t.TempDir())
	if !errors.Is(err, ErrNotInstalled) {
		t.Fatalf("Open(empty dir) = %v, want ErrNotInstalled", err)
	}
	if !strings.Contains(err.Error(), "wordnet-base") {
		t.Errorf("error %q should say what to install", err)
	}
}

func TestWNSEARCHDIR(t *testing.T) {
	t.Setenv("WNSEARCHDIR", "testdata/wn")
	w, err := Open("")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := w.Define("goose"); !ok {
		t.Error("the database in $WNSEARCHDIR was not used")
	}
}

// noReadAt hides ReadAt, as some file systems do: the files are then read
// whole.
type noReadAt struct{ fs.FS }

func (n noReadAt) Open(name string) (fs.File, error) {
	f, err := n.FS.Open(name)
	if err != nil {
		return nil, err
	}
	return struct {
		fs.File
	}{f}, nil
}

func TestWithoutReaderAt(t *testing.T) {
	w, err := New(noReadAt{os.DirFS("testdata/wn")})
	if err != nil {
		t.Fatal(err)
	}
	d, ok, err := w.Define("geese")
	if err != nil || !ok || d.Lemma != "goose" {
		t.Errorf("Define(geese) = %v, %v, %v", d, ok, err)
	}
}

func TestCorruptDatabase(t *testing.T) {
	tests := []struct {
		name  string
		index string
		data  string
	}{
		{"offset past the end", "cat n 1 0 1 1 00009999\n", "x\n"},
		{"offset not at a synset", "cat n 1 0 1 1 00000002\n", "00000000 05 n 01 cat 0 000 | a cat\n"},
		{"synset count wrong", "cat n 3 0 1 1 00000000\n", "00000000 05 n 01 cat 0 000 | a cat\n"},
		{"offset not a number", "cat n 1 0 1 1 0000000x\n", "00000000 05 n 01 cat 0 000 | a cat\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w, err := New(fstest.MapFS{
				"index.noun": {Data: []byte(tc.index)},
				"data.noun":  {Data: []byte(tc.data)},
			})
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := w.Define("cat"); err == nil {
				t.Error("corrupt database accepted")
			}
		})
	}
}

// TestSearchEveryLine: binary search finds every line of a sorted file,
// whatever the line lengths, and nothing between them.
func TestSearchEveryLine(t *testing.T) {
	var b strings.Builder
	b.WriteString("  1 licence\n")
	keys := []string{"a", "ab", "abc", "b", "ba", "c", "d" + strings.Repeat("x", 700), "e", "f"}
	for i, k := range keys {
		b.WriteString(k + " " + strings.Repeat("y", i*37) + "\n")
	}
	w, _ := New(fstest.MapFS{"index.noun": {Data: []byte("x\n")}, "sorted": {Data: []byte(b.String())}})
	for _, k := range keys {
		line, ok, err := w.search("sorted", k)
		if err != nil || !ok || !strings.HasPrefix(line, k+" ") {
			t.Errorf("search(%.10q) = %.20q, %v, %v", k, line, ok, err)
		}
	}
	for _, k := range []string{"", "0", "aa", "abd", "bb", "dx", "g"} {
		if line, ok, _ := w.search("sorted", k); ok {
			t.Errorf("search(%q) found %q", k, line)
		}
	}
}

// TestInstalled runs against the real WordNet when it is installed.
func TestInstalled(t *testing.T) {
	w, err := Open(DefaultDir)
	if errors.Is(err, ErrNotInstalled) {
		t.Skip("wordnet-base is not installed")
	}
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ word, lemma, gloss string }{
		{"cat", "cat", "feline mammal"},
		{"QI", "qi", "life energy"},
		{"geese", "goose", "web-footed"},
		{"boxes", "box", "container"},
		{"happier", "happy", "joy"},
		{"xyzzy", "", ""},
	}
	for _, tc := range tests {
		d, ok, err := w.Define(tc.word)
		if err != nil {
			t.Fatalf("Define(%q): %v", tc.word, err)
		}
		if tc.lemma == "" {
			if ok {
				t.Errorf("Define(%q) = %v, want none", tc.word, d)
			}
			continue
		}
		if !ok || d.Lemma != tc.lemma || !strings.Contains(d.Gloss, tc.gloss) {
			t.Errorf("Define(%q) = %v (%v), want %s: ...%s...", tc.word, d, ok, tc.lemma, tc.gloss)
		}
	}
}

var _ io.ReaderAt = (*os.File)(nil)

func TestTexts(t *testing.T) {
	var definer interface{ Define(string) (string, bool) } = Texts{fake(t)}
	if got, ok := definer.Define("geese"); !ok || got != "goose (noun): a test bird that honks" {
		t.Errorf("Define(geese) = %q, %v", got, ok)
	}
	if got, ok := definer.Define("xyzzy"); ok {
		t.Errorf("Define(xyzzy) = %q", got)
	}
	if got, ok := (Texts{}).Define("cat"); ok {
		t.Errorf("nil WordNet defined cat: %q", got)
	}
}
