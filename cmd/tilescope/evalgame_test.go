package main

import (
	"bytes"
	"context"
	"regexp"
	"strconv"
	"testing"
)

func TestEvalGame(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and reads a short game")
	}
	var stdout, stderr bytes.Buffer
	args := []string{"eval-game", "--games", "1", "--turns", "4", "--seed", "3", "--difficulty", "easy"}
	if err := run(context.Background(), args, &stdout, &stderr); err != nil {
		t.Fatalf("eval-game: %v (%s)", err, stderr.String())
	}
	out := stdout.String()
	// Every figure is printed, and after the taps every turn stands as
	// the truth's (the command itself fails when the session's board and
	// the truth differ after the corrections).
	for _, field := range []string{"photos read:", "turns right:", "taps:", "heights right:", "letters right:", "time per turn:"} {
		if !bytes.Contains(stdout.Bytes(), []byte(field)) {
			t.Errorf("no %q in\n%s", field, out)
		}
	}
	m := regexp.MustCompile(`scores right: +([0-9.]+)% \((\d+)/(\d+)\)`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no scores line in\n%s", out)
	}
	if n, _ := strconv.Atoi(m[3]); n == 0 || m[2] != m[3] {
		t.Errorf("scores right %s/%s, want every turn scored as the truth after the taps", m[2], m[3])
	}
}

func TestEvalGameBadFlags(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"no games", []string{"eval-game", "--games", "0"}},
		{"too many turns", []string{"eval-game", "--turns", "1000"}},
		{"unknown difficulty", []string{"eval-game", "--difficulty", "brutal", "--games", "1"}},
		{"stray argument", []string{"eval-game", "dir"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := run(context.Background(), tc.args, &stdout, &stderr)
			if code := exitCode(err, &stderr); code != 2 {
				t.Errorf("err %v (exit %d), want bad input (2)", err, code)
			}
		})
	}
}
