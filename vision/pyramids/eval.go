package pyramids

import (
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // scenes
	_ "image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/tilescope/tilescope/internal/imagesize"
	"github.com/tilescope/tilescope/scoring/pyramids"
	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/render"
)

// SceneResult is one rendered scene read and compared with its truth.
type SceneResult struct {
	Path string
	// OutOfView: the truth's playing grid runs off the picture, so the
	// right answer is ErrOutOfView.
	OutOfView bool
	Err       error // the scan failed (no board, too dark, ...)
	// TruthErr: the truth beside the image is missing or not a Crossword
	// Pyramids scene (the set is wrong, not the reader).
	TruthErr error
	Found    bool // the board's corners within a fifth of a square
	// Unplaced: the scan said its board was not where the printed lines
	// are (Reading.Unplaced), so none of its squares is sure.
	Unplaced bool
	// CornerErr is the largest distance, in pixels, between a found and a
	// true corner.
	CornerErr float64
	Squares   int // squares compared (not hidden by a hand)
	// ColourRight counts squares whose emptiness and top colour are
	// right; Occupied the squares with a pyramid, of which LetterRight
	// have the right letter and HeightRight the right count.
	ColourRight, Occupied, LetterRight, HeightRight int
	// Sure counts the squares read as sure, SureRight those of them whose
	// emptiness, colour and letter are right (the height comes from the
	// game, not the photo).
	Sure, SureRight int
	// ColourSure counts the squares whose colour (or emptiness) was
	// read as sure (Square.ColourSure), ColourSureWrong those of them
	// whose emptiness or top colour is wrong: the game settles a
	// square's colour on it.
	ColourSure, ColourSureWrong int
	// Doubts counts the pyramids whose photo showed another count than
	// the one assumed (Square.SeenHeight); DoubtsJustified those of them
	// whose assumed count was wrong.
	Doubts, DoubtsJustified int
	readRight               int      // squares whose emptiness, colour and letter are right
	Misses                  []string // "row 3 col 4: want rA5, got bA1"
	// Pyramids are the squares read as a pyramid, as the faces' sure
	// bars weigh them (for tuning the bars: SureBars).
	Pyramids []PyramidCase
	// Blur is the scene's blur at a square 50 px wide: its defocus and
	// half its motion blur, in quadrature, scaled from the truth's square
	// (the truth's conditions; 0 when it gives none).
	Blur float64
	// LetterWrong counts the pyramids of the right colour whose letter was
	// read as another, by where the truth stands among the faces'
	// letters (Square.Letters): second, third to fifth, lower or not
	// read at all (rankClass's classes).
	LetterWrong [3]int
	// FalsePyramids counts the empty squares read as a pyramid (of them
	// FalseOverhung beside a taller stack leaning over them,
	// Square.Overhung); MissedPyramids the pyramids read as empty.
	FalsePyramids, FalseOverhung, MissedPyramids int
	Elapsed                                      time.Duration
}

// blurClasses are the upper ends of Summary's blur classes, in pixels at
// a square 50 px wide (the last class is open).
var blurClasses = [...]float64{1.5, 2.5}

// blurClass gives the class of a scene's blur (SceneResult.Blur).
func blurClass(b float64) int {
	for i, top := range blurClasses {
		if b < top {
			return i
		}
	}
	return len(blurClasses)
}

// truthRank is the place of the letter want among the square's letters
// by their evidence (1 the likeliest; ties by name), 0 when no face gave
// it any.
func truthRank(letters map[string]float64, want string) int {
	var p float64
	found := false
	for l, v := range letters {
		if strings.EqualFold(l, want) {
			p, found = v, true
		}
	}
	if !found || p <= 0 {
		return 0
	}
	rank := 1
	for l, v := range letters {
		if !strings.EqualFold(l, want) && (v > p || (v == p && l < want)) {
			rank++
		}
	}
	return rank
}

// rankClass gives SceneResult.LetterWrong's class of a wrong letter's
// truth rank (truthRank); a truth first (tied with the letter read) is
// counted as second.
func rankClass(rank int) int {
	switch {
	case rank == 1 || rank == 2:
		return 0
	case rank >= 3 && rank <= 5:
		return 1
	}
	return 2
}

