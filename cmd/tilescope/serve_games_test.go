//go:build !lean

package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tilescope/tilescope/internal/chromiumtest"
	"github.com/tilescope/tilescope/internal/game"
	pyrgame "github.com/tilescope/tilescope/internal/games/pyramids"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
)

// pyramidsDemoLog is the Pyramids demo game's log (demodata/game.txt):
// its start and every turn with the boards recorded after it.
func pyramidsDemoLog(t *testing.T) *pyramids.Log {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "internal", "games", "pyramids", "demodata", "game.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	l, err := pyramids.ReadLog(f, "game.txt")
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// pyramidsDemoScores are the demo game's words and their points as the
// referee scores them from the recorded boards (demodata/game.txt), the
// photos aside.
func pyramidsDemoScores(t *testing.T) map[string]int {
	t.Helper()
	l := pyramidsDemoLog(t)
	setup := pyramids.DefaultSetup()
	before := l.Start
	out := map[string]int{}
	for _, e := range l.Entries {
		if e.Kind != "turn" || e.Taken == nil {
			continue
		}
		m, err := pyramids.Judge(&setup, pyramids.Turn{Player: e.Player, Word: e.Word, Before: before, Announced: e.Announced}, nil)
		if err != nil {
			t.Fatalf("%s: %v", e.Word, err)
		}
		out[e.Word] = m.Score
		before = e.Taken
	}
	return out
}

// pyramidsDemoTaken is the recorded board after word's take.
func pyramidsDemoTaken(t *testing.T, word string) *pyramids.Board {
	t.Helper()
	l := pyramidsDemoLog(t)
	for _, e := range l.Entries {
		if e.Word == word && e.Taken != nil {
			return e.Taken
		}
	}
	t.Fatalf("no %s taken in the demo", word)
	return nil
}

func playedWords(st game.State) map[string]int {
	out := map[string]int{}
	for _, tn := range st.Turns {
		for _, w := range tn.Words {
			out[w.Word] = tn.Score
		}
	}
	return out
}

// TestServePyramidsInChromium is Crossword Pyramids end to end: the
// service with the game's demo (rendered photos -> vision/pyramids ->
// referee -> SQLite) and the page in Chromium on a phone: the set-up, HOLD
// and EAT (each announced, then taken) arrive with the referee's scores;
// AOG is announced and challenged with a tap (not a word: withdrawn); a
// pyramid the camera misread is corrected with a tap (colour, letter,
// height). A screenshot is kept as the test's artefact.
func TestServePyramidsInChromium(t *testing.T) {
	needDemoInChromium(t, "Pyramids")
	want := pyramidsDemoScores(t)
	c := serveDemo(t, "pyramids", "Bo,Ro,Gil")
	st := c.waitFor(t, "AOG announced", 180*time.Second, func(st game.State) bool { return playedWords(st)["AOG"] != 0 || maxDemoTurn(st) >= 7 })
	got := playedWords(st)
	for w, pts := range want {
		if got[w] != pts {
			t.Errorf("%s scored %d, the referee on the recorded boards %d", w, got[w], pts)
		}
	}
	if st.Game != "pyramids" || st.Players[0].Score != want["HOLD"] || st.Players[1].Score != want["EAT"] {
		t.Errorf("%s, players %+v; want Bo %d, Ro %d", st.Game, st.Players, want["HOLD"], want["EAT"])
	}
	if _, ok := got["AOG"]; !ok {
		for _, h := range st.History {
			t.Logf("turn %d %s %s %s %s %v", h.N, h.Frame, h.Status, h.Code, h.Error, h.Words)
		}
		t.Fatalf("AOG was not announced: %v", got)
	}

	bctx, js := openDemoPage(t, c)
	js("the pyramids drawn in their colours", `document.querySelectorAll("#board .cell.pyramid.col-black").length > 20 && document.querySelectorAll("#board .cell.pyramid.col-green").length >= 6`)
	js("the scores", `[...document.querySelectorAll("#scores .score")].map(e => e.textContent).join(",") === "`+strings.Join([]string{strconv.Itoa(want["HOLD"]), strconv.Itoa(want["EAT"]), strconv.Itoa(got["AOG"])}, ",")+`"`)
	js("HOLD and EAT taken in the history", `document.getElementById("history").textContent.includes("took HOLD") && document.getElementById("history").textContent.includes("took EAT")`)

	js("AOG flagged (not in the dictionary, standing until challenged)", `document.querySelector('#lastturn .word[data-word="AOG"]').classList.contains("flagged")`)
	// Bo challenges AOG with two taps (the word, then who challenges: the
	// rulebook costs a failed challenger a turn); the page asks for the PIN.
	if err := chromedp.Do(bctx,
		chromedp.Click(chromedp.CSS(`#lastturn .word[data-word="AOG"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#sheetcontent button[data-by="0"]`)),
		chromedp.Click(chromedp.CSS(`#sheetcontent button[data-by="0"]`)),
		chromedp.WaitVisible(chromedp.ID("pininput")),
		chromedp.SendKeys(chromedp.ID("pininput"), "1234"),
		chromedp.Click(chromedp.ID("pinsave")),
	); err != nil {
		t.Fatalf("challenging AOG: %v", err)
	}
	js("AOG withdrawn", `document.getElementById("verdict").textContent.includes("AOG is not a word") && document.getElementById("history").textContent.includes("withdrawn")`)
	if st := c.game(t); st.Players[2].Score != 0 || st.ToPlay != 0 {
		t.Errorf("after the challenge: Gil %d, seat %d to play; want 0, and Bo (Gil loses the turn)", st.Players[2].Score, st.ToPlay)
	}

	// The latest reading is EAT's take. A pyramid the camera misread (its
	// top against the recorded board) is fixed with a tap: colour, letter
	// and height; the fix holds back through every photo that read it so.
	// Without a misread, a pyramid is made blue and red again (the fix
	// re-judges the turns that read it, and the scores stand).
	truth := pyramidsDemoTaken(t, "EAT")
	st = c.game(t)
	var mr, mc int
	var want0 pyramids.Stack
	found := false
	for r := 0; r < pyramids.Size && !found; r++ {
		for col := 0; col < pyramids.Size && !found; col++ {
			tp, ok := truth.At(grid.Pos{Row: r, Col: col}).Top()
			cell := st.Board[r][col]
			if ok && cell != nil && (cell.Colour != tp.Colour.String() || cell.Letter != tp.Letter) {
				mr, mc, want0, found = r, col, truth.At(grid.Pos{Row: r, Col: col}), true
			}
		}
	}
	fix := func(r, col int, colour, letter string, height int) {
		t.Helper()
		squareTapped(t, bctx, js, r, col)
		if err := chromedp.Do(bctx,
			chromedp.WaitVisible(chromedp.CSS(`#cellcolours button[data-colour="`+colour+`"]`)),
			chromedp.Click(chromedp.CSS(`#cellcolours button[data-colour="`+colour+`"]`)),
			chromedp.SetValue(chromedp.ID("cellletter"), letter),
			chromedp.SetValue(chromedp.ID("cellheight"), strconv.Itoa(height)),
		); err != nil {
			t.Fatalf("fixing row %d, column %d: %v", r, col, err)
		}
		if err := chromedp.Do(bctx, chromedp.Click(chromedp.ID("cellsave"))); err != nil {
			t.Fatal(err)
		}
	}
	if found {
		tp, _ := want0.Top()
		t.Logf("the camera read row %d, column %d as %s %s; the recorded board has %s", mr, mc, st.Board[mr][mc].Colour, st.Board[mr][mc].Letter, want0)
		fix(mr, mc, tp.Colour.String(), tp.Letter, want0.Height)
		js("the misread pyramid fixed", `document.querySelector('#board .cell[data-row="`+strconv.Itoa(mr)+`"][data-col="`+strconv.Itoa(mc)+`"]').classList.contains("col-`+tp.Colour.String()+`") && document.querySelector('#board .cell[data-row="`+strconv.Itoa(mr)+`"][data-col="`+strconv.Itoa(mc)+`"]').textContent.startsWith("`+tp.Letter+`")`)
		st = c.game(t)
		if cell := st.Board[mr][mc]; cell == nil || cell.Colour != tp.Colour.String() || cell.Letter != tp.Letter {
			t.Errorf("after the fix the service has %+v at row %d, column %d", cell, mr, mc)
		}
		if h := st.History[0]; !strings.Contains(strings.Fields(strings.Split(h.Board, "\n")[mr])[mc], tp.Letter) {
			t.Errorf("the fix did not reach the set-up photo's reading:\n%s", h.Board)
		}
	} else {
		// A fix holds back through every photo that read the square so
		// (EAT's announcement, its take, AOG's): the turns are re-judged
		// with the pyramid blue, then red again.
		cell := `document.querySelector('#board .cell[data-row="1"][data-col="2"]')`
		fix(1, 2, "blue", "I", 4)
		js("the pyramid fixed blue", cell+`.classList.contains("col-blue")`)
		if st := c.game(t); st.Board[1][2] == nil || st.Board[1][2].Colour != "blue" {
			t.Errorf("after the fix the service has %+v at row 1, column 2", st.Board[1][2])
		}
		fix(1, 2, "red", "I", 4)
		js("the pyramid fixed red again", cell+`.classList.contains("col-red") && document.getElementById("banner").hidden`)
	}
	st = c.game(t)
	if st.Players[0].Score != want["HOLD"] || st.Players[1].Score != want["EAT"] {
		t.Errorf("after the fix: %+v", st.Players)
	}

	savePhoneShot(t, bctx, "pyramids-phone.png")
}

// needDemoInChromium skips a test that plays a game's whole demo in
// Chromium where there is no Chromium (chromiumtest.Need) or under -short.
func needDemoInChromium(t *testing.T, name string) {
	t.Helper()
	chromiumtest.Need(t)
	if testing.Short() {
		t.Skip("plays the " + name + " demo game")
	}
}

// serveDemo starts the service on kind's demo game (a fresh data
// directory, a frame every 150 ms, staying on the last photo) with the
// players named and PIN 1234, once its photos are drawn.
func serveDemo(t *testing.T, kind, players string) *child {
	t.Helper()
	c := startServe(t, "--game", kind, "--players", players, "--addr", "127.0.0.1:0", "--data", t.TempDir(),
		"--camera", "demo", "--frame-period", "150ms", "--demo-restart", "0", "--pin", "1234")
	c.waitLog(t, "demo is ready", 180*time.Second)
	return c
}

// openDemoPage opens the table's page in Chromium as a phone (390x844),
// waits for the history, and returns the browser and a wait for a
// JavaScript condition on the page (30 s; on failure it logs the game's
// history and fails with the page's text and its last message).
func openDemoPage(t *testing.T, c *child) (context.Context, func(what, cond string)) {
	t.Helper()
	return phonePage(t, c.url, 390, 844, func() {
		st := c.game(t)
		// The board's size and each turn's own account (a Twists word's
		// path, say) tell a page that drew less than the state holds.
		t.Logf("the board: %d rows, %d columns", st.Rows, st.Cols)
		for _, h := range st.History {
			detail, _ := json.Marshal(h.Detail)
			t.Logf("turn %d %s %s %s %s %v %v %s", h.N, h.Frame, h.Status, h.Code, h.Error, h.Words, h.Challenges, detail)
		}
	})
}

// savePhoneShot keeps a screenshot of the page as the test's artefact,
// testdata/artefacts/name.
func savePhoneShot(t *testing.T, bctx context.Context, name string) {
	t.Helper()
	shot, err := chromedp.Run(bctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	dir := filepath.Join("testdata", "artefacts")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, shot, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s (%d bytes)", path, len(shot))
}

// TestServePyramidsSurvivesKill9: the Pyramids demo killed with SIGKILL
// after its second word's announcement comes back as the same game with
// every turn, and carries on.
func TestServePyramidsSurvivesKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the service twice")
	}
	second := killMidDemo(t, "pyramids", "EAT announced", func(st game.State) bool { return playedWords(st)["EAT"] != 0 })
	// EAT's take arrives after the restart, once.
	done := second.waitFor(t, "EAT taken after the restart", 180*time.Second, func(st game.State) bool {
		for _, tn := range st.Turns {
			if d, ok := tn.Detail.(map[string]any); ok && d["phase"] == "taken" && d["word"] == "EAT" {
				return true
			}
		}
		return false
	})
	demoNotRepeated(t, done)
	_ = pyrgame.Kind
}

