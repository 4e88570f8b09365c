package loose

import (
	"image"
	"math"
	"strings"
	"testing"
)

// square is a quad of side s centred at c, turned by deg (counter-
// clockwise on screen), corners clockwise on screen from the top-left.
func square(c Point, s, deg float64) [4]Point {
	a := deg * math.Pi / 180
	ux, uy := math.Cos(a), -math.Sin(a) // along the top edge
	vx, vy := math.Sin(a), math.Cos(a)  // down the left edge
	h := s / 2
	at := func(u, v float64) Point { return Point{c.X + u*ux + v*vx, c.Y + u*uy + v*vy} }
	return [4]Point{at(-h, -h), at(h, -h), at(h, h), at(-h, h)}
}

func TestIoU(t *testing.T) {
	a := square(Point{10, 10}, 10, 0)
	cases := []struct {
		name string
		poly []Point
		want float64
	}{
		{"same", a[:], 1},
		{"half over", []Point{{10, 5}, {20, 5}, {20, 15}, {10, 15}}, 50.0 / 150},
		{"apart", []Point{{30, 30}, {40, 30}, {40, 40}, {30, 40}}, 0},
		{"inside", []Point{{8, 8}, {12, 8}, {12, 12}, {8, 12}}, 16.0 / 100},
		{"counter-clockwise", []Point{{5, 15}, {15, 15}, {15, 5}, {5, 5}}, 1},
		{"concave outline", []Point{{5, 5}, {15, 5}, {15, 15}, {10, 10}, {5, 15}}, 75.0 / 100},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := IoU(a, c.poly); math.Abs(got-c.want) > 1e-9 {
				t.Errorf("IoU = %.4f, want %.4f", got, c.want)
			}
		})
	}
}

func TestClipToFrame(t *testing.T) {
	// A 20 x 10 photo: pixel centres 0..19 and 0..9, edges at -0.5.
	for _, c := range []struct {
		name  string
		poly  []Point
		share float64
	}{
		{"inside", []Point{{2, 2}, {6, 2}, {6, 6}, {2, 6}}, 1},
		{"half past the right edge", []Point{{15.5, 2}, {23.5, 2}, {23.5, 6}, {15.5, 6}}, 0.5},
		{"past the top-left corner by a quarter each way", []Point{{-2.5, -2.5}, {5.5, -2.5}, {5.5, 5.5}, {-2.5, 5.5}}, 0.5625},
		{"outside", []Point{{30, 2}, {36, 2}, {36, 6}, {30, 6}}, 0},
		{"no area", []Point{{2, 2}, {6, 2}, {10, 2}}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			in, share := ClipToFrame(c.poly, 20, 10)
			if math.Abs(share-c.share) > 1e-9 {
				t.Errorf("share %.4f, want %.4f", share, c.share)
			}
			for _, p := range in {
				if p.X < -0.5-1e-9 || p.X > 19.5+1e-9 || p.Y < -0.5-1e-9 || p.Y > 9.5+1e-9 {
					t.Errorf("clipped point %v outside the photo", p)
				}
			}
		})
	}
}

func TestMinAreaQuad(t *testing.T) {
	for _, deg := range []float64{0, 10, 30, 45, 80} {
		q := square(Point{50, 40}, 24, deg)
		var pts []image.Point
		for y := 0; y < 100; y++ {
			for x := 0; x < 100; x++ {
				if insideConvex(q, Point{float64(x), float64(y)}) {
					pts = append(pts, image.Pt(x, y))
				}
			}
		}
		got, area := minAreaQuad(pts)
		if math.Abs(area-24*24) > 0.12*24*24 {
			t.Errorf("%.0f degrees: area %.0f, want about %d", deg, area, 24*24)
		}
		if e := cornerError(got, q[:]); e > 1.5 {
			t.Errorf("%.0f degrees: corners %v off by %.2f px from %v", deg, got, e, q)
		}
		// The first edge points most nearly to the right.
		if dx := got[1].X - got[0].X; dx < math.Abs(got[1].Y-got[0].Y) {
			t.Errorf("%.0f degrees: first edge %v -> %v is not the one nearest the x axis", deg, got[0], got[1])
		}
	}
}

