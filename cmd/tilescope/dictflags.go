package main

import (
	"flag"
	"strings"

	"github.com/tilescope/tilescope/dict"
)

// openDict returns the dictionary for a command's --lang and --dict flags:
// the user's list at path when path is not empty (lang then only says
// which language the words are in), else the built-in list of lang ("en"
// ENABLE, "ru" every form of hunspell-ru; "" means "en"). An unknown lang or a
// bad user list is bad input (exit 2), and the message names the file and
// line.
func openDict(lang, path string) (*dict.Dict, error) {
	return openDictRules(lang, path, false)
}

// openDictRules is openDict with the Russian house rule: nouns asks for
// nouns in their dictionary form only (dict.RussianNouns), which needs the
// built-in Russian list.
func openDictRules(lang, path string, nouns bool) (*dict.Dict, error) {
	l, err := dictLang(lang)
	if err != nil {
		return nil, err
	}
	if nouns && (l != "ru" || path != "") {
		return nil, usageErrorf("--nouns is a house rule of the built-in Russian list: use it with --lang ru and without --dict")
	}
	if path != "" {
		d, err := dict.Open(path)
		if err != nil {
			return nil, asBadInput(err)
		}
		return d, nil
	}
	if l == "ru" {
		if nouns {
			return dict.RussianNouns(), nil
		}
		return dict.Russian(), nil
	}
	return dict.English(), nil
}

// dictLang checks a --lang value: "en" (the default when empty) or "ru".
func dictLang(lang string) (string, error) {
	switch l := strings.ToLower(strings.TrimSpace(lang)); l {
	case "", "en":
		return "en", nil
	case "ru":
		return "ru", nil
	default:
		return "", usageErrorf("unknown --lang %q: want en or ru", lang)
	}
}

// scriptLang is the language a word's letters say: "ru" when it has a
// Cyrillic letter, else "en". A word typed in Cyrillic is looked up in
// Russian unless the user says otherwise.
func scriptLang(word string) string {
	for _, r := range word {
		if r >= 0x400 && r <= 0x4FF {
			return "ru"
		}
	}
	return "en"
}

// dictFlags are the --lang, --dict and --nouns flags, for any command that
// checks words:
//
//	df := addDictFlags(fs, "en")
//	... fs.Parse(args) ...
//	d, err := df.open()
type dictFlags struct {
	lang  string
	path  string
	nouns bool
}

func addDictFlags(fs *flag.FlagSet, defaultLang string) *dictFlags {
	f := &dictFlags{}
	usage := "language of the built-in dictionary: en (ENABLE) or ru (hunspell-ru, every form)"
	if defaultLang == "" {
		usage += "; default: each word's letters decide (Cyrillic: ru, else en)"
	}
	fs.StringVar(&f.lang, "lang", defaultLang, usage)
	fs.StringVar(&f.path, "dict", "", "your own word list `FILE` (UTF-8, one word per line, # comments) instead of the built-in one")
	fs.BoolVar(&f.nouns, "nouns", false, "Russian house rule: nouns in the nominative singular only (with --lang ru; see docs/dictionary.md)")
	return f
}

func (f *dictFlags) open() (*dict.Dict, error) { return openDictRules(f.lang, f.path, f.nouns) }

// langFor is the language word is looked up in: --lang when given, else
// the word's script (with --nouns, Russian).
func (f *dictFlags) langFor(word string) string {
	if f.lang != "" {
		l, _ := dictLang(f.lang)
		return l
	}
	if f.nouns {
		return "ru"
	}
	return scriptLang(word)
}
