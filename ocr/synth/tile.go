package synth

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"math/rand/v2"
	"strconv"
)

// Style is the look of a drawn tile.
type Style int

const (
	// Plain: a light tile with a dark letter and nothing else (Bananagrams).
	Plain Style = iota
	// Scrabble: a point value in the bottom right corner.
	Scrabble
	// Upwords: a tan face, bold letter, a darker rim.
	Upwords
	// Dark: a dark tile with a light letter.
	Dark
	numStyles
)

// Sample is one drawn crop and its truth.
type Sample struct {
	Image *image.RGBA
	Glyph string  // "" for no tile
	Angle float64 // the tile's rotation, degrees counter-clockwise
}

// Generator draws samples.
type Generator struct {
	Fonts []*Font
	masks map[maskKey]*image.Alpha
}

type maskKey struct {
	font int
	text string
}

// NewGenerator loads the fonts.
func NewGenerator() (*Generator, error) {
	f, err := LoadFonts()
	if err != nil {
		return nil, err
	}
	return &Generator{Fonts: f, masks: map[maskKey]*image.Alpha{}}, nil
}

// glyphMask returns the mask of a glyph in a random font that has it.
func (g *Generator) glyphMask(rng *rand.Rand, glyph string) *image.Alpha {
	if g.masks == nil {
		g.masks = map[maskKey]*image.Alpha{}
	}
	switch glyph {
	case "skip", "reverse":
		k := maskKey{-1, glyph}
		if m, ok := g.masks[k]; ok {
			return m
		}
		m := IconMask(glyph, glyphSize)
		g.masks[k] = m
		return m
	case "give2":
		glyph = "+2"
	case "give3":
		glyph = "+3"
	}
	for try := 0; try < 10; try++ {
		fi := rng.IntN(len(g.Fonts))
		k := maskKey{fi, glyph}
		m, ok := g.masks[k]
		if !ok {
			m = g.Fonts[fi].Mask(glyph)
			g.masks[k] = m
		}
		if m != nil {
			return m
		}
	}
	return nil
}

// canvasSide is the side of the upright tile canvas.
const canvasSide = 100

// fcanvas is a float RGBA canvas.
type fcanvas struct {
	w, h       int
	r, g, b, a []float32
}

func newCanvas(w, h int) *fcanvas {
	n := w * h
	return &fcanvas{w: w, h: h, r: make([]float32, n), g: make([]float32, n), b: make([]float32, n), a: make([]float32, n)}
}

// sample bilinear, premultiplied.
func (c *fcanvas) sample(x, y float64) (r, g, b, a float32) {
	x -= 0.5
	y -= 0.5
	x0, y0 := int(math.Floor(x)), int(math.Floor(y))
	fx, fy := float32(x-float64(x0)), float32(y-float64(y0))
	for dy := 0; dy < 2; dy++ {
		for dx := 0; dx < 2; dx++ {
			xx, yy := x0+dx, y0+dy
			if xx < 0 || yy < 0 || xx >= c.w || yy >= c.h {
				continue
			}
			w := (1 - fx) * (1 - fy)
			if dx == 1 {
				w = fx * (1 - fy)
			}
			if dy == 1 {
				w = (1 - fx) * fy
				if dx == 1 {
					w = fx * fy
				}
			}
			i := yy*c.w + xx
			al := c.a[i] * w
			r += c.r[i] * al
			g += c.g[i] * al
			b += c.b[i] * al
			a += al
		}
	}
	return
}

type rgb struct{ r, g, b float32 }

func jitter(rng *rand.Rand, c rgb, d float32) rgb {
	f := func(v float32) float32 { return clamp01(v + (rng.Float32()*2-1)*d) }
	return rgb{f(c.r), f(c.g), f(c.b)}
}

func clamp01(v float32) float32 { return min(max(v, 0), 1) }

var faces = []rgb{
	{0.93, 0.90, 0.80}, // cream (Bananagrams, Scrabble)
	{0.96, 0.95, 0.90}, // ivory
	{0.85, 0.75, 0.58}, // tan (Upwords)
	{0.90, 0.82, 0.65}, // light wood
	{0.98, 0.98, 0.97}, // white plastic
	{0.80, 0.70, 0.50},
}

