package web

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tilescope/tilescope/internal/chromiumtest"
	"github.com/tilescope/tilescope/internal/emulation"
	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/internal/sqlite"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/upwords"
)

var docsShot = flag.Bool("docs-screenshot", false, "TestBrowser also writes its screenshot to docs/img/phone.png")

// upwordsJudge is the real Upwords engine behind the session's Scorer (the
// same adaptation cmd/tilescope makes).
type upwordsJudge struct{ rules upwords.Rules }

func (u upwordsJudge) Judge(before, after *grid.Board) (game.Move, error) {
	mv, err := u.rules.Judge(before, after)
	if err != nil {
		var rej *upwords.Rejection
		if errors.As(err, &rej) {
			return game.Move{}, &game.Rejection{Code: string(rej.Code), Msg: rej.Msg}
		}
		return game.Move{}, err
	}
	out := game.Move{Bonus: mv.Bonus, Score: mv.Score}
	for _, p := range mv.Placed {
		out.Placed = append(out.Placed, game.Placement{Row: p.Pos.Row, Col: p.Pos.Col, Letter: p.Letter, Height: p.Height})
	}
	for _, w := range mv.Words {
		out.Words = append(out.Words, game.Word{Word: w.Word, Score: w.Score, Stacked: w.Stacked})
	}
	return out, nil
}

// TestBrowser opens the page in Debian's Chromium on a phone-size screen,
// sees a turn arrive over the event stream, taps a misread square, fixes
// it with the PIN, and keeps a screenshot. The game behind it is real: the
// Upwords engine, the SQLite store, the embedded page.
func TestBrowser(t *testing.T) {
	chromiumtest.Need(t)
	ctx := context.Background()
	store, err := sqlite.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	sess, err := game.Open(ctx, store, game.Config{Players: []string{"Ann", "Ben"}, Scorer: upwordsJudge{}})
	if err != nil {
		t.Fatal(err)
	}
	bctx, closeTable := tableOnPhone(t, ctx, Config{Session: sess, PIN: testPIN, URL: "http://tilescope.test/",
		Dicts: func(string) (Dictionary, error) { return wordSet{"HEART": true}, nil }})
	defer closeTable()
	waitJS(t, bctx, `document.getElementById("conn").classList.contains("live")`, "the event stream to connect")

	// The camera cannot read a photo: the table is told what to do.
	if err := sess.CameraTrouble(ctx, "browser test", "too_dark", "vision: too dark: median brightness 12 of 255; add light"); err != nil {
		t.Fatal(err)
	}
	waitJS(t, bctx, `!document.getElementById("camera").hidden && document.getElementById("camera").textContent.includes("add light")`, "the camera notice")

	// A turn arrives: HEART across the centre, the R read as B, unsure.
	read := grid.MustParse(strings.Repeat(". . . . . . . . . .\n", 4) +
		". . . H E A B T . .\n" + strings.Repeat(". . . . . . . . . .\n", 5))
	conf := make([][]float64, 10)
	for r := range conf {
		conf[r] = []float64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1}
	}
	conf[4][6] = 0.41
	// A hand over one square: the photo may not have seen it.
	covered := [][2]int{{6, 2}}
	turn, err := sess.Play(ctx, game.Frame{ID: "browser test", JPEG: tinyJPEG(t)}, game.Reading{Board: read, Conf: conf, Covered: covered})
	if err != nil || turn.Status != game.StatusAccepted {
		t.Fatalf("the turn: %+v, %v", turn, err)
	}
	waitJS(t, bctx, `document.querySelectorAll("#board .cell.tile").length === 5`, "the turn's five tiles on the board")
	waitJS(t, bctx, `document.querySelector('#board .cell[data-row="6"][data-col="2"]').classList.contains("covered") && document.querySelector('#board .cell[data-row="6"][data-col="2"]').textContent === "covered" && document.querySelectorAll("#board .cell.covered").length === 1`, "the covered square saying so")
	waitJS(t, bctx, `document.getElementById("camera").hidden`, "the camera notice gone once a photo was read")
	waitJS(t, bctx, `document.querySelector('#board .cell[data-row="4"][data-col="6"]').classList.contains("uncertain")`, "the misread square marked unsure")
	waitJS(t, bctx, `document.querySelector("#scores .player .score").textContent === "10"`, "Ann's 10 points on the scoreboard")

	// Tap the square (in the zoom: a phone's squares are small), type the
	// right letter, save; the page asks for the PIN.
	if err := chromedp.Do(bctx, append(chromiumtest.TapSquare(4, 6),
		chromedp.WaitVisible(chromedp.ID("cellletter")),
		chromedp.SetValue(chromedp.ID("cellletter"), "R"),
		chromedp.Click(chromedp.ID("cellsave")),
		chromedp.WaitVisible(chromedp.ID("pininput")),
		chromedp.SendKeys(chromedp.ID("pininput"), testPIN),
		chromedp.Click(chromedp.ID("pinsave")),
	)...); err != nil {
		t.Fatalf("correcting the square: %v", err)
	}
	waitJS(t, bctx, `document.querySelector("#history li .what").textContent.includes("HEART")`, "the corrected turn (HEART) in the history")
	waitJS(t, bctx, `document.querySelector('#board .cell[data-row="4"][data-col="6"]').classList.contains("corrected")`, "the square marked as fixed")
	if st := sess.State(); len(st.Turns) != 1 || st.Turns[0].Words[0].Word != "HEART" || st.Turns[0].Score != 10 {
		t.Fatalf("the session after the correction: %+v", st.Turns)
	}
	if _, err := chromedp.Run(bctx, chromedp.Evaluate[string](`localStorage.getItem("tilescope.pin")`)); err != nil {
		t.Errorf("the PIN was not kept on the phone: %v", err)
	}

	// The screenshot, kept as the test's artefact.
	shot, err := chromedp.Run(bctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	dir := filepath.Join("testdata", "artefacts")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "browser-phone.png")
	if err := os.WriteFile(path, shot, 0o644); err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(path)
	t.Logf("screenshot: %s (%d bytes)", abs, len(shot))
	if *docsShot {
		if err := os.WriteFile(filepath.Join("..", "docs", "img", "phone.png"), shot, 0o644); err != nil {
			t.Errorf("docs screenshot: %v", err)
		}
	}
}

