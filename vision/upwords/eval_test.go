package upwords

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/scoring/grid"
	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/render"
)

// TestEvalLettersInViewLine: the summary's "letters in view" counts the
// stacks of the boards found less those with half their face or more
// under a hand, and their letters read right less those of the hidden
// ones; a board not found counts nowhere.
func TestEvalLettersInViewLine(t *testing.T) {
	tests := []struct {
		name   string
		scenes []SceneResult
		want   string
	}{
		{"no face hidden", []SceneResult{{Found: true, Occupied: 40, Letters: 38}},
			"letters in view:  95.00% (38/40) stacks with less than half the face under a hand (0 with more left out, 0 of them read right)"},
		{"hidden faces, one read right anyway", []SceneResult{
			{Found: true, Occupied: 40, Letters: 36, FaceHidden: 3, HiddenLetters: 1},
			{Found: true, Occupied: 20, Letters: 20}},
			"letters in view:  96.49% (55/57) stacks with less than half the face under a hand (3 with more left out, 1 of them read right)"},
		{"a board not found counts nowhere", []SceneResult{
			{Found: true, Occupied: 10, Letters: 9, FaceHidden: 1},
			{Found: false, Occupied: 30, FaceHidden: 5}},
			"letters in view:  100.00% (9/9) stacks with less than half the face under a hand (1 with more left out, 0 of them read right)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { summaryHasLine(t, tc.scenes, tc.want) })
	}
}

// summaryHasLine fails t unless the summary of scenes (letters read)
// prints the line want.
func summaryHasLine(t *testing.T, scenes []SceneResult, want string) {
	t.Helper()
	s := EvalSummary{LettersRead: true}
	for _, r := range scenes {
		s.Add(r)
	}
	var out bytes.Buffer
	s.Write(&out)
	if !strings.Contains(out.String(), want+"\n") {
		t.Errorf("summary has no line\n%s\nin\n%s", want, out.String())
	}
}

// TestEvalSceneFaceHidden: EvalScene counts apart exactly the truth's
// stacks with half their face or more hidden (FaceHiddenShare), not a
// stack with a little less hidden nor an empty square, and of them the
// letters read right. A calm rendered scene, every letter read right,
// whose truth is given hidden shares: the scan is the same, only the
// counting changes.
func TestEvalSceneFaceHidden(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a scene")
	}
	rd, err := ocr.ForUpwords()
	if err != nil {
		t.Skipf("no letter model: %v", err)
	}
	const seed = 520101
	state, err := render.RandomUpwords(seed, 10)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := render.RandomOptions(seed, "easy")
	if err != nil {
		t.Fatal(err)
	}
	opt.Hand = false
	sc, err := render.Render("upwords", state, opt)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "scene.jpg")
	if err := os.WriteFile(path, sc.JPEG, 0o644); err != nil {
		t.Fatal(err)
	}
	js, err := json.Marshal(sc.Truth)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path+".json", js, 0o644); err != nil {
		t.Fatal(err)
	}
	tr, err := vision.LoadTruth(path + ".json")
	if err != nil {
		t.Fatal(err)
	}
	eo := EvalOptions{Scan: Options{Reader: rd}}
	plain := EvalScene(path, tr, eo)
	if plain.Err != nil || !plain.Found {
		t.Fatalf("board not read: %v", plain.Err)
	}
	if plain.Letters != plain.Occupied || plain.FaceHidden != 0 {
		t.Fatalf("a calm scene with no hand: letters %d of %d, faces hidden %d; want every letter right and none hidden (%v)",
			plain.Letters, plain.Occupied, plain.FaceHidden, plain.Mistakes)
	}
	shares := []float64{FaceHiddenShare, 1, FaceHiddenShare - 0.01}
	stacks, empties := 0, 0
	for i := range tr.Cells {
		c := &tr.Cells[i]
		switch {
		case c.Height > 0 && stacks < len(shares):
			c.Hidden = shares[stacks]
			stacks++
		case c.Height == 0 && empties == 0:
			c.Hidden = 1
			empties++
		}
	}
	if stacks < len(shares) {
		t.Fatalf("the drawn board has %d stacks, want %d at least", stacks, len(shares))
	}
	got := EvalScene(path, tr, eo)
	if got.FaceHidden != 2 || got.HiddenLetters != 2 {
		t.Errorf("faces hidden %d, their letters right %d; want 2 and 2 (shares %v)", got.FaceHidden, got.HiddenLetters, shares)
	}
	if got.Letters != plain.Letters || got.Occupied != plain.Occupied {
		t.Errorf("letters right %d of %d with the shares, %d of %d without: the shares must change only the counting",
			got.Letters, got.Occupied, plain.Letters, plain.Occupied)
	}
}

