// Command gen builds the automata of the built-in dictionaries from their
// upstream lists and writes them, with a record of the sources, to the
// dict/data directory. Run it through `go generate ./dict` (or
// `make dicts`); the output is reproducible byte for byte.
//
//	go run ./dict/internal/gen -enable ENABLE.txt -hunspell ru_RU.dic -out dict/data
//
// The Russian lists need the .aff file beside the .dic (ru_RU.aff): every
// entry is expanded through its suffix rules (dict/internal/affix). With
// -agree, gen instead measures how far that expansion agrees with
// hunspell's own verdict (`hunspell -d ru_RU -l`) and prints the figures.
package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tilescope/tilescope/dict"
	"github.com/tilescope/tilescope/dict/internal/source"
)

func main() {
	enable := flag.String("enable", "", "the ENABLE word list (enable1.txt)")
	hunspell := flag.String("hunspell", "", "hunspell-ru's ru_RU.dic")
	out := flag.String("out", "data", "output directory")
	agree := flag.Int("agree", 0, "measure agreement with hunspell -l: sample this many forms for candidate forms (needs the hunspell command)")
	flag.Parse()
	if *agree > 0 {
		if err := measureAgreement(*hunspell, *agree, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
		return
	}
	if *enable == "" && *hunspell == "" {
		fmt.Fprintln(os.Stderr, "gen: give -enable and/or -hunspell")
		os.Exit(2)
	}
	if err := run(*enable, *hunspell, *out, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(enable, hunspell, out string, log io.Writer) error {
	if enable != "" {
		raw, err := os.ReadFile(enable)
		if err != nil {
			return err
		}
		words, err := source.Enable(bytes.NewReader(raw))
		if err != nil {
			return err
		}
		if err := write(out, "en.tsd", words, raw, log); err != nil {
			return err
		}
	}
	if hunspell != "" {
		raw, err := os.ReadFile(hunspell)
		if err != nil {
			return err
		}
		affPath := affFor(hunspell)
		aff, err := os.ReadFile(affPath)
		if err != nil {
			return err
		}
		ru, err := source.Hunspell(bytes.NewReader(raw), bytes.NewReader(aff))
		if err != nil {
			return err
		}
		reasons := make([]string, 0, len(ru.Dropped))
		for k := range ru.Dropped {
			reasons = append(reasons, k)
		}
		sort.Strings(reasons)
		for _, k := range reasons {
			fmt.Fprintf(log, "ru: dropped %6d entries: %s\n", ru.Dropped[k], k)
		}
		fmt.Fprintf(log, "ru: %d suffix rules, %d entries kept, %d nouns\n", ru.Rules, len(ru.Entries), len(ru.Nouns))
		if err := write(out, "ru.tsd", ru.Forms, raw, log); err != nil {
			return err
		}
		if err := write(out, "ru-nouns.tsd", ru.Nouns, raw, log); err != nil {
			return err
		}
		if err := write(out, "ru-entries.tsd", ru.Entries, raw, log); err != nil {
			return err
		}
		// The rules themselves, for finding a form's lemma at run time.
		if err := os.WriteFile(filepath.Join(out, "ru.aff"), aff, 0o644); err != nil {
			return err
		}
		sum := sha256.Sum256(aff)
		if err := recordSource(out, "ru.aff", hex.EncodeToString(sum[:])); err != nil {
			return err
		}
	}
	return nil
}

func write(dir, name string, words []string, raw []byte, log io.Writer) error {
	d, err := dict.New(words, name)
	if err != nil {
		return err
	}
	data, err := d.MarshalBinary()
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		return err
	}
	sum := sha256.Sum256(raw)
	fmt.Fprintf(log, "%s: %d words, %d bytes (source %d bytes, sha256 %s)\n",
		name, d.Len(), len(data), len(raw), hex.EncodeToString(sum[:]))
	return recordSource(dir, name, hex.EncodeToString(sum[:]))
}

// recordSource keeps data/SOURCES: one line per automaton with the
// sha256 of the upstream file it was built from, so the tests can tell
// whether the installed upstream file is the one the automaton came from.
func recordSource(dir, name, sum string) error {
	path := filepath.Join(dir, "SOURCES")
	old, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	lines := []string{}
	for _, l := range strings.Split(string(old), "\n") {
		if l != "" && !strings.HasPrefix(l, name+" ") {
			lines = append(lines, l)
		}
	}
	lines = append(lines, name+" "+sum)
	sort.Strings(lines)
	return os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
}

// affFor is the .aff file beside a .dic file.
func affFor(dic string) string {
	return strings.TrimSuffix(dic, ".dic") + ".aff"
}
