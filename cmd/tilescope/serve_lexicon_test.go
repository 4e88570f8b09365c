//go:build !lean

package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tilescope/tilescope/internal/emulation"
	"github.com/tilescope/tilescope/internal/game"
	lexgame "github.com/tilescope/tilescope/internal/games/lexicon"
)

// lexiconDemoRecord is the Lexicon demo's recorded game (demodata/game.txt):
// each photo's crosswords as the players read them.
func lexiconDemoRecord(t *testing.T) []lexgame.Recorded {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "internal", "games", "lexicon", "demodata", "game.txt"))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := lexgame.ReadRecord(string(b), "game.txt", 2)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// lexiconTurnScores are a turn's seats' scores (its detail), in hundredths.
func lexiconTurnScores(tn game.Turn) []int {
	d, _ := tn.Detail.(map[string]any)
	seats, _ := d["seats"].([]any)
	var out []int
	for _, s := range seats {
		m, _ := s.(map[string]any)
		f, _ := m["score"].(float64)
		out = append(out, int(math.Round(f*100)))
	}
	return out
}

func hasWord(tn game.Turn, w string) bool {
	for _, x := range tn.Words {
		if x.Word == w {
			return true
		}
	}
	return false
}

// TestServeLexiconInChromium is Lexicon Crossing end to end: the service
// with the game's demo (photos of the whole table rendered from the
// recorded game -> vision/loose -> each seat's crossword -> referee ->
// SQLite) and the page in Chromium on a phone: the six photos arrive as
// turns of the right seats with every seat's score as the referee has it on
// the recorded crosswords; a tile the camera misread is corrected with a
// tap; OXE, flagged, is challenged with a tap and withdrawn (Ann's score
// back); red light, with tiles typed for Ben, ranks the crosswords.
// Screenshots are kept as the test's artefacts.
func TestServeLexiconInChromium(t *testing.T) {
	needDemoInChromium(t, "Lexicon")
	rec := lexiconDemoRecord(t)
	c := serveDemo(t, "lexicon", "Ann,Ben")
	st := c.waitFor(t, "OXE played", 180*time.Second, func(st game.State) bool {
		return len(st.Turns) > 0 && hasWord(st.Turns[len(st.Turns)-1], "OXE") || maxDemoTurn(st) >= len(rec)-1 && len(st.Turns) >= len(rec)
	})
	if len(st.Turns) != len(rec) {
		for _, h := range st.History {
			t.Logf("turn %d %s %s %s %s %v", h.N, h.Frame, h.Status, h.Code, h.Error, h.Words)
		}
		t.Fatalf("%d turns, want one a photo (%d)", len(st.Turns), len(rec))
	}
	for i, tn := range st.Turns {
		want := strings.Fields(rec[i].Note)[0]
		got := lexiconTurnScores(tn)
		for seat := range 2 {
			if w := rec[i].Seats[seat].Score(); seat >= len(got) || got[seat] != w {
				t.Errorf("turn %d (%s): seat %d scores %v, the referee on the recorded crosswords %d", tn.N, rec[i].Note, seat+1, got, w)
			}
		}
		if tn.Name != want {
			t.Errorf("turn %d (%s) is %s's, want %s's", tn.N, rec[i].Note, tn.Name, want)
		}
	}
	last := rec[len(rec)-1]
	if st.Game != "lexicon" || st.Players[0].Score != last.Seats[0].Score() || st.Players[1].Score != last.Seats[1].Score() {
		t.Errorf("%s, players %+v; want Ann %d, Ben %d", st.Game, st.Players, last.Seats[0].Score(), last.Seats[1].Score())
	}

	bctx, js := openDemoPage(t, c)
	shown := func(n int) string { return fmt.Sprintf("%.2f", float64(n)/100) }
	js("both crosswords drawn, each in its area", `document.querySelectorAll("#board .cell.tile.lx-seat0").length >= 20 && document.querySelectorAll("#board .cell.tile.lx-seat1").length >= 8`)
	js("the scores to two decimals and on the x50 scale", `[...document.querySelectorAll("#scores .score")].map(e => e.textContent).join(",") === "`+
		shown(last.Seats[0].Score())+` · ×50 `+strconv.FormatFloat(float64(last.Seats[0].Score())/2, 'f', -1, 64)+`,`+
		shown(last.Seats[1].Score())+` · ×50 `+strconv.FormatFloat(float64(last.Seats[1].Score())/2, 'f', -1, 64)+`"`)
	js("the turns in the history", `document.querySelectorAll("#history li").length >= 6 && document.getElementById("history").textContent.includes("RUBBISH")`)

	// The PIN, the first time the page asks for it: wait until the page
	// asks or the change is done (however slow the machine), then give it.
	pinIfAsked := func() {
		t.Helper()
		js("the PIN asked or the change done", `!!document.getElementById("pininput") || document.getElementById("sheet").hidden`)
		if asked, _ := chromedp.Run(bctx, chromedp.Evaluate[bool](`!!document.getElementById("pininput")`)); asked {
			if err := chromedp.Do(bctx, chromedp.SendKeys(chromedp.ID("pininput"), "1234"), chromedp.Click(chromedp.ID("pinsave"))); err != nil {
				t.Fatalf("the PIN: %v", err)
			}
		}
	}

	// A tile the camera misread (against the recorded crossword) is fixed
	// with a tap; without a misread, Ann's C is made a D and a C again. It
	// is fixed in the latest photo, OXE's, and in every earlier one that
	// read it so (before the challenge: a photo still showing OXE is then
	// the play withdrawn, not a new one).
	st = c.game(t)
	r, col, letter := lexiconMisread(t, st, last)
	fix := func(r, col int, letter string) {
		t.Helper()
		at := `#board .cell[data-row="` + strconv.Itoa(r) + `"][data-col="` + strconv.Itoa(col) + `"]`
		squareTapped(t, bctx, js, r, col)
		if err := chromedp.Do(bctx,
			chromedp.WaitVisible(chromedp.ID("cellletter")),
			chromedp.SetValue(chromedp.ID("cellletter"), letter),
			chromedp.Click(chromedp.ID("cellsave")),
		); err != nil {
			t.Fatalf("fixing row %d, column %d: %v", r, col, err)
		}
		pinIfAsked()
		js("the tile fixed as "+letter, `document.querySelector('`+at+`').textContent.startsWith("`+letter+`") && document.getElementById("sheet").hidden`)
	}
	if letter != "" {
		t.Logf("the camera read row %d, column %d as %s; the recorded crossword has %s", r, col, st.Board[r][col].Letter, letter)
		fix(r, col, letter)
	} else {
		r, col = lexiconTileOf(t, st, "C")
		fix(r, col, "D")
		js("the word it makes shown", `document.getElementById("history").textContent.includes("DAKE")`)
		fix(r, col, "C")
	}
	st = c.game(t)
	for seat := range 2 {
		if st.Players[seat].Score != last.Seats[seat].Score() {
			t.Errorf("after the fix %s scores %d, want %d", st.Players[seat].Name, st.Players[seat].Score, last.Seats[seat].Score())
		}
	}
	if cell := st.Board[r][col]; cell == nil || !cell.Corrected {
		t.Errorf("after the fix the service has %+v at row %d, column %d, not marked corrected", cell, r, col)
	}

	// Ben challenges OXE with one tap.
	js("OXE flagged (not in the dictionary, standing until challenged)", `document.querySelector('#lastturn .word[data-word="OXE"]').classList.contains("flagged")`)
	if err := chromedp.Do(bctx, chromedp.Click(chromedp.CSS(`#lastturn .word[data-word="OXE"]`))); err != nil {
		t.Fatalf("challenging OXE: %v", err)
	}
	pinIfAsked()
	js("OXE withdrawn", `document.getElementById("verdict").textContent.includes("OXE is not a word") && !document.getElementById("verdict").textContent.includes("null") && document.getElementById("history").textContent.includes("withdrawn")`)
	rubbish := rec[len(rec)-2]
	// The camera still shows OXE: its next photos are the play withdrawn,
	// no new turn. Wait for two of them to be read (the log's "no change"),
	// not for so many seconds.
	seen := strings.Count(c.stderr.String(), ": no change")
	c.waitFor(t, "two more photos of OXE read", 120*time.Second, func(game.State) bool {
		return strings.Count(c.stderr.String(), ": no change") >= seen+2
	})
	if st := c.game(t); st.Players[0].Score != rubbish.Seats[0].Score() || st.Players[1].Score != rubbish.Seats[1].Score() || len(st.Turns) != len(rec)-1 {
		t.Errorf("after the challenge: %+v, %d turns; want Ann %d (as after RUBBISH), Ben %d, %d turns", st.Players, len(st.Turns), rubbish.Seats[0].Score(), rubbish.Seats[1].Score(), len(rec)-1)
	}
	savePhoneShot(t, bctx, "lexicon-phone.png")

	// Red light: Ben still holds two tiles (typed); the tally ranks the
	// crosswords, Ben's now 11 / (3 + 2).
	// The "More" sheet listens for "End the game" once it has asked the
	// table for its address: tap again until the end sheet opens.
	if err := chromedp.Do(bctx, chromedp.Click(chromedp.ID("more")), chromedp.WaitVisible(chromedp.ID("endgame"))); err != nil {
		t.Fatalf("the More sheet: %v", err)
	}
	for wait := emulation.NewWait(t, 20*time.Second); ; time.Sleep(200 * time.Millisecond) {
		if _, err := chromedp.Run(bctx, chromedp.Evaluate[bool](`(() => { const b = document.getElementById("endgame"); if (b) b.click(); return true; })()`)); err != nil {
			t.Fatalf("ending the game: %v", err)
		}
		if open, _ := chromedp.Run(bctx, chromedp.Evaluate[bool](`!!document.querySelector('#endform input[data-seat="1"]')`)); open {
			break
		}
		if wait.Over() {
			t.Fatalf("the end sheet did not open within %v", wait)
		}
	}
	if err := chromedp.Do(bctx,
		chromedp.SetValue(chromedp.CSS(`#endform input[data-seat="1"]`), "2"),
		chromedp.Click(chromedp.ID("endsave")),
	); err != nil {
		t.Fatalf("ending the game: %v", err)
	}
	js("the tally ranked", `[...document.querySelectorAll("#tally tr.winner td")].map(e => e.textContent).join("|").startsWith("🏆 1. Ann|2.25") && document.getElementById("tally").textContent.includes("2. Ben") && document.getElementById("tally").textContent.includes("2.20")`)
	st = c.game(t)
	if !st.Over || len(st.Tally) != 2 || st.Tally[0].Rank != 1 || st.Tally[1].Rank != 2 || st.Tally[1].Final != 220 || st.Tally[1].Tiles != 2 {
		t.Errorf("the tally: %+v", st.Tally)
	}
	if err := chromedp.Do(bctx, chromedp.ScrollIntoView(chromedp.ID("tally"))); err != nil {
		t.Fatal(err)
	}
	savePhoneShot(t, bctx, "lexicon-tally.png")
}

