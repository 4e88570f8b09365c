//go:build !lean

package main

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/draw"
	"image/jpeg"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/tilescope/tilescope/internal/chromiumtest"
	"github.com/tilescope/tilescope/internal/game"
	scrabblegame "github.com/tilescope/tilescope/internal/games/scrabble"
	"github.com/tilescope/tilescope/vision/render"
)

// TestScrabbleBlurredInChromium: a turn's photo the Scrabble vision reads
// blurred (a real photo of a board, smeared as by a shake) is offered as
// read, its letters unsure, and every phone shows why (the camera notice
// "blurred": check the focus, keep the table still), at the top of a
// small phone held in one hand (360x640) with the buttons still in reach
// and the unsure squares still to be tapped; the sharp photo of the same
// board, read next, takes the notice down. The real vision, rules,
// session (SQLite on disk), service and page.
func TestScrabbleBlurredInChromium(t *testing.T) {
	chromiumtest.Need(t)
	if testing.Short() {
		t.Skip("reads two photos with the Scrabble vision")
	}
	ctx := context.Background()
	rules, err := scrabblegame.Game{}.New(nil, game.Env{})
	if err != nil {
		t.Fatal(err)
	}
	sess, url := sessionServed(t, game.Config{Kind: scrabblegame.Kind, Players: []string{"Ann", "Bo"}, Rules: rules})
	pipe := &game.Pipeline{Session: sess, Logf: t.Logf}

	sharp, err := os.ReadFile(filepath.Join(scrabblePhotos, "IMG_20141025_164052_1640x1232.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	img, err := jpeg.Decode(bytes.NewReader(sharp))
	if err != nil {
		t.Fatal(err)
	}
	smeared := image.NewRGBA(image.Rect(0, 0, img.Bounds().Dx(), img.Bounds().Dy()))
	draw.Draw(smeared, smeared.Bounds(), img, img.Bounds().Min, draw.Src)
	render.MotionBlur(smeared, 18, 60)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, smeared, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}

	var bctx context.Context
	var js func(what, cond string)
	inReach := func(sel string) string {
		return `(() => { const r = document.querySelector(` + strconv.Quote(sel) + `).getBoundingClientRect();` +
			` return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; })()`
	}

	for _, step := range []struct {
		name    string
		photo   []byte
		notice  bool // the blurred notice is up after it
		unsure  bool // every letter of the turn is unsure
		changed bool // a turn is recorded (else ErrNoChange is fine too)
	}{
		{"the smeared photo", buf.Bytes(), true, true, true},
		{"the sharp photo of the same board", sharp, false, false, false},
	} {
		before := len(sess.State().History)
		turn, err := pipe.Submit(ctx, game.Frame{ID: step.name, JPEG: step.photo})
		switch {
		case errors.Is(err, game.ErrNoChange) && !step.changed:
		case err != nil:
			t.Fatalf("%s: %v", step.name, err)
		}
		st := sess.State()
		if step.changed && len(st.History) != before+1 {
			t.Fatalf("%s: %d turns, want %d: the photo is offered as a turn", step.name, len(st.History), before+1)
		}
		if got := st.Camera != nil && st.Camera.Code == game.BlurredCode; got != step.notice {
			t.Fatalf("%s: camera notice %+v, want blurred %v", step.name, st.Camera, step.notice)
		}
		if step.unsure {
			h := st.History[len(st.History)-1]
			if h.N != turn.N || len(h.Uncertain) == 0 {
				t.Fatalf("%s: turn %d with %d unsure squares, want every letter unsure", step.name, h.N, len(h.Uncertain))
			}
			if tiles := scrTiles(t, rules, h.Board); len(h.Uncertain) < tiles {
				t.Errorf("%s: %d of %d tiles unsure, want all", step.name, len(h.Uncertain), tiles)
			}
		}
		if bctx == nil {
			// The page, once the game has a turn (phonePage waits for
			// the history); the next step's change comes over the
			// event stream.
			bctx, js = phonePage(t, url, 360, 640, nil)
		}
		if step.notice {
			js(step.name+": the notice says what to do", `!document.getElementById("camera").hidden && document.getElementById("camera").textContent.includes("check the camera's focus, keep the table still") && document.getElementById("camera").textContent.includes("tap the squares marked unsure")`)
			js(step.name+": the notice in view at the top", inReach("#camera"))
			js(step.name+": the buttons in reach below it", inReach("#undo")+` && `+inReach("#photo"))
			js(step.name+": the turn in the history", `document.querySelectorAll("#history li").length === `+strconv.Itoa(len(st.History)))
			js(step.name+": its squares marked unsure", `document.querySelectorAll("#board .cell.uncertain").length > 0`)
			// The thumb scrolls the square up from under the bar of
			// buttons and taps it: nothing lies over it there.
			js(step.name+": an unsure square brought into reach, uncovered", `(() => { const c = document.querySelector("#board .cell.uncertain"); c.scrollIntoView({block: "center"});`+
				` const r = c.getBoundingClientRect(); const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);`+
				` return at && at.closest(".cell") === c; })()`)
			// The tap opens the zoom round it (the board's squares are
			// under a fingertip), and a tap there its fix sheet.
			sq, err := chromedp.Run(bctx, chromedp.Evaluate[[]int](`(() => { const c = document.querySelector("#board .cell.uncertain"); return [+c.dataset.row, +c.dataset.col]; })()`))
			if err != nil || len(sq) != 2 {
				t.Fatalf("%s: the unsure square's place: %v %v", step.name, sq, err)
			}
			squareTapped(t, bctx, js, sq[0], sq[1])
			js(step.name+": its fix sheet open, Save and Close in reach", `document.getElementById("cellsave") !== null && `+inReach("#cellsave")+` && `+inReach("#sheetclose"))
			tapOn(t, bctx, step.name+": closing the sheet", chromedp.Click(chromedp.ID("sheetclose")))
			js(step.name+": the sheet closed", `document.getElementById("cellsave") === null || document.getElementById("cellsave").getBoundingClientRect().width === 0`)
		} else {
			js(step.name+": the notice gone", `document.getElementById("camera").hidden`)
		}
	}
}

// scrTiles counts the tiles of a Scrabble board in the session's text.
func scrTiles(t *testing.T, rules game.Rules, text string) int {
	t.Helper()
	p, err := rules.Parse(text, "the turn's board")
	if err != nil {
		t.Fatal(err)
	}
	rows, cols := p.Size()
	n := 0
	for r := range rows {
		for c := range cols {
			if p.Cell(r, c) != "" {
				n++
			}
		}
	}
	return n
}
