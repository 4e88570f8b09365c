package pyramids

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/vision/render"
)

//go:embed demodata/game.txt
var demoLog string

//go:embed page.js
var page []byte

// Page is the game's module for the phone page (page.js): pyramids in
// their colours, corrected by colour, letter and height.
func (Game) Page() []byte { return page }

// demoSeed fixes the demo's scenes (the table, the light, the camera).
const demoSeed = 20261201

var demoOnce = sync.OnceValues(renderDemo)

// Demo is the recorded game `serve --game pyramids --camera demo` replays:
// demodata/game.txt (blue spells HOLD, red EAT, each announced and then
// taken; green announces AOG, not a word, for the table to challenge), its
// boards drawn by vision/render as photos (the first time it
// is asked for: about a second a photo).
func (Game) Demo() (*game.Demo, error) { return demoOnce() }

// DemoRecord is the demo's settings and key, without drawing its photos.
func (Game) DemoRecord() (game.DemoRecord, error) {
	l, err := pyramids.ReadLog(strings.NewReader(demoLog), "demodata/game.txt")
	if err != nil {
		return game.DemoRecord{}, err
	}
	return game.DemoRecord{Options: demoOptions(l), Key: fmt.Sprintf("%+v\n%s", demoScene(), demoLog), Players: demoPlayers(l)}, nil
}

// demoOptions are the demo's settings: the players' colours.
func demoOptions(l *pyramids.Log) game.Options {
	var colours []string
	for _, c := range l.Players {
		colours = append(colours, c.String())
	}
	return game.Options{OptColours: strings.Join(colours, ",")}
}

// demoPlayers names the demo's seats, one a colour of its log (the log
// names colours, not people).
func demoPlayers(l *pyramids.Log) []string {
	names := []string{"Ann", "Ben", "Cy", "Di"}
	return names[:min(len(l.Players), len(names))]
}

// demoScene is the demo's camera and light.
func demoScene() render.Options {
	return render.Options{Seed: demoSeed, Width: 1640, Height: 1232}
}

func renderDemo() (*game.Demo, error) {
	l, err := pyramids.ReadLog(strings.NewReader(demoLog), "demodata/game.txt")
	if err != nil {
		return nil, err
	}
	boards := []*pyramids.Board{pyramids.NewBoard(), l.Start}
	notes := []string{"the empty board", "set up"}
	said := []string{"", ""}
	for _, e := range l.Entries {
		if e.Kind != "turn" {
			continue
		}
		boards = append(boards, e.Announced)
		notes = append(notes, e.Player.String()+" announces "+e.Word)
		said = append(said, e.Word)
		if e.Taken != nil {
			boards = append(boards, e.Taken)
			notes = append(notes, e.Player.String()+" takes "+e.Word)
			said = append(said, "")
		}
	}
	d := &game.Demo{Options: demoOptions(l), Players: demoPlayers(l)}
	for i, b := range boards {
		opt := demoScene()
		still, err := render.Render("pyramids", []byte(b.String()), opt)
		if err != nil {
			return nil, fmt.Errorf("pyramids: the demo's photo %d: %w", i, err)
		}
		ph := game.DemoPhoto{Still: still.JPEG, Note: notes[i], Word: said[i]}
		if i > 0 {
			// The service reads every frame of this game (no turn
			// detector for its board yet): the turn is shown done.
			ph.Placing = [][]byte{still.JPEG}
		}
		d.Photos = append(d.Photos, ph)
	}
	return d, nil
}
