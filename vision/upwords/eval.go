package upwords

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/tilescope/tilescope/vision"

	_ "image/jpeg" // scenes and photos are JPEGs
	_ "image/png"

	"github.com/tilescope/tilescope/internal/imagesize"
	"github.com/tilescope/tilescope/scoring/grid"
)

// SceneResult is how one scan compared with the truth.
type SceneResult struct {
	Name      string
	Err       error
	Found     bool    // the grid's corners within a quarter square of the truth
	OutOfView bool    // the truth's grid is not all in the picture
	ToldOut   bool    // and the scan said so (ErrOutOfView)
	Turned    int     // quarter turns between the scan's orientation and the truth's
	CornerErr float64 // largest corner error, pixels
	Squares   int     // squares compared
	Occupied  int     // squares the truth has a stack on
	TileRight int     // squares whose empty/occupied the scan got right
	Letters   int     // occupied squares whose letter the scan got right
	Heights   int     // occupied squares whose height the scan got right
	// FaceHidden counts the truth's stacks with half their top face or
	// more under a hand (the truth's hidden share, FaceHiddenShare), and
	// HiddenLetters those of them whose letter the scan got right
	// anyway: "letters right" counts them, "letters in view" does not.
	FaceHidden, HiddenLetters int
	Elapsed                   time.Duration
	Mistakes                  []string
	// SureWrong lists the squares read sure and wrong, with the evidence
	// the sure rule weighed (eval-scan -v): the readings that cost most
	// at the table.
	SureWrong []string
	Group     string // the scene's difficulty, from its truth
	// OffSure and OffSureRight, on a board placed off (read, but its
	// corners a quarter of a square or more from the truth's: Found
	// false), count the squares the reading shows sure and of them those
	// holding what the truth holds on the same square (in the turn that
	// matches the corners best): what the page would show as certain.
	// Its sure and wrong squares are in SureWrong too.
	OffSure, OffSureRight int
	// Cells is every square of a board found, as read and as the truth
	// has it: what the sure figures and the threshold sweep need.
	Cells []EvalCell
}

// EvalCell is one square of a found board in an evaluation.
type EvalCell struct {
	Cell           // as read
	Right     bool // empty/occupied, letter and height all as the truth
	TrueStack bool // the truth has a stack here
	Occluded  bool // the truth's stack is hidden by a hand or an object
}

// EvalOptions tune an evaluation.
type EvalOptions struct {
	Scan Options
	// TrueIntrinsics uses the truth's focal length and principal point, as
	// a calibrated camera would.
	TrueIntrinsics bool
}

