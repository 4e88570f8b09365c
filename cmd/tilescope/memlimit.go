package main

import (
	"os"
	"runtime/debug"
)

// The memory policy of the commands that scan photos (a command registered
// with scansPhotos): the process runs under a soft memory limit
// (debug.SetMemoryLimit), defaultMemoryLimit unless the standard GOMEMLIMIT
// environment variable is set, which the Go runtime has already applied
// (GOMEMLIMIT=off: no limit). Near the limit the collector runs sooner and
// gives freed memory back to the system, so a scan's garbage and the heap's
// freed pieces do not pile up in the resident set; the libraries stay free
// of process-wide calls (docs/scrabble-vision.md, "A memory limit in the
// program"). Memory that C code allocates (OpenCV, Tesseract) is outside
// the limit.
const defaultMemoryLimit = 96 << 20

// memoryLimit is the soft limit for the command line args (without the
// program's name) and whether the program should set it: only for a
// command that scans photos, and only when getenv("GOMEMLIMIT") is empty.
func memoryLimit(args []string, getenv func(string) string) (int64, bool) {
	if len(args) == 0 || getenv("GOMEMLIMIT") != "" {
		return 0, false
	}
	c, ok := commands[args[0]]
	if !ok || !c.scansPhotos {
		return 0, false
	}
	return defaultMemoryLimit, true
}

// setMemoryPolicy sets the soft memory limit memoryLimit asks for.
func setMemoryPolicy(args []string) {
	if n, ok := memoryLimit(args, os.Getenv); ok {
		debug.SetMemoryLimit(n)
	}
}
