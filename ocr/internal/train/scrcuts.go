package main

import (
	"bytes"
	"flag"
	"image"
	"image/jpeg"
	"math"
	"math/rand/v2"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/ocr/dataset"
	"github.com/tilescope/tilescope/vision"
	vscr "github.com/tilescope/tilescope/vision/scrabble"
)

var (
	scrCuts      = flag.Int("scr-cuts", 0, "with -specialist scrabble: cuts of every lettered tile and every empty premium square as a person cuts a square for read-tile (personCut: turned, off centre, scaled, at 20-160 pixels, lit otherwise, blurred, JPEG), each learnt as ocr.SquareViews shows it to the squares' model; 0: none")
	scrInit      = flag.String("scr-init", "", "with -specialist scrabble: a model file whose weights are trained further instead of new ones, at -scr-init-lr")
	scrInitLR    = flag.Float64("scr-init-lr", 0.003, "with -scr-init: the learning rate")
	scrCutMotion = flag.Float64("scr-cut-motion", 0, "with -scr-cuts: share of a person's cuts also blurred by a hand's shake (a line of 0.08-0.35 of a square, any direction), drawn from a stream of their own; 0: none")
	scrCutLight  = flag.Float64("scr-cut-light", 0, "with -scr-cuts: share of a person's cuts lit otherwise as well (personLight: a colour cast of up to 20% a channel, in half dimmer, 0.55-0.85 of the cut's gain, in a third a shadow across to 0.5-0.85 of the light), drawn from a stream of their own; 0: none")
)

// personCut is one way a person cuts a board square out of a photo, in
// the board's frame: the crop's half side (squares; 0.5 is the square
// itself), its centre's shift (squares), its turn (degrees), its side in
// pixels, and what the camera and the saving did to it.
type personCut struct {
	half, dx, dy, turn float64
	size               int
	gain, gamma        float64
	blur               float64 // sigma in pixels at a 64-pixel crop (scaled with the side)
	noise              float64
	quality            int // JPEG quality; 0: not saved as a JPEG
	// light is the cut lit otherwise (personLight); zero: not.
	light personLight
	// motion is a hand's shake, a line blur of motion squares at
	// motionDeg (degrees); 0: none.
	motion, motionDeg float64
}

// personMore is what a person's cuts may also have, each from a stream
// of its own so that the cuts' other draws are as without it: other
// light (share light of the cuts) and a hand's shake (share motion).
type personMore struct {
	lightRng, motionRng *rand.Rand
	light, motion       float64
}

// draw adds to c what the streams draw for it.
func (m personMore) draw(c *personCut) {
	if m.lightRng != nil && m.lightRng.Float64() < m.light {
		c.light = drawPersonLight(m.lightRng)
	}
	if m.motionRng != nil && m.motionRng.Float64() < m.motion {
		c.motion = 0.08 + 0.27*m.motionRng.Float64()
		c.motionDeg = 180 * m.motionRng.Float64()
	}
}

// personLight is how a person's room and camera light a cut besides its
// gain and gamma: a factor per channel (a colour cast and a dimmer light
// together) and a shadow across it, the light falling linearly along the
// direction angle (radians) to shade of itself, the fall spanning the
// cut corner to corner (along an axis, 0.15-0.85 of it from one side to
// the other).
type personLight struct {
	cast         [3]float64
	shade, angle float64 // shade 0: no shadow
}

// drawPersonLight draws a cut's light: each channel 0.8-1.2, all of them
// times 0.55-0.85 in half, and in a third a shadow across to 0.5-0.85.
func drawPersonLight(rng *rand.Rand) personLight {
	u := func(a, b float64) float64 { return a + (b-a)*rng.Float64() }
	var l personLight
	dim := 1.0
	if rng.Float64() < 0.5 {
		dim = u(0.55, 0.85)
	}
	for i := range l.cast {
		l.cast[i] = dim * u(0.8, 1.2)
	}
	if rng.Float64() < 1.0/3 {
		l.shade, l.angle = u(0.5, 0.85), u(0, 2*math.Pi)
	}
	return l
}

// at is the light's factor for channel ch at (x, y) of an n-pixel cut.
func (l personLight) at(ch, x, y, n int) float64 {
	f := l.cast[ch]
	if l.shade > 0 {
		s, c := math.Sincos(l.angle)
		t := ((float64(x)+0.5)/float64(n)-0.5)*c + ((float64(y)+0.5)/float64(n)-0.5)*s // -0.71..0.71
		f *= 1 - (1-l.shade)*min(max(t/math.Sqrt2+0.5, 0), 1)
	}
	return f
}

// personSizes are the sides a person's crop is drawn at.
var personSizes = []int{20, 24, 28, 32, 40, 48, 64, 80, 96, 128, 160}

