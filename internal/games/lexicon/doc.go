// Package lexicon is Lexicon Crossing at the table (internal/game's Game):
// every player builds a crossword of their own at the same time, and the
// camera over the table (or a player's phone) sees them all.
//
// A Position is the table as its players see it: one area per seat, in
// seat order, each CrossRows x Cols squares holding that player's crossword
// the way up its player reads it (the camera's picture turned to the
// player's side of the table), then LooseRows rows of the tiles lying apart
// from it (the leftover tiles the photo shows). Which crossword is whose is
// found by where it lies: the setting "sides" names the side of the table
// each seat sits at (default south, north: the photo's bottom and top);
// the tiles nearest a seat's side of the photo are its own. A player's
// phone photo of their own area (OwnArea: its tiles in one seat's part
// while another crossword that stands is missing from it) changes that
// area only. A crossword is
// kept where it stood between photos (aligned on the tiles it shares with
// the crossword as it stood), so a tile misread and corrected stays
// corrected.
//
// The referee (scoring/lexicon) scores each area as it stands: the tiles in
// two words, their Scrabble values summed, over the words plus the leftover
// tiles. Scores are kept in hundredths (225 is 2.25; the page shows two
// decimals and the seed's x50 scale). A turn is a photo in which some
// crossword changed: it is credited to the first seat whose area changed,
// every seat's score is set (game.Move.Scores), and the words new in it are
// flagged when the dictionary does not know them (one tap challenges; a
// word found not to be a word takes the photo back). With "refuse=true" a
// non-word is refused at once. A photo with a tile whose letter was not
// read is refused (unread) until the table taps it.
//
// The end (red light): each seat's leftover tiles are those lying apart in
// its area as the last photo shows them, plus the ones typed on the end
// sheet (tiles held in the hand, face down: not visible). The sheet ranks
// the crosswords by exact score (scoring/lexicon.Rank).
package lexicon