// TestEvalPlacedOffLine: the summary's "placed off" line counts the
// boards read with their corners a quarter of a square or more off, and
// their squares shown sure and right; a board found, a board partly out
// of view and a scan that failed count there not at all.
func TestEvalPlacedOffLine(t *testing.T) {
	tests := []struct {
		name   string
		scenes []SceneResult
		want   string
	}{
		{"none placed off", []SceneResult{{Found: true, Squares: 100}},
			"placed off:       0 boards read with their corners a quarter of a square or more off; their squares shown sure 0, of them right n/a"},
		{"two placed off, one square sure and wrong", []SceneResult{
			{Found: true, Squares: 100},
			{Found: false, OffSure: 40, OffSureRight: 40},
			{Found: false, OffSure: 20, OffSureRight: 19},
			{OutOfView: true, OffSure: 7},
			{Err: vision.ErrNoBoard}},
			"placed off:       2 boards read with their corners a quarter of a square or more off; their squares shown sure 60, of them right 98.333% (59/60)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { summaryHasLine(t, tc.scenes, tc.want) })
	}
}

// TestPlacedOffSure: on a board placed off, the squares the reading
// shows sure are compared with the truth's on the same square, in the
// quarter turn the corners matched: an empty square shown sure where
// the truth has a stack is wrong, an unsure square is not counted, and
// a stack is right only with its letter and height.
func TestPlacedOffSure(t *testing.T) {
	const n = 3
	truth := grid.New(n, n)
	truth.Set(grid.Pos{Row: 0, Col: 0}, grid.Stack{Letter: "A", Height: 2})
	truth.Set(grid.Pos{Row: 1, Col: 1}, grid.Stack{Letter: "B", Height: 1})
	truth.Set(grid.Pos{Row: 2, Col: 2}, grid.Stack{Letter: "C", Height: 1})
	// reading builds a reading in the truth's orientation (turned 0).
	reading := func(cells map[grid.Pos]Cell) *UpwordsReading {
		r := &UpwordsReading{Board: grid.New(n, n), Cells: make([]Cell, n*n)}
		for i := range r.Cells {
			p := grid.Pos{Row: i / n, Col: i % n}
			c, ok := cells[p]
			if !ok {
				c = Cell{Sure: true} // read empty, sure
			}
			c.Pos = p
			r.Cells[i] = c
			if c.Height > 0 {
				r.Board.Set(p, grid.Stack{Letter: c.Letter, Height: c.Height})
			}
		}
		return r
	}
	tests := []struct {
		name              string
		cells             map[grid.Pos]Cell
		wantSure, wantOK  int
		wantWrongContains string
	}{
		{"every square read right and sure", map[grid.Pos]Cell{
			{Row: 0, Col: 0}: {Letter: "A", Height: 2, Sure: true},
			{Row: 1, Col: 1}: {Letter: "B", Height: 1, Sure: true},
			{Row: 2, Col: 2}: {Letter: "C", Height: 1, Sure: true}}, 9, 9, ""},
		{"a stack read empty and sure", map[grid.Pos]Cell{
			{Row: 0, Col: 0}: {Letter: "A", Height: 2, Sure: true},
			{Row: 1, Col: 1}: {Letter: "B", Height: 1, Sure: true}}, 9, 8, "placed off"},
		{"a wrong height unsure is not counted", map[grid.Pos]Cell{
			{Row: 0, Col: 0}: {Letter: "A", Height: 3},
			{Row: 1, Col: 1}: {Letter: "B", Height: 1, Sure: true},
			{Row: 2, Col: 2}: {Letter: "C", Height: 1, Sure: true}}, 8, 8, ""},
		{"a wrong letter sure", map[grid.Pos]Cell{
			{Row: 0, Col: 0}: {Letter: "R", Height: 2, Sure: true},
			{Row: 1, Col: 1}: {Letter: "B", Height: 1, Sure: true},
			{Row: 2, Col: 2}: {Letter: "C", Height: 1, Sure: true}}, 9, 8, "placed off"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sure, ok, wrong := placedOffSure(reading(tc.cells), truth, 0)
			if sure != tc.wantSure || ok != tc.wantOK {
				t.Errorf("sure %d, right %d; want %d, %d", sure, ok, tc.wantSure, tc.wantOK)
			}
			if len(wrong) != sure-ok {
				t.Errorf("%d squares described wrong, want %d", len(wrong), sure-ok)
			}
			for _, w := range wrong {
				if !strings.Contains(w, tc.wantWrongContains) {
					t.Errorf("%q does not say %q", w, tc.wantWrongContains)
				}
			}
		})
	}
}
