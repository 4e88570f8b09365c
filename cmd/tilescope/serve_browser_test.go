//go:build !lean

package main

import (
	"context"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tilescope/tilescope/internal/chromiumtest"
	"github.com/tilescope/tilescope/internal/emulation"
	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/internal/sqlite"
	"github.com/tilescope/tilescope/web"
)

var demoShot = flag.Bool("demo-screenshot", false, "TestServeDemoInChromium also writes docs/img/demo-phone.png")

// TestServeDemoInChromium is the whole product end to end: the real
// service with the demo camera (rendered photos -> vision -> rules ->
// SQLite) and the page in Debian's Chromium on a phone-size screen, which
// must show the scores and turns the service reports.
func TestServeDemoInChromium(t *testing.T) {
	chromiumtest.Need(t)
	if testing.Short() {
		t.Skip("plays part of the demo game")
	}
	c := startServe(t, "--addr", "127.0.0.1:0", "--data", t.TempDir(), "--camera", "demo",
		"--frame-period", "100ms", "--demo-restart", "0", "--pin", "1234")
	st := c.waitFor(t, "six demo turns", 120*time.Second, func(st game.State) bool { return maxDemoTurn(st) >= 6 })

	bctx := phoneBrowser(t, 60*time.Second)
	if err := chromedp.Do(bctx,
		chromedp.Navigate(c.url+"/"),
		chromedp.WaitVisible(chromedp.CSS(`#history li`)),
	); err != nil {
		t.Fatalf("the page: %v", err)
	}
	// The page follows the game: wait until it shows at least the turns
	// seen above, then compare its scoreboard with the service's.
	wait := emulation.NewWait(t, 20*time.Second)
	for {
		n, err := chromedp.Run(bctx, chromedp.Evaluate[int](`document.querySelectorAll("#history li").length`))
		if err == nil && n >= len(st.History) {
			break
		}
		if wait.Over() {
			t.Fatalf("the page shows %d turns (%v), the service had %d", n, err, len(st.History))
		}
		time.Sleep(100 * time.Millisecond)
	}
	scores, err := chromedp.Run(bctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#scores .score")].map(e => e.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	now := c.game(t)
	if want := []string{fmt.Sprint(now.Players[0].Score), fmt.Sprint(now.Players[1].Score)}; len(scores) != 2 || scores[0] != want[0] || scores[1] != want[1] {
		// A turn may have landed between the two looks: look once more.
		time.Sleep(time.Second)
		scores, _ = chromedp.Run(bctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#scores .score")].map(e => e.textContent)`))
		now = c.game(t)
		if want = []string{fmt.Sprint(now.Players[0].Score), fmt.Sprint(now.Players[1].Score)}; scores[0] != want[0] || scores[1] != want[1] {
			t.Fatalf("the page's scores %v, the service's %v", scores, want)
		}
	}
	// The history's photos load lazily, as a player scrolls down to them:
	// scroll there, then give the photo time to arrive.
	if _, err := chromedp.Run(bctx, chromedp.Evaluate[bool](`(() => { const i = document.querySelector("#history img"); if (i) i.scrollIntoView(); return !!i; })()`)); err != nil {
		t.Fatal(err)
	}
	var photo bool
	photoWait := emulation.NewWait(t, 15*time.Second)
	for ; ; time.Sleep(100 * time.Millisecond) {
		photo, err = chromedp.Run(bctx, chromedp.Evaluate[bool](`(() => { const i = document.querySelector("#history img"); return !!i && i.complete && i.naturalWidth > 0; })()`))
		if (err == nil && photo) || photoWait.Over() {
			break
		}
	}
	if err != nil || !photo {
		t.Errorf("the history shows no turn photo within %v (%v)", photoWait, err)
	}
	t.Logf("the page shows %v after demo turn %d", scores, maxDemoTurn(now))
	if *demoShot {
		shot, err := chromedp.Run(bctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join("..", "..", "docs", "img", "demo-phone.png"), shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestServeHeldInChromium: the real service watching a camera (a dir:
// folder replayed at 100 ms a photo: the empty board, then a hand resting
// over the board, then the board without it) and the page in Chromium,
// which must tell the table that the turn waits for the hand and then
// show the turn once the hand is gone. The hand goes when the page has
// shown the notice, not after so many seconds: the photos after the empty
// board are links to one file outside the folder, the arm's photo until
// the test puts the board's in its place (the camera reads each photo when
// its turn comes), so a slow machine or a slow page cannot see the hand
// gone before the notice was shown; and the replay's clock counts photos
// (framePace), so the hand is not taken for the table however slowly they
// are read.
func TestServeHeldInChromium(t *testing.T) {
	chromiumtest.Need(t)
	if testing.Short() {
		t.Skip("replays seconds of camera frames")
	}
	dir, live := t.TempDir(), filepath.Join(t.TempDir(), "live.jpg")
	put := func(photo []byte) {
		t.Helper()
		tmp := live + ".new"
		if err := os.WriteFile(tmp, photo, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(tmp, live); err != nil {
			t.Fatal(err)
		}
	}
	put(withArm(t, demoPhoto(t, "turn-01.jpg")))
	if err := os.WriteFile(filepath.Join(dir, "000.jpg"), demoPhoto(t, "turn-00.jpg"), 0o644); err != nil {
		t.Fatal(err)
	}
	// 5 photos of the empty board, then up to 20 minutes of the live one.
	for k := 1; k < 5+12000; k++ {
		target := live
		if k < 5 {
			target = filepath.Join(dir, "000.jpg")
		}
		if err := os.Symlink(target, filepath.Join(dir, fmt.Sprintf("%05d.jpg", k))); err != nil {
			t.Fatal(err)
		}
	}
	// Chromium first (it can take seconds to start on a loaded machine),
	// then the service, whose camera starts at once.
	bctx := phoneBrowser(t, 300*time.Second)
	if err := chromedp.Do(bctx,
		chromedp.Navigate("about:blank"),
	); err != nil {
		t.Fatalf("Chromium: %v", err)
	}
	c := startServe(t, "--addr", "127.0.0.1:0", "--data", t.TempDir(), "--camera", "dir:"+dir,
		"--frame-period", "100ms", "--pin", "1234")
	if err := chromedp.Do(bctx, chromedp.Navigate(c.url+"/")); err != nil {
		t.Fatalf("the page: %v", err)
	}
	wait := func(what, js string) {
		t.Helper()
		pageWait(t, bctx, 120*time.Second, what, js, func() { t.Logf("the service's log:\n%s", c.stderr.String()) })
	}
	wait("notice that the turn waits for the hand", `!document.getElementById("camera").hidden && document.getElementById("camera").textContent.includes("something is over the board")`)
	if st := c.game(t); len(st.Turns) != 0 {
		t.Errorf("while the hand rests: %d turns, want none", len(st.Turns))
	}
	put(demoPhoto(t, "turn-01.jpg")) // the hand goes
	wait("turn once the hand is gone", `document.querySelectorAll("#history li").length === 1 && document.getElementById("camera").hidden`)
	st := c.game(t)
	if len(st.Turns) != 1 || st.Turns[0].Score != 10 || !strings.HasSuffix(st.Turns[0].Frame, ".jpg") {
		t.Fatalf("turns %+v, want HEART for 10", st.Turns)
	}
	if n, _ := strconv.Atoi(strings.TrimSuffix(filepath.Base(st.Turns[0].Frame), ".jpg")); n < 5 {
		t.Errorf("the turn was read from %s, a photo of the empty board", st.Turns[0].Frame)
	}
}

// phoneBrowser starts a headless Chromium showing a phone-size screen
// (390x844, touch, scale 2), closed when the test ends; its context times
// out after timeout on an idle machine, longer on a loaded one
// (emulation.Context).
func phoneBrowser(t *testing.T, timeout time.Duration) context.Context {
	t.Helper()
	bctx, closeBrowser := chromiumtest.Start(t, context.Background(), timeout)
	t.Cleanup(closeBrowser)
	// Starting it here also sizes the screen before the first page loads.
	if err := chromedp.Do(bctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(2))); err != nil {
		t.Fatalf("Chromium: %v", err)
	}
	return bctx
}

// everyWord is a dictionary that knows every word.
type everyWord struct{}

func (everyWord) Contains(string) bool { return true }

// sessionServed opens a game session on the real SQLite store (a fresh
// directory) and serves it with the real page and PIN 1234 (every word a
// word to the challenge box), closed when the test ends; it gives the
// session and the page's address.
func sessionServed(t *testing.T, cfg game.Config) (*game.Session, string) {
	t.Helper()
	ctx := context.Background()
	store, err := sqlite.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	sess, err := game.Open(ctx, store, cfg)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := web.New(web.Config{Session: sess, PIN: "1234", URL: "http://tilescope.test/",
		Dicts: func(string) (web.Dictionary, error) { return everyWord{}, nil }})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { srv.Close(); ts.Close() })
	return sess, ts.URL
}

// phonePage opens url's page in Chromium on a phone of w x h CSS pixels
// (touch, scale 2), waits for the history, and gives the browser and a
// wait for a JavaScript condition (pageWait, 30 s; more, when set, logs
// what else helps on a failure).
func phonePage(t *testing.T, url string, w, h int64, more func()) (context.Context, func(what, cond string)) {
	t.Helper()
	bctx := phoneBrowser(t, 90*time.Second)
	if err := chromedp.Do(bctx,
		chromedp.EmulateViewport(w, h, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(2)),
		chromedp.Navigate(url+"/"),
		chromedp.WaitVisible(chromedp.CSS(`#history li`)),
	); err != nil {
		t.Fatalf("the page: %v", err)
	}
	return bctx, func(what, cond string) { t.Helper(); pageWait(t, bctx, 30*time.Second, what, cond, more) }
}

// pageWait waits up to limit (on an idle machine, longer on a loaded one:
// emulation.NewWait) for a JavaScript condition on the page; on
// failure it runs more (when set) and fails with the page's text and its
// last message.
func pageWait(t *testing.T, bctx context.Context, limit time.Duration, what, cond string, more func()) {
	t.Helper()
	wait := emulation.NewWait(t, limit)
	for ; ; time.Sleep(100 * time.Millisecond) {
		ok, err := chromedp.Run(bctx, chromedp.Evaluate[bool](`(() => { try { return !!(`+cond+`); } catch (e) { return false; } })()`))
		if err == nil && ok {
			return
		}
		if wait.Over() {
			if more != nil {
				more()
			}
			page, _ := chromedp.Run(bctx, chromedp.Evaluate[string](`document.body.innerText`))
			note, _ := chromedp.Run(bctx, chromedp.Evaluate[string](`document.getElementById("toast").textContent`))
			t.Fatalf("waited %v for %s (%v); the last message: %q; the page says:\n%s", wait, what, err, note, page)
		}
	}
}

// tapOn runs the taps (and waits) what names, failing the test if one
// fails.
func tapOn(t *testing.T, bctx context.Context, what string, acts ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(bctx, acts...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// squareTapped opens the fix sheet of the board's square (row, col) on
// a phone as a player does: a tap on the board opens the zoom round it
// (the board's squares are under a fingertip), which must show every
// square at 44 px or more with its spoken label (chromiumtest.ZoomFits);
// then a tap on the square in the zoom.
func squareTapped(t *testing.T, bctx context.Context, js func(what, cond string), row, col int) {
	t.Helper()
	tapOn(t, bctx, fmt.Sprintf("the board at row %d, column %d", row, col), chromiumtest.ZoomOn(row, col)...)
	js("the zoom round the square, every square 44 px or more", chromiumtest.ZoomFits)
	sizes, _ := chromedp.Run(bctx, chromedp.Evaluate[string](`["#board", "#zoomgrid"].map((g) => {
		const b = document.querySelector(g + " .cell").getBoundingClientRect();
		return g + " " + b.width.toFixed(1) + "x" + b.height.toFixed(1);
	}).join(", ")`))
	t.Logf("squares: %s", sizes)
	tapOn(t, bctx, fmt.Sprintf("row %d, column %d in the zoom", row, col), chromiumtest.PickSquare(row, col))
}

// pinOnce gives what adds the PIN's sheet (PIN 1234) to the first change
// made on the page: the phone keeps the PIN after it.
func pinOnce() func(acts ...chromedp.Action[chromedp.Void]) []chromedp.Action[chromedp.Void] {
	given := false
	return func(acts ...chromedp.Action[chromedp.Void]) []chromedp.Action[chromedp.Void] {
		if given {
			return acts
		}
		given = true
		return append(acts, chromedp.WaitVisible(chromedp.ID("pininput")), chromedp.SendKeys(chromedp.ID("pininput"), "1234"), chromedp.Click(chromedp.ID("pinsave")))
	}
}
