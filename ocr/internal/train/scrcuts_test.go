package main

import (
	"fmt"
	"image"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tilescope/tilescope/ocr"
	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/render"
	vscr "github.com/tilescope/tilescope/vision/scrabble"
)

// TestDrawPersonCut: a person's cuts stay in their ranges (margins -8% to
// 32% of the square scaled by 0.9-1.1, shifts up to 15%, turns up to 15
// degrees) and cover them, and the same stream draws the same cuts.
func TestDrawPersonCut(t *testing.T) {
	var turnedMuch, shiftedMuch, tight, blurred, jpegs int
	for i := 0; i < 2000; i++ {
		c := drawPersonCut(rand.New(rand.NewPCG(7, uint64(i))))
		if again := drawPersonCut(rand.New(rand.NewPCG(7, uint64(i)))); c != again {
			t.Fatalf("draw %d: the same stream drew %+v and %+v", i, c, again)
		}
		if c.half < 0.42*0.9-1e-9 || c.half > 0.82*1.1+1e-9 {
			t.Errorf("draw %d: half side %g squares, want 0.378-0.902", i, c.half)
		}
		if s := math.Hypot(c.dx, c.dy); s > 0.15+1e-9 {
			t.Errorf("draw %d: shifted %g of a square, want at most 0.15", i, s)
		} else if s > 0.1 {
			shiftedMuch++
		}
		if math.Abs(c.turn) > 15 {
			t.Errorf("draw %d: turned %g degrees, want at most 15", i, c.turn)
		} else if math.Abs(c.turn) > 10 {
			turnedMuch++
		}
		if c.half < 0.5 {
			tight++
		}
		if c.blur > 0 {
			blurred++
		}
		if c.quality > 0 {
			jpegs++
			if c.quality < 30 || c.quality > 90 {
				t.Errorf("draw %d: JPEG quality %d, want 30-90", i, c.quality)
			}
		}
	}
	for _, k := range []struct {
		name     string
		n, least int
	}{
		{"turned over 10 degrees", turnedMuch, 400},
		{"shifted over 10%", shiftedMuch, 600},
		{"cut inside the square", tight, 200},
		{"blurred", blurred, 800},
		{"saved as JPEG", jpegs, 800},
	} {
		if k.n < k.least {
			t.Errorf("%s: %d of 2000 cuts, want at least %d", k.name, k.n, k.least)
		}
	}
}

