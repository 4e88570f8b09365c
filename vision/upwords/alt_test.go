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
// may bear, likeliest first and at most altMax; a sure letter, or the
// letter that stood there, gets none and costs no reading.
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
		{"an unsure new letter", Cell{Pos: grid.Pos{Row: 0, Col: 0}, Letter: "C", Height: 1, Conf: 0.4, Face: face}, []string{"G", "O", "Q"}},
		{"an unsure new letter on a stack", Cell{Pos: grid.Pos{Row: 0, Col: 1}, Letter: "G", Height: 2, Conf: 0.5, Face: face}, []string{"C", "O", "Q"}},
		{"a sure new letter", Cell{Pos: grid.Pos{Row: 0, Col: 3}, Letter: "C", Height: 1, Conf: SureConf, Face: face}, nil},
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
}

// The project's tile reader gives the other letters.
var _ glyphProber = (*ocr.Classifier)(nil)
