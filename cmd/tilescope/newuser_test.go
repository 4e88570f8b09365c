//go:build !lean

package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tilescope/tilescope/internal/chromiumtest"
	"github.com/tilescope/tilescope/internal/game"
	scrabblegame "github.com/tilescope/tilescope/internal/games/scrabble"
	"github.com/tilescope/tilescope/scoring/scrabble"
)

// TestHelpCommand: `tilescope help COMMAND` gives the command's own
// options (its -h), as a new user reading the docs types it; before, it
// printed the list of commands.
func TestHelpCommand(t *testing.T) {
	tests := []struct {
		name, command string
		want          string // on stderr
		exit          int
	}{
		{"serve", "serve", "usage: tilescope serve", 0},
		{"scan", "scan", "usage: tilescope scan", 0},
		{"a command that is not", "frobnicate", "", 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			err := run(context.Background(), []string{"help", tc.command}, &out, &errb)
			if got := exitCode(err, &errb); got != tc.exit {
				t.Fatalf("exit %d, want %d (%v)", got, tc.exit, err)
			}
			if !strings.Contains(errb.String(), tc.want) || (tc.want != "" && strings.Contains(out.String(), "commands:")) {
				t.Errorf("stdout %q, stderr %q; want %q on stderr and no list of commands", out.String(), errb.String(), tc.want)
			}
		})
	}
}

// TestServeDemoSeats: a demo recorded for three players (Pyramids, Twists)
// is seated as recorded when --players is not given, as a family trying
// `serve --camera demo --game G` does: with the two default seats, the
// third player's word went to the first seat and was refused for its
// colour (Pyramids' AOG, "no blue letter"). Players given are kept, with
// a word in the log when they are not as many as the demo's; a demo for
// any number (Scrabble) keeps the default two.
func TestServeDemoSeats(t *testing.T) {
	t.Setenv(drawDemoEnv, "block") // the seats are there before the photos
	tests := []struct {
		name    string
		game    string
		players string // --players; "" not given
		want    string
		warns   bool
	}{
		{"Pyramids, no --players", "pyramids", "", "Ann,Ben,Cy", false},
		{"Twists, no --players", "twists", "", "Аня,Борис,Вера", false},
		{"Pyramids, two players given", "pyramids", "Mia,Leo", "Mia,Leo", true},
		{"Scrabble, no --players", "scrabble", "", "Ann,Ben", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := []string{"--game", tc.game, "--addr", "127.0.0.1:0", "--data", t.TempDir(), "--camera", "demo", "--pin", "1357"}
			if tc.players != "" {
				args = append(args, "--players", tc.players)
			}
			c := startServe(t, args...)
			var got []string
			for _, p := range c.game(t).Players {
				got = append(got, p.Name)
			}
			if strings.Join(got, ",") != tc.want {
				t.Errorf("players %v, want %s", got, tc.want)
			}
			if warned := strings.Contains(c.stderr.String(), "demo was played by 3 players"); warned != tc.warns {
				t.Errorf("the log warns of the seats: %v, want %v:\n%s", warned, tc.warns, c.stderr.String())
			}
		})
	}
}

// TestScrabbleChallengeOnPage: a family's challenge at a Scrabble table,
// on a phone (390x844) in Chromium, the real session and page: Ann plays
// HEART, Bo challenges it, it stands, and the page says that the
// challenger loses a turn (before, only "challenged, stands", while the
// seat to play went back to Ann without a word). The status line's
// language switch, small to look at, takes a thumb's tap 44 px tall.
func TestScrabbleChallengeOnPage(t *testing.T) {
	chromiumtest.Need(t)
	ctx := context.Background()
	rules, err := scrabblegame.Game{}.New(nil, game.Env{})
	if err != nil {
		t.Fatal(err)
	}
	sess, url := sessionServed(t, game.Config{Kind: scrabblegame.Kind, Players: []string{"Ann", "Bo"}, Rules: rules, Dict: everyWord{}})
	var b scrabble.Board
	for i, l := range "HEART" {
		b[7][5+i] = scrabble.Tile{Letter: byte(l)}
	}
	if tn, err := sess.Play(ctx, game.Frame{ID: "HEART"}, game.Reading{Board: scrabblegame.Position{Board: b}}); err != nil || tn.Status != game.StatusAccepted {
		t.Fatalf("HEART: %+v, %v", tn, err)
	}
	bctx, js := phonePage(t, url, 390, 844, nil)
	js("HEART to challenge", `!!document.querySelector('#lastturn .word[data-word="HEART"]')`)

	// The language switch: a tap 20 px above or below its middle, or at
	// its ends, is still on it.
	js("the language switch's touch area", `(() => {
		const s = document.getElementById("langswitch"), r = s.getBoundingClientRect();
		const x = r.left + r.width / 2, y = r.top + r.height / 2;
		return [[x, y - 20], [x, y + 20], [r.left + 2, y], [r.right - 2, y]].every(([px, py]) => document.elementFromPoint(px, py) === s) && r.width >= 44;
	})()`)

	tapOn(t, bctx, "challenge HEART", pinOnce()(
		chromedp.Click(chromedp.CSS(`#lastturn .word[data-word="HEART"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#sheetcontent button[data-by="1"]`)),
		chromedp.Click(chromedp.CSS(`#sheetcontent button[data-by="1"]`)))...)
	js("the verdict and the turn it costs", `document.getElementById("lastturn").textContent.includes("HEART: challenged, stands: the challenger loses a turn")`)
	js("Ann to play again", `document.querySelector("#scores .player.toplay").dataset.seat === "0"`)
	if st := sess.State(); st.ToPlay != 0 {
		t.Errorf("to play: seat %d, want Ann (0): Bo lost his turn", st.ToPlay)
	}
}

// TestPreparingNoticeOnPage: while a demo's photos are drawn, the page's
// notice says so once, in the page's words (before, the service's
// sentence and the page's help said the same thing one under the other).
func TestPreparingNoticeOnPage(t *testing.T) {
	chromiumtest.Need(t)
	t.Setenv(drawDemoEnv, "block")
	c := startServe(t, demoArgs(t.TempDir())...)
	c.waitFor(t, "the preparing notice", 30*time.Second, func(st game.State) bool { return st.Camera != nil && st.Camera.Code == preparingCode })
	bctx := phoneBrowser(t, 60*time.Second)
	if err := chromedp.Do(bctx, chromedp.Navigate(c.url+"/")); err != nil {
		t.Fatal(err)
	}
	pageWait(t, bctx, 30*time.Second, "the notice, once", `(() => {
		const n = document.getElementById("camera");
		return !n.hidden && n.textContent === "The demo is being prepared.Its photos are being drawn (only on its first start): the first turn comes when they are ready.";
	})()`, nil)
}