// EvalScene scans one rendered scene and compares it with the truth
// written beside it.
func EvalScene(path string, opt Options) SceneResult {
	res := SceneResult{Path: path}
	t, err := loadTruth(path)
	if err != nil {
		res.TruthErr = err
		return res
	}
	img, err := loadImage(path)
	if err != nil {
		res.Err = err
		return res
	}
	for _, c := range t.Board.Corners {
		if c[0] < 0 || c[1] < 0 || c[0] > float64(img.Bounds().Dx()) || c[1] > float64(img.Bounds().Dy()) {
			res.OutOfView = true
		}
	}
	r, err := Scan(img, opt)
	if err != nil {
		res.Err = err
		return res
	}
	res.Elapsed = r.Elapsed
	for i := 0; i < 4; i++ {
		c := t.Board.Corners[i]
		res.CornerErr = math.Max(res.CornerErr, math.Hypot(r.Corners[i].X-c[0], r.Corners[i].Y-c[1]))
	}
	side := math.Hypot(t.Board.Corners[1][0]-t.Board.Corners[0][0], t.Board.Corners[1][1]-t.Board.Corners[0][1]) / pyramids.Size
	res.Found = res.CornerErr < 0.2*side
	if side > 0 {
		c := t.Conditions
		res.Blur = math.Hypot(c.Blur, c.MotionPx/2) * 50 / side
	}
	res.Unplaced = r.Unplaced
	// A board found in the wrong place is compared as well, square by
	// square at the places the reading gives: its figures are kept apart
	// (Summary.Misplaced), so that how many of its squares were shown as
	// sure is known.
	for _, tc := range t.Cells {
		if tc.Occluded {
			continue
		}
		res.Squares++
		sq := r.Square(pyramids.Pos{Row: tc.Row, Col: tc.Col})
		want, _ := pyramids.ParseColour(tc.Colour)
		if tc.Height == 0 {
			want = pyramids.NoColour
		}
		ok := sq.Colour == want
		if ok {
			res.ColourRight++
		}
		switch {
		case want == pyramids.NoColour && sq.Colour != pyramids.NoColour:
			res.FalsePyramids++
			if sq.Overhung() {
				res.FalseOverhung++
			}
		case want != pyramids.NoColour && sq.Colour == pyramids.NoColour:
			res.MissedPyramids++
		}
		read := ok
		if tc.Height > 0 {
			res.Occupied++
			lok := strings.EqualFold(sq.Letter, tc.Letter)
			hok := sq.Height == tc.Height
			if lok {
				res.LetterRight++
			} else if ok {
				res.LetterWrong[rankClass(truthRank(sq.Letters(), tc.Letter))]++
			}
			if hok {
				res.HeightRight++
			}
			if sq.SeenHeight > 0 {
				res.Doubts++
				if !hok {
					res.DoubtsJustified++
				}
			}
			ok = ok && lok && hok
			read = read && lok
		}
		if read {
			res.readRight++
		}
		if sq.Sure {
			res.Sure++
			if read {
				res.SureRight++
			}
		}
		if sq.ColourSure {
			res.ColourSure++
			if sq.Colour != want {
				res.ColourSureWrong++
			}
		}
		if sq.Colour != pyramids.NoColour {
			res.Pyramids = append(res.Pyramids, PyramidCase{Row: tc.Row, Col: tc.Col, Right: read, ColourRight: sq.Colour == want,
				Sure: sq.Sure, ColourSure: sq.ColourSure, Want: cellText(want, tc.Letter, tc.Height),
				Got: cellText(sq.Colour, sq.Letter, sq.Height), Read: factsOf(sq.read)})
		}
		if !ok {
			res.Misses = append(res.Misses, fmt.Sprintf("row %d col %d: want %s, got %s%s", tc.Row, tc.Col, cellText(want, tc.Letter, tc.Height), cellText(sq.Colour, sq.Letter, sq.Height), missMark(sq.Sure, read, sq.ColourSure, sq.Colour == want)))
		}
	}
	return res
}

// missMark tells, after a miss in the -v list, how sure the reading
// was of what it got wrong: " (sure)" where the square was shown sure
// and its emptiness, colour or letter is wrong (counted against "sure
// squares right"), " (colour sure)" where only its colour was held
// sure (Square.ColourSure, which a game's settling trusts) and is
// wrong. A miss in the height alone, or shown unsure, has no mark.
func missMark(sure, read, colourSure, colourRight bool) string {
	switch {
	case sure && !read:
		return " (sure)"
	case colourSure && !colourRight:
		return " (colour sure)"
	}
	return ""
}

