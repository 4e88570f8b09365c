package ocr

import (
	"fmt"
	"image"
	"path/filepath"
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

// TestFeaturesUprightSkipsOnlyRotation: FeaturesUpright skips the
// rotation estimate (normalizeUpright) and nothing else: on every
// committed synthetic crop, upright and turned, its features are
// exactly those of the whole normalisation finished at 0 degrees.
func TestFeaturesUprightSkipsOnlyRotation(t *testing.T) {
	paths, err := filepath.Glob("testdata/synth/*.png")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no synthetic crops (%v)", err)
	}
	imgs := loadPNGs(t, "testdata/synth/*.png") // the same files, in paths order
	for i, img := range imgs {
		for _, deg := range []float64{0, 33, 90} {
			name := fmt.Sprintf("%s turned %.0f", filepath.Base(paths[i]), deg)
			crop := img
			if deg != 0 {
				crop = resample(image.NewRGBA(img.Bounds()), img, deg)
			}
			got, err := FeaturesUpright(crop)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			n := normalize(toRGB(crop, workSide, nil), nil).finish(0)
			want := make([]float32, NumFeatures)
			features(n, want)
			for k := range want {
				if got.Vec[k] != want[k] {
					t.Errorf("%s: feature %d is %v, want %v", name, k, got.Vec[k], want[k])
					break
				}
			}
		}
	}
}
