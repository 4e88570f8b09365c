package scrabble

import (
	_ "embed"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/scoring/scrabble"
)

// The demo's photos: two real photos of ../shared/data/photos/scrabble-board
// (by Jeff Heidel, MIT licence: demodata/LICENSE.txt), scaled to 900x1200
// and recompressed: the empty board, then BENDS played through the centre.
var (
	//go:embed demodata/IMG_20151016_165320.jpg
	demoEmpty []byte
	//go:embed demodata/IMG_20151016_165401.jpg
	demoBends []byte
)

var (
	_ game.Demoer = Game{}
	_ game.Pager  = Game{}
)

//go:embed page.js
var page []byte

// Page is Scrabble's module for the phone page (page.js): the premium
// squares, blanks, and the correction of a tile's letter and blank.
func (Game) Page() []byte { return page }

// Demo is the recorded game `serve --game scrabble --camera demo` replays:
// a real board, empty, then its first turn (BENDS, 22 points: the B on a
// double letter, the S on the centre star), read by the board reader.
func (Game) Demo() (*game.Demo, error) {
	var bends scrabble.Board
	for i, l := range []byte("BENDS") {
		bends[7][3+i] = scrabble.Tile{Letter: l}
	}
	return &game.Demo{Photos: []game.DemoPhoto{
		{Still: demoEmpty, Note: "the empty board", Board: (&scrabble.Board{}).String()},
		// The turn is shown done (no photo of the hand placing it).
		{Still: demoBends, Placing: [][]byte{demoBends}, Note: "the first player plays BENDS through the centre", Board: bends.String()},
	}}, nil
}
