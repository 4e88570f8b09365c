package source

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tilescope/tilescope/dict/internal/affix"
)

// Russian is what the built-in Russian lists are made of.
type Russian struct {
	// Forms is every word form of every kept entry: the entry itself and
	// what its flags' suffix rules make of it, folded (lower case, ё as
	// е), sorted, without duplicates.
	Forms []string
	// Nouns is the kept entries whose flags decline them as nouns (see
	// NounFlags), folded, sorted, unique: the dictionary form (nominative
	// singular, or plural for plural-only nouns).
	Nouns []string
	// Entries is every kept entry as "stem/FLAGS" (flags sorted; "stem/"
	// without flags), folded, sorted, unique: what the lemma of a form is
	// looked up in. An entry spelt with ё has "/" and the letter positions
	// of its ё after the flags ("еж/O/0" is ёж), so the lemma can be shown
	// as written.
	Entries []string
	// Dropped counts the entries each rule of russianStem dropped.
	Dropped map[string]int
	// Rules is the number of suffix rules read from the affix file.
	Rules int
}

// Part-of-speech evidence in hunspell-ru's flags (Lebedev's ru_RU.aff, read
// rule by rule): these flags decline nouns (F: -ость and -онок nouns; G,
// H, I: first declension and -ь nouns; J, K: neuter and masculine; N: -ь
// nouns; O: plural-only nouns and -ец/-ок nouns). G and O also hold a few
// adjectival rules (possessives such as человечий), which is why an entry
// with A (the full adjective declension) or a verb flag is not a noun.
const (
	NounFlags      = "FGHIJKNO"
	AdjectiveFlags = "AESXZ" // A full forms, E comparative, S and X short forms, Z adverbs from adjectives
	VerbFlags      = "BDLMPQRTUVWY"
)

// POS names an entry's part of speech from its flags: "noun", "adjective",
// "verb", or "" when the flags do not say (entries without flags:
// indeclinable nouns, adverbs, prepositions, irregular forms).
func POS(flags string) string {
	switch {
	case strings.ContainsAny(flags, VerbFlags):
		return "verb"
	case strings.ContainsAny(flags, "A"):
		return "adjective"
	case strings.ContainsAny(flags, NounFlags):
		return "noun"
	case strings.ContainsAny(flags, AdjectiveFlags):
		return "adjective"
	}
	return ""
}

// Hunspell reads a hunspell .dic (UTF-8, the first line the entry count)
// and its .aff, keeps the entries russianStem keeps (no names,
// abbreviations, hyphens, dots or foreign letters), and expands each
// through its flags' suffix rules.
func Hunspell(dic, aff io.Reader) (*Russian, error) {
	return HunspellRaw(dic, aff, nil)
}

// HunspellRaw is Hunspell, and also calls raw with every form as the rules
// make it, before folding (ё kept; a form may come more than once): what
// hunspell itself is asked about when the expansion is checked.
func HunspellRaw(dic, aff io.Reader, raw func(form string)) (*Russian, error) {
	rules, err := affix.Parse(aff)
	if err != nil {
		return nil, err
	}
	out := &Russian{Dropped: map[string]int{}, Rules: rules.Len()}
	forms := make(map[string]struct{}, 1<<21)
	entries := map[string]struct{}{}
	nouns := map[string]struct{}{}
	sc := bufio.NewScanner(dic)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimRight(sc.Text(), "\r")
		if line == 1 {
			continue // the entry count
		}
		if !utf8.ValidString(s) {
			return nil, fmt.Errorf("hunspell: line %d: not valid UTF-8", line)
		}
		if i := strings.IndexAny(s, "\t "); i >= 0 {
			s = s[:i] // morphological fields: hunspell-ru has none
		}
		stem, flags, _ := strings.Cut(s, "/")
		if stem == "" {
			continue
		}
		if _, why := russianStem(stem); why != "" {
			out.Dropped[why]++
			continue
		}
		fl := []byte(flags)
		slices.Sort(fl)
		for _, f := range fl {
			if len(rules.For(f)) == 0 {
				return nil, fmt.Errorf("hunspell: line %d: flag %c of %q has no rules in the affix file", line, f, stem)
			}
		}
		folded := fold(stem)
		entries[folded+"/"+string(fl)+yoMarks(stem)] = struct{}{}
		if POS(string(fl)) == "noun" {
			nouns[folded] = struct{}{}
		}
		rules.Expand(stem, string(fl), func(w string) {
			if raw != nil {
				raw(w)
			}
			forms[fold(w)] = struct{}{}
		})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("hunspell: %w", err)
	}
	out.Forms = sorted(forms)
	out.Nouns = sorted(nouns)
	out.Entries = sorted(entries)
	return out, nil
}

// yoMarks is "" for a word without ё, else "/" and the positions (in
// letters, from 0) of its ё, comma-separated.
func yoMarks(word string) string {
	var pos []string
	for i, r := range []rune(strings.ToLower(word)) {
		if r == 'ё' {
			pos = append(pos, strconv.Itoa(i))
		}
	}
	if len(pos) == 0 {
		return ""
	}
	return "/" + strings.Join(pos, ",")
}

func fold(s string) string {
	return strings.ReplaceAll(strings.ToLower(s), "ё", "е")
}

func sorted(m map[string]struct{}) []string {
	out := make([]string, 0, len(m))
	for w := range m {
		out = append(out, w)
	}
	slices.Sort(out)
	return out
}
