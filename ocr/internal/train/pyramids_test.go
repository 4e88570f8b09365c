package main

import (
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
