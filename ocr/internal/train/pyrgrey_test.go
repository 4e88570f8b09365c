package main

import (
	"flag"
	"image"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tilescope/tilescope/ocr"
)

func TestGreyCache(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var faces []pyrSample
	for i := 0; i < 5; i++ {
		g := image.NewGray(image.Rect(0, 0, 48, 48))
		for j := range g.Pix {
			g.Pix[j] = uint8(rng.IntN(256))
		}
		faces = append(faces, pyrSample{glyph: 1 + i, sq: 100*i + 7, weight: 0.25 * float64(i), truthK: i%2 == 0, grey: g})
	}
	tests := []struct {
		name  string
		faces []pyrSample
	}{{"five faces", faces}, {"none", nil}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "faces.cache")
			if err := writeGreyCache(path, tc.faces); err != nil {
				t.Fatal(err)
			}
			back, err := readGreyCache(path)
			if err != nil {
				t.Fatal(err)
			}
			if len(back) != len(tc.faces) {
				t.Fatalf("%d faces back, want %d", len(back), len(tc.faces))
			}
			for i, s := range back {
				w := tc.faces[i]
				if s.glyph != w.glyph || s.sq != w.sq || s.weight != w.weight || s.truthK != w.truthK || !slices.Equal(s.grey.Pix, w.grey.Pix) {
					t.Errorf("face %d: %+v, want %+v", i, s, w)
				}
			}
		})
	}
	if _, err := readGreyCache(filepath.Join(t.TempDir(), "none")); err == nil {
		t.Error("a missing cache read")
	}
}

// twoClasses draws n samples of f normal features, labelled 1 and 2 in
// turn, whose feature apart is moved by -shift for class 1 and +shift
// for class 2.
func twoClasses(rng *rand.Rand, n, f, apart int, shift float32) ([]float32, []int32) {
	X := make([]float32, n*f)
	Y := make([]int32, n)
	for i := 0; i < n; i++ {
		Y[i] = int32(1 + i%2)
		for j := 0; j < f; j++ {
			X[i*f+j] = float32(rng.NormFloat64())
		}
		X[i*f+apart] += shift * float32(2*(i%2)-1)
	}
	return X, Y
}

// fitGrey learns two classes that differ in one feature, and two runs
// give the same weights.
func TestFitGrey(t *testing.T) {
	const F, N = 6, 400
	X, Y := twoClasses(rand.New(rand.NewPCG(3, 4)), N, F, 2, 3)
	glyphs := []string{"", "A", "B"}
	a := fitGrey(X, Y, F, glyphs, 8, 30, 1)
	b := fitGrey(X, Y, F, glyphs, 8, 30, 1)
	if !slices.Equal(a.W1, b.W1) || !slices.Equal(a.W, b.W) {
		t.Error("two runs with the same seed differ")
	}
	right := 0
	for i := 0; i < N; i++ {
		x := X[i*F : (i+1)*F]
		h := make([]float32, a.Hidden)
		for j := range h {
			var s float32
			for f := 0; f < F; f++ {
				s += a.W1[j*F+f] * (x[f] - a.Mean[f]) * a.Scale[f]
			}
			h[j] = max(0, s+a.B1[j])
		}
		best, bv := 0, float32(-1e30)
		for o := range glyphs {
			v := a.B[o] + dot(a.W[o*a.Hidden:(o+1)*a.Hidden], h)
			if v > bv {
				best, bv = o, v
			}
		}
		if best == int(Y[i]) {
			right++
		}
	}
	if right < N*95/100 {
		t.Errorf("%d of %d right, want 95%%", right, N)
	}
	if a.Input != ocr.InputGrey || a.Turns != 1 {
		t.Errorf("header %+v, want grey input, one turn", a.ModelHeader)
	}
}