// EvalScene scans one image and compares it with its truth.
func EvalScene(imgPath string, t *vision.Truth, opt EvalOptions) SceneResult {
	res := SceneResult{Name: filepath.Base(imgPath)}
	if d, ok := t.Conditions["difficulty"].(string); ok {
		res.Group = d
	}
	f, err := os.Open(imgPath)
	if err != nil {
		res.Err = err
		return res
	}
	img, _, err := imagesize.DecodeReader(f)
	f.Close()
	if err != nil {
		res.Err = fmt.Errorf("%s: %w", imgPath, err)
		return res
	}
	so := opt.Scan
	so.Size = t.Board.Rows
	if opt.TrueIntrinsics {
		so.Calib = &vision.Calibration{Width: t.Width, Height: t.Height, Fx: t.Camera.Fx, Fy: t.Camera.Fy, Cx: t.Camera.Cx, Cy: t.Camera.Cy}
	}
	start := time.Now()
	r, err := ScanUpwords(img, so)
	res.Elapsed = time.Since(start)
	truth := t.TrueBoard()
	res.Squares = truth.Rows * truth.Cols
	res.Occupied = truth.Count()
	for _, c := range t.Board.Corners {
		if c[0] < 0 || c[1] < 0 || c[0] > float64(t.Width) || c[1] > float64(t.Height) {
			res.OutOfView = true
		}
	}
	if res.OutOfView {
		res.ToldOut = errors.Is(err, vision.ErrOutOfView)
		res.Err = err
		return res
	}
	if err != nil {
		res.Err = err
		return res
	}
	res.Turned, res.CornerErr, res.Found = matchGrid(t, r.Corners)
	if !res.Found {
		res.OffSure, res.OffSureRight, res.SureWrong = placedOffSure(r, truth, res.Turned)
		return res
	}
	// Compare in the truth's orientation.
	got := r.Board
	for k := 0; k < res.Turned; k++ {
		got = rotateBoard(got) // ours turned a quarter counter-clockwise
	}
	hidden := map[grid.Pos]bool{}
	faceHidden := map[grid.Pos]bool{}
	for _, c := range t.Cells {
		if c.Occluded {
			hidden[grid.Pos{Row: c.Row, Col: c.Col}] = true
		}
		if c.Height > 0 && c.Hidden >= FaceHiddenShare {
			faceHidden[grid.Pos{Row: c.Row, Col: c.Col}] = true
		}
	}
	truth.Each(func(p grid.Pos, want grid.Stack) {
		g := got.At(p)
		occupied := !cellEmpty(r, res.Turned, p, truth.Rows)
		rc := r.Cell(ourPos(p, res.Turned, truth.Rows))
		ec := EvalCell{Cell: rc, TrueStack: !want.Empty(), Occluded: hidden[p],
			Right: readRight(occupied, g.Letter, rc.Height, want)}
		res.Cells = append(res.Cells, ec)
		if ec.Sure && !ec.Right {
			res.SureWrong = append(res.SureWrong, sureWrongText(p, occupied, g, want, ec))
		}
		if occupied == !want.Empty() {
			res.TileRight++
		} else {
			res.Mistakes = append(res.Mistakes, fmt.Sprintf("%v: saw %s, is %s", p, cellText(occupied, g), want))
		}
		if !want.Empty() && faceHidden[p] {
			res.FaceHidden++
		}
		if want.Empty() || !occupied {
			return
		}
		if g.Letter == want.Letter {
			res.Letters++
			if faceHidden[p] {
				res.HiddenLetters++
			}
		} else {
			res.Mistakes = append(res.Mistakes, fmt.Sprintf("%v: letter %s, is %s", p, cellText(true, grid.Stack{Letter: g.Letter, Height: 1}), want.Letter))
		}
		gh := cellHeight(r, res.Turned, p, truth.Rows)
		if gh == want.Height {
			res.Heights++
		} else {
			res.Mistakes = append(res.Mistakes, fmt.Sprintf("%v: height %d, is %d", p, gh, want.Height))
		}
	})
	return res
}

// readRight says whether a square read occupied (or not), with the
// letter and height read, holds what the truth has there (want):
// empty/occupied, letter and height all as the truth.
func readRight(occupied bool, letter string, height int, want grid.Stack) bool {
	return occupied == !want.Empty() && (!occupied || (letter == want.Letter && height == want.Height))
}

// placedOffSure counts the squares of a reading whose board is placed
// off (EvalScene: Found false) that it shows sure, and of them those
// holding what truth holds on the same square, the reading turned by
// turned quarter turns (matchGrid's); wrong describes the others.
func placedOffSure(r *UpwordsReading, truth *grid.Board, turned int) (sure, right int, wrong []string) {
	got := r.Board
	for k := 0; k < turned; k++ {
		got = rotateBoard(got)
	}
	truth.Each(func(p grid.Pos, want grid.Stack) {
		rc := r.Cell(ourPos(p, turned, truth.Rows))
		if !rc.Sure {
			return
		}
		sure++
		g, occupied := got.At(p), rc.Height > 0
		ec := EvalCell{Cell: rc, TrueStack: !want.Empty(),
			Right: readRight(occupied, g.Letter, rc.Height, want)}
		if ec.Right {
			right++
			return
		}
		wrong = append(wrong, "on a board placed off: "+sureWrongText(p, occupied, g, want, ec))
	})
	return sure, right, wrong
}

// FaceHiddenShare is the share of a stack's top face under a hand (the
// truth's hidden share) from which eval-scan counts its letter apart:
// half the face or more hidden leaves no letter a reader can be asked
// to read (docs/vision.md, upwhand).
const FaceHiddenShare = 0.5

// matchGrid compares a scan's grid corners with the truth's: the quarter
// turn of the truth's corner order that matches them best, the largest
// corner error then (pixels), and whether that is within a quarter of a
// square (the board counts as found).
func matchGrid(t *vision.Truth, corners vision.Quad) (turned int, cornerErr float64, found bool) {
	var tq vision.Quad
	for i, c := range t.Board.Corners {
		tq[i] = vision.Point{X: c[0], Y: c[1]}
	}
	cornerErr = math.Inf(1)
	for k := 0; k < 4; k++ {
		e := 0.0
		for i := 0; i < 4; i++ {
			q := tq[(i+k)%4]
			e = math.Max(e, math.Hypot(q.X-corners[i].X, q.Y-corners[i].Y))
		}
		if e < cornerErr {
			cornerErr, turned = e, k
		}
	}
	side := math.Hypot(tq[1].X-tq[0].X, tq[1].Y-tq[0].Y) / float64(t.Board.Cols)
	return turned, cornerErr, cornerErr < side/4
}

