//go:build !lean

package main

import (
	"bytes"
	"debug/elf"
	"go/build"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// buildLean builds the lean program (lean.go) into dir as tilescope, the
// way make build does: the tag lean, no cgo.
func buildLean(t *testing.T, dir string) string {
	t.Helper()
	goBin := filepath.Join(build.Default.GOROOT, "bin", "go")
	if _, err := os.Stat(goBin); err != nil {
		if goBin, err = exec.LookPath("go"); err != nil {
			t.Fatalf("no go command to build the lean program: %v", err)
		}
	}
	exe := filepath.Join(dir, "tilescope")
	cmd := exec.Command(goBin, "build", "-tags", "lean", "-o", exe, ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the lean build fails: %v\n%s\n"+
			"A file of cmd/tilescope that imports a package using cgo (vision, ocr, web, ...) "+
			"needs the build constraint //go:build !lean (see lean.go).", err, out)
	}
	return exe
}

// TestLeanBuild: bin/tilescope, the lean program, builds without cgo,
// links no shared library, runs challenge and score itself, and hands
// every other command and the help to tilescope-full beside it, with the
// arguments and the exit status unchanged.
func TestLeanBuild(t *testing.T) {
	dir := t.TempDir()
	exe := buildLean(t, dir)

	f, err := elf.Open(exe)
	if err != nil {
		t.Fatal(err)
	}
	libs, err := f.ImportedLibraries()
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if len(libs) != 0 {
		t.Errorf("the lean program links %d shared libraries (%v), want none", len(libs), libs)
	}

	// A stand-in for the whole program: it says what it was asked and
	// exits with a status of its own.
	full := filepath.Join(dir, fullNameForTest)
	script := "#!/bin/sh\necho \"full:$*\"\nexit 3\n"
	if err := os.WriteFile(full, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	beforeTxt := filepath.Join(dir, "before.txt")
	afterTxt := filepath.Join(dir, "after.txt")
	empty := strings.Repeat(strings.TrimSpace(strings.Repeat(". ", 10))+"\n", 10)
	rows := strings.Split(strings.TrimSuffix(empty, "\n"), "\n")
	rows[4] = ". . . . C A T . . ."
	if err := os.WriteFile(beforeTxt, []byte(empty), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(afterTxt, []byte(strings.Join(rows, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	cases := []struct {
		name     string
		args     []string
		wantCode int
		wantOut  string
	}{
		{"challenge runs here", []string{"challenge", "--no-definitions", "qi"}, 0, "QI\tvalid\n"},
		{"challenge says no here", []string{"challenge", "--no-definitions", "qz"}, 1, "QZ\tinvalid\n"},
		{"score runs here", []string{"score", "--game", "upwords", "--before", beforeTxt, "--after", afterTxt, "--json"}, 0, `"score":`},
		{"version runs here", []string{"version"}, 0, "tilescope "},
		{"scan is handed on", []string{"scan", "--game", "upwords", "x.jpg"}, 3, "full:scan --game upwords x.jpg\n"},
		{"serve is handed on", []string{"serve", "--camera", "demo"}, 3, "full:serve --camera demo\n"},
		{"help is handed on", []string{"help"}, 3, "full:help\n"},
		{"no command is handed on", nil, 3, "full:\n"},
		{"an unknown command is handed on", []string{"frobnicate"}, 3, "full:frobnicate\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(exe, tc.args...)
			var out, errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errb
			err := cmd.Run()
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != tc.wantCode {
				t.Errorf("exit %d, want %d (stderr %q)", code, tc.wantCode, errb.String())
			}
			if !strings.Contains(out.String(), tc.wantOut) {
				t.Errorf("stdout %q, want it to contain %q", out.String(), tc.wantOut)
			}
		})
	}

	// Without the whole program beside it, a command it hands on fails
	// with a line that names the missing file.
	if err := os.Remove(full); err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	cmd := exec.Command(exe, "scan", "x.jpg")
	cmd.Stderr = &errb
	if err := cmd.Run(); err == nil {
		t.Error("scan without tilescope-full succeeded")
	}
	if !strings.Contains(errb.String(), fullNameForTest) || strings.Count(strings.TrimSpace(errb.String()), "\n") != 0 {
		t.Errorf("stderr %q, want one line naming %s", errb.String(), fullNameForTest)
	}
}

// fullNameForTest is lean.go's fullName (that file is not in this build).
const fullNameForTest = "tilescope-full"
