package loose

import (
	"image"
	"image/draw"
	"math"
	"strings"
	"testing"
)

// TestCloseUpBoardNoFalseTiles: a close-up of a board whose grid the
// finder's first candidate missed by half a square (163929, 5 tiles'
// sides round its tiles: 790x879, the board cut at its top row and right
// column) is read through the board, every tile found and none made of
// its print. Until 3 Dec the finder refused the grid (its candidate's
// evidence 0.21, under 0.25), and the loose search read the premium
// squares' words as 42 tiles, 5 of them sure, and none of the 9 tiles.
func TestCloseUpBoardNoFalseTiles(t *testing.T) {
	_, cls, scrabblePhoto := scrabblePhotos(t)
	same := func(read, label string) bool { return strings.EqualFold(read, label) }
	img, truth := scrabblePhoto(t, "IMG_20141025_163929")
	// The crop exactly as the closeups tool cuts it (closeUp's rounding
	// gives (131,491)-(920,1371), which the finder found before): its
	// own picture, pixel (0, 0) at its corner, as a camera gives it (the
	// board's reader gives a sub-image's squares from its corner, not
	// the photo's).
	r := image.Rect(131, 492, 921, 1371)
	crop := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	draw.Draw(crop, crop.Rect, img, r.Min, draw.Src)
	for i := range truth {
		for j := range truth[i].Outline {
			truth[i].Outline[j].X -= float64(r.Min.X)
			truth[i].Outline[j].Y -= float64(r.Min.Y)
		}
	}
	got, err := Scan(crop, Options{Reader: cls, Lattice: true, UprightFromLetters: true, OnBoard: true})
	if err != nil {
		t.Fatalf("close-up %v: %v", r, err)
	}
	s := ScoreCentres(got.Tiles, truth, same)
	if s.False > 0 || s.Found < s.Truth || s.WrongSure > 0 {
		t.Errorf("close-up %v: %d of %d tiles found, %d false (%d sure), %d read wrong and sure", r, s.Found, s.Truth, s.False, s.FalseSure, s.WrongSure)
	}
}

// TestBoardRouteSubImage: a board read through the board's reader from a
// sub-image of a photo (its bounds not at (0, 0)) gives its tiles in the
// image's own coordinates, as the loose search does: the same tiles as
// the same pixels copied to a picture of their own, moved by the
// sub-image's corner. Until 3 Dec they came out from the sub-image's
// corner.
func TestBoardRouteSubImage(t *testing.T) {
	_, cls, scrabblePhoto := scrabblePhotos(t)
	img, _ := scrabblePhoto(t, "IMG_20141025_163929")
	r := image.Rect(131, 492, 921, 1371)
	own := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	draw.Draw(own, own.Rect, img, r.Min, draw.Src)
	sub := image.NewRGBA(img.Bounds())
	draw.Draw(sub, sub.Rect, img, img.Bounds().Min, draw.Src)
	opt := Options{Reader: cls, Lattice: true, UprightFromLetters: true, OnBoard: true}
	want, err := Scan(own, opt)
	if err != nil {
		t.Fatalf("the crop as its own picture: %v", err)
	}
	got, err := Scan(sub.SubImage(r), opt)
	if err != nil {
		t.Fatalf("the crop as a sub-image %v: %v", r, err)
	}
	if len(got.Tiles) != len(want.Tiles) || len(want.Tiles) == 0 {
		t.Fatalf("%d tiles from the sub-image, %d from its own picture", len(got.Tiles), len(want.Tiles))
	}
	for i, w := range want.Tiles {
		g := got.Tiles[i]
		dx, dy := g.Center.X-w.Center.X-float64(r.Min.X), g.Center.Y-w.Center.Y-float64(r.Min.Y)
		if g.Letter != w.Letter || math.Hypot(dx, dy) > 0.5 {
			t.Errorf("tile %d: %s at (%.1f, %.1f) in the sub-image; its own picture's %s at (%.1f, %.1f) moved by %v", i, g.Letter, g.Center.X, g.Center.Y, w.Letter, w.Center.X, w.Center.Y, r.Min)
		}
	}
}
