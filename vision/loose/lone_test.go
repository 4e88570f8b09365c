package loose

import (
	"bytes"
	"errors"
	"image"
	"image/jpeg"
	"math"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/vision/scrabble"
)

// steepView is img as a camera turned deg degrees about an axis through
// its centre lying at dir degrees (focal length 0.8 of its longer side)
// sees it, the whole view scaled to the photo's longer side and saved
// as JPEG (quality 95): augment's steep family, drawn here; and the map
// of the photo's pixels into the view's.
func steepView(t *testing.T, img image.Image, deg, dir float64) (image.Image, func(Point) Point) {
	t.Helper()
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	f := 0.8 * float64(max(w, h))
	cx, cy := float64(w-1)/2, float64(h-1)/2
	ux, uy := math.Cos(dir*math.Pi/180), math.Sin(dir*math.Pi/180)
	c, s := math.Cos(deg*math.Pi/180), math.Sin(deg*math.Pi/180)
	r := [3][3]float64{
		{c + ux*ux*(1-c), ux * uy * (1 - c), uy * s},
		{ux * uy * (1 - c), c + uy*uy*(1-c), -ux * s},
		{-uy * s, ux * s, c},
	}
	k := [3][3]float64{{f, 0, cx}, {0, f, cy}, {0, 0, 1}}
	kinv := [3][3]float64{{1 / f, 0, -cx / f}, {0, 1 / f, -cy / f}, {0, 0, 1}}
	m := mul3(k, mul3(r, kinv))
	apply := func(m [3][3]float64, p Point) Point {
		z := m[2][0]*p.X + m[2][1]*p.Y + m[2][2]
		return Point{(m[0][0]*p.X + m[0][1]*p.Y + m[0][2]) / z, (m[1][0]*p.X + m[1][1]*p.Y + m[1][2]) / z}
	}
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range []Point{{-0.5, -0.5}, {float64(w) - 0.5, -0.5}, {float64(w) - 0.5, float64(h) - 0.5}, {-0.5, float64(h) - 0.5}} {
		q := apply(m, p)
		x0, y0, x1, y1 = math.Min(x0, q.X), math.Min(y0, q.Y), math.Max(x1, q.X), math.Max(y1, q.Y)
	}
	sc := float64(max(w, h)) / math.Max(x1-x0, y1-y0)
	size := image.Pt(int(math.Round((x1-x0)*sc)), int(math.Round((y1-y0)*sc)))
	m = mul3([3][3]float64{{sc, 0, -x0*sc - 0.5}, {0, sc, -y0*sc - 0.5}, {0, 0, 1}}, m)
	var hm homog
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			hm[3*i+j] = m[i][j]
		}
	}
	out, err := warped(toRGB(img), hm, size)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, out, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	got, err := jpeg.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return got, func(p Point) Point { return apply(m, p) }
}

func mul3(a, b [3][3]float64) [3][3]float64 {
	var c [3][3]float64
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			for k := 0; k < 3; k++ {
				c[i][j] += a[i][k] * b[k][j]
			}
		}
	}
	return c
}

// TestSteepBoardLoneTiles: a Scrabble board seen steeply, read through
// the board route (OnBoard). An empty board's premium squares' printed
// words, read as letters unsure and lying apart, are no tiles; a blurred
// game's tiles, every one unsure too, lie in words and are all found.
// The views are augment's steep family (s-steep-111404's for these
// photos).
func TestSteepBoardLoneTiles(t *testing.T) {
	_, cls, scrabblePhoto := scrabblePhotos(t)
	for _, tc := range []struct {
		name, photo string
		deg, dir    float64
		falseMost   int // false tiles at most
		foundLeast  int // labelled tiles found at least
	}{
		{"empty board, 41.7 degrees", "IMG_20151016_165313", 41.7, 161, 0, 0},
		{"blurred game, 36.7 degrees", "IMG_20141025_164048", 36.7, 55, 0, 21},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, truth := scrabblePhoto(t, tc.photo)
			view, move := steepView(t, img, tc.deg, tc.dir)
			for i := range truth {
				for j, p := range truth[i].Outline {
					truth[i].Outline[j] = move(p)
				}
			}
			r, err := Scan(view, Options{Reader: cls, Lattice: true, UprightFromLetters: true, OnBoard: true})
			var tiles []Tile
			if err == nil {
				tiles = r.Tiles
			} else if !errors.Is(err, ErrNoTiles) {
				t.Fatal(err)
			}
			s := ScoreCentres(tiles, truth, strings.EqualFold)
			if s.False > tc.falseMost {
				t.Errorf("%d false tiles; want %d at most", s.False, tc.falseMost)
				for _, u := range tiles {
					t.Logf("  %q %.2f at (%.0f, %.0f)", u.Letter, u.Conf, u.Center.X, u.Center.Y)
				}
			}
			if s.Found < tc.foundLeast {
				t.Errorf("found %d of %d; want %d at least", s.Found, len(truth), tc.foundLeast)
			}
		})
	}
}

// TestGameTiles: a board's tile the board's reader is unsure of is kept
// only beside another tile in its row or column.
func TestGameTiles(t *testing.T) {
	tile := func(row, col int, conf float64) scrabble.Tile {
		var c scrabble.Tile
		c.Row, c.Col, c.Conf, c.Letter = row, col, conf, "A"
		return c
	}
	for _, tc := range []struct {
		name  string
		tiles []scrabble.Tile
		want  int
	}{
		{"a lone unsure tile", []scrabble.Tile{tile(7, 7, 0.4)}, 0},
		{"a lone sure tile", []scrabble.Tile{tile(7, 7, 0.95)}, 1},
		{"two unsure tiles side by side", []scrabble.Tile{tile(7, 7, 0.4), tile(7, 8, 0.3)}, 2},
		{"two unsure tiles one above the other", []scrabble.Tile{tile(6, 7, 0.4), tile(7, 7, 0.3)}, 2},
		{"premium squares apart: diagonal and two apart", []scrabble.Tile{tile(6, 6, 0.4), tile(7, 7, 0.3), tile(7, 9, 0.5)}, 0},
		{"a word and a stray mark", []scrabble.Tile{tile(7, 6, 0.95), tile(7, 7, 0.5), tile(7, 8, 0.6), tile(2, 2, 0.4)}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := len(gameTiles(tc.tiles)); got != tc.want {
				t.Errorf("kept %d of %d; want %d", got, len(tc.tiles), tc.want)
			}
		})
	}
}