// PyramidCase is one square a scene's reading took for a pyramid, with
// what its letter's sure bars weigh.
type PyramidCase struct {
	Row, Col int
	// Right: the square's colour and letter are the truth's;
	// ColourRight: its colour is (a pyramid read where none stands is
	// neither).
	Right, ColourRight bool
	// Sure: shown sure; ColourSure: its colour sure, its count not
	// doubted and the board placed (Square.ColourSure), so that the
	// letter's bars alone decide whether it is sure.
	Sure, ColourSure bool
	Want, Got        string // the truth's and the reading's "rA5"
	Read             ReadFacts
}

// ReadFacts are what the sure bars weigh of a pyramid's letter reading
// (letterRead's fields of the same names).
type ReadFacts struct {
	Letter               string
	Conf, Second         float64
	Faces, Agree, Differ int
	Strong               int
	Model, Grey          bool
	BaseLetter           string
	BaseConf, BaseSecond float64
	// Heads is each head's own reading over the same faces (letterRead's
	// heads); FaceHeads each face read, its weight and its heads' own
	// likeliest letters and probabilities of the pyramid's letter.
	Heads     []HeadFacts `json:",omitempty"`
	FaceHeads []FaceFacts `json:",omitempty"`
}

// HeadFacts is one head's own reading of a pyramid's faces (headRead).
type HeadFacts struct {
	Name, Letter    string
	Conf, Second, P float64
}

// FaceFacts is one face read: its weight, and each head's likeliest
// letter, that letter's probability and the pyramid's letter's.
type FaceFacts struct {
	Face        int
	W           float64
	Best        []string
	BestP, PLet []float64
}

func factsOf(lr letterRead) ReadFacts {
	rf := ReadFacts{Letter: lr.letter, Conf: lr.conf, Second: lr.second, Faces: lr.faces, Agree: lr.agree, Differ: lr.differ,
		Strong: lr.strong, Model: lr.model, Grey: lr.grey, BaseLetter: lr.baseLetter, BaseConf: lr.baseConf, BaseSecond: lr.baseSecond}
	for _, h := range lr.heads {
		rf.Heads = append(rf.Heads, HeadFacts{Name: h.name, Letter: h.letter, Conf: h.conf, Second: h.second, P: h.p})
	}
	g := len(lr.glyphs)
	at := slices.Index(lr.glyphs, lr.letter)
	for i, hs := range lr.faceH {
		if hs == nil || g == 0 {
			continue
		}
		ff := FaceFacts{Face: i, W: lr.faceW[i]}
		for j := 0; j+g <= len(hs); j += g {
			h := hs[j : j+g]
			b, bp, _ := topTwoOf(h, lr.glyphs)
			pl := 0.0
			if at >= 0 {
				pl = h[at]
			}
			ff.Best, ff.BestP, ff.PLet = append(ff.Best, b), append(ff.BestP, bp), append(ff.PLet, pl)
		}
		rf.FaceHeads = append(rf.FaceHeads, ff)
	}
	return rf
}

// SureAt tells whether the square would be shown sure under the faces'
// model's letter bars b (a square read without the model keeps its
// own bars).
func (c PyramidCase) SureAt(b SureBars) bool {
	f := c.Read
	lr := letterRead{letter: f.Letter, conf: f.Conf, second: f.Second, faces: f.Faces, agree: f.Agree, differ: f.Differ,
		strong: f.Strong, model: f.Model, grey: f.Grey, baseLetter: f.BaseLetter, baseConf: f.BaseConf, baseSecond: f.BaseSecond}
	for _, h := range f.Heads {
		lr.heads = append(lr.heads, headRead{name: h.Name, letter: h.Letter, conf: h.Conf, second: h.Second, p: h.P})
	}
	return c.ColourSure && sureReadAt(lr, b)
}

// ModelBars are the faces' model's sure bars in use.
func ModelBars() SureBars { return modelBars }

func cellText(c pyramids.Colour, letter string, h int) string {
	if c == pyramids.NoColour {
		return "."
	}
	return fmt.Sprintf("%c%s%d", c, letter, h)
}

