package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/tilescope/tilescope/scoring/scrabble"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
)

// ScrabblePrints are the ways the renderer prints a Scrabble board's
// premium squares, as makers and countries print them (Options.
// ScrabblePrint; "" is classic, "mixed" one of them drawn by seed): "classic" the
// renderer's first print (DOUBLE / LETTER / SCORE in three small lines,
// dark type, light type on the triples, the editions' own colours);
// "words" the English words in two or three lines; "letters" DL TL DW TW
// (or DLS ... TWS); "numbers" 2L 3L 2W 3W; "french" LETTRE COMPTE
// DOUBLE, MOT COMPTE TRIPLE; "german" DOPPELTER BUCHSTABENWERT,
// DREIFACHER WORTWERT; "spanish" DOBLE TANTO DE LETRA, TRIPLE TANTO DE
// PALABRA; "plain" no print, the colours only. Every print but classic
// also draws, per board, its typeface (of Typefaces()), the type's size,
// its ink (dark, white, light on the dark squares, or a shade of the
// square's own colour), how worn it is, the star's size (or the double
// word's print on the centre square) and each premium's hue within its
// family (red, pink, dark blue, light blue).
var ScrabblePrints = []string{"classic", "words", "letters", "numbers", "french", "german", "spanish", "plain"}

// premiumWords are the prints of the styles that print words or
// abbreviations, by premium: each entry is one variant, its lines.
var premiumWords = map[string]map[scrabble.Premium][][]string{
	"words": {
		scrabble.TripleWord:   {{"TRIPLE", "WORD", "SCORE"}, {"TRIPLE", "WORD"}},
		scrabble.DoubleWord:   {{"DOUBLE", "WORD", "SCORE"}, {"DOUBLE", "WORD"}},
		scrabble.TripleLetter: {{"TRIPLE", "LETTER", "SCORE"}, {"TRIPLE", "LETTER"}},
		scrabble.DoubleLetter: {{"DOUBLE", "LETTER", "SCORE"}, {"DOUBLE", "LETTER"}},
	},
	"letters": {
		scrabble.TripleWord:   {{"TW"}, {"TWS"}},
		scrabble.DoubleWord:   {{"DW"}, {"DWS"}},
		scrabble.TripleLetter: {{"TL"}, {"TLS"}},
		scrabble.DoubleLetter: {{"DL"}, {"DLS"}},
	},
	"numbers": {
		scrabble.TripleWord:   {{"3W"}, {"3x", "WORD"}},
		scrabble.DoubleWord:   {{"2W"}, {"2x", "WORD"}},
		scrabble.TripleLetter: {{"3L"}, {"3x", "LETTER"}},
		scrabble.DoubleLetter: {{"2L"}, {"2x", "LETTER"}},
	},
	"french": {
		scrabble.TripleWord:   {{"MOT", "COMPTE", "TRIPLE"}},
		scrabble.DoubleWord:   {{"MOT", "COMPTE", "DOUBLE"}},
		scrabble.TripleLetter: {{"LETTRE", "COMPTE", "TRIPLE"}},
		scrabble.DoubleLetter: {{"LETTRE", "COMPTE", "DOUBLE"}},
	},
	"german": {
		scrabble.TripleWord:   {{"DREIFACHER", "WORTWERT"}},
		scrabble.DoubleWord:   {{"DOPPELTER", "WORTWERT"}},
		scrabble.TripleLetter: {{"DREIFACHER", "BUCHSTABEN-", "WERT"}},
		scrabble.DoubleLetter: {{"DOPPELTER", "BUCHSTABEN-", "WERT"}},
	},
	"spanish": {
		scrabble.TripleWord:   {{"TRIPLE", "TANTO", "DE PALABRA"}},
		scrabble.DoubleWord:   {{"DOBLE", "TANTO", "DE PALABRA"}},
		scrabble.TripleLetter: {{"TRIPLE", "TANTO", "DE LETRA"}},
		scrabble.DoubleLetter: {{"DOBLE", "TANTO", "DE LETRA"}},
	},
}

// Ink of a varied print.
const (
	inkClassic = iota // dark, light on the triples
	inkDark           // dark on every premium
	inkWhite          // white on every premium
	inkShade          // a shade of the square's own colour
	inkKinds
)

// scrabblePrint is how one board prints its premium squares.
type scrabblePrint struct {
	style   string
	face    *Typeface
	variant int     // which of the style's variants (premiumWords)
	height  float64 // a line's ink height, as a share of the square
	gap     float64 // line to line, as a share of the line's height
	ink     int     // inkClassic...
	wear    float64 // 0 crisp .. 0.7 much of the print rubbed off
	star    float64 // the centre star's outer radius, share of the square
	centre  bool    // the centre square prints the double word's print, no star
	tw, dw  [3]float64
	tl, dl  [3]float64
	seed    uint64 // the wear's noise
}