// TestPersonSquares: a rendered scene's squares cut as a person cuts them
// hold what the truth says: a lettered tile's cuts are dark ink on a
// whitened face in the crop's middle, an empty plain square's are not;
// every tile and empty premium square is cut n times (two views each),
// and the same seed cuts the same samples. With
// TILESCOPE_SCRCUTS_DUMP=DIR the crops are written there to be looked at.
func TestPersonSquares(t *testing.T) {
	sc, corners := scrScene(t, 60003)
	glyphs, index, err := glyphIndex(ocr.English)
	if err != nil {
		t.Fatal(err)
	}
	tiles := map[[2]int]int{}
	premium := 0
	for _, c := range sc.Truth.Cells {
		if g, ok := index[c.Letter]; ok && c.Height > 0 && c.Letter != "" {
			tiles[[2]int{c.Row, c.Col}] = g
		}
	}
	for r := 0; r < vscr.Size; r++ {
		for c := 0; c < vscr.Size; c++ {
			if _, ok := tiles[[2]int{r, c}]; !ok && vscr.PremiumAt(r, c) != vscr.Plain {
				premium++
			}
		}
	}
	img, err := sc.Photo()
	if err != nil {
		t.Fatal(err)
	}
	const n = 2
	got := personSquares(img, corners, tiles, nil, n, rand.New(rand.NewPCG(1, 2)), personMore{})
	again := personSquares(img, corners, tiles, nil, n, rand.New(rand.NewPCG(1, 2)), personMore{})
	if len(got) != len(again) {
		t.Fatalf("the same stream cut %d and %d samples", len(got), len(again))
	}
	for i := range got {
		if got[i].glyph != again[i].glyph || fmt.Sprint(got[i].fv.Vec[:20]) != fmt.Sprint(again[i].fv.Vec[:20]) {
			t.Fatalf("sample %d differs between two cuts with the same stream", i)
		}
	}
	if want := 2 * n * (len(tiles) + premium); len(got) < want*9/10 || len(got) > want {
		t.Errorf("%d samples, want about %d (%d tiles, %d empty premium squares, %d cuts, two views)", len(got), want, len(tiles), premium, n)
	}
	lettered := 0
	for _, s := range got {
		if s.glyph != 0 {
			lettered++
		}
	}
	if lettered < n*len(tiles) {
		t.Errorf("%d lettered samples of %d tiles cut %d times, want at least %d", lettered, len(tiles), n, n*len(tiles))
	}
	// the cut itself: a tile's middle has ink, a plain empty square's has none
	h, err := vision.FitHomography([]vision.Point{{X: 0, Y: 0}, {X: vscr.Size, Y: 0}, {X: vscr.Size, Y: vscr.Size}, {X: 0, Y: vscr.Size}}, corners[:])
	if err != nil {
		t.Fatal(err)
	}
	dump := os.Getenv("TILESCOPE_SCRCUTS_DUMP")
	rng := rand.New(rand.NewPCG(3, 4))
	var inkTile, inkPlain, nTile, nPlain int
	for r := 0; r < vscr.Size; r++ {
		for c := 0; c < vscr.Size; c++ {
			g, tile := tiles[[2]int{r, c}]
			if !tile && vscr.PremiumAt(r, c) != vscr.Plain {
				continue
			}
			m := personCut{half: 0.5, size: 64, gain: 1, gamma: 1}.cut(img, h, r, c, rng)
			if dump != "" {
				w, _ := ocr.SquareViews(drawPersonCut(rng).cut(img, h, r, c, rng))
				name := "empty"
				if tile {
					name = glyphs[g]
				}
				savePNG(t, filepath.Join(dump, fmt.Sprintf("%02d-%02d-%s.png", r, c, name)), w)
			}
			if tile {
				nTile++
				if middleInk(m) {
					inkTile++
				}
			} else {
				nPlain++
				if middleInk(m) {
					inkPlain++
				}
			}
		}
	}
	t.Logf("ink in the middle: %d of %d tiles, %d of %d plain squares", inkTile, nTile, inkPlain, nPlain)
	if nTile == 0 || inkTile < nTile*9/10 {
		t.Errorf("%d of %d tiles' cuts show ink in their middle, want nearly all", inkTile, nTile)
	}
	if inkPlain > nPlain/10 {
		t.Errorf("%d of %d plain empty squares' cuts show ink in their middle, want few", inkPlain, nPlain)
	}
}

// middleInk reports whether a crop's middle third has ink: at least 4%
// of it 30 grey levels or more under its median (a letter's stroke on a
// tile's face; a plain square's middle is even).
func middleInk(m image.Image) bool {
	b := m.Bounds()
	w, h := b.Dx(), b.Dy()
	var grey []int
	for y := h / 3; y < 2*h/3; y++ {
		for x := w / 3; x < 2*w/3; x++ {
			r, g, bl, _ := m.At(b.Min.X+x, b.Min.Y+y).RGBA()
			grey = append(grey, int(ocr.Luma(uint8(r>>8), uint8(g>>8), uint8(bl>>8))))
		}
	}
	if len(grey) == 0 {
		return false
	}
	sorted := slices.Clone(grey)
	slices.Sort(sorted)
	med, ink := sorted[len(sorted)/2], 0
	for _, v := range grey {
		if v <= med-30 {
			ink++
		}
	}
	return 25*ink >= len(grey)
}

// scrScene renders a training scene as scrabbleScene draws it (undegraded,
// the renderer's own tiles) and its board's corners from the truth.
func scrScene(t *testing.T, seed int64) (*render.Scene, vision.Quad) {
	t.Helper()
	state, err := render.RandomState("scrabble", seed)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := render.RandomOptions(seed, "mixed")
	if err != nil {
		t.Fatal(err)
	}
	opt.FitGame("scrabble")
	opt.Width, opt.Height = 1640, 1232
	sc, err := render.Render("scrabble", state, opt)
	if err != nil {
		t.Fatal(err)
	}
	var q vision.Quad
	for i, c := range sc.Truth.Board.Corners {
		q[i] = vision.Point{X: c[0], Y: c[1]}
	}
	return sc, q
}

