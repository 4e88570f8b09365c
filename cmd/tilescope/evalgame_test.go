//go:build !lean

package main

import (
	"bytes"
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/scrabble"
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

// TestEvalGamePyramids plays a short rendered game of Crossword Pyramids
// through the table service's pipeline: every figure is printed and, after
// the taps, every word stands scored as the truth's (the command fails
// when the session's board and the truth differ after the corrections).
func TestEvalGamePyramids(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and reads a short game")
	}
	for _, tc := range []struct{ name, flag string }{
		{"the game's own words", ""},
		{"and the English list", "--english"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			args := []string{"eval-game", "--game", "pyramids", "--games", "1", "--turns", "2", "--seed", "3", "--difficulty", "easy"}
			if tc.flag != "" {
				args = append(args, tc.flag)
			}
			if err := run(context.Background(), args, &stdout, &stderr); err != nil {
				t.Fatalf("eval-game: %v (%s)", err, stderr.String())
			}
			out := stdout.String()
			for _, field := range []string{"turns right:", "photos read:", "taps:", "letters not known:", "tops right:", "heights right:", "sure right:", "time per photo:"} {
				if !bytes.Contains(stdout.Bytes(), []byte(field)) {
					t.Errorf("no %q in\n%s", field, out)
				}
			}
			if !regexp.MustCompile(`games: +1 Crossword Pyramids, 2 turns, 5 photos`).MatchString(out) {
				t.Errorf("want one game of two turns in five photos (the set-up, then each word announced and taken):\n%s", out)
			}
			m := regexp.MustCompile(`scores right: +([0-9.]+)% \((\d+)/(\d+)\)`).FindStringSubmatch(out)
			if m == nil {
				t.Fatalf("no scores line in\n%s", out)
			}
			if m[2] != "2" || m[3] != "2" {
				t.Errorf("scores right %s/%s, want both words scored as the truth after the taps", m[2], m[3])
			}
		})
	}
}

// TestEvalGameScrabble plays a short rendered game of Scrabble through the
// table service's pipeline: every figure is printed and, after the taps,
// every turn stands scored as the truth's (the command fails when the
// session's board and the truth differ after the corrections).
func TestEvalGameScrabble(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and reads a short game")
	}
	var stdout, stderr bytes.Buffer
	args := []string{"eval-game", "--game", "scrabble", "--games", "1", "--turns", "3", "--seed", "3", "--difficulty", "easy"}
	if err := run(context.Background(), args, &stdout, &stderr); err != nil {
		t.Fatalf("eval-game: %v (%s)", err, stderr.String())
	}
	out := stdout.String()
	for _, field := range []string{"photos read:", "turns right:", "taps:", "letters right:", "sure right:", "time per turn:"} {
		if !strings.Contains(out, field) {
			t.Errorf("no %q in\n%s", field, out)
		}
	}
	if !regexp.MustCompile(`games: +1 Scrabble, 3 turns`).MatchString(out) {
		t.Errorf("want one game of three turns:\n%s", out)
	}
	m := regexp.MustCompile(`scores right: +([0-9.]+)% \((\d+)/(\d+)\)`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no scores line in\n%s", out)
	}
	if m[2] != "3" || m[3] != "3" {
		t.Errorf("scores right %s/%s, want every turn scored as the truth after the taps", m[2], m[3])
	}
}

// TestScrSame: a blank read as a blank is the truth's whatever letter it
// was given (the player names it); any other difference is a misread.
func TestScrSame(t *testing.T) {
	tests := []struct {
		name            string
		got, want       scrabble.Tile
		same, blankOnly bool
	}{
		{"same letter", scrabble.Tile{Letter: 'A'}, scrabble.Tile{Letter: 'A'}, true, false},
		{"same blank", scrabble.Tile{Letter: 'A', Blank: true}, scrabble.Tile{Letter: 'A', Blank: true}, true, false},
		{"blank of unknown letter", scrabble.Tile{Letter: scrabble.Unknown, Blank: true}, scrabble.Tile{Letter: 'E', Blank: true}, false, true},
		{"blank named otherwise", scrabble.Tile{Letter: 'S', Blank: true}, scrabble.Tile{Letter: 'E', Blank: true}, false, true},
		{"a letter read for a blank", scrabble.Tile{Letter: 'E'}, scrabble.Tile{Letter: 'E', Blank: true}, false, false},
		{"a blank read for a letter", scrabble.Tile{Letter: 'E', Blank: true}, scrabble.Tile{Letter: 'E'}, false, false},
		{"other letter", scrabble.Tile{Letter: 'F'}, scrabble.Tile{Letter: 'E'}, false, false},
		{"empty read", scrabble.Tile{}, scrabble.Tile{Letter: 'E'}, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			same, blankOnly := scrSame(tc.got, tc.want)
			if same != tc.same || blankOnly != tc.blankOnly {
				t.Errorf("scrSame(%v, %v) = %v, %v; want %v, %v", tc.got, tc.want, same, blankOnly, tc.same, tc.blankOnly)
			}
		})
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
		{"unknown game", []string{"eval-game", "--game", "chess", "--games", "1"}},
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
