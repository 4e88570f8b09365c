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
	got := personSquares(img, corners, tiles, nil, n, rand.New(rand.NewPCG(1, 2)))
	again := personSquares(img, corners, tiles, nil, n, rand.New(rand.NewPCG(1, 2)))
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
