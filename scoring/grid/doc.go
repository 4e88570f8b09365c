// Package grid models a square-grid word-game board as a player sees it from
// above: every square holds a Stack, the letter showing on top and how many
// tiles high it is, and reads and writes the grid text format of DESIGN.md.
//
// The text format is one line per board row, cells separated by spaces, `#`
// starting a comment and blank lines ignored. A cell is `.` (empty) or a
// letter followed by an optional stack height digit 1-9 (default 1):
//
//	. . C  O2 Qu3
//
// Letters are A-Z or the Upwords tile Qu (one tile that spells "QU"); lower
// case is accepted and normalised. The parser accepts any height a camera
// could see; the game's rules, not the parser, enforce the game's maximum.
//
// Coordinates are (row, col), 0-based, row 0 at the top of the board as read.
package grid