func cellText(occupied bool, s grid.Stack) string {
	if !occupied {
		return "empty"
	}
	if s.Empty() {
		return "a tile"
	}
	return s.String()
}

// ourPos maps a square in the truth's orientation to ours, the truth's
// corner order being ours turned by k quarter turns.
func ourPos(p grid.Pos, k, n int) grid.Pos {
	for i := 0; i < k; i++ {
		// truth corner i == our corner i+k: undo one turn
		p = grid.Pos{Row: n - 1 - p.Col, Col: p.Row}
	}
	return p
}

func cellEmpty(r *UpwordsReading, k int, p grid.Pos, n int) bool {
	return r.Cell(ourPos(p, k, n)).Height == 0
}

func cellHeight(r *UpwordsReading, k int, p grid.Pos, n int) int {
	return r.Cell(ourPos(p, k, n)).Height
}

// rotateBoard returns b as it reads after the corner order shifts by one
// (our corner 1 becomes corner 0).
func rotateBoard(b *grid.Board) *grid.Board {
	n := b.Rows
	out := grid.New(b.Cols, b.Rows)
	b.Each(func(p grid.Pos, s grid.Stack) {
		// inverse of ourPos for one turn
		out.Set(turnPos(p, n, 1), s)
	})
	return out
}

// EvalSummary is the evaluation over a set.
type EvalSummary struct {
	Scenes, Found, Upright       int
	OutOfView, ToldOut           int
	Squares, TileRight, Occupied int
	Letters, Heights             int
	// FaceHidden and HiddenLetters as in SceneResult, over the boards
	// found.
	FaceHidden, HiddenLetters int
	Times                     []time.Duration
	Groups                    map[string]*EvalSummary // by difficulty
	Failures                  []SceneResult
	LettersRead               bool
	// Sure figures over the squares of the boards found: squares read
	// sure and of them right; stacks read sure and of them right; squares
	// read Covered, and of them truly empty.
	Sure, SureRight          int
	SureStacks, SureStacksOK int
	Covered, CoveredEmpty    int
	StacksRead               int // squares read as a stack
	// Stacks a hand or an object hides: how many, and of them read
	// empty and not Covered (the page would show an empty square).
	Hidden, HiddenLost int
	// Off counts the boards placed off (read, their corners a quarter of
	// a square or more off); OffSure and OffSureRight their squares
	// shown sure and of them right (SceneResult's).
	Off, OffSure, OffSureRight int
	// Cells keeps every square (for the threshold sweep) when KeepCells.
	Cells     []EvalCell
	KeepCells bool
}

// Add counts one scene.
func (s *EvalSummary) Add(r SceneResult) {
	if r.Group != "" {
		if s.Groups == nil {
			s.Groups = map[string]*EvalSummary{}
		}
		g := s.Groups[r.Group]
		if g == nil {
			g = &EvalSummary{}
			s.Groups[r.Group] = g
		}
		g.Add(SceneResult{Found: r.Found, Turned: r.Turned, OutOfView: r.OutOfView, ToldOut: r.ToldOut,
			Squares: r.Squares, Occupied: r.Occupied, TileRight: r.TileRight, Letters: r.Letters, Heights: r.Heights, Elapsed: r.Elapsed})
	}
	if r.OutOfView {
		s.OutOfView++
		if r.ToldOut {
			s.ToldOut++
		} else {
			s.Failures = append(s.Failures, r)
		}
		return
	}
	s.Scenes++
	s.Times = append(s.Times, r.Elapsed)
	for _, c := range r.Cells {
		if c.Height > 0 {
			s.StacksRead++
		}
		if c.Occluded && c.TrueStack {
			s.Hidden++
			if c.Height == 0 && !c.Covered {
				s.HiddenLost++
			}
		}
		if c.Covered {
			s.Covered++
			if !c.TrueStack {
				s.CoveredEmpty++
			}
		}
		if !c.Sure {
			continue
		}
		s.Sure++
		if c.Right {
			s.SureRight++
		}
		if c.Height > 0 {
			s.SureStacks++
			if c.Right {
				s.SureStacksOK++
			}
		}
	}
	if s.KeepCells {
		s.Cells = append(s.Cells, r.Cells...)
	}
	if !r.Found && r.Err == nil {
		s.Off++
		s.OffSure += r.OffSure
		s.OffSureRight += r.OffSureRight
	}
	if r.Found {
		s.Occupied += r.Occupied
		s.Squares += r.Squares
		s.Found++
		if r.Turned == 0 {
			s.Upright++
		}
		s.TileRight += r.TileRight
		s.Letters += r.Letters
		s.Heights += r.Heights
		s.FaceHidden += r.FaceHidden
		s.HiddenLetters += r.HiddenLetters
	}
	if !r.Found || len(r.Mistakes) > 0 {
		s.Failures = append(s.Failures, r)
	}
}