// drawTile draws an upright tile with glyph on a canvasSide canvas (with
// alpha outside the rounded face).
func (g *Generator) drawTile(rng *rand.Rand, glyph string, style Style) *fcanvas {
	c := newCanvas(canvasSide, canvasSide)
	face := jitter(rng, faces[rng.IntN(len(faces))], 0.05)
	if style == Upwords {
		face = jitter(rng, rgb{0.84, 0.72, 0.52}, 0.06)
	}
	ink := jitter(rng, rgb{0.08, 0.07, 0.07}, 0.06)
	if style == Dark {
		face, ink = jitter(rng, rgb{0.15, 0.15, 0.18}, 0.08), jitter(rng, rgb{0.92, 0.9, 0.85}, 0.06)
	}
	if rng.IntN(6) == 0 && style != Dark { // coloured ink
		ink = []rgb{{0.55, 0.08, 0.08}, {0.08, 0.15, 0.45}, {0.1, 0.3, 0.12}}[rng.IntN(3)]
	}
	radius := float32(2 + rng.Float64()*12)
	rim := float32(rng.Float64() * 0.12)
	if style == Upwords {
		rim = 0.1 + float32(rng.Float64()*0.15)
	}
	gx, gy := float32(rng.NormFloat64()*0.06), float32(rng.NormFloat64()*0.06)
	S := float32(canvasSide)
	for y := 0; y < canvasSide; y++ {
		for x := 0; x < canvasSide; x++ {
			px, py := float32(x)+0.5, float32(y)+0.5
			// rounded square alpha
			dx := max(radius-px, px-(S-radius), 0)
			dy := max(radius-py, py-(S-radius), 0)
			d := float32(math.Sqrt(float64(dx*dx+dy*dy))) - radius
			a := clamp01(0.5 - d)
			edge := min(px, py, S-px, S-py) / S // 0 at the edge
			shade := 1 + gx*(px/S-0.5) + gy*(py/S-0.5)
			if edge < 0.06 {
				shade -= rim * (1 - edge/0.06)
			}
			i := y*canvasSide + x
			c.r[i], c.g[i], c.b[i], c.a[i] = clamp01(face.r*shade), clamp01(face.g*shade), clamp01(face.b*shade), a
		}
	}
	if glyph == "" {
		return c
	}
	m := g.glyphMask(rng, glyph)
	if m == nil {
		return c
	}
	mb := m.Bounds()
	mw, mh := float64(mb.Dx()), float64(mb.Dy())
	height := 0.45 + rng.Float64()*0.25
	if style == Upwords {
		height = 0.5 + rng.Float64()*0.2
	}
	scale := height * canvasSide / math.Max(mh, 0.55*mw)
	if mw*scale > 0.8*canvasSide {
		scale = 0.8 * canvasSide / mw
	}
	cx := canvasSide/2 + rng.NormFloat64()*2.5
	cy := canvasSide/2 + rng.NormFloat64()*2.5
	var digits string
	if style == Scrabble {
		cx -= 4 + rng.Float64()*3
		cy -= 3 + rng.Float64()*3
		digits = strconv.Itoa([]int{1, 1, 1, 2, 3, 4, 5, 8, 10}[rng.IntN(9)])
	}
	stamp(c, m, cx, cy, scale, ink)
	if digits != "" {
		if dm := g.glyphMask(rng, digits); dm != nil {
			db := dm.Bounds()
			ds := (0.16 + rng.Float64()*0.08) * canvasSide / float64(db.Dy())
			stamp(c, dm, canvasSide*0.82-float64(db.Dx())*ds/2+rng.NormFloat64(), canvasSide*0.8+rng.NormFloat64(), ds, ink)
		}
	}
	return c
}

