package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"testing"
)

func TestExitCodes(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want int
	}{
		{"success", nil, 0},
		{"rules say no", fmt.Errorf("CAT: %w", errNo), 1},
		{"no, already explained", errSilent, 1},
		{"bad input", usageErrorf("after.txt:3: bad cell"), 2},
		{"wrapped bad input", fmt.Errorf("scan: %w", asBadInput(errors.New("x"))), 2},
		{"bug", errors.New("boom"), 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stderr bytes.Buffer
			if got := exitCode(tc.err, &stderr); got != tc.want {
				t.Errorf("exitCode(%v) = %d, want %d", tc.err, got, tc.want)
			}
			if tc.want == 2 && bytes.Count(stderr.Bytes(), []byte("\n")) != 1 {
				t.Errorf("bad input must print exactly one line, got %q", stderr.String())
			}
		})
	}
}

func TestUnknownCommandIsBadInput(t *testing.T) {
	var out, errb bytes.Buffer
	err := run(context.Background(), []string{"frobnicate"}, &out, &errb)
	if got := exitCode(err, &errb); got != 2 {
		t.Fatalf("unknown command: exit %d, want 2", got)
	}
}
