package upwords

import (
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"sort"

	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// GeometryFile is where `tilescope calibrate` keeps the board's geometry
// in the data directory; `scan --data` and the table service read it.
const GeometryFile = "upwords-geometry.json"

// ErrGeometry: a geometry that makes no board (a file that says so, or
// dimensions out of any edition's range).
var ErrGeometry = errors.New("upwords: bad board geometry")

// Check says whether the geometry makes a board: a tile inside its square,
// tiles 1.5-12 mm thick on a 10-40 mm pitch, walls under a third of a
// square.
func (g Geometry) Check() error {
	switch {
	case g.SquareMM < 10 || g.SquareMM > 40:
		return fmt.Errorf("%w: square pitch %g mm (want 10..40)", ErrGeometry, g.SquareMM)
	case g.TileMM < 0.5*g.SquareMM || g.TileMM > g.SquareMM:
		return fmt.Errorf("%w: tile %g mm on a %g mm pitch (want half the pitch to the pitch)", ErrGeometry, g.TileMM, g.SquareMM)
	case g.LevelMM < 1.5 || g.LevelMM > 12:
		return fmt.Errorf("%w: tile thickness %g mm (want 1.5..12)", ErrGeometry, g.LevelMM)
	case math.Abs(g.WallMM) > g.SquareMM/3:
		return fmt.Errorf("%w: wall %g mm (want within a third of the pitch)", ErrGeometry, g.WallMM)
	case g.MaxStack < 1 || g.MaxStack > 10:
		return fmt.Errorf("%w: highest stack %d (want 1..10)", ErrGeometry, g.MaxStack)
	}
	return nil
}

// LoadGeometry reads dir/upwords-geometry.json; a missing file is (nil,
// nil).
func LoadGeometry(dir string) (*Geometry, error) {
	path := filepath.Join(dir, GeometryFile)
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var g Geometry
	if err := json.Unmarshal(b, &g); err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrGeometry, path, err)
	}
	if g.MaxStack == 0 {
		g.MaxStack = UpwordsGeometry.MaxStack
	}
	if err := g.Check(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &g, nil
}

// Save writes the geometry to dir/upwords-geometry.json.
func (g Geometry) Save(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	b, _ := json.MarshalIndent(g, "", "  ")
	return os.WriteFile(filepath.Join(dir, GeometryFile), append(b, '\n'), 0o644)
}

// StackMeasure is one stack whose height is known (from the game's
// history, or told), measured in a photo: where its top face stands and
// how big it is, in squares of the board. Every such stack measures the
// tile's thickness in that camera (LearnGeometry, through a game) and,
// one photo's stacks together, its size too (calibrate:
// MeasureGeometry).
type StackMeasure struct {
	Pos    grid.Pos // as the board is read
	Height int      // known
	// Rise is the top face's height over the walls' tops, in squares:
	// Height*LevelMM/SquareMM - WallMM/SquareMM on a board of that
	// geometry.
	Rise float64
	// Tile is the top face's side, in squares; 0 when not measured.
	Tile float64
	// Leverage is how many pixels the face moves per square of rise: how
	// much the photo says about Rise (near nothing straight down, where
	// the camera looks along the stack).
	Leverage float64
}