// waitJS polls a JavaScript condition until it is true (20 s on an idle
// machine, longer on a loaded one: emulation.NewWait).
func waitJS(t *testing.T, ctx context.Context, cond, what string) {
	t.Helper()
	wait := emulation.NewWait(t, 20*time.Second)
	for {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { try { return !!(`+cond+`); } catch (e) { return false; } })()`))
		if err == nil && ok {
			return
		}
		if wait.Over() {
			page, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
			t.Fatalf("waited %v for %s (%v); the page says:\n%s", wait, what, err, page)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// tinyJPEG is a small real JPEG for the turn's photo: green felt.
func tinyJPEG(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 160, 120))
	draw.Draw(img, img.Bounds(), &image.Uniform{color.RGBA{29, 59, 42, 255}}, image.Point{}, draw.Src)
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// tableOnPhone serves the table cfg makes (New, on an httptest server)
// and opens its page on a phone in Chromium (openPhone, with extra
// flags): 390x844 CSS pixels (an iPhone 12-14), touch, mobile, the scores
// drawn. It gives the browser's context and what closes the browser, the
// server and the table, in that order.
func tableOnPhone(t *testing.T, ctx context.Context, cfg Config, extra ...chromedp.ExecAllocatorOption) (context.Context, func()) {
	t.Helper()
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	bctx, closePhone := openPhone(t, ctx, extra...)
	closeAll := func() {
		closePhone()
		srv.Close()
		ts.Close()
	}
	if err := chromedp.Do(bctx,
		chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(2)),
		chromedp.Navigate(ts.URL+"/"),
		chromedp.WaitVisible(chromedp.CSS(`#scores .player`)),
	); err != nil {
		closeAll()
		t.Fatalf("opening the page: %v", err)
	}
	return bctx, closeAll
}

// openPhone starts Debian's Chromium (chromiumtest.Start) with extra
// flags (a language), and gives the browser's context, 90 seconds long
// on an idle machine (longer on a loaded one), and what closes it. It
// skips the test where Chromium cannot run (chromiumtest.Need).
func openPhone(t *testing.T, ctx context.Context, extra ...chromedp.ExecAllocatorOption) (context.Context, func()) {
	t.Helper()
	chromiumtest.Need(t)
	return chromiumtest.Start(t, ctx, 90*time.Second, extra...)
}
