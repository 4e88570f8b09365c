package pyramids

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
)

func startBoard(t *testing.T) *Board {
	t.Helper()
	f, err := os.Open("testdata/start.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := Parse(f, "start.txt")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// edit returns b with cells replaced: "row,col=cell" each.
func edit(t *testing.T, b *Board, edits ...string) *Board {
	t.Helper()
	b = b.Clone()
	for _, e := range edits {
		at, cell, _ := strings.Cut(e, "=")
		rs, cs, _ := strings.Cut(at, ",")
		r, _ := strconv.Atoi(rs)
		c, _ := strconv.Atoi(cs)
		s, err := ParseCell(cell)
		if err != nil {
			t.Fatalf("edit %q: %v", e, err)
		}
		b.Set(Pos{Row: r, Col: c}, s)
	}
	return b
}

func TestFirstPlayer(t *testing.T) {
	setup := DefaultSetup()
	tests := []struct {
		name    string
		edits   []string
		players []Colour
		want    Colour
		tie     bool
	}{
		// Tops: red A E T S O N = 6, blue L A E I O U = 6, green C A T D O G = 10, yellow R I S E A N = 6.
		{"lowest top layer", []string{"1,7=rK5", "2,8=bH5"}, []Colour{Red, Blue, Green}, Blue, false},
		{"only the players count", []string{"1,7=rK5", "8,2=gA5"}, []Colour{Red, Green}, Green, false},
		{"tie broken by the next layer", []string{
			"1,2=rA/rK5", "1,3=rE/rE5", "1,4=rT/rT5", "1,5=rS/rS5", "1,6=rO/rO5", "1,7=rN/rN5",
			"2,8=bL/bE5", "3,8=bA/bA5", "4,8=bE/bE5", "5,8=bI/bI5", "6,8=bO/bO5", "7,8=bU/bU5"}, []Colour{Red, Blue}, Blue, false},
		{"tie and the next layer unknown", nil, []Colour{Red, Blue}, NoColour, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := FirstPlayer(&setup, edit(t, startBoard(t), tc.edits...), tc.players)
			if tc.tie {
				if !errors.Is(err, ErrTie) {
					t.Fatalf("got %v, %v; want ErrTie", got, err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("got %v, %v; want %v", got, err, tc.want)
			}
		})
	}
}

func TestGame(t *testing.T) {
	setup := DefaultSetup()
	dict := newWords(testWords)
	start := edit(t, startBoard(t), "1,7=rK5", "2,8=bH5") // red 10, blue 9, green 10
	g, err := NewGame(&setup, start, []Colour{Red, Green, Blue})
	if err != nil {
		t.Fatal(err)
	}
	if got := names(g.Players); got != "blue and green and red" {
		t.Fatalf("order %s, want blue, green, red (clockwise from the lowest)", got)
	}

	// Blue: HOLD up column 2 with its O from 6,8.
	ann := edit(t, g.Board, "6,8=bN4", "5,2=bO2")
	after := edit(t, ann, "5,2=kB", "6,2=.", "4,2=.", "3,2=.")
	m, err := g.Play(ann, after, "", dict)
	if err != nil || m.Word != "HOLD" || m.Score != 8 {
		t.Fatalf("blue's HOLD: %+v, %v", m, err)
	}
	// Green challenges HOLD and loses its next turn.
	if err := g.Challenge(Green); err != nil {
		t.Fatal(err)
	}
	if err := g.Challenge(Green); err == nil {
		t.Error("a word can be challenged once")
	}
	if g.ToPlay() != Red {
		t.Fatalf("to play %s, want red (green lost its turn)", g.ToPlay())
	}
	// Red: EAT right to left along row 2 with its A from 1,2.
	ann = edit(t, g.Board, "1,2=rI4", "2,5=rA2")
	after = edit(t, ann, "2,5=kS", "2,6=.", "2,4=.")
	if m, err = g.Play(ann, after, "EAT", dict); err != nil || m.Score != 3 {
		t.Fatalf("red's EAT: %+v, %v", m, err)
	}
	// Blue cannot complete a word.
	if g.ToPlay() != Blue {
		t.Fatalf("to play %s, want blue", g.ToPlay())
	}
	if err := g.Forfeit(); err != nil {
		t.Fatal(err)
	}
	// Green spells a word that is not a word: rejected, the turn passes.
	ann = edit(t, g.Board, "8,6=gE4", "3,3=gO2")
	if _, err := g.Play(ann, ann, "AOG", dict); !errors.Is(err, ErrIllegal) {
		t.Fatalf("green's AOG: %v, want a rejection", err)
	}
	if g.ToPlay() != Red {
		t.Fatalf("to play %s, want red", g.ToPlay())
	}
	// Running totals: blue 8, red 3.
	running := map[Colour]int{}
	for _, r := range g.Tally() {
		running[r.Player] = r.Taken
	}
	if running[Blue] != 8 || running[Red] != 3 || running[Green] != 0 {
		t.Errorf("running totals %v", running)
	}

}

func TestGameEnd(t *testing.T) {
	setup := DefaultSetup()
	dict := newWords(testWords)
	start := edit(t, startBoard(t), "1,7=rK5", "2,8=bH5", "8,7=gK5")
	g, err := NewGame(&setup, start, []Colour{Red, Blue})
	if err != nil {
		t.Fatal(err)
	}
	if g.ToPlay() != Blue {
		t.Fatalf("first %s, want blue", g.ToPlay())
	}
	g.left[Blue] = 1 // blue's last pyramid on the board is the O it moves
	ann := edit(t, g.Board, "6,8=bN4", "5,2=bO2")
	after := edit(t, ann, "5,2=kB", "6,2=.", "4,2=.", "3,2=.")
	if _, err := g.Play(ann, after, "HOLD", dict); err != nil {
		t.Fatal(err)
	}
	if !g.Over() || g.Ended != Blue {
		t.Fatalf("over %v ended %s, want over with blue out", g.Over(), g.Ended)
	}
	var rej *Rejection
	if _, err := g.Play(ann, after, "HOLD", dict); !errors.As(err, &rej) || rej.Code != CodeGameOver {
		t.Fatalf("play after the end: %v", err)
	}
	// Final tally: each set is worth 53; blue took H4 O1 L1 D2 = 8, one of
	// them its own O (1): 8 - (53 - 1) = -44. Red took nothing: 0 - 53.
	res := g.Tally()
	want := []Result{{Blue, 8, 52, -44}, {Red, 0, 53, -53}}
	if len(res) != 2 || res[0] != want[0] || res[1] != want[1] {
		t.Errorf("tally %+v, want %+v", res, want)
	}
}

func TestNewGameFirst(t *testing.T) {
	setup := DefaultSetup()
	tie := startBoard(t) // red, blue and yellow at 6, lower layers unknown
	tests := []struct {
		name    string
		board   *Board
		first   Colour
		want    Colour
		wantErr bool
	}{
		{"the rule cannot break the tie: the given player", tie, Yellow, Yellow, false},
		{"no first player and a tie", tie, NoColour, NoColour, true},
		{"the rule decides: the given player agrees", edit(t, tie, "1,7=rK5", "6,1=yK5"), Blue, Blue, false},
		{"the rule decides: the given player contradicts it", edit(t, tie, "1,7=rK5", "6,1=yK5"), Red, NoColour, true},
		{"the given player is not playing", tie, Green, NoColour, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := NewGameFirst(&setup, tc.board, []Colour{Red, Blue, Yellow}, tc.first)
			if tc.wantErr {
				if err == nil {
					t.Fatalf("no error; first %s", g.ToPlay())
				}
				return
			}
			if err != nil || g.ToPlay() != tc.want {
				t.Fatalf("got %v, want %s first", err, tc.want)
			}
		})
	}
}

func TestNewGameChecks(t *testing.T) {
	setup := DefaultSetup()
	start := edit(t, startBoard(t), "1,7=rK5")
	tests := []struct {
		name    string
		players []Colour
		stack   int
	}{
		{"one player", []Colour{Red}, 5},
		{"twice", []Colour{Red, Red}, 5},
		{"black plays", []Colour{Red, Black}, 5},
		{"set does not fill stacks of 4", []Colour{Red, Blue}, 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := setup
			s.StackSize = tc.stack
			if _, err := NewGame(&s, start, tc.players); err == nil {
				t.Error("no error")
			}
		})
	}
	s := setup
	s.StackSize, s.PlayerSet = 4, PlayerSet24
	if _, err := NewGame(&s, edit(t, start, "2,8=bH4"), []Colour{Red, Blue}); err != nil {
		t.Errorf("stacks of 4 with the 24 set: %v", err)
	}
}
