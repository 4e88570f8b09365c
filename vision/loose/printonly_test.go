package loose

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// TestScanPrintNoTile: a close-up of a Scrabble board's print with no
// tile on it (premium squares and their words, the grid's lines: a crop
// of a tuning photo beside its tiles, about four squares across) gives
// no tile: the print's letters, many to a square, are no tiles, however
// sure the reader is of them. Where the print's lattice shows (in the
// whole crop or in part of it), a loose tile must be about as large as
// its squares; before, the loose search read the words as tens of tiny
// tiles. Where the board's squares in view were all looked at and none
// holds a tile, the loose search's marks are the print: the rim's
// pictured tiles, as large as a square, were read as tiles before.
func TestScanPrintNoTile(t *testing.T) {
	_, cls, scrabblePhoto := scrabblePhotos(t)
	cases := []struct {
		photo string
		side  string // where the crop lies beside the tiles
		// unsure: the crop may give tiles, none of them sure. Below
		// 163920's tiles the crop shows a row and a half of squares, too
		// little for the print's lattice (printLattices finds none), and
		// cuts two premium squares' words at its edges: of six crops 4 px
		// apart, from 12 px above where the label puts it to 8 px below,
		// two give 2-3 letters of the words as tiles of 11-20 px (a sixth
		// to a third of a square), read 0.58-0.85; the others none
		// (docs/loose-tiles.md, "Known limits").
		unsure bool
	}{
		{"IMG_20141025_163920", "left", false},
		{"IMG_20141025_163920", "below", true},
		{"IMG_20141025_163933", "right", false},
		{"IMG_20141025_163933", "above", false},
		{"IMG_20141025_163949", "left", false},
		{"IMG_20141025_163949", "right", false},
		{"IMG_20141025_164044", "above", false},
		{"IMG_20141025_164052", "above", false},
		// The board's rim: its pictured tiles ("B L E", a square's size,
		// read sure) and the name "SCRABBLE" upside down above the grid,
		// outside the board's squares, no square of which holds a tile.
		{"IMG_20141025_164044", "left", false},
		{"IMG_20141025_164035", "above", false},
		// The rim's name "SCRABBLE" below the grid and the table beyond
		// it: the lattice, read two squares past its crossings, reaches
		// over the rim, whose letters stand a square's size in its
		// squares ("B B", read sure before offRim).
		{"IMG_20141025_164052", "below", false},
	}
	for _, c := range cases {
		t.Run(c.photo+" "+c.side, func(t *testing.T) {
			img, truth := scrabblePhoto(t, c.photo)
			r := printBeside(t, img, truth, c.side)
			crop := img.(interface {
				SubImage(image.Rectangle) image.Image
			}).SubImage(r)
			got, err := Scan(crop, Options{Reader: cls, Lattice: true, UprightFromLetters: true, OnBoard: true})
			if errors.Is(err, ErrNoTiles) {
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.unsure {
				for _, tt := range got.Tiles {
					if tt.Conf >= SureConf {
						t.Errorf("crop %v of print: %s read sure (%.2f, %.0f px)", r, tt.Letter, tt.Conf, tt.Side)
					}
				}
				return
			}
			if len(got.Tiles) > 0 {
				var s string
				for _, tt := range got.Tiles {
					s += fmt.Sprintf(" %s %.2f (%.0f px)", tt.Letter, tt.Conf, tt.Side)
				}
				t.Errorf("crop %v of print: %d tiles:%s", r, len(got.Tiles), s)
			}
		})
	}
}

// printBeside is a square about four tiles' sides across beside the
// labelled tiles (left, right, above or below their box, a third of a
// tile's side away), in the photo and clear of every label.
func printBeside(t *testing.T, img image.Image, truth []TruthTile, side string) image.Rectangle {
	t.Helper()
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	s := 0.0
	for _, tt := range truth {
		minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, p := range tt.Outline {
			minX, minY, maxX, maxY = math.Min(minX, p.X), math.Min(minY, p.Y), math.Max(maxX, p.X), math.Max(maxY, p.Y)
		}
		x0, y0, x1, y1 = math.Min(x0, minX), math.Min(y0, minY), math.Max(x1, maxX), math.Max(y1, maxY)
		s += math.Sqrt((maxX-minX)*(maxY-minY)) / float64(len(truth))
	}
	n, g := 4*s, s/3
	cx, cy := (x0+x1)/2, (y0+y1)/2
	var r image.Rectangle
	switch side {
	case "left":
		r = image.Rect(int(x0-g-n), int(cy-n/2), int(x0-g), int(cy+n/2))
	case "right":
		r = image.Rect(int(x1+g), int(cy-n/2), int(x1+g+n), int(cy+n/2))
	case "above":
		r = image.Rect(int(cx-n/2), int(y0-g-n), int(cx+n/2), int(y0-g))
	default:
		r = image.Rect(int(cx-n/2), int(y1+g), int(cx+n/2), int(y1+g+n))
	}
	if !r.In(img.Bounds()) {
		t.Fatalf("the crop %v %s of the tiles is not in the photo %v", r, side, img.Bounds())
	}
	for _, tt := range truth {
		for _, p := range tt.Outline {
			if image.Pt(int(p.X), int(p.Y)).In(r) {
				t.Fatalf("the crop %v holds a labelled tile", r)
			}
		}
	}
	return r
}

// TestPrintLatticesAcrossFold: a board's lattice of light lines whose
// two halves meet at a fold turned by 4 degrees and off by two fifths
// of a square (as the held-out
// close-ups of 163929 and 163939 show the board's fold) fits no one
// lattice, and each half's does: printLattices gives the halves'
// lattices, at the board's pitch; a plain table gives none.
func TestPrintLatticesAcrossFold(t *testing.T) {
	const pitch = 50
	board := func(fold int, shift, turn float64) *image.RGBA {
		m := image.NewRGBA(image.Rect(0, 0, 450, 540))
		for y := 0; y < 540; y++ {
			for x := 0; x < 450; x++ {
				xx, yy := float64(x), float64(y)
				if x >= fold {
					// The other half: turned by turn degrees
					// round the fold's middle, and moved.
					a := turn * math.Pi / 180
					dx, dy := xx-float64(fold), yy-270
					xx = float64(fold) + dx*math.Cos(a) - dy*math.Sin(a) + shift
					yy = 270 + dx*math.Sin(a) + dy*math.Cos(a) + shift
				}
				c := color.RGBA{150, 120, 90, 255} // the board's brown
				if fold > 0 && (math.Mod(xx+1000, pitch) < 3 || math.Mod(yy+1000, pitch) < 3) {
					c = color.RGBA{225, 220, 210, 255} // a printed line
				}
				m.Set(x, y, c)
			}
		}
		return m
	}
	cases := []struct {
		name  string
		img   *image.RGBA
		parts bool
	}{
		{"folded board, halves turned and off", board(225, 0.4*pitch, 4), true},
		{"plain brown table", board(0, 0, 0), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := toRGB(c.img)
			parts := printLattices(src)
			if !c.parts {
				if len(parts) != 0 {
					t.Fatalf("%d lattices found on a plain table", len(parts))
				}
				return
			}
			if _, ok := findPrintLattice(src); ok {
				t.Fatal("one lattice fits both halves of the fold")
			}
			if len(parts) < 2 {
				t.Fatalf("%d halves' lattices found, want 2 or more", len(parts))
			}
			for _, p := range parts {
				if p.at.Empty() || math.Abs(p.pl.pitch-pitch) > 0.05*pitch {
					t.Errorf("a lattice in %v at pitch %.1f, want a half's at %d", p.at, p.pl.pitch, pitch)
				}
			}
		})
	}
}

