package pyramids

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/scoring/grid"
)

func TestReplay(t *testing.T) {
	f, err := os.Open("testdata/game3.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	l, err := ReadLog(f, "game3.txt")
	if err != nil {
		t.Fatal(err)
	}
	setup := DefaultSetup()
	g, err := Replay(&setup, l, newWords(testWords))
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, r := range g.History {
		kinds = append(kinds, r.Player.String()+":"+r.Kind)
	}
	want := "blue:word blue:challenge green:lost_turn red:word blue:forfeit green:rejected"
	if got := strings.Join(kinds, " "); got != want {
		t.Errorf("history\n got %s\nwant %s", got, want)
	}
	if g.ToPlay() != Red {
		t.Errorf("to play %s, want red", g.ToPlay())
	}
	taken := map[Colour]int{}
	for _, r := range g.Tally() {
		taken[r.Player] = r.Taken
	}
	if taken[Blue] != 8 || taken[Red] != 3 || taken[Green] != 0 {
		t.Errorf("running totals %v", taken)
	}
}

func TestReplayErrors(t *testing.T) {
	base, err := os.ReadFile("testdata/game3.txt")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, from, to, want string }{
		{"out of turn", "turn red EAT", "turn green EAT", "it is red's turn, not green's"},
		{"challenge own word", "challenge green", "challenge blue", "own word"},
		{"taken wrong", "turn red EAT", "turn red ATE", "not_found"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, err := ReadLog(strings.NewReader(strings.Replace(string(base), tc.from, tc.to, 1)), "g.txt")
			if err != nil {
				t.Fatal(err)
			}
			setup := DefaultSetup()
			g, err := Replay(&setup, l, newWords(testWords))
			var te *TurnError
			if tc.want == "not_found" { // a refused word is part of the game
				if err != nil || g.History[3].Kind != "rejected" || g.History[3].Rejection.Code != CodeNotFound {
					t.Fatalf("got %v, history %+v", err, g.History)
				}
				return
			}
			if !errors.As(err, &te) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want a TurnError with %q", err, tc.want)
			}
		})
	}
}

func TestReadLogErrors(t *testing.T) {
	row := "| " + strings.Repeat(". ", 10) + "\n"
	tests := []struct{ name, text, want string }{
		{"no start", "players red blue\n", "l.txt:1: no start board"},
		{"bad colour", "players red black\n", `l.txt:1: "black" is not a player colour`},
		{"turn first", "turn red\n", "l.txt:1: turn before the start board"},
		{"row nowhere", "players red blue\n" + row, "l.txt:2: a board row where no board is expected"},
		{"short board", "start\n" + row + row, "l.txt:3: found 2 board rows, want 10"},
		{"long board", "start\n" + strings.Repeat(row, 11), "l.txt:12: more than 10 rows in a board"},
		{"bad cell on its line", "start\n" + row + "| . xA . . . . . . . .\n", `l.txt:3: cell 2 "xA"`},
		{"missing board", "start\nturn red\n", "l.txt:1: the board is missing"},
		{"taken alone", "start\n" + strings.Repeat(row, 10) + "taken\n", "l.txt:12: taken must follow"},
		{"unknown", "start\n" + strings.Repeat(row, 10) + "pass red\n", `l.txt:12: unknown line "pass"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadLog(strings.NewReader(tc.text), "l.txt")
			var pe *grid.ParseError
			if !errors.As(err, &pe) || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got %v, want %s...", err, tc.want)
			}
		})
	}
}

func FuzzReadLog(f *testing.F) {
	game, _ := os.ReadFile("testdata/game3.txt")
	f.Add(string(game))
	f.Add("players red blue\nstart\n| rA . . . . . . . . .\n")
	setup := DefaultSetup()
	f.Fuzz(func(t *testing.T, text string) {
		l, err := ReadLog(strings.NewReader(text), "fuzz")
		if err != nil {
			var pe *grid.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *grid.ParseError", err)
			}
			return
		}
		Replay(&setup, l, nil) // must not panic
	})
}