// TestGreyFacesBlurred: the grey reader learns from the scenes en-pyr's
// flags name, -pyr-blurred's out-of-focus scenes among them (one
// classic, one of another maker's set here), each face kept grey.
func TestGreyFacesBlurred(t *testing.T) {
	if testing.Short() {
		t.Skip("draws two scenes")
	}
	_, index, err := glyphIndex(ocr.English)
	if err != nil {
		t.Fatal(err)
	}
	old := [...]any{*pyrScenes, *pyrHard, *pyrMakers, *pyrMakersHard, *pyrBlurred, *pyrgCache, *specialist, *pyrBlur}
	defer func() {
		*pyrScenes, *pyrHard, *pyrMakers, *pyrMakersHard, *pyrBlurred = old[0].(int), old[1].(int), old[2].(int), old[3].(int), old[4].(int)
		*pyrgCache, *specialist, *pyrBlur = old[5].(string), old[6].(string), old[7].(float64)
	}()
	*specialist, *pyrgCache, *pyrBlur = "pyramids-grey", "", 0
	tests := []struct {
		name    string
		blurred int
		min     int
	}{{"no scenes", 0, 0}, {"two blurred scenes", 2, 100}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			*pyrScenes, *pyrHard, *pyrMakers, *pyrMakersHard, *pyrBlurred = 0, 0, 0, 0, tc.blurred
			faces, err := greyFaces(index, []string{"GoBold"})
			if err != nil {
				t.Fatal(err)
			}
			if len(faces) < tc.min || (tc.min == 0 && len(faces) > 0) {
				t.Fatalf("%d faces, want %d or more (none when no scene)", len(faces), tc.min)
			}
			for i, s := range faces {
				if s.grey == nil || s.grey.Rect.Dx() != 48 || s.grey.Rect.Dy() != 48 || s.glyph <= 0 {
					t.Fatalf("face %d: grey %v, glyph %d; want a 48x48 grey crop of a letter", i, s.grey != nil, s.glyph)
				}
			}
		})
	}
}

// TestGreyModelFile: -pyrg-name chooses the grey model's file, the
// default the shipped en-pyrg.tsm.
func TestGreyModelFile(t *testing.T) {
	for _, tc := range []struct {
		name, alpha, model, want string
	}{
		{"default grey reader", "en", "pyrg", "en-pyrg.tsm"},
		{"blur specialist", "en", "pyrb", "en-pyrb.tsm"},
		{"other alphabet", "ru", "pyrb", "ru-pyrb.tsm"},
	} {
		if got := greyModelFile(tc.alpha, tc.model); got != tc.want {
			t.Errorf("%s: greyModelFile(%q, %q) = %q, want %q", tc.name, tc.alpha, tc.model, got, tc.want)
		}
	}
	if got := flag.Lookup("pyrg-name").DefValue; got != "pyrg" {
		t.Errorf("-pyrg-name defaults to %q, want pyrg (make train's en-pyrg line)", got)
	}
}

// TestFitGreyFrom: a grey model trained further (-pyrg-init) keeps the
// first model's normalisation and hidden size; at a learning rate of 0
// its weights stay as they were, at a positive one they move.
func TestFitGreyFrom(t *testing.T) {
	const F = 6
	X, Y := twoClasses(rand.New(rand.NewPCG(5, 6)), 200, F, 1, 2)
	glyphs := []string{"", "A", "B"}
	init := fitGrey(X, Y, F, glyphs, 8, 5, 1)
	// the further training sees other data: its own mean would differ
	X2 := slices.Clone(X)
	for i := range X2 {
		X2[i] += 0.5
	}
	tests := []struct {
		name  string
		lr    float64
		moved bool
	}{
		{"learning rate 0: weights kept", 0, false},
		{"learning rate 0.01: weights moved", 0.01, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := fitGreyFrom(X2, Y, F, glyphs, 32, 3, 1, init, tc.lr)
			if m.Hidden != init.Hidden {
				t.Fatalf("hidden %d, want the first model's %d", m.Hidden, init.Hidden)
			}
			if !slices.Equal(m.Mean, init.Mean) || !slices.Equal(m.Scale, init.Scale) {
				t.Error("the normalisation is not the first model's")
			}
			same := slices.Equal(m.W1, init.W1) && slices.Equal(m.B1, init.B1) && slices.Equal(m.W, init.W) && slices.Equal(m.B, init.B)
			if same == tc.moved {
				t.Errorf("weights the same as the first model's: %v, want %v", same, !tc.moved)
			}
		})
	}
}