// TestCloseUpRimNameNoTile: a close-up whose bottom edge falls just under
// the rim's printed name "SCRABBLE" (163929, 3.25 tiles' sides round its
// tiles, as the closeups command cuts it) reads no tile on the rim: the
// lattice, read up to two squares past its crossings, reached over the
// rim's letters, square-sized and centred, and read a B there at 0.998
// (offRim: no line crosses the rim's row, and none lies beyond it). The
// tiles read in the grid are kept.
func TestCloseUpRimNameNoTile(t *testing.T) {
	_, cls, scrabblePhoto := scrabblePhotos(t)
	cases := []struct {
		name   string
		photo  string
		margin float64
		least  int // tiles that must be found
	}{
		{"the name under the tiles, 3.25 tiles' margin", "IMG_20141025_163929", 3.25, 5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			img, truth := scrabblePhoto(t, c.photo)
			sub, r := closeUp(img, truth, c.margin)
			// Its own picture, pixel (0, 0) at its corner, as the
			// closeups command writes it.
			crop := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
			draw.Draw(crop, crop.Rect, sub, r.Min, draw.Src)
			got, err := Scan(crop, Options{Reader: cls, Lattice: true, UprightFromLetters: true, OnBoard: true})
			if err != nil {
				t.Fatal(err)
			}
			near := 0
			for _, g := range got.Tiles {
				c := Point{X: g.Center.X + float64(r.Min.X), Y: g.Center.Y + float64(r.Min.Y)}
				ok := false
				for _, tt := range truth {
					var m Point
					for _, p := range tt.Outline {
						m.X += p.X / float64(len(tt.Outline))
						m.Y += p.Y / float64(len(tt.Outline))
					}
					if dist(c, m) < g.Side {
						ok = true
					}
				}
				if !ok {
					t.Errorf("close-up %v: a tile %s %.3f at %.0f,%.0f, a tile's side from every labelled tile", r, g.Letter, g.Conf, c.X, c.Y)
					continue
				}
				near++
			}
			if near < c.least {
				t.Errorf("close-up %v: %d tiles near the labelled ones, want %d at least", r, near, c.least)
			}
		})
	}
}