// measureStack finds the top face of the stack on (r, c), as the camera
// sees the board, searching its rise along the parallax line between lo
// and hi squares over the walls and its size, scored much as faceSearch
// scores a face (contrast across the outline, counted where the inside is
// the lighter, times an evenly light rim inside).
func measureStack(p vision.Plane, pose *vision.Pose, occ *occluders, r, c int, lo, hi, half float64) (StackMeasure, bool) {
	cx, cy := float64(c)+0.5, float64(r)+0.5
	a, b := pose.Project(cx, cy, 0), pose.Project(cx, cy, 1)
	lev := math.Hypot(b.X-a.X, b.Y-a.Y)
	var px, py float64
	if lev > 1e-6 {
		px, py = -(b.Y-a.Y)/lev, (b.X-a.X)/lev
	}
	quad := func(z, h, off float64) vision.Quad {
		var q vision.Quad
		for i, d := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
			v := pose.Project(cx+d[0]*h, cy+d[1]*h, z)
			q[i] = vision.Point{X: v.X + px*off, Y: v.Y + py*off}
		}
		return q
	}
	bestZ, bestOff, bestS := lo, 0.0, math.Inf(-1)
	try := func(z, h, off float64) {
		q := quad(z, h, off)
		if s := lighterEdge(p, occ, q) * faceFill(p, occ, q); s > bestS {
			bestZ, bestOff, bestS = z, off, s
		}
	}
	// A step of about a pixel along the line, at most 80 of them.
	dz := math.Max(1/math.Max(lev, 1e-6), (hi-lo)/80)
	for z := lo; z <= hi+1e-9; z += dz {
		for off := -2.0; off <= 2; off += 2 {
			try(z, half, off)
		}
	}
	// The size at that rise: the innermost strong outline of a face
	// lighter than around it (the flat top inside the tile's rounded
	// edge; further out the square's walls make another), then the rise
	// again at that size.
	z0, off0 := bestZ, bestOff
	const hLo, hStep, hN = 0.30, 0.005, 39
	var prof [hN]float64
	top := 0.0
	for i := range prof {
		h := hLo + hStep*float64(i)
		for off := off0 - 1; off <= off0+1; off++ {
			q := quad(z0, h, off)
			prof[i] = math.Max(prof[i], lighterEdge(p, occ, q)*faceFill(p, occ, q))
		}
		top = math.Max(top, prof[i])
	}
	inner := -1
	for i := 1; i < hN-1; i++ {
		if prof[i] >= prof[i-1] && prof[i] >= prof[i+1] && prof[i] >= 0.5*top {
			inner = i
			break
		}
	}
	if inner < 0 {
		return StackMeasure{}, false
	}
	hf := hLo + hStep*float64(inner)
	for z := math.Max(lo, z0-1.5*dz); z <= math.Min(hi, z0+1.5*dz)+1e-9; z += dz / 4 {
		for off := off0 - 1; off <= off0+1; off += 0.5 {
			try(z, hf, off)
		}
	}
	if bestS <= 0 || math.IsInf(bestS, -1) {
		return StackMeasure{}, false
	}
	return StackMeasure{Rise: bestZ, Tile: 2 * hf / flatTop, Leverage: lev}, true
}

// flatTop is the innermost outline of a tile's face (its flat top inside
// the rounded edge) over the tile's side: 0.91-0.99 on rendered boards of
// three makers (TestLearnGeometry's scenes; 0.99 on the project's board, 0.91 on
// thick tiles with a raised grid), so a tile's size is measured within
// about 5% (calibrate on 16 boards of other makers: median 5%, at most
// 11%).
const flatTop = 0.97

// lighterEdge is faceEdge counting only the contrast where the inside of
// q's outline is the lighter.
func lighterEdge(p vision.Plane, occ *occluders, q vision.Quad) float64 {
	var s float64
	cnt := 0
	for i := 0; i < 4; i++ {
		v, n := edgeContrastOf(p, occ, q, i, true)
		s += v
		cnt += n
	}
	if cnt == 0 {
		return 0
	}
	return s / float64(cnt)
}

