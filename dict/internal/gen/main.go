// Command gen builds the automata of the built-in dictionaries from their
// upstream lists and writes them, with a record of the sources, to the
// dict/data directory. Run it through `go generate ./dict` (or
// `make dicts`); the output is reproducible byte for byte.
//
//	go run ./dict/internal/gen -enable ENABLE.txt -hunspell ru_RU.dic -out dict/data
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
	flag.Parse()
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
		words, dropped, err := source.HunspellStems(bytes.NewReader(raw))
		if err != nil {
			return err
		}
		reasons := make([]string, 0, len(dropped))
		for k := range dropped {
			reasons = append(reasons, k)
		}
		sort.Strings(reasons)
		for _, k := range reasons {
			fmt.Fprintf(log, "ru: dropped %6d: %s\n", dropped[k], k)
		}
		if err := write(out, "ru.tsd", words, raw, log); err != nil {
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
