package ocr

import (
	"errors"
	"image"
	"math"
	"path/filepath"
	"testing"
)

// TestNewPooled: a model pooled with itself reads as it reads alone; a
// model pooled with another gives each glyph the average of the two
// models' probabilities (so where they disagree the pool is unsure) when
// the crop is known to be a tile, and reads as main alone when it may be
// empty; a mate of other glyphs is refused.
func TestNewPooled(t *testing.T) {
	en := defaultReader(t, English).(*Classifier)
	blurM, err := LoadModel(SpecialistBlur)
	if err != nil {
		t.Skip("no en-blur model in this build")
	}
	blur, err := NewClassifier(blurM)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("testdata/real/*.png")
	imgs := loadPNGs(t, "testdata/real/*.png")
	self, err := NewPooled(en, en)
	if err != nil {
		t.Fatal(err)
	}
	two, err := NewPooled(en, blur)
	if err != nil {
		t.Fatal(err)
	}
	if (self.blur == nil) != (en.blur == nil) {
		t.Error("the pool did not keep the main classifier's blur specialist")
	}
	ks := []struct {
		name string
		k    Known
	}{{"nothing known", Known{}}, {"a tile", Known{Tile: true}}, {"upright", Known{Tile: true, HasAngle: true}}}
	for _, kc := range ks {
		t.Run("itself, "+kc.name, func(t *testing.T) {
			for i, img := range imgs {
				want, err := en.ReadKnown(img, kc.k)
				if err != nil {
					t.Fatal(err)
				}
				got, err := self.ReadKnown(img, kc.k)
				if err != nil {
					t.Fatal(err)
				}
				if got.Letter != want.Letter || math.Abs(got.Conf-want.Conf) > 1e-5 {
					t.Errorf("%s: pooled with itself %+v, alone %+v", filepath.Base(files[i]), got, want)
				}
			}
		})
	}
	t.Run("two models average", func(t *testing.T) {
		for i, img := range imgs[:min(len(imgs), 12)] {
			fv, err := Features(img)
			if err != nil {
				t.Fatal(err)
			}
			a, b, p := en.Outputs(fv.Vec), blur.Outputs(fv.Vec), two.Outputs(fv.Vec)
			for o := range p {
				if math.Abs(float64(p[o]-(a[o]+b[o])/2)) > 1e-5 {
					t.Fatalf("%s: output %d pooled %.6f, models %.6f and %.6f", filepath.Base(files[i]), o, p[o], a[o], b[o])
				}
			}
		}
	})
	t.Run("tile or not: main alone", func(t *testing.T) {
		differ := 0
		for i, img := range imgs {
			want, err := en.Read(img)
			if err != nil {
				t.Fatal(err)
			}
			got, err := two.Read(img)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("%s: pooled Read %+v, main's %+v", filepath.Base(files[i]), got, want)
			}
			a, _ := en.ReadLetter(img)
			b, _ := two.ReadLetter(img)
			if math.Abs(a.Conf-b.Conf) > 1e-6 {
				differ++
			}
		}
		if differ == 0 {
			t.Error("ReadLetter reads every crop as main alone: the mate is not pooled")
		}
	})
	t.Run("other glyphs refused", func(t *testing.T) {
		ru := defaultReader(t, Russian).(*Classifier)
		if _, err := NewPooled(en, ru); !errors.Is(err, ErrBadModel) {
			t.Errorf("pooling en with ru: %v, want ErrBadModel", err)
		}
	})
}

// TestForUpwords: the Upwords reader knows the English glyphs, reads the
// real crops' letters, is loaded once, and reads the letter of every
// crop en takes for a tile with the pool while en says which are tiles.
func TestForUpwords(t *testing.T) {
	a, err := ForUpwords()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := ForUpwords()
	if a != b {
		t.Error("ForUpwords loaded twice")
	}
	en := defaultReader(t, English).(*Classifier)
	if len(a.Glyphs()) != len(en.Glyphs()) {
		t.Fatalf("glyphs %v, want en's %v", a.Glyphs(), en.Glyphs())
	}
	if _, err := LoadModel(SpecialistUpwords); err == nil && len(a.mates) != 1 {
		t.Errorf("en-upw is in the binary but the Upwords reader pools %d mates", len(a.mates))
	}
	if _, err := LoadModel(SpecialistUpwordsBlur); err == nil {
		if a.blur == nil || len(a.blur.mates) != 1 {
			t.Error("en-upwb is in the binary but the Upwords reader's specialist for blurred crops does not pool it")
		}
		if a.blur == en.blur {
			t.Error("the Upwords reader's specialist for blurred crops is the English reader's own")
		}
		if en.blur != nil && len(en.blur.mates) != 0 {
			t.Error("en-upwb leaked into the English reader's specialist for blurred crops")
		}
	}
	files, _ := filepath.Glob("testdata/real/*.png")
	imgs := loadPNGs(t, "testdata/real/*.png")
	right := 0
	for i, img := range imgs {
		got, err := a.Read(img)
		if err != nil {
			t.Fatal(err)
		}
		if want := fixtureLetter(files[i]); got.Letter == want {
			right++
		}
	}
	if right < len(imgs)-1 {
		t.Errorf("ForUpwords reads %d of %d real crops right", right, len(imgs))
	}
	if len(a.mates) == 0 {
		return
	}
	// A crop that may be empty: whether it holds a tile is en's to say,
	// the letter the pool's (ReadLetter's, for a crop en reads as a tile
	// with that letter's rotation).
	pooled := 0
	for i, img := range imgs {
		got, err := a.Read(img)
		if err != nil {
			t.Fatal(err)
		}
		want, err := en.Read(img)
		if err != nil {
			t.Fatal(err)
		}
		if (got.Letter == "") != (want.Letter == "") {
			t.Errorf("%s: the Upwords reader's Read %+v, en's %+v: en says whether it is a tile", filepath.Base(files[i]), got, want)
		}
		if got.Letter != "" && math.Abs(got.Conf-want.Conf) > 1e-6 {
			pooled++
		}
	}
	if pooled == 0 {
		t.Error("the Upwords reader reads every tile's letter as en alone: en-upw is not pooled")
	}
}

// TestMateSeesTile: a classifier without mates sees no tile for them; a
// mate's own reading of a crop that may be empty says whether it sees
// one (a real tile: yes; a bare square: no); a crop it cannot read is an
// error.
func TestMateSeesTile(t *testing.T) {
	en := defaultReader(t, English).(*Classifier)
	self, err := NewPooled(en, en)
	if err != nil {
		t.Fatal(err)
	}
	imgs := loadPNGs(t, "testdata/real/*.png")
	if len(imgs) == 0 {
		t.Fatal("no real crops in testdata/real")
	}
	// a bare, evenly lit square: no letter for any model
	bare := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for i := range bare.Pix {
		bare.Pix[i] = 200
	}
	cases := []struct {
		name string
		c    *Classifier
		img  image.Image
		want bool
	}{
		{"no mates, a real tile", en, imgs[0], false},
		{"a mate that reads the tile", self, imgs[0], true},
		{"a mate on a bare square", self, bare, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.c.MateSeesTile(tc.img)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("MateSeesTile = %v, want %v", got, tc.want)
			}
		})
	}
	if _, err := self.MateSeesTile(image.NewRGBA(image.Rect(0, 0, 0, 0))); err == nil {
		t.Error("MateSeesTile read an empty picture without an error")
	}
}
