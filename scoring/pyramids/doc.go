// Package pyramids is the referee of Crossword Pyramids: the board and its
// stacks of coloured pyramids, the text format of a board state, the rules of
// a turn and the running tally of a game.
//
// # The board
//
// The board is 10x10. Ring 0, the 36 outer squares, is the Word Runway: it is
// blank, and only there may a word bend. Ring 1 holds the player spaces: the
// six non-corner squares of ring 1 on each side belong to the player sitting
// at that side (north red, east blue, south green, west yellow unless the
// Setup says otherwise); its four corners start empty. The inner 6x6 is the
// house area with 36 black house pyramids. Every square of ring 1 and of the
// house area has a letter printed on it, visible once every pyramid on the
// square is gone. The layout of printed letters is a data file (a default is
// embedded, data/printed.txt); printed letters score 0.
//
// A square holds a Stack: the pyramids on it, of which the top one shows.
// A camera sees the top pyramid and the height; the layers below are known
// only when someone wrote them down, so a Stack keeps the known layers (top
// first) and the height separately.
//
// # A turn
//
// Judge compares the board before the turn with the board at the
// announcement. Every square either kept its stack, lost its top pyramid (a
// source), gained one pyramid (a destination), or both. The moved pyramids
// are matched by colour and letter from sources to destinations. The word is
// then a path of squares read from the speller's side of the table: a
// straight line read left to right or top to bottom as that player sees it,
// whose ends may run along the runway and bend round it. Judge finds that
// path (for the announced word, or, when no word is given, the one word the
// moved pyramids can be part of), checks the rules in a fixed order and
// returns either a Move or a *Rejection with a code and a message naming the
// square and the rule.
//
// After the announcement the speller takes the top pyramid of every square
// of the word (printed letters stay); CheckTaking compares the board after
// the taking with what it must be.
//
// # A game
//
// Game keeps the running state: whose turn it is (clockwise: north, east,
// south, west), turns lost to failed challenges, every player's taken
// pyramids, the end (a playing colour has no pyramid left on the board) and
// the final tally (values taken minus the values of one's own pyramids still
// on the board). FirstPlayer applies the first-player rule. ReadLog reads a
// game log (players, the set-up board, turns with the boards the camera saw,
// challenges, forfeits) and Replay plays it.
//
// The package is pure Go; it does not know any word list: Judge takes a
// Dictionary, the one method it needs.
package pyramids
