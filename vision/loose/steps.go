package loose

import "image"

// step is one step of a scan that a test switches off (Options.off) to
// weigh it against the scan without it: the scan's own state, passed in
// with the options, never a package variable a test flips (a test then
// depends on no other test's order and may run beside them).
type step uint16

// The steps a test can switch off. The zero Options.off is the
// production scan: every step runs.
const (
	// stepAhead: a scan with OnBoard begins the table's work beside
	// the board's lines' search (aheadOfBoard, premiumAhead); off, it
	// is done when the scan asks for it, as before (the reading is the
	// same either way).
	stepAhead step = 1 << iota
	// stepTiltPartial: where the whole turn does not fit, the camera
	// is turned by the largest part of it that does (straighten); off,
	// such a photo is not looked at straightened.
	stepTiltPartial
	// stepFarLook: the far part of a tilted photo looked at enlarged
	// (farLook).
	stepFarLook
	// stepRimMerge: the rim's look's tiles merged into the standing
	// reading (rimMerge, rimLetters).
	stepRimMerge
	// stepTiltLetters: the final tiles take the letters the look that
	// did not stand read surer (tiltLetters).
	stepTiltLetters
	// stepAsTaken: a sharpened photo's sure letters read again in the
	// photo as taken (sureAsTaken).
	stepAsTaken
	// stepOverDoubles, stepSeamUnsure, stepGlyph (glyphRecentre with
	// glyphDoubles) and stepFaintUnsure: the final stage's steps
	// (finalStage).
	stepOverDoubles
	stepSeamUnsure
	stepGlyph
	stepFaintUnsure
	// stepCutFaces: the last of the final stage: the tiles the
	// picture's edge cuts found by their faces (cutFaces).
	stepCutFaces
)

// String is the step's name: the function it runs.
func (s step) String() string {
	switch s {
	case stepAhead:
		return "aheadOfBoard"
	case stepTiltPartial:
		return "tiltPartial"
	case stepFarLook:
		return "farLook"
	case stepRimMerge:
		return "rimMerge"
	case stepTiltLetters:
		return "tiltLetters"
	case stepAsTaken:
		return "sureAsTaken"
	case stepOverDoubles:
		return "overDoubles"
	case stepSeamUnsure:
		return "seamUnsure"
	case stepGlyph:
		return "glyphRecentre"
	case stepFaintUnsure:
		return "faintUnsure"
	case stepCutFaces:
		return "cutFaces"
	}
	return "steps"
}

// runs says whether the scan takes step s (no test switched it off).
func (opt Options) runs(s step) bool { return opt.off&s == 0 }

// finalStage is the last stage of a Lexicon table's scan (finalSteps):
// its steps in the order they run, each named by its switch. Each
// makes tiles unsure or drops or moves them, on the photo's own scan
// and its final tiles (taken: the photo as taken). In order: the
// doubles dropped (overDoubles); a square round a seam unsure
// (seamUnsure); a square round a letter put back on its letter and two
// squares then on one letter one tile (glyphRecentre, glyphDoubles),
// after seamUnsure, so a square whose middle is a seam where it was
// found stays unsure moved (loosemiss' rule 3: on held-out tilt 113210
// one more false tile was shown sure with the move first); the join of
// faint seams unsure (faintUnsure), after the move, so the square is
// weighed where it is shown; last, the tiles the picture's edge cuts
// found by their faces where no tile lies (cutFaces), after the others
// have dropped and moved theirs (it adds tiles, unsure). A step added
// to the stage is added here, with its own switch.
var finalStage = [...]struct {
	step step
	run  func(taken rgbImage, r *Reading, opt Options)
}{
	{stepOverDoubles, func(_ rgbImage, r *Reading, _ Options) { r.Tiles = overDoubles(r.Tiles) }},
	{stepSeamUnsure, func(taken rgbImage, r *Reading, _ Options) { seamUnsure(taken, r.Tiles) }},
	{stepGlyph, func(taken rgbImage, r *Reading, opt Options) {
		glyphRecentre(taken, r.Tiles, opt)
		r.Tiles = glyphDoubles(r.Tiles)
	}},
	{stepFaintUnsure, func(taken rgbImage, r *Reading, _ Options) { faintUnsure(taken, r.Tiles) }},
	{stepCutFaces, func(taken rgbImage, r *Reading, opt Options) { r.Tiles = cutFaces(taken, r.Tiles, opt) }},
}

// finalSteps runs finalStage on a Lexicon table's final reading r, the
// steps opt switches off left out. Only on the photo's own scan: within
// the straightened or the rim's scan a quad dropped moves the letters
// the photo's tiles take from that look (tiltLetters), and a tile made
// unsure changes whether that look stands, and with it which tiles are
// found (looseseam: on the first held-out round a crop lost a tile so).
func finalSteps(taken rgbImage, r *Reading, opt Options) {
	for _, s := range finalStage {
		if opt.runs(s.step) {
			s.run(taken, r, opt)
		}
	}
}

// scanTrace is what a diagnostic test is shown of a scan as it runs
// (Options.trace; nil shows nothing). Each hook, where set, is given:
type scanTrace struct {
	// verify: each tile the verifier judges (its centre in the
	// photo's pixels within a straightened or a rimmed look: the look
	// carries it back), the probabilities that it is a tile and that
	// it is read right, whether it is kept, and whether it was judged
	// within the rim's look (rimScan).
	verify func(t Tile, pTile, pRight float64, kept, rim bool)
	// tilt: each straightened look's photo, its two readings in the
	// photo's pixels and whether the straightened one stands
	// (tiltLook).
	tilt func(img image.Image, first, straight []Tile, stands bool)
	// rim: each rim look's photo and the rimmed reading's tiles in the
	// photo's pixels, before the cut ones are made unsure (rimLook).
	rim func(img image.Image, tiles []Tile)
}

// verifyCarried is opt with its verify hook (where one is set) given
// each tile moved by move, and as judged within the rim's look where
// inRim: a look of a picture made from the photo (straightened, or set
// in a rim) brings the tile's centre back to the photo's pixels so.
func (opt Options) verifyCarried(move func(Tile) Tile, inRim bool) Options {
	if opt.trace == nil || opt.trace.verify == nil {
		return opt
	}
	outer, tr := opt.trace.verify, *opt.trace
	tr.verify = func(t Tile, pTile, pRight float64, kept, rim bool) {
		outer(move(t), pTile, pRight, kept, rim || inRim)
	}
	opt.trace = &tr
	return opt
}