// drawPersonCut draws a cut: margins from 8% inside the square to 32%
// outside, scaled by 0.9-1.1 more, off centre by up to 15% of a square,
// turned by up to 15 degrees either way, lit with a gain of 0.6-1.25 and
// a gamma of 0.75-1.4, blurred in half of them (0.3-1.5 pixels at 64),
// noised by up to 5 levels, saved as a JPEG of quality 30-90 in half.
func drawPersonCut(rng *rand.Rand) personCut {
	u := func(a, b float64) float64 { return a + (b-a)*rng.Float64() }
	var margin float64
	if rng.Float64() < 0.3 {
		margin = u(-0.08, 0.05)
	} else {
		margin = u(0.02, 0.32)
	}
	a, s := u(0, 2*math.Pi), 0.15*math.Sqrt(rng.Float64())
	c := personCut{
		half: (0.5 + margin) * u(0.9, 1.1),
		dx:   s * math.Cos(a), dy: s * math.Sin(a),
		turn:  u(-15, 15),
		size:  personSizes[rng.IntN(len(personSizes))],
		gain:  u(0.6, 1.25),
		gamma: u(0.75, 1.4),
		noise: u(0, 5),
	}
	if rng.Float64() < 0.5 {
		c.blur = u(0.3, 1.5)
	}
	if rng.Float64() < 0.5 {
		c.quality = int(u(30, 90))
	}
	return c
}

// cut cuts square (row, col) from img, h mapping board units (a square is
// 1; x the column) to the photo's pixels, and degrades it as c says.
func (c personCut) cut(img image.Image, h vision.Homography, row, col int, rng *rand.Rand) image.Image {
	n := c.size
	out := image.NewRGBA(image.Rect(0, 0, n, n))
	cx, cy := float64(col)+0.5+c.dx, float64(row)+0.5+c.dy
	sin, cos := math.Sincos(c.turn * math.Pi / 180)
	var lut [256]uint8
	for i := range lut {
		lut[i] = uint8(min(255, math.Round(255*c.gain*math.Pow(float64(i)/255, c.gamma))))
	}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			u := ((float64(x)+0.5)/float64(n)*2 - 1) * c.half
			v := ((float64(y)+0.5)/float64(n)*2 - 1) * c.half
			p := h.Apply(vision.Point{X: cx + cos*u - sin*v, Y: cy + sin*u + cos*v})
			px := dataset.SampleRGB(img, p.X-0.5, p.Y-0.5)
			i := out.PixOffset(x, y)
			out.Pix[i], out.Pix[i+1], out.Pix[i+2], out.Pix[i+3] = lut[px[0]], lut[px[1]], lut[px[2]], 255
			if c.light.cast != [3]float64{} {
				for ch := 0; ch < 3; ch++ {
					v := 255 * c.gain * math.Pow(float64(px[ch])/255, c.gamma) * c.light.at(ch, x, y, n)
					out.Pix[i+ch] = uint8(min(255, math.Round(v)))
				}
			}
		}
	}
	if c.motion > 0 {
		motionRGBA(out, c.motion*float64(n)/(2*c.half), c.motionDeg)
	}
	if c.blur > 0 {
		blurRGBA(out, c.blur*float64(n)/64)
	}
	if c.noise > 0 {
		for i := range out.Pix {
			if i%4 != 3 {
				out.Pix[i] = uint8(min(max(float64(out.Pix[i])+c.noise*rng.NormFloat64(), 0), 255))
			}
		}
	}
	if c.quality == 0 {
		return out
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, out, &jpeg.Options{Quality: c.quality}); err != nil {
		return out
	}
	m, err := jpeg.Decode(&buf)
	if err != nil {
		return out
	}
	return m
}

// motionRGBA blurs m in place along a line of length pixels at deg
// degrees, centred on each pixel (the edge pixels repeated outside it).
func motionRGBA(m *image.RGBA, length, deg float64) {
	k := int(math.Ceil(length))
	if k < 1 {
		return
	}
	src := image.NewRGBA(m.Rect)
	copy(src.Pix, m.Pix)
	s, c := math.Sincos(deg * math.Pi / 180)
	for y := m.Rect.Min.Y; y < m.Rect.Max.Y; y++ {
		for x := m.Rect.Min.X; x < m.Rect.Max.X; x++ {
			var acc [3]float64
			for i := 0; i <= k; i++ {
				t := length * (float64(i)/float64(k) - 0.5)
				px := dataset.SampleRGB(src, float64(x)+t*c, float64(y)+t*s)
				for ch := range acc {
					acc[ch] += float64(px[ch])
				}
			}
			p := m.PixOffset(x, y)
			for ch := range acc {
				m.Pix[p+ch] = uint8(acc[ch]/float64(k+1) + 0.5)
			}
		}
	}
}

// blurRGBA blurs m in place with a Gaussian of the given sigma (pixels),
// the edge pixels repeated outside it.
func blurRGBA(m *image.RGBA, sigma float64) {
	k, r := gaussKernel(sigma, 2.5)
	if r < 1 {
		return
	}
	w, h := m.Rect.Dx(), m.Rect.Dy()
	src := make([][3]float64, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			p := m.PixOffset(m.Rect.Min.X+x, m.Rect.Min.Y+y)
			src[y*w+x] = [3]float64{float64(m.Pix[p]), float64(m.Pix[p+1]), float64(m.Pix[p+2])}
		}
	}
	out := blurPixels(src, w, h, k, r)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			p := m.PixOffset(m.Rect.Min.X+x, m.Rect.Min.Y+y)
			for c := 0; c < 3; c++ {
				m.Pix[p+c] = uint8(min(max(out[y*w+x][c]+0.5, 0), 255))
			}
		}
	}
}

