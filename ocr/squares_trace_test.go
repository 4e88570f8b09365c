package ocr

import (
	"fmt"
	"image"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/ocr/dataset"
)

// squareTrace is what a SquareReader saw on one crop: Read's steps
// (squareSteps: the general model's reading, whether the crop is light,
// the pool's two whitened reads, the rule that gave the answer), each
// model's probability of the best glyphs on the two whitened views, and
// the answer.
type squareTrace struct {
	squareSteps
	probs  [2][2][]float64 // [view: b, d][model: squares, general]
	answer Reading
}

// trace reads a crop as Read does (read) and adds the models'
// probabilities on the whitened views of the crop itself (Read averages
// them over squareShifts' views), and the pool's read with the value
// painted out where Read had no need of it.
func (s *SquareReader) trace(tile image.Image) (squareTrace, error) {
	var t squareTrace
	var err error
	if t.answer, t.squareSteps, err = s.read(tile); err != nil {
		return t, err
	}
	w := whitenCrop(tile)
	dv := dropValueMark(w)
	for v, img := range []image.Image{w, dv} {
		for m, c := range s.Pool {
			p, _, err := c.GlyphProbs(img, Known{})
			if err != nil {
				return t, err
			}
			t.probs[v][m] = p
		}
	}
	if t.d == (Reading{}) {
		if t.d, err = s.Pool.Read(dv); err != nil {
			return t, err
		}
	}
	return t, nil
}

// top is the k most probable glyphs of p, as "A 0.53 R 0.31".
func top(glyphs []string, p []float64, k int) string {
	idx := make([]int, len(p))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool { return p[idx[i]] > p[idx[j]] })
	var out []string
	for _, i := range idx[:min(k, len(idx))] {
		g := glyphs[i]
		if g == "" {
			g = "."
		}
		out = append(out, fmt.Sprintf("%s %.2f", g, p[i]))
	}
	return strings.Join(out, " ")
}

// TestSquaresTrace is an opt-in diagnostic (TILESCOPE_SQR_TRACE=lexicon,
// upwords or a folder of crops, one sub-folder per letter): it reads every
// crop with the SquareReader (its squares' model from TILESCOPE_SQR_MODEL
// when set, else the built-in en-sqr) and logs, for each crop read wrong
// (and the one named by TILESCOPE_SQR_TRACE_CROP, right or not),
// what the general model read, the two models' probabilities on the two
// whitened views and the rule that decided (docs/ocr.md, "The squares'
// model trained from scratch"). It fails when the trace and Read differ.
func TestSquaresTrace(t *testing.T) {
	what := os.Getenv("TILESCOPE_SQR_TRACE")
	if what == "" {
		t.Skip("TILESCOPE_SQR_TRACE not set")
	}
	s := squareReader(t)
	if path := os.Getenv("TILESCOPE_SQR_MODEL"); path != "" {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		m, err := DecodeModel(data)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		c, err := NewClassifier(m)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if s, err = NewSquareReader(s.General, c); err != nil {
			t.Fatal(err)
		}
	}
	var crops []dataset.Crop
	var err error
	switch what {
	case "lexicon", "upwords":
		crops, err = dataset.RenderedCropsWith(what, 100000, 10, dataset.RenderOptions{Difficulty: "mixed", Mode: dataset.Mode("box")})
	default:
		crops, err = dataset.FolderCrops(what)
	}
	if err != nil {
		t.Fatal(err)
	}
	glyphs := s.General.Glyphs()
	wrong := 0
	for _, c := range crops {
		tr, err := s.trace(c.Image)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		r, err := s.Read(c.Image)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		if r != tr.answer {
			t.Errorf("%s: Read %+v, trace %+v", c.Name, r, tr.answer)
		}
		if r.Letter != c.Letter {
			wrong++
		} else if c.Name != os.Getenv("TILESCOPE_SQR_TRACE_CROP") {
			continue
		}
		truth, got := c.Letter, r.Letter
		if truth == "" {
			truth = "."
		}
		if got == "" {
			got = "."
		}
		t.Logf("%s: %s read %s %.2f by %q; general %q %.2f, light %v; whitened pool %q %.2f [squares %s | general %s]; value out pool %q %.2f [squares %s | general %s]",
			c.Name, truth, got, r.Conf, tr.rule, tr.general.Letter, tr.general.Conf, tr.light,
			tr.b.Letter, tr.b.Conf, top(glyphs, tr.probs[0][0], 3), top(glyphs, tr.probs[0][1], 3),
			tr.d.Letter, tr.d.Conf, top(glyphs, tr.probs[1][0], 3), top(glyphs, tr.probs[1][1], 3))
	}
	t.Logf("%d crops, %d wrong", len(crops), wrong)
}