// lexiconMisread finds a tile of a crossword on the board that the camera
// read otherwise than the recorded photo has it: its square and the right
// letter ("" when every tile is right).
func lexiconMisread(t *testing.T, st game.State, want lexgame.Recorded) (int, int, string) {
	t.Helper()
	for seat := range 2 {
		l := want.Seats[seat].Layout()
		if l == nil {
			continue
		}
		truth := strings.Split(strings.TrimSuffix(lexgame.Trimmed(l), "\n"), "\n")
		top := seat * lexgame.AreaRows
		r0, c0 := -1, lexgame.Cols
		for r := top; r < top+lexgame.CrossRows; r++ {
			for c := range lexgame.Cols {
				if st.Board[r][c] != nil {
					if r0 < 0 {
						r0 = r
					}
					c0 = min(c0, c)
				}
			}
		}
		for i, row := range truth {
			for j := range len(row) {
				if row[j] == '.' || r0+i >= len(st.Board) || c0+j >= lexgame.Cols {
					continue
				}
				if cell := st.Board[r0+i][c0+j]; cell != nil && cell.Letter != row[j:j+1] {
					return r0 + i, c0 + j, row[j : j+1]
				}
			}
		}
	}
	return 0, 0, ""
}

// lexiconTileOf is the square of the first tile with letter on the board.
func lexiconTileOf(t *testing.T, st game.State, letter string) (int, int) {
	t.Helper()
	for r, row := range st.Board {
		for c, cell := range row {
			if cell != nil && cell.Letter == letter {
				return r, c
			}
		}
	}
	t.Fatalf("no %s on the board", letter)
	return 0, 0
}

// TestServeLexiconSurvivesKill9: the Lexicon demo killed with SIGKILL after
// its third photo comes back as the same game with every turn, and carries
// on to the last photo without reading one twice.
func TestServeLexiconSurvivesKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the service twice")
	}
	second := killMidDemo(t, "lexicon", "three turns", func(st game.State) bool { return len(st.Turns) >= 3 })
	done := second.waitFor(t, "OXE after the restart", 180*time.Second, func(st game.State) bool {
		return len(st.Turns) > 0 && hasWord(st.Turns[len(st.Turns)-1], "OXE")
	})
	if len(done.Turns) != 6 {
		t.Errorf("%d turns after the restart, want the demo's 6", len(done.Turns))
	}
	demoNotRepeated(t, done)
}
