//go:build !lean

package main

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/internal/chromiumtest"
	"github.com/tilescope/tilescope/internal/game"
	pyrgame "github.com/tilescope/tilescope/internal/games/pyramids"
	"github.com/tilescope/tilescope/scoring/pyramids"
)

// wordSet is a dictionary of the words given.
type wordSet map[string]bool

func (w wordSet) Contains(s string) bool { return w[strings.ToUpper(s)] }

// TestServePyramidsUnsureWordInChromium: red's move fits EAT and REATA,
// both words of the table's dictionary, and nobody names the word. The
// page shows the turn unsure, with both words, rather than the guess
// (REATA, the longest) as certain; the take (only E, A and T gone) shows
// EAT was made, and the page then shows EAT for its points, sure. The
// game behind it is real: the referee, the SQLite store, the page.
func TestServePyramidsUnsureWordInChromium(t *testing.T) {
	chromiumtest.Need(t)
	ctx := context.Background()
	l := pyramidsDemoLog(t)
	hold, eat := l.Entries[0], l.Entries[1]
	dict := wordSet{"HOLD": true, "EAT": true, "REATA": true}
	rules, err := pyrgame.Game{}.New(game.Options{pyrgame.OptColours: "blue,red,green"}, game.Env{Dict: dict})
	if err != nil {
		t.Fatal(err)
	}
	sess, url := sessionServed(t, game.Config{Kind: pyrgame.Kind, Players: []string{"Bo", "Ro", "Gil"}, Rules: rules, Options: game.Options{pyrgame.OptColours: "blue,red,green"}, Dict: dict})
	play := func(b *pyramids.Board) game.Turn {
		t.Helper()
		tn, err := sess.Play(ctx, game.Frame{}, game.Reading{Board: pyrgame.Position{Board: b}})
		if err != nil || tn.Status != game.StatusAccepted {
			t.Fatalf("%+v, %v", tn, err)
		}
		return tn
	}
	for _, b := range []*pyramids.Board{l.Start, hold.Announced, hold.Taken} {
		play(b)
	}
	ann := play(eat.Announced)
	if len(ann.Words) != 1 || ann.Words[0].Word != "REATA" {
		t.Fatalf("announced: %+v; want the guess REATA", ann.Words)
	}
	_, js := phonePage(t, url, 390, 844, nil)
	js("the turn unsure between REATA and EAT", `(() => { const u = document.getElementById("wordunsure"); return u && u.textContent.includes("REATA") && u.textContent.includes("EAT"); })()`)
	js("the history says it is not sure", `document.getElementById("history").textContent.includes("not sure which word: REATA / EAT")`)
	js("EAT offered to name", `document.querySelector('#lastturn button[data-name="EAT"]') !== null`)

	tk := play(eat.Taken)
	if d := tk.Detail.(pyrgame.Detail); d.Word != "EAT" {
		t.Fatalf("the take: %+v; want EAT taken", d)
	}
	a, _ := sess.Turn(ann.N)
	if a.Words[0].Word != "EAT" {
		t.Fatalf("the announcement after the take: %+v; want EAT", a.Words)
	}
	js("EAT taken, no longer unsure", `document.getElementById("wordunsure") === null && document.getElementById("history").textContent.includes("took EAT") && !document.getElementById("history").textContent.includes("not sure")`)
	js("Ro's score is EAT's", `[...document.querySelectorAll("#scores .score")].map(e => e.textContent)[1] === "`+strconv.Itoa(a.Score)+`"`)
}
