package dict

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// readWords reads a hand-written list: words separated by spaces and line
// ends, # starting a comment line.
func readWords(t *testing.T, path string) []string {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, line := range strings.Split(string(raw), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, strings.Fields(line)...)
	}
	return out
}

// latin is the Cyrillic letters with a Latin look-alike, upper and lower
// case.
var latin = map[rune]rune{
	'А': 'A', 'В': 'B', 'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P',
	'С': 'C', 'Т': 'T', 'У': 'Y', 'Х': 'X',
	'а': 'a', 'е': 'e', 'о': 'o', 'р': 'p', 'с': 'c', 'у': 'y', 'х': 'x', 'к': 'k',
}

// lookAlikes makes Latin look-alikes of the hand-written forms: the whole
// word in Latin capitals where every letter has one (КОТ -> KOT), and the
// word with its first such letter swapped for the Latin one (кот -> kот).
func lookAlikes(forms []string) []string {
	var out []string
	for _, f := range forms {
		up := []rune(strings.ToUpper(f))
		all := true
		for i, r := range up {
			l, ok := latin[r]
			if !ok {
				all = false
				break
			}
			up[i] = l
		}
		if all {
			out = append(out, string(up))
		}
		low := []rune(f)
		for i, r := range low {
			if l, ok := latin[r]; ok {
				low[i] = l
				out = append(out, string(low))
				break
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestRussianHandWrittenForms: 373 inflected forms of common words written
// by hand (nouns in every case and number, verbs in person, tense and
// mood, adjectives in gender) are all words; hand-written misspellings and
// Latin look-alikes of those forms are all not.
func TestRussianHandWrittenForms(t *testing.T) {
	forms := readWords(t, "testdata/ru-forms.txt")
	if len(forms) < 300 {
		t.Fatalf("only %d forms", len(forms))
	}
	ru := Russian()
	for _, w := range forms {
		if !ru.Contains(w) {
			t.Errorf("form %q not found", w)
		}
		if !ru.Contains(strings.ToUpper(w)) {
			t.Errorf("form %q in capitals not found", w)
		}
		// Ё and Е are one letter, both ways.
		if strings.ContainsRune(w, 'ё') && !ru.Contains(strings.ReplaceAll(w, "ё", "е")) {
			t.Errorf("%q written with е not found", w)
		}
	}
	non := readWords(t, "testdata/ru-nonwords.txt")
	la := lookAlikes(forms)
	t.Logf("%d forms, %d hand-written non-words, %d Latin look-alikes", len(forms), len(non), len(la))
	if len(non)+len(la) < 300 {
		t.Fatalf("only %d non-words", len(non)+len(la))
	}
	for _, w := range append(non, la...) {
		if ru.Contains(w) {
			t.Errorf("non-word %q found", w)
		}
	}
	for _, w := range []string{"KOT", "kот", "кoт", "MAMA"} {
		if !slices.Contains(la, w) && !slices.Contains(non, strings.ToLower(w)) && w != "MAMA" {
			t.Errorf("look-alike %q not made", w)
		}
	}
}

// TestRussianYoBothWays: an entry spelt with ё is found with е and the
// other way round, and an entry spelt with е is found with ё.
func TestRussianYoBothWays(t *testing.T) {
	for _, w := range []string{"ёж", "еж", "ЁЖ", "ЕЖ", "ребёнок", "ребенок", "идёт", "идет", "лёс", "лес", "всё", "все"} {
		if !Russian().Contains(w) {
			t.Errorf("%q not found", w)
		}
	}
}

// TestRussianNoNamesOrAbbreviations: capitalised entries (names,
// abbreviations) and entries with dots or hyphens are not words of the
// game, in any form; the lower-case word that is also a name stays.
func TestRussianNoNamesOrAbbreviations(t *testing.T) {
	for _, w := range []string{"москва", "москвы", "москве", "чпу", "кто-то", "т.е", "кг", "млн"} {
		if Russian().Contains(w) {
			t.Errorf("%q found", w)
		}
	}
	if !Russian().Contains("роза") {
		t.Error("роза (the flower; also a name) not found")
	}
}

// TestRussianNouns: the house list holds nouns in their dictionary form,
// not their other cases, nor verbs and adjectives.
func TestRussianNouns(t *testing.T) {
	tests := []struct {
		word string
		want bool
	}{
		{"кот", true}, {"кошка", true}, {"окно", true}, {"дом", true}, {"лошадь", true},
		{"ребёнок", true}, {"ножницы", true}, {"сталь", true},
		{"кота", false}, {"коты", false}, {"кошки", false}, {"окна", false}, {"домов", false},
		{"писать", false}, {"пишу", false}, {"красивый", false}, {"красивая", false},
		{"и", false}, {"быстро", false},
	}
	for _, tc := range tests {
		t.Run(tc.word, func(t *testing.T) {
			if got := RussianNouns().Contains(tc.word); got != tc.want {
				t.Errorf("RussianNouns().Contains(%q) = %v, want %v", tc.word, got, tc.want)
			}
		})
	}
}

// TestRussianLemmas: the entry a form comes from and its part of speech.
func TestRussianLemmas(t *testing.T) {
	tests := []struct {
		word string
		want []string
	}{
		{"пишу", []string{"писать (verb)"}},
		{"ПИШЕТ", []string{"писать (verb)"}},
		{"коты", []string{"кот (noun)"}},
		{"кошек", []string{"кошка (noun)"}},
		{"красивая", []string{"красивый (adjective)"}},
		{"живёт", []string{"жить (verb)"}},
		{"стали", []string{"сталь (noun)", "стать (verb)"}},
		{"кофе", []string{"кофе"}},
		{"ежика", []string{"ёжик (noun)"}},
		{"РЕБЕНКА", []string{"ребёнок (noun)"}},
		{"кот", []string{"кот (noun)"}},
		{"xyz", nil},
		{"котыы", nil},
	}
	for _, tc := range tests {
		t.Run(tc.word, func(t *testing.T) {
			var got []string
			for _, l := range RussianLemmas(tc.word) {
				got = append(got, l.String())
			}
			slices.Sort(got)
			if !slices.Equal(got, tc.want) {
				t.Errorf("RussianLemmas(%q) = %q, want %q", tc.word, got, tc.want)
			}
		})
	}
}