// measureKnown measures the stacks whose height known gives (cells as the
// camera sees the board, before any turning; known takes a square in
// that order and the stack read there and returns its height, 0 for
// none), the tallest first and at most most of them (0: all). The stacks
// nearer the camera hide what they cover. With most set (through a
// game, a few each photo), a face found at either end of the rise
// searched is no measure (none stood inside the range: a misread stack,
// a hand) and is left out; calibrate (most 0) keeps every one, as its
// learner was measured with.
func measureKnown(p vision.Plane, pose *vision.Pose, cells []Cell, n int, geo Geometry, most int, known func(r, c int, read grid.Stack) int) []StackMeasure {
	var cam vision.Vec3
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			cam[j] -= pose.R[i][j] * pose.T[i]
		}
	}
	dist := func(r, c int) float64 {
		return vision.Vec3{float64(c) + 0.5 - cam[0], float64(r) + 0.5 - cam[1], -cam[2]}.Norm()
	}
	type todo struct{ i, k int }
	var want []todo
	for i, cell := range cells {
		if cell.Height == 0 {
			continue
		}
		if k := known(cell.Pos.Row, cell.Pos.Col, grid.Stack{Letter: cell.Letter, Height: cell.Height}); k >= 1 {
			want = append(want, todo{i, k})
		}
	}
	sort.SliceStable(want, func(x, y int) bool { return want[x].k > want[y].k })
	var out []StackMeasure
	half := geo.TileMM / geo.SquareMM / 2
	for _, w := range want {
		if most > 0 && len(out) >= most {
			break
		}
		cell, k := cells[w.i], w.k
		r, c := cell.Pos.Row, cell.Pos.Col
		var occ occluders
		d := dist(r, c)
		for _, o := range cells {
			if o.Height > 0 && o.Pos != cell.Pos && dist(o.Pos.Row, o.Pos.Col) < d {
				occ.add(pose, o.Pos.Row, o.Pos.Col, o.Height, geo)
			}
		}
		// Any tile from 1.5 to 7 mm thick on any pitch from 17 to 25 mm,
		// walls up to a sixth of a square: the rise of a stack k high.
		lo, hi := math.Max(0.01, float64(k)*0.06-0.17), float64(k)*0.36
		m, ok := measureStack(p, pose, &occ, r, c, lo, hi, half)
		if !ok || (most > 0 && (m.Rise <= lo+1e-6 || m.Rise >= hi-0.02*(hi-lo))) {
			continue
		}
		m.Pos, m.Height = cell.Pos, k
		out = append(out, m)
	}
	return out
}

// Priors of LearnGeometry: how far (in squares) a board's tile thickness
// and wall are taken to stray from the prior geometry's before measures
// say otherwise, and the spread of one measure (pixels along the parallax
// line, and squares whatever the leverage: tiles lie a little off their
// squares and off each other).
//
// measureGain and measureLift correct the measured rise for the bias of
// the measure: on the project's board (8 rendered scenes of seeds 900-907,
// tilts 12-36 degrees, none in an evaluation set) the raw rises made the
// walls 0.07 of a square high (median), where the scan's geometry, with
// which its heights were tuned, says 0.024 (the face's outline sits low:
// heightBias); the tiles' thickness came out 0.165 against 0.181, but on
// boards of other makers the raw thickness was as often high as low, so
// it is not corrected. learnKeepLevel and learnKeepTile: a learned
// thickness within 20% of the prior's, or a tile within 8%, is within
// what the measures of one board spread (0.14-0.18 of a square over those
// 8 scenes, one at 0.28; through a game on the project's board, seed 777,
// learning without these bounds moved the thickness 15% off and lost 5
// points of turns right): the prior's stands.
const (
	measureGain    = 1.0
	measureLift    = 0.046
	learnKeepLevel = 0.20
	learnKeepTile  = 0.08
	learnLevelSD   = 0.05
	learnWallSD    = 0.06
	measurePxSD    = 1.5
	measureSqSD    = 0.035
)

// learnEvidence is how many of its standard errors a learned thickness
// must stand off the prior's to be taken (LearnGeometry), and learnTall
// how many stacks two or more high must be among the measures kept.
// learnSpread is how much wider than a measure's own the measures may
// spread about the line for it to be taken: a line they do not follow
// says the measure does not see the board's faces (held-out game 112704
// game 2, thin tiles among walls higher than a tile: stacks two high
// measured at four levels and at none, spread 3.6-6.8, against 1.0-1.7
// on the boards it measured, 111706 and 112704's others).
const (
	learnEvidence = 2
	learnTall     = 2
	learnSpread   = 2.5
)

