package upwords

import (
	"testing"

	"github.com/tilescope/tilescope/internal/game"
	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision/render"
	vupw "github.com/tilescope/tilescope/vision/upwords"
)

// changedFaceCells scans, through a game, a rendered photo of a board on
// which a tile went onto one stack (the T of STEEP, A on it), the photo
// before it as the scan's last: the cells of that stack (its face
// changed, vupw.Cell.FaceChanged) and of a stack left alone (its face
// compared, not changed). Whether a face changed is the scan's to say
// (vision/upwords keeps it to itself), so the cells are the scan's own.
func changedFaceCells(t *testing.T) (changed, same vupw.Cell) {
	t.Helper()
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		t.Skipf("no tile reader: %v", err)
	}
	o, err := render.RandomOptions(103990, "easy")
	if err != nil {
		t.Fatal(err)
	}
	o.Hand = false
	o.FitUpwords(10)
	before := turnBoard(t, "4,3,across,STEEP")
	after := before.Clone()
	on, alone := grid.Pos{Row: 4, Col: 4}, grid.Pos{Row: 4, Col: 6}
	after.Set(on, grid.Stack{Letter: "A", Height: 2})
	_, first := renderBoard(t, before, o)
	_, second := renderBoard(t, after, o)
	opt := vupw.Options{Reader: rd, Last: first}
	scan, err := Scan(second, opt, nil, before)
	if err != nil {
		t.Fatal(err)
	}
	changed, same = scan.Cell(on), scan.Cell(alone)
	if !changed.FaceChanged() || same.FaceChanged() || !same.FaceSame() {
		t.Fatalf("set-up: the face played on changed %v (%.2f), the face left alone changed %v, same %v (%.2f)",
			changed.FaceChanged(), changed.Change, same.FaceChanged(), same.FaceSame(), same.Change)
	}
	return changed, same
}

// TestReadingOfChangedFace: through a game, a new letter read surely
// (vupw.SureConf) on a stack whose face changed since the last photo,
// at a height the photo has no firm say of (margin under firmHeight),
// takes the history's height (one more than the stack stood) and stays
// sure. A face unchanged or not compared, a letter under SureConf or a
// firm height leave the stack as read; the first three unsure.
func TestReadingOfChangedFace(t *testing.T) {
	if testing.Short() {
		t.Skip("renders two photos")
	}
	changed, same := changedFaceCells(t)
	at := grid.Pos{Row: 1, Col: 1}
	was := grid.Stack{Letter: "T", Height: 1}
	for _, tc := range []struct {
		name     string
		face     vupw.Cell // the cell whose face comparison is taken
		read     grid.Stack
		conf     float64
		heightOK float64
		want     grid.Stack
		sure     bool
	}{
		{"sure letter, face changed, read at the stack's height", changed, grid.Stack{Letter: "A", Height: 1}, 0.98, 0.1, grid.Stack{Letter: "A", Height: 2}, true},
		{"sure letter, face changed, read two higher", changed, grid.Stack{Letter: "A", Height: 3}, 0.98, 0.25, grid.Stack{Letter: "A", Height: 2}, true},
		{"sure letter, face unchanged", same, grid.Stack{Letter: "A", Height: 1}, 0.98, 0.1, grid.Stack{Letter: "A", Height: 1}, false},
		{"sure letter, no face compared", vupw.Cell{}, grid.Stack{Letter: "A", Height: 1}, 0.98, 0.1, grid.Stack{Letter: "A", Height: 1}, false},
		{"letter under SureConf, face changed", changed, grid.Stack{Letter: "A", Height: 1}, vupw.SureConf - 0.05, 0.1, grid.Stack{Letter: "A", Height: 1}, false},
		{"sure letter, face changed, height firm", changed, grid.Stack{Letter: "A", Height: 1}, 0.98, firmHeight, grid.Stack{Letter: "A", Height: 1}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := grid.New(3, 3)
			before.Set(at, was)
			cell := tc.face
			cell.Conf, cell.HeightOK = tc.conf, tc.heightOK
			cell.Alt, cell.Raised, cell.Maybe = nil, nil, nil
			got := ReadingOf(oneStackScan(at, tc.read, cell), before)
			if s := got.Board.(*grid.Board).At(at); s != tc.want {
				t.Errorf("read %v, want %v", s, tc.want)
			}
			if sure := got.Conf[at.Row][at.Col] >= game.LowConf; sure != tc.sure {
				t.Errorf("conf %.2f: sure %v, want %v", got.Conf[at.Row][at.Col], sure, tc.sure)
			}
		})
	}
}

// TestReadingOfTwin: through a game, a new letter read surely on a face
// a neighbouring stack's letter shows too (vupw.Cell.Twin: a tile laid
// behind a taller stack, hidden, read with the stack's letter) is not
// shown sure; the same letter read surely and not a twin is.
func TestReadingOfTwin(t *testing.T) {
	at := grid.Pos{Row: 1, Col: 1}
	for _, tc := range []struct {
		name string
		twin bool
		sure bool
	}{
		{"a twin", true, false},
		{"no twin", false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := grid.New(3, 3)
			cell := vupw.Cell{Conf: 0.98, HeightOK: 1, Twin: tc.twin}
			got := ReadingOf(oneStackScan(at, grid.Stack{Letter: "N", Height: 1}, cell), before)
			if sure := got.Conf[at.Row][at.Col] >= game.LowConf; sure != tc.sure {
				t.Errorf("conf %.2f: sure %v, want %v", got.Conf[at.Row][at.Col], sure, tc.sure)
			}
		})
	}
}
