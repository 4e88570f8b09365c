package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

func init() {
	register(command{name: "challenge", summary: "settle a challenge: is each WORD in the dictionary?", run: runChallenge})
}

// runChallenge prints one line per word, WORD<TAB>valid|invalid, with a
// third column holding a short definition where one is known. WORD is
// echoed in upper case, as players write words on a score pad. Exit 0 when
// every word is valid, 1 when any is not, 2 for usage errors.
func runChallenge(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("challenge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: tilescope challenge [--lang en|ru] [--dict FILE] WORD...")
		fs.PrintDefaults()
	}
	df := addDictFlags(fs, "en")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return usageErrorf("challenge: %v", err)
	}
	words := fs.Args()
	if len(words) == 0 {
		return usageErrorf("challenge: no words given (usage: tilescope challenge [--lang en|ru] [--dict FILE] WORD...)")
	}
	for i, w := range words {
		if strings.TrimSpace(w) == "" {
			return usageErrorf("challenge: word %d is empty", i+1)
		}
	}
	d, err := df.open()
	if err != nil {
		return err
	}
	allValid := true
	for _, w := range words {
		ok := d.Contains(w)
		verdict := "valid"
		if !ok {
			verdict = "invalid"
			allValid = false
		}
		fmt.Fprintf(stdout, "%s\t%s\n", strings.ToUpper(w), verdict)
	}
	if !allValid {
		return silentNo
	}
	return nil
}
