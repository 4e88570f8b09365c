package pyramids

import (
	"fmt"
	"image"
	"math"
	"sort"
	"time"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/scoring/tileset"
	"github.com/tilescope/tilescope/vision"

	"github.com/tilescope/tilescope/internal/parallel"
)

// TileReader reads one letter crop. ocr.Reader satisfies it.
type TileReader interface {
	Read(tile image.Image) (ocr.Reading, error)
}

// Geometry is the physical board and pyramids, in millimetres.
type Geometry struct {
	SquareMM float64 // grid pitch
	BaseMM   float64 // side of a pyramid's base
	TallMM   float64 // a pyramid's height, base to tip
	NestMM   float64 // how much higher each pyramid of a stack stands
	MaxStack int     // the highest stack considered
}

// DefaultGeometry is the board and pyramids vision/render draws (and the
// sizes of the published game as far as they are known).
var DefaultGeometry = Geometry{SquareMM: 22, BaseMM: 19, TallMM: 15, NestMM: 4, MaxStack: 6}

// Options tune a scan. The zero value reads with the default seats and
// geometry and no letter reader (letters are then "?").
type Options struct {
	Reader TileReader
	// Seats is the colour at each side (north, east, south, west); the
	// zero value means the default red, blue, green, yellow. The scan
	// turns the board so that the player spaces match them.
	Seats    [4]pyramids.Colour
	Calib    *vision.Calibration
	Geometry Geometry
	// StackSize is the height of a full player stack (5 as the seed sets
	// up, 4 in the published game); 0 means 5.
	StackSize int
	// CropSize is the side in pixels of each face crop handed to the
	// reader; 0 means 48.
	CropSize int
	// Heights, when set, is the stack count the game expects on each
	// square of the board (its history: the board as it stands); the
	// letters are read at it first. 0, or a count the game does not
	// know, falls back to the set-up's likeliest (see height).
	Heights func(p grid.Pos) int
	// Exact, when set with Heights, reports the squares whose count
	// Heights gives is known, not a guess (the game's history: a stack
	// whose next layer shows for the first time): the top's letter is
	// read at that count alone, not looked for at the heights around it
	// (readSquare). The search picks the height whose best face reads a
	// letter most surely; on a layer never seen before that was often
	// another height's crops (a blue T read I at 5 where the stack is 4,
	// docs/pyramids-vision.md, pyrgame2).
	Exact func(p grid.Pos) bool
	// FaceModel reads every face with ocr's model trained on pyramid
	// faces (en-pyr) as well, with its own sure bars: letters right 97.2%
	// -> 99.7% on normal scenes, 51.7% -> 68.6% on hard ones
	// (docs/pyramids-vision.md). The zero value here is off; the game
	// (internal/games/pyramids) and the commands (scan, eval-pyramids,
	// eval-game: --face-model=false turns it off) read with it.
	FaceModel bool
	// PlayerSet and HouseSet are the sets the letters come from (a
	// player colour's pyramids and the black house pyramids,
	// scoring/pyramids.Setup's); a set with no tiles means the default
	// (tileset.PyramidsPlayer, tileset.PyramidsHouse). No colour shows a
	// letter on more pyramids than its set has (assignLetters).
	PlayerSet, HouseSet tileset.Set
}

// Square is what the scan saw on one square.
type Square struct {
	Pos    grid.Pos
	Colour pyramids.Colour // NoColour when no pyramid stands here
	// ColourConf is the share of the pyramid's sampled pixels that had
	// the chosen colour (0..1).
	ColourConf float64
	Letter     string  // the top pyramid's letter; "?" when unread
	Conf       float64 // the reader's confidence in the letter
	Height     int     // the stack count; 0 when empty
	Apex       vision.Point
	// Sure: the colour (or emptiness) and the letter are both sure: the
	// colour's samples agree, and the faces read agree on the letter
	// with a clear margin over any other (see sureSquare). The stack
	// count is not part of it: it comes from the game, but a square
	// whose photo shows another count (SeenHeight) is not sure.
	Sure bool
	// ColourSure: the colour (or the square's emptiness) is sure,
	// whatever the letter: Sure's bars on the colour's evidence alone.
	// The game settles the letter of a pyramid it knows by other
	// evidence (a house pyramid never moves: one read in its place is
	// the one there).
	ColourSure bool
	// SeenHeight is the count the photo shows when it is clearly not
	// Height: a taller stack lifts its top pyramid, and in a tilted view
	// its outline reaches further from the camera. 0 when the photo
	// agrees or cannot tell (straight below the camera, a black pyramid).
	SeenHeight int
	look       cellLook   // the colour evidence
	read       letterRead // the letter evidence
	// lean is how far a taller stack of the same colour next to the
	// square leans over it in the picture, overhung whether that is
	// overhangLean or more: the colour and the faces read here may be
	// its own (overhangs)
	lean     float64
	overhung bool
	// overhungTop: so leaned over by a taller stack of its colour once
	// the letters are read and the stacks' tops' colours taken
	// (overhangsTop): the colour is not sure
	overhungTop bool
	// leant is how far the furthest taller stack of any colour beside
	// the square leans over it (behindLean or more); floorLight is the
	// share of the square's floor samples left in view by those stacks
	// that show the board, floorSeen their number (floorHidden), and
	// cleared tells that the square, taken for a pyramid, was read empty
	// on them (clearBehind)
	leant      float64
	floorLight float64
	floorSeen  int
	cleared    bool
	// reach is the scene's stacks' reach as measured (stackReach), on
	// the squares judged by it (reachUse or more); floorMeasLight,
	// floorMeasSeen, asideMeas and asideMeasSeen are the floor's and
	// the aside look's figures outside the stacks' outlines so measured
	// (behindMeasured)
	reach          float64
	floorMeasLight float64
	floorMeasSeen  int
	asideMeas      cellLook
	asideMeasSeen  int
	// aside is the colour evidence over the samples of look outside
	// those stacks' outlines, asideSeen their number (clearBehind)
	aside     cellLook
	asideSeen int
	// lowLook: the square, read empty, was read in a colour with the
	// pyramids modelled lower (lowHouse) or on its faint samples
	// (fainter): not sure
	lowLook bool
	// asideDoubt: the colour was taken from aside, or too few of its
	// samples were outside the stacks' outlines: not sure
	asideDoubt bool
	// topTaken: the colour is the top's, read over the faces of the top
	// pyramid of the stack on a player's space, not the seat's that the
	// one-high look read there (takeTop)
	topTaken bool
	// flatShade: read black, but no darker than the board around it
	// and its faces showing no light and shade (flatShades): not sure
	flatShade bool
	// top is the colour evidence over the faces of the top pyramid at
	// the count its letter was read at (read.k; look is at one high),
	// topHeld at the count the game holds (Height) where that is not
	// read.k, on a player's space read in the seat's colour (takeTop)
	top, topHeld cellLook
	// near is the board's light around a square read empty: the
	// brightest median value of the squares read clearly empty in the
	// nearest ring of neighbours that has any (nearLight); 0 when none
	near float64
	// skin is the share of the first look's samples (over a one-high
	// pyramid's faces) in skin's colours (cellLook.skin), handNear the
	// most of it on the square and the eight beside it (handNear)
	skin, handNear float64
}

