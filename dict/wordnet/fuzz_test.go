package wordnet

import (
	"strings"
	"testing"
)

// FuzzDefine: any word gives a definition, none, or an error, never a
// panic; a definition always has a lemma, a part of speech and a gloss
// on one line.
func FuzzDefine(f *testing.F) {
	for _, s := range []string{"cat", "GEESE", "running", "ice cream", "", " ", "\xff", "a_b", "zzzz", "longest", "ёж"} {
		f.Add(s)
	}
	w, err := Open("testdata/wn")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, word string) {
		d, ok, err := w.Define(word)
		if err != nil {
			t.Fatalf("Define(%q): %v (the fake database is sound)", word, err)
		}
		if ok && (d.Lemma == "" || d.POS == "" || d.Gloss == "" || strings.ContainsAny(d.String(), "\n\t")) {
			t.Fatalf("Define(%q) = %+v", word, d)
		}
	})
}

// BenchmarkDefine: a definition from the installed WordNet (a base form,
// an irregular form, a miss).
func BenchmarkDefine(b *testing.B) {
	w, err := Open(DefaultDir)
	if err != nil {
		b.Skip(err)
	}
	words := []string{"cats", "geese", "running", "qi", "xyzzy"}
	for i := 0; b.Loop(); i++ {
		if _, _, err := w.Define(words[i%len(words)]); err != nil {
			b.Fatal(err)
		}
	}
}
