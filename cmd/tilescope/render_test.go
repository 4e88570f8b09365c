package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRender(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "after.txt")
	if err := os.WriteFile(state, []byte(". . .\n. C A\n. . T2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		out  string
		args []string
	}{
		{"jpeg", "scene.jpg", []string{"--seed", "3"}},
		{"png small clean", "scene.png", []string{"--width", "320", "--height", "240", "--clean", "--tilt", "20"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, tc.out)
			var stdout, stderr bytes.Buffer
			args := append([]string{"render", "--game", "upwords", "--state", state, "--out", out}, tc.args...)
			if err := run(context.Background(), args, &stdout, &stderr); err != nil {
				t.Fatalf("render: %v (%s)", err, stderr.String())
			}
			f, err := os.Open(out)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if strings.HasSuffix(out, ".png") {
				img, err := png.Decode(f)
				if err != nil || img.Bounds().Dx() != 320 {
					t.Fatalf("png: %v, %v", err, img)
				}
			} else if _, err := jpeg.Decode(f); err != nil {
				t.Fatalf("jpeg: %v", err)
			}
			js, err := os.ReadFile(strings.TrimSuffix(out, filepath.Ext(out)) + ".json")
			if err != nil {
				t.Fatal(err)
			}
			var truth struct {
				Game  string
				Board struct{ Rows, Cols int }
				Cells []struct {
					Row, Col, Height int
					Letter           string
				}
			}
			if err := json.Unmarshal(js, &truth); err != nil {
				t.Fatal(err)
			}
			if truth.Game != "upwords" || truth.Board.Rows != 3 || len(truth.Cells) != 9 {
				t.Errorf("truth: %+v", truth)
			}
			for _, c := range truth.Cells {
				if c.Row == 2 && c.Col == 2 && (c.Letter != "T" || c.Height != 2) {
					t.Errorf("cell (2,2) = %+v, want T2", c)
				}
			}
		})
	}
}

func TestRenderBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte(". . .\n. Q .\n"), 0o644)
	good := filepath.Join(dir, "good.txt")
	os.WriteFile(good, []byte(". . .\n. A .\n"), 0o644)
	out := filepath.Join(dir, "x.jpg")
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"no game", []string{"render", "--state", good, "--out", out}, "required"},
		{"unknown game", []string{"render", "--game", "go", "--state", good, "--out", out}, "unknown game"},
		{"missing state", []string{"render", "--game", "upwords", "--state", filepath.Join(dir, "none.txt"), "--out", out}, "none.txt"},
		{"bad cell", []string{"render", "--game", "upwords", "--state", bad, "--out", out}, "bad.txt:2: cell 2"},
		{"bad extension", []string{"render", "--game", "upwords", "--state", good, "--out", filepath.Join(dir, "x.gif")}, ".gif"},
		{"bad difficulty", []string{"render", "--game", "upwords", "--state", good, "--out", out, "--difficulty", "insane"}, "insane"},
		{"bad tilt", []string{"render", "--game", "upwords", "--state", good, "--out", out, "--tilt", "75"}, "tilt"},
		{"tilt not a number", []string{"render", "--game", "upwords", "--state", good, "--out", out, "--tilt", "steep"}, "steep"},
		{"warmth out of range", []string{"render", "--game", "pyramids", "--state", good, "--out", out, "--warmth", "4"}, "--warmth 4"},
		{"warmth not a number", []string{"render-set", "--game", "pyramids", "--n", "1", "--out", dir, "--warmth", "hot"}, "hot"},
		{"motion out of range", []string{"render", "--game", "scrabble", "--state", good, "--out", out, "--motion", "70"}, "--motion 70"},
		{"motion not a number", []string{"render-set", "--game", "scrabble", "--n", "1", "--out", dir, "--motion", "shaky"}, "shaky"},
		{"unknown flag", []string{"render", "--colour", "red"}, "colour"},
		{"set without out", []string{"render-set", "--n", "2"}, "--out"},
		{"set unknown game", []string{"render-set", "--game", "chess", "--n", "1", "--out", dir}, "chess"},
		{"set bad edition", []string{"render-set", "--edition", "9", "--n", "1", "--out", dir}, "edition 9"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := run(context.Background(), tc.args, &stdout, &stderr)
			if code := exitCode(err, &stderr); code != 2 {
				t.Fatalf("exit %d (%v), want 2", code, err)
			}
			if !strings.Contains(stderr.String(), tc.want) {
				t.Errorf("stderr %q does not say %q", stderr.String(), tc.want)
			}
			if n := strings.Count(stderr.String(), "\n"); n != 1 {
				t.Errorf("stderr has %d lines, want one:\n%s", n, stderr.String())
			}
		})
	}
}

func TestRenderSet(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	args := []string{"render-set", "--game", "lexicon", "--n", "2", "--seed", "4", "--out", dir, "--width", "410", "--height", "308"}
	if err := run(context.Background(), args, &stdout, &stderr); err != nil {
		t.Fatalf("render-set: %v (%s)", err, stderr.String())
	}
	index, err := os.ReadFile(filepath.Join(dir, "index.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSpace(string(index)), "\n"); len(lines) != 3 || !strings.HasPrefix(lines[1], "0000.jpg\tlexicon\t400000\t") {
		t.Errorf("index.tsv:\n%s", index)
	}
	for _, name := range []string{"0000.jpg", "0000.json", "0000.txt", "0001.jpg", "0001.json", "0001.txt"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
	if n := strings.Count(stdout.String(), "\n"); n != 2 {
		t.Errorf("%d lines of output, want one per scene:\n%s", n, stdout.String())
	}
}