// LearnGeometry is the geometry that best explains the measured stacks,
// starting from prior (a calibration, or UpwordsGeometry): the tile's
// thickness and the walls' height from where the top faces of stacks of
// known heights stand (a weighted least-squares line of rise against
// height, held near the prior's where the measures say little; measures
// more than three spreads off the line are dropped, the worst first, the
// spread being the measures' own about the line where that is wider than
// a measure's), and the tile's size from the median of the faces' sizes
// once three are measured. The thickness is taken only when the evidence
// says the prior's is wrong: the line's thickness off the prior's by
// learnEvidence of its own standard errors (the measures' weight, however
// many: a few stacks two high at a steep view say more than a dozen one
// high), by more than the measures of one board spread (learnKeepLevel),
// from at least learnTall stacks two or more high (one high, a stack
// tells the thickness only less the walls), from measures that follow
// the line (their spread about it at most learnSpread times a
// measure's own), and rounding more of the
// measured stacks to their known heights than the prior's does: a wrong
// geometry costs more than a slightly off one. The tile's size and the
// pitch stay the prior's: through a game the faces' sizes measure the
// flat top inside a thick tile's bevel, up to 18% under the tile's side
// (tuning 111706 game 2: 0.871 of a square measured 0.71-0.77), and read
// worse than the size the reader started from (docs/vision.md,
// upwlearn); calibrate's learner (learnGeometryPhoto) takes the size
// from one photo's faces, and one photo measures the board in squares,
// not millimetres.
func LearnGeometry(prior Geometry, ms []StackMeasure) Geometry {
	if prior.SquareMM == 0 {
		prior = UpwordsGeometry
	}
	s := prior.SquareMM
	a0, b0 := prior.LevelMM/s, prior.WallMM/s
	use := make([]bool, len(ms))
	for i := range ms {
		use[i] = ms[i].usable()
	}
	// spread is how much wider than a measure's own the measures spread
	// about the line (1 at least).
	spread := 1.0
	sd := func(m StackMeasure) float64 {
		return spread * math.Hypot(measurePxSD/m.Leverage, measureSqSD)
	}
	rise := StackMeasure.corrected
	// add adds m to the line's equations (sign -1: takes it out).
	add := func(q *riseSums, m StackMeasure, sign float64) {
		q.add(float64(m.Height), rise(m), sign/(sd(m)*sd(m)))
	}
	// all is the equations over the measures used.
	all := func() riseSums {
		q := priorSums(a0, b0)
		for i, m := range ms {
			if use[i] {
				add(&q, m, 1)
			}
		}
		return q
	}
	// solve is the line with its thickness's standard error.
	solve := func(q riseSums) (float64, float64, float64) { return q.solve(a0, b0) }
	// widen sets spread from the measures' residuals about the line
	// (their median, as a Gaussian's): one wild measure does not widen
	// it.
	widen := func(a, b float64) {
		spread = 1
		var z []float64
		for i, m := range ms {
			if use[i] {
				z = append(z, math.Abs(rise(m)-(float64(m.Height)*a-b))/sd(m))
			}
		}
		if len(z) >= 3 {
			sort.Float64s(z)
			spread = math.Max(1, z[len(z)/2]/0.6745)
		}
	}
	// Each measure is judged against the line the others make (one wild
	// stack pulls a line through a few measures toward itself), in the
	// measures' spread about the line.
	for range len(ms)/4 + 1 {
		spread = 1
		a, b, _ := solve(all())
		widen(a, b)
		q := all()
		worst, wi := 3.0, -1
		for i, m := range ms {
			if !use[i] {
				continue
			}
			o := q
			add(&o, m, -1)
			a, b, _ := solve(o)
			if e := math.Abs(rise(m)-(float64(m.Height)*a-b)) / sd(m); e > worst {
				worst, wi = e, i
			}
		}
		if wi < 0 {
			break
		}
		use[wi] = false
	}
	spread = 1
	a, b, _ := solve(all())
	widen(a, b)
	a, b, se := solve(all())
	g := prior
	a, b = lineBounds(a, b, s)
	// The line is taken only where it matters and the measures agree:
	// off the prior's by more than its bounds and its standard errors,
	// from stacks of more than one height, and rounding more of the
	// measured stacks to their known height than the prior does.
	explained := func(a, b float64) int { return roundedRight(ms, a, b) }
	tall := 0
	for i, m := range ms {
		if use[i] && m.Height >= 2 {
			tall++
		}
	}
	if math.Abs(a/a0-1) >= learnKeepLevel && math.Abs(a-a0) >= learnEvidence*se && spread <= learnSpread && tall >= learnTall && explained(a, b) > explained(a0, b0) {
		g.LevelMM, g.WallMM = s*a, s*b
	}
	return g
}

