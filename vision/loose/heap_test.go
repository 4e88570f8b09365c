package loose

import (
	"image"
	"image/draw"
	"path/filepath"
	"testing"
)

// cropOf is img cut to r (a close-up taken of part of it), the labels
// carried along: moved, clipped to the crop, kept when at least half of
// each is in view.
func cropOf(img image.Image, truth []TruthTile, r image.Rectangle) (image.Image, []TruthTile) {
	out := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	draw.Draw(out, out.Rect, img, img.Bounds().Min.Add(r.Min), draw.Src)
	var kept []TruthTile
	for _, t := range truth {
		moved := make([]Point, len(t.Outline))
		for i, p := range t.Outline {
			moved[i] = Point{p.X - float64(r.Min.X), p.Y - float64(r.Min.Y)}
		}
		if in, s := ClipToFrame(moved, r.Dx(), r.Dy()); s >= 0.5 {
			kept = append(kept, TruthTile{Letter: t.Letter, Outline: in, Row: -1, Col: -1})
		}
	}
	return out, kept
}

// TestHeapCloseUp: a close-up of a heap of cream tiles touching on a
// white table (tiles about 0.2 of the frame) shows a lattice of light
// lines, the tiles' edges and the gaps between them, at about half a
// tile's pitch. Read as a printed board's squares (each straddling two
// tiles' letters) none is read sure; that reading must not stand
// against the loose search's. Main before loosebig found 8 of the 21
// (the lattice's squares) and read none right; the loose search alone
// finds 20.
func TestHeapCloseUp(t *testing.T) {
	rd := realPhotoReader(t)
	dir := filepath.Join(photosDir(t), "bananagrams-fi", "valid")
	for _, tc := range []struct {
		name, photo string
		at          image.Rectangle
		want        int // found at least
	}{
		{"21 tiles of 90 px in 418x389", "1770633541690_jpg.rf.5e373aef294646a7ad2d09ad95dd2e77", image.Rect(196, 146, 196+418, 146+389), 18},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, truth := labelledPhoto(t, dir, tc.photo)
			crop, kept := cropOf(img, truth, tc.at)
			r, err := Scan(crop, Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true})
			if err != nil {
				t.Fatalf("%s: %v", tc.photo, err)
			}
			wantFound(t, ScoreCentres(r.Tiles, kept, func(a, b string) bool { return a == b }), tc.want)
		})
	}
}
