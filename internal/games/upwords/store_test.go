package upwords

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/internal/sqlite"
	"github.com/tilescope/tilescope/scoring/grid"
)

// TestStoredBeforeTheGameModel: an Upwords game kept by the service before
// the game model (testdata/store-2026-11-29: its start record has no
// settings) opens as the same game with every turn, score and correction,
// plays on, and keeps the new turn across a restart; a new game in the
// same store (any kind) starts beside it.
func TestStoredBeforeTheGameModel(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	old, err := os.ReadFile(filepath.Join("testdata", "store-2026-11-29", sqlite.FileName))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, sqlite.FileName), old, 0o644); err != nil {
		t.Fatal(err)
	}
	open := func() (*game.Session, *sqlite.Store) {
		t.Helper()
		store, err := sqlite.Open(ctx, dir)
		if err != nil {
			t.Fatal(err)
		}
		opt := game.Options{OptSize: "10"}
		rules, err := Game{}.New(opt, game.Env{})
		if err != nil {
			t.Fatal(err)
		}
		s, err := game.Open(ctx, store, game.Config{Kind: Kind, Players: []string{"Someone", "Else"}, Rules: rules, Options: opt})
		if err != nil {
			t.Fatal(err)
		}
		return s, store
	}
	s, store := open()
	st := s.State()
	if st.ID != 1 || st.Game != Kind || len(st.Players) != 2 || st.Players[0].Name != "Ann" || st.Players[0].Score != 10 || st.Players[1].Score != 6 || st.ToPlay != 1 {
		t.Fatalf("the stored game: id %d %s, players %+v, seat %d to play; want 1 upwords, Ann 10, Ben 6, Ben to play", st.ID, st.Game, st.Players, st.ToPlay)
	}
	want := []struct {
		status, code, kind string
		score              int
	}{{"accepted", "", "play", 10}, {"rejected", "plural_only", "play", 0}, {"accepted", "", "play", 6}, {"accepted", "", "pass", 0}}
	if len(st.History) != len(want) {
		t.Fatalf("%d turn records, want %d", len(st.History), len(want))
	}
	for i, w := range want {
		h := st.History[i]
		if h.Status != w.status || h.Code != w.code || h.Kind != w.kind || h.Score != w.score {
			t.Errorf("turn %d: %s %s %s %d, want %+v", h.N, h.Kind, h.Status, h.Code, h.Score, w)
		}
	}
	if c := st.Board[6][4]; c == nil || c.Letter != "T" || !strings.Contains(st.History[2].Board, "T") {
		t.Errorf("the corrected T: %+v", c)
	}
	// Ben plays on: a B on the H (BEART, stacked: 2+1+1+1+1).
	b, err := grid.Parse(strings.NewReader(st.BoardText), "board")
	if err != nil {
		t.Fatal(err)
	}
	b.Set(grid.Pos{Row: 4, Col: 3}, grid.Stack{Letter: "B", Height: 2})
	tn, err := s.Play(ctx, game.Frame{ID: "after the upgrade"}, game.Reading{Board: b})
	if err != nil || tn.Status != game.StatusAccepted || tn.Score != 6 || tn.Player != 1 {
		t.Fatalf("Ben's turn: %+v, %v", tn, err)
	}
	store.Close()

	s, store = open()
	defer store.Close()
	st = s.State()
	if st.ID != 1 || len(st.History) != 5 || st.Players[1].Score != 12 || st.ToPlay != 0 {
		t.Fatalf("after a restart: game %d, %d records, Ben %d, seat %d to play; want 1, 5, 12, Ann", st.ID, len(st.History), st.Players[1].Score, st.ToPlay)
	}
	if err := s.NewGame(ctx, []string{"Cy", "Di"}); err != nil {
		t.Fatal(err)
	}
	if st := s.State(); st.ID != 2 || len(st.History) != 0 {
		t.Errorf("the new game: %d with %d records", st.ID, len(st.History))
	}
	recs, err := store.Records(ctx, 1)
	if err != nil || len(recs) < 7 {
		t.Errorf("the old game's log: %d records, %v", len(recs), err)
	}
}
