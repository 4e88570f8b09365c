package main

import (
	"math"
	"slices"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/vision/render"
)

// TestPyramidOptions: a training scene of another maker's set (-pyr-makers)
// is drawn with that seed's set and the camera moved to fit it; a classic
// one with the renderer's own set, the camera as drawn.
func TestPyramidOptions(t *testing.T) {
	const seed = 60001
	classic, err := pyramidOptions(seed, "mixed", false, "GoBold")
	if err != nil {
		t.Fatal(err)
	}
	if classic.Pyramids != nil || classic.Typeface != "GoBold" {
		t.Errorf("classic scene: set %v, typeface %q; want the renderer's set, GoBold", classic.Pyramids, classic.Typeface)
	}
	varied, err := pyramidOptions(seed, "mixed", true, "GoBold")
	if err != nil {
		t.Fatal(err)
	}
	want := render.RandomPyramidsSet(seed)
	if varied.Pyramids == nil || *varied.Pyramids != want {
		t.Fatalf("varied scene: set %+v, want %+v", varied.Pyramids, want)
	}
	fit := classic
	fit.Pyramids = &want
	fit.FitGame("pyramids")
	if varied.HeightMM != fit.HeightMM || varied.HeightMM == classic.HeightMM {
		t.Errorf("varied scene: camera at %.0f mm, want %.0f (classic %.0f)", varied.HeightMM, fit.HeightMM, classic.HeightMM)
	}
	if _, err := pyramidOptions(seed, "impossible", true, "GoBold"); err == nil {
		t.Error("difficulty \"impossible\": no error")
	}
	if testing.Short() {
		return
	}
	_, index, err := glyphIndex(ocr.English)
	if err != nil {
		t.Fatal(err)
	}
	// a varied scene gives face crops, each labelled with a letter
	faces, found, err := pyramidScene(seed, 0, "normal", true, "GoBold", 0, index)
	if err != nil {
		t.Fatal(err)
	}
	if !found || len(faces) < 50 {
		t.Fatalf("varied normal scene %d: board found %v, %d faces; want the board and 50 or more", seed, found, len(faces))
	}
	for _, f := range faces {
		if f.glyph <= 0 || !f.truthK {
			t.Fatalf("face of square %d: glyph %d, at the true count %v", f.sq, f.glyph, f.truthK)
		}
	}
}

// TestFitFrom: trained further (-pyr-init), a model keeps the warm
// model's feature normalisation and hidden units, starts from its
// weights (no epoch: the same weights, not shared), and the epochs then
// move them towards the new samples: the loss on them falls.
func TestFitFrom(t *testing.T) {
	warm, err := ocr.LoadModel(ocr.English)
	if err != nil {
		t.Fatal(err)
	}
	glyphs := warm.Glyphs
	var d data
	x := make([]float32, ocr.NumFeatures)
	for i := 0; i < 64; i++ {
		for f := range x {
			x[f] = float32((i*7+f*13)%17) / 17
		}
		d.push(x, int32((1+i%3)*turns), false, -1, true)
	}
	same := fitFrom(&d, glyphs, warm.Alphabet, 32, 0, 1, warm, 0.003)
	if same.Hidden != warm.Hidden || !slices.Equal(same.W1, warm.W1) || !slices.Equal(same.W, warm.W) ||
		!slices.Equal(same.Mean, warm.Mean) || !slices.Equal(same.Scale, warm.Scale) {
		t.Fatal("no epoch: the model is not the warm one")
	}
	if &same.W[0] == &warm.W[0] {
		t.Fatal("the trained model shares the warm model's weights")
	}
	loss := func(m *ocr.Model) float64 {
		c, err := ocr.NewClassifier(m)
		if err != nil {
			t.Fatal(err)
		}
		var l float64
		for i := 0; i < d.n(); i++ {
			out := c.Outputs(d.X[i*ocr.NumFeatures : (i+1)*ocr.NumFeatures])
			l -= math.Log(math.Max(float64(out[d.Y[i]]), 1e-12))
		}
		return l / float64(d.n())
	}
	moved := fitFrom(&d, glyphs, warm.Alphabet, 32, 3, 1, warm, 0.003)
	if !slices.Equal(moved.Mean, warm.Mean) || moved.Hidden != warm.Hidden {
		t.Error("trained further: the normalisation or hidden units changed")
	}
	if a, b := loss(warm), loss(moved); b >= a {
		t.Errorf("loss on the new samples %.3f before, %.3f after three epochs: want it lower", a, b)
	}
}