// Reading is one photo of a Crossword Pyramids board, read.
type Reading struct {
	Board   *pyramids.Board
	Squares []Square    // row by row
	Corners vision.Quad // the playing grid's outer corners, in board order
	Pose    vision.Pose
	// Geometry is the board and pyramids the reading assumed: the
	// proportions learnt from the photo unless Options.Geometry gave them.
	Geometry Geometry
	// Unplaced: the board's outline was found where the printed grid
	// lines are not, and could not be moved to where they are (a hand
	// over a corner, the lines hidden): the squares may be read one
	// place off, so none of them is sure.
	Unplaced bool
	// SideHidden: the board was found from three of its sides, the
	// fourth hidden (a hand or its shadow across it: threeSideFrame);
	// what hides it may lie over squares that then read empty or in the
	// hand's colour, so none of them is sure.
	SideHidden bool
	Elapsed    time.Duration
}

// Square returns the reading of one square.
func (r *Reading) Square(p grid.Pos) Square { return r.Squares[p.Row*pyramids.Size+p.Col] }

// Thresholds of the picture checks.
const (
	darkLuma      = 28  // median grey below this: too dark, unless a board is found whose white is darkWhite or more
	darkWhite     = 60  // the runway's grey (its lighter quarter) under which a dark picture's board is too dark
	blurSharpness = 9.0 // mean of the strongest tenth of neighbour differences below this: too blurred
)

// Scan reads a Crossword Pyramids board from an overhead photo: finds the
// board by its light playing area inside the dark border, turns it so the
// player spaces match the seats, and reads on every square whether a
// pyramid stands there, its colour, its letter (with a reader) and the
// stack count.
func Scan(img image.Image, opt Options) (*Reading, error) {
	start := time.Now()
	l, err := locate(img, opt)
	if err != nil {
		return nil, err
	}
	f, cells, looks, counts, rot, seats := l.f, l.cells, l.looks, l.counts, l.rot, l.seats
	r := &Reading{Board: pyramids.NewBoard(), Corners: f.corners, Pose: f.pose, Geometry: f.geo, Unplaced: l.unplaced, SideHidden: l.hidden}
	r.Squares = make([]Square, pyramids.Size*pyramids.Size)
	var toRead []int
	for row := 0; row < pyramids.Size; row++ {
		for col := 0; col < pyramids.Size; col++ {
			pr, pc := unrotate(row, col, rot)
			cl := cells[pr*pyramids.Size+pc]
			sq := Square{Pos: grid.Pos{Row: row, Col: col}, Colour: cl.colour, ColourConf: cl.conf, look: cl, skin: cl.skin}
			if cl.colour != pyramids.NoColour {
				sq.Height = counts(sq.Pos)
				sq.Apex = f.apex(row, col, sq.Height)
			}
			r.Squares[row*pyramids.Size+col] = sq
		}
	}
	lowHouse(f, r.Squares, l.lookCount)
	fainter(f, r.Squares, l.lookCount)
	washedFloor(f, r.Squares)
	dimHouse(f, r.Squares, l.lookCount)
	clearBehind(f, r.Squares, l.lookCount)
	for i := range r.Squares {
		sq := &r.Squares[i]
		if sq.Colour == pyramids.NoColour {
			continue
		}
		// its colour kept, a pyramid of another player's colour on a
		// player's space stands on that player's stack (height)
		if k := l.countOf(sq.Pos, sq.Colour); k != sq.Height {
			sq.Height, sq.Apex = k, f.apex(sq.Pos.Row, sq.Pos.Col, k)
		}
		sq.Letter = "?"
		toRead = append(toRead, i)
	}
	checkCounts(f, r.Squares, looks[:], counts, seats)
	overhangs(f, r.Squares)
	f.stacks = make([]int, len(r.Squares))
	for i, sq := range r.Squares {
		f.stacks[i] = sq.Height
	}
	if opt.Reader != nil {
		var exact func(Square) bool
		if opt.Heights != nil && opt.Exact != nil {
			exact = func(sq Square) bool { return opt.Exact(sq.Pos) && sq.Height == opt.Heights(sq.Pos) }
		}
		f.readLetters(r.Squares, toRead, opt.Reader, opt.CropSize, opt.FaceModel, seats, l.countOf, exact)
	}
	nearLight(r.Squares)
	handNear(r.Squares)
	overhangsTop(f, r.Squares)
	flatShades(f, r.Squares)
	for i := range r.Squares {
		sq := &r.Squares[i]
		sq.Sure = sureSquare(*sq) && sq.SeenHeight == 0 && !r.Unplaced && !r.SideHidden
		sq.ColourSure = sureColourOf(*sq) && sq.SeenHeight == 0 && !r.Unplaced && !r.SideHidden
	}
	if opt.Reader != nil {
		player, house := opt.PlayerSet, opt.HouseSet
		if len(player.Tiles) == 0 {
			player = tileset.PyramidsPlayer
		}
		if len(house.Tiles) == 0 {
			house = tileset.PyramidsHouse
		}
		assignLetters(r.Squares, player, house)
	}
	for i := range r.Squares {
		sq := &r.Squares[i]
		if sq.Colour != pyramids.NoColour && sq.Letter != "?" && sq.Letter != "" {
			r.Board.Set(sq.Pos, pyramids.Stack{Layers: []pyramids.Pyramid{{Colour: sq.Colour, Letter: sq.Letter}}, Height: sq.Height})
		}
	}
	r.Elapsed = time.Since(start)
	return r, nil
}

