//go:build !lean

package main

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/internal/game"
	pyrgame "github.com/tilescope/tilescope/internal/games/pyramids"
)

// TestPyramidsDemoWithEnglish plays every photo of the Pyramids demo
// through the reader and the session as serve does, with serve's own
// dictionary (the built-in English list, ENABLE) and serve's naming of the
// word the demo's players announce (demoWord): every turn is read as
// played. With ENABLE the photo of EAT also shows REATA (the red A's row,
// read from the north, is R E A T A C), and the referee, which cannot hear
// the word, first takes the longest; the demo names EAT, and the take and
// AOG after it are judged on EAT's squares. Without the naming, the take
// of EAT was read against REATA and AOG refused as house_moved.
func TestPyramidsDemoWithEnglish(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and reads the demo's 7 photos")
	}
	g := pyrgame.Game{}
	d, err := g.Demo()
	if err != nil {
		t.Fatal(err)
	}
	words, err := openDict("en", "")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	rules, err := g.New(d.Options, game.Env{Dict: words, Lang: "en", Camera: true})
	if err != nil {
		t.Fatal(err)
	}
	s, err := game.Open(ctx, game.NewMemStore(), game.Config{Kind: pyrgame.Kind, Players: []string{"Bo", "Ro", "Gil"}, Rules: rules, Options: d.Options, Dict: words})
	if err != nil {
		t.Fatal(err)
	}
	said := &wordList{}
	frames := demoFrames(d, said)
	named := map[int]string{}
	p := &game.Pipeline{Session: s, Logf: t.Logf, OnTurn: func(tn game.Turn) {
		if w := demoWord(said.get(), tn); w != "" {
			named[tn.N] = w
			if _, err := s.NameWord(ctx, tn.N, w); err != nil {
				t.Errorf("turn %d: naming %s: %v", tn.N, w, err)
			}
		}
	}}
	for i, f := range frames {
		if _, err := p.Submit(ctx, game.Frame{ID: "demo turn " + strconv.Itoa(i), JPEG: f.Still}); err != nil && i > 0 {
			t.Errorf("photo %d (%s): %v", i, f.Note, err)
		}
	}
	t.Logf("words named after the reading: %v", named)
	st := s.State()
	// Every photo after the empty board is a turn: the set-up, HOLD
	// announced and taken, EAT announced and taken, AOG announced (not a
	// word: it stands until challenged).
	want := []string{"", "HOLD", "", "EAT", "", "AOG"}
	if len(st.History) != len(want) {
		t.Fatalf("%d turns in the history, want %d", len(st.History), len(want))
	}
	scores := pyramidsDemoScores(t)
	for i, h := range st.History {
		var got []string
		for _, w := range h.Words {
			got = append(got, w.Word)
		}
		ok := h.Status == game.StatusAccepted && strings.Join(got, ",") == want[i]
		if ok && want[i] != "" && scores[want[i]] != 0 && h.Words[0].Score != scores[want[i]] {
			ok = false
		}
		if !ok {
			t.Errorf("turn %d: %s %s %s, words %+v; want accepted, %q (the referee on the recorded boards: %v)", h.N, h.Status, h.Code, h.Error, h.Words, want[i], scores)
		}
	}
	if st.Players[0].Score != scores["HOLD"] || st.Players[1].Score != scores["EAT"] {
		t.Errorf("players %+v; want Bo %d, Ro %d", st.Players, scores["HOLD"], scores["EAT"])
	}
}
