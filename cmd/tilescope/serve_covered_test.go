//go:build !lean

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/tilescope/tilescope/internal/chromiumtest"
	"github.com/tilescope/tilescope/internal/game"
	scrabblegame "github.com/tilescope/tilescope/internal/games/scrabble"
	"github.com/tilescope/tilescope/vision/render"
)

// coveredSeed draws the photos' table, light, camera and hand: a hand
// from the bottom left over the lower part of the board, clear of DREAM.
const coveredSeed = 103803

// TestServeCoveredInChromium is "covered" end to end: the Scrabble demo's
// first turns photographed with a phone (rendered, the real reader, rules
// and page in Chromium at 390x844), the third, DREAM, with a hand resting
// over the lower part of the board and some of the tiles standing. The hidden tiles
// are not read as gone (the play is DREAM alone, with its recorded score);
// the hidden empty squares are drawn "covered", said "not seen" in the
// zoom, and counted by the next-unsure control; the photo after the hand
// left reads the board whole (RACK, its recorded score), no square
// covered.
func TestServeCoveredInChromium(t *testing.T) {
	needDemoInChromium(t, "covered Scrabble")
	turns, err := scrabblegame.DemoTurns()
	if err != nil {
		t.Fatal(err)
	}
	opt, err := render.RandomOptions(coveredSeed, "easy")
	if err != nil {
		t.Fatal(err)
	}
	opt.FitGame("scrabble")
	opt.Edition = "wooden"
	c := startServe(t, "--game", "scrabble", "--players", "Ann,Ben", "--addr", "127.0.0.1:0", "--data", t.TempDir(),
		"--camera", "upload", "--pin", "1234")
	upload := func(n int, hand bool) (game.Turn, render.Truth) {
		t.Helper()
		o := opt
		o.Hand = hand
		sc, err := render.Render("scrabble", []byte(turns[n-1].Board), o)
		if err != nil {
			t.Fatal(err)
		}
		req, _ := http.NewRequest("POST", c.url+"/api/upload", bytes.NewReader(sc.JPEG))
		req.Header.Set("Content-Type", "image/jpeg")
		req.Header.Set("X-Tilescope-PIN", "1234")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var turn game.Turn
		if err := json.NewDecoder(resp.Body).Decode(&turn); err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("uploading turn %d (hand %v): %s, %v", n, hand, resp.Status, err)
		}
		if turn.Status != game.StatusAccepted || turn.Score != turns[n-1].Score || len(turn.Words) == 0 || turn.Words[0].Word != turns[n-1].Words[0] {
			t.Fatalf("turn %d (hand %v): %s %s %s, %v for %d; recorded %v for %d\n%s", n, hand, turn.Status, turn.Code, turn.Error, turn.Words, turn.Score, turns[n-1].Words, turns[n-1].Score, turn.Board)
		}
		return turn, sc.Truth
	}
	upload(1, false)
	upload(2, false)
	turn, truth := upload(3, true)
	var hidden [][2]int // the tiles under the hand
	under := map[[2]int]bool{}
	for _, cell := range truth.Cells {
		if cell.Occluded {
			under[[2]int{cell.Row, cell.Col}] = true
			if cell.Letter != "" {
				hidden = append(hidden, [2]int{cell.Row, cell.Col})
			}
		}
	}
	t.Logf("under the hand: tiles %v, %d empty squares covered %v", hidden, len(turn.Covered), turn.Covered)
	if len(turn.Covered) == 0 || len(hidden) == 0 {
		t.Fatalf("the hand covers %d tiles and %d empty squares; the reading:\n%s", len(hidden), len(turn.Covered), turn.Board)
	}
	for _, sq := range turn.Covered {
		if !under[sq] {
			t.Errorf("row %d, column %d said covered, clear of the hand", sq[0], sq[1])
		}
	}

	bctx, js := openDemoPage(t, c)
	js("the covered squares drawn so", fmt.Sprintf(`document.querySelectorAll("#board .cell.covered").length === %d && [...document.querySelectorAll("#board .cell.covered")].every((b) => b.textContent === "covered" && !b.classList.contains("tile"))`, len(turn.Covered)))
	js("every tile standing under the hand drawn", fmt.Sprintf(`document.querySelectorAll("#board .cell.tile").length === %d`, tilesIn(turns[2].Board)))
	js("the next-unsure control counting them with the unsure", `!document.getElementById("nextunsure").disabled && document.getElementById("nextunsure").textContent.includes(": " + document.querySelectorAll("#board .cell.covered, #board .cell.uncertain").length + ",")`)
	first := turn.Covered[0]
	tapOn(t, bctx, "a covered square", chromiumtest.ZoomOn(first[0], first[1])...)
	js("the zoom on the covered square, said not seen", chromiumtest.ZoomFits+fmt.Sprintf(` && document.querySelector('#zoomgrid .cell.aim[data-row="%d"][data-col="%d"]').getAttribute("aria-label").endsWith(", not seen")`, first[0], first[1]))
	savePhoneShot(t, bctx, "covered-phone.png")

	if _, err := chromedp.Run(bctx, chromedp.Evaluate[bool](`closeSheet(); true`)); err != nil {
		t.Fatal(err)
	}
	upload(4, false)
	js("no square covered once the hand left", `document.querySelectorAll("#board .cell.covered").length === 0 && document.getElementById("nextunsure").disabled`)
}

// tilesIn counts the tiles of a board in the grid text format.
func tilesIn(board string) int {
	n := 0
	for _, f := range bytes.Fields([]byte(board)) {
		if string(f) != "." {
			n++
		}
	}
	return n
}