// located is a photo's board found and turned to the seats: the frame
// (pose, white balance), the colour evidence of every square in the
// picture's own order and the quarter turn to the board's.
type located struct {
	f            *frame
	cells, looks [pyramids.Size * pyramids.Size]cellLook // the picture's order, the board's
	counts       func(grid.Pos) int                      // the stack counts the game holds (or the set-up's likeliest, as lookCount judges them)
	countOf      func(grid.Pos, pyramids.Colour) int     // counts for a top pyramid of the colour given
	lookCount    func(grid.Pos, pyramids.Colour) int     // countOf as the colour's checks judge a square (counts is lookCount's)
	rot          int
	seats        [4]pyramids.Colour
	unplaced     bool // the frame is not where the printed lines are (checkPlacement)
	hidden       bool // found from three sides, the fourth hidden (threeSideFrame)
}

// latticeChecked checks the outline chosen against the runway's printed
// lines (latticeAgrees). An outline one ring of squares off (on the
// border's edge, a hand's edge, a corner completed the wrong way) has
// the printed lines half a square or more from where it puts them,
// drifting along a side, which the placement check's straight drift
// does not always see. Such an outline is replaced by the board's
// straight edges' frame (edges, whose lines agree), or, when there is
// none, kept with doubt set: it is read with no square sure. An outline
// that runs off the picture is left as it is (refused as out of view).
func latticeChecked(best *frame, p picture, edges func() *frame) (f *frame, doubt bool) {
	if best == nil || !inPicture(best.corners, p) || best.latticeAgrees() {
		return best, false
	}
	if e := edges(); e != nil {
		return e, false
	}
	return best, true
}

// runsOff tells whether the board runs off the picture where no board was
// found in it (best nil) or only from three sides (best.threeSided): a
// board by its straight edges with a corner beyond the picture's edge
// (offFrame over ls, the picture's straight edges at scale), its
// runway lit (the picture's median luma med at darkLuma or more, or the
// runway's white at darkWhite: "too dark" is not said of a board
// found), and, beside a three sides' frame, at least
// offCover times as large and over its centre (three sides of a board
// cut by the picture's edge can close on a part of it: its printed
// lines agree there too, a square's pitch on).
func runsOff(p picture, ls []edgeLine, scale float64, best *frame, med int, geo Geometry, cal *vision.Calibration) bool {
	o := offFrame(p, ls, scale, geo, cal)
	if o == nil || (med < darkLuma && o.whiteLuma() < darkWhite) {
		return false
	}
	if best == nil {
		return true
	}
	return quadArea(o.corners) >= offCover*quadArea(best.corners) && inHull(o.corners[:], best.corners.Centre())
}

// errRunsOff is what a scan says of a board that runs off the edge of
// the picture: the players are told to move the camera.
var errRunsOff = fmt.Errorf("pyramids: %w: the board runs off the edge of the picture; aim the camera at its centre", vision.ErrOutOfView)

// offCover is how many times as large as a three sides' frame a board
// running off the picture must be to be taken over it (runsOff).
const offCover = 1.5

// inPicture: every corner of q is inside the picture.
func inPicture(q vision.Quad, p picture) bool {
	for _, c := range q {
		if c.X < 0 || c.Y < 0 || c.X > float64(p.W) || c.Y > float64(p.H) {
			return false
		}
	}
	return true
}

