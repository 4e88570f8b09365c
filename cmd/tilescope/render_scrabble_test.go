//go:build !lean

package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	vscr "github.com/tilescope/tilescope/vision/scrabble"
)

// TestRenderScrabble: render --game scrabble writes the picture, its truth
// and its label as a real photo's hand label is written (the board, a
// blank in lower case, and the grid's corners), which eval-scan reads; a
// --board edition the renderer does not know is bad input.
func TestRenderScrabble(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "board.txt")
	rows := strings.Repeat(". . . . . . . . . . . . . . .\n", 7) +
		". . . . . . C a T . . . . . .\n" +
		strings.Repeat(". . . . . . . . . . . . . . .\n", 7)
	if err := os.WriteFile(state, []byte(rows), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "scene.jpg")
	var stdout, stderr bytes.Buffer
	args := []string{"render", "--game", "scrabble", "--state", state, "--out", out, "--board", "white", "--width", "820", "--height", "616"}
	if err := run(context.Background(), args, &stdout, &stderr); err != nil {
		t.Fatalf("render: %v (%s)", err, stderr.String())
	}
	l, err := vscr.LoadLabel(filepath.Join(dir, "scene.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !l.HasCorners || l.Cells[7][6] != "C" || l.Cells[7][7] != "a" || l.Cells[7][8] != "T" || l.Cells[0][0] != "" {
		t.Errorf("label: corners %v, row 7 %q", l.HasCorners, l.Cells[7])
	}
	js, err := os.ReadFile(filepath.Join(dir, "scene.json"))
	if err != nil || !bytes.Contains(js, []byte(`"edition": "white"`)) {
		t.Errorf("truth without the edition (%v)", err)
	}
	cases := []struct {
		name string
		args []string
	}{
		{"unknown edition", []string{"render", "--game", "scrabble", "--state", state, "--out", filepath.Join(dir, "x.jpg"), "--board", "tartan"}},
		{"label over the state", []string{"render", "--game", "scrabble", "--state", state, "--out", filepath.Join(dir, "board.png")}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := run(context.Background(), tc.args, &stdout, &stderr)
			if code := exitCode(err, &stderr); code != 2 {
				t.Errorf("err %v (exit %d), want bad input", err, code)
			}
		})
	}
}

// TestRenderSetScrabble: a render set of Scrabble scenes is scored by
// eval-scan --game scrabble over its own labels.
func TestRenderSetScrabble(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and reads two scenes")
	}
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	args := []string{"render-set", "--game", "scrabble", "--n", "2", "--seed", "3", "--difficulty", "easy", "--board", "red", "--out", dir}
	if err := run(context.Background(), args, &stdout, &stderr); err != nil {
		t.Fatalf("render-set: %v (%s)", err, stderr.String())
	}
	stdout.Reset()
	if err := run(context.Background(), []string{"eval-scan", "--game", "scrabble", "--photos", dir, "--labels", dir}, &stdout, &stderr); err != nil {
		t.Fatalf("eval-scan: %v (%s)", err, stderr.String())
	}
	if !strings.Contains(stdout.String(), "all: 2 photos") || !strings.Contains(stdout.String(), "board found     100.00% (2/2)") {
		t.Errorf("eval-scan over the set:\n%s", stdout.String())
	}
}
