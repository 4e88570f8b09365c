// Command tilescope is the scorekeeper and referee of physical word games.
//
// main stays thin: it maps run's error to an exit status (DESIGN.md):
// 0 success or "yes", 1 the rules or the dictionary say no, 2 bad input or
// usage (one line on stderr that says what and where), anything else a bug.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	setMemoryPolicy(os.Args[1:])
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(exitCode(err, os.Stderr))
}

// command is one subcommand. Each lives in its own file and adds itself to
// commands from an init function, so subcommands can be added independently.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) error
	// scansPhotos: the command reads boards or tiles from photos, and
	// the program runs it under the soft memory limit (memlimit.go).
	scansPhotos bool
}

var commands = map[string]command{}

func register(c command) {
	if _, dup := commands[c.name]; dup {
		panic("tilescope: command registered twice: " + c.name)
	}
	commands[c.name] = c
}

// delegate, when set (the lean build, lean.go), runs by another program
// the commands this build leaves out, and the help that lists them all.
var delegate func(args []string) error

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 2 && args[0] == "help" && !strings.HasPrefix(args[1], "-") {
		// `tilescope help serve` is `tilescope serve -h`: the command's
		// own options, not the list of commands.
		return run(ctx, []string{args[1], "-h"}, stdout, stderr)
	}
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		if delegate != nil {
			return delegate(args)
		}
		fmt.Fprint(stdout, usage())
		if len(args) == 0 {
			return usageErrorf("no command given")
		}
		return nil
	}
	if args[0] == "version" || args[0] == "--version" {
		fmt.Fprintln(stdout, "tilescope", version)
		return nil
	}
	c, ok := commands[args[0]]
	if !ok {
		if delegate != nil {
			return delegate(args)
		}
		return usageErrorf("unknown command %q (try: tilescope help)", args[0])
	}
	return c.run(ctx, args[1:], stdout, stderr)
}

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

func usage() string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("usage: tilescope COMMAND [options]\n\ncommands:\n")
	for _, n := range names {
		fmt.Fprintf(&b, "  %-10s %s\n", n, commands[n].summary)
	}
	b.WriteString("\nRun 'tilescope COMMAND -h' for a command's options.\n")
	return b.String()
}

// errNo is returned (wrapped) when the rules or the dictionary say no:
// an illegal move, a word that is not a word. Exit status 1.
var errNo = errors.New("no")

// badInput marks an error as the user's: bad input or usage. Exit status 2.
type badInput struct{ err error }

func (e badInput) Error() string { return e.err.Error() }
func (e badInput) Unwrap() error { return e.err }

func usageErrorf(format string, a ...any) error {
	return badInput{fmt.Errorf(format, a...)}
}

// asBadInput wraps err as bad input unless it is nil.
func asBadInput(err error) error {
	if err == nil {
		return nil
	}
	return badInput{err}
}

// errSilent is an errNo whose explanation was already printed (for example as
// JSON on stdout): exit 1 with nothing more on stderr.
var errSilent = fmt.Errorf("%w", errNo)

func exitCode(err error, stderr io.Writer) int {
	var bi badInput
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errSilent):
		return 1
	case errors.Is(err, errNo):
		fmt.Fprintln(stderr, "tilescope:", oneLine(err.Error()))
		return 1
	case errors.As(err, &bi):
		fmt.Fprintln(stderr, "tilescope:", oneLine(err.Error()))
		return 2
	case errors.Is(err, context.Canceled):
		return 130
	default:
		fmt.Fprintln(stderr, "tilescope: internal error:", err)
		return 3
	}
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", " ")), " ")
}
