package loose

import (
	"image"
	"image/draw"
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
