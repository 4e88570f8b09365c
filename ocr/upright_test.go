package ocr

import (
	"image"
	"testing"
)

// TestFeaturesUpright: a crop known to stand upright is read as it
// stands: the normaliser's rotation estimate is skipped (Alpha 0), so an
// upright A reads A at turn 0 and the same A turned a quarter reads A at
// another turn (Features would have turned it back by its estimate).
func TestFeaturesUpright(t *testing.T) {
	imgs := loadPNGs(t, "testdata/synth/A_010.png") // an A drawn 10 degrees off upright
	upright := imgs[0]
	b := upright.Bounds()
	rd := defaultReader(t, English)
	c, ok := rd.(*Classifier)
	if !ok {
		t.Fatalf("Default(English) is a %T, want *Classifier", rd)
	}
	m := c.Model()
	glyphA := -1
	for g, name := range m.Glyphs {
		if name == "A" {
			glyphA = g
		}
	}
	if glyphA < 0 || m.Turns != 4 {
		t.Fatalf("model: glyph A at %d, %d turns", glyphA, m.Turns)
	}
	cases := []struct {
		name     string
		img      image.Image
		wantTurn func(int) bool
	}{
		{"upright A", resample(image.NewRGBA(b), upright, -10), func(t int) bool { return t == 0 }},
		{"A turned a quarter", resample(image.NewRGBA(b), upright, 80), func(t int) bool { return t != 0 }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fv, err := FeaturesUpright(tc.img)
			if err != nil {
				t.Fatal(err)
			}
			if fv.Alpha != 0 || len(fv.Vec) != NumFeatures {
				t.Fatalf("Alpha %.1f, %d features; want 0, %d", fv.Alpha, len(fv.Vec), NumFeatures)
			}
			out := c.Outputs(fv.Vec)
			best := 0
			for i := range out {
				if out[i] > out[best] {
					best = i
				}
			}
			if g, turn := best/m.Turns, best%m.Turns; g != glyphA || !tc.wantTurn(turn) {
				t.Errorf("read %s at turn %d (%.2f)", m.Glyphs[g], turn, out[best])
			}
		})
	}
	if _, err := FeaturesUpright(image.NewRGBA(image.Rect(0, 0, 0, 0))); err == nil {
		t.Error("an empty crop gave features")
	}
}