// locate finds the board in a photo, reads the colours on its squares,
// turns it so the player spaces match the seats and learns the pyramids'
// proportions (unless Options.Geometry gives them): every scan's first
// half (Scan, FaceCrops).
func locate(img image.Image, opt Options) (*located, error) {
	if img == nil || img.Bounds().Dx() < 64 || img.Bounds().Dy() < 64 {
		return nil, fmt.Errorf("pyramids: %w: the picture is empty or tiny", vision.ErrNoBoard)
	}
	geo := opt.Geometry
	if geo.SquareMM == 0 {
		geo = DefaultGeometry
	}
	seats := opt.Seats
	if seats == ([4]pyramids.Colour{}) {
		seats = pyramids.DefaultSetup().Seats
	}
	stack := opt.StackSize
	if stack <= 0 {
		stack = 5
	}
	p := toPicture(img)
	// A dark picture may still hold a lit board (a dark table, a lamp
	// on the board): it is too dark only when no board is found in it or
	// the board's own white is dark.
	med := medianLuma(p)
	var best *frame
	cut := false
	outs := findOutlines(p)
	frames := make([]*frame, len(outs))
	// each outline refined once: completeCorner starts from these too
	refined := make([]vision.Quad, len(outs))
	parallel.For(len(outs), func(i int) {
		refined[i] = refineOutline(p, outs[i].q)
		if f, ok := newFrame(p, refined[i], geo, opt.Calib); ok {
			frames[i] = f
		}
	})
	for i, o := range outs {
		f := frames[i]
		if f == nil {
			// a light area cut by the picture's edge that is not the
			// whole picture (a light table)
			cut = cut || (o.clipped && o.area < 0.6*float64(p.W*p.H))
			continue
		}
		if best == nil || f.rank() > best.rank() {
			best = f
		}
	}
	if best == nil {
		// also when a light area runs off the picture: a light table
		// cut by the edge beside a board whose corner is under a hand
		best = completeCorner(p, outs, refined, geo, opt.Calib)
	}
	// The picture's straight edges (straightEdges) and the board by them
	// (edgeFrame), each found once at most: their search costs a few
	// tenths of a second.
	var (
		ls         []edgeLine
		lscale     float64
		linesFound bool
	)
	lines := func() ([]edgeLine, float64) {
		if !linesFound {
			ls, lscale = straightEdges(p)
			linesFound = true
		}
		return ls, lscale
	}
	var edge *frame
	edgeTried := false
	edges := func() *frame {
		if !edgeTried {
			ls, scale := lines()
			edge, edgeTried = edgeFrame(p, ls, scale, geo, opt.Calib), true
		}
		return edge
	}
	best, doubt := latticeChecked(best, p, edges)
	if best == nil {
		// the board by its straight edges: a hand that joins the
		// playing area to the table, a shadow or a runway row that cuts
		// it (edgeFrame)
		best = edges()
	}
	if best == nil || best.threeSided {
		ls, scale := lines()
		if runsOff(p, ls, scale, best, med, geo, opt.Calib) {
			return nil, errRunsOff
		}
	}
	if med < darkLuma && (best == nil || best.whiteLuma() < darkWhite) {
		return nil, fmt.Errorf("pyramids: %w: median brightness %d of 255; add light", vision.ErrTooDark, med)
	}
	if best == nil {
		// the last try, where no board would be found (or only a light
		// area cut by the picture's edge): three of its straight edges,
		// a hand over most of the fourth side (hiddenSideFrame)
		ls, scale := lines()
		best = hiddenSideFrame(p, ls, scale, geo, opt.Calib)
	}
	if (best != nil && !inPicture(best.corners, p)) || (best == nil && cut) {
		return nil, errRunsOff
	}
	if best == nil {
		if s := sharpness(p, nil); s < blurSharpness {
			return nil, fmt.Errorf("pyramids: %w: edge strength %.1f (need %.1f); hold the camera still and focus", vision.ErrTooBlurred, s, blurSharpness)
		}
		return nil, fmt.Errorf("pyramids: %w: no light 10x10 playing area inside a dark border", vision.ErrNoBoard)
	}
	if s := sharpness(p, &best.corners); s < blurSharpness {
		return nil, fmt.Errorf("pyramids: %w: edge strength %.1f on the board (need %.1f); hold the camera still and focus", vision.ErrTooBlurred, s, blurSharpness)
	}
	// The outline chosen is checked against the printed grid lines: a
	// frame off from them is moved to where they are, or, if it cannot
	// be, read with none of its squares sure (checkPlacement).
	from := best
	f, unplaced := checkPlacement(best, opt.Calib)
	if unplaced && best != edge {
		// the outline is not where its printed lines are and could not
		// be moved to them: the board's straight edges may give one
		// that is (edgeFrame), checked the same way
		if e := edges(); e != nil {
			if g, un := checkPlacement(e, opt.Calib); !un {
				f, unplaced, from = g, false, e
			}
		}
	}
	unplaced = unplaced || doubt
	hidden := from.threeSided
	// The lens bows the board's edges: fitted on them, the squares of
	// the outer rings are cut where they show (lens.go).
	f.fitLens(opt.Calib)
	// Read every square in the picture's own order first, then choose
	// which corner is the board's north-west by the seats.
	// The squares are looked at independently (the frame is only
	// read): on every processor.
	var cells [pyramids.Size * pyramids.Size]cellLook
	parallel.For(len(cells), func(i int) { cells[i] = f.look(i/pyramids.Size, i%pyramids.Size) })
	rot := orient(cells, seats)
	f.rotate(rot)
	// the looks in board order, and the counts the game holds
	var looks [pyramids.Size * pyramids.Size]cellLook
	for i := range looks {
		pr, pc := unrotate(i/pyramids.Size, i%pyramids.Size, rot)
		looks[i] = cells[pr*pyramids.Size+pc]
	}
	held := func(p grid.Pos) int {
		if opt.Heights != nil {
			if k := opt.Heights(p); k > 0 && k <= geo.MaxStack {
				return k
			}
		}
		return 0
	}
	countOf := func(p grid.Pos, col pyramids.Colour) int {
		if k := held(p); k > 0 {
			return k
		}
		h := height(p, col, seats, stack)
		if geo.MaxStack > 0 {
			h = min(h, geo.MaxStack)
		}
		return h
	}
	// The colour's own checks (the low and faint looks, the squares
	// behind leaning stacks: clearBehind) judge a pyramid of another
	// player's colour on a player's space as the one-high look samples
	// it, a pyramid alone, unless the game holds its count: its colour
	// may be a taller neighbour's spilling over the foot of the seat's
	// stack. Once its colour is kept it is counted on that stack
	// (countOf; Scan). On the tuning set 114055 the count on the stack
	// from the start left a red stack read green, a green pyramid six
	// high beside it (0012 (1,3)).
	lookCount := func(p grid.Pos, col pyramids.Colour) int {
		if side, ok := pyramids.SpaceSide(p); ok && held(p) == 0 && col.IsPlayer() && seats[side] != col {
			return 1
		}
		return countOf(p, col)
	}
	counts := func(p grid.Pos) int { return lookCount(p, looks[p.Row*pyramids.Size+p.Col].colour) }
	if opt.Geometry.SquareMM == 0 {
		// learn the pyramids' proportions, then look again with them
		f.geo, _ = f.fitGeometry(looks[:], counts, seats)
		f.geo.MaxStack = geo.MaxStack
		parallel.For(len(looks), func(i int) { looks[i] = f.look(i/pyramids.Size, i%pyramids.Size) })
		for i := range looks {
			pr, pc := unrotate(i/pyramids.Size, i%pyramids.Size, rot)
			cells[pr*pyramids.Size+pc] = looks[i]
		}
	}
	return &located{f: f, cells: cells, looks: looks, counts: counts, countOf: countOf, lookCount: lookCount, rot: rot, seats: seats, unplaced: unplaced, hidden: hidden}, nil
}

