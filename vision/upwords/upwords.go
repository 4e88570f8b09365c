package upwords

import (
	"fmt"
	"image"
	"math"
	"sort"
	"time"

	"github.com/tilescope/tilescope/vision"

	"github.com/tilescope/tilescope/internal/parallel"
	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
)

// TileReader reads one tile crop. ocr.Reader satisfies it. The scan
// reads several crops at once (one goroutine a processor): a reader must
// be safe for concurrent use, as ocr's classifiers and its Tesseract
// reader are.
type TileReader interface {
	Read(tile image.Image) (ocr.Reading, error)
}

// Geometry is the physical board and tiles, in millimetres.
//
// The scan works in squares of the board: what matters is the ratio of
// each length to SquareMM (one photo cannot tell a big board far away from
// a small one near), so a geometry learned from photos keeps the pitch it
// was given and measures the rest against it. Editions and makers differ:
// `tilescope calibrate` measures a board's geometry from one photo
// (GeometryFile), and the table service refines the tiles' thickness
// through a game (LearnGeometry).
type Geometry struct {
	SquareMM float64 `json:"square_mm"` // grid pitch
	TileMM   float64 `json:"tile_mm"`   // side of a tile's top face
	LevelMM  float64 `json:"level_mm"`  // thickness of one tile
	// WallMM is how far the grid's raised walls stand above the floor of
	// the squares: the grid the scan fits is the walls' tops, so a stack's
	// top face is h*LevelMM - WallMM above it.
	WallMM   float64 `json:"wall_mm"`
	MaxStack int     `json:"max_stack"` // highest stack the scan considers
	// Source says where the geometry came from (a photo's name, "game").
	Source string `json:"source,omitempty"`
}

// UpwordsGeometry is the current 10x10 Upwords board and its tiles.
var UpwordsGeometry = Geometry{SquareMM: 21, TileMM: 18.8, LevelMM: 3.8, WallMM: 0.5, MaxStack: 5}

// Options tune a scan. The zero value reads a 10x10 board with the default
// camera and no tile reader (letters are then left empty: see Reader).
type Options struct {
	Size     int        // squares per side; 0 means 10
	Reader   TileReader // reads each stack's top face; nil: heights only
	Calib    *vision.Calibration
	Geometry Geometry // zero: UpwordsGeometry
	// CropSize is the side in pixels of the top-face crop handed to the
	// reader; 0 means 64.
	CropSize int
	// RefinePose refines the camera pose against the whole found grid
	// (vision.RefinePoseOnGrid, the focal with it unless a calibration
	// gave it) instead of keeping PoseFromHomography's rigid camera. Off
	// by default: on other makers' boards it read the heights better
	// held out but measured the tiles' size worse (docs/vision.md, "The
	// pose refined against the whole grid"), and through a game it read
	// fewer turns right with no tap held out (docs/vision.md, "Upwords
	// through a game on other makers' boards").
	RefinePose bool
	// CameraOrientation keeps row 0 at the top of the picture even when
	// the letters say the board is read from another side.
	CameraOrientation bool
	// Hint is where the grid was in an earlier photo from the same camera
	// (an earlier reading's Grid), or nil. It is tried first, and a grid
	// found there is accepted on weaker evidence (a blurred or dim frame,
	// a hand over part of the board). A moved board is still found anew.
	Hint *vision.Quad
	// On, when not nil, is the grid to read the board on (an earlier
	// reading's Found from the same fixed camera, or one moved by a
	// square: vision.Grid.Shift), instead of looking for the board: a
	// frame whose grid was found a row off is read again where the board
	// stood.
	On *vision.Grid
	// Measure, when not nil, gives the height the game's history knows
	// for the stack read on square p (as the board is read), or 0: each
	// such stack is measured (UpwordsReading.Measures) for LearnGeometry.
	Measure func(p grid.Pos, read grid.Stack) int
	// MeasureMost, when not 0, is how many of the stacks Measure gives a
	// height are measured at most (about 1 ms each), the tallest first:
	// a tall stack tells the tile's thickness apart from the walls, a
	// stack one high only their difference.
	MeasureMost int
	// Stood, when not nil, gives what stood on square p (as the board is
	// read) before this photo, empty for none: a stack read with another
	// letter whose old letter still reads at the old height is read as
	// it stood (keepStood).
	Stood func(p grid.Pos) grid.Stack
	// Last, with Stood, is the photo before this one from the same fixed
	// camera: a stack read as it stood (or read empty) whose face there
	// looks otherwise than in Last may have a tile on it that the scan
	// missed (raisedTiles: Cell.Change, Cell.Raised).
	Last image.Image
	// Turn, when not nil, is the quarter turn (counter-clockwise) the
	// letters stand at in the picture, as an earlier photo of the game
	// from the same fixed camera was read (UpwordsReading.Turned): the
	// board's reading direction is taken as known and the letters' own
	// vote is not asked.
	Turn *int
	// TurnThin: Turn was settled by too few letters to be sure (the
	// earlier reading's TurnSure was false): the reading is made in that
	// direction but is not sure of it (UpwordsReading.TurnSure).
	TurnThin bool
	// ExactShrink: the board search shrinks the photo to its work picture
	// exactly, the same on every architecture, instead of with OpenCV's
	// INTER_AREA (vision.SearchOptions.ExactShrink). Off by default.
	ExactShrink bool
	// FirstPlay: the board stood empty before this photo (a game's
	// first photo), so by the rules every stack on it is one tile high.
	// The occupancy and the heights are sought at height one only; the
	// letters are still read again from crops cut at the geometry's
	// other heights (rereadAtOtherHeights: another maker's thicker or
	// thinner tiles put the face a level off) and vote on the reading
	// direction as before. Off by default.
	FirstPlay bool
}

// firstPlayMaxStack is how high a first play's stacks are sought
// (Options.FirstPlay): one tile by the rules, and a level's slack for
// another maker's thicker tiles, whose faces stand a level or more above
// the project's geometry's (tuning 100104's game 1, GRAVE across: sought
// one high its middle letters were cut off the faces and read empty).
const firstPlayMaxStack = 2

