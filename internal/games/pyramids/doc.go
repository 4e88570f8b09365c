// Package pyramids is Crossword Pyramids at the table (internal/game's
// Game): the 10x10 board of coloured pyramid stacks, read from a photo by
// vision/pyramids (the stacks' heights carried from the game as it stands:
// the camera sees only the tops), judged by scoring/pyramids.
//
// A turn takes two photos, as at the table: the word spelled and announced
// (the referee finds the word from the moved pyramids, scores it and flags
// it when the dictionary does not know it: it stands unless challenged),
// then the pyramids taken. Until the take the same seat is to play
// (game.Move.Again) and the word can be challenged; a challenge that finds
// it is not a word withdraws it (the pyramids go back). The take photo is
// reconciled with the announcement: the squares of the word lose their top
// pyramid, every other square stays, whatever heights the photo suggests,
// so a misjudged height never breaks the game. The very first photo is the
// set-up: accepted with no points, the first seat then plays.
//
// Players sit at the sides of their colours (setting "colours": the
// players' colours in seat order, default red, blue, green, yellow);
// "stack" is the height of a full player stack (5 as the seed sets up, 4
// in the published game). The tally is the values taken less the values of
// one's own pyramids still on the board.
package pyramids