// killMidDemo plays game's demo (a fresh data directory; more serve flags
// in extra, such as the players), kills the service with SIGKILL once
// until says yes, starts it again on the same data and checks that it came
// back as the same game with every turn record unchanged; it returns the
// restarted service.
func killMidDemo(t *testing.T, kind, what string, until func(game.State) bool, extra ...string) *child {
	t.Helper()
	args := append([]string{"--game", kind, "--addr", "127.0.0.1:0", "--data", t.TempDir(), "--camera", "demo",
		"--frame-period", "150ms", "--pin", "2468", "--demo-restart", "0"}, extra...)
	first := startServe(t, args...)
	before := first.waitFor(t, what, 180*time.Second, until)
	if err := first.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-first.done
	second := startServe(t, args...)
	after := second.game(t)
	if after.ID != before.ID || after.Game != kind {
		t.Fatalf("restarted into game %d (%s), want %d (%s)", after.ID, after.Game, before.ID, kind)
	}
	if len(after.History) < len(before.History) {
		t.Fatalf("after kill -9: %d turn records, had %d", len(after.History), len(before.History))
	}
	for i, b := range before.History {
		a := after.History[i]
		if a.N != b.N || a.Status != b.Status || a.Score != b.Score || a.Frame != b.Frame || a.Board != b.Board {
			t.Errorf("turn %d changed across the crash:\nbefore %+v\nafter  %+v", b.N, b, a)
		}
	}
	return second
}

// demoNotRepeated fails when a demo photo was recorded twice (the demo
// started over after a restart instead of carrying on).
func demoNotRepeated(t *testing.T, st game.State) {
	t.Helper()
	seen := map[string]int{}
	for _, h := range st.History {
		seen[h.Frame]++
	}
	for f, n := range seen {
		if strings.HasPrefix(f, "demo turn") && n > 1 {
			t.Errorf("%s was recorded %d times: the demo started over", f, n)
		}
	}
}
