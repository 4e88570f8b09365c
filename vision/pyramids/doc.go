// Package pyramids reads a Crossword Pyramids board from an overhead
// photo: for every square of the 10x10 board, whether a pyramid stands on
// it, the top pyramid's colour (red, blue, green, yellow or black) and
// letter, and the stack count.
//
// The ideas, in the order Scan applies them:
//
//   - The board is found by its playing area: a large light, unsaturated
//     region (the blank runway ring, the house squares, the lightly tinted
//     player spaces) inside the board's dark border. The picture is
//     reduced to 800 pixels, thresholded at Otsu's level, two lower ones
//     and against the local mean (uneven light and shadows split the area
//     at any one level), the printed grid lines closed, and every large
//     contour's convex hull turned into its largest inscribed
//     quadrilateral; so is the hull of the light pieces inside each large
//     contour (pyramids moved onto the runway cut the light ring into
//     pieces), and each mask is tried eroded too (a light card lying over
//     the border joins the table to the playing area). Each side is then moved onto the
//     strongest light-to-dark edge near it by a robust line fit, three
//     times from wide to narrow (a corner lost in a shadow comes back).
//     An outline is a board when the runway just inside is lighter than
//     the border just outside on every side and the printed lines between
//     runway squares show; of those, the one whose weakest side has the
//     most contrast wins.
//     When no outline is a board, a corner cut off by a hand is
//     completed (completeCorner), also when a light table beside the
//     board runs off the picture; when that fails too, or the outline
//     chosen is not where its printed lines are (its lattice disagrees
//     with them, latticeAgrees, or the placement check cannot move it
//     onto them), the board is looked for
//     by its straight edges (edgeFrame: long light-to-dark segments
//     paired into quadrilaterals, each checked as an outline is and kept
//     only where the runway's printed lines lie where it puts them;
//     when no four make a board, three do, a hand or its shadow hiding
//     the fourth: threeSideFrame places the far side where the printed
//     lines along the two sides that run to it put it, and such a board
//     is read with no square sure, Reading.SideHidden; where neither
//     gives a board, the edges are looked for once more with wider gaps
//     bridged, as a board whose thick printed lines meet its border
//     breaks the runway's edge into one piece a square); an
//     outline whose lattice disagrees and that no straight edges replace
//     is read with no square sure (Reading.Unplaced). Where no board is
//     found in the picture, or only from three sides, the straight edges
//     are paired once more with corners allowed beyond the picture's
//     edge (offFrame): a board so found, checked as an outline is on its
//     part in the picture, is refused as out of view (vision.ErrOutOfView,
//     the players move the camera), also in a dark picture whose runway
//     is lit, and over a three sides' frame that is a part of it (runsOff).
//     Where none of that gives a board and the picture is lit, the three
//     sides' search runs once more with the side that shows least left
//     out of the judgement (hiddenSideFrame: a hand or an arm over more
//     than half of it; the three others held to stricter bars, the far
//     corners looked for further from their likeliest places); such a
//     board is read as found from three sides.
//     A picture whose median is dark is too
//     dark only when no board is found in it or the board's own white
//     (the runway) is dark: a lit board on a dark table is read.
//   - The four corners give the board-to-picture homography, and through
//     it (with the focal length from the homography, a calibration, or the
//     Pi camera's) the camera's pose: a pyramid is a solid 15 mm tall, so
//     its faces are projected in 3D, not read off the flat board.
//   - The lens (lens.go): its radial distortion bows the board's straight
//     edges. Once the board is placed, one term k1 about the picture's
//     centre is fitted to the runway's outer edge (the k1 under which 50
//     edge points a side, undistorted, lie straightest; kept only when it
//     straightens them clearly); the homography and pose are then those
//     of the undistorted corners and every point sampled (colours, face
//     crops, outlines) goes through the lens into the picture.
//   - White balance: the runway is blank board, so its lighter quarter is
//     the picture's white; every colour is divided by it before it is
//     classified.
//   - Colour: on each square, 120 points spread over the four faces of a
//     pyramid are classified (saturated: red, yellow, green or blue by hue;
//     unsaturated and dark: black; else light board). A square whose
//     points are mostly pyramid classes holds a pyramid of the commonest
//     class; black only in the house area. A house square read empty
//     whose points are mostly grey (median under washedValue of the
//     white) with a dark part (washedDark) is a black pyramid washed out
//     by glare or exposure, its lit faces grey and its shaded ones dark,
//     and is read black, never sure (washedBlack); but where its floor,
//     outside its neighbours' outlines, shows the board nearly all over
//     (an empty square in the shadow the black pyramids around it cast,
//     their sides its dark samples), it is read empty, never sure
//     (washedFloor). A house square still read empty once the lower
//     and faint looks (lowHouse, fainter) have had it is read black
//     too, never sure, when its median stands under ringDim of the
//     board's own light around it (ringLight: the board seen in the
//     channels between it and its neighbours) with no sample much
//     lighter than that light (ringLit): a black pyramid in a light the
//     runway's white does not measure, grey all over (dimHouse). A square so taken beside a taller stack that leans over it
//     in the picture (half way or more) is looked at again by its own
//     floor, outside that stack's outline: where the floor left in view
//     is mostly light board, the colour was the stack's sides and no
//     pyramid stands there; it is read empty, never sure (clearBehind).
//     A square kept is read again on its colour samples outside the
//     stacks' outlines: a colour they show other than the one read is
//     taken, light board there reads it empty, and with too few left in
//     view it is not sure (all never sure). Only the samples whose line
//     of sight, were the square empty, meets the playing grid are read
//     (backOnGrid: past it the border shows, of a pyramid's colour on
//     most sets); a square with next to nothing of its floor or its
//     faces in view, read in a leaning stack's colour, is read empty,
//     never sure: a pyramid there would be as hidden.
//   - Which corner is north: the picture's board is tried in its four
//     quarter turns, and the one whose player spaces best show the seats'
//     colours (the tint of an empty space, the pyramids on it) is chosen.
//   - Letters: each face carries the letter, upright as seen from outside
//     that side. Each face is rectified on its own (its plane mapped into
//     an upright crop around its letter) and read by the tile reader and
//     ocr's specialist for blurred crops, their upright probabilities
//     averaged, or with Options.FaceModel by the tile reader and the
//     faces' model (en-pyr), weighted 0.3 and 0.7, and with them the
//     faces' grey model (en-pyrg, over the crop's own grey levels:
//     ocr.GreyFeatures) at greyWeight and the faces' convolutional
//     model (en-pyrc, a small convolutional network over the crop's grey
//     patch: ocr.CNNInput) at cnnWeight, the other two sharing the rest
//     (faceHeads; the crop stands upright as cut, so its features are
//     taken without the normaliser's rotation estimate:
//     ocr.FeaturesUpright); the faces' probabilities are summed, each weighted by how much of it the
//     camera sees, and by the share of its letter that no taller
//     neighbouring stack nearer the camera hides (faceSeen). A square not sure at the game's stack height is read
//     again at the height (within three) where its best face reads a
//     letter most surely.
//   - The set's counts: a colour's pyramids in view are distinct pieces
//     of its set (Options.PlayerSet, HouseSet; the default sets when
//     empty), so where the letters read show one letter on more of them
//     than the set holds (blurred faces read as O and E), the squares not
//     sure take together the set's letters left that their faces make
//     likeliest, an exact assignment (assignLetters); sure and overhung
//     squares keep their letters, and a changed letter is never sure.
//   - Sure: a square is sure when its colour samples agree and its faces
//     agree on the letter with a margin (sureSquare); a square whose
//     faces read different letters never is, nor one that a taller
//     stack of its colour next to it leans over in the picture
//     (overhangs: its colour and letters may be the neighbour's), nor,
//     with the faces' model, a letter under 0.73 that only one face
//     the camera sees well shows; with the grey model, the faces' two
//     models (en-pyr, en-pyrg) must each read the letter as their
//     likeliest, as must the reading without the grey model (en-pyrc
//     stays in it; it has no say of its own in the sure rule), and the
//     mean of their own probabilities of it reach 0.86 (0.89 when fewer
//     than two faces are seen well: SureBars.Heads, sureHeads). A pyramid whose
//     top, sampled over its faces at the count its letter was read at,
//     shows another colour (half the samples or more: a pyramid of
//     another colour put on a player's stack) is not sure
//     (topOtherColour); on a player's space read in the seat's colour
//     that top's colour is taken, never sure, and so is one the top
//     shows at the count the game holds (takeTop: the one-high look
//     samples the stack's lower layers there, and a pyramid put on a
//     full stack stands a layer over the count a photo assumes), the
//     stack then counted as one over the player's and its letter read
//     at that count; nor is an empty square whose light samples are
//     clearly coloured (cellLook.tinted 0.3 or more: a hand's skin over
//     a pyramid), nor one darker than 0.6 of the board's light around it
//     (nearLight: the brightest square read clearly empty in the nearest
//     ring of neighbours that has any; the white balance is one for the
//     picture, and a black pyramid in a glare spot washes to a grey the
//     picture's bars take for board). Nor is a square whose colour
//     samples a hand reaches (handOver): a tenth of them or more in
//     skin's colours (skinLike: an orange between the red and yellow
//     plastics, hue 10-30 degrees, saturated 0.2-0.7, of every skin
//     tone; some makers' orange-yellow plastic stands over 30), or a
//     twentieth beside a square a hand covers half of (its edge); a
//     saturated hand reads as red or yellow plastic. Nor is a square
//     that a taller stack of its colour leans over once the stacks'
//     tops' colours are taken (overhangsTop: takeTop changes a stack's
//     colour after overhangs judged its neighbours). Nor is a black
//     read that rests on darkness alone (flatShades: no darker than the
//     board around it, its faces showing no light and shade), as an
//     empty square in a cast shadow reads.
//     ColourSure is the colour's part alone (sureColourOf):
//     the game settles a letter it knows by its own rules (a house
//     pyramid read in its place is the one there).
//   - Stack count: the camera hardly sees it. Each layer lifts the top
//     pyramid 4 mm, which moves it in the picture only by parallax (a pixel
//     or two on most squares of a near-overhead view, nothing below the
//     camera), and the lower layers are hidden under the top one. A fit of
//     the top pyramid's ridges over the counts chose worse than the game's
//     prior, so the count is the prior: a player's own space holds a full
//     stack (Options.StackSize), a pyramid of another player's colour
//     there stands on it (one more), a coloured pyramid in the house area
//     stands on a house pyramid (2), anything else stands alone (1). The
//     referee (scoring/pyramids) needs heights only to tell which stack
//     lost or gained a pyramid, which the colours and letters already show.
//
// gocv is used for the board outline only (resize, colour conversion,
// thresholds, morphology, contours); every Mat is closed where it is made,
// and liveMats counts them so the tests check that a scan leaves none.
// The rest is plain Go on the picture's RGBA bytes.
//
// EvalScene and Summary measure the reader on scenes drawn by vision/render
// with their ground truth (tilescope eval-pyramids).
package pyramids