func TestHomography(t *testing.T) {
	from := [4]Point{{0, 0}, {64, 0}, {64, 64}, {0, 64}}
	to := [4]Point{{10, 12}, {80, 20}, {70, 90}, {5, 70}}
	h := homography(from, to)
	for i := range from {
		if p := h.apply(from[i]); dist(p, to[i]) > 1e-6 {
			t.Errorf("corner %d maps to %v, want %v", i, p, to[i])
		}
	}
}

func TestReadYOLO(t *testing.T) {
	names := []string{"A", "B"}
	cases := []struct {
		name, text string
		want       int    // tiles
		err        string // part of the error
		letter     string
	}{
		{"one tile", "1 0.1 0.1 0.2 0.1 0.2 0.2 0.1 0.2\n", 1, "", "B"},
		{"closed polygon", "0 0.1 0.1 0.2 0.1 0.2 0.2 0.1 0.1\n", 1, "", "A"},
		{"blank lines", "\n0 0.1 0.1 0.2 0.1 0.2 0.2\n\n", 1, "", "A"},
		{"unknown class", "7 0.1 0.1 0.2 0.1 0.2 0.2\n", 1, "", ""},
		{"bad class", "x 0.1 0.1 0.2 0.1 0.2 0.2\n", 0, "labels.txt:1: class", ""},
		{"odd coordinates", "0 0.1 0.1 0.2 0.1 0.2\n", 0, "labels.txt:1: want CLASS", ""},
		{"not a number", "0\n0 0.1 0.1 0.2 zz 0.2 0.2\n", 0, "labels.txt:1:", ""},
		{"out of range", "0 0.1 0.1 0.2 0.1 0.2 9\n", 0, "point 3", ""},
		{"box", "1 0.2 0.2 0.2 0.2\n", 1, "", "B"},
		{"empty box", "1 0.2 0.2 0 0.2\n", 0, "is empty", ""},
		{"four fields", "1 0.2 0.2 0.2\n", 0, "want CLASS cx cy w h", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := ReadYOLO(strings.NewReader(c.text), "labels.txt", 640, 480, names)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("err = %v, want one containing %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != c.want {
				t.Fatalf("%d tiles, want %d", len(got), c.want)
			}
			if got[0].Letter != c.letter {
				t.Errorf("letter %q, want %q", got[0].Letter, c.letter)
			}
			if p := got[0].Outline[0]; math.Abs(p.X-(0.1*640-0.5)) > 1e-9 || math.Abs(p.Y-(0.1*480-0.5)) > 1e-9 {
				t.Errorf("first point %v, want pixel coordinates", p)
			}
		})
	}
}

func FuzzReadYOLO(f *testing.F) {
	f.Add("1 0.1 0.1 0.2 0.1 0.2 0.2 0.1 0.2\n")
	f.Add("0 0.5 0.5 0.6 0.5 0.6 0.6\n\n3 1 1 0 0 1 0\n")
	f.Add("x\n")
	f.Fuzz(func(t *testing.T, text string) {
		tiles, err := ReadYOLO(strings.NewReader(text), "f.txt", 100, 100, []string{"A"})
		if err != nil {
			return
		}
		for _, tt := range tiles {
			if len(tt.Outline) < 3 {
				t.Fatalf("outline of %d points", len(tt.Outline))
			}
			// Matching a tile against itself never panics.
			q := [4]Point{tt.Outline[0], tt.Outline[1], tt.Outline[2], tt.Outline[len(tt.Outline)-1]}
			_ = IoU(q, tt.Outline)
		}
	})
}

