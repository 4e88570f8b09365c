package render

import (
	"fmt"
	"image/color"
	"math"
	"os"
	"slices"
	"sync"

	"golang.org/x/image/font/opentype"
)

// UpwordsPrint is how an Upwords set's tiles are made: the plastic's
// colour, the letters' ink and their size on the face. Other makers and
// editions differ in all three, and the letter reader must not depend on
// the project's set. Values are 0..255 colours and a fraction of the face.
type UpwordsPrint struct {
	Face [3]float64 `json:"face"` // the tile's plastic, lit white
	Ink  [3]float64 `json:"ink"`  // the letters
	Size float64    `json:"size"` // the letter's ink height over the face's side (the project's set: 0.56)
}

// RandomUpwordsPrint draws another maker's tiles from seed: plastic from
// white, cream and yellow through tan and light brown to pale grey, green,
// blue and pink; ink from black to dark brown, blue, red or green; letters
// 0.44 to 0.68 of the face. Values are rounded so that the truth shows
// exactly what was drawn.
func RandomUpwordsPrint(seed int64) UpwordsPrint {
	r := newRand(seed, 131)
	u := func(a, b float64) float64 {
		return math.Round(float64((a+float64((b-a)*float64(r.Float64())))*100)) / 100
	}
	faces := [][3]float64{{236, 230, 214}, {242, 236, 200}, {236, 214, 150}, {226, 196, 150}, {206, 170, 120},
		{186, 148, 104}, {214, 214, 210}, {200, 222, 196}, {196, 212, 232}, {236, 204, 204}, {248, 248, 244}}
	inks := [][3]float64{{20, 18, 16}, {44, 30, 22}, {24, 34, 80}, {110, 24, 28}, {26, 70, 40}, {60, 60, 64}}
	f := faces[r.IntN(len(faces))]
	k := u(0.85, 1.06)
	for i := range f {
		f[i] = math.Round(min(252, float64(f[i]*k)))
	}
	ink := inks[r.IntN(len(inks))]
	k = u(0.7, 1.3)
	for i := range ink {
		ink[i] = math.Round(float64(ink[i] * k))
	}
	return UpwordsPrint{Face: f, Ink: ink, Size: u(0.44, 0.68)}
}

// moreFonts are installed typefaces that a scene gets only by naming one
// (Options.Typeface): Typefaces(), which scenes draw theirs from by seed,
// stays as it was, and so do the pictures. Packages fonts-dejavu-extra,
// fonts-freefont-ttf, fonts-liberation and fonts-urw-base35.
var moreFonts = []struct{ name, path string }{
	{"DejaVuSansMono-Bold", "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"},
	{"DejaVuSerifCondensed-Bold", "/usr/share/fonts/truetype/dejavu/DejaVuSerifCondensed-Bold.ttf"},
	{"DejaVuSerif", "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"},
	{"DejaVuSansCondensed", "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf"},
	{"FreeSans", "/usr/share/fonts/truetype/freefont/FreeSans.ttf"},
	{"FreeSerif", "/usr/share/fonts/truetype/freefont/FreeSerif.ttf"},
	{"FreeMonoBold", "/usr/share/fonts/truetype/freefont/FreeMonoBold.ttf"},
	{"LiberationSansNarrow-Bold", "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Bold.ttf"},
	{"LiberationSansNarrow-Regular", "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Regular.ttf"},
	{"LiberationSerif-Regular", "/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf"},
	{"LiberationMono-Regular", "/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf"},
	{"NimbusSans-Bold", "/usr/share/fonts/opentype/urw-base35/NimbusSans-Bold.otf"},
	{"NimbusSans-Regular", "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf"},
	{"NimbusSansNarrow-Bold", "/usr/share/fonts/opentype/urw-base35/NimbusSansNarrow-Bold.otf"},
	{"NimbusRoman-Bold", "/usr/share/fonts/opentype/urw-base35/NimbusRoman-Bold.otf"},
	{"NimbusRoman-Regular", "/usr/share/fonts/opentype/urw-base35/NimbusRoman-Regular.otf"},
	{"NimbusMonoPS-Bold", "/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Bold.otf"},
	{"URWBookman-Demi", "/usr/share/fonts/opentype/urw-base35/URWBookman-Demi.otf"},
	{"URWBookman-Light", "/usr/share/fonts/opentype/urw-base35/URWBookman-Light.otf"},
	{"C059-Bold", "/usr/share/fonts/opentype/urw-base35/C059-Bold.otf"},
	{"C059-Roman", "/usr/share/fonts/opentype/urw-base35/C059-Roman.otf"},
	{"P052-Bold", "/usr/share/fonts/opentype/urw-base35/P052-Bold.otf"},
	{"P052-Roman", "/usr/share/fonts/opentype/urw-base35/P052-Roman.otf"},
	{"URWGothic-Demi", "/usr/share/fonts/opentype/urw-base35/URWGothic-Demi.otf"},
	{"URWGothic-Book", "/usr/share/fonts/opentype/urw-base35/URWGothic-Book.otf"},
}

var (
	moreOnce sync.Once
	more     []*Typeface
)

// MoreTypefaces lists the installed typefaces beyond Typefaces() that a
// scene can name (Options.Typeface), in a fixed order. A scene never draws
// one of them by seed.
func MoreTypefaces() []*Typeface {
	moreOnce.Do(func() {
		for _, d := range moreFonts {
			b, err := os.ReadFile(d.path)
			if err != nil {
				continue
			}
			if f, err := opentype.Parse(b); err == nil {
				more = append(more, &Typeface{Name: d.name, font: f})
			}
		}
	})
	return more
}

// printInk is the ink a face texture is painted with so that, tinted by
// the tile's colour tint, it shows the print's ink.
func printInk(p *UpwordsPrint, tint [3]float64) color.RGBA {
	var c [3]uint8
	for i := range c {
		c[i] = clamp255(p.Ink[i] / math.Max(tint[i], 0.05))
	}
	return color.RGBA{c[0], c[1], c[2], 255}
}

// CheckTypefaces returns an error naming the first of names that is
// neither in Typefaces() nor in MoreTypefaces() nor in ExtraTypefaces()
// (not installed here).
func CheckTypefaces(names []string) error {
	known := map[string]bool{}
	for _, tf := range Typefaces() {
		known[tf.Name] = true
	}
	for _, tf := range append(slices.Clone(MoreTypefaces()), ExtraTypefaces()...) {
		known[tf.Name] = true
	}
	for _, n := range names {
		if !known[n] {
			return fmt.Errorf("%w: typeface %q is not installed here", ErrBadOptions, n)
		}
	}
	return nil
}

// SceneTypeface is the one of names a scene of seed is drawn in, when a
// set of scenes is drawn in a list of typefaces; "" when names is empty.
// It draws from the seed apart from every other choice.
func SceneTypeface(names []string, seed int64) string {
	if len(names) == 0 {
		return ""
	}
	return names[newRand(seed, 171).IntN(len(names))]
}
