//go:build !lean

package main

import (
	"github.com/tilescope/tilescope/games/pyramids"
	"github.com/tilescope/tilescope/games/scrabble"
	"github.com/tilescope/tilescope/games/upwords"
	"github.com/tilescope/tilescope/internal/game"
)

// The games the table service plays: one line per game (docs/games.md).
func init() {
	game.Register(upwords.Game{})
	game.Register(pyramids.Game{})
	game.Register(scrabble.Game{})
}
