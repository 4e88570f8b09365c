package render

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"math"
	"testing"
)

// faceMean is the mean colour of the plastic (the brighter half of the
// pixels) in the middle of a cell's top face in img, and the darkest grey
// there (the letter's ink).
func faceMean(img *image.RGBA, c Cell) (mean [3]float64, dark float64) {
	cx, cy := c.Center[0], c.Center[1]
	side := math.Hypot(c.Corners[1][0]-c.Corners[0][0], c.Corners[1][1]-c.Corners[0][1])
	h := int(side / 2.2)
	grey := func(p color.RGBA) float64 { return (float64(p.R) + float64(p.G) + float64(p.B)) / 3 }
	var avg float64
	n := 0.0
	dark = 255
	for y := int(cy) - h; y <= int(cy)+h; y++ {
		for x := int(cx) - h; x <= int(cx)+h; x++ {
			avg += grey(img.RGBAAt(x, y))
			n++
		}
	}
	avg /= n
	n = 0
	for y := int(cy) - h; y <= int(cy)+h; y++ {
		for x := int(cx) - h; x <= int(cx)+h; x++ {
			p := img.RGBAAt(x, y)
			dark = math.Min(dark, grey(p))
			if grey(p) < avg {
				continue
			}
			mean[0] += float64(p.R)
			mean[1] += float64(p.G)
			mean[2] += float64(p.B)
			n++
		}
	}
	for i := range mean {
		mean[i] /= n
	}
	return mean, dark
}

// TestUpwordsPrint: tiles drawn with another maker's print take its
// plastic's hue and its ink, the truth says so, and the same scene
// without one is the project's set; RandomUpwordsPrint is fixed by its
// seed and stays within its ranges.
func TestUpwordsPrint(t *testing.T) {
	state := []byte(". . . . .\n. M . . .\n. . W . .\n. . . E .\n. . . . .\n")
	base := Options{Seed: 5, Width: 640, Height: 480, HeightMM: 300, Ambient: 0.9, Exposure: 1, Quality: 95}
	base.FitUpwords(5)
	classic, err := Render("upwords", state, base)
	if err != nil {
		t.Fatal(err)
	}
	if classic.Truth.UpwordsPrint != nil {
		t.Error("the project's set has a print in its truth")
	}
	tests := []struct {
		name  string
		print UpwordsPrint
		// the plastic's hue: which channel is the largest, which the smallest
		hi, lo int
	}{
		{"pale blue plastic, red ink", UpwordsPrint{Face: [3]float64{170, 200, 245}, Ink: [3]float64{120, 20, 20}, Size: 0.6}, 2, 0},
		{"yellow plastic, dark green ink", UpwordsPrint{Face: [3]float64{245, 230, 140}, Ink: [3]float64{20, 70, 30}, Size: 0.45}, 0, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := base
			p := tc.print
			o.UpwordsPrint = &p
			sc, err := Render("upwords", state, o)
			if err != nil {
				t.Fatal(err)
			}
			if sc.Truth.UpwordsPrint == nil || *sc.Truth.UpwordsPrint != tc.print {
				t.Errorf("truth print %+v, want %+v", sc.Truth.UpwordsPrint, tc.print)
			}
			img := sc.Image.(*image.RGBA)
			for _, c := range sc.Truth.Cells {
				if c.Height == 0 {
					continue
				}
				m, dark := faceMean(img, c)
				if m[tc.hi] <= m[3-tc.hi-tc.lo] || m[3-tc.hi-tc.lo] <= m[tc.lo] {
					t.Errorf("%s: face colour %.0f, want channel %d highest and %d lowest", c.Letter, m, tc.hi, tc.lo)
				}
				if m0, _ := faceMean(classic.Image.(*image.RGBA), c); m0 == m {
					t.Errorf("%s: the face is drawn as the project's set's", c.Letter)
				}
				if avg := (m[0] + m[1] + m[2]) / 3; dark > avg*0.6 {
					t.Errorf("%s: darkest %.0f on a face of %.0f: no ink", c.Letter, dark, avg)
				}
			}
		})
	}
	a, b := RandomUpwordsPrint(7), RandomUpwordsPrint(7)
	if a != b {
		t.Errorf("RandomUpwordsPrint(7) drew %+v then %+v", a, b)
	}
	for s := int64(0); s < 200; s++ {
		p := RandomUpwordsPrint(s)
		face := (p.Face[0] + p.Face[1] + p.Face[2]) / 3
		ink := (p.Ink[0] + p.Ink[1] + p.Ink[2]) / 3
		if p.Size < 0.44 || p.Size > 0.68 || face < 120 || ink > 110 || face-ink < 60 {
			t.Errorf("seed %d: %+v out of range", s, p)
		}
	}
}