func savePNG(t *testing.T, path string, m image.Image) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, m); err != nil {
		t.Fatal(err)
	}
}

// TestOtherFaces: -scr-others gives the squares' model Upwords squares
// and Lexicon tiles, lettered ones and empty ones, two views each, the
// same for the same seed.
func TestOtherFaces(t *testing.T) {
	_, index, err := glyphIndex(ocr.English)
	if err != nil {
		t.Fatal(err)
	}
	got, err := otherFaces(1, index)
	if err != nil {
		t.Fatal(err)
	}
	again, err := otherFaces(1, index)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(again) {
		t.Fatalf("two draws gave %d and %d samples", len(got), len(again))
	}
	var letters, empty int
	for i, s := range got {
		if s.glyph != again[i].glyph || s.angle != again[i].angle {
			t.Fatalf("sample %d differs between two draws", i)
		}
		if s.glyph == 0 {
			empty++
		} else {
			letters++
		}
	}
	if letters == 0 || empty == 0 {
		t.Errorf("%d lettered and %d empty samples, want both", letters, empty)
	}
}

// TestPersonMore: -scr-cut-light and -scr-cut-motion add other light and
// a hand's shake to about the share of cuts asked, within their ranges,
// the same for the same streams; and their zero value adds nothing.
func TestPersonMore(t *testing.T) {
	for _, tc := range []struct {
		name          string
		light, motion float64
	}{
		{"none", 0, 0},
		{"light half", 0.5, 0},
		{"motion third", 0, 0.3},
		{"both", 0.5, 0.3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := personMore{lightRng: rand.New(rand.NewPCG(1, 2)), motionRng: rand.New(rand.NewPCG(3, 4)), light: tc.light, motion: tc.motion}
			again := personMore{lightRng: rand.New(rand.NewPCG(1, 2)), motionRng: rand.New(rand.NewPCG(3, 4)), light: tc.light, motion: tc.motion}
			var lit, dim, shaded, shaken int
			for i := 0; i < 1000; i++ {
				var c, d personCut
				m.draw(&c)
				again.draw(&d)
				if c != d {
					t.Fatalf("draw %d: the same streams drew %+v and %+v", i, c, d)
				}
				if c.light.cast != [3]float64{} {
					lit++
					lo, hi := 2.0, 0.0
					for _, f := range c.light.cast {
						lo, hi = math.Min(lo, f), math.Max(hi, f)
					}
					if lo < 0.55*0.8-1e-9 || hi > 1.2+1e-9 {
						t.Errorf("draw %d: cast %v, want 0.44-1.2", i, c.light.cast)
					}
					if hi < 0.85*1.2 {
						dim++
					}
					if c.light.shade != 0 {
						shaded++
						if c.light.shade < 0.5 || c.light.shade > 0.85 {
							t.Errorf("draw %d: shadow to %g, want 0.5-0.85", i, c.light.shade)
						}
					}
				}
				if c.motion != 0 {
					shaken++
					if c.motion < 0.08 || c.motion > 0.35 || c.motionDeg < 0 || c.motionDeg > 180 {
						t.Errorf("draw %d: shake %g squares at %g degrees, want 0.08-0.35 at 0-180", i, c.motion, c.motionDeg)
					}
				}
			}
			if want := int(1000 * tc.light); lit < want*8/10 || lit > want*12/10 {
				t.Errorf("%d of 1000 cuts lit otherwise, want about %d", lit, want)
			}
			if want := int(1000 * tc.motion); shaken < want*8/10 || shaken > want*12/10 {
				t.Errorf("%d of 1000 cuts shaken, want about %d", shaken, want)
			}
			if lit > 0 && (dim < lit/4 || shaded < lit/5) {
				t.Errorf("of %d cuts lit otherwise %d dimmer, %d shaded: want about a half and a third", lit, dim, shaded)
			}
		})
	}
	var c personCut
	personMore{}.draw(&c)
	if c != (personCut{}) {
		t.Errorf("the zero personMore drew %+v", c)
	}
}