// scrabblePrintFor draws a board's print from the scene's seed (a stream of
// its own, so that the scene's other choices are as without it). style
// "mixed" draws the style too, each of ScrabblePrints as likely; "" and
// "classic" are the edition's first print and return nil.
func scrabblePrintFor(seed int64, style string, look scrabbleLook) (*scrabblePrint, error) {
	rng := newRand(seed, 0x73637270)
	if style == "mixed" {
		style = ScrabblePrints[rng.IntN(len(ScrabblePrints))]
	}
	if style == "" || style == "classic" {
		return nil, nil
	}
	known := style == "plain"
	for _, s := range ScrabblePrints {
		known = known || s == style
	}
	if !known {
		return nil, fmt.Errorf("%w: Scrabble print %q (want one of %s, or mixed)", ErrBadOptions, style, strings.Join(ScrabblePrints, ", "))
	}
	tfs := Typefaces()
	p := &scrabblePrint{style: style, face: tfs[rng.IntN(len(tfs))], ink: rng.IntN(inkKinds), seed: rng.Uint64()}
	if vs := premiumWords[style][scrabble.DoubleLetter]; len(vs) > 1 {
		p.variant = rng.IntN(len(vs))
	}
	lines := 1
	if vs := premiumWords[style][scrabble.DoubleLetter]; len(vs) > 0 {
		lines = len(vs[p.variant])
	}
	switch lines {
	case 1:
		p.height = 0.2 + float64(0.2*rng.Float64())
	case 2:
		p.height = 0.1 + float64(0.08*rng.Float64())
	default:
		p.height = 0.08 + float64(0.06*rng.Float64())
	}
	p.gap = 1.5 + float64(0.7*rng.Float64())
	if rng.IntN(3) == 0 {
		p.wear = 0.7 * rng.Float64()
	}
	p.star = 0.26 + float64(0.16*rng.Float64())
	p.centre = rng.IntN(5) == 0
	for i, c := range [4]*[3]float64{&p.tw, &p.dw, &p.tl, &p.dl} {
		*c = jitterHue([4][3]float64{look.tw, look.dw, look.tl, look.dl}[i], rng)
	}
	return p, nil
}

// jitterHue is c turned up to 14 degrees of hue either way, its saturation
// times 0.7-1.3 and its value times 0.85-1.12: the same premium's colour
// as other makers print it.
func jitterHue(c [3]float64, rng *rand.Rand) [3]float64 {
	h, s, v := hsvOf(c)
	h = math.Mod(h+float64(28*(float64(rng.Float64())-0.5))+360, 360)
	s = math.Min(1, s*(0.7+float64(0.6*rng.Float64())))
	v = math.Min(255, v*(0.85+float64(0.27*rng.Float64())))
	return rgbOf(h, s, v)
}

// hsvOf is c's hue (degrees), saturation (0..1) and value (0..255).
func hsvOf(c [3]float64) (h, s, v float64) {
	mx := math.Max(c[0], math.Max(c[1], c[2]))
	mn := math.Min(c[0], math.Min(c[1], c[2]))
	if mx <= 0 {
		return 0, 0, 0
	}
	d := mx - mn
	s = d / mx
	switch {
	case d == 0:
		h = 0
	case mx == c[0]:
		h = 60 * math.Mod((c[1]-c[2])/d+6, 6)
	case mx == c[1]:
		h = 60 * ((c[2]-c[0])/d + 2)
	default:
		h = 60 * ((c[0]-c[1])/d + 4)
	}
	return h, s, mx
}

// rgbOf is hsvOf's inverse.
func rgbOf(h, s, v float64) [3]float64 {
	c := float64(v * s)
	x := c * (1 - math.Abs(math.Mod(h/60, 2)-1))
	m := v - c
	var r, g, b float64
	switch int(h/60) % 6 {
	case 0:
		r, g, b = c, x, 0
	case 1:
		r, g, b = x, c, 0
	case 2:
		r, g, b = 0, c, x
	case 3:
		r, g, b = 0, x, c
	case 4:
		r, g, b = x, 0, c
	default:
		r, g, b = c, 0, x
	}
	return [3]float64{r + m, g + m, b + m}
}

// premiumColours is the look with the print's premium colours.
func (p *scrabblePrint) premiumColours(look scrabbleLook) scrabbleLook {
	look.tw, look.dw, look.tl, look.dl = p.tw, p.dw, p.tl, p.dl
	return look
}

