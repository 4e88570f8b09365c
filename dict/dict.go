package dict

import (
	_ "embed"
	"fmt"
	"iter"
	"strings"
	"sync"
	"unicode"
)

// Dict is a set of words. It answers Contains case-insensitively, with Е
// and Ё as one letter. A Dict is immutable and safe for concurrent use.
type Dict struct {
	a    *automaton
	name string
}

// Contains reports whether word is in the dictionary. Case does not
// matter, and Ё matches Е. The empty string is never a word.
func (d *Dict) Contains(word string) bool {
	if d == nil {
		return false
	}
	return d.a.contains(word)
}

// Len is the number of distinct words (after folding case and Ё).
func (d *Dict) Len() int {
	if d == nil {
		return 0
	}
	return d.a.words
}

// Name says where the words came from, e.g. "ENABLE (English)" or the
// user's file name.
func (d *Dict) Name() string {
	if d == nil {
		return ""
	}
	return d.name
}

// All yields every word in ascending order, folded: lower case, Ё as Е.
func (d *Dict) All() iter.Seq[string] {
	if d == nil {
		return func(func(string) bool) {}
	}
	return d.a.all()
}

// MarshalBinary serialises the dictionary's automaton (the format the
// generator writes and Load reads).
func (d *Dict) MarshalBinary() ([]byte, error) {
	return d.a.marshal(), nil
}

// Load reads a dictionary serialised by MarshalBinary. The Dict keeps
// data: the caller must not change it afterwards.
func Load(data []byte, name string) (*Dict, error) {
	a, err := load(data)
	if err != nil {
		return nil, err
	}
	return &Dict{a: a, name: name}, nil
}

// New makes a dictionary of words. Words are folded (Fold); empty words
// are an error, as are words containing spaces.
func New(words []string, name string) (*Dict, error) {
	folded := make([]string, 0, len(words))
	for i, w := range words {
		f := Fold(w)
		if f == "" {
			return nil, fmt.Errorf("dict: word %d is empty", i+1)
		}
		if strings.IndexFunc(f, unicode.IsSpace) >= 0 {
			return nil, fmt.Errorf("dict: word %d (%q) contains a space", i+1, w)
		}
		folded = append(folded, f)
	}
	a, err := build(folded)
	if err != nil {
		return nil, err
	}
	return &Dict{a: a, name: name}, nil
}

// Fold is the form words are stored and compared in: lower case, with Ё
// as Е (Russian spelling treats them as one letter).
func Fold(word string) string {
	return strings.Map(foldRune, word)
}

func foldRune(r rune) rune {
	r = unicode.ToLower(r)
	if r == 'ё' {
		return 'е'
	}
	return r
}

//go:embed data/README.md
var notice string

// Notice is the provenance and licences of the built-in lists (the
// hunspell-ru licence asks that binary distributions reproduce it).
func Notice() string { return notice }

//go:embed data/en.tsd
var englishData []byte

//go:embed data/ru.tsd
var russianData []byte

//go:embed data/ru-nouns.tsd
var russianNounsData []byte

var (
	english      = sync.OnceValue(func() *Dict { return mustLoad(englishData, "ENABLE (English)") })
	russian      = sync.OnceValue(func() *Dict { return mustLoad(russianData, "hunspell-ru, every form, modified (Russian)") })
	russianNouns = sync.OnceValue(func() *Dict {
		return mustLoad(russianNounsData, "hunspell-ru nouns, dictionary form only, modified (Russian)")
	})
)

// English is the built-in English list: ENABLE (public domain), 172,823
// words. It is loaded once, on first use, from the automaton embedded in
// the binary.
func English() *Dict { return english() }

// Russian is the built-in Russian list: every form of every entry of
// Debian's hunspell-ru, its suffix rules applied (1,350,245 forms; see
// data/README.md for what was changed and the licence).
func Russian() *Dict { return russian() }

// RussianNouns is the house list for the Russian-Scrabble convention
// "nouns in the nominative singular only": the entries of hunspell-ru
// whose affix flags decline them as nouns, in their dictionary form
// (43,094 words). Indeclinable nouns (кофе, метро) carry no flags in
// hunspell-ru and are not in it; see docs/dictionary.md.
func RussianNouns() *Dict { return russianNouns() }

func mustLoad(data []byte, name string) *Dict {
	d, err := Load(data, name)
	if err != nil {
		// The embedded data is checked by the tests; this is a build bug.
		panic(fmt.Sprintf("dict: embedded list %s: %v", name, err))
	}
	return d
}
