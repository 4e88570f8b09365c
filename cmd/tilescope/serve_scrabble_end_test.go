//go:build !lean

package main

import (
	"context"
	"fmt"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/tilescope/tilescope/internal/chromiumtest"
	"github.com/tilescope/tilescope/internal/game"
	scrabblegame "github.com/tilescope/tilescope/internal/games/scrabble"
	"github.com/tilescope/tilescope/scoring/scrabble"
)

// TestScrabbleEndInChromium is the end of a Scrabble game on the page, in
// Chromium on a small phone held in one hand (360x640): the real session
// (SQLite), the real service and page. A player goes out (the board
// filled by plays of seven from the set, the bag emptied), or six
// scoreless turns are tapped (Pass); the banner, in view at the top, says
// why the game is over and asks for the racks; a pass is refused; the
// last play may still be challenged while the racks are due; More, "End
// the game", each rack's points (every control in reach without
// scrolling) and the tally shows RULES.md's adjustment.
func TestScrabbleEndInChromium(t *testing.T) {
	chromiumtest.Need(t)
	if testing.Short() {
		t.Skip("plays a Scrabble game to its end in Chromium")
	}
	for _, c := range []struct {
		name   string
		out    bool   // Bo goes out; else six passes are tapped
		banner string // the banner's words while the racks are due
		racks  [2]int // the points told for Ann's and Bo's racks
		adjust [2]int // the change of each score at the end
	}{
		{"a player goes out", true, "A player went out", [2]int{9, 0}, [2]int{-9, +9}},
		{"six scoreless turns", false, "Six scoreless turns in a row", [2]int{5, 12}, [2]int{-5, -12}},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := context.Background()
			rules, err := scrabblegame.Game{}.New(nil, game.Env{})
			if err != nil {
				t.Fatal(err)
			}
			sess, url := sessionServed(t, game.Config{Kind: scrabblegame.Kind, Players: []string{"Ann", "Bo"}, Rules: rules})

			// The camera's side: plays of seven tiles of the set, row by
			// row (no dictionary: every run stands), up to Bo going out
			// with the bag empty; or one play before the passes.
			var b scrabble.Board
			var pool []scrabble.Tile
			for l := byte('A'); l <= 'Z'; l++ {
				for range scrabble.LetterCount(l) {
					pool = append(pool, scrabble.Tile{Letter: l})
				}
			}
			rows := []int{7, 6, 5, 4, 3, 2, 1, 0, 8, 9, 10, 11, 12, 13}
			if !c.out {
				rows = rows[:1]
			}
			for i, row := range rows {
				for col := 1; col <= 7; col++ {
					b[row][col] = pool[7*i+col-1]
				}
				tn, err := sess.Play(ctx, game.Frame{ID: "row " + strconv.Itoa(row)}, game.Reading{Board: scrabblegame.Position{Board: b}})
				if err != nil || tn.Status != game.StatusAccepted {
					t.Fatalf("the play on row %d: %+v, %v", row, tn, err)
				}
			}

			bctx, js := phonePage(t, url, 360, 640, nil)
			tap := func(what string, acts ...chromedp.Action[chromedp.Void]) { t.Helper(); tapOn(t, bctx, what, acts...) }
			// inReach: the element is on the screen as it stands, whole,
			// with no scrolling (a phone held in one hand).
			inReach := func(sel string) string {
				return `(() => { const r = document.querySelector(` + strconv.Quote(sel) + `).getBoundingClientRect();` +
					` return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; })()`
			}
			withPIN := pinOnce()

			if !c.out {
				for i := 1; i <= 6; i++ {
					tap(fmt.Sprintf("pass %d", i), withPIN(chromedp.Click(chromedp.ID("pass")))...)
					js(fmt.Sprintf("pass %d in the history", i), fmt.Sprintf(`document.querySelectorAll("#history li").length === %d`, 1+i))
				}
			}
			st := sess.State()
			if !st.Over || !st.RacksDue {
				t.Fatalf("over %v, racks due %v; want both", st.Over, st.RacksDue)
			}
			scores := [2]int{st.Players[0].Score, st.Players[1].Score}

			js("the banner asking for the racks", `!document.getElementById("banner").hidden && document.getElementById("banner").textContent.includes(`+strconv.Quote(c.banner)+`)`)
			js("the banner in view at the top", inReach("#banner"))
			if c.out {
				js("the history saying Bo is out", `document.querySelector("#history li").textContent.includes("Bo is out")`)
				js("the last play open to a challenge", `!document.getElementById("lastturn").hidden && document.querySelectorAll("#lastturn .word").length > 0`)
			}
			js("no tally yet", `document.getElementById("tally").hidden`)

			// A pass once the game is over is refused, and says so.
			tap("a pass after the end", withPIN(chromedp.Click(chromedp.ID("pass")))...)
			js("the pass refused", `!document.getElementById("toast").hidden && document.getElementById("toast").textContent.includes("over")`)
			if n := len(sess.State().History); n != len(st.History) {
				t.Errorf("a pass after the end made %d turn records, had %d", n, len(st.History))
			}

			// More, End the game: each rack's points, End and tally.
			tap("More", chromedp.Click(chromedp.ID("more")), chromedp.WaitVisible(chromedp.ID("endgame")))
			js("End the game in reach", inReach("#endgame"))
			tap("End the game", chromedp.Click(chromedp.ID("endgame")), chromedp.WaitVisible(chromedp.ID("endsave")))
			for seat, v := range c.racks {
				sel := `#endform input[data-seat="` + strconv.Itoa(seat) + `"]`
				js("seat "+strconv.Itoa(seat)+"'s rack in reach", inReach(sel))
				tap("seat "+strconv.Itoa(seat)+"'s rack", chromedp.SetValue(chromedp.CSS(sel), strconv.Itoa(v)))
			}
			js("End and tally in reach", inReach("#endsave"))
			tap("End and tally", withPIN(chromedp.Click(chromedp.ID("endsave")))...)
			js("the tally", `!document.getElementById("tally").hidden && document.querySelectorAll("#tally tr").length === 3`)

			st = sess.State()
			if st.RacksDue || len(st.Tally) != 2 {
				t.Fatalf("after End: racks due %v, tally %+v", st.RacksDue, st.Tally)
			}
			for seat, name := range []string{"Ann", "Bo"} {
				want := scores[seat] + c.adjust[seat]
				for _, l := range st.Tally {
					if l.Name == name && l.Final != want {
						t.Errorf("%s's final score %d, want %d (%d %+d)", name, l.Final, want, scores[seat], c.adjust[seat])
					}
				}
				// The rack as counted: Ann holds 2 tiles after Bo went out.
				if c.out {
					js(name+"'s rack as counted", fmt.Sprintf(`[...document.querySelectorAll("#tally tr")].some((r) => r.firstElementChild.textContent.endsWith(%q) && r.children[2].textContent.startsWith("%d "))`, name, 2*(1-seat)))
				}
				js(name+"'s final score on the page", fmt.Sprintf(`[...document.querySelectorAll("#tally tr")].some((r) => r.firstElementChild.textContent.endsWith(%q) && r.lastElementChild.textContent.replace(/[^0-9-]/g, "") === "%d")`, name, want))
				// The scoreboard at the top, where the table looks, gives
				// the final score too (it showed the score before the
				// racks were counted: new user pass, 5 Dec), with the
				// score before and the adjustment under it.
				adj := fmt.Sprintf("%d%s%d", scores[seat], map[bool]string{true: "+", false: "−"}[c.adjust[seat] >= 0], max(c.adjust[seat], -c.adjust[seat]))
				js(name+"'s final score at the top", fmt.Sprintf(`(() => { const p = document.querySelector('#scores .player[data-seat="%d"]'); return p.querySelector(".score").textContent.replace(/[^0-9-]/g, "") === "%d" && p.querySelector(".adjusted").textContent.replace(/[^0-9+−]/g, "") === %q; })()`, seat, want, adj))
			}
			// The winner and the final score, in view at the top.
			winner := "Bo"
			if scores[0]+c.adjust[0] > scores[1]+c.adjust[1] {
				winner = "Ann"
			}
			best := max(scores[0]+c.adjust[0], scores[1]+c.adjust[1])
			js("the banner naming the winner", `document.getElementById("banner").textContent.startsWith("The game is over: `+winner+` won with ") && document.getElementById("banner").textContent.replace(/[^0-9-]/g, "") === "`+strconv.Itoa(best)+`"`)
			js("the winner's banner in view", inReach("#banner"))
			savePhoneShot(t, bctx, "scrabble-end-"+map[bool]string{true: "out", false: "scoreless"}[c.out]+".png")
		})
	}
}
