// Package loose finds loose tiles on a table in a photo, reads them and
// places them on a lattice: the camera side of Lexicon Crossing (each
// player's free-form crossword of Scrabble tiles) and Scrabble Twists &
// Turns (notched tiles joined edge to edge), and of tiles lying anyhow
// (the real Bananagrams photos it is measured on).
//
// The ideas, in the order Scan uses them:
//
//   - The tile face's colour is learnt from the photo, not fixed: letters
//     are dark thin strokes on the face, so the pixels just beside strong
//     dark strokes (a morphological black-hat) are mostly face. When those
//     pixels fall in two distinct colour groups (a patterned table has
//     dark marks too) both are tried and the tiles of both merged.
//   - A pixel is face when its chroma is within the face's spread and it
//     is nearer the face's colour than the table's, lightness weighted
//     down so that shading matters less than hue. Thin dark lines (the
//     gaps between touching tiles) are cut out, letter holes filled.
//   - The tile size is twice the distance transform's peak per patch, or,
//     where tiles are joined in blocks, the letters' spacing. Small tiles
//     are searched again at a finer scale.
//   - Each patch becomes tiles by the first rule that fits: one square
//     tile; cells of a lattice fitted to the patch (direction from the
//     outline modulo 90 degrees, pitch and phase chosen so that cells are
//     clearly full or empty); one square round each letter when the
//     letters line up; the pieces of a watershed; and, for tiles lying
//     anyhow, a square round every letter left over, turned as its strokes
//     run. Every tile must have ink in its middle.
//   - Each tile is warped upright and read through the Reader interface
//     (ocr.Reader satisfies it). The reading's quarter turn orders the
//     corners from the letter's top-left; a crop read as "no tile" is
//     dropped. With several readers (alphabets), the one surer on the tiles
//     they tell apart names the whole table.
//   - A learned verifier (verify.go, verifier.txt: two logistic
//     regressions over cues of how each tile was found and read, trained
//     by `make train`) drops what is likely no tile and sets each tile's
//     Conf to the probability that its letter is read right, so that a
//     misread letter comes out unsure.
//   - A second look (Lexicon tables): a letter that no tile reported
//     holds gets a square of the tiles' median side, read and judged as
//     any square round a letter. Twists tables: the cells next to the
//     tiles that hold ink (dark in any channel: the action tiles' signs
//     are red) are read, by a vote of several crops where one crop reads
//     no tile (gaps.go), and a tile grown to its
//     neighbours' spacing is read again. Twists tables read in Russian
//     pool the Russian reader with ru-loose, as Lexicon's English letters
//     are pooled with en-loose (specialist.go).
//   - The lattice: the tiles' common direction modulo 90 degrees, "up"
//     from the letters (Lexicon) or the photo (Twists); cells handed out
//     from the middle tile outwards through neighbours measured in their
//     own size and direction (perspective does not accumulate), the rest
//     by an affine fit.
//   - Tiles on a printed Scrabble board (Options.OnBoard): the board's
//     squares are the reading, by vision/scrabble where enough of the
//     board is in view (board.go, a board partly out of view too), else
//     by the lattice of the board's printed lines found in a close-up
//     (printgrid.go: pitch, crossings and a homography; a square holds a
//     tile where one large letter stands in it), so that the board's
//     print is never taken for tiles. Across the board's fold, where no
//     one lattice fits, the photo's halves' lattices read their squares
//     (printLattices; that reading stands where it has more tiles read
//     sure than the loose search); wherever the print's squares show,
//     a loose tile under half a square across is the print's letters,
//     not a tile (onPrint). A lettered square where no line of the
//     lattice crosses its row, nor runs beyond it on one side, is on the
//     board's rim (its printed name), not a tile (offRim).
//   - A second look (Scan, Lexicon tables with a reader): where the
//     search reads fewer than five tiles sure, it searches again for
//     faint letters on print and at finer working sizes (1200 and 1640
//     px: small tiles among a cloth's marks) and keeps the look with the
//     most tiles read sure (lookAgain).
//   - The last stage (a Lexicon table's scan, on the photo's own reading
//     only, not within its straightened or rimmed looks): the steps of
//     finalStage (steps.go), in order, each named by its switch:
//     overDoubles (a square lying over sure tiles dropped), seamUnsure
//     (a square round the seam of tiles unsure), glyphRecentre (a square
//     put back on its letter, two squares then on one letter one tile),
//     faintUnsure (the join of faint seams unsure) and cutFaces (a tile
//     the picture's edge cuts found by its face, unsure). The others
//     only drop, move or make unsure; cutFaces adds tiles, unsure; none
//     makes a tile sure. Before the stage,
//     tiltLetters and sureAsTaken run under their own conditions.
//
// A scan's state is its Options, passed in: the package holds no
// variable a scan or a test switches. The steps a test weighs by
// switching them off (Options.off: aheadOfBoard, tiltPartial, farLook,
// rimMerge, tiltLetters, sureAsTaken and the last stage's four) and
// the hooks a diagnostic test is shown a scan through (Options.trace:
// the verifier's judgements, the straightened and the rim looks) are
// unexported fields whose zero value is the production scan. Only the
// development log (debugf) is still a package variable.
//
// gocv Mats stay inside the package; each is closed by a defer beside its
// creation, and a test under the matprofile build tag checks that a scan
// leaves none open. Evaluation helpers (YOLO labels, IoU matching,
// ScoreScan) serve `tilescope eval-loose`. docs/loose-tiles.md has the
// formats, figures and limits.
package loose