// stamp draws mask m centred at (cx, cy), scaled, in ink, over c.
func stamp(c *fcanvas, m *image.Alpha, cx, cy, scale float64, ink rgb) {
	mb := m.Bounds()
	mw, mh := float64(mb.Dx()), float64(mb.Dy())
	x0 := int(math.Floor(cx - mw*scale/2))
	y0 := int(math.Floor(cy - mh*scale/2))
	x1 := int(math.Ceil(cx + mw*scale/2))
	y1 := int(math.Ceil(cy + mh*scale/2))
	for y := max(y0, 0); y < min(y1, c.h); y++ {
		for x := max(x0, 0); x < min(x1, c.w); x++ {
			// area-ish sample: average 2x2 sub-samples of the mask
			var a float32
			for sy := 0; sy < 2; sy++ {
				for sx := 0; sx < 2; sx++ {
					mx := (float64(x)+0.25+0.5*float64(sx)-cx)/scale + mw/2
					my := (float64(y)+0.25+0.5*float64(sy)-cy)/scale + mh/2
					ix, iy := int(mx), int(my)
					if mx < 0 || my < 0 || ix >= mb.Dx() || iy >= mb.Dy() {
						continue
					}
					a += float32(m.Pix[iy*m.Stride+ix]) / 255
				}
			}
			a /= 4
			if a <= 0 {
				continue
			}
			i := y*c.w + x
			c.r[i] = c.r[i]*(1-a) + ink.r*a
			c.g[i] = c.g[i]*(1-a) + ink.g*a
			c.b[i] = c.b[i]*(1-a) + ink.b*a
		}
	}
}

var tables = []rgb{
	{0.18, 0.18, 0.2}, {0.3, 0.3, 0.32}, {0.45, 0.3, 0.18}, {0.6, 0.45, 0.3},
	{0.75, 0.75, 0.72}, {0.1, 0.25, 0.15}, {0.05, 0.05, 0.06}, {0.55, 0.55, 0.6},
}

var squares = []rgb{
	{0.25, 0.25, 0.27}, // Upwords board
	{0.85, 0.82, 0.72}, // Scrabble plain square
	{0.8, 0.25, 0.25},  // triple word
	{0.95, 0.7, 0.7},   // double word
	{0.5, 0.7, 0.9},    // double letter
	{0.15, 0.35, 0.7},  // triple letter
	{0.2, 0.45, 0.3},   // green board
	{0.7, 0.6, 0.45},
}

// background fills a w x h canvas with table or board-square texture.
func background(rng *rand.Rand, w, h int, base rgb, grid float64, cell float64, ox, oy float64) *fcanvas {
	c := newCanvas(w, h)
	stripes := rng.IntN(3) == 0
	freq := 0.2 + rng.Float64()*0.6
	phase := rng.Float64() * 6
	amp := float32(rng.Float64() * 0.06)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := float32(1)
			if stripes {
				v += amp * float32(math.Sin(float64(y)*freq+phase+math.Sin(float64(x)*0.05)*2))
			}
			col := base
			if grid > 0 {
				// grid lines at multiples of cell from (ox, oy)
				fx := math.Mod(float64(x)+0.5-ox+cell*100, cell)
				fy := math.Mod(float64(y)+0.5-oy+cell*100, cell)
				dl := math.Min(math.Min(fx, cell-fx), math.Min(fy, cell-fy))
				if dl < grid {
					col = rgb{base.r * 0.6, base.g * 0.6, base.b * 0.6}
					if base.r+base.g+base.b < 1 {
						col = rgb{0.5, 0.5, 0.5}
					}
				}
			}
			i := y*w + x
			c.r[i], c.g[i], c.b[i], c.a[i] = col.r*v, col.g*v, col.b*v, 1
		}
	}
	return c
}

// homography maps canvas coordinates to crop coordinates.
type homography [9]float64

func (h homography) apply(x, y float64) (float64, float64) {
	w := h[6]*x + h[7]*y + h[8]
	return (h[0]*x + h[1]*y + h[2]) / w, (h[3]*x + h[4]*y + h[5]) / w
}

func (h homography) inverse() homography {
	a, b, c, d, e, f, g, hh, i := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8]
	A := e*i - f*hh
	B := -(d*i - f*g)
	C := d*hh - e*g
	D := -(b*i - c*hh)
	E := a*i - c*g
	F := -(a*hh - b*g)
	G := b*f - c*e
	H := -(a*f - c*d)
	I := a*e - b*d
	return homography{A, D, G, B, E, H, C, F, I}
}

