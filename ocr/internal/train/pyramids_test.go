package main

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
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
	// -pyr-blur 1: every face of this normal scene (blur under
	// -pyr-blur-under) is also learnt defocused, with the same label and
	// other features; the faces themselves are unchanged
	defer func(b float64) { *pyrBlur = b }(*pyrBlur)
	*pyrBlur = 1
	both, _, err := pyramidScene(seed, 0, "normal", true, "GoBold", 0, index)
	if err != nil {
		t.Fatal(err)
	}
	if len(both) != 2*len(faces) {
		t.Fatalf("-pyr-blur 1: %d samples, want the %d faces twice", len(both), len(faces))
	}
	for i, f := range faces {
		a, b := both[2*i], both[2*i+1]
		if !slices.Equal(a.fv.Vec, f.fv.Vec) || b.glyph != f.glyph || b.sq != f.sq || slices.Equal(b.fv.Vec, f.fv.Vec) {
			t.Fatalf("face %d: the face changed, or its defocused copy has another label or the same features", i)
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

// TestBlurCrop: a defocused crop (-pyr-blur) keeps its size and flat
// grey, softens an ink edge (the step spreads over several pixels, the
// total ink kept), stronger with a larger sigma; noise moves pixels of
// the flat parts, and the same stream gives the same picture.
func TestBlurCrop(t *testing.T) {
	const w, h = 48, 40
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := uint8(220)
			if x >= w/2 {
				v = 30
			}
			img.SetRGBA(x, y, color.RGBA{v, v, v, 255})
		}
	}
	row := func(m *image.RGBA, x int) int { return int(m.RGBAAt(x, h/2).R) }
	ink := func(m *image.RGBA) (s int) {
		for x := 0; x < w; x++ {
			s += row(m, x)
		}
		return s
	}
	spread := func(m *image.RGBA) (n int) { // pixels of the row between the two greys
		for x := 0; x < w; x++ {
			if v := row(m, x); v > 40 && v < 210 {
				n++
			}
		}
		return n
	}
	cases := []struct {
		name                 string
		sigma                float64
		minSpread, maxSpread int
	}{
		{"one pixel", 1, 2, 6},
		{"four pixels", 4, 8, 20},
	}
	last := 0
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := blurCrop(img, c.sigma, 0, rand.New(rand.NewPCG(1, 2)))
			if b.Bounds().Dx() != w || b.Bounds().Dy() != h {
				t.Fatalf("size %v, want %dx%d", b.Bounds(), w, h)
			}
			if row(b, 0) != 220 || row(b, w-1) != 30 {
				t.Errorf("flat ends %d, %d; want 220, 30", row(b, 0), row(b, w-1))
			}
			if s := spread(b); s < c.minSpread || s > c.maxSpread || s <= last {
				t.Errorf("edge spread over %d pixels; want %d-%d and more than a smaller sigma's %d", s, c.minSpread, c.maxSpread, last)
			} else {
				last = s
			}
			if d := ink(b) - ink(img); d < -w || d > w {
				t.Errorf("row's sum moved by %d; want it kept", d)
			}
		})
	}
	t.Run("noise", func(t *testing.T) {
		a := blurCrop(img, 1, 6, rand.New(rand.NewPCG(1, 2)))
		b := blurCrop(img, 1, 6, rand.New(rand.NewPCG(1, 2)))
		if !slices.Equal(a.Pix, b.Pix) {
			t.Error("the same stream gave two pictures")
		}
		moved := 0
		for y := 0; y < h; y++ {
			if a.RGBAAt(2, y).R != 220 {
				moved++
			}
		}
		if moved < h/2 {
			t.Errorf("noise 6 moved %d of %d flat pixels; want most", moved, h)
		}
	})
}

// TestBlurredOptions: a "blurred" training scene (-pyr-blurred) is the
// hard scene of its seed with only its focus, shake and compression
// drawn from the worst of the range, the same for the same seed.
func TestBlurredOptions(t *testing.T) {
	motion := 0
	for _, tc := range []struct {
		name   string
		seed   int64
		varied bool
	}{{"classic 56001", 56001, false}, {"classic 56002", 56002, false}, {"classic 56003", 56003, false},
		{"varied 57001", 57001, true}, {"varied 57002", 57002, true}, {"varied 57003", 57003, true}} {
		t.Run(tc.name, func(t *testing.T) {
			hard, err := pyramidOptions(tc.seed, "hard", tc.varied, "GoBold")
			if err != nil {
				t.Fatal(err)
			}
			b, err := pyramidOptions(tc.seed, "blurred", tc.varied, "GoBold")
			if err != nil {
				t.Fatal(err)
			}
			again, _ := pyramidOptions(tc.seed, "blurred", tc.varied, "GoBold")
			if b.Blur != again.Blur || b.MotionPx != again.MotionPx || b.Quality != again.Quality {
				t.Errorf("seed %d drawn twice: %v/%v/%d then %v/%v/%d", tc.seed, b.Blur, b.MotionPx, b.Quality, again.Blur, again.MotionPx, again.Quality)
			}
			if b.Blur < 1.5 || b.Blur > 3.2 {
				t.Errorf("defocus %.2f px, want 1.5-3.2", b.Blur)
			}
			if b.MotionPx != 0 && (b.MotionPx < 2 || b.MotionPx > 7) {
				t.Errorf("motion %.2f px, want 0 or 2-7", b.MotionPx)
			}
			if b.MotionPx > 0 {
				motion++
			}
			if b.Quality < 55 || b.Quality > 75 {
				t.Errorf("JPEG quality %d, want 55-75", b.Quality)
			}
			// everything else is the hard scene's
			b.Blur, b.MotionPx, b.MotionDeg, b.Quality = hard.Blur, hard.MotionPx, hard.MotionDeg, hard.Quality
			if b.TiltDeg != hard.TiltDeg || b.YawDeg != hard.YawDeg || b.Glare != hard.Glare || b.Noise != hard.Noise || b.HeightMM != hard.HeightMM || (b.Pyramids == nil) != (hard.Pyramids == nil) {
				t.Errorf("blurred scene's camera or light differ from the hard scene's: %+v, want %+v", b, hard)
			}
		})
	}
	if motion == 0 || motion == 6 {
		t.Errorf("%d of 6 scenes shaken, want some and not all", motion)
	}
}

