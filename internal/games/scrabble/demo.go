package scrabble

import (
	"bufio"
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/scrabble"
	"github.com/tilescope/tilescope/vision/render"
)

//go:embed demodata/game.txt
var demoGame string

var (
	_ game.DemoRecorder = Game{}
	_ game.Pager        = Game{}
)

//go:embed page.js
var page []byte

// Page is Scrabble's module for the phone page (page.js): the premium
// squares, blanks, and the correction of a tile's letter and blank.
func (Game) Page() []byte { return page }

// DemoTurn is one turn of the demo game as the referee scores it from
// the recorded boards (the photos aside): what a test of the demo
// expects the table to show.
type DemoTurn struct {
	Seat  int      // the player, from 0 (two players take turns)
	Words []string // the words formed, the one played first
	Score int      // the turn's points
	Board string   // the board after it, in the grid text format
}

// DemoSeats is the number of players of the demo game.
const DemoSeats = 2

// DemoTurns is the demo game's turns, oldest first: demodata/game.txt
// played on an empty board and scored by scoring/scrabble.
func DemoTurns() ([]DemoTurn, error) {
	boards, err := demoBoards()
	if err != nil {
		return nil, err
	}
	var out []DemoTurn
	for i := 1; i < len(boards); i++ {
		m, err := scrabble.Rules{}.Judge(boards[i-1], boards[i])
		if err != nil {
			return nil, fmt.Errorf("scrabble: the demo's turn %d: %w", i, err)
		}
		t := DemoTurn{Seat: (i - 1) % DemoSeats, Score: m.Score, Board: boards[i].String()}
		for _, w := range m.Words {
			t.Words = append(t.Words, w.Word)
		}
		out = append(out, t)
	}
	return out, nil
}

// demoBoards is the empty board and the board after each turn of
// demodata/game.txt.
func demoBoards() ([]*scrabble.Board, error) {
	b := &scrabble.Board{}
	boards := []*scrabble.Board{{}}
	sc := bufio.NewScanner(strings.NewReader(demoGame))
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		f := strings.Fields(text)
		bad := func(why string) error {
			return fmt.Errorf("scrabble: demodata/game.txt:%d: %s", line, why)
		}
		if len(f) != 4 {
			return nil, bad("want WORD ROW COL across|down")
		}
		r, err1 := strconv.Atoi(f[1])
		c, err2 := strconv.Atoi(f[2])
		dr, dc := 0, 1
		switch {
		case err1 != nil || err2 != nil:
			return nil, bad("row and column are numbers")
		case f[3] == "down":
			dr, dc = 1, 0
		case f[3] != "across":
			return nil, bad("want across or down")
		}
		next := *b
		for i := range len(f[0]) {
			p := scrabble.Pos{Row: r + i*dr, Col: c + i*dc}
			if !p.In() {
				return nil, bad("the word runs off the board")
			}
			t, err := scrabble.ParseCell(f[0][i : i+1])
			if err != nil {
				return nil, bad(err.Error())
			}
			if old := next[p.Row][p.Col]; !old.Empty() && old != t {
				return nil, bad(fmt.Sprintf("%s holds %s", p, old))
			}
			next[p.Row][p.Col] = t
		}
		b = &next
		boards = append(boards, b)
	}
	return boards, nil
}

// demoSeed fixes the demo's scenes: the table, the light, the camera (one
// pose for the whole game, as a mounted camera's), the board's edition.
const demoSeed = 20261202

var demoOnce = sync.OnceValues(renderDemo)

// Demo is the recorded game `serve --game scrabble --camera demo`
// replays: the empty board, then the ten turns of demodata/game.txt
// (DemoTurns: their words and scores), each board drawn by vision/render
// as a photo of a wooden board the first time it is asked for
// (about a second a photo).
func (Game) Demo() (*game.Demo, error) { return demoOnce() }

// DemoRecord is the demo's settings (none: the game's own) and key,
// without drawing its photos.
func (Game) DemoRecord() (game.DemoRecord, error) {
	opt, err := demoScene()
	if err != nil {
		return game.DemoRecord{}, err
	}
	return game.DemoRecord{Key: fmt.Sprintf("%+v\n%s", opt, demoGame)}, nil
}

// demoScene is the demo's camera, light and board.
func demoScene() (render.Options, error) {
	opt, err := render.RandomOptions(demoSeed, "easy")
	if err != nil {
		return opt, err
	}
	opt.FitGame("scrabble")
	opt.Edition, opt.Hand = "wooden", false
	return opt, nil
}

func renderDemo() (*game.Demo, error) {
	boards, err := demoBoards()
	if err != nil {
		return nil, err
	}
	turns, err := DemoTurns()
	if err != nil {
		return nil, err
	}
	opt, err := demoScene()
	if err != nil {
		return nil, err
	}
	d := &game.Demo{}
	for i, b := range boards {
		sc, err := render.Render("scrabble", []byte(b.String()), opt)
		if err != nil {
			return nil, fmt.Errorf("scrabble: the demo's photo %d: %w", i, err)
		}
		ph := game.DemoPhoto{Still: sc.JPEG, Note: "the empty board", Board: b.String()}
		if i > 0 {
			t := turns[i-1]
			ph.Note = fmt.Sprintf("player %d plays %s for %d", t.Seat+1, t.Words[0], t.Score)
			// The turn is shown done (no photo of the hand placing it).
			ph.Placing = [][]byte{sc.JPEG}
		}
		d.Photos = append(d.Photos, ph)
	}
	return d, nil
}
