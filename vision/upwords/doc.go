// Package upwords reads an Upwords board from a photo (ScanUpwords): where
// the board is (through the board finder of package vision, which also
// checks the picture), which squares hold a stack, how high each stack is
// and (through a tile reader) the letter on top, and whether each square's
// reading is sure. EvalScene compares a reading with a rendered scene's
// truth (tilescope eval-scan).
//
// # Orientation and letters
//
// Orientation: the board is symmetric, so the scan first reads it as the
// camera sees it: row 0 is the side nearest the top of the picture (the
// corner order whose top side points most nearly to the right). Then the
// letters decide, when the reader reports at least three confident ones:
// the axis (upright or upside down, against lying on a side) by two thirds
// of them, O and X left out, and the end it is read from by two thirds of
// the letters that differ from themselves turned half way round (not H, I,
// N, O, S, X, Z: the reader's angle for those is a coin toss between two
// ends). The reading is turned so they read upright, row 0 at the top "as
// the board is read" (Upwords tiles all face one side).
// Options.CameraOrientation keeps the camera's.
//
// Letters: each stack's top face, cut at its height (64x64, upright as the
// camera sees the board), goes to the reader. When the reader takes it for
// an empty square though the board shows a stack there (a faint letter in
// dim light or blur), a reader that can be told so (ocr.LetterReader)
// gives its likeliest letter, reported with its own low confidence, rather
// than none. Once the letters have decided the board's reading direction,
// the squares whose letter stands another way (a W read as an M upside
// down) or was read with confidence under 0.5 are read again, the reader
// told the angle every letter stands at (ocr.KnownReader). A letter still
// read under 0.8 is read from crops cut as if its stack stood at every
// other height (a misjudged height puts the crop off the face), a clearly
// surer reading winning; still unsure, from seven crops of its face
// moved and scaled a little, their probabilities pooled (ocr.VoteReader).
// A reader with a specialist for blurred crops (ocr.BlurReader: the
// default English one) is consulted on faces whose crop is itself blurred
// (ocr.EdgeSpread at least ocr.BlurSpread; no sharp crop ever reaches
// it): an unsure stack's re-reads (its height, every other height, the
// pooled crops) are all the specialist's, and a sure reading under 0.99
// is read once more by the specialist, which replaces it when it reads
// another letter at 0.9 or more. Where the board's reading direction is
// firm (turnVote.firm, or an earlier photo's, Options.Turn), the
// specialist reads each such crop pooled with the crop deconvolved
// (deblurReader: Richardson-Lucy, a Gaussian of 3 crop pixels), which
// shows the strokes a defocused photo smears; where it is not, as cut
// (the letters read so then vote on the direction again, and a
// direction they settle makes every square of the board eligible to be
// sure: the deconvolution reads letters, it does not settle the
// direction). Last, a stack read three high or more in
// a view steep enough that its face lies a fifth of a tile or more from
// where a one-high stack's would, sure or not, has its letter checked at
// the heights next to its own (rereadTall): steep views take low stacks
// for tall ones, and the crop then lies on the tile behind, whose letter
// the reader reads surely. The true face read a level off still shows its
// letter; when neither neighbouring height reads it, every height is
// read, and another letter that two neighbouring heights (neither the
// stack's own) both read at 0.9 or more replaces it. The height is kept.
// Through a game (Options.Stood: what stood on each square before this
// photo), a stack read with a letter other than the one that stood there
// is read at the height it stood at once more: a tile played there covers
// the old letter, so when the old letter reads there surely, no tile was
// played and the stack is read as it stood (keepStood; on other makers'
// boards a face a level off otherwise reads the tile behind, a play that
// was not made). With the last photo from the same fixed camera
// (Options.Last), a stack read as it stood, or read empty, has the middle
// of its old top face compared with the same place in the last photo
// (raisedTiles, faceChange: one less the correlation of the grey levels);
// a face that changed by changeMin or more may have a tile on it, and the
// letters read a level higher are its Raised, for the rules; one read
// empty (a stack does not vanish) is read as that tile, unsure; a face
// that changed is Cell.FaceChanged, one that looks as it did (under
// sameMax) Cell.FaceSame, for the game to weigh a new letter read there.
// The faces are compared on their grey levels only (lumaCrop), cheaper
// than the reader's crops. With
// Options.Turn the reading direction is an earlier photo's, not the
// letters' vote. A direction the letters do not settle at first is voted
// again once the unsure letters were read again at other heights. A
// direction settled by fewer than six letters that differ from
// themselves turned half way round, or with a close second (turnVote.firm),
// is not sure (UpwordsReading.TurnSure): no stack is then Sure, nor any
// square a stack would stand on were the board read another way round.
//
// # Heights
//
// The camera's pose follows from the homography and the focal length
// (a calibration, else an estimate from the board's perspective, taken
// from the grid without the lens its lines show, when the view is tilted
// 10 degrees or more, else the Pi camera's 62.2 degrees across). A stack's top face then moves along a known line in the picture
// as the stack grows: the face is looked for along that line at every tenth
// of a tile's thickness, a pixel or two either side, scored by the contrast
// across its outline, and the best position is rounded to a height.
// Squares are read nearest the camera first, and the picture regions of
// the stacks found so far are masked, so a tall stack in front does not
// pass for the one behind. Straight down, the parallax is a pixel or two
// per tile near the picture's middle: heights there are the weak point.
// A tile's offset in its square moves the face as much as a level does,
// and the face's size changes by well under a pixel per level, so even the
// true top face puts only 86-89% of the stacks within half a level
// (TestHeightCues measures it on rendered scenes). Through a game the
// history knows the heights (game.ReconcileUpwords, for `scan --before`
// and the table service alike: the letter read decides).
//
// # Occupied or empty
//
// A square holds a tile when both its floor (every line of sight to it
// passes through a stack standing there) and the face at some height are
// much lighter than the board's walls nearby (a low quantile of the wall
// samples within two squares, which ignores stacks; where stacks crowd and
// hide most walls, as in tilted views of a busy board, of those the stacks
// found so far leave in view). The centre squares are
// printed light with a red mark, which a tile would hide. A tall stack in
// a steep view shows its side where its floor is, and that side, in
// shadow, can be as dark as the board: a square light only at some height
// is a stack when the best top face found there is lit all round its
// outline (more so than a floor must be) and has something dark in its
// middle (the letter; a finger hovering over the square has not). A square
// a little short of the light a tile needs at floor or face (blur spreads
// the walls' dark over a small board's squares) is a stack when the best
// top face found there is evenly lit round its outline, plainly lighter
// than the walls, and holds a letter's stroke (inkedFace). A square
// whose floor stacks in front hide is judged by its face alone, and taken
// for empty when that face is not evenly light or is where the top of a
// stack on the next square further away shows (that square's floor being
// light): in steep views the
// far squares are only a few levels apart, so a tile there looks like a
// tall stack here.
//
// It makes no gocv Mat of its own; those the board finder makes for a
// scan are all closed (checked by TestMatLeak under the matprofile build
// tag).
package upwords