// TestPyrCache: the faces read back from -pyr-cache are the faces the
// scenes gave, feature for feature, so a model trained from the cache is
// the one trained from the scenes.
func TestPyrCache(t *testing.T) {
	if testing.Short() {
		t.Skip("draws a scene")
	}
	_, index, err := glyphIndex(ocr.English)
	if err != nil {
		t.Fatal(err)
	}
	old := [...]any{*pyrScenes, *pyrHard, *pyrMakers, *pyrMakersHard, *pyrBlurred, *pyrCache, *pyrMixed0}
	defer func() {
		*pyrScenes, *pyrHard, *pyrMakers, *pyrMakersHard, *pyrBlurred = old[0].(int), old[1].(int), old[2].(int), old[3].(int), old[4].(int)
		*pyrCache, *pyrMixed0 = old[5].(string), old[6].(int64)
	}()
	*pyrScenes, *pyrHard, *pyrMakers, *pyrMakersHard, *pyrBlurred = 1, 0, 0, 0, 0
	*pyrMixed0 = 40002
	*pyrCache = t.TempDir() + "/faces.gob"
	drawn, boards, err := cachedPyramidFaces([]string{"GoBold"}, index)
	if err != nil {
		t.Fatal(err)
	}
	if boards != 1 || len(drawn) < 50 {
		t.Fatalf("scene %d: %d boards, %d faces; want the board and 50 faces or more", *pyrMixed0, boards, len(drawn))
	}
	if fi, err := os.Stat(*pyrCache); err != nil || fi.Size() == 0 {
		t.Fatalf("the cache %s not written: %v", *pyrCache, err)
	}
	read, rb, err := cachedPyramidFaces([]string{"GoBold"}, index)
	if err != nil {
		t.Fatal(err)
	}
	if rb != boards || len(read) != len(drawn) {
		t.Fatalf("from the cache: %d boards, %d faces; drawn %d, %d", rb, len(read), boards, len(drawn))
	}
	for i := range drawn {
		if read[i].glyph != drawn[i].glyph || read[i].fv.Alpha != drawn[i].fv.Alpha || !slices.Equal(read[i].fv.Vec, drawn[i].fv.Vec) {
			t.Fatalf("face %d differs from the cache", i)
		}
	}
}

// TestMoreParts: the -pyr-more scenes are split into a mixed classic
// share, a hard share of other makers' sets and a blurred share (classic
// and other makers'), every scene in exactly one of them.
func TestMoreParts(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int
	}{{"none", 0}, {"one", 1}, {"five", 5}, {"ninety", 90}, {"four hundred", 400}} {
		t.Run(tc.name, func(t *testing.T) {
			parts := moreParts(tc.n)
			sum := 0
			for _, p := range parts {
				if p.n < 0 {
					t.Errorf("share %+v has a negative count", p)
				}
				sum += p.n
			}
			if sum != tc.n {
				t.Errorf("shares %+v hold %d scenes, want %d", parts, sum, tc.n)
			}
			if tc.n >= 6 {
				kinds := map[string]bool{}
				for _, p := range parts {
					if p.n > 0 {
						kinds[fmt.Sprintf("%s/%v", p.diff, p.varied)] = true
					}
				}
				for _, k := range []string{"mixed/false", "hard/true", "blurred/false", "blurred/true"} {
					if !kinds[k] {
						t.Errorf("%d scenes: no %s share in %+v", tc.n, k, parts)
					}
				}
			}
		})
	}
}

// TestMoreFonts: -pyr-more-fonts must name installed typefaces and none
// of the held-out ones.
func TestMoreFonts(t *testing.T) {
	more := render.MoreTypefaces()
	if len(more) < 2 {
		t.Skip("fewer than two of render.MoreTypefaces installed here")
	}
	a, b := more[0].Name, more[1].Name
	for _, tc := range []struct {
		name, list, holdout string
		ok                  bool
	}{
		{"two installed", a + "," + b, "GoMonoBold", true},
		{"not installed", a + ",NoSuchFace-Bold", "GoMonoBold", false},
		{"one held out", a + "," + b, "GoMonoBold," + b, false},
		{"held out of Typefaces", "GoMonoBold", "GoMonoBold", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := moreFonts(tc.list, tc.holdout)
			if (err == nil) != tc.ok {
				t.Fatalf("moreFonts(%q, %q) = %v, %v; want ok %v", tc.list, tc.holdout, got, err, tc.ok)
			}
			if tc.ok && strings.Join(got, ",") != tc.list {
				t.Errorf("moreFonts(%q) = %v", tc.list, got)
			}
		})
	}
}
