package main

import (
	"flag"
	"strings"

	"github.com/tilescope/tilescope/dict"
)

// openDict returns the dictionary for a command's --lang and --dict flags:
// the user's list at path when path is not empty (lang then only says
// which language the words are in), else the built-in list of lang ("en"
// ENABLE, "ru" the hunspell-ru stems; "" means "en"). An unknown lang or a
// bad user list is bad input (exit 2), and the message names the file and
// line.
func openDict(lang, path string) (*dict.Dict, error) {
	l, err := dictLang(lang)
	if err != nil {
		return nil, err
	}
	if path != "" {
		d, err := dict.Open(path)
		if err != nil {
			return nil, asBadInput(err)
		}
		return d, nil
	}
	if l == "ru" {
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

// dictFlags are the --lang and --dict flags, for any command that checks
// words:
//
//	df := addDictFlags(fs, "en")
//	... fs.Parse(args) ...
//	d, err := df.open()
type dictFlags struct {
	lang string
	path string
}

func addDictFlags(fs *flag.FlagSet, defaultLang string) *dictFlags {
	f := &dictFlags{}
	fs.StringVar(&f.lang, "lang", defaultLang, "language of the built-in dictionary: en (ENABLE) or ru (hunspell-ru stems)")
	fs.StringVar(&f.path, "dict", "", "your own word list `FILE` (UTF-8, one word per line, # comments) instead of the built-in one")
	return f
}

func (f *dictFlags) open() (*dict.Dict, error) { return openDict(f.lang, f.path) }
