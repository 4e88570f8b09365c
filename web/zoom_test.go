package web

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/tilescope/tilescope/internal/chromiumtest"
	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/internal/sqlite"
	"github.com/tilescope/tilescope/scoring/grid"
)

// anyMove accepts every change of the board for a point: the zoom's
// tests are about the page, not the rules.
type anyMove struct{}

func (anyMove) Judge(_, _ *grid.Board) (game.Move, error) {
	return game.Move{Score: 1, Words: []game.Word{{Word: "WORD", Score: 1}}}, nil
}

// TestBrowserZoom: on a phone (390x844) a board of 10x10 or 15x15 squares
// has squares under a fingertip (44 px); the page's zoom makes them
// tappable and reachable without a mouse. A turn arrives with one square
// read unsure and one covered (a hand over it). The "next unsure" control
// opens the zoom on the unsure square, focused, every square of it 44 px
// or more with a spoken label; the page under it does not move; the
// arrows move the aim; the zoom's own "next unsure" goes on to the
// covered square; Enter opens its fix, and the fix reaches the game.
// Escape closes the zoom.
func TestBrowserZoom(t *testing.T) {
	chromiumtest.Need(t)
	for _, tc := range []struct {
		name    string
		size    int
		unsure  [2]int // the square read unsure
		covered [2]int // the square under a hand
	}{
		{"10x10", 10, [2]int{4, 6}, [2]int{6, 2}},
		{"15x15", 15, [2]int{7, 9}, [2]int{12, 13}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			store, err := sqlite.Open(ctx, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			defer store.Close()
			sess, err := game.Open(ctx, store, game.Config{Players: []string{"Ann", "Ben"}, Rows: tc.size, Cols: tc.size, Scorer: anyMove{}})
			if err != nil {
				t.Fatal(err)
			}
			bctx, closeTable := tableOnPhone(t, ctx, Config{Session: sess, PIN: testPIN, URL: "http://tilescope.test/",
				Dicts: func(string) (Dictionary, error) { return wordSet{}, nil }})
			defer closeTable()

			// A word across the unsure square's row, from its column back.
			rows := make([][]string, tc.size)
			for r := range rows {
				rows[r] = strings.Fields(strings.Repeat(". ", tc.size))
			}
			conf := make([][]float64, tc.size)
			for r := range conf {
				conf[r] = make([]float64, tc.size)
				for c := range conf[r] {
					conf[r][c] = 1
				}
			}
			u, cv := tc.unsure, tc.covered
			for i, l := range "WORD" {
				rows[u[0]][u[1]-3+i] = string(l)
			}
			conf[u[0]][u[1]] = 0.4
			var text strings.Builder
			for _, r := range rows {
				text.WriteString(strings.Join(r, " ") + "\n")
			}
			if _, err := sess.Play(ctx, game.Frame{ID: "zoom test", JPEG: tinyJPEG(t)}, game.Reading{Board: grid.MustParse(text.String()), Conf: conf, Covered: [][2]int{cv}}); err != nil {
				t.Fatal(err)
			}
			square := func(where string, rc [2]int) string {
				return fmt.Sprintf(`%s .cell[data-row="%d"][data-col="%d"]`, where, rc[0], rc[1])
			}
			aimed := func(rc [2]int) string {
				return `document.activeElement === document.querySelector('` + square("#zoomgrid", rc) + `.aim')`
			}
			waitJS(t, bctx, `document.querySelectorAll("#board .cell.tile").length === 4`, "the turn's tiles")
			waitJS(t, bctx, `document.querySelector("#board .cell").getBoundingClientRect().width < 44`, "the board's squares under 44 px (what the zoom is for)")
			waitJS(t, bctx, `!document.getElementById("nextunsure").disabled && document.getElementById("nextunsure").textContent.includes("2")`, "the next-unsure control, two squares to look at")
			const where = `JSON.stringify([document.getElementById("board").getBoundingClientRect(), scrollY])`
			before, err := chromedp.Run(bctx, chromedp.Evaluate[string](where))
			if err != nil {
				t.Fatal(err)
			}

			// The next unsure square, from the page.
			tapOn := func(what string, acts ...chromedp.Action[chromedp.Void]) {
				t.Helper()
				if err := chromedp.Do(bctx, acts...); err != nil {
					t.Fatalf("%s: %v", what, err)
				}
			}
			tapOn("next unsure", chromedp.Click(chromedp.ID("nextunsure")))
			waitJS(t, bctx, aimed(u), "the zoom on the unsure square, focused")
			waitJS(t, bctx, chromiumtest.ZoomFits, "every square of the zoom 44 px or more, labelled")
			waitJS(t, bctx, `document.activeElement.getAttribute("aria-label").endsWith(", unsure")`, "the unsure square said unsure")
			waitJS(t, bctx, where+` === `+fmt.Sprintf("%q", before), "the page under the zoom where it was")
			shot, err := chromedp.Run(bctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			dir := filepath.Join("testdata", "artefacts")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "zoom-"+tc.name+".png"), shot, 0o644); err != nil {
				t.Fatal(err)
			}

			// The keys: right and back.
			tapOn("arrow right", chromedp.KeyEvent(kb.ArrowRight))
			waitJS(t, bctx, aimed([2]int{u[0], u[1] + 1}), "the aim one square right")
			tapOn("arrow left", chromedp.KeyEvent(kb.ArrowLeft))
			waitJS(t, bctx, aimed(u), "the aim back")

			// The zoom's own next: the covered square, then Enter fixes it.
			tapOn("the zoom's next unsure", chromedp.Click(chromedp.ID("zoomnext")))
			waitJS(t, bctx, aimed(cv)+` && document.activeElement.getAttribute("aria-label").endsWith(", not seen")`, "the covered square aimed at, said not seen")
			tapOn("Enter", chromedp.KeyEvent(kb.Enter))
			waitJS(t, bctx, fmt.Sprintf(`document.getElementById("celltitle").textContent.includes("row %d, column %d")`, cv[0]+1, cv[1]+1), "the covered square's fix sheet")
			tapOn("the fix", chromedp.SetValue(chromedp.ID("cellletter"), "S"), chromedp.Click(chromedp.ID("cellsave")),
				chromedp.WaitVisible(chromedp.ID("pininput")), chromedp.SendKeys(chromedp.ID("pininput"), testPIN), chromedp.Click(chromedp.ID("pinsave")))
			waitJS(t, bctx, `document.getElementById("sheet").hidden && `+fmt.Sprintf(`document.querySelector('%s').textContent.startsWith("S")`, square("#board", cv)), "the covered square fixed as S")
			if got := sess.State().Board[cv[0]][cv[1]]; got == nil || got.Letter != "S" {
				t.Errorf("the game's square after the fix: %+v", got)
			}

			// A tap on the board opens the zoom round it; Escape closes it.
			tapOn("a tap on the board", chromedp.Click(chromedp.CSS(square("#board", [2]int{0, 0}))))
			waitJS(t, bctx, chromiumtest.ZoomFits+` && document.querySelector("#zoomgrid .cell.aim").dataset.row === "0"`, "the zoom round the corner")
			tapOn("Escape", chromedp.KeyEvent(kb.Escape))
			waitJS(t, bctx, `document.getElementById("sheet").hidden`, "the zoom closed")
		})
	}
}
