//go:build !lean

package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/internal/game"
	pyrgame "github.com/tilescope/tilescope/internal/games/pyramids"
)

// TestPyramidsDemoWithEnglish plays every photo of the Pyramids demo
// through the reader and the session as serve does (the pipeline's Run,
// its log), with serve's own dictionary (the built-in English list,
// ENABLE): every turn is read as played. With ENABLE the photo of EAT
// also shows REATA (the red A's row, read from the north, is R E A T A
// C), and the referee, which cannot hear the word, takes the longest as
// a guess, the turn marked unsure with both. Either the demo names the
// word its player announced (serve's demoWord), and the log line of the
// turn names EAT; or nothing names it, and the take (only E, A and T
// gone) shows EAT was made: the turn is worded EAT then (and AOG, which
// no word of the dictionary fits, waits for the table to name it). Before, without
// the naming, the take of EAT was read against REATA and AOG refused as
// house_moved.
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
	scores := pyramidsDemoScores(t)
	for _, tc := range []struct {
		name  string
		named bool // the demo names the word announced
	}{
		{"the demo names the word", true},
		{"the take shows the word", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
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
			src := &framesOf{}
			for i, f := range demoFrames(d, said) {
				src.frames = append(src.frames, game.Frame{ID: "demo turn " + strconv.Itoa(i), JPEG: f.Still})
			}
			named := map[int]string{}
			unsure := map[int][]string{} // turns accepted unsure: their words
			var log []string
			p := &game.Pipeline{Session: s, Logf: func(format string, a ...any) {
				log = append(log, fmt.Sprintf(format, a...))
				t.Logf(format, a...)
			}, OnTurn: func(tn game.Turn) {
				if dt, ok := tn.Detail.(pyrgame.Detail); ok && dt.Unsure {
					unsure[tn.N] = dt.Others
				}
				if w := demoWord(said.get(), tn); w != "" && tc.named {
					named[tn.N] = w
					if _, err := s.NameWord(ctx, tn.N, w); err != nil {
						t.Errorf("turn %d: naming %s: %v", tn.N, w, err)
					}
				}
			}}
			if err := p.Run(ctx, src); err != nil {
				t.Fatal(err)
			}
			t.Logf("words named after the reading: %v; unsure as read: %v", named, unsure)
			st := s.State()
			// Every photo after the empty board is a turn: the set-up, HOLD
			// announced and taken, EAT announced and taken, AOG announced (not a
			// word: it stands until challenged).
			want := []string{"", "HOLD", "", "EAT", "", "AOG"}
			if len(st.History) != len(want) {
				t.Fatalf("%d turns in the history, want %d", len(st.History), len(want))
			}
			for i, h := range st.History {
				var got []string
				for _, w := range h.Words {
					got = append(got, w.Word)
				}
				ok := h.Status == game.StatusAccepted && strings.Join(got, ",") == want[i]
				if ok && want[i] != "" && scores[want[i]] != 0 && h.Words[0].Score != scores[want[i]] {
					ok = false
				}
				if dt, _ := h.Detail.(pyrgame.Detail); dt.Unsure {
					ok = false
				}
				if want[i] == "AOG" && !tc.named {
					// No word the dictionary knows fits: the table is
					// asked which was announced.
					ok = h.Status == game.StatusRejected && h.Code == "ambiguous"
				}
				if !ok {
					t.Errorf("turn %d: %s %s %s, words %+v, detail %+v; want accepted, sure, %q (the referee on the recorded boards: %v)", h.N, h.Status, h.Code, h.Error, h.Words, h.Detail, want[i], scores)
				}
			}
			if st.Players[0].Score != scores["HOLD"] || st.Players[1].Score != scores["EAT"] {
				t.Errorf("players %+v; want Bo %d, Ro %d", st.Players, scores["HOLD"], scores["EAT"])
			}
			eat := st.History[3].N
			if others := unsure[eat]; !slices.Contains(others, "EAT") || !slices.Contains(others, "REATA") {
				t.Errorf("EAT's turn as read: unsure with %v; want it unsure between EAT and REATA", others)
			}
			// serve's log line of the turn: as the table has it once the
			// demo named it.
			line := fmt.Sprintf("turn %d, Ro scores", eat)
			for _, l := range log {
				if strings.Contains(l, line) && tc.named && !strings.Contains(l, "[EAT]") {
					t.Errorf("log line %q: want EAT, the word the demo named", l)
				}
			}
		})
	}
}

// framesOf is a camera of the frames given, in turn.
type framesOf struct{ frames []game.Frame }

func (f *framesOf) Next(ctx context.Context) (game.Frame, error) {
	if len(f.frames) == 0 {
		return game.Frame{}, io.EOF
	}
	fr := f.frames[0]
	f.frames = f.frames[1:]
	return fr, nil
}
