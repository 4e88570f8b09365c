package upwords

import (
	"image"
	"reflect"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
)

// fixedProbs is a glyphProber that gives every crop the same
// probabilities.
type fixedProbs struct {
	glyphs []string
	probs  []float64
	reads  int
}

func (f *fixedProbs) Glyphs() []string { return f.glyphs }

func (f *fixedProbs) GlyphProbs(image.Image, ocr.Known) ([]float64, []float64, error) {
	f.reads++
	return append([]float64(nil), f.probs...), make([]float64, len(f.probs)), nil
}

// TestAltLetters: an unsure new letter gets the other letters its face
// may bear, likeliest first and at most altMax; a sure one its altSure
// runners-up, however unlikely (one its face's crops do not back as an
// unsure one: TestAltLettersPooled); the letter that stood there gets none
// and costs no reading.
func TestAltLetters(t *testing.T) {
	pr := &fixedProbs{
		glyphs: []string{"", "A", "C", "G", "O", "Q"},
		probs:  []float64{0.2, 0.01, 0.3, 0.25, 0.15, 0.06},
	}
	face := vision.Quad{{X: 2, Y: 2}, {X: 30, Y: 2}, {X: 30, Y: 30}, {X: 2, Y: 30}}
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	stood := func(row, col int) grid.Stack {
		if row == 0 && col == 2 {
			return grid.Stack{Letter: "C", Height: 1}
		}
		return grid.Stack{}
	}
	tests := []struct {
		name string
		cell Cell
		want []string
	}{
		{"an unsure new letter", Cell{Pos: grid.Pos{Row: 0, Col: 0}, Letter: "C", Height: 1, Conf: 0.4, Face: face}, []string{"G", "O", "Q", "A"}},
		{"an unsure new letter on a stack", Cell{Pos: grid.Pos{Row: 0, Col: 1}, Letter: "G", Height: 2, Conf: 0.5, Face: face}, []string{"C", "O", "Q", "A"}},
		{"a sure new letter", Cell{Pos: grid.Pos{Row: 0, Col: 3}, Letter: "C", Height: 1, Conf: SureConf, Face: face}, []string{"G", "O"}},
		{"the letter that stood there", Cell{Pos: grid.Pos{Row: 0, Col: 2}, Letter: "C", Height: 1, Conf: 0.3, Face: face}, nil},
		{"an empty square", Cell{Pos: grid.Pos{Row: 1, Col: 0}}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cells := []Cell{tc.cell}
			pr.reads = 0
			if err := altLetters(img, cells, 32, pr, ocr.Known{Tile: true}, stood); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(cells[0].Alt, tc.want) {
				t.Errorf("Alt = %q, want %q", cells[0].Alt, tc.want)
			}
			if tc.want == nil && pr.reads != 0 {
				t.Errorf("%d readings for a square with no other letters to give", pr.reads)
			}
		})
	}
	// A faint blurred face: the true letter can be sixth and at 1%; a
	// seventh and a letter under altMin are not given.
	faint := &fixedProbs{
		glyphs: []string{"", "E", "R", "S", "G", "B", "H", "N", "T", "U"},
		probs:  []float64{0.1, 0.3, 0.2, 0.15, 0.1, 0.05, 0.03, 0.01, 0.011, 0.009},
	}
	cells := []Cell{{Pos: grid.Pos{Row: 0, Col: 0}, Letter: "E", Height: 1, Conf: 0.3, Face: face}}
	if err := altLetters(img, cells, 32, faint, ocr.Known{Tile: true}, stood); err != nil {
		t.Fatal(err)
	}
	if want := []string{"R", "S", "G", "B", "H", "T"}; !reflect.DeepEqual(cells[0].Alt, want) {
		t.Errorf("a faint E: Alt = %q, want %q", cells[0].Alt, want)
	}
	// A blurred M read N at 0.998: the M is the runner-up, however
	// unlikely.
	sure := &fixedProbs{glyphs: []string{"", "A", "H", "M", "N"}, probs: []float64{0.0002, 0.0001, 0.0007, 0.001, 0.998}}
	cells = []Cell{{Pos: grid.Pos{Row: 0, Col: 0}, Letter: "N", Height: 1, Conf: 0.998, Face: face}}
	if err := altLetters(img, cells, 32, sure, ocr.Known{Tile: true}, stood); err != nil {
		t.Fatal(err)
	}
	if want := []string{"M", "H"}; !reflect.DeepEqual(cells[0].Alt, want) {
		t.Errorf("a sure N: Alt = %q, want %q", cells[0].Alt, want)
	}
}

// The project's tile reader gives the other letters.
var _ glyphProber = (*ocr.Classifier)(nil)