// Cell is what the scan saw on one square.
type Cell struct {
	Pos      grid.Pos
	Letter   string      // "" when empty; "?" when occupied but no reader
	Height   int         // 0 when empty
	Conf     float64     // the reader's confidence in the letter
	Tile     float64     // evidence that a tile stands here (>0: yes)
	HeightOK float64     // margin of the chosen height over the next best, 0..1
	Face     vision.Quad // the top face in the picture
	Angle    float64     // the reader's estimate of the letter's rotation
	// Sure: for a stack, its letter and its height are both sure (the
	// reader's confidence, the tile evidence and the height's margin all
	// clear the Sure thresholds); for a square read empty, it is not
	// Covered. A reading that is not sure says so.
	Sure bool
	// Twin: a neighbouring stack reads the same letter on a top face the
	// picture puts where this one's is (twinFaces): one face read twice,
	// as a low tile hidden behind a tall stack reads the tall stack's
	// letter. Which of the two squares bears the letter the photo does
	// not tell; neither is Sure, and through a game a new letter so read
	// is not shown sure.
	Twin bool
	// walls is how light the walls around the square are against the
	// board's walls at large (the median): far from 1, something lies
	// over the square.
	walls float64
	// Covered: read empty, but the square may hide a stack: its faces are
	// all hidden by stacks in front, or it is far darker than the walls
	// around it (a hand, a deep shadow) rather than a bare square.
	Covered bool
	// unsureEmpty: read empty on a guess (a centre square's print taken
	// for no tile on its faint letter alone): not Sure.
	unsureEmpty bool
	// overlaid: Covered because something lies over the square (a hand,
	// a sleeve, a deep shadow), not only because stacks in front hide it.
	overlaid bool
	// nearCover: read empty with its walls near the bounds of Covered
	// (coverNear): not Sure.
	nearCover bool
	// litUnexplained: read empty, but one of its face positions (a
	// stack's top one, three or five high) is light enough for a tile
	// where no stack found stands in the picture (unexplainedLight): a
	// tall stack whose side facing the camera is in shadow may stand
	// there. Not Sure.
	litUnexplained bool
	// litExplained: read empty, one of its face positions light enough
	// for a tile, that light explained by the stacks found
	// (unexplainedLight false): Sure only where the tiles' thickness is
	// known (unsureLitBehind).
	litExplained bool
	// lightAtLarge: read empty, but its light weighed against the
	// board's reference at large (refAtLarge), not the walls near it, is
	// nearly a tile's (over faintEmpty): something light over the walls
	// nearby (a hand's skin) lifted the reference the square was
	// weighed against. Not Sure.
	lightAtLarge bool
	// hiddenRef: read empty while the stacks found before it (nearer
	// the camera) hid its floor, the grey of the walls near it its
	// light was weighed against (tileSeen.ref); 0 where its floor was
	// in view. Those stacks' heights may be read again lower since,
	// leaving the floor in view (unsureFloorShown).
	hiddenRef float64
	// floor is the colour of what shows over the square's floor, read
	// empty (floorColourOf); offColour how far it stands from the bare
	// board's (coverOffColour).
	floor     floorColour
	offColour float64
	// Alt, through a game (Options.Stood), for a new letter: read unsure
	// (Conf under SureConf), the other letters the reader gives some
	// probability on the same face; read surely, its runners-up;
	// likeliest first (altLetters), for the rules to weigh when the
	// play as read is refused.
	Alt []string
	// Maybe, through a game, for a square read empty where nothing
	// stood, beside a new letter read in this photo: the letters its
	// face would bear were a tile there (maybeTiles), likeliest first,
	// for the rules to weigh when the play as read is refused (a tile
	// the occupancy test missed).
	Maybe []string
	// Change, through a game (Options.Last), for a square where a stack
	// stood: how much the face where the stack's top stood differs from
	// the last photo's (0 the same, up to 2; faceChange, FaceChanged).
	// Raised, for a stack read as it stood or empty whose face changed:
	// the letters a tile put on the stack would bear, likeliest first,
	// for the rules to weigh when the play as read is refused.
	Change float64
	Raised []string
	// compared: Change was measured.
	compared bool
	// faint: read empty, but nearly light enough for a tile: where its
	// top face would be (readFaint).
	faint *faintFace
	// noTile: the reader's first reading of the square's face saw no
	// tile there (readStack). overruled: read empty for it against
	// weak evidence of a tile, with the stack the evidence saw
	// (judgeByLook).
	noTile    bool
	conf0     float64 // the reader's first confidence (readStack)
	overruled *overruled
	// located: the face readStack located by its own outline for an
	// unsure letter, kept for locateHeights to start from.
	located *locatedFace
	// blur: whether the crop of a face was judged blurred
	// (ocr.BlurReader), and which face, for a later read of the same
	// face not to judge it again (rereadMoved).
	blur *blurJudged
	// faceCut: the face the crop of the stack's first reading (the
	// scan's faces) was cut from.
	faceCut vision.Quad
	// byLook: a stack decided by how its face looks against the
	// board's sure tiles and sure empty squares (judgeByLook), against
	// the reader's first say: never Sure.
	byLook bool
	// marked: a centre square whose red the printed mark's test took for
	// the board's diamond, read as a stack for dropMarked to decide (a
	// tile's letter in red ink); redInk: tiles elsewhere show red too,
	// so a marked square left empty is not Sure.
	marked, redInk bool
}

// Sure thresholds: a stack is Sure when the reader's confidence in its
// letter is at least SureConf, its tile evidence at least SureTile and
// its height's margin over the runner-up at least SureHeight. Chosen by
// `tilescope eval-scan --sure-sweep` on the mixed set of seed 1 (docs/vision.md,
// "Sure").
const (
	SureConf   = 0.9
	SureTile   = 0.2
	SureHeight = 0.65
)

// faintEmpty is the tile evidence above which a square read empty is not
// Sure: nearly light enough for a tile (an empty square sits near -0.6).
// Tiles of another maker's print whose face is only a little lighter than
// the board (a beige face on a brown board) read just under 0, and the
// squares the scan dropped as hidden behind stacks in front (evidence 0)
// are a guess, not a sighting. Chosen on the tuning set 9494 (docs/vision.md,
// "Sure and wrong"): every stack read empty and sure there was at -0.04 to
// -0.01; 84 of 3773 truly empty squares lie above -0.1.
const faintEmpty = -0.1

// sureCell reports whether a cell's reading is sure (Cell.Sure). measured
// says whether the board's geometry was measured (Options.Geometry: by
// calibrate, or learnt through a game) rather than taken for the
// project's board: on another maker's board the height's margin is no
// guide (stacks read at margin 0.7 or more were 91% right on the tuning
// set 9494, against 100% on the project's board), so from one photo of
// an unmeasured board no stack is sure.
func sureCell(c Cell, measured bool) bool {
	if c.byLook {
		return false
	}
	if c.Height == 0 {
		return !c.Covered && !c.unsureEmpty && !c.nearCover && !c.litUnexplained && !c.lightAtLarge && c.Tile <= faintEmpty
	}
	return measured && c.Letter != "?" && c.Letter != "" && c.Conf >= SureConf && c.Tile >= SureTile && c.HeightOK >= SureHeight
}

// unsureBesideCover: a square read empty beside one that something lies
// over (Cell.overlaid: a hand, a sleeve, a deep shadow; the eight squares
// round it) is not Sure: where a hand is, its edge may hide a stack on
// the next square too, and that square's evidence is the least steady of
// the board's.
func unsureBesideCover(cells []Cell, n int) {
	for i := range cells {
		c := &cells[i]
		if !c.Sure || c.Height > 0 {
			continue
		}
		r, col := c.Pos.Row, c.Pos.Col
		for dr := -1; dr <= 1 && c.Sure; dr++ {
			for dc := -1; dc <= 1; dc++ {
				r2, c2 := r+dr, col+dc
				if (dr != 0 || dc != 0) && r2 >= 0 && c2 >= 0 && r2 < n && c2 < n && cells[r2*n+c2].overlaid && cells[r2*n+c2].Covered {
					c.Sure = false
					break
				}
			}
		}
	}
}

// unsureTurned makes every square whose reading depends on the board's
// reading direction not Sure: each stack, and each square a stack would
// stand on were the board read a quarter, half or three quarters turned
// (on a square board the squares of a stack's orbit under turning).
func unsureTurned(cells []Cell, n int) {
	if len(cells) != n*n {
		return
	}
	for _, c := range cells {
		if c.Height == 0 {
			continue
		}
		p := c.Pos
		for range 4 {
			cells[p.Row*n+p.Col].Sure = false
			p = turnPos(p, n, 1)
		}
	}
}

// MarkTurnUnsure makes the reading not sure of its reading direction
// (TurnSure false), and so not Sure on any square whose reading depends
// on it (unsureTurned): a photo whose letters surely voted for another
// direction than the one the reading was made in.
func (r *UpwordsReading) MarkTurnUnsure() {
	r.TurnSure = false
	unsureTurned(r.Cells, r.Board.Cols)
}

