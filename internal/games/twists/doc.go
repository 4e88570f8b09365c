// Package twists is Scrabble Twists & Turns at the table (internal/game's
// Game): notched tiles joined into one shared structure, read from a photo
// by vision/loose on a lattice and judged by scoring/twists.
//
// The structure lies on a square lattice of the game's own (setting
// "size", 15 or 21 cells a side). Each photo's tiles come on a lattice
// fitted to that photo alone; Read shifts them onto the game's where they
// best cover the table as it stands (the first word's middle tile on the
// lattice's middle, as the rulebook puts the first word "in the middle").
// Tiles never move or go once down, so the table as it stands overrides
// whatever a later photo makes of them (Reconcile): only empty cells are
// the photo's.
//
// The language of the set (setting "set": "ru", the default as RULES.md
// says, or "en") decides which tile classifier reads the photo, so an
// English table is never read as Cyrillic, and which words the referee,
// the flags and the challenges know (game.Worder).
//
// The camera does not hear the word announced: the referee takes the
// longest word the dictionary knows that the new tiles spell along a path
// with the tiles already down, and lists the others for the table to name
// the right one; with no such word the turn waits for the table to name
// it. Action tiles change the order through game.Move (skip, reverse); a
// give tile's tiles go to the next player in the order of play unless the
// table names the split (the camera cannot see it: "WORD/SEAT=N,...").
// The position counts each seat's tiles (27, 36 or 54 dealt by the number
// of players; game.Holder); a turn's score is the tiles its player got rid
// of; the first player with none left wins.
package twists