// ScoreScan lists the matched tiles read wrong, with what was read.
func TestScoreScanMisread(t *testing.T) {
	box := func(x, y float64, letter string) TruthTile {
		return TruthTile{Letter: letter, Outline: []Point{{x - 10, y - 10}, {x + 10, y - 10}, {x + 10, y + 10}, {x - 10, y + 10}}, Row: -1, Col: -1}
	}
	tile := func(x, y float64, letter string, conf float64) Tile {
		c := Point{x, y}
		return Tile{Letter: letter, Conf: conf, Center: c, Side: 20, Corners: square(c, 20, 0)}
	}
	truth := []TruthTile{box(50, 50, "О"), box(100, 50, "К")}
	s := ScoreScan([]Tile{tile(50, 50, "К", 0.94), tile(100, 50, "К", 0.99)}, truth, strings.EqualFold)
	if s.Letters != 1 || len(s.Misread) != 1 {
		t.Fatalf("%d right, misread %v; want 1 right, 1 misread", s.Letters, s.Misread)
	}
	if m := s.Misread[0]; m.Label != "О" || m.Read != "К" || m.Conf != 0.94 || m.At != (Point{50, 50}) {
		t.Errorf("misread %+v, want О read as К at 0.94 at (50, 50)", m)
	}
}

func TestScoreCentres(t *testing.T) {
	box := func(x, y float64, letter string) TruthTile {
		return TruthTile{Letter: letter, Outline: []Point{{x - 10, y - 10}, {x + 10, y - 10}, {x + 10, y + 10}, {x - 10, y + 10}}, Row: -1, Col: -1}
	}
	tile := func(x, y float64, letter string) Tile {
		return Tile{Letter: letter, Center: Point{x, y}, Side: 20, Corners: square(Point{x, y}, 20, 0)}
	}
	truth := []TruthTile{box(50, 50, "A"), box(100, 50, "B"), box(150, 50, ""), box(200, 50, "Ä")}
	cases := []struct {
		name                                    string
		found                                   []Tile
		foundN, falseN, doubles, azRight, right int
	}{
		{"none", nil, 0, 0, 0, 0, 0},
		{"all right", []Tile{tile(50, 50, "A"), tile(101, 52, "b"), tile(150, 50, "C"), tile(200, 50, "A")}, 4, 0, 0, 2, 2},
		{"centre off the label", []Tile{tile(50, 65, "A")}, 0, 1, 0, 0, 0},
		{"misread", []Tile{tile(50, 50, "R")}, 1, 0, 0, 0, 0},
		{"twice", []Tile{tile(52, 50, "A"), tile(45, 45, "A")}, 1, 1, 1, 1, 1},
		{"nearest wins", []Tile{tile(56, 50, "R"), tile(51, 50, "A")}, 1, 1, 1, 1, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := ScoreCentres(c.found, truth, strings.EqualFold)
			if s.Truth != 4 || s.AZ != 2 || s.Reported != len(c.found) {
				t.Errorf("truth %d, A-Z %d, reported %d; want 4, 2, %d", s.Truth, s.AZ, s.Reported, len(c.found))
			}
			if s.Found != c.foundN || s.False != c.falseN || s.Doubles != c.doubles || s.AZRight != c.azRight || s.Right != c.right {
				t.Errorf("found %d, false %d (doubles %d), A-Z right %d, right %d; want %d, %d (%d), %d, %d",
					s.Found, s.False, s.Doubles, s.AZRight, s.Right, c.foundN, c.falseN, c.doubles, c.azRight, c.right)
			}
			if len(s.Missed) != 4-s.Found {
				t.Errorf("%d missed centres, want %d", len(s.Missed), 4-s.Found)
			}
		})
	}
}

func TestDropDoubles(t *testing.T) {
	tiles := []Tile{
		{Letter: "A", Conf: 0.5, Center: Point{0, 0}, Side: 20},
		{Letter: "B", Conf: 0.9, Center: Point{5, 0}, Side: 20},
		{Letter: "C", Conf: 0.1, Center: Point{25, 0}, Side: 20},
	}
	got := dropDoubles(tiles)
	if len(got) != 2 || got[0].Letter != "B" || got[1].Letter != "C" {
		t.Errorf("kept %+v, want B (the surer of two on one place) and C", got)
	}
}

