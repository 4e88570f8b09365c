//go:build !lean

package main

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
)

func TestMemoryLimit(t *testing.T) {
	tests := []struct {
		name      string
		args      []string
		gomemlim  string
		wantLimit int64
		wantSet   bool
	}{
		{"scan: the default", []string{"scan", "--game", "scrabble", "board.jpg"}, "", defaultMemoryLimit, true},
		{"serve: the default", []string{"serve", "--camera", "demo"}, "", defaultMemoryLimit, true},
		{"GOMEMLIMIT set: the runtime's", []string{"scan", "board.jpg"}, "200MiB", 0, false},
		{"GOMEMLIMIT=off: no limit", []string{"serve"}, "off", 0, false},
		{"a command that scans no photo", []string{"score", "--game", "lexicon"}, "", 0, false},
		{"help", []string{"help"}, "", 0, false},
		{"an unknown command", []string{"frobnicate"}, "", 0, false},
		{"no command", nil, "", 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			getenv := func(k string) string {
				if k == "GOMEMLIMIT" {
					return tc.gomemlim
				}
				return ""
			}
			n, ok := memoryLimit(tc.args, getenv)
			if n != tc.wantLimit || ok != tc.wantSet {
				t.Errorf("memoryLimit(%q, GOMEMLIMIT=%q) = %d, %v, want %d, %v", tc.args, tc.gomemlim, n, ok, tc.wantLimit, tc.wantSet)
			}
		})
	}
}

// The policy in a process of its own (this test binary re-run with
// memPolicyArgsEnv set): the limit the runtime holds after
// setMemoryPolicy, with GOMEMLIMIT as the environment gives it.
const memPolicyArgsEnv = "TILESCOPE_MEMPOLICY_ARGS"

func TestMemoryPolicyChild(t *testing.T) {
	args := os.Getenv(memPolicyArgsEnv)
	if args == "" {
		t.Skip("only run as the child of TestMemoryPolicy")
	}
	setMemoryPolicy(strings.Fields(args))
	fmt.Println("limit", debug.SetMemoryLimit(-1))
	os.Exit(0)
}

func TestMemoryPolicy(t *testing.T) {
	tests := []struct {
		name     string
		args     string
		gomemlim string // "": not in the environment
		want     int64
	}{
		{"scan: the default", "scan x.jpg", "", defaultMemoryLimit},
		{"serve: the default", "serve", "", defaultMemoryLimit},
		{"GOMEMLIMIT kept", "scan x.jpg", "200MiB", 200 << 20},
		{"GOMEMLIMIT=off kept", "serve", "off", math.MaxInt64},
		{"score: no limit", "score", "", math.MaxInt64},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestMemoryPolicyChild$", "-test.v=false")
			env := []string{memPolicyArgsEnv + "=" + tc.args}
			for _, kv := range os.Environ() {
				if !strings.HasPrefix(kv, "GOMEMLIMIT=") {
					env = append(env, kv)
				}
			}
			if tc.gomemlim != "" {
				env = append(env, "GOMEMLIMIT="+tc.gomemlim)
			}
			cmd.Env = env
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("child: %v\n%s", err, out)
			}
			var got int64 = -1
			for _, line := range strings.Split(string(out), "\n") {
				if v, ok := strings.CutPrefix(line, "limit "); ok {
					got, _ = strconv.ParseInt(v, 10, 64)
				}
			}
			if got != tc.want {
				t.Errorf("%s with GOMEMLIMIT=%q: limit %d, want %d\n%s", tc.args, tc.gomemlim, got, tc.want, out)
			}
		})
	}
}