// UpwordsReading is one photo of an Upwords board, read.
type UpwordsReading struct {
	Board   *grid.Board
	Cells   []Cell      // row by row
	Corners vision.Quad // the playing grid's outer corners in the picture
	// Grid is the playing grid's outer corners at the walls' tops, in the
	// camera's own order (not turned with the reading): the Options.Hint
	// for the next photo from the same camera.
	Grid vision.Quad
	// Found is the grid the board was read on (Options.On for another
	// photo from the same camera).
	Found vision.Grid
	Pose  vision.Pose // the camera over the board (board units: squares)
	// Focal is the focal length chosen (FocalSource); with
	// Options.RefinePose the pose's own Fx may differ by a few percent.
	Focal float64
	// FocalSource says where the focal length came from: "calibration",
	// "board" (estimated from this photo's perspective) or "default".
	FocalSource string
	Elapsed     time.Duration
	// Turned is how many quarter turns (counter-clockwise) the letters
	// stood at in the picture: the reading was turned so that they read
	// upright (0 when the camera's own orientation was kept).
	Turned int
	// TurnKnown: the letters (or Options.Turn) settled the reading
	// direction; else Turned is 0 by default, not by sight.
	TurnKnown bool
	// TurnSure: the reading direction is sure, settled by enough letters
	// with a wide enough margin (turnVote.firm), or given by Options.Turn
	// (not TurnThin). When it is not, no stack is Sure, nor any square
	// a stack would stand on were the board read another way round
	// (unsureTurned).
	TurnSure bool
	// vote is how the photo's letters voted on the reading direction.
	vote turnVote
	// Measures are the stacks Options.Measure knew the height of, measured
	// (LearnGeometry).
	Measures []StackMeasure
}

// Cell returns the reading of one square.
func (r *UpwordsReading) Cell(p grid.Pos) Cell { return r.Cells[p.Row*r.Board.Cols+p.Col] }

