// Package vision finds a game board in a photo and holds what the game
// readers built on it share: the board finder (the n x n grid of squares,
// FindGrid; for Upwords through vision/upwords, for Scrabble through
// vision/scrabble), the picture checks (too dark, too blurred, out of
// view), geometry (points, quads, homographies, the camera's pose, the
// lens), the grey plane, the renderer's truth, and, from a stream of
// frames, when a turn is over (TurnDetector). Each game's reader lives in
// its own package: vision/upwords, vision/scrabble, vision/pyramids,
// vision/loose.
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
//     holds a smaller grid (partialGrid: of the counts of squares the
//     cut sides allow, the most squares among the fits near the best
//     score, or among those that draw every line of the best more finely,
//     finerOn, for a grid of every third line on a premium layout's
//     strong edges outscores the whole one), a rim whole inside the picture
//     whose grid is accepted wins (a hand or a cup reaching out of the
//     picture joins the board's region to the edge). The cut must lie at
//     the picture's edge (cutAtEdge, on the refined cut grid): the
//     squares it leaves off, and half a square more, must reach out of
//     the picture beyond a cut side on each cut axis; else it is no cut
//     board (a cup over the board's corner, joined to the outline,
//     reaches the edge, and the grid ends inside the picture) and the
//     search goes on as if no cut grid were found. A cut grid is fitted
//     inside the outline as the picture clips it, whose cut sides are the
//     picture's edges, not lines of the board, so it is re-fitted to its
//     own lines on the full picture (refineCutGrid: windows narrowing
//     from 0.4 to 0.2 of a square, only those wholly inside the picture)
//     before the whole grid it fixes is handed on (OutOfViewError.Grid):
//     the squares beyond the cut are placed by extrapolating it.
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
// A candidate is scored where the line stages put it, before it is
// refined: a run of lines whose outer ones are a border's print rather
// than the grid's gives a grid half a square off the lines, whose
// evidence is weak (0.21 on a close-up of a Scrabble board cut at two
// sides), while its refinement sets it on the lines. The searches for a
// board whose reader places the grid on its print afterwards
// (FindGridLines, FindGridOutlineFirst, FindGridWhole: vision/scrabble's
// premium layout moves it up to two squares) therefore score such a
// refined grid again on its own outline, and accept it when every line
// stands out as clearly as a cut grid's must (0.4) at the same place
// (rescored). FindGrid's callers, which have no such check after it,
// keep the candidate's evidence.
//
// A picture is refused as too dark when the board's brightest 5% (or, with
// no board found, the picture's median) is below 24 of 255, and as too
// blurred when the board's sharpest edges spread over more than 0.3 of a
// square (the board's contrast over its steepest neighbour steps, in
// squares: independent of the light and of the board's size in the
// picture); the renderer's whole range, the hardest included, stays inside
// both.
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
// gocv Mats live only here and in the game readers under vision/; every one is closed where it is made (checked
// by TestMatLeak under the matprofile build tag).
package vision
