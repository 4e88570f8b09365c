package upwords

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/ocr"
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
		t.Run(tc.name, func(t *testing.T) {
			s := EvalSummary{LettersRead: true}
			for _, r := range tc.scenes {
				s.Add(r)
			}
			var out bytes.Buffer
			s.Write(&out)
			if !strings.Contains(out.String(), tc.want+"\n") {
				t.Errorf("summary has no line\n%s\nin\n%s", tc.want, out.String())
			}
		})
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
