package scrabble

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/internal/sqlite"
	"github.com/tilescope/tilescope/scoring/scrabble"
)

// TestStoredBeforeTheEnds: a game stored before going out and the
// scoreless turns ended a game at the table (its log's records written as
// they were then: no "ends" mark), opened from SQLite, keeps every turn it
// accepted then: the turns after a player went out, or after six
// scoreless turns, are replayed as taken, not as "game_over"; the game is
// over where its log ends by the rules (a play refused by a rule after the
// end leaves it over); once over, no turn is taken now, and after a
// restart it is still over.
func TestStoredBeforeTheEnds(t *testing.T) {
	// Fourteen plays of seven from the set, row by row: the bag runs dry
	// at Ann's eighth, and Bo's seventh empties Bo's rack (Bo goes out);
	// Ann holds the two blanks.
	var b scrabble.Board
	pool := setTiles(98)
	var rows []string
	for i, row := range []int{7, 6, 5, 4, 3, 2, 1, 0, 8, 9, 10, 11, 12, 13} {
		for col := 1; col <= 7; col++ {
			b[row][col] = pool[(7*i+col-1)/scrabble.Size][(7*i+col-1)%scrabble.Size]
		}
		rows = append(rows, "play:"+b.String())
	}
	blank := func(col int, l byte) string {
		b[14][col] = scrabble.Tile{Letter: l, Blank: true}
		return "play:" + b.String()
	}
	bo := append([]string(nil), rows...)
	stray := b
	stray[14][12] = scrabble.Tile{Letter: 'A', Blank: true} // touches no tile
	refused := append(append([]string(nil), rows...), "play:"+stray.String())
	annOn := append(append([]string(nil), rows...), blank(1, 'A'), "pass")
	annOut := append(append([]string(nil), annOn...), blank(2, 'B'))
	passes := []string{"pass", "pass", "pass", "pass", "pass", "pass"}
	var empty scrabble.Board
	empty[7][6], empty[7][7] = scrabble.Tile{Letter: 'A'}, scrabble.Tile{Letter: 'T'}
	for _, c := range []struct {
		name      string
		log       []string // "play:BOARD" or "pass", oldest first
		turns     int      // the turns accepted
		over, due bool
		out       []int // the seats out, in order (detail.out)
	}{
		{"Bo went out: over, the racks due", bo, 14, true, true, []int{1}},
		{"a play refused by a rule after Bo went out", refused, 14, true, true, []int{1}},
		{"play went on after Bo went out", annOn, 16, false, false, []int{1}},
		{"then Ann went out too", annOut, 17, true, true, []int{1, 0}},
		{"six passes: over", passes, 6, true, true, nil},
		{"a seventh pass, and a play", append(append([]string(nil), passes...), "pass", "play:"+empty.String()), 8, false, false, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := context.Background()
			dir := t.TempDir()
			store, err := sqlite.Open(ctx, dir)
			if err != nil {
				t.Fatal(err)
			}
			// The log as it was written then, through the store's own API.
			at := time.Date(2026, 11, 30, 20, 0, 0, 0, time.UTC)
			setup := game.Setup{Kind: Kind, Players: []string{"Ann", "Bo"}, Rows: scrabble.Size, Cols: scrabble.Size, Created: at}
			raw, _ := json.Marshal(setup)
			setup, _, err = store.Create(ctx, setup, game.Record{At: at, Kind: game.KindStart, Data: raw})
			if err != nil {
				t.Fatal(err)
			}
			for i, e := range c.log {
				rec := game.Record{At: at.Add(time.Duration(i+1) * time.Minute), Kind: game.KindPass, Data: json.RawMessage(`{"n":` + strconv.Itoa(i+1) + `}`)}
				if board, ok := strings.CutPrefix(e, "play:"); ok {
					d, _ := json.Marshal(map[string]any{"n": i + 1, "frame": "old", "board": board})
					rec.Kind, rec.Data = game.KindPlay, d
				}
				if _, err := store.Append(ctx, setup.ID, rec); err != nil {
					t.Fatal(err)
				}
			}
			open := func() *game.Session {
				t.Helper()
				rules, err := Game{}.New(nil, game.Env{})
				if err != nil {
					t.Fatal(err)
				}
				s, err := game.Open(ctx, store, game.Config{Kind: Kind, Players: []string{"Ann", "Bo"}, Rules: rules})
				if err != nil {
					t.Fatal(err)
				}
				return s
			}
			s := open()
			st := s.State()
			var out []int
			for _, h := range st.History {
				if h.Code == "game_over" {
					t.Errorf("turn %d (%s, %s) replayed as %s %s: %s", h.N, h.Name, h.Kind, h.Status, h.Code, h.Error)
				}
				if d, _ := h.Detail.(map[string]any); d["out"] == true {
					out = append(out, h.Player)
				}
			}
			if len(st.Turns) != c.turns || st.Over != c.over || st.RacksDue != c.due || !slices.Equal(out, c.out) {
				t.Fatalf("%d turns, over %v, racks due %v, out %v; want %d, %v, %v, %v", len(st.Turns), st.Over, st.RacksDue, out, c.turns, c.over, c.due, c.out)
			}
			if !c.over {
				return
			}
			// Over by the log: no turn is taken now, and it stays over when
			// the log is read again.
			if _, err := s.Pass(ctx); err == nil {
				t.Error("a pass after the end was taken")
			}
			now := b
			now[14][3] = scrabble.Tile{Letter: 'C', Blank: true}
			if _, err := s.Play(ctx, game.Frame{ID: "now"}, game.Reading{Board: Position{Board: now}}); !errors.Is(err, game.ErrConflict) {
				t.Errorf("a play after the end: %v, want a conflict", err)
			}
			again := open().State()
			if !again.Over || !again.RacksDue || len(again.Turns) != c.turns || len(again.History) != len(st.History) {
				t.Errorf("read again: over %v, racks due %v, %d turns of %d records; want %d of %d", again.Over, again.RacksDue, len(again.Turns), len(again.History), c.turns, len(st.History))
			}
		})
	}
}