// TestMaybeTiles: a square read empty where nothing stood, beside a new
// letter, gets the letters its face would bear; one away from the new
// letters, one where a stack stood, or beside a letter that stood there
// before does not, and costs no reading.
func TestMaybeTiles(t *testing.T) {
	pr := &fixedProbs{
		glyphs: []string{"", "A", "H", "N"},
		probs:  []float64{0.5, 0.1, 0.3, 0.005}, // N under altMin
	}
	// A camera straight down: ten pixels a square.
	pose := &vision.Pose{R: [3]vision.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, T: vision.Vec3{0, 0, 10}, Fx: 100, Fy: 100}
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	const n = 5
	stood := map[grid.Pos]grid.Stack{
		{Row: 2, Col: 2}: {Letter: "T", Height: 1}, // read again as T: not new
		{Row: 0, Col: 2}: {Letter: "E", Height: 1}, // read empty: a stack stood there
	}
	cells := make([]Cell, n*n)
	for i := range cells {
		cells[i].Pos = grid.Pos{Row: i / n, Col: i % n}
	}
	cells[1*n+1] = Cell{Pos: grid.Pos{Row: 1, Col: 1}, Letter: "E", Height: 1, Conf: 0.99} // new
	cells[2*n+2] = Cell{Pos: grid.Pos{Row: 2, Col: 2}, Letter: "T", Height: 1, Conf: 0.99}
	err := maybeTiles(img, cells, n, pose, UpwordsGeometry, 32, pr, ocr.Known{Tile: true}, func(r, c int) grid.Stack { return stood[grid.Pos{Row: r, Col: c}] })
	if err != nil {
		t.Fatal(err)
	}
	want := map[grid.Pos][]string{
		{Row: 0, Col: 1}: {"H", "A"}, {Row: 1, Col: 0}: {"H", "A"}, {Row: 1, Col: 2}: {"H", "A"}, {Row: 2, Col: 1}: {"H", "A"},
	}
	for _, c := range cells {
		if !reflect.DeepEqual(c.Maybe, want[c.Pos]) {
			t.Errorf("%v: Maybe = %q, want %q", c.Pos, c.Maybe, want[c.Pos])
		}
	}
	if pr.reads != len(want) {
		t.Errorf("%d readings, want %d", pr.reads, len(want))
	}
}

// scriptedProbs is a glyphProber that gives its n-th crop script[n]
// (the last one for any crop after).
type scriptedProbs struct {
	glyphs []string
	script [][]float64
	reads  int
}

func (s *scriptedProbs) Glyphs() []string { return s.glyphs }

func (s *scriptedProbs) GlyphProbs(image.Image, ocr.Known) ([]float64, []float64, error) {
	p := s.script[min(s.reads, len(s.script)-1)]
	s.reads++
	return append([]float64(nil), p...), make([]float64, len(p)), nil
}

// TestAltLettersPooled: a new letter read surely stays sure only when
// it is still the likeliest letter with the probabilities averaged over
// its face's crops (faceJitters), however low; else it keeps its letter,
// at poolDoubt (not sure), with the other letters the crops give. An
// unsure new letter keeps its letter and confidence, its other letters
// the crops' pooled (one crop alone gives E, S and Z alike).
func TestAltLettersPooled(t *testing.T) {
	glyphs := []string{"", "E", "L", "S", "Z"}
	face := vision.Quad{{X: 2, Y: 2}, {X: 30, Y: 2}, {X: 30, Y: 30}, {X: 2, Y: 30}}
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	none := func(int, int) grid.Stack { return grid.Stack{} }
	l := []float64{0.01, 0.01, 0.96, 0.01, 0.01}
	z := []float64{0.05, 0.01, 0.1, 0.04, 0.8}
	faint := []float64{0.7, 0.05, 0.1, 0.1, 0.05} // no tile likeliest, then L and S
	faintS := []float64{0.63, 0.05, 0.02, 0.25, 0.05}
	tests := []struct {
		name      string
		conf      float64
		script    [][]float64
		wantConf  float64
		wantAlt   []string
		wantReads int
	}{
		{"every crop reads L", 0.97, [][]float64{l}, 0.97, []string{"E", "S"}, len(faceJitters)},
		{"L as placed, Z on the crops moved", 0.96, [][]float64{l, z}, poolDoubt, []string{"Z", "S", "E"}, len(faceJitters)},
		{"faint crops, L still the likeliest letter", 0.95, [][]float64{l, faint}, 0.95, []string{"E", "S"}, len(faceJitters)},
		{"faint crops, S likelier", 0.95, [][]float64{l, faintS}, poolDoubt, []string{"S", "E", "Z"}, len(faceJitters)},
		{"an unsure L: its others from the crops pooled", 0.7, [][]float64{l, faintS}, 0.7, []string{"S", "E", "Z"}, len(faceJitters)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pr := &scriptedProbs{glyphs: glyphs, script: tc.script}
			cells := []Cell{{Pos: grid.Pos{Row: 0, Col: 0}, Letter: "L", Height: 1, Conf: tc.conf, Face: face}}
			if err := altLetters(img, cells, 32, pr, ocr.Known{Tile: true}, none); err != nil {
				t.Fatal(err)
			}
			c := cells[0]
			if c.Letter != "L" || c.Conf != tc.wantConf || !reflect.DeepEqual(c.Alt, tc.wantAlt) || pr.reads != tc.wantReads {
				t.Errorf("%s at %.3f, Alt %q, %d crops read; want L at %.3f, Alt %q, %d crops", c.Letter, c.Conf, c.Alt, pr.reads, tc.wantConf, tc.wantAlt, tc.wantReads)
			}
		})
	}
}

// TestPoolBacks: the letter backed is the likeliest letter pooled (a tie
// backs it; the glyph for no tile is not weighed); a letter the reader
// does not know is backed by nothing.
func TestPoolBacks(t *testing.T) {
	glyphs := []string{"", "E", "S"}
	tests := []struct {
		name   string
		pooled []float64
		letter string
		want   bool
	}{
		{"the likeliest", []float64{0.1, 0.6, 0.3}, "E", true},
		{"another likelier", []float64{0.1, 0.3, 0.6}, "E", false},
		{"a tie", []float64{0.2, 0.4, 0.4}, "E", true},
		{"no tile likelier, not weighed", []float64{0.8, 0.15, 0.05}, "E", true},
		{"an unknown letter", []float64{0.1, 0.6, 0.3}, "Q", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := poolBacks(glyphs, tc.pooled, tc.letter); got != tc.want {
				t.Errorf("poolBacks(%v, %s) = %v, want %v", tc.pooled, tc.letter, got, tc.want)
			}
		})
	}
}