// readLetters reads the letters of the squares listed, and the colour
// of the top of a pyramid whose letter was read above one high or that
// stands on a player's stack (the looks over its faces, takeTop). A
// top so taken is counted as the game counts a pyramid of its colour
// there (countOf: on the stack, one over it on a single photo), and
// where that count is another, its letter is read again from it: the
// letter first read was the stack's count's, whose faces are the
// layer under the top. ocr's classifier is safe for
// concurrent use, so with it the squares are shared among as many
// goroutines as there are processors (two on the Pi 4's budget here),
// each writing its own square; any other reader reads them one after
// another.
func (f *frame) readLetters(sqs []Square, idx []int, rd TileReader, size int, model bool, seats [4]pyramids.Colour, countOf func(grid.Pos, pyramids.Colour) int, exact func(Square) bool) {
	read := func(i int) {
		sq := &sqs[i]
		r, c := sq.Pos.Row, sq.Pos.Col
		sq.read = f.readSquare(f.faceReads(r, c, rd, size, model), sq.Height, exact != nil && exact(*sq))
		sq.Letter, sq.Conf = sq.read.letter, sq.read.conf
		if sq.Colour == pyramids.NoColour {
			return
		}
		if sq.read.k > 1 {
			sq.top = f.lookAt(r, c, sq.read.k)
		}
		if side, ok := pyramids.SpaceSide(sq.Pos); ok && seats[side] == sq.Colour && sq.Height > 1 && sq.Height != sq.read.k {
			sq.topHeld = f.lookAt(r, c, sq.Height)
		}
		if !takeTop(sq, seats) {
			return
		}
		if k := countOf(sq.Pos, sq.Colour); k != sq.Height {
			sq.Height, sq.Apex = k, f.apex(r, c, k)
			sq.read = f.readSquare(f.faceReads(r, c, rd, size, model), k, exact != nil && exact(*sq))
			sq.Letter, sq.Conf = sq.read.letter, sq.read.conf
		}
	}
	if _, ok := rd.(*ocr.Classifier); !ok {
		for _, i := range idx {
			read(i)
		}
		return
	}
	parallel.For(len(idx), func(k int) { read(idx[k]) })
}

// readSquare reads the letter of the top pyramid of one square (fr's)
// whose stack the game holds at k: at k first; a reading not settled
// is read at the heights around k too (unless the count is exact:
// Options.Exact), and one still neither settled nor clear (clearEnough)
// gets a second look with moved crops.
func (f *frame) readSquare(fr *faceReads, k int, exact bool) letterRead {
	lr := fr.readLetter(k)
	if settled(lr) {
		return lr
	}
	if exact {
		if clearEnough(lr) {
			return lr
		}
		fr.shifted = true
		return fr.readLetter(k)
	}
	// The stack's count is the game's guess: a stack of another height
	// shows its faces higher or lower. The face the camera sees best is
	// read at every height; at the height where it reads a letter most
	// surely, all faces are read, and the likelier reading counts.
	i := f.bestFace(fr.r, fr.c, k)
	bestK, bestP := k, fr.letterProb(k, i)
	for h := max(1, k-heightReach); h <= min(f.geo.MaxStack, k+heightReach); h++ {
		if h == k {
			continue
		}
		if p := fr.letterProb(h, i); p > bestP {
			bestK, bestP = h, p
		}
	}
	if bestK != k {
		if other := fr.readLetter(bestK); other.conf > lr.conf {
			lr = other
		}
	}
	if !settled(lr) && fr.model {
		if o := f.nestSearch(fr, lr); o != fr {
			if other := o.readLetter(lr.k); other.conf > lr.conf {
				// fr reads at o's step from now on (the second look too)
				lr, fr.f, fr.memo, fr.hmemo = other, o.f, o.memo, o.hmemo
			}
		}
	}
	if settled(lr) || clearEnough(lr) {
		// A reading already clear is kept: on the tuning sets the
		// second look changed none of their letters and cost a normal
		// scene half its crops.
		return lr
	}
	// Still neither settled nor clear: each face the camera sees well is
	// read again as the mean of its crop and the crop moved a little
	// each way (cropShifts), at the count chosen.
	fr.shifted = true
	return fr.readLetter(lr.k)
}

// nestScales are the nesting steps, as shares of the learnt one, at
// which nestSearch reads a stack's best face. The step is learnt
// roughly (other makers' sets run 0.15-0.35 of the pyramid's height;
// fitGeometry mostly keeps the default's), and the count search moves
// the top pyramid only by whole steps: at a count of k the top stands
// (k-1) steps up, so a step off by a tenth puts a stack of five's
// letter crop 0.4 of a step off. Chosen on the tuning sets 111200 and
// 111201 (issue 21, pyrletter): letters right 1763 -> 1778 of 1933
// (0.7-1.3: 1773; 0.8-1.2 by 0.1: 1771; 0.88 and 1.12: 1765),
// no sure square wrong (docs/pyramids-vision.md).
var nestScales = [...]float64{0.6, 0.7, 0.8, 0.9, 1.1, 1.2, 1.3, 1.4}

// nestSearch reads the face the camera sees best of a square not
// settled (lr, read through fr at its count lr.k; with the faces' own
// model only: the reader without it settles few squares, and the search
// cost it a third more time a scan) with the nesting step
// scaled by each of nestScales, and returns the faces' reads of the
// frame whose best face reads a letter most surely (fr itself when
// none beats it). A stack of one stands on the board whatever the
// step: it is not searched.
func (f *frame) nestSearch(fr *faceReads, lr letterRead) *faceReads {
	if lr.k <= 1 {
		return fr
	}
	i := f.bestFace(fr.r, fr.c, lr.k)
	best, bestP := fr, fr.letterProb(lr.k, i)
	for _, s := range nestScales {
		g := *f
		g.geo.NestMM *= s
		o := &faceReads{f: &g, r: fr.r, c: fr.c, rd: fr.rd, size: fr.size, heads: fr.heads, model: fr.model,
			memo: map[faceKey]map[string]float64{}, hmemo: map[faceKey][]float64{}, buf: fr.buf}
		if p := o.letterProb(lr.k, i); p > bestP {
			best, bestP = o, p
		}
	}
	return best
}

