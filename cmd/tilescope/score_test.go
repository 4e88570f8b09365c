package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateScore = flag.Bool("update-score", false, "rewrite the score command's golden files in testdata/score/golden")

// runScoreCmd runs `tilescope score args...` and returns stdout, stderr as
// main would print it, and the exit status.
func runScoreCmd(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	err := run(context.Background(), append([]string{"score"}, args...), &stdout, &stderr)
	code := exitCode(err, &stderr)
	return stdout.String(), stderr.String(), code
}

const sd = "testdata/score/"

// TestScoreGolden runs the command with the real dictionary and compares
// its whole output with testdata/score/golden (-update-score rewrites them).
func TestScoreGolden(t *testing.T) {
	tests := []struct {
		name string
		args []string
		exit int
	}{
		{"upwords-snack-lean", []string{"--game", "upwords", "--before", sd + "snack-before.txt", "--after", sd + "snack-after.txt"}, 0},
		{"upwords-snack-lean-json", []string{"--game", "upwords", "--before", sd + "snack-before.txt", "--after", sd + "snack-after.txt", "--json"}, 0},
		{"upwords-cinders-bonus", []string{"--game=upwords", "--before", sd + "cinders-before.txt", "--after", sd + "cinders-after.txt"}, 0},
		{"upwords-first-dear-json", []string{"--json", "--game", "upwords", "--before", sd + "dear-before.txt", "--after", sd + "dear-after.txt"}, 0},
		{"upwords-edition8", []string{"--game", "upwords", "--edition", "8", "--before", sd + "dear8-before.txt", "--after", sd + "dear8-after.txt", "--json"}, 0},
		{"upwords-same-letter", []string{"--game", "upwords", "--before", sd + "bee-before.txt", "--after", sd + "bee-after.txt"}, 1},
		{"upwords-same-letter-json", []string{"--game", "upwords", "--before", sd + "bee-before.txt", "--after", sd + "bee-after.txt", "--json"}, 1},
		{"upwords-plural-json", []string{"--game", "upwords", "--before", sd + "arts-before.txt", "--after", sd + "arts-after.txt", "--json"}, 1},
		{"upwords-not-a-word-json", []string{"--game", "upwords", "--before", sd + "wxrd-before.txt", "--after", sd + "wxrd-after.txt", "--json"}, 1},
		{"upwords-no-dict", []string{"--game", "upwords", "--no-dict", "--before", sd + "wxrd-before.txt", "--after", sd + "wxrd-after.txt", "--json"}, 0},
		{"upwords-rack-left", []string{"--game", "upwords", "--rack-left", "3"}, 0},
		{"upwords-rack-left-json", []string{"--game", "upwords", "--rack-left", "3", "--json"}, 0},
		{"lexicon-keyboard", []string{"--game", "lexicon", "--layout", sd + "keyboard.txt"}, 0},
		{"lexicon-keyboard-json", []string{"--game", "lexicon", "--layout", sd + "keyboard.txt", "--json"}, 0},
		{"lexicon-leftover", []string{"--game", "lexicon", "--layout", sd + "keyboard.txt", "--leftover", "2", "--json"}, 0},
		{"lexicon-two-pieces", []string{"--game", "lexicon", "--layout", sd + "two-pieces.txt"}, 1},
		{"lexicon-two-pieces-json", []string{"--game", "lexicon", "--layout", sd + "two-pieces.txt", "--json"}, 1},
		{"lexicon-not-a-word-json", []string{"--game", "lexicon", "--layout", sd + "keybord.txt", "--json"}, 1},
		{"lexicon-rank", []string{"--game", "lexicon", "--layout", sd + "keyboard.txt", "--layout", sd + "oxax.txt", "--layout", sd + "zax.txt",
			"--leftover", "0", "--leftover", "1", "--leftover", "0"}, 0},
		{"lexicon-rank-invalid-json", []string{"--game", "lexicon", "--layout", sd + "keyboard.txt", "--layout", sd + "two-pieces.txt", "--json"}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, code := runScoreCmd(t, tc.args...)
			if code != tc.exit {
				t.Fatalf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tc.exit, stdout, stderr)
			}
			if stderr != "" {
				t.Errorf("stderr %q, want nothing", stderr)
			}
			if strings.HasSuffix(tc.name, "json") {
				var v map[string]any
				if err := json.Unmarshal([]byte(stdout), &v); err != nil {
					t.Fatalf("output is not one JSON object: %v\n%s", err, stdout)
				}
			}
			golden := filepath.Join(sd, "golden", tc.name+".golden")
			got := "$ tilescope score " + strings.Join(tc.args, " ") + "\n" + stdout
			if *updateScore {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update-score to create it)", err)
			}
			if got != string(want) {
				t.Errorf("output differs from %s:\n%s\nwant:\n%s", golden, got, want)
			}
		})
	}
}

