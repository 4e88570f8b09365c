//go:build lean

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// The lean build: `make build` puts two programs in bin/. bin/tilescope is
// this package built with the tag lean and without cgo: it holds only the
// commands that need neither OpenCV nor Tesseract (challenge, score; the
// files without the build constraint !lean) and starts in a few
// milliseconds, a static binary that maps no shared library. Every other
// command, and the help, it hands on to bin/tilescope-full, the whole
// program (this package without the tag), by exec: the same process, the
// same arguments, environment and exit status. Linked against OpenCV and
// Tesseract, the whole program makes the dynamic loader map and bind 268
// shared libraries before main runs: tens of milliseconds and about 90 MB
// of memory for any command (docs/pi.md, "A lean start").
//
// A file of this package that imports a package using cgo (vision, ocr,
// web, ...) must carry the build constraint !lean; TestLeanBuild builds
// the lean program and fails with the file's name when one does not.

// fullName is the whole program's file name, beside this one.
const fullName = "tilescope-full"

func init() { delegate = execFull }

// execFull replaces this process with tilescope-full, the same directory
// as this program (symbolic links resolved), running args.
func execFull(args []string) error {
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("tilescope: cannot find this program's path for %s: %w", fullName, err)
	}
	full := filepath.Join(filepath.Dir(exe), fullName)
	argv := append([]string{full}, args...)
	err = syscall.Exec(full, argv, os.Environ())
	// Exec returns only when it failed.
	what := "this command"
	if len(args) > 0 {
		what = fmt.Sprintf("%q", args[0])
	}
	return fmt.Errorf("tilescope: %s needs the whole program %s (make build puts it beside tilescope): %w", what, full, err)
}
