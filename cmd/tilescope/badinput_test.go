package main

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// runLine runs `tilescope args...` in this process: its exit status, stdout
// and stderr.
func runLine(args ...string) (int, string, string) {
	var out, errb strings.Builder
	err := run(context.Background(), args, &out, &errb)
	code := exitCode(err, &errb)
	return code, out.String(), errb.String()
}

// TestUnknownFlagIsOneLine: every command answers an unknown flag with one
// line on stderr and exit 2, not its whole usage (issue 19: 19-35 lines).
func TestUnknownFlagIsOneLine(t *testing.T) {
	var names []string
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		t.Run(n, func(t *testing.T) {
			args := []string{n, "--no-such-flag"}
			if n == "score" {
				args = append(args, "--game", "upwords")
			}
			code, out, stderr := runLine(args...)
			if code != 2 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "no-such-flag") || out != "" {
				t.Errorf("tilescope %v: exit %d, stdout %q, stderr %q; want 2 and one line naming the flag", args, code, out, stderr)
			}
		})
	}
}

// TestBadInputIsOneLine: bad input on the command line exits 2 with one
// line that says what is wrong, and prints nothing else (issue 19,
// point 8).
func TestBadInputIsOneLine(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	state := write("state.txt", ". . .\n. A .\n. . .\n")
	out := filepath.Join(dir, "out.jpg")
	long := write("long.txt", strings.Repeat("A ", 600_000)+"\n")
	board := write("board.txt", strings.Repeat(". . . . . . . . . .\n", 10))
	var jb bytes.Buffer
	jpeg.Encode(&jb, image.NewGray(image.Rect(0, 0, 64, 48)), nil)
	photo := write("photo.jpg", jb.String())
	tests := []struct {
		name string
		args []string
		want string // in the one line
	}{
		{"render tilt NaN", []string{"render", "--game", "upwords", "--state", state, "--out", out, "--tilt", "NaN"}, "finite"},
		{"render yaw NaN lexicon", []string{"render", "--game", "lexicon", "--state", state, "--out", out, "--yaw", "NaN"}, "finite"},
		{"render yaw Inf twists", []string{"render", "--game", "twists", "--state", state, "--out", out, "--yaw", "Inf"}, "finite"},
		{"render yaw -Inf upwords", []string{"render", "--game", "upwords", "--state", state, "--out", out, "--yaw", "-Inf"}, "finite"},
		{"render camera height NaN", []string{"render", "--game", "upwords", "--state", state, "--out", out, "--camera-height", "NaN"}, "finite"},
		{"render-set tilt NaN", []string{"render-set", "--game", "upwords", "--n", "1", "--out", dir, "--tilt", "nan"}, "finite"},
		{"render-set camera height Inf", []string{"render-set", "--game", "upwords", "--n", "1", "--out", dir, "--camera-height", "+Inf"}, "finite"},
		{"challenge tab and newline", []string{"challenge", "--no-definitions", "a\tb\nc"}, "control character"},
		{"challenge carriage return", []string{"challenge", "--no-definitions", "cat", "dog\rcat\tvalid"}, "word 2"},
		{"challenge invalid UTF-8", []string{"challenge", "--no-definitions", "ca\xfft"}, "not valid UTF-8"},
		{"score rack-left -1", []string{"score", "--game", "upwords", "--rack-left", "-1"}, "--rack-left -1: want the number of tiles"},
		{"score a long grid line", []string{"score", "--game", "upwords", "--before", long, "--after", board}, "limit of 1048576 bytes"},
		{"score a long layout line", []string{"score", "--game", "lexicon", "--layout", long}, "limit of 1048576 bytes"},
		{"scan data missing", []string{"scan", "--game", "upwords", "--data", filepath.Join(dir, "nonexistent"), photo}, "--data"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runLine(tc.args...)
			if code != 2 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, tc.want) || stdout != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want 2, nothing on stdout and one line with %q", code, stdout, stderr, tc.want)
			}
		})
	}
}
