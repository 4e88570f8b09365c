// Package scrabble reads a Scrabble board from a real photo: which of the
// 225 squares hold a tile, each tile's letter (a blank tile as a blank),
// and where the board lies in the photo.
//
// The ideas, in the order Scan applies them:
//
//   - The grid: the 15x15 playing grid is found by its own lines (or,
//     failing them, the board's outline) with the Upwords board finder,
//     exported for other boards as vision.FindGrid. Its corners come
//     through the lens distortion the lines show, or, where the board's
//     outer edges show a clear barrel lens (lensedge.go: the rim against
//     the table, one long straight step a side), through that lens: a
//     corner under a hand is extrapolated by it. Where that finder sees
//     no grid, the board is looked for by its red border (outline.go),
//     then by its premium squares (premium.go): every edition prints its
//     triple letter squares blue and its triple word squares red, on
//     lattices four and seven squares apart; the picture's blue and red
//     patches matched to those places give the grid.
//   - A board partly out of view (a row or a corner cut by the photo's
//     edge): the finder's grid for the part in view, extrapolated to the
//     whole 15x15 board (vision.OutOfViewError.Grid), is placed by the
//     premium layout of the squares wholly in view alone (at least a
//     third of the board). Those squares are read as any board's; the
//     others are Reading.Unseen, neither empty nor a tile, and take no
//     part in learning the board's looks. A crowded board the picture
//     cuts, which no grid, border or premium proposal places whole, is
//     judged by its squares in view alone (cutFrame): such a board is
//     rough, none of its tiles shown sure.
//   - Whole squares: a board's printed border can hold a line a square
//     outside the grid that passes for its outermost one. The premium
//     layout (the same on every edition) places the grid: of the grid
//     moved by up to two squares either way, the placement whose squares'
//     colours fall into the layout's five prints most cleanly wins.
//   - A grid off over part of the board (bent at a far corner, or a cut
//     board's side guessed wrong): around each tile, the empty squares'
//     colours are compared with their prints' looks as placed and as
//     they would be a square off each way (placeEvidence). Where the
//     layout fits a square off clearly better, that tile may be the
//     square beside it, and no tile of the board is shown sure
//     (Reading.Misplaced).
//   - Empty or tile: every square's look (the mean colour of its inner
//     part, in an opponent space) is compared with the board's own
//     squares of the same print, after the light's slow change across the
//     board (a quadratic fitted to the plain squares) is taken out. The
//     squares far from their print's look are pooled into the tiles'
//     look; a square holds a tile when it looks more like the tiles than
//     like its print, and stands well apart from the print. No colour of a
//     tile or a board is assumed, so dark and light woods, and any
//     edition's colours, are told the same way; an empty premium square
//     ("DOUBLE LETTER SCORE", the star) is compared with its own kind.
//     On a board with tiles, a plain square left empty that shows a
//     letter's dark mark at its centre, darker than the band round it,
//     and reads as a letter, is a tile too, whatever its colour (a tile
//     of the squares' own colour, or in a hand's shade: centredMarks).
//   - A hand over the board: it comes in from the picture's edge, so it
//     crosses the board's border. The band just outside the grid is
//     sampled all round; a smooth run of it far from the band's own look,
//     in colour or in hue (a light falling unevenly along the border
//     changes the border's lightness, not its hue), is an arm, and the
//     squares that look like that run's colour, joined
//     to it, are Reading.Covered: not read, neither empty nor a tile, left
//     out of the light and of every print's look (handSquares). A hand
//     the colour of the border shows instead as a smooth run of the
//     grid's outer squares far from their print, unlike the board's
//     lettered tiles, with an arm beyond the border reaching the
//     picture's edge (edgeHands). A square darker than its print that,
//     lit to the print's lightness, looks like it (a hand's or an arm's
//     shadow) is no tile and no reference for the print's look, unless
//     its colour is nearer the tiles' (shaded).
//   - Letters: each tile is cut from the photo square to the grid (a
//     tenth of a square's margin), whitened (grey, the face near white,
//     the letter dark: the tile reader learned from light tiles and takes
//     a dark wood's letter for an empty square) and read by the ocr
//     package's classifier pooled with ocr's model trained on Scrabble
//     squares as this package cuts them (en-scr, SquareCrops: their
//     probabilities averaged), told the crop holds a tile. A tile whose
//     letter shows less than 0.4 of the board's tiles' median contrast is
//     a blank (nothing printed on it). A set has two blanks: of more
//     squares read as blanks, the two read most surely are kept.
//   - Which side is up: the letters' angles (the reader's) vote, weighted
//     by confidence and leaving out letters that look alike turned (H I N
//     O S X Z); the board is turned so they stand upright and the tiles
//     read again, the reader told so. With no tile, or no clear vote,
//     the photo's own orientation is kept (Reading.Oriented is false),
//     and no letter but O and X (alike every way up) is shown sure. A
//     turn that only unsure letters chose, by a small vote, is read but
//     said unsure the same way (a bare board's fingers read as letters).
//
// gocv is used only inside vision.FindGrid; the rest is plain Go on the
// photo's RGBA bytes.
//
// EvalPhoto and Summary compare readings with hand labels (grid text with
// a "# corners:" line); tilescope eval-scan --game scrabble prints them.
package scrabble