// personSquares cuts a rendered scene's squares as a person cuts them
// for read-tile: every lettered tile and every empty premium square n
// times, each plain square of plains once, all upright in the board's
// frame (corners: the board's, row 0 column 0 first, clockwise), each
// cut learnt as the squares' model is shown it (ocr.SquareViews: the
// whitened crop and the same with its value painted out).
// more draws what the cuts may also have (-scr-cut-light,
// -scr-cut-motion); its zero value adds nothing.
func personSquares(img image.Image, corners vision.Quad, tiles map[[2]int]int, plains [][2]int, n int, rng *rand.Rand, more personMore) []scrSample {
	h, err := boardFrame(corners)
	if err != nil {
		return nil
	}
	var out []scrSample
	for r := 0; r < vscr.Size; r++ {
		for c := 0; c < vscr.Size; c++ {
			g, ok := tiles[[2]int{r, c}]
			if !ok && vscr.PremiumAt(r, c) == vscr.Plain {
				continue
			}
			for k := 0; k < n; k++ {
				out = appendPersonCut(out, img, h, r, c, g, rng, more) // g is 0 for an empty premium square
			}
		}
	}
	for _, p := range plains {
		out = appendPersonCut(out, img, h, p[0], p[1], 0, rng, more)
	}
	return out
}

// boardFrame maps the board's frame (squares of side 1, vscr.Size a
// side) to a photo's board corners (row 0 column 0 first, clockwise).
func boardFrame(corners vision.Quad) (vision.Homography, error) {
	return vision.FitHomography([]vision.Point{{X: 0, Y: 0}, {X: vscr.Size, Y: 0}, {X: vscr.Size, Y: vscr.Size}, {X: 0, Y: vscr.Size}}, corners[:])
}

// appendPersonCut cuts square (r, c) of img (h: boardFrame of its
// corners) once as a person cuts it (drawPersonCut, then what more
// draws) and appends to out the views ocr.SquareViews shows the
// squares' model (whitened, and with the value painted out), labelled
// glyph (0: no tile).
func appendPersonCut(out []scrSample, img image.Image, h vision.Homography, r, c, glyph int, rng *rand.Rand, more personMore) []scrSample {
	cut := drawPersonCut(rng)
	more.draw(&cut)
	w, dv := ocr.SquareViews(cut.cut(img, h, r, c, rng))
	for _, v := range []*image.Gray{w, dv} {
		if fv, err := ocr.Features(v); err == nil {
			out = append(out, scrSample{fv: fv, glyph: glyph, upright: glyph != 0})
		}
	}
	return out
}

// scrOthers is -scr-others: the squares' model is pooled on every English
// crop read-tile reads, so it also learns other games' faces as it is
// shown them (the pool reads them whitened).
var scrOthers = flag.Int("scr-others", 0, "with -specialist scrabble: rendered Upwords scenes (seeds 1..N, every square cut as the board reader cuts it, empty ones a quarter) and Lexicon scenes (seeds 10001.., loose tiles as photographed) whose crops the squares' model also learns from, each as ocr.SquareViews shows it; 0: none")

// otherFaces are the -scr-others samples: the general model's rendered
// Upwords squares and Lexicon tiles (the same scenes it learns from),
// each crop's two views (whitened, and with a value painted out).
func otherFaces(n int, index map[string]int) ([]scrSample, error) {
	var out []scrSample
	for gi, st := range []struct {
		game  string
		seed0 int64
		opt   dataset.RenderOptions
	}{
		{"upwords", 1, dataset.RenderOptions{Difficulty: "mixed", Mode: dataset.ModeWarp}},
		{"lexicon", 10001, dataset.RenderOptions{Difficulty: "mixed", Mode: dataset.ModeBox}},
	} {
		part, _, err := sceneParallel(n, func(i int) ([]scrSample, bool, error) {
			crops, err := dataset.RenderedCropsWith(st.game, st.seed0+int64(i), 1, st.opt)
			if err != nil {
				return nil, false, err
			}
			rng := rand.New(rand.NewPCG(*seed^0x07e5, uint64(gi)<<40|uint64(st.seed0+int64(i))))
			var s []scrSample
			for _, c := range crops {
				g, ok := index[c.Letter]
				if !ok || (c.Letter == "" && rng.IntN(4) != 0) {
					continue
				}
				w, dv := ocr.SquareViews(c.Image)
				for _, v := range []*image.Gray{w, dv} {
					if fv, err := ocr.Features(v); err == nil {
						s = append(s, scrSample{fv: fv, glyph: g, angle: c.Angle})
					}
				}
			}
			return s, true, nil
		})
		if err != nil {
			return nil, err
		}
		out = append(out, part...)
	}
	return out, nil
}