// ScanUpwords reads an Upwords board from a photo: finds the board, the
// camera's pose, which squares hold a stack, each stack's height and (with
// a reader) the letter on top.
func ScanUpwords(img image.Image, opt Options) (*UpwordsReading, error) {
	start := time.Now()
	if img == nil || img.Bounds().Dx() < 32 || img.Bounds().Dy() < 32 {
		return nil, fmt.Errorf("%w: the picture is empty or tiny", vision.ErrNoBoard)
	}
	n := opt.Size
	if n == 0 {
		n = 10
	}
	geo := opt.Geometry
	if geo.SquareMM == 0 {
		geo = UpwordsGeometry
	}
	if geo.MaxStack == 0 {
		geo.MaxStack = UpwordsGeometry.MaxStack
	}
	p := vision.Luma(img)
	var fit vision.Grid
	doubt := false // the grid's placement in doubt (placementDoubt)
	if opt.On != nil && opt.On.N == n {
		fit = *opt.On
	} else {
		var err error
		if fit, err = vision.FindGridWith(p, img, n, vision.SearchOptions{Hint: opt.Hint, ExactShrink: opt.ExactShrink}); err != nil {
			return nil, err
		}
		// The search knows no Upwords board's rim: a printed rim line
		// or the board's edge can pass for the grid's outermost line,
		// the grid a row or a column off. The walls between the
		// squares say where the rows are (registered).
		fit, _, _ = registered(p, fit)
		// Registered, the grid is set on its lines' samples: every
		// band a line shows in counts, a hand's or a pencil's edge
		// does not (vision.Grid.OnSamples); a move the board's outer
		// edge speaks against is not taken (samplesMoveTaken).
		if s := fit.OnSamples(p); s.H != fit.H && samplesMoveTaken(p, fit, s) {
			fit = s
		}
		// The walls say where the rows are only at the grid's ends: where
		// they leave the placement in doubt, no square is shown sure
		// (below).
		doubt = placementDoubt(p, fit)
	}
	r := &UpwordsReading{Board: grid.New(n, n), Found: fit}
	for i := 0; i < 4; i++ {
		r.Corners[i] = fit.H.Apply([]vision.Point{{X: 0, Y: 0}, {X: float64(n), Y: 0}, {X: float64(n), Y: float64(n)}, {X: 0, Y: float64(n)}}[i])
	}
	r.Grid = r.Corners
	if err := vision.CheckLight(p, r.Corners, n); err != nil {
		return nil, err
	}
	// The focal length is estimated from the grid without the lens its
	// lines show (Grid.Pinhole): a barrel lens bends the straight grid's
	// perspective, and the focal estimated from it was off by 70% on a
	// view with k1 -0.12 (tuning set 61001's 0027: 1949 px against 1129,
	// every face placed a square off; 1193 from the pinhole grid).
	hu, _ := fit.Pinhole()
	f, src := focal(hu, p.W, p.H, opt.Calib)
	cx, cy := float64(p.W)/2, float64(p.H)/2
	if opt.Calib != nil && opt.Calib.Cx > 0 {
		cx, cy = opt.Calib.Cx, opt.Calib.Cy
	}
	pose, err := vision.PoseFromHomography(fit.H, f, f, cx, cy)
	if err != nil {
		return nil, fmt.Errorf("%w: the board's outline is degenerate", vision.ErrNoBoard)
	}
	// The rigid camera PoseFromHomography makes of the grid keeps its
	// origin corner and first side and drifts from the rest, 11-37 px at
	// the far corner of steep views of other makers' boards, every face
	// above placed that far off (docs/vision.md, "The crops off the faces
	// on steep views, traced"); opt.RefinePose refines it against the
	// whole grid.
	if opt.RefinePose {
		pose = vision.RefinePoseOnGrid(pose, fit.H, n, src != "calibration")
	}
	// The pose's board plane set on the grid found and its measured
	// crossings (onGrid): the rigid pose strays from them on other
	// makers' boards, and every face with it.
	rigid := pose
	rigid.Correct = faceCorners(fit.Correction(), n, geo)
	pose.Correct = faceCorners(onGrid(pose, fit.H, fit.Correction()), n, geo)
	r.Pose, r.Focal, r.FocalSource = pose, f, src
	// The corners on the floor of the squares, below the walls' tops;
	// through the lens where the grid's lines showed one (fitLens: the
	// straight grid misses the corners there). The squares are read on
	// the straight grid as before: through the lens their letters read
	// worse on the mixed set (-5 of 5521) though the heights read better.
	floor := -geo.WallMM / geo.SquareMM
	for i, c := range []vision.Point{{X: 0, Y: 0}, {X: float64(n), Y: 0}, {X: float64(n), Y: float64(n)}, {X: 0, Y: float64(n)}} {
		top, bottom := pose.Project(c.X, c.Y, 0), pose.Project(c.X, c.Y, floor)
		h := fit.At(c)
		r.Corners[i] = vision.Point{X: h.X + bottom.X - top.X, Y: h.Y + bottom.Y - top.Y}
	}

	// A first play stands one high (Options.FirstPlay): its stacks are
	// sought at that height only, the letters' re-reads keep geo.
	cellGeo := geo
	if opt.FirstPlay {
		cellGeo.MaxStack = min(geo.MaxStack, firstPlayMaxStack)
	}
	cells := readCells(p, img, &pose, fit.H, n, cellGeo)
	crop := opt.CropSize
	if crop == 0 {
		crop = 64
	}
	faces := make([]image.Image, len(cells))
	// Each stack's letter is read on its own: the stacks are shared
	// among the processors, each writing only its own cell and face.
	errs := make([]error, len(cells))
	parallel.For(len(cells), func(i int) {
		errs[i] = readStack(img, p, stoodLetters(opt.Stood, n, cells[i].Pos), &cells[i], &faces[i], crop, opt.Reader)
	})
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	dropMarked(img, cells, n)
	if opt.Reader != nil {
		if err := readFaint(img, cells, faces, &pose, cellGeo, crop, opt.Reader); err != nil {
			return nil, err
		}
		if err := judgeByLook(img, cells, faces, n, crop, opt.Reader); err != nil {
			return nil, err
		}
		// A centre square's print is told from a tile on its first
		// reading: judged after the letters' re-reads, a print of the
		// tiles' colour read faintly at first was read O surely at
		// another height (tuning set 9595's 0033, a held-out game's
		// first photo) as often as a stack whose height was misjudged
		// was mended (docs/vision.md).
		dropCentrePrint(img, cells, n, func(c *Cell) bool {
			return centreRaised(p, &pose, c.Pos.Row, c.Pos.Col, cellGeo)
		})
	}
	vote := voteTurn(cells)
	k, known, firm := vote.k, vote.known, vote.firm()
	if opt.Turn != nil {
		k, known, firm = (*opt.Turn%4+4)%4, true, !opt.TurnThin
	}
	r.vote = vote
	kr, canKnow := opt.Reader.(ocr.KnownReader)
	if canKnow && known {
		if err := rereadTurned(cells, faces, kr, k); err != nil {
			return nil, err
		}
	}
	if opt.Reader != nil {
		// Blurred faces are read through their deconvolution only where
		// the direction is firm already (deblurReader): the letters
		// read here vote on it again below.
		if err := recheckBlurred(cells, faces, opt.Reader, k, known, firm); err != nil {
			return nil, err
		}
		if err := rereadAtOtherHeights(img, cells, faces, &pose, geo, crop, opt.Reader, k, known, firm); err != nil {
			return nil, err
		}
		if err := rereadTall(img, cells, &pose, geo, crop, opt.Reader, k, known); err != nil {
			return nil, err
		}
		if opt.Turn == nil && !firm {
			// The letters read again at other heights and pooled may
			// settle what their first readings did not (a crop cut off
			// the face of a stack whose height was misjudged): they
			// vote again, and a direction they now settle, or settle
			// surely, is taken.
			again := voteTurn(cells)
			if again.known && (!known || again.k == k || again.firm()) {
				r.vote = again
				if canKnow && (!known || again.k != k) {
					if err := rereadTurned(cells, faces, kr, again.k); err != nil {
						return nil, err
					}
				}
				k, known, firm = again.k, true, again.firm()
			}
		}
		if opt.Stood != nil {
			turned := 0
			if k != 0 && !opt.CameraOrientation {
				turned = k
			}
			stood := func(row, col int) grid.Stack {
				return opt.Stood(turnPos(grid.Pos{Row: row, Col: col}, n, turned))
			}
			if err := keepStood(img, cells, &pose, geo, crop, opt.Reader, k, known, stood); err != nil {
				return nil, err
			}
			if opt.Last != nil {
				stillEmpty(img, opt.Last, cells, &pose, geo, stood)
			}
			// The new letters read last from crops moved about the
			// face, however sure (newLetters): the history checks
			// every other stack, and a turn lays a few tiles.
			if err := rereadMoved(img, cells, crop, opt.Reader, k, known, firm, newLetters(stood)); err != nil {
				return nil, err
			}
			if pr, ok := opt.Reader.(glyphProber); ok {
				if err := altLetters(img, cells, crop, pr, knownTile(k, known), stood); err != nil {
					return nil, err
				}
				if err := maybeTiles(img, cells, n, &pose, geo, crop, pr, knownTile(k, known), stood); err != nil {
					return nil, err
				}
				if opt.Last != nil {
					if err := raisedTiles(img, opt.Last, cells, &pose, geo, crop, pr, knownTile(k, known), stood); err != nil {
						return nil, err
					}
				}
			}
		}
	}
	if opt.Stood == nil && opt.Geometry.SquareMM == 0 {
		// A single photo of a board whose geometry was not measured
		// (its tiles' thickness unknown; no stack of it is sure): each
		// stack's height from its face located by its own outline
		// (locateHeights), once its letter is read: the letters' crops
		// at every height (rereadAtOtherHeights) already reach a face
		// whose height the search misjudged, and read no better from
		// the height located (docs/vision.md, "Upwords stack heights
		// on single hard photos"). On a measured board the search's
		// heights stand (synthetic boards of the exact geometry,
		// TestSynthGeometry: two stacks read a level off).
		locateHeights(p, cells, &pose, cellGeo)
		// The letters read last from crops moved about the face, the
		// heights settled (rereadMoved).
		if opt.Reader != nil {
			if err := rereadMoved(img, cells, crop, opt.Reader, k, known, firm, nil); err != nil {
				return nil, err
			}
		}
	}
	for i := range cells {
		if cells[i].Height > 0 {
			cells[i].Covered = false
		}
	}
	coverOffColour(cells, n)
	for i := range cells {
		cells[i].Sure = sureCell(cells[i], opt.Geometry.SquareMM != 0)
	}
	unsureBesideCover(cells, n)
	unsureClaimed(cells, n, &pose, geo)
	unsureRaised(p, cells, &pose, cellGeo)
	unsureFloorShown(p, cells, &pose, cellGeo)
	if opt.Stood == nil && opt.Geometry.SquareMM == 0 {
		unsureLitBehind(cells, n)
	}
	if doubt {
		// A grid whose walls leave it maybe a row or a column off, or a
		// side a square short (placementDoubt): a square read empty past
		// a row a square off lies where a tile stands (the lead's
		// held-out sets of session 53: 22 of 143 squares shown sure on
		// three boards placed off, empty squares where tiles stand). None
		// of its squares is shown sure.
		for i := range cells {
			cells[i].Sure = false
		}
	}
	if fit.Runner() || fit.Hidden() {
		// A grid taken among the runners-up has lines too faint for
		// any first candidate: what hid them (a hand, a shake, a steep
		// view) weakens every square's evidence too, and such a grid
		// may lie a fraction of a square off where its lines were
		// faintest (the lead's fresh u-110800's 0003, blurred, shaken,
		// under a hand, its grid 0.06 square off: a stack four high in
		// its corner read empty and sure). None of its squares is
		// shown sure. Nor is any of a grid found with a quarter of the
		// board under a hand left out of its judgement (the search's
		// hidden look): its lines there unseen, it may lie as far off.
		for i := range cells {
			cells[i].Sure = false
		}
	}
	if opt.Reader != nil && opt.Stood == nil {
		// A tile in a shadow is as dark as a bare square, yet its
		// letter shows (unsureLetterShown). On a single photo only:
		// through a game the page shows a square read empty as empty
		// whatever its Sure.
		if err := unsureLetterShown(img, p, cells, n, &pose, cellGeo, crop, opt.Reader); err != nil {
			return nil, err
		}
	}
	if debugSure != nil {
		debugSure(cells, p, &pose, cellGeo, img, crop)
	}
	r.TurnKnown, r.TurnSure = known, firm
	if !firm {
		unsureTurned(cells, n)
	}
	r.Cells = cells
	if k != 0 && !opt.CameraOrientation {
		r.Cells, r.Corners = turnReading(cells, r.Corners, n, k)
		r.Turned = k
	}
	if opt.Measure != nil {
		// The tiles are measured against the rigid pose, as their
		// measures' biases were chosen: against the pose set on the
		// grid a board of 14.5 mm tiles 4.6 mm thick, its focal
		// calibrated, measured 13.2 and 6.7 mm (TestCalibrateGeometry,
		// cmd/tilescope; docs/vision.md, upwpose).
		r.Measures = measureKnown(p, &rigid, cells, n, geo, opt.MeasureMost, func(row, col int, read grid.Stack) int {
			return opt.Measure(turnPos(grid.Pos{Row: row, Col: col}, n, r.Turned), read)
		})
		for i := range r.Measures {
			r.Measures[i].Pos = turnPos(r.Measures[i].Pos, n, r.Turned)
		}
	}
	for _, c := range r.Cells {
		if c.Height > 0 && c.Letter != "?" {
			r.Board.Set(c.Pos, grid.Stack{Letter: c.Letter, Height: c.Height})
		}
	}
	r.Elapsed = time.Since(start)
	return r, nil
}

// readLikeliest gives a stack whose letter is too faint to read surely
// (dim light, blur) the likeliest letter with the reader's own (low)
// confidence in it, rather than none: "?" at 0 where the reader gives no
// letter or reads no single letters.
func readLikeliest(c *Cell, face image.Image, reader TileReader) error {
	c.Letter, c.Conf = "?", 0
	lr, ok := reader.(ocr.LetterReader)
	if !ok {
		return nil
	}
	l, err := lr.ReadLetter(face)
	if err != nil {
		return fmt.Errorf("vision: reading %v: %w", c.Pos, err)
	}
	if l.Letter != "" {
		c.Letter, c.Conf, c.Angle = l.Letter, l.Conf, l.Angle
	}
	return nil
}