// TestCloseUpAcrossFoldOnSquares: a close-up across the board's fold
// seen at a slant (163929, 3.25 tiles' sides round its tiles, as the
// closeups command cuts it: its rows 37 pixels apart at the top, 60 at
// the bottom, its columns about 58) has each of its tiles reported on
// its own square: every tile read lies within a quarter of its side of
// a labelled tile's middle, and every labelled tile has one. The
// windows' crossings, found with one pitch for rows and columns alike,
// were indexed a row short across the right half, whose lattice then
// lay 0.4 of a square off its tiles' row (E and A at y 185 against
// labels at 212, one counted a false tile, sure).
func TestCloseUpAcrossFoldOnSquares(t *testing.T) {
	_, cls, scrabblePhoto := scrabblePhotos(t)
	cases := []struct {
		name  string
		photo string
		at    image.Rectangle // the close-up, in the photo's pixels
	}{
		// The closeups command's crop at 3.25 (its labels' boxes
		// round a pixel differently from closeUp's).
		{"across the fold, 3.25 tiles' margin", "IMG_20141025_163929", image.Rect(231, 591, 821, 1272)},
		// closeUp's crop, a pixel wider and a pixel shorter: one
		// lattice of the whole photo is found there, its top row a
		// third of a side off the tiles (R I E A at y 785-788, labels
		// at 801-804), read sure until squaresOff.
		{"across the fold, a pixel wider and shorter", "IMG_20141025_163929", image.Rect(230, 591, 821, 1271)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			img, truth := scrabblePhoto(t, c.photo)
			r := c.at
			crop := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
			draw.Draw(crop, crop.Rect, img, r.Min, draw.Src)
			got, err := Scan(crop, Options{Reader: cls, Lattice: true, UprightFromLetters: true, OnBoard: true})
			if err != nil {
				t.Fatal(err)
			}
			var mids []Point
			for _, tt := range truth {
				var m Point
				for _, p := range tt.Outline {
					m.X += p.X / float64(len(tt.Outline))
					m.Y += p.Y / float64(len(tt.Outline))
				}
				mids = append(mids, m)
			}
			had := make([]bool, len(mids))
			for _, g := range got.Tiles {
				c := Point{X: g.Center.X + float64(r.Min.X), Y: g.Center.Y + float64(r.Min.Y)}
				bi, bd := -1, math.Inf(1)
				for i, m := range mids {
					if d := dist(c, m); d < bd {
						bi, bd = i, d
					}
				}
				if bd > 0.25*g.Side {
					t.Errorf("a tile %s %.3f at %.0f,%.0f: %.2f of its side from the nearest labelled tile", g.Letter, g.Conf, c.X, c.Y, bd/g.Side)
					continue
				}
				had[bi] = true
			}
			for i, ok := range had {
				if !ok {
					t.Errorf("no tile read on the labelled tile at %.0f,%.0f", mids[i].X, mids[i].Y)
				}
			}
		})
	}
}

// TestSquaresOff: a lattice is judged by the print's lines round the
// lettered squares it reads: on a drawn board (light lines every 50
// pixels, a row of three tiles covering their squares and the lines
// between them), the lattice on the lines is not off, nor one a tenth
// of a square off; one a third of a square off, down or across, is.
func TestSquaresOff(t *testing.T) {
	const pitch = 50
	m := image.NewRGBA(image.Rect(0, 0, 500, 500))
	tiles := [][2]int{{3, 4}, {4, 4}, {5, 4}}
	for y := 0; y < 500; y++ {
		for x := 0; x < 500; x++ {
			c := color.RGBA{150, 120, 90, 255} // the board's brown
			if x%pitch < 3 || y%pitch < 3 {
				c = color.RGBA{225, 220, 210, 255} // a printed line
			}
			for _, tl := range tiles {
				if x >= tl[0]*pitch+2 && x <= (tl[0]+1)*pitch && y >= tl[1]*pitch+4 && y < (tl[1]+1)*pitch {
					c = color.RGBA{205, 160, 110, 255} // a tile's face
				}
			}
			m.Set(x, y, c)
		}
	}
	src := toRGB(m)
	cases := []struct {
		name   string
		dx, dy float64 // the lattice's offset from the lines, in squares
		off    bool
	}{
		{"on the lines", 0, 0, false},
		{"a tenth of a square down", 0, 0.1, false},
		{"a third of a square down", 0, 0.33, true},
		{"a third of a square up", 0, -0.33, true},
		{"a third of a square across", 0.33, 0, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pl := &printLattice{toPhoto: vision.Homography{pitch, 0, 1 + c.dx*pitch, 0, pitch, 1 + c.dy*pitch, 0, 0, 1}, pitch: pitch}
			if got := squaresOff(src, pl, tiles); got != c.off {
				t.Errorf("squaresOff = %v, want %v", got, c.off)
			}
		})
	}
}