// corrected is the measure's rise with the measure's bias taken off
// (measureGain, measureLift): the rise the learners fit their line to.
func (m StackMeasure) corrected() float64 { return measureGain*m.Rise + measureLift }

// usable says whether a learner can weigh the measure: a stack of known
// height whose face moved with the view (Leverage over 0).
func (m StackMeasure) usable() bool { return m.Height > 0 && m.Leverage > 0 }

// learnedTile is the tile's size (mm) the measures used give (use), the
// median of the faces' sizes once three are measured, where it differs
// from prior's by more than learnKeepTile and prior's lies outside the
// 10th to 90th percentiles of the measures (the middle half was not
// enough: one held-out game on the project's board learned a tile 25%
// off); ok is false where prior's stands.
func learnedTile(prior Geometry, ms []StackMeasure, use []bool) (mm float64, ok bool) {
	s := prior.SquareMM
	var tiles []float64
	for i, m := range ms {
		if use[i] && m.Tile > 0 {
			tiles = append(tiles, m.Tile)
		}
	}
	if len(tiles) < 3 {
		return 0, false
	}
	sort.Float64s(tiles)
	t := tiles[len(tiles)/2]
	if len(tiles)%2 == 0 {
		t = (tiles[len(tiles)/2-1] + t) / 2
	}
	q1, q3, t0 := tiles[len(tiles)/10], tiles[len(tiles)*9/10], prior.TileMM/s
	if t := math.Max(0.6, math.Min(0.98, t)); math.Abs(t/t0-1) >= learnKeepTile && (t0 < q1 || t0 > q3) {
		return s * t, true
	}
	return 0, false
}

// lineBounds holds a learnt line (a, the tile's thickness, b, the
// walls' height, in squares of s mm) to the boards that exist: a tile
// 1.5-12 mm thick, walls -0.1 to 0.3 of a square.
func lineBounds(a, b, s float64) (float64, float64) {
	return math.Max(1.5/s, math.Min(12/s, a)), math.Max(-0.1, math.Min(0.3, b))
}

// roundedRight counts the measured stacks the line (a, b) rounds to
// their known height.
func roundedRight(ms []StackMeasure, a, b float64) int {
	n := 0
	for _, m := range ms {
		if h := (m.corrected() + b) / a; m.Height > 0 && math.Abs(h-float64(m.Height)) < 0.5 {
			n++
		}
	}
	return n
}

// riseSums are the normal equations of the line rise = k*a - b (a stack
// k high: a, the tile's thickness, and b, the walls' height, both in
// squares) over weighted measures, with Gaussian priors on a and b.
type riseSums struct{ saa, sab, sbb, ya, yb float64 }

// priorSums are the equations of the priors alone: a0 and b0 held with
// learnLevelSD and learnWallSD.
func priorSums(a0, b0 float64) riseSums {
	wa, wb := 1/(learnLevelSD*learnLevelSD), 1/(learnWallSD*learnWallSD)
	return riseSums{saa: wa, sbb: wb, ya: wa * a0, yb: wb * b0}
}

// add adds a stack k high that rose rise, at weight w (negative: taken
// out).
func (q *riseSums) add(k, rise, w float64) {
	// residual: rise - k a + b; d/da: -k, d/db: +1
	q.saa += w * k * k
	q.sab -= w * k
	q.sbb += w
	q.ya += w * k * rise
	q.yb -= w * rise
}

// solve is the line (a, b) and a's standard error; a0, b0 and
// learnLevelSD where the equations are singular.
func (q riseSums) solve(a0, b0 float64) (a, b, se float64) {
	det := q.saa*q.sbb - q.sab*q.sab
	if det <= 0 {
		return a0, b0, learnLevelSD
	}
	return (q.ya*q.sbb - q.sab*q.yb) / det, (q.saa*q.yb - q.sab*q.ya) / det, math.Sqrt(q.sbb / det)
}

// MeasurePerPhoto is how many stacks of known height a game's photo
// measures at most (Options.MeasureMost of the game's reader; about 1 ms
// each): the geometry is learned over the turns.
const MeasurePerPhoto = 3