// noTileAgreed reports whether the reader's other models agree with its
// "no tile" on face: a reader pooled with others (ocr.MateReader) is
// asked whether any of them reads a letter there; any other reader's
// word stands alone. On other makers' sets en.tsm takes some faces for
// bare squares that en-upw reads letters on (hairline strokes, blurred:
// tuning sets 97200 and 97202, 25 stacks lost so; docs/vision.md,
// "Letters on other makers' sets, counted by cause").
func noTileAgreed(reader TileReader, face image.Image) (bool, error) {
	mr, ok := reader.(ocr.MateReader)
	if !ok {
		return true, nil
	}
	seen, err := mr.MateSeesTile(face)
	return !seen, err
}

// readStack reads the letter of one square read as a stack (ScanUpwords),
// its face crop kept in faceOut; a square read as no stack is left as it
// is. A face whose letter the reader reads unsure (under SureConf) or
// not at all is read again where its own outline puts it
// (locateFace, in the picture's grey p): the geometry places a blurred
// face a tenth of its side off the tile (median; a twentieth on a sharp
// one), and the crop there reads worse. The reading located is kept when
// it reads a letter at least as surely (any letter, where the first saw
// none) and stood does not refuse it, and Cell.Face becomes the face
// located. Through a game (Options.Stood) stood refuses the letters that
// stood on the square: a face located on a stack played on can be the
// covered tile's, read at its old height and shown sure (a T played on an
// I read I1 at 0.90 on the tuning game 52101; docs/vision.md, "the faces
// located there too"). Nil refuses none.
func readStack(img image.Image, p vision.Plane, refused func(string) bool, c *Cell, faceOut *image.Image, crop int, reader TileReader) error {
	if c.Tile <= 0 {
		return nil
	}
	c.Letter = "?"
	if reader != nil {
		face := letterCrop(img, c.Face, crop)
		rd, err := reader.Read(face)
		if err != nil {
			return fmt.Errorf("vision: reading %v: %w", c.Pos, err)
		}
		if rd.Letter == "" || rd.Conf < SureConf {
			q, sc := locateFaceScored(p, c.Face)
			c.located = &locatedFace{from: c.Face, face: q, score: sc}
			lf := letterCrop(img, q, crop)
			got, err := reader.Read(lf)
			if err != nil {
				return fmt.Errorf("vision: reading %v: %w", c.Pos, err)
			}
			if got.Letter != "" && (rd.Letter == "" || got.Conf >= rd.Conf) && (refused == nil || !refused(got.Letter)) {
				c.Face, face, rd = q, lf, got
			}
		}
		*faceOut = face
		c.faceCut = c.Face
		c.conf0 = rd.Conf
		if rd.Letter == "" {
			c.noTile = true
			// The reader sees no tile: trust it only against weak
			// evidence of one, and only when the reader's other
			// models see none either (noTileAgreed).
			agreed := false
			if c.Tile < 0.5 && rd.Conf > 0.8 {
				if agreed, err = noTileAgreed(reader, face); err != nil {
					return fmt.Errorf("vision: reading %v: %w", c.Pos, err)
				}
			}
			if agreed {
				// Something light without a letter: a bare square
				// in a bright spot, or a hand over a stack: it may
				// hide one. Where it stood is kept for the board's
				// own looks to say (judgeByLook).
				c.overruled = &overruled{tile: c.Tile, height: c.Height, margin: c.HeightOK}
				c.Tile, c.Height, c.Letter = 0, 0, ""
				c.Covered, c.overlaid = true, true
				return nil
			}
			// A stack stands here, its letter too faint (dim light,
			// blur).
			return readLikeliest(c, face, reader)
		}
		c.Letter, c.Conf, c.Angle = rd.Letter, rd.Conf, rd.Angle
	}
	return nil
}

// faintConf is the reader's confidence from which a square read empty but
// nearly light enough for a tile (Cell.faint) is a stack: its letter read
// where its top face would be.
const faintConf = 0.9

// readFaint reads the squares read empty whose tile evidence falls just
// short of a tile's (Cell.faint): another maker's tiles may be only a
// little lighter than its board. A letter read there at faintConf or
// more makes the square a stack, never sure (its tile evidence stays
// under SureTile); the reader's "no tile" or a letter read less surely
// leaves it empty. A few readings a board, and only where the light
// nearly says tile.
func readFaint(img image.Image, cells []Cell, faces []image.Image, pose *vision.Pose, geo Geometry, crop int, reader TileReader) error {
	for i := range cells {
		c := &cells[i]
		if c.Height > 0 || c.faint == nil {
			continue
		}
		h := max(c.faint.height, 1)
		if c.faint.strict {
			// The face search's height there is a print's or the
			// stack seen past (dropped): one high, as a tile the
			// evidence missed most often stands.
			h = 1
		}
		q := faceQuad(pose, c.Pos.Row, c.Pos.Col, float64(h), geo)
		c.faint.face = q
		face := letterCrop(img, q, crop)
		rd, err := reader.Read(face)
		if err != nil {
			return fmt.Errorf("vision: reading %v: %w", c.Pos, err)
		}
		if rd.Letter == "" || rd.Conf < faintConf || c.faint.strict && rd.Conf < strictFaintConf {
			continue
		}
		c.Height, c.HeightOK, c.Face = h, c.faint.margin, q
		c.Letter, c.Conf, c.Angle = rd.Letter, rd.Conf, rd.Angle
		if c.faint.strict {
			// The reader's first sight of the square, for
			// dropCentrePrint to weigh as readStack's.
			c.conf0 = rd.Conf
		}
		c.Covered, c.overlaid, c.nearCover = false, false, false
		faces[i], c.faceCut = face, q
	}
	return nil
}

// focal chooses the focal length: the calibration's, else an estimate from
// the board's perspective when the view is tilted enough, else the Pi
// camera's (62.2 degrees across).
func focal(h vision.Homography, w, hgt int, cal *vision.Calibration) (float64, string) {
	if cal != nil && cal.Fx > 0 {
		s := 1.0
		if cal.Width > 0 && cal.Width != w {
			s = float64(w) / float64(cal.Width)
		}
		return cal.Fx * s, "calibration"
	}
	def := vision.DefaultFocal(w)
	if f, ok := vision.FocalFromHomography(h, float64(w)/2, float64(hgt)/2); ok && f > 0.5*def && f < 2*def {
		return f, "board"
	}
	return def, "default"
}

// Letters that look the same turned half way round (in the tiles' sans
// serif) tell along which axis the board is read but not from which end;
// O and X do not even tell the axis.
var (
	halfTurnSymmetric    = map[string]bool{"H": true, "I": true, "N": true, "O": true, "S": true, "X": true, "Z": true}
	quarterTurnSymmetric = map[string]bool{"O": true, "X": true}
)

// letterTurn is the quarter turn the letters stand at (counter-clockwise,
// as the reader reports their angle), else 0. At least three confident
// letters are needed. The axis (upright or upside down, against lying on
// a side) is voted by every letter but O and X, and needs two thirds of
// the votes; the end it is read from is then voted only by the letters
// that differ from themselves turned half way round (an N or an S reads
// the same from both ends: the reader's angle for one is a coin toss), and
// needs two thirds of those. When every letter on the board is of the
// symmetric kind, all of them vote on the end, as they would otherwise.
// known is false (and the turn 0) when the letters do not decide.
func letterTurn(cells []Cell) (turn int, known bool) {
	v := voteTurn(cells)
	return v.k, v.known
}

