package web

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/tilescope/tilescope/internal/chromiumtest"
	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/internal/sqlite"
	"github.com/tilescope/tilescope/scoring/grid"
)

// TestBrowserRussian opens the page on a phone set to Russian, at a table
// set up as Russian, with players named in Cyrillic: the page speaks
// Russian (the rule a refused turn broke too), the challenge box starts
// on RU and finds a Russian word, and the switch turns the page English
// and is remembered on the phone.
func TestBrowserRussian(t *testing.T) {
	chromiumtest.Need(t)
	ctx := context.Background()
	store, err := sqlite.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	players := []string{"Марина", "Ёжик Пётр"}
	sess, err := game.Open(ctx, store, game.Config{Players: players, Scorer: upwordsJudge{}})
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Session: sess, PIN: testPIN, URL: "http://tilescope.test/", Lang: "ru",
		Dicts: func(lang string) (Dictionary, error) {
			if lang == "ru" {
				return wordSet{"КОТЫ": true}, nil
			}
			return wordSet{"HEART": true}, nil
		},
		Forms: definer{"коты": "кот (noun)"}}
	// A phone whose language is Russian.
	bctx, closeTable := tableOnPhone(t, ctx, cfg, chromedp.Flag("lang", "ru-RU"), chromedp.Flag("accept-lang", "ru-RU,ru"))
	defer closeTable()
	waitJS(t, bctx, `document.documentElement.lang === "ru"`, "the page in Russian")
	waitJS(t, bctx, `document.querySelector("#challengebox h2").textContent === "Есть такое слово?"`, "the challenge box's title in Russian")
	waitJS(t, bctx, `document.getElementById("undo").textContent === "Отмена" && document.getElementById("langswitch").textContent === "English"`, "the buttons in Russian")
	waitJS(t, bctx, `[...document.querySelectorAll("#scores .name")].map((e) => e.textContent).join("|") === "Марина|Ёжик Пётр"`, "the players' names in Cyrillic")
	waitJS(t, bctx, `document.getElementById("lang").value === "ru"`, "the challenge box on the table's language")
	// Every string of the English table has a Russian one.
	waitJS(t, bctx, `Object.keys(STRINGS.en).every((k) => k in STRINGS.ru) && Object.keys(STRINGS.en.rules).every((k) => k in STRINGS.ru.rules)`, "a Russian string for every English one")

	// A refused turn: the first word off the centre. The banner says why, in Russian.
	read := grid.MustParse(". . . H E A R T . .\n" + strings.Repeat(". . . . . . . . . .\n", 9))
	conf := make([][]float64, 10)
	for r := range conf {
		conf[r] = []float64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1}
	}
	turn, err := sess.Play(ctx, game.Frame{ID: "i18n test", JPEG: tinyJPEG(t)}, game.Reading{Board: read, Conf: conf})
	if err != nil || turn.Status != game.StatusRejected {
		t.Fatalf("the turn: %+v, %v", turn, err)
	}
	waitJS(t, bctx, `document.getElementById("banner").textContent.startsWith("Ход 1 (Марина) не принят: первое слово должно проходить через центр")`, "the refusal in Russian")
	waitJS(t, bctx, `document.querySelector("#history .badge").textContent === "не принят"`, "the turn's status in Russian")
	waitJS(t, bctx, `document.querySelector("#history time") !== null`, "the turn's time, as the language writes it")

	// A Russian word in the challenge box.
	if err := chromedp.Do(bctx,
		chromedp.SendKeys(chromedp.ID("word"), "коты"),
		chromedp.Click(chromedp.CSS(`#lookup button`)),
	); err != nil {
		t.Fatal(err)
	}
	waitJS(t, bctx, `document.getElementById("verdict").textContent === "КОТЫ — слово.кот (noun)"`, "the verdict in Russian with the lemma")

	// The screenshot, kept as the test's artefact.
	shot, err := chromedp.Run(bctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	if err := os.MkdirAll(filepath.Join("testdata", "artefacts"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("testdata", "artefacts", "browser-phone-ru.png"), shot, 0o644); err != nil {
		t.Fatal(err)
	}

	// The switch: English, kept on the phone across a reload.
	if err := chromedp.Do(bctx, chromedp.Click(chromedp.ID("langswitch"))); err != nil {
		t.Fatal(err)
	}
	waitJS(t, bctx, `document.querySelector("#challengebox h2").textContent === "Is it a word?" && document.documentElement.lang === "en"`, "the page in English after the switch")
	waitJS(t, bctx, `document.getElementById("banner").textContent.includes("was not accepted")`, "the banner redrawn in English")
	if err := chromedp.Do(bctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#scores .player`))); err != nil {
		t.Fatal(err)
	}
	waitJS(t, bctx, `document.getElementById("undo").textContent === "Undo"`, "English kept after a reload")
}