func loadTruth(path string) (*render.Truth, error) {
	tp := strings.TrimSuffix(path, filepath.Ext(path)) + ".json"
	f, err := os.Open(tp)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t, err := render.ReadTruth(f, tp)
	if err != nil {
		return nil, err
	}
	if t.Game != "pyramids" || t.Board == nil {
		return nil, fmt.Errorf("pyramids: %s: not the truth of a Crossword Pyramids scene", tp)
	}
	return t, nil
}

func loadImage(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, _, err := imagesize.DecodeReader(f)
	if err != nil {
		return nil, fmt.Errorf("pyramids: %s: not a readable JPEG or PNG image: %w", path, err)
	}
	return img, nil
}

// SceneFiles lists the scenes of a rendered set: every .jpg or .png with a
// .json truth beside it, in name order (vision.SceneFiles).
func SceneFiles(dir string) ([]string, error) { return vision.SceneFiles(dir) }

// Summary adds up scene results.
type Summary struct {
	Scenes, Failed, Found                                    int
	OutOfView, Refused                                       int // grid off the picture; of them, refused as out of view
	Squares, ColourRight, Occupied, LetterRight, HeightRight int
	Sure, SureRight                                          int
	ColourSure, ColourSureWrong                              int
	Doubts, DoubtsJustified                                  int
	// Misplaced counts the boards found more than a fifth of a square
	// off their true place (a wrong reading, not an error); of their
	// MisplacedSquares, MisplacedSure were reported sure and of those
	// MisplacedSureRight happen to be right. Unplaced counts the scans
	// that said their board was not where its printed lines are.
	Misplaced, MisplacedSquares, MisplacedSure, MisplacedSureRight int
	Unplaced                                                       int
	// ByBlur counts the pyramids (Occupied) and their letters read right
	// (LetterRight) of the boards found, by the scene's blur class
	// (blurClass); LetterWrong adds up the scenes' own.
	ByBlur      [len(blurClasses) + 1][2]int
	LetterWrong [3]int
	// FalsePyramids, FalseOverhung and MissedPyramids add up the
	// scenes' own (SceneResult).
	FalsePyramids, FalseOverhung, MissedPyramids int
	Times                                        []time.Duration
	Results                                      []SceneResult
}

// Add counts one scene.
func (s *Summary) Add(r SceneResult) {
	s.Scenes++
	s.Results = append(s.Results, r)
	if r.OutOfView {
		s.OutOfView++
		if errors.Is(r.Err, vision.ErrOutOfView) {
			s.Refused++
		}
		return
	}
	if r.Err != nil {
		s.Failed++
		return
	}
	s.Times = append(s.Times, r.Elapsed)
	if r.Unplaced {
		s.Unplaced++
	}
	if !r.Found {
		// found in the wrong place: a wrong reading, not an error
		s.Misplaced++
		s.MisplacedSquares += r.Squares
		s.MisplacedSure += r.Sure
		s.MisplacedSureRight += r.SureRight
		return
	}
	s.Found++
	s.Squares += r.Squares
	s.ColourRight += r.ColourRight
	s.Occupied += r.Occupied
	s.LetterRight += r.LetterRight
	s.HeightRight += r.HeightRight
	s.Sure += r.Sure
	s.SureRight += r.SureRight
	s.ColourSure += r.ColourSure
	s.ColourSureWrong += r.ColourSureWrong
	s.Doubts += r.Doubts
	s.DoubtsJustified += r.DoubtsJustified
	b := blurClass(r.Blur)
	s.ByBlur[b][0] += r.Occupied
	s.ByBlur[b][1] += r.LetterRight
	for i, n := range r.LetterWrong {
		s.LetterWrong[i] += n
	}
	s.FalsePyramids += r.FalsePyramids
	s.FalseOverhung += r.FalseOverhung
	s.MissedPyramids += r.MissedPyramids
}

func pct(a, b int) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%% (%d/%d)", 100*float64(a)/float64(b), a, b)
}

// rightSquares counts the squares whose emptiness, colour and letter
// are right.
func (s *Summary) rightSquares() int {
	n := 0
	for _, r := range s.Results {
		if r.Found && r.Err == nil && !r.OutOfView {
			n += r.readRight
		}
	}
	return n
}

func pctFine(a, b int) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f%% (%d/%d)", 100*float64(a)/float64(b), a, b)
}