// learnGeometryPhoto is the geometry one photo's measured stacks give
// (MeasureGeometry, `tilescope calibrate`): LearnGeometry as it was
// before it learned through a game by the evidence (upwlearn), a
// weighted line of rise against height held near the prior's, the
// measures more than three of a measure's spreads off it dropped, the
// thickness taken when it differs from the prior's by more than
// learnKeepLevel and rounds clearly more of the stacks to their known
// heights; the tile's size from the faces' sizes (learnedTile). On 16 renders of other
// makers' boards (seed 4343) LearnGeometry's evidence read a photo's
// thickness worse (median 7.6%, worst 48.5% off, against 7.2% and
// 36.4%): one photo's stacks share its pose's errors, which the spread
// about the line counts against them.
func learnGeometryPhoto(prior Geometry, ms []StackMeasure) Geometry {
	if prior.SquareMM == 0 {
		prior = UpwordsGeometry
	}
	s := prior.SquareMM
	a0, b0 := prior.LevelMM/s, prior.WallMM/s
	use := make([]bool, len(ms))
	for i := range ms {
		use[i] = ms[i].usable()
	}
	sd := func(m StackMeasure) float64 {
		return math.Hypot(measurePxSD/m.Leverage, measureSqSD)
	}
	fit := func() (float64, float64) {
		q := priorSums(a0, b0)
		for i, m := range ms {
			if use[i] {
				q.add(float64(m.Height), m.corrected(), 1/(sd(m)*sd(m)))
			}
		}
		a, b, _ := q.solve(a0, b0)
		return a, b
	}
	a, b := fit()
	for range len(ms)/4 + 1 {
		worst, wi := 3.0, -1
		for i, m := range ms {
			if e := math.Abs(m.corrected()-(float64(m.Height)*a-b)) / sd(m); use[i] && e > worst {
				worst, wi = e, i
			}
		}
		if wi < 0 {
			break
		}
		use[wi] = false
		a, b = fit()
	}
	g := prior
	a, b = lineBounds(a, b, s)
	// The line is taken only where it matters and the measures agree:
	// off the prior's by more than its bounds, and rounding clearly more
	// of the measured stacks to their known height than the prior does.
	explained := func(a, b float64) int { return roundedRight(ms, a, b) }
	if math.Abs(a/a0-1) >= learnKeepLevel && explained(a, b) >= explained(a0, b0)+max(3, len(ms)/10) {
		g.LevelMM, g.WallMM = s*a, s*b
	}
	if t, ok := learnedTile(prior, ms, use); ok {
		g.TileMM = t
	}
	return g
}

// MinMeasures is how many stacks a photo must show for MeasureGeometry.
const MinMeasures = 4

// MeasureGeometry measures a board's geometry from one photo (`tilescope
// calibrate`): the board is read with opt (its Geometry, else the
// project's board, is the prior and gives the pitch), and every stack
// read measures it, at the height known gives (the position on the board
// as it is read; a stack whose letter differs is not measured). With
// known nil only the tile's size is measured (every stack taken for one
// tile measured the thickness no better than the prior on 16 rendered
// boards of other makers): the thickness and walls stay the prior's.
// Best from a photo 20-40 degrees from straight down showing several
// tiles, some of them stacked.
func MeasureGeometry(img image.Image, opt Options, known *grid.Board) (Geometry, []StackMeasure, error) {
	prior := opt.Geometry
	if prior.SquareMM == 0 {
		prior = UpwordsGeometry
	}
	opt.Geometry = prior
	opt.Measure = func(p grid.Pos, read grid.Stack) int {
		if known == nil {
			return 1
		}
		if w := known.At(p); !w.Empty() && w.Letter == read.Letter {
			return w.Height
		}
		return 0
	}
	r, err := ScanUpwords(img, opt)
	if err != nil {
		return prior, nil, err
	}
	if len(r.Measures) < MinMeasures {
		return prior, r.Measures, fmt.Errorf("%w: %d stacks measured (want at least %d): put some tiles on the board, a few of them stacked", ErrGeometry, len(r.Measures), MinMeasures)
	}
	g := learnGeometryPhoto(prior, r.Measures)
	if known == nil {
		g.LevelMM, g.WallMM = prior.LevelMM, prior.WallMM
	}
	return g, r.Measures, nil
}