func TestEdgeSides(t *testing.T) {
	const w, h = 120, 120
	plain := func(v byte) []byte {
		g := make([]byte, w*h)
		for i := range g {
			g[i] = v
		}
		return g
	}
	paint := func(g []byte, x0, y0, x1, y1 int, v byte) []byte {
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				g[y*w+x] = v
			}
		}
		return g
	}
	sq := [4]Point{{40, 40}, {80, 40}, {80, 80}, {40, 80}}
	cases := []struct {
		name string
		gray []byte
		want int
	}{
		{"tile on a dark table", paint(plain(60), 40, 40, 80, 80, 220), 4},
		{"tile a little off the square", paint(plain(60), 43, 37, 83, 77, 220), 4},
		{"a dark mark on a plain cloth", paint(plain(220), 56, 50, 64, 70, 40), 0},
		{"a cloth stripe through it", paint(plain(220), 0, 56, 120, 64, 40), 0},
		{"tiles in a row: two free sides", paint(plain(60), 0, 40, 120, 80, 220), 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := edgeSides(sq, c.gray, w, h); got != c.want {
				t.Errorf("%d sides on an edge, want %d", got, c.want)
			}
		})
	}
}

func TestElongation(t *testing.T) {
	// The second moments of a w x h block of pixels, turned by deg.
	block := func(w, h int, deg float64) [6]float64 {
		var m [6]float64
		s, c := math.Sincos(deg * math.Pi / 180)
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				px, py := float64(x)*c-float64(y)*s, float64(x)*s+float64(y)*c
				m[0]++
				m[1] += px
				m[2] += py
				m[3] += px * px
				m[4] += py * py
				m[5] += px * py
			}
		}
		return m
	}
	cases := []struct {
		name     string
		m        [6]float64
		min, max float64
	}{
		{"square", block(10, 10, 0), 0.99, 1.01},
		{"an I's stroke", block(4, 24, 0), 6.1, 6.3},
		{"an I's stroke turned", block(4, 24, 37), 6.1, 6.3},
		{"a short bar", block(8, 20, 60), 2.4, 2.6},
		{"one pixel", block(1, 1, 0), 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if e := elongation(c.m); e < c.min || e > c.max {
				t.Errorf("elongation %.2f, want %.2f..%.2f", e, c.min, c.max)
			}
		})
	}
}

// TestLetterBlobsShortI: a thin bar a little over half the other
// letters' size (an I) is a letter with shortI and not without; a
// stubby blot of that size is a letter in neither.
func TestLetterBlobsShortI(t *testing.T) {
	const w, h = 240, 120
	ink := make([]byte, w*h)
	fill := func(x0, y0, bw, bh int) {
		for y := y0; y < y0+bh; y++ {
			for x := x0; x < x0+bw; x++ {
				ink[y*w+x] = 255
			}
		}
	}
	// Five ring-shaped letters of 20 px.
	for i := 0; i < 5; i++ {
		x0 := 10 + 40*i
		fill(x0, 10, 20, 3)
		fill(x0, 27, 20, 3)
		fill(x0, 10, 3, 20)
		fill(x0+17, 10, 3, 20)
	}
	fill(20, 70, 2, 11)  // an I: a bar of 11 x 2
	fill(100, 70, 6, 11) // a blot of 11 x 6
	for _, tc := range []struct {
		name          string
		shortI        bool
		wantI, wantBl bool
	}{
		{"shortI", true, true, false},
		{"not shortI", false, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			letters, _, _, _, _, _ := letterBlobs(ink, nil, w, h, tc.shortI, false, false, false)
			gotI, gotBl := false, false
			for _, l := range letters {
				if math.Abs(l.y-75.5) < 3 && math.Abs(l.x-21) < 3 {
					gotI = true
				}
				if math.Abs(l.y-75.5) < 3 && math.Abs(l.x-103) < 3 {
					gotBl = true
				}
			}
			if len(letters) < 5 || gotI != tc.wantI || gotBl != tc.wantBl {
				t.Errorf("%d letters, the I among them %v (want %v), the blot %v (want %v)", len(letters), gotI, tc.wantI, gotBl, tc.wantBl)
			}
		})
	}
}
