package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
)

// parseArgs parses a command's flags quietly: a flag that is wrong is the
// one error line main prints (the flag package would print the whole usage
// too), -h still prints the usage the command set up (flag.ErrHelp
// returned), and every number flag must be finite (NaN and Inf are bad
// input, not a panic later).
func parseArgs(fs *flag.FlagSet, args []string) error {
	out, usage := fs.Output(), fs.Usage
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	err := fs.Parse(args)
	fs.SetOutput(out)
	fs.Usage = usage
	if errors.Is(err, flag.ErrHelp) {
		if usage != nil {
			usage()
		} else {
			fmt.Fprintf(out, "usage of %s:\n", fs.Name())
			fs.PrintDefaults()
		}
		return err
	}
	if err != nil {
		return err
	}
	return checkFinite(fs)
}

// checkFinite refuses a float flag given as NaN or ±Inf.
func checkFinite(fs *flag.FlagSet) error {
	var bad error
	fs.Visit(func(f *flag.Flag) {
		g, ok := f.Value.(flag.Getter)
		if !ok || bad != nil {
			return
		}
		if v, ok := g.Get().(float64); ok && (math.IsNaN(v) || math.IsInf(v, 0)) {
			bad = fmt.Errorf("invalid value %q for flag -%s: want a finite number", f.Value.String(), f.Name)
		}
	})
	return bad
}
