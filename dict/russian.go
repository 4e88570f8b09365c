package dict

import (
	"bytes"
	_ "embed"
	"fmt"
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
	Word string // the entry (folded: lower case, Ё as Е)
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
	seen := map[Lemma]bool{}
	add := func(stem, flags string) {
		// The entries are stored folded, their flags in lower case.
		l := Lemma{Word: stem, POS: source.POS(strings.ToUpper(flags))}
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	for e := range an.entries.a.withPrefix(w + "/") {
		add(w, e[len(w)+1:])
	}
	an.rules.Analyse(w, func(root string, flag byte) {
		for e := range an.entries.a.withPrefix(root + "/") {
			if flags := e[len(root)+1:]; strings.IndexRune(flags, foldRune(rune(flag))) >= 0 {
				add(root, flags)
			}
		}
	})
	return out
}
