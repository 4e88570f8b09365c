package dict

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/tilescope/tilescope/dict/internal/source"

	"github.com/tilescope/tilescope/internal/sharedtest"
)

// The upstream files the built-in lists are generated from. They are
// development data: the tests that need them skip when they are absent
// (a fresh clone has the committed automata but not ../shared).
const (
	enableFile   = "data/enable1.txt" // in ../shared (internal/sharedtest)
	hunspellPath = "/usr/share/hunspell/ru_RU.dic"
)

// upstream reads an upstream file and says whether it is the one the
// committed automaton was generated from (data/SOURCES records its hash).
func upstream(t *testing.T, path, automaton string) []byte {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("upstream list not here: %v", err)
	}
	rec, err := os.ReadFile("data/SOURCES")
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(raw)
	if !strings.Contains(string(rec), automaton+" "+hex.EncodeToString(sum[:])) {
		t.Skipf("%s is not the file %s was generated from (see data/SOURCES)", path, automaton)
	}
	return raw
}

// TestEveryEnableWord: the embedded English list is exactly ENABLE, and
// one-letter changes of ENABLE words are answered as ENABLE answers them.
func TestEveryEnableWord(t *testing.T) {
	raw := upstream(t, sharedtest.Dir(t, enableFile), "en.tsd")
	words, err := source.Enable(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	d := English()
	set := make(map[string]bool, len(words))
	for _, w := range words {
		set[w] = true
		if !d.Contains(w) {
			t.Fatalf("ENABLE word %q not found", w)
		}
	}
	if d.Len() != len(set) {
		t.Errorf("Len() = %d, ENABLE has %d words", d.Len(), len(set))
	}
	listed := slices.Collect(d.All())
	if !slices.Equal(listed, words) { // ENABLE is sorted
		t.Errorf("All() differs from ENABLE (%d vs %d words)", len(listed), len(words))
	}
	// Non-words next to real words: every 7th word with a letter added,
	// dropped or changed, and upper-cased.
	checked, non := 0, 0
	for i := 0; i < len(words); i += 7 {
		w := words[i]
		for _, v := range []string{
			w + "q", w[:len(w)-1], w[1:],
			w[:len(w)/2] + "x" + w[len(w)/2+1:],
			"z" + w,
		} {
			want := set[v]
			if got := d.Contains(v); got != want {
				t.Fatalf("Contains(%q) = %v, ENABLE says %v", v, got, want)
			}
			if got := d.Contains(strings.ToUpper(v)); got != want {
				t.Fatalf("Contains(%q) = %v, ENABLE says %v", strings.ToUpper(v), got, want)
			}
			checked++
			if !want {
				non++
			}
		}
	}
	if non < checked/2 {
		t.Errorf("only %d of %d variants were non-words: the sample is too weak", non, checked)
	}
}

// russianUpstream reads hunspell-ru's .dic and .aff when they are the files
// the committed automata were generated from, and applies the rules of
// dict/internal/source to them.
func russianUpstream(t *testing.T) *source.Russian {
	t.Helper()
	russianOnce.Lock()
	defer russianOnce.Unlock()
	if russianCache != nil {
		return russianCache
	}
	dic := upstream(t, hunspellPath, "ru.tsd")
	aff := upstream(t, strings.TrimSuffix(hunspellPath, ".dic")+".aff", "ru.aff")
	if !bytes.Equal(aff, russianAff) {
		t.Fatal("data/ru.aff differs from the upstream .aff recorded in data/SOURCES")
	}
	ru, err := source.Hunspell(bytes.NewReader(dic), bytes.NewReader(aff))
	if err != nil {
		t.Fatal(err)
	}
	russianCache = ru
	return ru
}

var (
	russianOnce  sync.Mutex
	russianCache *source.Russian
)

// TestEveryRussianForm: the embedded Russian lists are exactly what the
// rules in dict/internal/source make of hunspell-ru: every form, the
// nouns, the entries.
func TestEveryRussianForm(t *testing.T) {
	if testing.Short() {
		t.Skip("expands hunspell-ru")
	}
	ru := russianUpstream(t)
	for _, c := range []struct {
		d     *Dict
		words []string
	}{{Russian(), ru.Forms}, {RussianNouns(), ru.Nouns}, {russianAnalyser().entries, ru.Entries}} {
		for _, w := range c.words {
			if !c.d.Contains(w) {
				t.Fatalf("%s: %q not found", c.d.Name(), w)
			}
		}
		if c.d.Len() != len(c.words) {
			t.Errorf("%s: Len() = %d, the rules make %d", c.d.Name(), c.d.Len(), len(c.words))
		}
	}
}

// TestGeneratedIsReproducible: building from the upstream files gives the
// committed automata byte for byte.
func TestGeneratedIsReproducible(t *testing.T) {
	if testing.Short() {
		t.Skip("builds both automata")
	}
	t.Run("en", func(t *testing.T) {
		raw := upstream(t, sharedtest.Dir(t, enableFile), "en.tsd")
		words, err := source.Enable(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		checkSame(t, words, englishData)
	})
	t.Run("ru", func(t *testing.T) {
		ru := russianUpstream(t)
		checkSame(t, ru.Forms, russianData)
		checkSame(t, ru.Nouns, russianNounsData)
		checkSame(t, ru.Entries, russianEntriesData)
	})
}

func checkSame(t *testing.T, words []string, committed []byte) {
	t.Helper()
	d, err := New(words, "regenerated")
	if err != nil {
		t.Fatal(err)
	}
	data, _ := d.MarshalBinary()
	if !bytes.Equal(data, committed) {
		t.Errorf("regenerated automaton (%d bytes) differs from the committed one (%d bytes): run go generate ./dict", len(data), len(committed))
	}
}

// TestEnglishIsExactlyEnable runs without the upstream file: ENABLE is
// its words in order, one per line, LF, no final newline, so the words the
// embedded automaton lists, joined the same way, must hash to the SHA-256
// recorded for enable1.txt in data/SOURCES.
func TestEnglishIsExactlyEnable(t *testing.T) {
	rec, err := os.ReadFile("data/SOURCES")
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.New()
	first := true
	for w := range English().All() {
		if !first {
			h.Write([]byte("\n"))
		}
		first = false
		h.Write([]byte(w))
	}
	got := "en.tsd " + hex.EncodeToString(h.Sum(nil))
	if !strings.Contains(string(rec), got) {
		t.Errorf("the embedded English words do not rebuild enable1.txt: %q not in data/SOURCES", got)
	}
}

// TestEmbeddedListsAreConsistent needs no upstream file: every word the
// automaton lists is found, in ascending order, and there are Len of them.
func TestEmbeddedListsAreConsistent(t *testing.T) {
	for _, d := range []*Dict{English(), Russian(), RussianNouns(), russianAnalyser().entries} {
		t.Run(d.Name(), func(t *testing.T) {
			n, prev := 0, ""
			for w := range d.All() {
				if w <= prev {
					t.Fatalf("%q listed after %q", w, prev)
				}
				if !d.Contains(w) {
					t.Fatalf("listed word %q not found", w)
				}
				prev = w
				n++
			}
			if n != d.Len() {
				t.Errorf("listed %d words, Len() = %d", n, d.Len())
			}
		})
	}
}
