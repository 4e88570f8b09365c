package loose

import (
	"image"
	"image/draw"
	"math"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/vision"
	"github.com/tilescope/tilescope/vision/scrabble"
)

// boardCorners reads the board's corners from its hand-labelled file
// (vision/scrabble/testdata/real/NAME.txt, scrabble.LoadLabel) and the
// squares holding a lettered tile (row, col -> letter).
func boardCorners(t *testing.T, name string) (vision.Homography, map[[2]int]string) {
	t.Helper()
	l, err := scrabble.LoadLabel("../scrabble/testdata/real/" + name + ".txt")
	if err != nil {
		t.Fatal(err)
	}
	letters := map[[2]int]string{}
	for r, row := range l.Cells {
		for c, cell := range row {
			if len(cell) == 1 && cell[0] >= 'A' && cell[0] <= 'Z' {
				letters[[2]int{r, c}] = cell
			}
		}
	}
	h, err := vision.QuadHomography(15, 15, l.Corners)
	if err != nil {
		t.Fatal(err)
	}
	return h, letters
}

// pasteOff draws the tile of src's square (row, col) onto dst's board
// centred at board point (cx, cy), turned by deg degrees, and gives its
// outline in dst.
func pasteOff(dst *image.RGBA, dh vision.Homography, src image.Image, sh vision.Homography, row, col int, cx, cy, deg float64) []Point {
	s, c := math.Sincos(deg * math.Pi / 180)
	at := func(u, v float64) vision.Point {
		return dh.Apply(vision.Point{X: cx + c*u - s*v, Y: cy + s*u + c*v})
	}
	var out []Point
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, d := range [4][2]float64{{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}} {
		p := at(d[0], d[1])
		out = append(out, Point{X: p.X, Y: p.Y})
		x0, y0, x1, y1 = math.Min(x0, p.X), math.Min(y0, p.Y), math.Max(x1, p.X), math.Max(y1, p.Y)
	}
	inv := dh.Inverse()
	rgb := toRGB(src)
	for py := int(y0); py <= int(y1); py++ {
		for px := int(x0); px <= int(x1); px++ {
			b := inv.Apply(vision.Point{X: float64(px) + 0.5, Y: float64(py) + 0.5})
			dx, dy := b.X-cx, b.Y-cy
			u, v := c*dx+s*dy, -s*dx+c*dy
			if math.Abs(u) > 0.5 || math.Abs(v) > 0.5 {
				continue
			}
			p := sh.Apply(vision.Point{X: float64(col) + 0.5 + u, Y: float64(row) + 0.5 + v})
			r, g, bl := rgb.bilinear(p.X-0.5, p.Y-0.5)
			i := dst.PixOffset(px, py)
			dst.Pix[i], dst.Pix[i+1], dst.Pix[i+2], dst.Pix[i+3] = r, g, bl, 255
		}
	}
	return out
}