func pct(a, b int) string {
	if b == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.2f%% (%d/%d)", 100*float64(a)/float64(b), a, b)
}

// Write prints the figures: board found, letters right, heights right,
// time per image.
func (s *EvalSummary) Write(w io.Writer) {
	fmt.Fprintf(w, "scenes:           %d with the whole grid in view (+%d partly out of view)\n", s.Scenes, s.OutOfView)
	if s.OutOfView > 0 {
		fmt.Fprintf(w, "out of view told: %s\n", pct(s.ToldOut, s.OutOfView))
	}
	fmt.Fprintf(w, "board found:      %s\n", pct(s.Found, s.Scenes))
	fmt.Fprintf(w, "placed off:       %d boards read with their corners a quarter of a square or more off; their squares shown sure %d, of them right %s\n",
		s.Off, s.OffSure, pctFine(s.OffSureRight, s.OffSure))
	fmt.Fprintf(w, "orientation:      %s upright as the truth reads (row 0 at the top of the picture otherwise)\n", pct(s.Upright, s.Found))
	fmt.Fprintf(w, "empty/occupied:   %s squares of the boards found\n", pct(s.TileRight, s.Squares))
	if s.LettersRead {
		fmt.Fprintf(w, "letters right:    %s stacks on the boards found\n", pct(s.Letters, s.Occupied))
		fmt.Fprintf(w, "letters in view:  %s stacks with less than half the face under a hand (%d with more left out, %d of them read right)\n",
			pct(s.Letters-s.HiddenLetters, s.Occupied-s.FaceHidden), s.FaceHidden, s.HiddenLetters)
	} else {
		fmt.Fprintf(w, "letters right:    n/a (no tile reader)\n")
	}
	fmt.Fprintf(w, "heights right:    %s stacks on the boards found\n", pct(s.Heights, s.Occupied))
	fmt.Fprintf(w, "sure right:       %s squares read sure (empty, or letter and height); unsure %d of %d\n",
		pctFine(s.SureRight, s.Sure), s.Squares-s.Sure, s.Squares)
	fmt.Fprintf(w, "sure stacks right: %s stacks read sure; unsure stacks %d\n", pctFine(s.SureStacksOK, s.SureStacks), s.StacksRead-s.SureStacks)
	fmt.Fprintf(w, "covered:          %d squares (%d of them truly empty); stacks under a hand or object %d, of them shown empty %d\n",
		s.Covered, s.CoveredEmpty, s.Hidden, s.HiddenLost)
	if len(s.Groups) > 1 {
		var names []string
		for k := range s.Groups {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			g := s.Groups[k]
			fmt.Fprintf(w, "  %-8s board %s, heights %s", k+":", pct(g.Found, g.Scenes), pct(g.Heights, g.Occupied))
			if s.LettersRead {
				fmt.Fprintf(w, ", letters %s", pct(g.Letters, g.Occupied))
			}
			fmt.Fprintln(w)
		}
	}
	if len(s.Times) > 0 {
		t := append([]time.Duration(nil), s.Times...)
		sort.Slice(t, func(i, j int) bool { return t[i] < t[j] })
		fmt.Fprintf(w, "time per image:   median %v, p90 %v (scan only, after decoding)\n",
			t[len(t)/2].Round(time.Millisecond/10), t[len(t)*9/10].Round(time.Millisecond/10))
	}
}

func pctFine(a, b int) string {
	if b == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.3f%% (%d/%d)", 100*float64(a)/float64(b), a, b)
}