// completeCorner is the last try when no outline is a board: a hand or
// an object over one corner of the playing area cuts that corner off the
// light region, so its outline's corner lies short of the true one, on
// one of the two sides that meet there (the light area still runs along
// it up to the hand). Each corner of the larger outlines in view is moved
// outwards along each of its sides, up to 0.8 of the side again, and
// every quadrilateral is checked as a board (the runway lighter than the
// border on every side, the printed lines showing); the best is refined.
// refined[i] is outs[i]'s outline refined (refineOutline).
func completeCorner(p picture, outs []outline, refined []vision.Quad, geo Geometry, cal *vision.Calibration) *frame {
	var cands []vision.Quad
	tried := 0
	for oi, o := range outs {
		if o.clipped {
			continue
		}
		if tried++; tried > 6 {
			break
		}
		q := refined[oi]
		for i := 0; i < 4; i++ {
			for _, j := range []int{(i + 1) % 4, (i + 3) % 4} {
				for t := 1.025; t <= 1.8; t += 0.025 {
					c := q
					c[i] = vision.Point{X: q[j].X + t*(q[i].X-q[j].X), Y: q[j].Y + t*(q[i].Y-q[j].Y)}
					cands = append(cands, c)
				}
			}
		}
	}
	best := bestFrame(p, cands, false, geo, cal)
	if best == nil {
		best = completeRefined(p, outs, refined, geo, cal)
	}
	if best == nil {
		return nil
	}
	if f, ok := newFrame(p, refineOutline(p, best.corners), geo, cal); ok {
		return f
	}
	return best
}

// completeRefined is completeCorner's second try: each corner moved
// outwards in coarser steps and the quadrilateral refined onto the
// board's edges before it is checked. A hand over a corner also bends
// the outline's side beside it (its edge is the hand's, not the
// board's), so the corner moved along the other side alone leaves the
// quadrilateral a few pixels off on that side, enough for the runway's
// outer ring to fall on the border there; refined, the side comes onto
// the part of the board's edge the hand leaves in view.
func completeRefined(p picture, outs []outline, refined []vision.Quad, geo Geometry, cal *vision.Calibration) *frame {
	var cands []vision.Quad
	tried := 0
	for oi, o := range outs {
		if o.clipped {
			continue
		}
		if tried++; tried > 3 {
			break
		}
		q := refined[oi]
		for i := 0; i < 4; i++ {
			for _, j := range []int{(i + 1) % 4, (i + 3) % 4} {
				for t := 1.1; t <= 1.8; t += 0.1 {
					c := q
					c[i] = vision.Point{X: q[j].X + t*(q[i].X-q[j].X), Y: q[j].Y + t*(q[i].Y-q[j].Y)}
					cands = append(cands, c)
				}
			}
		}
	}
	return bestFrame(p, cands, true, geo, cal)
}

// bestFrame checks each quadrilateral as a board (newFrame; refined
// onto the board's edges first when refine) and gives the best ranked,
// the first of equals, as a loop over them in order would: the checks
// share the processors (parallel.For), the choice is made after them.
// Nil when none is a board.
func bestFrame(p picture, qs []vision.Quad, refine bool, geo Geometry, cal *vision.Calibration) *frame {
	fs := make([]*frame, len(qs))
	parallel.For(len(qs), func(i int) {
		q := qs[i]
		if refine {
			q = refineOutline(p, q)
		}
		if f, ok := newFrame(p, q, geo, cal); ok {
			fs[i] = f
		}
	})
	var best *frame
	for _, f := range fs {
		if f != nil && (best == nil || f.rank() > best.rank()) {
			best = f
		}
	}
	return best
}

// frame is a found board: the homography from board squares to pixels and
// the camera pose over it.
type frame struct {
	p       picture
	geo     Geometry
	corners vision.Quad // board order once rotated
	h       vision.Homography
	pose    vision.Pose
	white   [3]float64 // the runway's colour: the picture's white balance
	score   float64    // the weakest side's contrast, runway over border
	grid    float64    // the share of the runway's printed lines that show
	k1      float64    // the lens's radial distortion (lens.go); 0: none modelled
	// threeSided: found from three straight sides, the fourth hidden
	// (threeSideFrame)
	threeSided bool
	// stacks are the stack counts of the squares read (board order, 0
	// empty), once the colours are read: faceSeen's neighbours
	stacks []int
}

// whiteLuma is the grey of the runway's white.
func (f *frame) whiteLuma() float64 {
	return 0.299*f.white[0] + 0.587*f.white[1] + 0.114*f.white[2]
}

// rank orders the frames found: the weakest side's contrast, and the
// printed lines (a quadrilateral that lines up with the grid shows more
// of them than one beside it).
func (f *frame) rank() float64 { return f.score + 0.25*f.grid }

func newFrame(p picture, q vision.Quad, geo Geometry, cal *vision.Calibration) (*frame, bool) {
	return newFrameHiding(p, q, geo, cal, false)
}

// Bars of a board one of whose sides is hidden (newFrameHiding with
// hide set): the three sides in view must show the runway this much
// lighter than the border (a share of its white), and this share of its
// printed lines must show.
const (
	hiddenSideScore = 0.3
	hiddenSideGrid  = 0.4
)