// TestMoreTypefaces: a scene names a typeface of MoreTypefaces and is
// drawn in it (its letters differ from the seed's typeface's), while
// Typefaces(), which scenes draw theirs from, keeps none of them; an
// unknown name is reported by CheckTypefaces.
func TestMoreTypefaces(t *testing.T) {
	more := MoreTypefaces()
	if len(more) == 0 {
		t.Skip("no further typefaces installed (fonts-urw-base35, fonts-dejavu-extra)")
	}
	for _, tf := range Typefaces() {
		for _, m := range more {
			if tf.Name == m.Name {
				t.Errorf("%s is both in Typefaces() and MoreTypefaces()", tf.Name)
			}
		}
	}
	state := []byte(". . .\n. G .\n. . .\n")
	o := Options{Seed: 2, Width: 320, Height: 240, HeightMM: 200, Ambient: 0.9, Exposure: 1}
	o.FitUpwords(3)
	seeded, err := Render("upwords", state, o)
	if err != nil {
		t.Fatal(err)
	}
	o.Typeface = more[len(more)-1].Name
	named, err := Render("upwords", state, o)
	if err != nil {
		t.Fatal(err)
	}
	same := true
	a, b := seeded.Image.(*image.RGBA), named.Image.(*image.RGBA)
	for i := range a.Pix {
		if a.Pix[i] != b.Pix[i] {
			same = false
			break
		}
	}
	if same {
		t.Errorf("a scene in %s is drawn as the seed's typeface", o.Typeface)
	}
	if err := CheckTypefaces([]string{Typefaces()[0].Name, more[0].Name}); err != nil {
		t.Error(err)
	}
	if err := CheckTypefaces([]string{"NoSuchFont-Bold"}); !errors.Is(err, ErrBadOptions) {
		t.Errorf("an unknown typeface: %v, want ErrBadOptions", err)
	}
}

// TestExtraTypefaces: a scene names a typeface of ExtraTypefaces and is
// drawn in it, CheckTypefaces knows it, and neither Typefaces() nor
// MoreTypefaces() lists it (so what draws from those draws as before);
// every extra face writes the Upwords letters.
func TestExtraTypefaces(t *testing.T) {
	extra := ExtraTypefaces()
	if len(extra) == 0 {
		t.Skip("none of the extra typefaces installed (make train's font packages)")
	}
	listed := map[string]bool{}
	for _, tf := range append(Typefaces(), MoreTypefaces()...) {
		listed[tf.Name] = true
	}
	for _, e := range extra {
		if listed[e.Name] {
			t.Errorf("%s is in ExtraTypefaces() and in Typefaces() or MoreTypefaces()", e.Name)
		}
		if !e.has("ABCDEFGHIJKLMNOPQRSTUVWXYZu") {
			t.Errorf("%s lacks an Upwords letter", e.Name)
		}
	}
	state := []byte(". . .\n. G .\n. . .\n")
	o := Options{Seed: 2, Width: 320, Height: 240, HeightMM: 200, Ambient: 0.9, Exposure: 1}
	o.FitUpwords(3)
	seeded, err := Render("upwords", state, o)
	if err != nil {
		t.Fatal(err)
	}
	o.Typeface = extra[0].Name
	named, err := Render("upwords", state, o)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(seeded.Image.(*image.RGBA).Pix, named.Image.(*image.RGBA).Pix) {
		t.Errorf("a scene in %s is drawn as the seed's typeface", o.Typeface)
	}
	if err := CheckTypefaces([]string{extra[0].Name}); err != nil {
		t.Error(err)
	}
}
