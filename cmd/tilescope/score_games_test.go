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

var updateGames = flag.Bool("update-games", false, "rewrite the pyramids and twists score golden files")

// TestScoreGames runs `score --game pyramids|twists` on the files in
// testdata/pyramids and testdata/twists and compares stdout with golden
// files (-update-games rewrites them); it checks the exit status and that
// bad input prints one line naming the file.
func TestScoreGames(t *testing.T) {
	tests := []struct {
		name, game string
		args       []string
		exit       int
		stderr     string // for exit 2: a piece of the one-line message
	}{
		{"pyramids-dog-taken", "pyramids", []string{"--player", "green", "--before", "start.txt", "--after", "dog-announced.txt", "--word", "DOG", "--taken", "dog-taken.txt"}, 0, ""},
		{"pyramids-dog-json", "pyramids", []string{"--player", "green", "--before", "start.txt", "--after", "dog-announced.txt", "--word", "dog", "--json"}, 0, ""},
		{"pyramids-dog-no-dict", "pyramids", []string{"--player", "green", "--before", "start.txt", "--after", "dog-announced.txt", "--word", "DOGI", "--no-dict"}, 0, ""},
		{"pyramids-dogi-not-a-word", "pyramids", []string{"--player", "green", "--before", "start.txt", "--after", "dog-announced.txt", "--word", "DOGI", "--json"}, 1, ""},
		{"pyramids-own-colour", "pyramids", []string{"--player", "green", "--before", "start.txt", "--after", "rog-announced.txt", "--word", "DOG"}, 1, ""},
		{"pyramids-bad-take", "pyramids", []string{"--player", "green", "--before", "start.txt", "--after", "dog-announced.txt", "--word", "DOG", "--taken", "dog-taken-wrong.txt", "--json"}, 1, ""},
		{"pyramids-wrong-side", "pyramids", []string{"--player", "red", "--before", "start.txt", "--after", "dog-announced.txt", "--word", "DOG"}, 1, ""},
		{"pyramids-log", "pyramids", []string{"--log", "game3.txt"}, 0, ""},
		{"pyramids-log-json", "pyramids", []string{"--log", "game3.txt", "--json"}, 0, ""},
		{"pyramids-first", "pyramids", []string{"--first-player", "--before", "start.txt", "--players", "red,green"}, 0, ""},
		{"pyramids-ambiguous", "pyramids", []string{"--player", "green", "--before", "start.txt", "--after", "dog-announced.txt"}, 2, "DO, DOG: give the announced word"},
		{"pyramids-bad-cell", "pyramids", []string{"--player", "green", "--before", "start.txt", "--after", "bad-cell.txt"}, 2, `bad-cell.txt:5: cell 4 "xO"`},
		{"pyramids-tie", "pyramids", []string{"--first-player", "--before", "start.txt"}, 2, "tie"},
		{"pyramids-no-player", "pyramids", []string{"--before", "start.txt", "--after", "dog-announced.txt"}, 2, "--player"},
		{"pyramids-bad-stack", "pyramids", []string{"--stack", "3", "--log", "game3.txt"}, 2, "--stack 3"},
		{"pyramids-missing-file", "pyramids", []string{"--player", "red", "--before", "nope.txt", "--after", "start.txt"}, 2, "nope.txt"},
		{"twists-first", "twists", []string{"--after", "otkos.txt", "--word", "ОТКОС"}, 0, ""},
		{"twists-sokol", "twists", []string{"--before", "otkos.txt", "--after", "sokol.txt", "--word", "сокол"}, 0, ""},
		{"twists-sokol-json", "twists", []string{"--before", "otkos.txt", "--after", "sokol.txt", "--word", "СОКОЛ", "--json"}, 0, ""},
		{"twists-not-connected", "twists", []string{"--before", "otkos.txt", "--after", "dom.txt", "--word", "ДОМ", "--json"}, 1, ""},
		{"twists-missing-letter", "twists", []string{"--before", "otkos.txt", "--after", "sokol.txt", "--word", "СОКОЛЬ"}, 1, ""},
		{"twists-not-a-word", "twists", []string{"--before", "otkos.txt", "--after", "sokol.txt", "--word", "ОКОЛ"}, 1, ""},
		{"twists-plural", "twists", []string{"--before", "otkos.txt", "--after", "sokoly.txt", "--word", "соколы"}, 0, ""},
		{"twists-plural-nouns-rule", "twists", []string{"--before", "otkos.txt", "--after", "sokoly.txt", "--word", "соколы", "--nouns"}, 1, ""},
		{"twists-english", "twists", []string{"--after", "cat-en.txt", "--word", "cat", "--lang", "en"}, 0, ""},
		{"twists-log", "twists", []string{"--log", "game3.txt"}, 0, ""},
		{"twists-log-json", "twists", []string{"--log", "game3.txt", "--json"}, 0, ""},
		{"twists-bad-letter", "twists", []string{"--before", "otkos.txt", "--after", "bad-letter.txt", "--word", "СОК"}, 2, `bad-letter.txt:4: cell 3 "C"`},
		{"twists-no-word", "twists", []string{"--before", "otkos.txt", "--after", "sokol.txt"}, 2, "name the word"},
		{"twists-scan-json", "twists", []string{"--before", "otkos.txt", "--after", "sokol-scan.json", "--word", "СОКОЛ"}, 0, ""},
		{"twists-no-align", "twists", []string{"--before", "otkos.txt", "--after", "sokol-scan.json", "--word", "СОКОЛ", "--no-align"}, 2, "differ in size"},
		{"twists-size", "twists", []string{"--before", "cat-en.txt", "--after", "sokol.txt", "--word", "СОК"}, 2, "cell"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join("testdata", tc.game)
			args := append([]string{"score", "--game", tc.game}, tc.args...)
			for i, a := range args {
				if strings.HasSuffix(a, ".txt") || strings.HasSuffix(a, ".json") {
					args[i] = filepath.Join(dir, a)
				}
			}
			var stdout, stderr bytes.Buffer
			err := run(context.Background(), args, &stdout, &stderr)
			code := exitCode(err, &stderr)
			if code != tc.exit {
				t.Fatalf("exit %d, want %d; stdout %q stderr %q", code, tc.exit, stdout.String(), stderr.String())
			}
			if tc.exit == 2 {
				if n := strings.Count(stderr.String(), "\n"); n != 1 || !strings.Contains(stderr.String(), tc.stderr) {
					t.Errorf("stderr %q: want one line with %q", stderr.String(), tc.stderr)
				}
				return
			}
			got := stdout.String()
			if strings.Contains(strings.Join(tc.args, " "), "--json") {
				var v map[string]any
				if err := json.Unmarshal(stdout.Bytes(), &v); err != nil {
					t.Fatalf("not JSON: %v\n%s", err, got)
				}
				if v["game"] != tc.game || v["valid"] != (tc.exit == 0) {
					t.Errorf("game %v valid %v", v["game"], v["valid"])
				}
			}
			golden := filepath.Join(dir, "golden", tc.name+".golden")
			if *updateGames {
				os.MkdirAll(filepath.Dir(golden), 0o755)
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update-games to create it)", err)
			}
			if got != string(want) {
				t.Errorf("output differs from %s:\n%s\nwant:\n%s", golden, got, want)
			}
		})
	}
}
