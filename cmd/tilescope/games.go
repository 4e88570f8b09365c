//go:build !lean

package main

import (
	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/internal/games/lexicon"
	"github.com/tilescope/tilescope/internal/games/pyramids"
	"github.com/tilescope/tilescope/internal/games/scrabble"
	"github.com/tilescope/tilescope/internal/games/twists"
	"github.com/tilescope/tilescope/internal/games/upwords"
)

// The games the table service plays: one line per game (docs/games.md).
func init() {
	game.Register(upwords.Game{})
	game.Register(pyramids.Game{})
	game.Register(scrabble.Game{})
	game.Register(lexicon.Game{})
	game.Register(twists.Game{})
}