// turnVote is how the letters voted on the board's reading direction
// (voteTurn): the turn k when they decided it (known), and how many
// letters stood for it and against it, on the axis and on the end.
type turnVote struct {
	k     int
	known bool
	// axisFor, axisAgainst: the letters (all but O and X) that stood
	// along the chosen axis and across it.
	axisFor, axisAgainst int
	// endFor, endAgainst: the letters that voted on the end, for the
	// turn chosen and for the half turn from it. byAll: every letter
	// that voted on the end looks the same turned half way round (the
	// end is a coin toss).
	endFor, endAgainst int
	byAll              bool
}

// Sure turn: the reading direction a photo's letters settle is sure when
// at least firmTurnVotes letters that differ from themselves turned half
// way round voted for its end, at least firmTurnRatio times as many as
// for the other end, and at least as many letters stood along its axis
// as firmTurnVotes, firmTurnRatio times as many as across it. A handful
// of letters (a game's first word, blurred in a steep view) is no sure
// direction: on the tuning game 9898 a first photo of five letters whose
// direction the letters did not settle was read upside down, its letters
// shown sure (docs/vision.md, "A reading direction from a few letters").
const (
	firmTurnVotes = 6
	firmTurnRatio = 4
)

// firm reports whether the vote settles the reading direction surely.
func (v turnVote) firm() bool {
	return v.known && !v.byAll &&
		v.endFor >= firmTurnVotes && v.endFor >= firmTurnRatio*v.endAgainst &&
		v.axisFor >= firmTurnVotes && v.axisFor >= firmTurnRatio*v.axisAgainst
}

// voteTurn is letterTurn's vote, with the letters counted for and
// against.
func voteTurn(cells []Cell) turnVote {
	var axis [2]int
	var end, all [4]int
	n := 0
	for _, c := range cells {
		if c.Height == 0 || c.Letter == "" || c.Letter == "?" || c.Conf < 0.5 {
			continue
		}
		k := int(math.Round(c.Angle/90)) % 4
		if k < 0 {
			k += 4
		}
		n++
		all[k]++
		if quarterTurnSymmetric[c.Letter] {
			continue
		}
		axis[k%2]++
		if !halfTurnSymmetric[c.Letter] {
			end[k]++
		}
	}
	a := 0
	if axis[1] > axis[0] {
		a = 1
	}
	v := turnVote{axisFor: axis[a], axisAgainst: axis[1-a]}
	if n < 3 || axis[0]+axis[1] == 0 || axis[a]*3 < (axis[0]+axis[1])*2 {
		return v
	}
	votes := end
	if votes[a]+votes[a+2] == 0 {
		votes, v.byAll = all, true
	}
	if votes[a]+votes[a+2] == 0 {
		return v
	}
	k := a
	if votes[a+2] > votes[a] {
		k = a + 2
	}
	v.endFor, v.endAgainst = votes[k], votes[(k+2)%4]
	if votes[k]*3 < (votes[a]+votes[a+2])*2 {
		return v
	}
	v.k, v.known = k, true
	return v
}

// rereadTurned reads again, knowing the board's reading direction (the
// letters stand k quarter turns counter-clockwise in the crops), the
// squares whose letter stands otherwise or was read unsure: a W the
// reader took for an M upside down, a faint letter. A letter that looks
// the same turned half way round (N, S...) or a quarter (O, X) stands
// "otherwise" only at the turns it does not look the same.
func rereadTurned(cells []Cell, faces []image.Image, kr ocr.KnownReader, k int) error {
	for i := range cells {
		c := &cells[i]
		if faces[i] == nil || c.Height == 0 || c.Letter == "" || c.Letter == "?" {
			continue
		}
		q := int(math.Round(c.Angle/90)) % 4
		if q < 0 {
			q += 4
		}
		d := (q - k + 4) % 4
		upright := d == 0 || quarterTurnSymmetric[c.Letter] || (d == 2 && halfTurnSymmetric[c.Letter])
		if upright && c.Conf >= rereadBelow {
			continue
		}
		rd, err := kr.ReadKnown(faces[i], ocr.Known{Tile: true, HasAngle: true, Angle: float64(90 * k)})
		if err != nil {
			return fmt.Errorf("vision: reading %v: %w", c.Pos, err)
		}
		if rd.Letter != "" {
			c.Letter, c.Conf, c.Angle = rd.Letter, rd.Conf, rd.Angle
		}
	}
	return nil
}

