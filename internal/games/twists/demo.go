package twists

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/twists"
	"github.com/tilescope/tilescope/vision/render"
)

//go:embed demodata/game.txt
var demoLog string

//go:embed page.js
var page []byte

var (
	_ game.Demoer = Game{}
	_ game.Pager  = Game{}
)

// Page is the game's module for the phone page (page.js): the tiles on
// the lattice, the words drawn along their bent paths, the action tiles,
// and the correction of a tile by tapping it.
func (Game) Page() []byte { return page }

// demoSeed fixes the demo's scenes (the table, the light, the camera).
const demoSeed = 20261201

var demoOnce = sync.OnceValues(renderDemo)

// Demo is the recorded game `serve --game twists --camera demo` replays:
// demodata/game.txt (Аня, Борис and Вера: ОТКОС; СОКОЛ and a skip tile;
// ОКОННЫЙ and a reverse tile; СОН and a give-2 tile; ЛУЖЬ, not a word, for
// the table to challenge), each table drawn by vision/render as a photo
// (the first time it is asked for: about a second a photo). The first
// photo is the first word: the renderer draws no empty table.
func (Game) Demo() (*game.Demo, error) { return demoOnce() }

// DemoLog is the demo's recorded game (for tests that check what the
// service makes of its photos against the referee on the recorded tables).
func DemoLog() (*twists.Log, error) {
	return twists.ReadLog(strings.NewReader(demoLog), "demodata/game.txt")
}

// DemoRecord is the demo's settings and key, without drawing its photos.
func (Game) DemoRecord() (game.DemoRecord, error) {
	l, err := DemoLog()
	if err != nil {
		return game.DemoRecord{}, err
	}
	return game.DemoRecord{Options: game.Options{OptSet: l.Alphabet.String()}, Key: fmt.Sprintf("%+v\n%s", demoScene(), demoLog), Players: l.Players}, nil
}

// demoScene is the demo's camera and light: a wooden table, the camera
// 36 cm over it, as a Pi camera over a small structure sees the tiles.
func demoScene() render.Options {
	return render.Options{Seed: demoSeed, Width: 1640, Height: 1232, Table: "wood", HeightMM: 360}
}

func renderDemo() (*game.Demo, error) {
	l, err := DemoLog()
	if err != nil {
		return nil, err
	}
	d := &game.Demo{Options: game.Options{OptSet: l.Alphabet.String()}, Players: l.Players}
	for i, e := range l.Entries {
		if e.Kind == "pass" {
			continue // the camera sees no pass: the table taps it
		}
		opt := demoScene()
		still, err := render.Render("twists", []byte(e.After.String()), opt)
		if err != nil {
			return nil, fmt.Errorf("twists: the demo's photo %d: %w", i, err)
		}
		ph := game.DemoPhoto{Still: still.JPEG, Note: e.Player + " spells " + e.Word, Word: e.Word}
		if len(d.Photos) > 0 {
			// The service reads every frame of this game (no turn
			// detector for loose tiles): the turn is shown done.
			ph.Placing = [][]byte{still.JPEG}
		}
		d.Photos = append(d.Photos, ph)
	}
	return d, nil
}
