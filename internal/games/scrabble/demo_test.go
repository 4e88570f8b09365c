package scrabble

import (
	"context"
	"maps"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/dict"
	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/scrabble"
)

// TestDemoTurns: the demo game's turns as the referee scores them; two
// hand-checked (VELVET down through the centre star: 12 x 2; FOX with
// the F on a double word: (4+1+8) x 2), and every word is a word.
func TestDemoTurns(t *testing.T) {
	turns, err := DemoTurns()
	if err != nil {
		t.Fatal(err)
	}
	if len(turns) != 10 {
		t.Fatalf("%d turns, want 10", len(turns))
	}
	want := map[string]int{"VELVET": 24, "FOX": 26}
	en := dict.English()
	total := 0
	for i, tn := range turns {
		if tn.Seat != i%DemoSeats || len(tn.Words) == 0 || tn.Score <= 0 {
			t.Errorf("turn %d: %+v", i+1, tn)
		}
		if w, ok := want[tn.Words[0]]; ok && tn.Score != w {
			t.Errorf("%s scored %d, want %d", tn.Words[0], tn.Score, w)
		}
		for _, w := range tn.Words {
			if !en.Contains(w) {
				t.Errorf("turn %d: %s is not in the English word list", i+1, w)
			}
		}
		total += tn.Score
	}
	if last := turns[len(turns)-1]; !strings.Contains(last.Board, "u") {
		t.Errorf("the last board has no blank u:\n%s", last.Board)
	}
	t.Logf("the demo's turns score %d in all", total)
}

// TestDemoThroughThePipeline renders the demo's photos and plays them
// through a session with the real reader: every turn is recorded with the
// words and score DemoTurns gives.
func TestDemoThroughThePipeline(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and reads 11 photos")
	}
	d, err := Game{}.Demo()
	if err != nil {
		t.Fatal(err)
	}
	// serve starts with the record's settings before the photos are drawn.
	if rec, err := (Game{}).DemoRecord(); err != nil || !maps.Equal(rec.Options, d.Options) || rec.Key == "" {
		t.Errorf("DemoRecord = %v, %v; the demo has settings %v", rec, err, d.Options)
	}
	turns, err := DemoTurns()
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Photos) != len(turns)+1 {
		t.Fatalf("%d photos for %d turns", len(d.Photos), len(turns))
	}
	for i, ph := range d.Photos {
		if want := (&scrabble.Board{}).String(); i > 0 {
			want = turns[i-1].Board
			if ph.Board != want {
				t.Errorf("photo %d (%s) records\n%s\nwant\n%s", i, ph.Note, ph.Board, want)
			}
		} else if ph.Board != want {
			t.Errorf("the first photo records\n%s", ph.Board)
		}
	}
	ctx := context.Background()
	rules, err := Game{}.New(d.Options, game.Env{Dict: dict.English()})
	if err != nil {
		t.Fatal(err)
	}
	s, err := game.Open(ctx, game.NewMemStore(), game.Config{Kind: Kind, Players: []string{"Ann", "Bo"}, Rules: rules, Options: d.Options})
	if err != nil {
		t.Fatal(err)
	}
	p := &game.Pipeline{Session: s, Logf: t.Logf}
	for i, ph := range d.Photos {
		if _, err := p.Submit(ctx, game.Frame{ID: ph.Note, JPEG: ph.Still}); err != nil && i > 0 {
			t.Errorf("photo %d (%s): %v", i, ph.Note, err)
		}
	}
	st := s.State()
	if len(st.Turns) != len(turns) {
		for _, h := range st.History {
			t.Logf("turn %d: %s %s %s %v", h.N, h.Status, h.Code, h.Error, h.Words)
		}
		t.Fatalf("%d turns recorded, want %d", len(st.Turns), len(turns))
	}
	scores := make([]int, DemoSeats)
	for i, tn := range st.Turns {
		want := turns[i]
		if tn.Score != want.Score || len(tn.Words) == 0 || tn.Words[0].Word != want.Words[0] {
			t.Errorf("turn %d: %+v, want %s for %d", i+1, tn, want.Words[0], want.Score)
		}
		scores[want.Seat] += want.Score
	}
	for i, pl := range st.Players {
		if pl.Score != scores[i] {
			t.Errorf("%s has %d, want %d", pl.Name, pl.Score, scores[i])
		}
	}
}