// WriteSureSweep prints, for a range of the Sure thresholds, how many
// stacks would be read sure and the share of them right, and for the
// cover threshold how many squares read empty would be covered and of
// them truly holding a stack (needs KeepCells).
func (s *EvalSummary) WriteSureSweep(w io.Writer) {
	fmt.Fprintln(w, "conf  tile  height   sure stacks       right")
	for _, cf := range []float64{0.5, 0.8, 0.9, 0.98} {
		for _, tl := range []float64{0, 0.2, 0.5} {
			for _, hm := range []float64{0, 0.2, 0.3, 0.4, 0.5, 0.55, 0.6, 0.65, 0.7} {
				n, ok := 0, 0
				for _, c := range s.Cells {
					if c.Height == 0 || c.Letter == "?" || c.Conf < cf || c.Tile < tl || c.HeightOK < hm {
						continue
					}
					n++
					if c.Right {
						ok++
					}
				}
				fmt.Fprintf(w, "%.2f  %.1f   %.1f     %6d   %s\n", cf, tl, hm, n, pctFine(ok, n))
			}
		}
	}
	fmt.Fprintln(w, "empty squares by tile evidence: below  read-empty  of them holding a stack")
	for _, t := range []float64{-1.4, -1.2, -1.1, -1.0, -0.9, -0.8, -0.7} {
		n, st := 0, 0
		for _, c := range s.Cells {
			if c.Height == 0 && c.Tile < t {
				n++
				if c.TrueStack {
					st++
				}
			}
		}
		fmt.Fprintf(w, "  %.1f  %6d  %d\n", t, n, st)
	}
	fmt.Fprintln(w, "squares read empty by tile evidence: over  truly empty  holding a stack  of them read sure")
	for _, t := range []float64{-0.5, -0.4, -0.3, -0.25, -0.2, -0.15, -0.1, -0.05} {
		e, st, sure := 0, 0, 0
		for _, c := range s.Cells {
			if c.Height != 0 || c.Tile <= t {
				continue
			}
			if !c.TrueStack {
				e++
				continue
			}
			st++
			if c.Sure {
				sure++
			}
		}
		fmt.Fprintf(w, "  %.2f  %6d  %d  %d\n", t, e, st, sure)
	}
	fmt.Fprintln(w, "squares read empty by the walls around them against the board's: over  truly empty  stacks  of them under a hand")
	for _, t := range []float64{1.2, 1.3, 1.4, 1.5, 1.6, 1.8, 2.0, 2.5} {
		e, st, hid := 0, 0, 0
		for _, c := range s.Cells {
			if c.Height != 0 || c.walls == 0 || (c.walls < t && c.walls > 1/t) {
				continue
			}
			switch {
			case !c.TrueStack:
				e++
			case c.Occluded:
				hid++
				st++
			default:
				st++
			}
		}
		fmt.Fprintf(w, "  %.1f  %6d  %d  %d\n", t, e, st, hid)
	}
	n, st := 0, 0
	for _, c := range s.Cells {
		if c.Height == 0 && !c.TrueStack {
			n++
		}
		if c.Height == 0 && c.TrueStack {
			st++
		}
	}
	fmt.Fprintf(w, "read empty: %d truly empty, %d holding a stack\n", n, st)
}

// WriteFailures lists what went wrong scene by scene.
func (s *EvalSummary) WriteFailures(w io.Writer, limit int) {
	for _, f := range s.Failures {
		for _, t := range f.SureWrong {
			fmt.Fprintf(w, "%s: sure and wrong: %s\n", f.Name, t)
		}
	}
	for _, f := range s.Failures {
		switch {
		case f.OutOfView && !f.ToldOut:
			fmt.Fprintf(w, "%s: partly out of view, but the scan said: %v\n", f.Name, f.Err)
		case f.Err != nil:
			fmt.Fprintf(w, "%s: %v\n", f.Name, f.Err)
		case !f.Found:
			fmt.Fprintf(w, "%s: board missed (corner error %.1f px)\n", f.Name, f.CornerErr)
		default:
			m := f.Mistakes
			more := ""
			if len(m) > limit {
				m, more = m[:limit], fmt.Sprintf(" (+%d more)", len(f.Mistakes)-limit)
			}
			fmt.Fprintf(w, "%s: %s%s\n", f.Name, strings.Join(m, "; "), more)
		}
	}
}

// sureWrongText describes a square read sure and wrong: what was read,
// what the truth has, and the evidence the sure rule weighed.
func sureWrongText(p grid.Pos, occupied bool, g, want grid.Stack, c EvalCell) string {
	kind := "letter or height"
	switch {
	case !occupied && !want.Empty():
		kind = "stack read empty"
	case occupied && want.Empty():
		kind = "empty read as a stack"
	}
	return fmt.Sprintf("%v: %s: saw %s, is %s (conf %.2f, tile %.2f, height margin %.2f, walls %.2f, occluded %v)",
		p, kind, cellText(occupied, g), want, c.Conf, c.Tile, c.HeightOK, c.walls, c.Occluded)
}
