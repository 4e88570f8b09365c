package loose

import (
	"image"
	"image/draw"
	"math"
	"path/filepath"
	"sort"
	"testing"

	"github.com/tilescope/tilescope/ocr"
)

// closeUpOf crops img to a square round its labelled tiles in which their
// median side is share of the square's side (a photo taken closer), the
// labels carried along: moved, clipped to the square, kept when at least
// half of each is in view.
func closeUpOf(img image.Image, truth []TruthTile, share float64) (image.Image, []TruthTile) {
	return closeUpAt(img, truth, share, Point{})
}

// closeUpAt is closeUpOf with the square moved by off times the tiles'
// median side (so that its edges cut tiles elsewhere).
func closeUpAt(img image.Image, truth []TruthTile, share float64, off Point) (image.Image, []TruthTile) {
	var sides []float64
	var c Point
	for _, t := range truth {
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, p := range t.Outline {
			x0, y0, x1, y1 = math.Min(x0, p.X), math.Min(y0, p.Y), math.Max(x1, p.X), math.Max(y1, p.Y)
		}
		sides = append(sides, math.Sqrt((x1-x0)*(y1-y0)))
		c.X += (x0 + x1) / 2 / float64(len(truth))
		c.Y += (y0 + y1) / 2 / float64(len(truth))
	}
	sort.Float64s(sides)
	b := img.Bounds()
	n := min(b.Dx(), b.Dy(), int(sides[len(sides)/2]/share))
	med := sides[len(sides)/2]
	x0 := min(max(0, int(c.X+off.X*med)-n/2), b.Dx()-n)
	y0 := min(max(0, int(c.Y+off.Y*med)-n/2), b.Dy()-n)
	out := image.NewRGBA(image.Rect(0, 0, n, n))
	draw.Draw(out, out.Rect, img, b.Min.Add(image.Pt(x0, y0)), draw.Src)
	var kept []TruthTile
	for _, t := range truth {
		moved := make([]Point, len(t.Outline))
		for i, p := range t.Outline {
			moved[i] = Point{p.X - float64(x0), p.Y - float64(y0)}
		}
		if in, s := ClipToFrame(moved, n, n); s >= 0.5 {
			kept = append(kept, TruthTile{Letter: t.Letter, Outline: in, Row: -1, Col: -1})
		}
	}
	return out, kept
}

// TestCloseLook: real photos cropped so that their tiles are a fifth of
// the frame or more (a crossword filling a phone's picture, tiles cut by
// its edge) are read as the photos are: the close-up's letters are as
// wide as the frame's black-hat. Without closeLook (main before it) the
// crops with tiles a quarter of the frame were found at 5 of 13, 9 of 17
// and 4 of 8 (2 false); with it 8, 14 and 8 (1 false).
func TestCloseLook(t *testing.T) {
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		t.Skip(err)
	}
	dir := filepath.Join("testdata", "bananagrams")
	for _, name := range []string{"b1", "b2", "b3"} {
		for _, share := range []float64{0.2, 0.25} {
			img, truth := labelledPhoto(t, dir, name)
			crop, kept := closeUpOf(img, truth, share)
			r, err := Scan(crop, Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true})
			if err != nil {
				t.Errorf("%s at %.2f: %v", name, share, err)
				continue
			}
			s := ScoreCentres(r.Tiles, kept, func(a, b string) bool { return a == b })
			t.Logf("%s, tiles %.2f of a %dpx crop: %d labelled, %d found, %d false", name, share, crop.Bounds().Dx(), s.Truth, s.Found, s.False)
			if 5*s.Found < 3*s.Truth || s.False > max(1, s.Truth/10) {
				t.Errorf("%s, tiles %.2f of the frame: found %d of %d, %d false; want 60 %% found and 10 %% (or one) false at most", name, share, s.Found, s.Truth, s.False)
			}
		}
	}
}
