package twists

import (
	"errors"
	"os"
	"strings"
	"testing"
)

func readLog(t *testing.T, path string) *Log {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	l, err := ReadLog(f, path)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestReplay(t *testing.T) {
	l := readLog(t, "testdata/game3.txt")
	g, err := Replay(l, newWords(testWords+" СОН"))
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, r := range g.History {
		kinds = append(kinds, r.Player+":"+r.Kind)
	}
	if got := strings.Join(kinds, " "); got != "Аня:word Борис:word Вера:skipped Аня:word Вера:pass Борис:word" {
		t.Errorf("history %s", got)
	}
	// Аня 36-5-6+1, Борис 36-3-3-2, Вера 36+1.
	want := []int{26, 28, 37}
	for i, p := range g.Players {
		if p.Tiles != want[i] {
			t.Errorf("%s has %d tiles, want %d", p.Name, p.Tiles, want[i])
		}
	}
	if !g.Reversed || g.ToPlay() != "Аня" || g.Over() {
		t.Errorf("reversed %v, to play %s, over %v", g.Reversed, g.ToPlay(), g.Over())
	}
}

func TestReplayErrors(t *testing.T) {
	base, err := os.ReadFile("testdata/game3.txt")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, from, to, code string
	}{
		{"out of turn", "word Борис СОКОЛ", "word Вера СОКОЛ", CodeNotYourTurn},
		{"skipped player plays", "word Аня ОКОННЫЙ", "word Вера ОКОННЫЙ", CodeNotYourTurn},
		{"give split wrong", "give Аня=1 Вера=1", "give Аня=1", CodeBadGive},
		{"give to oneself", "give Аня=1 Вера=1", "give Борис=1 Вера=1", CodeBadGive},
		{"give without a give tile", "word Борис СОКОЛ", "word Борис СОКОЛ give Аня=1", CodeBadGive},
		{"not a word", "word Аня ОКОННЫЙ", "word Аня ОКОННЫИ", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			text := strings.Replace(string(base), tc.from, tc.to, 1)
			l, err := ReadLog(strings.NewReader(text), "g.txt")
			if err != nil {
				t.Fatal(err)
			}
			_, err = Replay(l, newWords(testWords+" СОН"))
			var te *TurnError
			if !errors.As(err, &te) || !strings.HasPrefix(err.Error(), "g.txt:") {
				t.Fatalf("got %v, want a TurnError naming the line", err)
			}
			var rej *Rejection
			if tc.code != "" && (!errors.As(err, &rej) || rej.Code != tc.code) {
				t.Errorf("got %v, want code %s", err, tc.code)
			}
		})
	}
}

func TestWinner(t *testing.T) {
	g, err := NewGame([]string{"A", "B"}, English, NewBoard(5, 5))
	if err != nil {
		t.Fatal(err)
	}
	if g.Players[0].Tiles != 54 {
		t.Fatalf("2 players get %d tiles, want 54", g.Players[0].Tiles)
	}
	g.Players[0].Tiles = 4 // A is down to the last four: CAT and a give-2 tile
	after := MustParse(".....\n.....\n.CAT2\n.....\n.....\n", English)
	if _, err := g.Play("A", "CAT", after, nil, nil); err != nil {
		t.Fatal(err)
	}
	if g.Winner != "A" || g.Players[0].Tiles != 0 {
		t.Fatalf("winner %q with %d tiles", g.Winner, g.Players[0].Tiles)
	}
	var rej *Rejection
	if err := g.Pass("B"); !errors.As(err, &rej) || rej.Code != CodeGameOver {
		t.Errorf("pass after the end: %v", err)
	}
}

func TestTooFewTiles(t *testing.T) {
	g, _ := NewGame([]string{"A", "B", "C", "D"}, English, NewBoard(5, 5))
	if g.Players[3].Tiles != 27 {
		t.Fatalf("4 players get %d, want 27", g.Players[3].Tiles)
	}
	g.Players[0].Tiles = 2
	after := MustParse(".....\n.....\n.CAT.\n.....\n.....\n", English)
	var rej *Rejection
	if _, err := g.Play("A", "CAT", after, nil, nil); !errors.As(err, &rej) || rej.Code != CodeTooFewTiles {
		t.Errorf("three tiles from two: %v", err)
	}
	if _, err := NewGame([]string{"A"}, English, NewBoard(5, 5)); err == nil {
		t.Error("one player accepted")
	}
}

func TestReadLogErrors(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"no players", "pass A\n", "l.txt:1: a turn before the players line"},
		{"five players", "players a b c d e\n", "l.txt:1: 5 players"},
		{"unknown", "players a b\nplay a X\n", `l.txt:2: unknown line "play"`},
		{"no table", "players a b\nword a CAT\npass b\n", "l.txt:2: word: the table after the turn is missing"},
		{"bad letter", "players a b\nword a CAT\n| ..CAT\n", `l.txt:3: cell 3 "C": not a Russian letter`},
		{"row first", "players a b\n| ...\n", "l.txt:2: a table row before any turn"},
		{"bad give", "players a b\nword a КОТ give b=9\n| КОТ\n", `l.txt:2: give "b=9"`},
		{"sizes differ", "players a b\nword a КОТ\n| КОТ\nword b ТОК\n| КОТ\n| ..К\n", "l.txt:4: the table after this turn has 2 rows"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadLog(strings.NewReader(tc.text), "l.txt")
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got %v, want %s...", err, tc.want)
			}
		})
	}
}
