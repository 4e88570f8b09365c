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

var updateScrabble = flag.Bool("update-scrabble", false, "rewrite the scrabble score golden files in testdata/scrabble/golden")

// TestScoreScrabble runs `score --game scrabble` on the boards in
// testdata/scrabble and on the labelled real photos, and compares stdout
// with golden files (-update-scrabble rewrites them); it checks the exit
// status, the JSON's score and code, and that bad input prints one line
// naming the file.
func TestScoreScrabble(t *testing.T) {
	const real = "../../vision/scrabble/testdata/real/"
	tests := []struct {
		name  string
		args  []string
		exit  int
		score int    // the JSON's score (exit 0)
		code  string // the JSON's code (exit 1), or a piece of stderr (exit 2)
	}{
		{"bends-real", []string{"--before", real + "IMG_20151016_165320.txt", "--after", real + "IMG_20151016_165401.txt"}, 0, 0, ""},
		{"bends-real-json", []string{"--before", real + "IMG_20151016_165320.txt", "--after", real + "IMG_20151016_165401.txt", "--json"}, 0, 22, ""},
		{"farm-first-json", []string{"--after", "farm.txt", "--json"}, 0, 18, ""},
		{"farms", []string{"--before", "farm.txt", "--after", "farms.txt"}, 0, 0, ""},
		{"farms-json", []string{"--before", "farm.txt", "--after", "farms.txt", "--json"}, 0, 11, ""},
		{"muzjiks-json", []string{"--after", "muzjiks.txt", "--json"}, 0, 128, ""},
		{"muzjiks", []string{"--after", "muzjiks.txt"}, 0, 0, ""},
		{"bra-json", []string{"--before", "farm.txt", "--after", "farm-cross.txt", "--json"}, 0, 6, ""},
		{"blank-named", []string{"--after", "blank-za.txt"}, 0, 0, ""},
		{"blank-named-json", []string{"--after", "blank-za.txt", "--json"}, 0, 2, ""},
		{"real-a-to-b-json", []string{"--before", real + "IMG_20141025_163920.txt", "--after", real + "IMG_20141025_164035.txt", "--json"}, 1, 0, "too_many_tiles"},
		{"real-b-to-a-json", []string{"--before", real + "IMG_20141025_164035.txt", "--after", real + "IMG_20141025_163920.txt", "--json"}, 1, 0, "removed_tile"},
		{"gap-json", []string{"--before", "farm.txt", "--after", "farm-gap.txt", "--json"}, 1, 0, "not_connected"},
		{"not-a-word", []string{"--before", "farm.txt", "--after", "farm-nonword.txt"}, 1, 0, ""},
		{"not-a-word-json", []string{"--before", "farm.txt", "--after", "farm-nonword.txt", "--json"}, 1, 0, "not_a_word"},
		{"not-a-word-no-dict-json", []string{"--before", "farm.txt", "--after", "farm-nonword.txt", "--json", "--no-dict"}, 0, 22, ""},
		{"no-change-json", []string{"--before", "farm.txt", "--after", "farm.txt", "--json"}, 1, 0, "no_change"},
		{"end", []string{"--racks", "AEQ,-,z?K", "--out", "2"}, 0, 0, ""},
		{"end-json", []string{"--racks", "AEQ,JX", "--json"}, 0, 0, ""},
		{"bad-cell", []string{"--after", "bad-cell.txt"}, 2, 0, `bad-cell.txt:9: cell 9 "A2": Scrabble tiles do not stack`},
		{"missing-after", []string{"--before", "farm.txt"}, 2, 0, "needs --after"},
		{"missing-file", []string{"--after", "nope.txt"}, 2, 0, "nope.txt"},
		{"bad-rack", []string{"--racks", "AE1"}, 2, 0, `--racks seat 1: scrabble: bad rack: "AE1": tile 3`},
		{"out-with-tiles", []string{"--racks", "AE,Q", "--out", "1"}, 2, 0, "seat 1 went out"},
		{"racks-and-boards", []string{"--racks", "AE", "--after", "farm.txt"}, 2, 0, "without --before/--after"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"score", "--game", "scrabble"}, tc.args...)
			for i, a := range args {
				if strings.HasSuffix(a, ".txt") && !strings.Contains(a, "/") {
					args[i] = filepath.Join("testdata", "scrabble", a)
				}
			}
			var stdout, stderr bytes.Buffer
			code := exitCode(run(context.Background(), args, &stdout, &stderr), &stderr)
			if code != tc.exit {
				t.Fatalf("exit %d, want %d; stdout %q stderr %q", code, tc.exit, stdout.String(), stderr.String())
			}
			if tc.exit == 2 {
				if n := strings.Count(stderr.String(), "\n"); n != 1 || !strings.Contains(stderr.String(), tc.code) {
					t.Errorf("stderr %q: want one line with %q", stderr.String(), tc.code)
				}
				return
			}
			if strings.Contains(strings.Join(tc.args, " "), "--json") && !strings.Contains(strings.Join(tc.args, " "), "--racks") {
				var got struct {
					Valid bool   `json:"valid"`
					Score int    `json:"score"`
					Code  string `json:"code"`
				}
				if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
					t.Fatalf("JSON: %v\n%s", err, stdout.String())
				}
				if got.Valid != (tc.exit == 0) || got.Score != tc.score || got.Code != tc.code {
					t.Errorf("valid %v score %d code %q, want score %d code %q", got.Valid, got.Score, got.Code, tc.score, tc.code)
				}
			}
			golden := filepath.Join("testdata", "scrabble", "golden", tc.name+".golden")
			if *updateScrabble {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, stdout.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update-scrabble to create it)", err)
			}
			if stdout.String() != string(want) {
				t.Errorf("stdout differs from %s:\n%s\nwant:\n%s", golden, stdout.String(), want)
			}
		})
	}
}