// newFrameHiding is newFrame; with hide set, the side whose runway shows
// least against the border is left out of the frame's score (a hand or
// an arm over most of it), and the three others and the printed lines
// must pass the stricter bars hiddenSideScore and hiddenSideGrid.
func newFrameHiding(p picture, q vision.Quad, geo Geometry, cal *vision.Calibration, hide bool) (*frame, bool) {
	f := &frame{p: p, geo: geo, corners: q}
	if !f.fit(cal) {
		return nil, false
	}
	// The runway (ring 0) is blank board: its lighter half is the white.
	// (The samples on the stack: a hard scene checks a thousand
	// quadrilaterals.)
	const runwaySamples = 4 * 5 * pyramids.Size
	var rBuf, gBuf, bBuf [runwaySamples]float64
	rs, gs, bs := rBuf[:0], gBuf[:0], bBuf[:0]
	for i := 0; i < pyramids.Size; i++ {
		for _, rc := range [][2]int{{0, i}, {pyramids.Size - 1, i}, {i, 0}, {i, pyramids.Size - 1}} {
			for _, d := range [][2]float64{{0.3, 0.3}, {0.7, 0.3}, {0.3, 0.7}, {0.7, 0.7}, {0.5, 0.5}} {
				pt := f.toPicture(vision.Point{X: float64(rc[1]) + d[0], Y: float64(rc[0]) + d[1]})
				c, ok := p.at(pt.X, pt.Y)
				if !ok {
					continue
				}
				rs, gs, bs = append(rs, c[0]), append(gs, c[1]), append(bs, c[2])
			}
		}
	}
	if len(rs) < 40 {
		return nil, false
	}
	q75 := func(v []float64) float64 { sort.Float64s(v); return v[len(v)*3/4] }
	f.white = [3]float64{q75(rs), q75(gs), q75(bs)}
	for _, w := range f.white {
		if w < 20 {
			return nil, false
		}
	}
	// The runway must be light, the border outside it darker, on every
	// side.
	wl := 0.299*f.white[0] + 0.587*f.white[1] + 0.114*f.white[2]
	f.score = math.Inf(1)
	var sides [4]float64
	for side := 0; side < 4; side++ {
		c, ok := f.sideContrast(side, wl)
		if !ok {
			return nil, false
		}
		sides[side] = c
		f.score = math.Min(f.score, c)
	}
	if hide {
		sort.Float64s(sides[:])
		f.score = sides[1]
		if f.score < hiddenSideScore {
			return nil, false
		}
	}
	f.grid = f.gridLines(wl)
	if f.score < 0.10 || f.grid < 0.35 || (f.score < 0.12 && f.grid < 0.5) || (hide && f.grid < hiddenSideGrid) {
		return nil, false
	}
	return f, true
}

// sideContrast is how much lighter the runway is than the border outside
// it along one side (0 top, 1 right, 2 bottom, 3 left of the board's
// grid), as a share of the runway's white wl: the median over 20 places
// along the side, each comparing a point 0.15 of a square inside the
// board's edge with one 0.3 outside. Places whose outside point lies off
// the picture are skipped; false when fewer than 5 are left.
func (f *frame) sideContrast(side int, wl float64) (float64, bool) {
	var dBuf [20]float64
	d := dBuf[:0]
	for i := 0; i < 20; i++ {
		t := (float64(i) + 0.5) / 20 * pyramids.Size
		var in, out vision.Point
		switch side {
		case 0:
			in, out = vision.Point{X: t, Y: 0.15}, vision.Point{X: t, Y: -0.3}
		case 1:
			in, out = vision.Point{X: pyramids.Size - 0.15, Y: t}, vision.Point{X: pyramids.Size + 0.3, Y: t}
		case 2:
			in, out = vision.Point{X: t, Y: pyramids.Size - 0.15}, vision.Point{X: t, Y: pyramids.Size + 0.3}
		default:
			in, out = vision.Point{X: 0.15, Y: t}, vision.Point{X: -0.3, Y: t}
		}
		a, b := f.toPicture(in), f.toPicture(out)
		if _, ok := f.p.at(b.X, b.Y); !ok {
			continue
		}
		d = append(d, (f.p.luma(a.X, a.Y)-f.p.luma(b.X, b.Y))/wl)
	}
	if len(d) < 5 {
		return 0, false
	}
	sort.Float64s(d)
	return d[len(d)/2], true
}

// gridLines is the share of the printed lines between neighbouring runway
// squares (and across the runway to the next ring) that show darker than
// the squares beside them: a 10x10 grid, not just a light quadrilateral.
func (f *frame) gridLines(wl float64) float64 {
	lum := func(x, y float64) float64 {
		pt := f.toPicture(vision.Point{X: x, Y: y})
		return f.p.luma(pt.X, pt.Y)
	}
	n, dark := 0, 0
	for i := 1; i < pyramids.Size; i++ {
		t := float64(i)
		for _, l := range [][6]float64{
			// the line between runway squares i-1 and i along each side
			// (point on the line, then the two square centres)
			{t, 0.5, t - 0.45, 0.5, t + 0.45, 0.5},
			{t, pyramids.Size - 0.5, t - 0.45, pyramids.Size - 0.5, t + 0.45, pyramids.Size - 0.5},
			{0.5, t, 0.5, t - 0.45, 0.5, t + 0.45},
			{pyramids.Size - 0.5, t, pyramids.Size - 0.5, t - 0.45, pyramids.Size - 0.5, t + 0.45},
		} {
			line := lum(l[0], l[1])
			a, b := lum(l[2], l[3]), lum(l[4], l[5])
			n++
			if line < math.Min(a, b)-0.04*wl {
				dark++
			}
		}
	}
	return float64(dark) / float64(n)
}

