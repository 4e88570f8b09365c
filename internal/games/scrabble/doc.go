// Package scrabble is Scrabble at the table (docs/games.md): the game
// model's Game and Rules around the referee (scoring/scrabble) and the board
// reader (vision/scrabble). Register it with game.Register(scrabble.Game{}).
//
// A Position is the 15x15 board in the grid text (a blank in lower case,
// "*" a blank whose letter the photo cannot show). Judge asks
// scoring/scrabble: a blank placed as "*" is named from the table's
// dictionary when a letter fits (the position the turn leaves then holds
// the name); with the "refuse" setting a non-word is refused at once,
// otherwise it stands until challenged. Bag counts the tiles neither on the
// board nor on the racks; the end-of-game sheet takes, per seat, the value
// of the tiles left on the rack: each seat loses its own, and when the bag
// is empty the seat with nothing left (it went out) gains the others'.
package scrabble
