// Package source turns the upstream word lists into the words of the
// built-in dictionaries. The generator (dict/internal/gen) and the tests
// that check the committed automata share it, so both apply exactly the
// same rules.
package source

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Enable reads the ENABLE list: one lower-case word per line. Every line
// must be a word of ASCII letters; anything else is an error, since the
// list is used as it is.
func Enable(r io.Reader) ([]string, error) {
	var words []string
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		w := strings.TrimRight(sc.Text(), "\r")
		if w == "" {
			continue
		}
		for _, c := range w {
			if c < 'a' || c > 'z' {
				return nil, fmt.Errorf("enable: line %d: %q is not a lower-case ASCII word", line, w)
			}
		}
		words = append(words, w)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("enable: %w", err)
	}
	return words, nil
}

// Russian lower-case letters; ё is folded to е before the check.
const russianLetters = "абвгдежзийклмнопрстуфхцчшщъыьэюя"
const russianVowels = "аеиоуыэюя"

// Rejection reasons, counted by Hunspell.
const (
	Capitalised = "capitalised (names, abbreviations)"
	Punctuated  = "hyphen, apostrophe or dot"
	NotRussian  = "letters outside the Russian alphabet"
	NoVowel     = "no vowel, two letters or more (abbreviations: кг, млн)"
	Duplicate   = "duplicate after folding"
)

// russianStem says whether an entry of hunspell-ru is a word of the game:
// entries with any upper-case letter (names, abbreviations, units like
// кВт) are dropped, as are entries with a hyphen, apostrophe or dot,
// entries with letters outside the 33-letter Russian alphabet, and
// lower-case abbreviations, recognised as entries of two or more letters
// without a vowel (кг, млн, стр; this also drops the interjections хм,
// тсс). It returns the entry folded (ё as е), or why it is dropped.
func russianStem(s string) (string, string) {
	if strings.ContainsAny(s, "-'’.") {
		return "", Punctuated
	}
	for _, c := range s {
		if unicode.IsUpper(c) {
			return "", Capitalised
		}
	}
	w := strings.ReplaceAll(s, "ё", "е")
	vowels := 0
	for _, c := range w {
		if !strings.ContainsRune(russianLetters, c) {
			return "", NotRussian
		}
		if strings.ContainsRune(russianVowels, c) {
			vowels++
		}
	}
	if vowels == 0 && utf8.RuneCountInString(w) >= 2 {
		return "", NoVowel
	}
	return w, ""
}