// Write prints the figures.
func (s *Summary) Write(w io.Writer) {
	fmt.Fprintf(w, "scenes            %d; board partly out of the picture in %d, refused as out of view: %s\n", s.Scenes, s.OutOfView, pct(s.Refused, s.OutOfView))
	fmt.Fprintf(w, "board found       %s  (of the scenes with the board in view; scan failed: %d)\n", pct(s.Found, s.Scenes-s.OutOfView), s.Failed)
	fmt.Fprintf(w, "board misplaced   %d (found over a fifth of a square off); their squares sure %d of %d, of them right %d; boards said unplaced %d\n",
		s.Misplaced, s.MisplacedSure, s.MisplacedSquares, s.MisplacedSureRight, s.Unplaced)
	fmt.Fprintf(w, "squares right     %s  (empty or the top pyramid's colour)\n", pct(s.ColourRight, s.Squares))
	fmt.Fprintf(w, "letters right     %s  (of squares with a pyramid)\n", pct(s.LetterRight, s.Occupied))
	fmt.Fprintf(w, "letters by blur   under %g px %s; %g-%g px %s; %g px and more %s  (the scene's blur at a 50 px square)\n",
		blurClasses[0], pct(s.ByBlur[0][1], s.ByBlur[0][0]), blurClasses[0], blurClasses[1], pct(s.ByBlur[1][1], s.ByBlur[1][0]),
		blurClasses[1], pct(s.ByBlur[2][1], s.ByBlur[2][0]))
	lw := s.LetterWrong[0] + s.LetterWrong[1] + s.LetterWrong[2]
	fmt.Fprintf(w, "letters wrong     %d of the right colour: the truth the faces' 2nd likeliest on %d, 3rd-5th on %d, lower or unread on %d\n",
		lw, s.LetterWrong[0], s.LetterWrong[1], s.LetterWrong[2])
	fmt.Fprintf(w, "false pyramids    %d on empty squares (%d of them beside a taller stack leaning over them); pyramids read empty %d\n",
		s.FalsePyramids, s.FalseOverhung, s.MissedPyramids)
	fmt.Fprintf(w, "heights right     %s\n", pct(s.HeightRight, s.Occupied))
	fmt.Fprintf(w, "count doubts      %d (the photo shows another count: unsure), the count wrong on %d of them; %d wrong counts not doubted\n",
		s.Doubts, s.DoubtsJustified, (s.Occupied-s.HeightRight)-s.DoubtsJustified)
	fmt.Fprintf(w, "sure squares      %s  (of squares; colour and letter sure)\n", pct(s.Sure, s.Squares))
	fmt.Fprintf(w, "sure squares right %s  (emptiness, colour and letter)\n", pctFine(s.SureRight, s.Sure))
	fmt.Fprintf(w, "unsure squares    %d, of them wrong %d\n", s.Squares-s.Sure, (s.Squares-s.Sure)-(s.rightSquares()-s.SureRight))
	fmt.Fprintf(w, "colour sure       %d squares (the colour or emptiness sure, the letter aside), of them the colour wrong %d\n", s.ColourSure, s.ColourSureWrong)
	if len(s.Times) > 0 {
		t := append([]time.Duration(nil), s.Times...)
		sort.Slice(t, func(i, j int) bool { return t[i] < t[j] })
		fmt.Fprintf(w, "time per image    median %v, slowest %v\n", t[len(t)/2].Round(time.Millisecond), t[len(t)-1].Round(time.Millisecond))
	}
}

// WriteFailures prints, per scene, why it failed or its first misses.
func (s *Summary) WriteFailures(w io.Writer, limit int) {
	for _, r := range s.Results {
		switch {
		case r.OutOfView && errors.Is(r.Err, vision.ErrOutOfView):
		case r.OutOfView:
			fmt.Fprintf(w, "%s: the board is partly out of the picture, but the scan said: %v\n", r.Path, r.Err)
		case r.Err != nil:
			fmt.Fprintf(w, "%s: %v\n", r.Path, r.Err)
		case !r.Found:
			fmt.Fprintf(w, "%s: board off by %.0f px; %d of its squares reported sure%s\n", r.Path, r.CornerErr, r.Sure, map[bool]string{true: " (the scan said the board is not where its lines are)"}[r.Unplaced])
		case len(r.Misses) > 0:
			m := r.Misses
			if len(m) > limit {
				m = m[:limit]
			}
			fmt.Fprintf(w, "%s: %d misses: %s\n", r.Path, len(r.Misses), strings.Join(m, "; "))
		}
	}
}
