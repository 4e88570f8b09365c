package loose

import (
	"image"
	"math"
	"testing"
)

// sideSpread is the largest tile's side over the smallest's.
func sideSpread(tiles []Tile) float64 {
	lo, hi := math.Inf(1), 0.0
	for _, t := range tiles {
		s := math.Sqrt(math.Abs(polygonArea(t.Corners[:])))
		lo, hi = math.Min(lo, s), math.Max(hi, s)
	}
	return hi / lo
}

// squaresFilling is squares of side 40 (a gap of 8) on the table,
// seen by a w x h camera turned by deg degrees about an axis through
// the picture's centre at dir degrees (focal length 0.8 of the longer
// side; the picture not moved or scaled), kept where all their corners
// lie in the picture: a photo the tiles fill to its edges, its far
// side towards the horizon.
func squaresFilling(deg, dir float64, w, h int) []Tile {
	hm := cameraTurn(deg, dir, w, h)
	cx, cy := float64(w-1)/2, float64(h-1)/2
	in := func(p Point) bool { return p.X >= 0 && p.Y >= 0 && p.X < float64(w) && p.Y < float64(h) }
	var tiles []Tile
	for y := cy - 60*48; y < cy+60*48; y += 48 {
		for x := cx - 60*48; x < cx+60*48; x += 48 {
			q := [4]Point{{x - 20, y - 20}, {x + 20, y - 20}, {x + 20, y + 20}, {x - 20, y + 20}}
			var t Tile
			ok := true
			for i, p := range q {
				// Points behind the camera land anywhere: keep none.
				if hm[6]*p.X+hm[7]*p.Y+hm[8] <= 0 {
					ok = false
					break
				}
				t.Corners[i] = hm.apply(p)
				ok = ok && in(t.Corners[i])
			}
			if ok {
				t.Center = hm.apply(Point{x, y})
				tiles = append(tiles, t)
			}
		}
	}
	return tiles
}

// TestStraightenPartTurn: squares filling a tilted camera's photo
// whose fitted tilt is steeper than the view's (a fit from few or
// uneven tiles; the whole turn makes the picture too large) are
// straightened by a part of it: the picture fits, and the squares come
// out nearer one size than in the photo. A fit as the view is turned
// whole; with stepTiltPartial off (main's rule before) the steep fit is
// not looked at again.
func TestStraightenPartTurn(t *testing.T) {
	for _, tc := range []struct {
		name      string
		deg, dir  float64
		steeper   float64 // the fit's g and h times this
		wholeFits bool
	}{
		{"20 degrees about 30, fitted as seen: the whole turn", 20, 30, 1, true},
		{"30 degrees about 60, fitted twice as steep: a part", 30, 60, 2, false},
		{"30 degrees about 150, fitted twice as steep: a part", 30, 150, 2, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			size := image.Pt(640, 480)
			tiles := squaresFilling(tc.deg, tc.dir, size.X, size.Y)
			g, h, ratio, ok := tiltFit(sizeSamples(tiles), size.X, size.Y)
			if !ok {
				t.Fatalf("no tilt fitted")
			}
			g, h = g*tc.steeper, h*tc.steeper
			_, _, why := straightenBy(g, h, 1, size.X, size.Y, tiles)
			t.Logf("ratio %.2f, the whole turn: %v", ratio, why)
			if (why == tiltFits) != tc.wholeFits {
				t.Fatalf("the whole turn fits: %v, want %v", why == tiltFits, tc.wholeFits)
			}
			hm, psize, ok := straighten(g, h, size.X, size.Y, tiles, true)
			if !ok {
				t.Fatalf("straighten gave the photo up")
			}
			if float64(psize.X*psize.Y) > maxTiltArea*float64(size.X*size.Y)+1 {
				t.Errorf("picture %v over maxTiltArea of %v", psize, size)
			}
			var turned []Tile
			for _, tl := range tiles {
				var u Tile
				for j, p := range tl.Corners {
					u.Corners[j] = hm.apply(p)
				}
				turned = append(turned, u)
			}
			before, after := sideSpread(tiles), sideSpread(turned)
			t.Logf("sides' spread %.2f -> %.2f", before, after)
			if after >= before || (tc.wholeFits && after > 1.05) {
				t.Errorf("sides' spread %.2f -> %.2f: not brought nearer one size", before, after)
			}
			if !tc.wholeFits {
				if _, _, ok := straighten(g, h, size.X, size.Y, tiles, false); ok {
					t.Errorf("without stepTiltPartial the steep view is looked at again")
				}
			}
		})
	}
}