// quadHomography maps the unit square's corners (0,0),(1,0),(1,1),(0,1)
// to q.
func quadHomography(q [4][2]float64) homography {
	x0, y0 := q[0][0], q[0][1]
	x1, y1 := q[1][0], q[1][1]
	x2, y2 := q[2][0], q[2][1]
	x3, y3 := q[3][0], q[3][1]
	dx1, dx2, dx3 := x1-x2, x3-x2, x0-x1+x2-x3
	dy1, dy2, dy3 := y1-y2, y3-y2, y0-y1+y2-y3
	den := dx1*dy2 - dx2*dy1
	g := (dx3*dy2 - dx2*dy3) / den
	h := (dx1*dy3 - dx3*dy1) / den
	return homography{
		x1 - x0 + g*x1, x3 - x0 + h*x3, x0,
		y1 - y0 + g*y1, y3 - y0 + h*y3, y0,
		g, h, 1,
	}
}

// composite draws canvas t over dst through h (t's pixel coords -> dst).
func composite(dst, t *fcanvas, h homography) {
	inv := h.inverse()
	// bounding box of the canvas in dst
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range [][2]float64{{0, 0}, {float64(t.w), 0}, {float64(t.w), float64(t.h)}, {0, float64(t.h)}} {
		x, y := h.apply(p[0], p[1])
		minX, minY, maxX, maxY = math.Min(minX, x), math.Min(minY, y), math.Max(maxX, x), math.Max(maxY, y)
	}
	for y := max(int(minY)-1, 0); y < min(int(maxY)+2, dst.h); y++ {
		for x := max(int(minX)-1, 0); x < min(int(maxX)+2, dst.w); x++ {
			// 2x2 supersampling
			var r, g, b, a float32
			for s := 0; s < 4; s++ {
				sx, sy := inv.apply(float64(x)+0.25+0.5*float64(s%2), float64(y)+0.25+0.5*float64(s/2))
				rr, gg, bb, aa := t.sample(sx, sy)
				r, g, b, a = r+rr, g+gg, b+bb, a+aa
			}
			r, g, b, a = r/4, g/4, b/4, a/4
			if a <= 0 {
				continue
			}
			i := y*dst.w + x
			dst.r[i] = dst.r[i]*(1-a) + r
			dst.g[i] = dst.g[i]*(1-a) + g
			dst.b[i] = dst.b[i]*(1-a) + b
		}
	}
}

// shadow darkens dst under the quad q (offset), softly.
func shadow(dst *fcanvas, q [4][2]float64, dx, dy float64, strength float32) {
	var sq [4][2]float64
	for i := range q {
		sq[i] = [2]float64{q[i][0] + dx, q[i][1] + dy}
	}
	t := newCanvas(8, 8)
	for i := range t.a {
		t.a[i] = strength
	}
	composite(dst, t, quadHomography(sq).mulScale(1.0/8))
}

func (h homography) mulScale(s float64) homography {
	// h o diag(s, s, 1)
	return homography{h[0] * s, h[1] * s, h[2], h[3] * s, h[4] * s, h[5], h[6] * s, h[7] * s, h[8]}
}

