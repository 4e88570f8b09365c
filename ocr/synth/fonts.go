package synth

import (
	"fmt"
	"image"
	"image/draw"
	"math"
	"os"
	"path/filepath"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// Font is one typeface.
type Font struct {
	Name string
	f    *opentype.Font
	mu   sync.Mutex
	face font.Face
}

// systemFonts are Debian's upright sans and serif faces (packages
// fonts-dejavu-core, fonts-liberation, fonts-freefont-ttf), used when
// present. All cover Latin and Cyrillic.
var systemFonts = []string{
	"dejavu/DejaVuSans.ttf",
	"dejavu/DejaVuSans-Bold.ttf",
	"dejavu/DejaVuSansCondensed-Bold.ttf",
	"dejavu/DejaVuSerif.ttf",
	"dejavu/DejaVuSerif-Bold.ttf",
	"liberation/LiberationSans-Regular.ttf",
	"liberation/LiberationSans-Bold.ttf",
	"liberation/LiberationSansNarrow-Bold.ttf",
	"liberation/LiberationSerif-Regular.ttf",
	"liberation/LiberationSerif-Bold.ttf",
	"liberation/LiberationMono-Bold.ttf",
	"freefont/FreeSans.ttf",
	"freefont/FreeSansBold.ttf",
	"freefont/FreeSerifBold.ttf",
}

// FontDir is where system fonts are looked for.
var FontDir = "/usr/share/fonts/truetype"

// LoadFonts returns the Go fonts (always) and the system fonts present
// under FontDir, in a fixed order.
func LoadFonts() ([]*Font, error) {
	var fonts []*Font
	for _, g := range []struct {
		name string
		ttf  []byte
	}{{"GoRegular", goregular.TTF}, {"GoMedium", gomedium.TTF}, {"GoBold", gobold.TTF}, {"GoMono", gomono.TTF}} {
		f, err := opentype.Parse(g.ttf)
		if err != nil {
			return nil, fmt.Errorf("synth: font %s: %w", g.name, err)
		}
		fonts = append(fonts, &Font{Name: g.name, f: f})
	}
	for _, p := range systemFonts {
		data, err := os.ReadFile(filepath.Join(FontDir, p))
		if err != nil {
			continue
		}
		f, err := opentype.Parse(data)
		if err != nil {
			return nil, fmt.Errorf("synth: font %s: %w", p, err)
		}
		fonts = append(fonts, &Font{Name: filepath.Base(p), f: f})
	}
	return fonts, nil
}

// glyphSize is the pixel size glyphs are rasterised at.
const glyphSize = 96

// Mask draws text with the font at glyphSize and returns its ink cropped
// to the ink's bounding box (nil if the text has no ink, e.g. a missing
// glyph drawn as nothing).
func (f *Font) Mask(text string) *image.Alpha {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.face == nil {
		face, err := opentype.NewFace(f.f, &opentype.FaceOptions{Size: glyphSize, DPI: 72, Hinting: font.HintingNone})
		if err != nil {
			return nil
		}
		f.face = face
	}
	// Refuse missing glyphs (they would draw a box or nothing).
	for _, r := range text {
		if idx, err := f.f.GlyphIndex(nil, r); err != nil || idx == 0 {
			return nil
		}
	}
	w := glyphSize * (len([]rune(text)) + 1)
	h := glyphSize * 2
	dst := image.NewAlpha(image.Rect(0, 0, w, h))
	d := font.Drawer{Dst: dst, Src: image.Opaque, Face: f.face, Dot: fixed.P(glyphSize/4, glyphSize*3/2)}
	d.DrawString(text)
	return cropAlpha(dst)
}

func cropAlpha(a *image.Alpha) *image.Alpha {
	b := a.Bounds()
	x0, y0, x1, y1 := b.Max.X, b.Max.Y, b.Min.X, b.Min.Y
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if a.AlphaAt(x, y).A > 20 {
				x0, y0 = min(x0, x), min(y0, y)
				x1, y1 = max(x1, x+1), max(y1, y+1)
			}
		}
	}
	if x1 <= x0 || y1 <= y0 {
		return nil
	}
	out := image.NewAlpha(image.Rect(0, 0, x1-x0, y1-y0))
	draw.Draw(out, out.Bounds(), a, image.Pt(x0, y0), draw.Src)
	return out
}

// IconMask draws an action icon ("skip", "reverse") at about size x size
// pixels, or nil for other names (give2/give3 are drawn as text "+2"/"+3").
func IconMask(name string, size int) *image.Alpha {
	s := float64(size)
	m := image.NewAlpha(image.Rect(0, 0, size, size))
	c := s / 2
	th := 0.11 * s // stroke thickness
	set := func(x, y int, d float64) {
		// d: signed distance outside the shape, anti-aliased over a pixel
		v := math.Min(math.Max(0.5-d, 0), 1)
		if a := uint8(v * 255); a > m.Pix[y*m.Stride+x] {
			m.Pix[y*m.Stride+x] = a
		}
	}
	segDist := func(px, py, ax, ay, bx, by float64) float64 {
		vx, vy := bx-ax, by-ay
		t := ((px-ax)*vx + (py-ay)*vy) / (vx*vx + vy*vy)
		t = math.Min(math.Max(t, 0), 1)
		dx, dy := px-ax-t*vx, py-ay-t*vy
		return math.Hypot(dx, dy)
	}
	triDist := func(px, py float64, pts [3][2]float64) float64 {
		// inside test by signs; outside distance to edges
		sign := func(a, b [2]float64) float64 { return (px-b[0])*(a[1]-b[1]) - (a[0]-b[0])*(py-b[1]) }
		d1, d2, d3 := sign(pts[0], pts[1]), sign(pts[1], pts[2]), sign(pts[2], pts[0])
		neg := d1 < 0 || d2 < 0 || d3 < 0
		pos := d1 > 0 || d2 > 0 || d3 > 0
		if !(neg && pos) {
			return -1
		}
		return math.Min(segDist(px, py, pts[0][0], pts[0][1], pts[1][0], pts[1][1]),
			math.Min(segDist(px, py, pts[1][0], pts[1][1], pts[2][0], pts[2][1]),
				segDist(px, py, pts[2][0], pts[2][1], pts[0][0], pts[0][1])))
	}
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			px, py := float64(x)+0.5, float64(y)+0.5
			switch name {
			case "skip":
				r := 0.4 * s
				d := math.Abs(math.Hypot(px-c, py-c)-r) - th/2
				set(x, y, d)
				k := r / math.Sqrt2
				set(x, y, segDist(px, py, c+k, c-k, c-k, c+k)-th/2)
			case "reverse":
				// top arrow pointing right, bottom arrow pointing left
				y1, y2 := 0.32*s, 0.68*s
				set(x, y, segDist(px, py, 0.12*s, y1, 0.66*s, y1)-th/2)
				set(x, y, triDist(px, py, [3][2]float64{{0.62 * s, y1 - 0.16*s}, {0.9 * s, y1}, {0.62 * s, y1 + 0.16*s}}))
				set(x, y, segDist(px, py, 0.34*s, y2, 0.88*s, y2)-th/2)
				set(x, y, triDist(px, py, [3][2]float64{{0.38 * s, y2 - 0.16*s}, {0.1 * s, y2}, {0.38 * s, y2 + 0.16*s}}))
			default:
				return nil
			}
		}
	}
	return cropAlpha(m)
}