// TestOffSquares: wooden tiles lying on a printed board off its squares
// (across two or four of them, turned) are found and read, and the
// squares they lie on are not read as tiles besides; the board's own
// tiles, in their squares, stay as the board reads them. The tiles are
// cut from a real photo of the board (164035) and drawn onto another
// photo of it (163920) through the two boards' hand-labelled corners.
func TestOffSquares(t *testing.T) {
	_, cls, load := scrabblePhotos(t)
	srcImg, _ := load(t, "IMG_20141025_164035")
	sh, letters := boardCorners(t, "IMG_20141025_164035")
	// A lettered square of the source per tile drawn, by its letter:
	// the first in reading order (the same every run).
	from := map[string][2]int{}
	for r := 0; r < 15; r++ {
		for c := 0; c < 15; c++ {
			l, ok := letters[[2]int{r, c}]
			if _, seen := from[l]; ok && !seen {
				from[l] = [2]int{r, c}
			}
		}
	}
	cases := []struct {
		name string
		// each tile: letter, board centre, turn in degrees
		tiles []struct {
			letter string
			cx, cy float64
			deg    float64
		}
	}{
		{"none drawn: the photo's own tiles", nil},
		{"one across two squares", []struct {
			letter string
			cx, cy float64
			deg    float64
		}{{"S", 3.0, 11.5, 0}}},
		{"two turned across four squares", []struct {
			letter string
			cx, cy float64
			deg    float64
		}{{"D", 3.0, 3.0, 30}, {"E", 12.0, 3.5, 45}}},
		// Letters the reader of loose tiles calls no tile on a clear
		// crop (a wooden face, its value beside the letter), read as
		// the board's squares are.
		{"three the loose reader calls no tile", []struct {
			letter string
			cx, cy float64
			deg    float64
		}{{"V", 3.0, 11.5, 20}, {"R", 12.0, 3.0, 35}, {"H", 3.5, 3.0, 10}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			img, truth := load(t, "IMG_20141025_163920")
			dh, _ := boardCorners(t, "IMG_20141025_163920")
			dst := image.NewRGBA(img.Bounds())
			draw.Draw(dst, dst.Bounds(), img, image.Point{}, draw.Src)
			for _, p := range tc.tiles {
				rc, ok := from[p.letter]
				if !ok {
					t.Fatalf("no %s in the source photo", p.letter)
				}
				out := pasteOff(dst, dh, srcImg, sh, rc[0], rc[1], p.cx, p.cy, p.deg)
				truth = append(truth, TruthTile{Letter: p.letter, Outline: out, Row: -1, Col: -1})
			}
			r, err := Scan(dst, Options{Reader: cls, Lattice: true, UprightFromLetters: true, OnBoard: true})
			if err != nil {
				t.Fatal(err)
			}
			s := ScoreCentres(r.Tiles, truth, func(a, b string) bool { return strings.EqualFold(a, b) })
			if s.Found < s.Truth || s.False != 0 || s.AZRight < s.AZ {
				t.Errorf("found %d of %d, %d false, read %d of %d", s.Found, s.Truth, s.False, s.AZRight, s.AZ)
			}
		})
	}
}

// TestCovers: the share of a board square a tile's footprint covers,
// which tells the board's readings of the squares a tile lying across
// them covers (the same tile, or nothing).
func TestCovers(t *testing.T) {
	square := func(cx, cy, side, deg float64) [4]vision.Point {
		s, c := math.Sincos(deg * math.Pi / 180)
		var q [4]vision.Point
		for i, d := range [4][2]float64{{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}} {
			u, v := d[0]*side, d[1]*side
			q[i] = vision.Point{X: cx + c*u - s*v, Y: cy + s*u + c*v}
		}
		return q
	}
	cases := []struct {
		name   string
		q      [4]vision.Point
		x0, y0 float64
		lo, hi float64
	}{
		{"a tile in its square covers it", square(3.5, 3.5, 1, 0), 3, 3, 1, 1},
		{"a tile in its square covers no neighbour", square(3.5, 3.5, 0.92, 0), 4, 3, 0, 0},
		{"across two squares: half of each", square(4, 3.5, 1, 0), 3, 3, 0.5, 0.5},
		{"across two squares: the other half", square(4, 3.5, 1, 0), 4, 3, 0.5, 0.5},
		{"across four squares: a quarter", square(4, 4, 1, 0), 3, 3, 0.25, 0.25},
		{"turned 45 degrees in its square: most of it", square(3.5, 3.5, 1, 45), 3, 3, 0.7, 0.9},
		{"far away: none", square(10, 10, 1, 30), 3, 3, 0, 0},
		{"wound the other way: the same", [4]vision.Point{{X: 3, Y: 3}, {X: 3, Y: 4}, {X: 4, Y: 4}, {X: 4, Y: 3}}, 3, 3, 1, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := covers(tc.q, tc.x0, tc.y0)
			if got < tc.lo-1e-9 || got > tc.hi+1e-9 {
				t.Errorf("covers = %.3f, want %.2f..%.2f", got, tc.lo, tc.hi)
			}
		})
	}
}