// TestPersonCutLightAndShake: a cut lit otherwise is darker where its
// shadow falls and tinted as its cast says; a shaken cut spreads a sharp
// edge across the shake's direction only, and neither changes a cut
// without them.
func TestPersonCutLightAndShake(t *testing.T) {
	// a picture: left half black, right half white, one board square 40 px
	img := image.NewRGBA(image.Rect(0, 0, 600, 600))
	for y := 0; y < 600; y++ {
		for x := 300; x < 600; x++ {
			p := img.PixOffset(x, y)
			img.Pix[p], img.Pix[p+1], img.Pix[p+2], img.Pix[p+3] = 200, 200, 200, 255
		}
		for x := 0; x < 300; x++ {
			img.Pix[img.PixOffset(x, y)+3] = 255
		}
	}
	h, err := vision.FitHomography([]vision.Point{{X: 0, Y: 0}, {X: vscr.Size, Y: 0}, {X: vscr.Size, Y: vscr.Size}, {X: 0, Y: vscr.Size}},
		[]vision.Point{{X: 0, Y: 0}, {X: 600, Y: 0}, {X: 600, Y: 600}, {X: 0, Y: 600}})
	if err != nil {
		t.Fatal(err)
	}
	base := personCut{half: 1, size: 64, gain: 1, gamma: 1}
	// square (7, 7) holds the edge at its middle (x 300 = 7.5 squares)
	cut := func(c personCut) *image.RGBA {
		m, ok := c.cut(img, h, 7, 7, rand.New(rand.NewPCG(1, 1))).(*image.RGBA)
		if !ok {
			t.Fatal("the cut is not an RGBA")
		}
		return m
	}
	plain := cut(base)
	px := func(m *image.RGBA, x, y, ch int) int { return int(m.Pix[m.PixOffset(x, y)+ch]) }
	// edge width: columns between 10% and 90% of the step on row 32
	width := func(m *image.RGBA, row bool) int {
		n := 0
		for i := 0; i < 64; i++ {
			v := px(m, i, 32, 1)
			if !row {
				v = px(m, 48, i, 1)
			}
			if v > 20 && v < 180 {
				n++
			}
		}
		return n
	}
	for _, tc := range []struct {
		name  string
		cut   personCut
		check func(m *image.RGBA) string
	}{
		{"cast", personCut{half: 1, size: 64, gain: 1, gamma: 1, light: personLight{cast: [3]float64{1.1, 0.8, 0.6}}}, func(m *image.RGBA) string {
			if r, g, b := px(m, 56, 32, 0), px(m, 56, 32, 1), px(m, 56, 32, 2); r != 220 || g != 160 || b != 120 {
				return fmt.Sprintf("white side %d %d %d, want 220 160 120", r, g, b)
			}
			return ""
		}},
		{"shadow from the top", personCut{half: 1, size: 64, gain: 1, gamma: 1, light: personLight{cast: [3]float64{1, 1, 1}, shade: 0.5, angle: math.Pi / 2}}, func(m *image.RGBA) string {
			// along an axis the ramp spans 0.15-0.85 of the fall (it is
			// full corner to corner): 200*(1-0.5*0.15) and 200*(1-0.5*0.85)
			if top, bottom := px(m, 56, 2, 1), px(m, 56, 61, 1); top < 180 || top > 195 || bottom < 110 || bottom > 125 {
				return fmt.Sprintf("white side %d at the top, %d at the bottom, want about 186 and 115", top, bottom)
			}
			return ""
		}},
		{"shaken across the edge", personCut{half: 1, size: 64, gain: 1, gamma: 1, motion: 0.3}, func(m *image.RGBA) string {
			if w, w0 := width(m, true), width(plain, true); w < w0+4 {
				return fmt.Sprintf("edge %d px wide, %d unshaken: want wider", w, w0)
			}
			return ""
		}},
		{"shaken along the edge", personCut{half: 1, size: 64, gain: 1, gamma: 1, motion: 0.3, motionDeg: 90}, func(m *image.RGBA) string {
			if w, w0 := width(m, true), width(plain, true); w != w0 {
				return fmt.Sprintf("edge %d px wide, %d unshaken: want the same", w, w0)
			}
			return ""
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if msg := tc.check(cut(tc.cut)); msg != "" {
				t.Error(msg)
			}
		})
	}
	if again := cut(base); !slices.Equal(again.Pix, plain.Pix) {
		t.Error("a cut without light or shake is not the same twice")
	}
}