// rereadAtOtherHeights reads the stacks whose letter is unsure again from
// crops cut as if they stood at every other height: a height read wrong
// puts the crop off the face (by a few pixels per level, more in tilted
// views; a steep view with tall stacks in front can misjudge it by four),
// and a letter cut off at the crop's edge reads badly. A clearly surer
// reading wins. The height stays the geometry's: taking the height whose
// crop reads best was measured worse for heights (75.10% -> 74.18% on the
// mixed set) for no gain in letters. A letter still unsure then is read
// from several crops of its face pooled (voteFace). Only unsure stacks are
// read again, a few per board. A stack whose face's crop is blurred
// (faces[i], the crop it was first read from, or cut again when there is
// none) is read by the reader's specialist for blurred crops
// (ocr.BlurReader) throughout: at its height, at the others, pooled;
// with deblur (the board's reading direction firm) every crop pooled
// with its deconvolution (deblurReader).
// A letter read nearly surely (rereadHeightsBelow up to SureConf) on a
// sharp crop is read from its face's crops pooled only (voteSharp).
func rereadAtOtherHeights(img image.Image, cells []Cell, faces []image.Image, pose *vision.Pose, geo Geometry, crop int, rd TileReader, k int, known, deblur bool) error {
	kn := knownTile(k, known)
	// Each stack is read again on its own (its cell written, the rest
	// only read): the stacks are shared among the processors, and the
	// first error in the cells' order is returned.
	errs := make([]error, len(cells))
	parallel.For(len(cells), func(i int) {
		errs[i] = rereadStackAtOtherHeights(img, &cells[i], i, faces, pose, geo, crop, rd, kn, known, deblur)
	})
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// rereadStackAtOtherHeights is rereadAtOtherHeights for cells[i] (c).
func rereadStackAtOtherHeights(img image.Image, c *Cell, i int, faces []image.Image, pose *vision.Pose, geo Geometry, crop int, rd TileReader, kn ocr.Known, known, deblur bool) error {
	if c.Height == 0 || c.Letter == "" || c.Conf >= SureConf {
		return nil
	}
	if c.Conf >= rereadHeightsBelow {
		return voteSharp(img, c, i, faces, crop, rd, kn)
	}
	best := ocr.Reading{Letter: c.Letter, Conf: c.Conf, Angle: c.Angle}
	bestH := c.Height
	// A blurred face is read by the specialist throughout (with
	// deblur each crop pooled with its deconvolution, deblurReader): at
	// the height the geometry gave, at the others, and pooled.
	if br, ok := rd.(ocr.BlurReader); ok {
		var face image.Image
		at := c.Face
		if i < len(faces) && faces[i] != nil {
			face, at = faces[i], c.faceCut
		} else {
			face = letterCrop(img, c.Face, crop)
		}
		sp, blurred, err := br.SpecialistFor(face)
		if err != nil {
			return fmt.Errorf("vision: reading %v: %w", c.Pos, err)
		}
		c.blur = &blurJudged{face: at, blurred: blurred}
		if blurred {
			sr := blurredFaceReader(sp, deblur)
			rd = sr
			got, err := sr.ReadKnown(face, kn)
			if err != nil {
				return fmt.Errorf("vision: reading %v: %w", c.Pos, err)
			}
			best = got
		}
	}
	for h := 1; h <= geo.MaxStack; h++ {
		if h == c.Height {
			continue
		}
		q := faceQuad(pose, c.Pos.Row, c.Pos.Col, float64(h), geo)
		face := letterCrop(img, q, crop)
		got, err := readFace(rd, face, known, kn)
		if err != nil {
			return fmt.Errorf("vision: reading %v: %w", c.Pos, err)
		}
		if got.Letter != "" && got.Conf > best.Conf+rereadHeightsMargin {
			best, bestH = got, h
		}
	}
	if best.Conf < voteBelow {
		q := c.Face
		if bestH != c.Height {
			q = faceQuad(pose, c.Pos.Row, c.Pos.Col, float64(bestH), geo)
		}
		got, ok, err := voteFace(img, q, crop, rd, kn)
		if err != nil {
			return fmt.Errorf("vision: reading %v: %w", c.Pos, err)
		}
		if ok && got.Letter != "" {
			best = got
		}
	}
	c.Letter, c.Conf, c.Angle = best.Letter, best.Conf, best.Angle
	return nil
}

// voteSharp reads again a stack whose letter was read nearly but not
// quite surely (from rereadHeightsBelow to SureConf) on a sharp crop,
// from its face's pooled crops (voteFace): such a letter was read again
// nowhere else. On sharp faces of typefaces the reader was not trained
// on, one crop can turn on a pixel (a thin-barred T read I at 0.81-0.89,
// an R read B at 0.86, where the crops pooled read T and R; tuning sets
// 73001 and 73002, docs/vision.md). The pooled letter replaces the
// stack's when it differs, with the lower of the two confidences (the
// crops disagree: never sure); when it agrees the stack keeps its own
// (never made surer). A blurred crop is left as
// read: the specialist for blurred crops, which reads it (recheckBlurred),
// reads worse pooled over moved crops (the same tuning sets: 2 mended,
// 3 broken).
func voteSharp(img image.Image, c *Cell, i int, faces []image.Image, crop int, rd TileReader, kn ocr.Known) error {
	var face image.Image
	at := c.Face
	if i < len(faces) && faces[i] != nil {
		face, at = faces[i], c.faceCut
	} else {
		face = letterCrop(img, c.Face, crop)
	}
	if br, ok := rd.(ocr.BlurReader); ok {
		_, blurred, err := br.SpecialistFor(face)
		if err != nil {
			return fmt.Errorf("vision: reading %v: %w", c.Pos, err)
		}
		c.blur = &blurJudged{face: at, blurred: blurred}
		if blurred {
			return nil
		}
	}
	got, ok, err := voteFace(img, c.Face, crop, rd, kn)
	if err != nil {
		return fmt.Errorf("vision: reading %v: %w", c.Pos, err)
	}
	if ok && got.Letter != "" && got.Letter != c.Letter {
		// The crops disagree: the stack stays unsure however sure the
		// pool is.
		c.Letter, c.Conf, c.Angle = got.Letter, math.Min(got.Conf, c.Conf), got.Angle
	}
	return nil
}

// knownTile is what a face's reader is told: a tile, standing at k
// quarter turns when the board's reading direction is known.
func knownTile(k int, known bool) ocr.Known {
	kn := ocr.Known{Tile: true}
	if known {
		kn.HasAngle, kn.Angle = true, float64(90*k)
	}
	return kn
}

// readFace reads a face's crop, told kn when the reading direction is
// known and the reader can be told it (ocr.KnownReader).
func readFace(rd TileReader, face image.Image, known bool, kn ocr.Known) (ocr.Reading, error) {
	if kr, ok := rd.(ocr.KnownReader); ok && known {
		return kr.ReadKnown(face, kn)
	}
	return rd.Read(face)
}

// keepStood reads again, at the height it stood at, each stack read with
// a letter other than the one that stood on its square (stood, in the
// camera's own rows and columns): a tile played there covers the old
// letter, so when the crop at the old height reads the old letter at
// SureConf or more, no tile was played and the stack is read as it stood,
// with that confidence. On boards of other makers' dimensions the
// project's tile thickness puts a stack's face a level off, and the crop
// there reads the tile behind or beside it: a new letter one higher, a
// play that was not made.
func keepStood(img image.Image, cells []Cell, pose *vision.Pose, geo Geometry, crop int, rd TileReader, k int, known bool, stood func(row, col int) grid.Stack) error {
	kn := knownTile(k, known)
	for i := range cells {
		c := &cells[i]
		if c.Height == 0 || c.Letter == "" {
			continue
		}
		was := stood(c.Pos.Row, c.Pos.Col)
		if was.Empty() || was.Letter == c.Letter || was.Height > geo.MaxStack {
			continue
		}
		face := letterCrop(img, faceQuad(pose, c.Pos.Row, c.Pos.Col, float64(was.Height), geo), crop)
		got, err := readFace(rd, face, known, kn)
		if err != nil {
			return fmt.Errorf("vision: reading %v: %w", c.Pos, err)
		}
		if got.Letter == was.Letter && got.Conf >= SureConf {
			c.Letter, c.Conf, c.Angle, c.Height, c.HeightOK = got.Letter, got.Conf, got.Angle, was.Height, 0
			c.Face = faceQuad(pose, c.Pos.Row, c.Pos.Col, float64(was.Height), geo)
		}
	}
	return nil
}

// newLetters is, through a game, whether a stack is read with a new
// letter: a tile put on its square this turn, not the letter that stood
// there (stood, in the camera's rows and columns). The history gives
// every other stack's letter; a new one only the photo can tell, and a
// letter misread there surely is a turn the rules refuse or, worse, take
// with a guess (the lead's tuning game 111406, game 3 turn 9: SAGE read
// SAGI, its E read I at 0.96 and never read again, the G taken for K).
func newLetters(stood func(row, col int) grid.Stack) func(*Cell) bool {
	return func(c *Cell) bool {
		return c.Height > 0 && c.Letter != "" && c.Letter != "?" && stood(c.Pos.Row, c.Pos.Col).Letter != c.Letter
	}
}

// glyphProber is a reader that gives every glyph's probability on a crop
// (ocr.Classifier).
type glyphProber interface {
	Glyphs() []string
	GlyphProbs(tile image.Image, k ocr.Known) (probs, angles []float64, err error)
}

// altMin is the probability from which a letter is another the face may
// bear (Cell.Alt); altMax how many are kept at most. A new letter read
// surely gets its altSure likeliest others whatever their probability:
// the reader can be sure and wrong (a blurred M read N at 1.0, the M
// still its runner-up), and the rules weigh them only when the play as
// read is refused. On a blurred, small, faint print the true letter is
// often further down than third and under 5% (an H read R, E and S
// next: docs/vision.md, "The lost turns of a hard game"), so six are
// kept from 1% (Alt, Maybe and Raised): the rules weigh them only for
// a play they refuse, and a letter they take instead is shown unsure.
const (
	altMin  = 0.01
	altMax  = 6
	altSure = 2
)

// poolDoubt: a new letter read surely (SureConf or more) stays sure only
// when its face's crops back it: the letter is still the likeliest with
// every glyph's probability averaged over the crops (faceJitters, each
// read at the board's reading direction when known: pooledProbs,
// poolBacks). Else
// it is read as read at poolDoubt: under SureConf (not shown sure), above
// the reconciling's bound for a faint tile (the rules weigh it as a
// tile), the others its crops give for the rules to weigh. The reader's
// confidence is one crop's, and a face placed a few pixels off can turn
// it (a Z read L at 0.96 whose crops pooled read Z likelier).
// On the tuning games (eval-game seeds 100000-100004, 99650, 99653 and
// 99654, hard, varied: 1493 new letters read at SureConf or more, 18 of
// them wrong; docs/vision.md, "a new letter read surely and wrong") the
// crops read another letter likelier for 12 of the wrong ones and 28
// right ones; a bound on the pooled probability instead (under 0.4)
// doubted the same 12 wrong ones and 55 right ones.
const poolDoubt = 0.8

// poolBacks reports whether the probabilities pooled over a face's crops
// (in the order of glyphs) back letter: no other letter is likelier (the
// glyph for no tile is not weighed: the square was read as a tile).
func poolBacks(glyphs []string, pooled []float64, letter string) bool {
	own := -1
	for g, l := range glyphs {
		if l == letter && g < len(pooled) {
			own = g
		}
	}
	if own < 0 {
		return false
	}
	for g, l := range glyphs {
		if l != "" && g != own && g < len(pooled) && pooled[g] > pooled[own] {
			return false
		}
	}
	return true
}

// pooledProbs is every glyph's probability on the face q averaged over
// its crops moved and scaled (faceJitters, as voteFace pools them), read
// with what is known of it (kn); first is the crop as placed (the first
// jitter), already read.
func pooledProbs(img image.Image, q vision.Quad, crop int, pr glyphProber, kn ocr.Known, first []float64) ([]float64, error) {
	sum := append([]float64(nil), first...)
	for _, j := range faceJitters[1:] {
		p, _, err := pr.GlyphProbs(letterCrop(img, jitterQuad(q, j.du, j.dv, j.s), crop), kn)
		if err != nil {
			return nil, err
		}
		for g := range sum {
			if g < len(p) {
				sum[g] += p[g]
			}
		}
	}
	for g := range sum {
		sum[g] /= float64(len(faceJitters))
	}
	return sum, nil
}

// altLetters gives each stack read with a new letter (not the one that
// stood on its square: stood, in the camera's rows and columns) the
// other letters its face may bear (Cell.Alt): under SureConf those at
// altMin or more (a blurred M read N, a G read C) with every glyph's
// probability averaged over the face's crops moved and scaled
// (pooledProbs: one crop's runners-up turn on a pixel on a small,
// blurred print), at SureConf or more its altSure runners-up. A new
// letter read surely is read from its face's crops too, and stays sure
// only when they back it (poolBacks); else it is read at poolDoubt, its
// others as for an unsure one. One more reading of the face, pooled,
// for the few new letters of a turn, and six more for each.
func altLetters(img image.Image, cells []Cell, crop int, pr glyphProber, kn ocr.Known, stood func(row, col int) grid.Stack) error {
	glyphs := pr.Glyphs()
	for i := range cells {
		c := &cells[i]
		if c.Height == 0 || c.Letter == "" || c.Letter == "?" {
			continue
		}
		if stood(c.Pos.Row, c.Pos.Col).Letter == c.Letter {
			continue
		}
		probs, _, err := pr.GlyphProbs(letterCrop(img, c.Face, crop), kn)
		if err != nil {
			return fmt.Errorf("vision: reading %v: %w", c.Pos, err)
		}
		if c.Conf >= SureConf {
			pooled, err := pooledProbs(img, c.Face, crop, pr, kn, probs)
			if err != nil {
				return fmt.Errorf("vision: reading %v: %w", c.Pos, err)
			}
			if !poolBacks(glyphs, pooled, c.Letter) {
				// The face's crops do not back the letter: read as
				// read, not sure, the others its crops give weighed.
				c.Conf = min(c.Conf, poolDoubt)
				c.Alt = likeliest(glyphs, pooled, c.Letter)
				continue
			}
			c.Alt = likeliestOf(glyphs, probs, c.Letter, 0, altSure)
			continue
		}
		pooled, err := pooledProbs(img, c.Face, crop, pr, kn, probs)
		if err != nil {
			return fmt.Errorf("vision: reading %v: %w", c.Pos, err)
		}
		c.Alt = likeliest(glyphs, pooled, c.Letter)
	}
	return nil
}

// likeliest are the letters of glyphs (but except) whose probability is
// altMin or more, the likeliest first, altMax at most.
func likeliest(glyphs []string, probs []float64, except string) []string {
	return likeliestOf(glyphs, probs, except, altMin, altMax)
}

// likeliestOf are the letters of glyphs (but except) whose probability
// is least or more, the likeliest first, most at most.
func likeliestOf(glyphs []string, probs []float64, except string, least float64, most int) []string {
	var idx []int
	for g, p := range probs {
		if g < len(glyphs) && glyphs[g] != "" && glyphs[g] != except && p >= least {
			idx = append(idx, g)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool { return probs[idx[a]] > probs[idx[b]] })
	if len(idx) > most {
		idx = idx[:most]
	}
	var out []string
	for _, g := range idx {
		out = append(out, glyphs[g])
	}
	return out
}

// maybeTiles gives each square read empty where nothing stood (stood),
// beside a square read with a new letter, the letters its one-high face
// would bear (Cell.Maybe): the reader told a tile is there. A turn's
// tiles stand together, so a tile the occupancy test missed (a face dim
// against the board, a print it took for the floor) lies beside one it
// saw. A few pooled readings more a turn.
func maybeTiles(img image.Image, cells []Cell, n int, pose *vision.Pose, geo Geometry, crop int, pr glyphProber, kn ocr.Known, stood func(row, col int) grid.Stack) error {
	glyphs := pr.Glyphs()
	isNew := func(c Cell) bool {
		return c.Height > 0 && c.Letter != "" && c.Letter != "?" && stood(c.Pos.Row, c.Pos.Col).Letter != c.Letter
	}
	for i := range cells {
		c := &cells[i]
		if c.Height > 0 || !stood(c.Pos.Row, c.Pos.Col).Empty() {
			continue
		}
		beside := false
		for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			r, col := c.Pos.Row+d[0], c.Pos.Col+d[1]
			if r >= 0 && col >= 0 && r < n && col < n && isNew(cells[r*n+col]) {
				beside = true
				break
			}
		}
		if !beside {
			continue
		}
		probs, _, err := pr.GlyphProbs(letterCrop(img, faceQuad(pose, c.Pos.Row, c.Pos.Col, 1, geo), crop), kn)
		if err != nil {
			return fmt.Errorf("vision: reading %v: %w", c.Pos, err)
		}
		c.Maybe = likeliest(glyphs, probs, "")
	}
	return nil
}

// rereadHeightsBelow and rereadHeightsMargin: a letter read with less
// confidence than this is read again at the neighbouring heights, and a
// reading there replaces it when surer by the margin.
const (
	rereadHeightsBelow  = 0.8
	rereadHeightsMargin = 0.15
)

// rereadBelow is the reader's confidence under which a letter is read
// again once the board's reading direction is known.
const rereadBelow = 0.5

// turnPos is square p of a board of side n once the reading is turned k
// quarter turns as turnReading turns it: each turn takes (r, c) to
// (c, n-1-r). ourPos undoes it.
func turnPos(p grid.Pos, n, k int) grid.Pos {
	for range k {
		p = grid.Pos{Row: p.Col, Col: n - 1 - p.Row}
	}
	return p
}

// turnReading re-labels the squares and corners for letters standing k
// quarter turns counter-clockwise: "up" as read is then k quarter turns
// counter-clockwise from the picture's up.
func turnReading(cells []Cell, q vision.Quad, n, k int) ([]Cell, vision.Quad) {
	out := make([]Cell, len(cells))
	copy(out, cells)
	for t := 0; t < k; t++ {
		next := make([]Cell, len(out))
		for _, c := range out {
			// new (i, j) = old (n-1-j, i)  <=>  old (r, c) -> new (c, n-1-r)
			c.Pos = turnPos(c.Pos, n, 1)
			next[c.Pos.Row*n+c.Pos.Col] = c
		}
		out = next
		q = vision.Quad{q[3], q[0], q[1], q[2]}
	}
	for i := range out {
		out[i].Angle = math.Mod(out[i].Angle-float64(90*k)+360, 360)
	}
	return out, q
}

// stoodLetters is, through a game (stood not nil), whether a letter
// stood on square p of a board of side n in any of the four reading
// directions (the photo's own is not known when its faces are first
// read): a face located there that reads it is taken for the covered
// tile's (readStack). Nil on a single photo.
func stoodLetters(stood func(grid.Pos) grid.Stack, n int, p grid.Pos) func(string) bool {
	if stood == nil {
		return nil
	}
	return func(l string) bool {
		q := p
		for range 4 {
			if s := stood(q); !s.Empty() && s.Letter == l {
				return true
			}
			q = turnPos(q, n, 1)
		}
		return false
	}
}