// Tile draws a crop of a tile with glyph ("" draws an empty square or
// table), with random style, size, angle, background and degradations.
func (g *Generator) Tile(rng *rand.Rand, glyph string) Sample {
	style := Style(rng.IntN(int(numStyles)))
	if rng.IntN(3) == 0 {
		style = Plain
	}
	if style == Dark && rng.IntN(2) == 0 {
		style = Scrabble
	}
	angle := rng.Float64() * 360
	onBoard := rng.IntN(3) == 0
	if onBoard {
		angle = float64(rng.IntN(4))*90 + rng.NormFloat64()*3
	}
	angle = math.Mod(angle+360, 360)
	tileSide := 22 + rng.Float64()*60 // pixels in the crop
	// crop = rotated tile's bounding box + margin
	rad := angle * math.Pi / 180
	ext := tileSide * (math.Abs(math.Cos(rad)) + math.Abs(math.Sin(rad)))
	margin := 1.05 + rng.Float64()*0.4
	if onBoard {
		margin = 1.0 + rng.Float64()*0.25
	}
	W := int(math.Round(ext*margin + 2))
	H := W
	if rng.IntN(4) == 0 {
		H = int(float64(W) * (0.85 + rng.Float64()*0.3))
	}
	W, H = max(W, 12), max(H, 12)
	cx := float64(W)/2 + rng.NormFloat64()*tileSide*0.04
	cy := float64(H)/2 + rng.NormFloat64()*tileSide*0.04

	var bg *fcanvas
	if onBoard {
		base := jitter(rng, squares[rng.IntN(len(squares))], 0.05)
		cell := tileSide * (1.04 + rng.Float64()*0.1)
		bg = background(rng, W, H, base, 0.5+rng.Float64()*1.5, cell, cx-cell/2, cy-cell/2)
	} else {
		bg = background(rng, W, H, jitter(rng, tables[rng.IntN(len(tables))], 0.06), 0, 0, 0, 0)
	}

	quad := func(ccx, ccy float64) [4][2]float64 {
		// corners of the upright tile (TL, TR, BR, BL), rotated CCW by
		// angle on screen, with a little perspective jitter.
		var q [4][2]float64
		half := tileSide / 2
		pts := [4][2]float64{{-half, -half}, {half, -half}, {half, half}, {-half, half}}
		ca, sa := math.Cos(rad), math.Sin(rad)
		for i, p := range pts {
			u, v := p[0], p[1]
			q[i] = [2]float64{ccx + u*ca + v*sa + rng.NormFloat64()*tileSide*0.02, ccy - u*sa + v*ca + rng.NormFloat64()*tileSide*0.02}
		}
		return q
	}
	// neighbours on the tile's lattice
	if rng.IntN(2) == 0 {
		gap := tileSide * (1.03 + rng.Float64()*0.25)
		ca, sa := math.Cos(rad), math.Sin(rad)
		for _, d := range [][2]float64{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			if rng.IntN(2) == 0 {
				continue
			}
			u, v := d[0]*gap, d[1]*gap
			nq := quad(cx+u*ca+v*sa, cy-u*sa+v*ca)
			nt := g.drawTile(rng, g.randomNeighbour(rng), style)
			composite(bg, nt, quadHomography(nq).mulScale(1.0/canvasSide))
		}
	}
	if glyph != "" {
		q := quad(cx, cy)
		if rng.IntN(2) == 0 {
			sd := tileSide * 0.05
			shadow(bg, q, sd*rng.Float64(), sd*rng.Float64(), 0.25+0.3*float32(rng.Float64()))
		}
		t := g.drawTile(rng, glyph, style)
		composite(bg, t, quadHomography(q).mulScale(1.0/canvasSide))
	} else {
		g.emptyMarks(rng, bg, cx, cy, tileSide, onBoard)
	}
	img := degrade(rng, bg)
	return Sample{Image: img, Glyph: glyph, Angle: angle}
}

var alnum = []rune("ABCDEFGHIJKLMNOPRSTUVWYАБВГДЕЖЗИКЛМНОПРСТУФЧШЭЮЯ")

func (g *Generator) randomNeighbour(rng *rand.Rand) string {
	return string(alnum[rng.IntN(len(alnum))])
}

// premium labels printed on board squares.
var premiums = [][]string{
	{"DOUBLE", "WORD", "SCORE"}, {"TRIPLE", "WORD", "SCORE"}, {"DOUBLE", "LETTER", "SCORE"},
	{"TRIPLE", "LETTER", "SCORE"}, {"DW"}, {"TW"}, {"DL"}, {"TL"}, {"2W"}, {"3W"}, {"2L"}, {"3L"},
	{"ДВОЙНОЕ", "СЛОВО"}, {"x2"}, {"x3"}, {"START"},
}

