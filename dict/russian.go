package dict

import (
	"bytes"
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/tilescope/tilescope/dict/internal/affix"
	"github.com/tilescope/tilescope/dict/internal/source"
)

//go:embed data/ru-entries.tsd
var russianEntriesData []byte

//go:embed data/ru.aff
var russianAff []byte

// Lemma is a dictionary entry a word form comes from.
type Lemma struct {
	Word string // the entry, lower case, with ё where hunspell-ru writes it
	POS  string // "noun", "adjective", "verb", or "" when hunspell-ru's flags do not say
}

// String is "кот (noun)", or the word alone when the part of speech is
// not known.
func (l Lemma) String() string {
	if l.POS == "" {
		return l.Word
	}
	return l.Word + " (" + l.POS + ")"
}

type analyser struct {
	entries *Dict
	rules   *affix.Rules
}

var russianAnalyser = sync.OnceValue(func() *analyser {
	rules, err := affix.Parse(bytes.NewReader(russianAff))
	if err != nil {
		panic(fmt.Sprintf("dict: embedded ru.aff: %v", err))
	}
	return &analyser{
		entries: mustLoad(russianEntriesData, "hunspell-ru entries"),
		rules:   rules.Folded(foldRune),
	}
})

// RussianLemmas returns the hunspell-ru entries word is a form of, with
// their parts of speech as the entries' affix flags tell them: the word
// itself when it is an entry, then the entries a suffix rule turns into
// word. None when word is not a Russian word. Debian has no free Russian
// definitions, so this is what a challenge shows instead of a definition.
func RussianLemmas(word string) []Lemma {
	w := Fold(word)
	if w == "" || !Russian().Contains(w) {
		return nil
	}
	an := russianAnalyser()
	var out []Lemma
	seen := map[Lemma]int{} // folded lemma -> index in out
	add := func(stem, rest string) {
		// The entries are stored folded, their flags in lower case, then
		// the positions of ё when the entry is spelt with it.
		flags, yo, _ := strings.Cut(rest, "/")
		key := Lemma{Word: stem, POS: source.POS(strings.ToUpper(flags))}
		l := Lemma{Word: withYo(stem, yo), POS: key.POS}
		if i, ok := seen[key]; ok {
			if yo != "" {
				out[i] = l // the spelling with ё, when both are entries
			}
			return
		}
		seen[key] = len(out)
		out = append(out, l)
	}
	for e := range an.entries.a.withPrefix(w + "/") {
		add(w, e[len(w)+1:])
	}
	an.rules.Analyse(w, func(root string, flag byte) {
		for e := range an.entries.a.withPrefix(root + "/") {
			rest := e[len(root)+1:]
			flags, _, _ := strings.Cut(rest, "/")
			if strings.ContainsRune(flags, foldRune(rune(flag))) {
				add(root, rest)
			}
		}
	})
	return out
}

// withYo puts ё back at the letter positions marks lists ("0,3").
func withYo(word, marks string) string {
	if marks == "" {
		return word
	}
	r := []rune(word)
	for _, p := range strings.Split(marks, ",") {
		if i, err := strconv.Atoi(p); err == nil && i >= 0 && i < len(r) && r[i] == 'е' {
			r[i] = 'ё'
		}
	}
	return string(r)
}