// fit computes the homography and pose from the corners.
func (f *frame) fit(cal *vision.Calibration) bool {
	n := float64(pyramids.Size)
	q := f.corners
	for i := range q {
		q[i] = f.undistort(q[i])
	}
	h, err := vision.QuadHomography(n, n, q)
	if err != nil {
		return false
	}
	f.h = h
	fx := vision.DefaultFocal(f.p.W)
	cx, cy := float64(f.p.W)/2, float64(f.p.H)/2
	if cal != nil && cal.Fx > 0 {
		s := 1.0
		if cal.Width > 0 && cal.Width != f.p.W {
			s = float64(f.p.W) / float64(cal.Width)
		}
		fx = cal.Fx * s
		if cal.Cx > 0 {
			cx, cy = cal.Cx*s, cal.Cy*s
		}
	} else if e, ok := vision.FocalFromHomography(h, cx, cy); ok && e > 0.5*fx && e < 2*fx {
		fx = e
	}
	pose, err := vision.PoseFromHomography(h, fx, fx, cx, cy)
	if err != nil {
		return false
	}
	f.pose = pose
	return squareBoard(h, fx, cx, cy)
}

// squareBoard: the homography's two board axes, through the camera, are
// about as long as each other and about square to each other, as a 10x10
// grid's are; a strip of the board (its runway and the border under
// it, a hand over the rest) is not.
func squareBoard(h vision.Homography, fx, cx, cy float64) bool {
	col := func(j int) vision.Vec3 {
		x, y, w := h[j], h[3+j], h[6+j]
		return vision.Vec3{(x - cx*w) / fx, (y - cy*w) / fx, w}
	}
	a, b := col(0), col(1)
	na, nb := a.Norm(), b.Norm()
	if na == 0 || nb == 0 {
		return false
	}
	return max(na, nb)/min(na, nb) <= squareRatio && math.Abs(a.Dot(b))/(na*nb) <= squareCos
}

// Limits of squareBoard.
const (
	squareRatio = 1.6
	squareCos   = 0.35
)

// rotate turns the frame by rot quarter turns: the board's north-west
// corner is the picture-order corner rot.
func (f *frame) rotate(rot int) {
	var q vision.Quad
	for i := 0; i < 4; i++ {
		q[i] = f.corners[(i+rot)%4]
	}
	f.corners = q
	f.fit(nil) // same corners as before, only relabelled: cannot fail
}

// unrotate maps a square of the board turned by rot quarter turns back to
// the picture-order frame it was read in.
func unrotate(r, c, rot int) (int, int) {
	n := pyramids.Size - 1
	for i := 0; i < rot; i++ {
		// one quarter turn: picture-order corner 1 becomes north-west
		r, c = c, n-r
	}
	return r, c
}

// orient chooses the quarter turn whose player spaces best show the
// seats' colours (the tint of an empty space or the pyramids on it), on
// the three sides that show them best.
func orient(cells [pyramids.Size * pyramids.Size]cellLook, seats [4]pyramids.Colour) int {
	best, bestScore := 0, -1.0
	for rot := 0; rot < 4; rot++ {
		// the sides' evidence without the weakest side's: a hand over
		// one side hides its spaces and tints them like a seat's colour
		score, weakest := 0.0, math.Inf(1)
		for _, side := range pyramids.Sides {
			s := 0.0
			for _, sq := range pyramids.SpaceSquares(side) {
				pr, pc := unrotate(sq.Row, sq.Col, rot)
				s += cells[pr*pyramids.Size+pc].hues[seats[side]]
			}
			score += s
			weakest = math.Min(weakest, s)
		}
		score -= weakest
		if score > bestScore {
			best, bestScore = rot, score
		}
	}
	return best
}

// medianLuma is the median grey of a sparse sample of the picture.
func medianLuma(p picture) int {
	var h [256]int
	n := 0
	for y := 0; y < p.H; y += 7 {
		for x := 0; x < p.W; x += 7 {
			o := y*p.Stride + 4*x
			l := (299*int(p.Pix[o]) + 587*int(p.Pix[o+1]) + 114*int(p.Pix[o+2])) / 1000
			h[l]++
			n++
		}
	}
	c := 0
	for i, v := range h {
		c += v
		if 2*c >= n {
			return i
		}
	}
	return 255
}

// sharpness is the mean of the strongest tenth of luma differences
// between neighbours on a sparse grid, over the picture or, given q, the
// quadrilateral's bounding box: a blurred picture has no strong edges.
func sharpness(p picture, q *vision.Quad) float64 {
	x0, y0, x1, y1 := 1, 1, p.W-2, p.H-2
	if q != nil {
		minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, c := range q {
			minX, minY = math.Min(minX, c.X), math.Min(minY, c.Y)
			maxX, maxY = math.Max(maxX, c.X), math.Max(maxY, c.Y)
		}
		x0, y0 = max(x0, int(minX)), max(y0, int(minY))
		x1, y1 = min(x1, int(maxX)), min(y1, int(maxY))
	}
	// a histogram (quarter levels) with each bin's sum: the strongest
	// tenth without sorting
	const bins = 4 * 512
	var cnt [bins]int32
	var sum [bins]float64
	n := 0
	for y := y0; y < y1; y += 3 {
		for x := x0; x < x1; x += 3 {
			o := y*p.Stride + 4*x
			l := lumaAt(p.Pix, o)
			gx := lumaAt(p.Pix, o+4) - l
			gy := lumaAt(p.Pix, o+p.Stride) - l
			v := math.Abs(gx) + math.Abs(gy)
			b := min(int(4*v), bins-1)
			cnt[b]++
			sum[b] += v
			n++
		}
	}
	if n == 0 {
		return 0
	}
	top := n - n*9/10
	left, s := top, 0.0
	for b := bins - 1; b >= 0 && left > 0; b-- {
		c := int(cnt[b])
		if c == 0 {
			continue
		}
		if c <= left {
			s += sum[b]
			left -= c
			continue
		}
		s += sum[b] * float64(left) / float64(c)
		left = 0
	}
	return s / float64(top)
}

func lumaAt(pix []uint8, o int) float64 {
	return 0.299*float64(pix[o]) + 0.587*float64(pix[o+1]) + 0.114*float64(pix[o+2])
}

// heightReach is how far from the game's stack count the letter is
// looked for: 3 reads as many letters as every height (1..6) on the
// tuning sets at 169 ms of processor time a scan instead of 185; 2 (147
// ms) read one black house letter of internal/games/pyramids' demo wrong.
const heightReach = 3
