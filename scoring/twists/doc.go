// Package twists is the referee of Scrabble Twists & Turns: tiles on a
// square lattice, words traced as paths of touching tiles, action tiles and
// the turn order they change, and every player's tile count through a game.
//
// # The table
//
// The real tiles join edge to edge through notches; we model the table as a
// square lattice (the camera fits one to the tiles it sees). A Board is a
// rectangle of cells, each empty, a letter tile or an action tile. Two tiles
// are neighbours when they touch along an edge or at a corner (8
// directions). The notch shapes are not checked.
//
// The text format is one line per lattice row, one character per cell: '.'
// (or a space) empty, a letter (Cyrillic by default, Latin for English;
// lower case is accepted), or an action tile: '!' skip, '@' reverse, '2'
// give 2, '3' give 3. '#' starts a comment. Rows may be ragged; short rows
// are padded with empty cells.
//
// The scanner's tiles (ParseScan, FromTiles) come on a lattice fitted to one
// photo; Align shifts the table before a turn onto the lattice of the table
// after it.
//
// # A turn
//
// The camera sees the table before and after a turn, so a turn is a pair of
// boards and the word the player names. The tiles that appeared are the new
// tiles (no tile may move or go). Judge traces the word as a path of
// distinct neighbouring letter tiles, in any direction and with any bends,
// that uses every new letter tile and at least one tile that was on the
// table before (the first word instead covers the middle: one of the one,
// two or four central cells of the board). Е and Ё are one letter. It then
// checks the dictionary and the action tile, if one was placed: at most one,
// touching a letter of the word. Judge reports the path or, when there is
// none, why: which letter is missing, where the tracing stops, which new
// tile cannot be included.
//
// # A game
//
// Game deals (4 players 27 tiles, 3 players 36, 2 players 54; 7 of them
// face up and active), applies turns, passes and exchanges, and the action
// tiles (skip, reverse, give 2, give 3), and names the winner: the first
// player with no tiles. ReadLog reads a game log (players, then turns with
// the table after each) and Replay plays it.
package twists