// emptyMarks draws what an empty crop may show: printed premium labels or
// a letter printed on the board (not a tile), or nothing.
func (g *Generator) emptyMarks(rng *rand.Rand, bg *fcanvas, cx, cy, side float64, onBoard bool) {
	ink := rgb{0.1, 0.1, 0.1}
	if rng.IntN(2) == 0 {
		ink = rgb{0.95, 0.95, 0.95}
	}
	switch k := rng.IntN(4); {
	case k == 0 && onBoard:
		lines := premiums[rng.IntN(len(premiums))]
		lh := side * (0.12 + rng.Float64()*0.08)
		for i, l := range lines {
			m := g.glyphMask(rng, l)
			if m == nil {
				continue
			}
			b := m.Bounds()
			s := lh / float64(b.Dy())
			if float64(b.Dx())*s > side*0.9 {
				s = side * 0.9 / float64(b.Dx())
			}
			y := cy + (float64(i)-float64(len(lines)-1)/2)*lh*1.3
			stampCanvas(bg, m, cx, y, s, ink)
		}
	case k == 1:
		// a letter printed on the board or a table pattern
		m := g.glyphMask(rng, string(alnum[rng.IntN(len(alnum))]))
		if m == nil {
			return
		}
		b := m.Bounds()
		s := side * (0.3 + rng.Float64()*0.35) / float64(b.Dy())
		stampCanvas(bg, m, cx, cy, s, ink)
	}
}

func stampCanvas(c *fcanvas, m *image.Alpha, cx, cy, s float64, ink rgb) { stamp(c, m, cx, cy, s, ink) }

// degrade blurs, lights unevenly, adds noise and maybe JPEG artefacts.
func degrade(rng *rand.Rand, c *fcanvas) *image.RGBA {
	sigma := rng.Float64() * 1.2
	if sigma > 0.3 {
		for _, ch := range [][]float32{c.r, c.g, c.b} {
			blur(ch, c.w, c.h, sigma)
		}
	}
	gain := float32(0.6 + rng.Float64()*0.6)
	gx, gy := float32(rng.NormFloat64()*0.25), float32(rng.NormFloat64()*0.25)
	noise := rng.Float64() * 0.04
	tint := jitter(rng, rgb{1, 1, 1}, 0.06)
	img := image.NewRGBA(image.Rect(0, 0, c.w, c.h))
	for y := 0; y < c.h; y++ {
		for x := 0; x < c.w; x++ {
			i := y*c.w + x
			l := gain * (1 + gx*(float32(x)/float32(c.w)-0.5) + gy*(float32(y)/float32(c.h)-0.5))
			n := func() float32 { return float32(rng.NormFloat64() * noise) }
			img.Pix[4*i] = uint8(255 * clamp01(c.r[i]*l*tint.r+n()))
			img.Pix[4*i+1] = uint8(255 * clamp01(c.g[i]*l*tint.g+n()))
			img.Pix[4*i+2] = uint8(255 * clamp01(c.b[i]*l*tint.b+n()))
			img.Pix[4*i+3] = 255
		}
	}
	if rng.IntN(2) == 0 {
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 30 + rng.IntN(66)}); err == nil {
			if dec, err := jpeg.Decode(&buf); err == nil {
				out := image.NewRGBA(dec.Bounds())
				for y := 0; y < c.h; y++ {
					for x := 0; x < c.w; x++ {
						out.Set(x, y, color.RGBAModel.Convert(dec.At(x, y)))
					}
				}
				return out
			}
		}
	}
	return img
}

// blur is a separable Gaussian blur in place.
func blur(p []float32, w, h int, sigma float64) {
	r := int(math.Ceil(2.5 * sigma))
	k := make([]float32, 2*r+1)
	var s float32
	for i := range k {
		d := float64(i - r)
		k[i] = float32(math.Exp(-d * d / (2 * sigma * sigma)))
		s += k[i]
	}
	for i := range k {
		k[i] /= s
	}
	tmp := make([]float32, len(p))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var v float32
			for i, kv := range k {
				xx := min(max(x+i-r, 0), w-1)
				v += kv * p[y*w+xx]
			}
			tmp[y*w+x] = v
		}
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var v float32
			for i, kv := range k {
				yy := min(max(y+i-r, 0), h-1)
				v += kv * tmp[yy*w+x]
			}
			p[y*w+x] = v
		}
	}
}
