// Package vision reads a board game from a photo: for Upwords, where the
// board is, which squares hold a stack, how high each stack is and (through
// a tile reader) the letter on top; and, from a stream of frames, when a
// turn is over.
//
// # Finding the board
//
// The picture is reduced to about 800 pixels across and candidate
// quadrilaterals are gathered in stages, cheapest and most telling first:
//
//   - lines: Canny edges and the probabilistic Hough transform give line
//     segments; the strongest two directions 50-130 degrees apart are the
//     board's; in each, merged lines are searched for a run of n+1 lines
//     evenly spaced in perspective (the grid), and the outermost long lines
//     are paired too (the board's edges);
//   - steep grids: the line search again, now taking lines up to 20
//     degrees off each direction (in a steep view one direction's lines
//     converge, fanning out over 30 degrees and more);
//   - outlines: Otsu thresholds (both ways) and closed Canny edges give
//     regions whose convex hulls are cut to four corners (Douglas-Peucker,
//     the largest inscribed quad, and the hull's four longest sides, which
//     survive a hand or a pencil over the board's edge);
//   - colours: the block colours (YCbCr) clustered with k-means; every
//     cluster and pair of clusters (board plus tiles) is a region, also
//     after a wide opening that cuts off pencils lying across its edge;
//   - last resort: lines and outlines again on the picture with its local
//     contrast raised (CLAHE), for dim and unevenly lit boards;
//   - the board's rim, when none of the above gave a grid that is
//     accepted (below): a board covered with tiles or blurred shows few
//     grid lines, but its outline against the table stays plain. The
//     straight runs of the outlines' own contours (not their hulls), from
//     the brightness and colour regions, are merged when on one line and
//     intersected in pairs of directions into quads that the contour
//     follows for at least half their perimeter: the board's outline even
//     where a cup, a hand or a phone touching it joined it to the region
//     (rimQuads). The grid is then a printed border (14 mm on the 21 mm
//     pitch) inside (insetGrid), searched within 4% of that (fitGridRim:
//     a wider search locks on the rows of tiles or the border's line), and
//     taken only when its own lines score as a grid (0.25), since its
//     outline vouches only for where the board is, not for the lines.
//     When no rim holds such a grid there, each is searched again a
//     tenth of its size either way (fitGridRimWide): in tilted views the
//     outline takes in the board's near side and the inset grid lies half
//     a square or more off.
//     It is tried too before a board is called partly out of view: when
//     no whole grid is accepted but an outline cut by the picture's edge
//     holds a smaller grid (partialGrid), a rim whole inside the picture
//     whose grid is accepted wins (a hand or a cup reaching out of the
//     picture joins the board's region to the edge).
//     The rims also check a grid found from its lines: one that some rim
//     puts a whole square off (its corners within 0.3 square of that on
//     average, each within 0.6: the outline takes in the board's near
//     side), while no rim agrees with it, crosses the board's outline and
//     is moved back (rimShift). Where the grid was accepted before the
//     outline stages, the rims are gathered afterwards only when the
//     marks did not place it and the board's edge shows inside it
//     (overhangs).
//
// A stage is reached only when the previous ones found no clear grid.
// Each candidate is rectified and scored by the grid it holds: n+1 lines in
// each direction whose weakest two still stand above the midpoints between
// them (fitLines). The best grid is then refined on the full picture: each
// of the 2(n+1) lines is measured band by band (bands beside light squares,
// that is tiles, are skipped), fitted robustly, and the homography refitted
// to all their intersections, a few times with narrowing windows (for a
// grid found from the rim, the outermost lines are looked for no further
// than 0.15 of a square out: the line printed in the border, a fifth of a
// square out, would otherwise take their place). A
// check moves the grid by a whole square when a line printed in the border
// passed for its edge. Then the centre marks pin it (fixByMarks): the four
// centre squares are printed light with a red mark; the red squares seen
// must lie in the grid's centre block, and the block's other squares must
// be light (a tile or a mark) rather than empty board. A grid off by a
// square or two is moved; a grid the marks place in one way only is
// accepted at weaker line evidence (steep views with tall stacks hiding the
// lines) once its refined outline scores as a grid again. Where the marks
// do not pin it, the board's outer edge does: the border is as wide on
// every side, so the edge is looked for on both sides of the grid (the
// strongest step in the median grey of the lines parallel to the grid's,
// rectified); an edge about a border and a square out on one side and
// about a border less a square on the other moves the grid by a square
// (edgeShift), and a grid of weak line evidence whose edges stand out all
// round, as far out on each side (up to half a square more on the side
// nearer the camera, where the board's own side shows), is accepted
// (edgesCentred). Last, a lens (fitLens): a homography cannot follow a
// lens's distortion, which bows the lines and squeezes the outer squares,
// so the straight grid that fits the middle misses the corners (by a
// third of a square under the renderer's strongest lenses). A radial
// distortion about the picture's centre is fitted to the lines' points
// as the refinement measured them band by band: the one that makes them
// straightest (the plumb-line method), on the points near the grid's
// lines, and kept when the points then fit a grid clearly better and it
// moves a corner by 0.04 to 0.5 of a square; the board's corners are then
// reported through it, and the grid is checked to lie in the picture
// through it (the straight grid overshoots a corner near the picture's
// edge). The camera's pose and the squares stay on the
// straight grid, and what the homography leaves is kept per intersection
// and added back when projecting (Pose.Correct).
//
// A picture is refused as too dark when the board's brightest 5% (or, with
// no board found, the picture's median) is below 24 of 255, and as too
// blurred when the board's sharpest edges spread over more than 0.3 of a
// square (the board's contrast over its steepest neighbour steps, in
// squares: independent of the light and of the board's size in the
// picture); the renderer's whole range, the hardest included, stays inside
// both.
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
// another letter at 0.9 or more. Last, a stack read three high or more in
// a view steep enough that its face lies a fifth of a tile or more from
// where a one-high stack's would, sure or not, has its letter checked at
// the heights next to its own (rereadTall): steep views take low stacks
// for tall ones, and the crop then lies on the tile behind, whose letter
// the reader reads surely. The true face read a level off still shows its
// letter; when neither neighbouring height reads it, every height is
// read, and another letter that two neighbouring heights (neither the
// stack's own) both read at 0.9 or more replaces it. The height is kept.
//
// # Heights
//
// The camera's pose follows from the homography and the focal length
// (a calibration, else an estimate from the board's perspective when the
// view is tilted 10 degrees or more, else the Pi camera's 62.2 degrees
// across). A stack's top face then moves along a known line in the picture
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
// # Frames and turns
//
// TurnDetector keeps a small rectified thumbnail of the board, its rim and
// the table around it; a turn is over when all of it has been still for a
// while (a hand near the board is motion), the rim (where tiles never go,
// so a change there is a hand or an arm) matches the last accepted state
// in grey up to the light's overall gain and in colour up to its overall
// tint (skin is redder than a board, however dark), and some square
// differs from it.
// Whatever stays still on the rim long enough (a pencil, a cup; far longer
// for something reaching into the grid, as an arm does) becomes part of
// the rim, so it holds turns back once, not for ever.
//
// gocv Mats live only here; every one is closed where it is made (checked
// by TestMatLeak under the matprofile build tag).
package vision