// TestScoreJSONContract checks the fields DESIGN.md promises.
func TestScoreJSONContract(t *testing.T) {
	stdout, _, _ := runScoreCmd(t, "--game", "upwords", "--before", sd+"dear-before.txt", "--after", sd+"dear-after.txt", "--json")
	var up struct {
		Game   string
		Valid  bool
		Placed []struct {
			Row, Col int
			Letter   string
		}
		Words []struct {
			Word    string
			Score   int
			Stacked bool
		}
		Bonus, Score int
	}
	if err := json.Unmarshal([]byte(stdout), &up); err != nil {
		t.Fatal(err)
	}
	if up.Game != "upwords" || !up.Valid || len(up.Placed) != 4 || up.Placed[0].Row != 4 || up.Placed[0].Col != 3 ||
		up.Placed[0].Letter != "D" || len(up.Words) != 1 || up.Words[0].Word != "DEAR" || up.Words[0].Score != 8 || up.Score != 8 {
		t.Errorf("upwords JSON %+v", up)
	}
	stdout, _, _ = runScoreCmd(t, "--game", "upwords", "--before", sd+"bee-before.txt", "--after", sd+"bee-after.txt", "--json")
	var bad map[string]any
	if err := json.Unmarshal([]byte(stdout), &bad); err != nil {
		t.Fatal(err)
	}
	if bad["valid"] != false || bad["code"] != "same_letter" || bad["score"] != 0.0 || !strings.Contains(bad["error"].(string), "E on E") {
		t.Errorf("rejection JSON %v", bad)
	}
	stdout, _, _ = runScoreCmd(t, "--game", "lexicon", "--layout", sd+"keyboard.txt", "--json")
	var lex struct {
		Game          string
		Valid         bool
		Words         []string
		Intersections []struct {
			Row, Col int
			Letter   string
			Value    int
		}
		Points    int
		WordCount int `json:"word_count"`
		Leftover  int
		Score     float64
	}
	if err := json.Unmarshal([]byte(stdout), &lex); err != nil {
		t.Fatal(err)
	}
	if lex.Game != "lexicon" || !lex.Valid || lex.Words[0] != "KEYBOARD" || len(lex.Intersections) != 3 ||
		lex.Intersections[0].Row != 2 || lex.Intersections[0].Col != 0 || lex.Intersections[0].Letter != "K" ||
		lex.Intersections[0].Value != 5 || lex.Points != 9 || lex.WordCount != 4 || lex.Score != 2.25 {
		t.Errorf("lexicon JSON %+v", lex)
	}
}

func TestScoreBadInput(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string // in the one line on stderr
	}{
		{"no game", []string{"--before", "x"}, "--game is missing: want one of"},
		{"unknown game", []string{"--game", "chess"}, `unknown game "chess": want one of`},
		{"game without value", []string{"--game"}, "--game needs a value"},
		{"missing after", []string{"--game", "upwords", "--before", sd + "dear-before.txt"}, "needs --before FILE and --after FILE"},
		{"missing file", []string{"--game", "upwords", "--before", sd + "nope.txt", "--after", sd + "dear-after.txt"}, "nope.txt"},
		{"bad cell", []string{"--game", "upwords", "--before", sd + "dear-before.txt", "--after", sd + "bad-char.txt"}, `bad-char.txt:1: cell 1 "AB"`},
		{"8x8 board, 10x10 edition", []string{"--game", "upwords", "--before", sd + "dear8-before.txt", "--after", sd + "dear8-after.txt"},
			"dear8-before.txt: the board is 8 rows by 8 columns; the 10x10 edition needs 10 by 10 (for the classic 8x8 board use --edition 8)"},
		{"bad edition", []string{"--game", "upwords", "--edition", "9", "--before", sd + "dear-before.txt", "--after", sd + "dear-after.txt"}, "--edition 9"},
		{"dict and no-dict", []string{"--game", "upwords", "--no-dict", "--dict", sd + "zax.txt", "--before", sd + "dear-before.txt", "--after", sd + "dear-after.txt"}, "--dict and --no-dict"},
		{"rack-left with boards", []string{"--game", "upwords", "--rack-left", "2", "--before", sd + "dear-before.txt", "--after", sd + "dear-after.txt"}, "--rack-left"},
		{"rack-left too many", []string{"--game", "upwords", "--rack-left", "8"}, "at most 7"},
		{"stray argument", []string{"--game", "upwords", "board.txt"}, `unexpected argument "board.txt"`},
		{"unknown flag", []string{"--game", "lexicon", "--frob"}, "frob"},
		{"no layout", []string{"--game", "lexicon"}, "needs --layout FILE"},
		{"bad layout char", []string{"--game", "lexicon", "--layout", sd + "bad-char.txt"}, `bad-char.txt:2: column 2 '3': want a letter A-Z`},
		{"bad leftover", []string{"--game", "lexicon", "--layout", sd + "oxax.txt", "--leftover", "-1"}, `--leftover "-1"`},
		{"leftover count", []string{"--game", "lexicon", "--layout", sd + "oxax.txt", "--leftover", "1", "--leftover", "2"}, "2 --leftover values for 1 --layout"},
		{"missing user dict", []string{"--game", "lexicon", "--layout", sd + "oxax.txt", "--dict", sd + "nope.txt"}, "nope.txt"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, code := runScoreCmd(t, tc.args...)
			if code != 2 {
				t.Fatalf("exit %d, want 2\nstdout: %s\nstderr: %s", code, stdout, stderr)
			}
			if strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, tc.want) {
				t.Errorf("stderr %q, want one line containing %q", stderr, tc.want)
			}
		})
	}
}

// TestScoreUserDict: a user's own word list decides.
func TestScoreUserDict(t *testing.T) {
	dir := t.TempDir()
	list := filepath.Join(dir, "words.txt")
	if err := os.WriteFile(list, []byte("# only these\nax\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, _, code := runScoreCmd(t, "--game", "lexicon", "--layout", sd+"oxax.txt", "--dict", list, "--json")
	if code != 1 || !strings.Contains(stdout, `"code":"not_a_word"`) || !strings.Contains(stdout, "OX (down)") {
		t.Fatalf("exit %d: %s", code, stdout)
	}
}
