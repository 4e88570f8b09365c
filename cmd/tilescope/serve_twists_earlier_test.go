//go:build !lean

package main

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/tilescope/tilescope/internal/chromiumtest"
	"github.com/tilescope/tilescope/internal/game"
	twgame "github.com/tilescope/tilescope/internal/games/twists"
	"github.com/tilescope/tilescope/scoring/twists"
)

// TestTwistsEarlierSplitInChromium: a give tile's split is named on the
// page after later turns were played (Борис's ТОН with a give-2 tile, both
// to Вера by default; Вера has played СОК since). The give turn's history
// line offers the choice; a tap names one each to Аня and Вера; the turn
// is judged again and the later turns played again through the referee:
// the tiles each holds follow on the page, Вера's СОК stands, Аня still
// to play.
func TestTwistsEarlierSplitInChromium(t *testing.T) {
	chromiumtest.Need(t)
	if testing.Short() {
		t.Skip("plays a Twists game in Chromium")
	}
	ctx := context.Background()
	dict := everyWord{}
	rules, err := twgame.Game{}.New(nil, game.Env{Dict: dict, Lang: "ru"})
	if err != nil {
		t.Fatal(err)
	}
	sess, url := sessionServed(t, game.Config{Kind: twgame.Kind, Players: []string{"Аня", "Борис", "Вера"}, Rules: rules, Dict: dict})
	rows, cols := rules.Empty().Size()
	table := func(top int, lines ...string) twgame.Position {
		b := twists.NewBoard(rows, cols)
		for i, line := range lines {
			for j, ch := range []rune(line) {
				if ch != '.' {
					b.Set(twists.Pos{Row: top + i, Col: j}, ch)
				}
			}
		}
		return twgame.Position{Board: b}
	}
	for _, p := range []struct {
		word string
		pos  twgame.Position
	}{
		{"ОТКОС", table(7, ".....ОТКОС")},
		{"ТОН", table(7, ".....ОТКОС", "......ОН", ".......2")},
		{"СОК", table(5, ".........К", ".........О", ".....ОТКОС", "......ОН", ".......2")},
	} {
		tn, err := sess.Play(ctx, game.Frame{ID: p.word}, game.Reading{Board: p.pos})
		if err == nil && (tn.Status != game.StatusAccepted || tn.Words[0].Word != p.word) {
			_, err = sess.NameWord(ctx, tn.N, p.word)
		}
		if err != nil {
			t.Fatalf("%s: %v", p.word, err)
		}
	}
	st := sess.State()
	if len(st.Turns) != 3 || st.Turns[2].Words[0].Word != "СОК" {
		t.Fatalf("turns %+v", st.Turns)
	}
	was := []int{*st.Players[0].Held, *st.Players[1].Held, *st.Players[2].Held}
	give := st.Turns[1].N

	bctx, js := phonePage(t, url, 390, 844, nil)
	withPIN := pinOnce()
	heldOnPage := func(want []int) string {
		b, _ := json.Marshal(want)
		return `JSON.stringify([...document.querySelectorAll("#scores .held")].map((e) => +e.textContent.replace(/[^0-9]/g, ""))) === '` + string(b) + `'`
	}
	js("the tiles each holds", heldOnPage(was))
	// Each word's path runs through its tiles' centres, also once the
	// phone is turned (the cells move; the paths are drawn again).
	pathsOnTiles := `(() => {
		const b = document.getElementById("board");
		const lines = [...b.querySelectorAll("svg.twpaths polyline")];
		const centres = [...b.querySelectorAll(".cell.twtile")].map((c) => [c.offsetLeft + c.offsetWidth / 2, c.offsetTop + c.offsetHeight / 2]);
		return lines.length === 3 && lines.every((l) => l.getAttribute("points").split(" ").every((pt) => {
			const [x, y] = pt.split(",").map(Number);
			return centres.some(([cx, cy]) => Math.abs(cx - x) < 1 && Math.abs(cy - y) < 1);
		}));
	})()`
	js("the words' paths on their tiles", pathsOnTiles)
	before, err := chromedp.Run(bctx, chromedp.Evaluate[string](`document.querySelector("#board svg.twpaths polyline").getAttribute("points")`))
	if err == nil {
		err = chromedp.Do(bctx, chromedp.EmulateViewport(844, 390, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(2)))
	}
	if err != nil {
		t.Fatalf("turning the phone: %v", err)
	}
	js("the paths drawn again with the phone turned", `document.querySelector("#board svg.twpaths polyline").getAttribute("points") !== "`+before+`" && `+pathsOnTiles)
	if err := chromedp.Do(bctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(2))); err != nil {
		t.Fatalf("turning the phone back: %v", err)
	}
	js("the paths on their tiles with the phone upright again", `document.querySelector("#board svg.twpaths polyline").getAttribute("points") === "`+before+`" && `+pathsOnTiles)
	js("no split on the latest turn's line", `!document.querySelector('#history li[data-turn="3"] [data-splits]')`)
	line := `#history li[data-turn="` + strconv.Itoa(give) + `"] [data-splits]`
	js("the give turn's line offering the split", `!!document.querySelector('`+line+`')`)
	tapOn(t, bctx, "who got the tiles", chromedp.Click(chromedp.CSS(line)), chromedp.WaitVisible(chromedp.CSS(`#sheetcontent [data-split="0=1,2=1"]`)))
	js("the split standing marked", `document.querySelector('#sheetcontent [data-split="2=2"]').classList.contains("on")`)
	tapOn(t, bctx, "one each to Аня and Вера", withPIN(chromedp.Click(chromedp.CSS(`#sheetcontent [data-split="0=1,2=1"]`)))...)
	want := []int{was[0] + 1, was[1], was[2] - 1}
	js("the tiles each holds after the split", heldOnPage(want))
	js("the sheet closed", `document.getElementById("sheet").hidden`)
	js("the history saying who got them", `document.querySelector('#history li[data-turn="`+strconv.Itoa(give)+`"]').textContent.includes("Аня") && document.querySelector('#history li[data-turn="`+strconv.Itoa(give)+`"]').textContent.includes("Вера")`)
	st = sess.State()
	if len(st.Turns) != 3 || st.Turns[2].Words[0].Word != "СОК" || st.Turns[2].Player != 2 || st.ToPlay != 0 {
		t.Errorf("after the split: %d turns, seat %d to play", len(st.Turns), st.ToPlay)
	}
	savePhoneShot(t, bctx, "twists-earlier-split.png")
}