// inkFor is the print's ink on a square of colour sq.
func (p *scrabblePrint) inkFor(look scrabbleLook, prem scrabble.Premium, sq [3]float64) [3]float64 {
	switch p.ink {
	case inkDark:
		return look.ink
	case inkWhite:
		return [3]float64{248, 246, 240}
	case inkShade:
		if _, _, v := hsvOf(sq); v < 150 {
			return [3]float64{float64(sq[0]*0.3) + 178, float64(sq[1]*0.3) + 178, float64(sq[2]*0.3) + 178}
		}
		return [3]float64{sq[0] * 0.38, sq[1] * 0.38, sq[2] * 0.38}
	}
	if prem == scrabble.TripleWord || prem == scrabble.TripleLetter {
		return look.lightInk
	}
	return look.ink
}

// drawPremiums prints the premium squares and the centre onto img (the
// board's texture at tpm texels a mm): each print drawn on a layer of its
// own, then laid on the board through the wear's mask.
func (p *scrabblePrint) drawPremiums(img *image.RGBA, look scrabbleLook, tpm float64) {
	layer := image.NewRGBA(img.Bounds())
	n := scrabble.Size
	sqPx := scrPitch * tpm
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			prem := scrabble.PremiumAt(scrabble.Pos{Row: r, Col: c})
			if prem == scrabble.Plain {
				continue
			}
			cx := float64((scrBorder + float64((float64(c)+0.5)*scrPitch)) * tpm)
			cy := float64((scrBorder + float64((float64(r)+0.5)*scrPitch)) * tpm)
			sq := map[scrabble.Premium][3]float64{scrabble.TripleWord: p.tw, scrabble.DoubleWord: p.dw, scrabble.TripleLetter: p.tl, scrabble.DoubleLetter: p.dl}[prem]
			ink := p.inkFor(look, prem, sq)
			ic := color.RGBA{clamp255(ink[0]), clamp255(ink[1]), clamp255(ink[2]), 255}
			if r == n/2 && c == n/2 && !p.centre {
				drawStar(layer, cx, cy, p.star*sqPx, ic)
				continue
			}
			vs := premiumWords[p.style][prem]
			if len(vs) == 0 {
				continue // plain
			}
			lines := vs[min(p.variant, len(vs)-1)]
			h := p.height * sqPx
			for i, l := range lines {
				off := float64(i) - float64(float64(len(lines)-1)/2)
				y := cy + float64(float64(off*h)*p.gap)
				drawTextFit(layer, p.face, l, h, 0.86*sqPx, cx, y, ic)
			}
		}
	}
	// lay the layer on the board, rubbed off where the wear's noise is high
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			o := layer.PixOffset(x, y)
			a := float64(layer.Pix[o+3]) / 255
			if a == 0 {
				continue
			}
			if p.wear > 0 {
				nz := fbm(float64(x), float64(y), 4096, 8, 3, uint32(p.seed))
				a *= math.Max(0, math.Min(1, 1-float64(p.wear*(0.4+float64(2*(nz-0.5))+float64(0.6*hash2(x, y, uint32(p.seed>>32)))))))
			}
			for i := 0; i < 3; i++ {
				// the layer holds premultiplied colour
				src := float64(layer.Pix[o+i]) / math.Max(1e-9, float64(layer.Pix[o+3])/255)
				img.Pix[o+i] = clamp255(float64(float64(img.Pix[o+i])*(1-a)) + float64(src*a))
			}
		}
	}
}

// drawTextFit draws s as drawText does, its ink sizePx tall, or smaller
// when it would be wider than maxW.
func drawTextFit(dst *image.RGBA, tf *Typeface, s string, sizePx, maxW, cx, cy float64, c color.Color) {
	if w := textWidth(tf, s, sizePx); w > maxW {
		sizePx *= maxW / w
	}
	drawText(dst, tf, s, sizePx, cx, cy, c)
}

// textWidth is the width of s's ink when drawText draws it sizePx tall.
func textWidth(tf *Typeface, s string, sizePx float64) float64 {
	fontMu.Lock()
	defer fontMu.Unlock()
	face, err := opentype.NewFace(tf.font, &opentype.FaceOptions{Size: 100, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return 0
	}
	defer face.Close()
	b, _ := font.BoundString(face, s)
	h := float64(b.Max.Y-b.Min.Y) / 64
	if h <= 0 {
		return 0
	}
	return float64(b.Max.X-b.Min.X) / 64 * sizePx / h
}