// TestTiltMerge: the reading that does not stand gives the standing one
// its tiles read surer than tiltMergeConf where the standing one has
// none; a tile over a standing one (its centre in the other's quad, or
// the centres close), a tile read less sure, or one with no letter is
// not added; the standing tiles stay as they were.
func TestTiltMerge(t *testing.T) {
	sq := func(x, y, side float64, letter string, conf float64) Tile {
		d := side / 2
		return Tile{
			Letter: letter, Conf: conf, Side: side, Center: Point{X: x, Y: y},
			Corners: [4]Point{{X: x - d, Y: y - d}, {X: x + d, Y: y - d}, {X: x + d, Y: y + d}, {X: x - d, Y: y + d}},
			Row:     2, Col: 3,
		}
	}
	stand := []Tile{sq(100, 100, 40, "A", 0.99), sq(150, 100, 40, "B", 0.5)}
	for _, tc := range []struct {
		name  string
		other Tile
		added bool
	}{
		{"a sure tile where none stands", sq(300, 100, 40, "C", 0.99), true},
		{"its centre in a standing quad", sq(110, 105, 40, "D", 0.99), false},
		{"a standing centre in its quad", sq(128, 100, 60, "E", 0.99), false},
		{"its centre close to an unsure standing tile's", sq(150, 121, 40, "F", 0.99), false},
		{"read sure but under tiltMergeConf", sq(300, 100, 40, "G", 0.95), false},
		{"no letter", sq(300, 100, 40, "?", 1), false},
		{"a blank", sq(300, 100, 40, "", 1), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tiltMerge(append([]Tile(nil), stand...), []Tile{tc.other})
			if len(got) < len(stand) || got[0] != stand[0] || got[1] != stand[1] {
				t.Fatalf("the standing tiles changed: %+v", got)
			}
			if added := len(got) == len(stand)+1; added != tc.added {
				t.Fatalf("added %v, want %v", added, tc.added)
			}
			if tc.added && (got[2].Letter != tc.other.Letter || got[2].Row != -1 || got[2].Col != -1) {
				t.Errorf("added %q at row %d col %d, want %q off the lattice", got[2].Letter, got[2].Row, got[2].Col, tc.other.Letter)
			}
		})
	}
}

// TestTiltLetters: a tile takes the letter the other look reads on it
// only where that look reads it sure (tiltLetterConf) and surer by
// tiltLetterMargin, the tile the nearest to it; its place stays, and
// the letter is not said sure.
func TestTiltLetters(t *testing.T) {
	sq := func(x, y, side float64, letter string, conf float64) Tile {
		d := side / 2
		return Tile{
			Letter: letter, Conf: conf, Side: side, Center: Point{X: x, Y: y},
			Corners: [4]Point{{X: x - d, Y: y - d}, {X: x + d, Y: y - d}, {X: x + d, Y: y + d}, {X: x - d, Y: y + d}},
			Row:     2, Col: 3,
		}
	}
	added := sq(100, 100, 40, "M", 0.5)
	added.tiltAdded = true
	for _, tc := range []struct {
		name       string
		tile       Tile
		more       []Tile // the reading's other tiles
		other      []Tile
		want       string
		wantChange bool
	}{
		{"the other look sure and much surer", sq(100, 100, 40, "M", 0.6), nil, []Tile{sq(104, 98, 38, "N", 0.98)}, "N", true},
		{"the nearer of two other tiles", sq(100, 100, 40, "M", 0.6), nil, []Tile{sq(112, 100, 38, "W", 0.99), sq(102, 100, 38, "N", 0.98)}, "N", true},
		{"the other tile nearer another tile of the reading", sq(100, 100, 40, "M", 0.3), []Tile{sq(118, 100, 40, "N", 0.9)}, []Tile{sq(110, 100, 40, "N", 0.99)}, "M", false},
		{"the other look under tiltLetterConf", sq(100, 100, 40, "M", 0.5), nil, []Tile{sq(100, 100, 40, "N", 0.93)}, "M", false},
		{"the other look surer by less than the margin", sq(100, 100, 40, "M", 0.85), nil, []Tile{sq(100, 100, 40, "N", 0.99)}, "M", false},
		{"the same letter", sq(100, 100, 40, "M", 0.6), nil, []Tile{sq(100, 100, 40, "M", 0.99)}, "M", false},
		{"the other tile in its quad, off its centre", sq(100, 100, 40, "M", 0.6), nil, []Tile{sq(117, 117, 40, "N", 0.99)}, "M", false},
		{"the other tile unread", sq(100, 100, 40, "M", 0.6), nil, []Tile{sq(100, 100, 40, "?", 0.99)}, "M", false},
		{"a blank", sq(100, 100, 40, "", 0.6), nil, []Tile{sq(100, 100, 40, "N", 0.99)}, "", false},
		{"a tile tiltMerge added", added, nil, []Tile{sq(100, 100, 40, "N", 0.99)}, "M", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tiles := []Tile{tc.tile}
			tiles = append(tiles, tc.more...)
			tiltLetters(tiles, tc.other)
			got := tiles[0]
			if got.Letter != tc.want {
				t.Fatalf("letter %q, want %q", got.Letter, tc.want)
			}
			if changed := got.Conf != tc.tile.Conf; changed != tc.wantChange {
				t.Errorf("conf %.2f -> %.2f, changed %v, want %v", tc.tile.Conf, got.Conf, changed, tc.wantChange)
			}
			if tc.wantChange && got.Conf >= SureConf {
				t.Errorf("a letter the looks disagree on said sure (%.2f)", got.Conf)
			}
			if got.Center != tc.tile.Center || got.Corners != tc.tile.Corners || got.Row != tc.tile.Row || got.Col != tc.tile.Col {
				t.Errorf("the tile moved: %+v", got)
			}
		})
	}
}
