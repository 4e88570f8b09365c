package render

import (
	"image"
	"image/color"
	"os"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Typeface is one font the renderer draws letters in.
type Typeface struct {
	Name string
	font *opentype.Font
}

// debianFonts are used when present (fonts-dejavu-core, fonts-liberation,
// fonts-freefont-ttf); the Go fonts are always there.
var debianFonts = []struct{ name, path string }{
	{"DejaVuSans-Bold", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"},
	{"DejaVuSans", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"},
	{"DejaVuSerif-Bold", "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf"},
	{"DejaVuSansCondensed-Bold", "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf"},
	{"LiberationSans-Bold", "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf"},
	{"LiberationSans-Regular", "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"},
	{"LiberationSerif-Bold", "/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf"},
	{"LiberationMono-Bold", "/usr/share/fonts/truetype/liberation/LiberationMono-Bold.ttf"},
	{"FreeSansBold", "/usr/share/fonts/truetype/freefont/FreeSansBold.ttf"},
	{"FreeSerifBold", "/usr/share/fonts/truetype/freefont/FreeSerifBold.ttf"},
}

var (
	fontsOnce sync.Once
	allFonts  []*Typeface
	fontMu    sync.Mutex // opentype faces are not safe for concurrent use
)

// Typefaces lists the fonts available here: Go's own (always) and the Debian
// ones that are installed, in a fixed order.
func Typefaces() []*Typeface {
	fontsOnce.Do(func() {
		goFonts := []struct {
			name string
			ttf  []byte
		}{
			{"GoRegular", goregular.TTF}, {"GoBold", gobold.TTF}, {"GoMedium", gomedium.TTF},
			{"GoMono", gomono.TTF}, {"GoMonoBold", gomonobold.TTF},
		}
		for _, g := range goFonts {
			if f, err := opentype.Parse(g.ttf); err == nil {
				allFonts = append(allFonts, &Typeface{Name: g.name, font: f})
			}
		}
		for _, d := range debianFonts {
			b, err := os.ReadFile(d.path)
			if err != nil {
				continue
			}
			if f, err := opentype.Parse(b); err == nil {
				allFonts = append(allFonts, &Typeface{Name: d.name, font: f})
			}
		}
	})
	return allFonts
}

// has reports whether the font has a glyph for every rune of s.
func (t *Typeface) has(s string) bool {
	var buf sfnt.Buffer
	for _, r := range s {
		i, err := t.font.GlyphIndex(&buf, r)
		if err != nil || i == 0 {
			return false
		}
	}
	return true
}

// fontsFor lists the typefaces that can write s.
func fontsFor(s string) []*Typeface {
	var out []*Typeface
	for _, t := range Typefaces() {
		if t.has(s) {
			out = append(out, t)
		}
	}
	return out
}

// drawText draws s centred on (cx, cy) with its ink box height about
// sizePx (the cap height of the letters), in colour c.
func drawText(dst *image.RGBA, tf *Typeface, s string, sizePx, cx, cy float64, c color.Color) {
	fontMu.Lock()
	defer fontMu.Unlock()
	// Measure at a nominal size, then scale so that the ink is sizePx tall.
	face, err := opentype.NewFace(tf.font, &opentype.FaceOptions{Size: 100, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return
	}
	b, _ := font.BoundString(face, s)
	inkH := float64(float64(b.Max.Y-b.Min.Y) / 64)
	face.Close()
	if inkH <= 0 {
		return
	}
	size := 100 * sizePx / inkH
	face, err = opentype.NewFace(tf.font, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return
	}
	defer face.Close()
	b, _ = font.BoundString(face, s)
	w := float64(float64(b.Max.X-b.Min.X) / 64)
	h := float64(float64(b.Max.Y-b.Min.Y) / 64)
	x := cx - float64(w/2) - float64(float64(b.Min.X)/64)
	y := cy - float64(h/2) - float64(float64(b.Min.Y)/64)
	d := font.Drawer{Dst: dst, Src: image.NewUniform(c), Face: newFlatFace(face, tf.font, size),
		Dot: fixed.Point26_6{X: fixed.Int26_6(float64(x * 64)), Y: fixed.Int26_6(float64(y * 64))}}
	d.DrawString(s)
}
