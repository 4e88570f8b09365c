package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tilescope/tilescope/dict"
	"github.com/tilescope/tilescope/dict/wordnet"
)

func init() {
	register(command{name: "challenge", summary: "settle a challenge: is each WORD in the dictionary?", run: runChallenge})
}

// runChallenge prints one line per word: WORD<TAB>valid|invalid, and for a
// valid English word a third column with a short WordNet definition when
// one is known; for a valid Russian word, the entries it is a form of and
// their parts of speech (Debian has no free Russian definitions). Without
// --lang each word's letters choose the list: Cyrillic Russian, else
// English. WORD is echoed upper-cased (as players write words on the
// score pad; Ё stays Ё). Exit 0 when every word is valid, 1 when any is
// not, 2 for usage errors or a bad --dict file. Without WordNet the words
// are still checked, and one note on stderr says no definitions are
// available.
func runChallenge(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("challenge", flag.ContinueOnError)
	// Parse errors are reported as one line (exit 2), not with the flag
	// package's usage dump; -h prints the usage.
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	df := addDictFlags(fs, "")
	wnDir := fs.String("wordnet", "", "WordNet database `DIR` for definitions (default $WNSEARCHDIR or "+wordnet.DefaultDir+")")
	noDef := fs.Bool("no-definitions", false, "check the words only")
	licence := fs.Bool("licence", false, "print where the built-in word lists come from and their licences, and exit")
	words, err := parseInterspersed(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stderr, "usage: tilescope challenge [--lang en|ru] [--nouns] [--dict FILE] [--wordnet DIR] WORD...")
			fmt.Fprintln(stderr, "Prints WORD<TAB>valid|invalid[<TAB>definition] per word; exit 0 if all are valid, 1 if not.")
			fs.SetOutput(stderr)
			fs.PrintDefaults()
			return nil
		}
		return usageErrorf("challenge: %v", err)
	}
	if *licence {
		fmt.Fprint(stdout, dict.Notice())
		return nil
	}
	if len(words) == 0 {
		return usageErrorf("challenge: no words given (usage: tilescope challenge [--lang en|ru] [--dict FILE] WORD...)")
	}
	for i, w := range words {
		if err := checkChallengeWord(w); err != nil {
			return usageErrorf("challenge: word %d %v", i+1, err)
		}
	}
	if df.lang != "" {
		if _, err := dictLang(df.lang); err != nil {
			return err
		}
	}
	// The lists, per language: one user list for every word, or the
	// built-in list of each word's language.
	dicts := map[string]*dict.Dict{}
	if df.path != "" {
		d, err := df.open()
		if err != nil {
			return err
		}
		dicts["en"], dicts["ru"] = d, d
	} else {
		for _, w := range words {
			l := df.langFor(w)
			if dicts[l] == nil {
				d, err := openDictRules(l, "", df.nouns)
				if err != nil {
					return err
				}
				dicts[l] = d
			}
		}
	}

	// Definitions: English from WordNet when it is installed (opened at the
	// first valid English word); Russian: the lemma and part of speech.
	var wn *wordnet.WordNet
	wnTried := false

	allValid := true
	for _, w := range words {
		if err := ctx.Err(); err != nil {
			return err
		}
		lang := df.langFor(w)
		word := strings.ToUpper(strings.TrimSpace(w))
		if !dicts[lang].Contains(strings.TrimSpace(w)) {
			allValid = false
			fmt.Fprintf(stdout, "%s\tinvalid\n", word)
			continue
		}
		line := word + "\tvalid"
		switch {
		case *noDef:
		case lang == "ru":
			if forms := russianForms(w); forms != "" {
				line += "\t" + forms
			}
		default:
			if !wnTried {
				wnTried = true
				if wn, err = wordnet.Open(*wnDir); err != nil {
					fmt.Fprintf(stderr, "tilescope: no definition available: %v\n", err)
					wn = nil
				}
			}
			if wn == nil {
				break
			}
			def, ok, err := wn.Define(w)
			if err != nil {
				// A damaged database costs the definition, not the verdict.
				fmt.Fprintf(stderr, "tilescope: %s: %v\n", word, err)
			} else if ok {
				line += "\t" + oneLine(def.String())
			}
		}
		fmt.Fprintln(stdout, line)
	}
	if !allValid {
		return errSilent
	}
	return nil
}

// parseInterspersed parses flags that may come before, between or after
// the words (`challenge qi za --lang en`) and returns the words. After
// "--" everything is a word.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var words []string
	for {
		if err := parseArgs(fs, args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			return append(words, rest...), nil
		}
		if len(rest) == 0 {
			return words, nil
		}
		words = append(words, rest[0])
		args = rest[1:]
	}
}

// russianForms is what a challenge shows of a Russian word instead of a
// definition: the hunspell-ru entries it is a form of, with their parts of
// speech ("кот (noun)"; "стать (verb); сталь (noun)"). An entry that is
// the word itself with no known part of speech says nothing and is left
// out.
func russianForms(word string) string {
	w := dict.Fold(strings.TrimSpace(word))
	var parts []string
	for _, l := range dict.RussianLemmas(w) {
		if dict.Fold(l.Word) == w && l.POS == "" {
			continue
		}
		parts = append(parts, l.String())
	}
	return strings.Join(parts, "; ")
}

// checkChallengeWord refuses a word that could not be echoed on one output
// line as one field: empty, not UTF-8, or holding a tab, a line break or
// another control character (which would forge a column or a line).
func checkChallengeWord(w string) error {
	switch {
	case strings.TrimSpace(w) == "":
		return errors.New("is empty")
	case !utf8.ValidString(w):
		return fmt.Errorf("%q is not valid UTF-8", w)
	}
	for i, r := range w {
		if unicode.IsControl(r) {
			return fmt.Errorf("%q has a control character (%U) at byte %d: want letters", w, r, i)
		}
	}
	return nil
}
