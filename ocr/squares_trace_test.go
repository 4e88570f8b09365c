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

// squareTrace is what a SquareReader saw on one crop: the general model's
// reading, whether the crop's middle is light, the pool's two whitened
// reads (b: whitened, d: value painted out), each model's probability of
// the best glyphs on them, and which of Read's rules gave the answer.
type squareTrace struct {
	general Reading
	light   bool
	b, d    Reading
	probs   [2][2][]float64 // [view: b, d][model: squares, general]
	rule    string
	answer  Reading
}

// trace reads a crop as Read does, step by step, and names the rule that
// decides (kept in step with Read by TestSquaresTrace, which compares the
// two answers).
func (s *SquareReader) trace(tile image.Image) (squareTrace, error) {
	var t squareTrace
	a, err := s.General.Read(tile)
	if err != nil {
		return t, err
	}
	t.general = a
	grey, sat := middleFace(tile)
	t.light = grey >= squareLight && sat <= squareGrey
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
	if t.b, err = s.Pool.Read(w); err != nil {
		return t, err
	}
	if t.d, err = s.Pool.Read(dv); err != nil {
		return t, err
	}
	b, d := t.b, t.d
	done := func(rule string, r Reading) (squareTrace, error) {
		t.rule, t.answer = rule, r
		return t, nil
	}
	if !a.NoTile() && !t.light && a.Conf >= squareSureDark {
		if b.NoTile() {
			a.Conf = min(a.Conf, 1-b.Conf)
		}
		return done("dark: sure general letter", a)
	}
	if t.light && !a.NoTile() {
		if b.NoTile() && d.NoTile() {
			if min(b.Conf, d.Conf) >= squareSureEmpty && a.Conf < squareSureLetter {
				return done("light: pool says no tile", b)
			}
			a.Conf = min(a.Conf, 1-min(b.Conf, d.Conf))
		}
		return done("light: general letter", a)
	}
	if b.NoTile() && d.NoTile() {
		return done("pool: no tile", b)
	}
	letter := b
	if !d.NoTile() {
		letter = d
	}
	support := letter.Conf
	if !b.NoTile() {
		support = max(support, b.Conf)
	}
	if a.NoTile() {
		e, empty, err := s.emptyAlone(w, dv)
		if err != nil {
			return t, err
		}
		if empty {
			e.Conf = min(e.Conf, 1-support)
			return done("squares' model alone: no tile", e)
		}
		if a.Conf >= squareSureNone && support < squarePoolLetter {
			a.Conf = min(a.Conf, 1-support)
			return done("general sure no tile, pool unsure", a)
		}
	}
	if !d.NoTile() {
		return done("pool letter, value painted out", letter)
	}
	return done("pool letter, whitened", letter)
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
