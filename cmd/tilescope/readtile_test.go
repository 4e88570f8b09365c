package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestReadTile(t *testing.T) {
	real := filepath.Join("..", "..", "ocr", "testdata", "real")
	dir := t.TempDir()
	corrupt := filepath.Join(dir, "corrupt.png")
	os.WriteFile(corrupt, []byte("\x89PNG\r\n\x1a\nnot really"), 0o644)
	tests := []struct {
		name     string
		args     []string
		wantExit int
		want     []string // LETTER per line
		errHas   string
	}{
		{"letters", []string{filepath.Join(real, "K_0_9.png"), filepath.Join(real, "T_0_15.png")}, 0, []string{"K", "T"}, ""},
		{"no tile", []string{filepath.Join(real, "empty_0.png")}, 0, []string{"."}, ""},
		{"missing file", []string{filepath.Join(dir, "nope.png")}, 2, nil, "nope.png"},
		{"corrupt file", []string{corrupt}, 2, nil, "corrupt.png"},
		{"no image", nil, 2, nil, "no IMAGE"},
		{"bad alphabet", []string{"--alphabet", "fi", filepath.Join(real, "K_0_9.png")}, 2, nil, "alphabet"},
		{"bad backend", []string{"--backend", "magic", filepath.Join(real, "K_0_9.png")}, 2, nil, "backend"},
		{"bad model file", []string{"--model", corrupt, filepath.Join(real, "K_0_9.png")}, 2, nil, "corrupt"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			err := run(context.Background(), append([]string{"read-tile"}, tt.args...), &out, &errb)
			code := exitCode(err, &errb)
			if code != tt.wantExit {
				t.Fatalf("exit %d, want %d (stderr %q)", code, tt.wantExit, errb.String())
			}
			if tt.errHas != "" && !strings.Contains(errb.String(), tt.errHas) {
				t.Errorf("stderr %q does not name %q", errb.String(), tt.errHas)
			}
			if tt.want == nil {
				return
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			if len(lines) != len(tt.want) {
				t.Fatalf("output %q, want %d lines", out.String(), len(tt.want))
			}
			for i, l := range lines {
				f := strings.Split(l, "\t")
				if len(f) != 3 || f[0] != tt.args[i] || f[1] != tt.want[i] {
					t.Errorf("line %q, want %s<TAB>%s<TAB>CONF", l, tt.args[i], tt.want[i])
					continue
				}
				if c, err := strconv.ParseFloat(f[2], 64); err != nil || c < 0 || c > 1 {
					t.Errorf("conf %q not in 0..1", f[2])
				}
			}
		})
	}
}

func TestEvalTiles(t *testing.T) {
	// A folder of crops, one sub-folder per letter.
	dir := t.TempDir()
	real := filepath.Join("..", "..", "ocr", "testdata", "real")
	for _, c := range []struct{ src, sub string }{{"K_0_9.png", "K"}, {"T_0_15.png", "T"}, {"empty_0.png", "empty"}} {
		data, err := os.ReadFile(filepath.Join(real, c.src))
		if err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(filepath.Join(dir, c.sub), 0o755)
		os.WriteFile(filepath.Join(dir, c.sub, c.src), data, 0o644)
	}
	var out, errb bytes.Buffer
	err := run(context.Background(), []string{"eval-tiles", dir}, &out, &errb)
	if code := exitCode(err, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"3 crops", "ours: 3/3 right = 100.00%", "per letter: . 1/1 K 1/1 T 1/1", "confusions: none"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	err = run(context.Background(), []string{"eval-tiles", filepath.Join(dir, "nothing")}, &out, &errb)
	if code := exitCode(err, &errb); code != 2 {
		t.Errorf("missing dir: exit %d, want 2", code)
	}
	for _, bad := range [][]string{
		{"--render", "upwords", "--typefaces", "NoSuchFont-Bold"},
		{"--render", "upwords", "--print", "glossy"},
	} {
		errb.Reset()
		err = run(context.Background(), append([]string{"eval-tiles"}, bad...), &out, &errb)
		if code := exitCode(err, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
	// One rendered scene in a named typeface and another maker's print.
	out.Reset()
	err = run(context.Background(), []string{"eval-tiles", "--render", "upwords", "--scenes", "1", "--mode", "warp",
		"--typefaces", "GoBold", "--print", "varied"}, &out, &errb)
	if code := exitCode(err, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if want := `(typefaces "GoBold", print varied)`; !strings.Contains(out.String(), want) {
		t.Errorf("output lacks %q:\n%s", want, out.String())
	}
}
