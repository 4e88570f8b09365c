package loose

import (
	"math"
	"path/filepath"
	"testing"
)

// seamScene is a table seen from above, drawn in tile sides: grey at
// (u, v) (tile sides from the picture's centre, the scene turned by its
// angle) from the faces, seams and strokes listed.
type seamScene struct {
	table, face, seam, ink float64
	// faces: the tiles' faces, [u0, v0, u1, v1] each.
	faces [][4]float64
	// strokes: letters' strokes and seams, [u0, v0, u1, v1] each, drawn
	// dark over the faces.
	strokes [][4]float64
	// seams: gaps between touching tiles, drawn in the seam's grey.
	seams [][4]float64
	angle float64 // degrees
}

// draw renders the scene at side pixels a tile side as an rgbImage of
// n x n pixels.
func (s seamScene) draw(n int, side float64) rgbImage {
	m := rgbImage{w: n, h: n, pix: make([]byte, 3*n*n)}
	ca, sa := math.Cos(s.angle*math.Pi/180), math.Sin(s.angle*math.Pi/180)
	in := func(r [4]float64, u, v float64) bool { return u >= r[0] && u < r[2] && v >= r[1] && v < r[3] }
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			dx, dy := (float64(x)+0.5-float64(n)/2)/side, (float64(y)+0.5-float64(n)/2)/side
			u, v := ca*dx+sa*dy, -sa*dx+ca*dy
			g := s.table
			for _, r := range s.faces {
				if in(r, u, v) {
					g = s.face
				}
			}
			for _, r := range s.seams {
				if in(r, u, v) {
					g = s.seam
				}
			}
			for _, r := range s.strokes {
				if in(r, u, v) {
					g = s.ink
				}
			}
			// a little texture, the same every run
			g += float64((x*7+y*13)%5) - 2
			b := byte(math.Max(0, math.Min(255, g)))
			i := 3 * (y*n + x)
			m.pix[i], m.pix[i+1], m.pix[i+2] = b, b, b
		}
	}
	return m
}

// quadAt is the square of the given side (tile sides) centred at (u, v)
// of a scene drawn by draw, turned with it.
func (s seamScene) quadAt(n int, side, u, v, size float64) [4]Point {
	ca, sa := math.Cos(s.angle*math.Pi/180), math.Sin(s.angle*math.Pi/180)
	var q [4]Point
	for i, d := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		uu, vv := u+d[0]*size/2, v+d[1]*size/2
		// (u, v) back to the picture: the inverse turn
		dx, dy := ca*uu-sa*vv, sa*uu+ca*vv
		q[i] = Point{dx*side + float64(n)/2 - 0.5, dy*side + float64(n)/2 - 0.5}
	}
	return q
}

func TestOnSeam(t *testing.T) {
	const gap = 0.06 // a seam's width, tile sides
	// Faces of touching tiles: a row of three at v in [-0.5, 0.5].
	row := [][4]float64{{-1.5, -0.5, -0.5 - gap/2, 0.5}, {-0.5 + gap/2, -0.5, 0.5 - gap/2, 0.5}, {0.5 + gap/2, -0.5, 1.5, 0.5}}
	rowSeams := [][4]float64{{-0.5 - gap/2, -0.5, -0.5 + gap/2, 0.5}, {0.5 - gap/2, -0.5, 0.5 + gap/2, 0.5}}
	// Two rows of bricks: the lower row's tiles half a side along.
	bricks := [][4]float64{{-1.5, -1, -gap / 2, -gap / 2}, {gap / 2, -1, 1.5, -gap / 2},
		{-1.5, gap / 2, -0.5 - gap/2, 1}, {-0.5 + gap/2, gap / 2, 0.5 - gap/2, 1}, {0.5 + gap/2, gap / 2, 1.5, 1}}
	brickSeams := [][4]float64{{-1.5, -gap / 2, 1.5, gap / 2}, {-gap / 2, -1, gap / 2, -gap / 2},
		{-0.5 - gap/2, gap / 2, -0.5 + gap/2, 1}, {0.5 - gap/2, gap / 2, 0.5 + gap/2, 1}}
	lone := [][4]float64{{-0.5, -0.5, 0.5, 0.5}}
	for _, tc := range []struct {
		name  string
		scene seamScene
		u, v  float64 // the quad's centre
		size  float64 // its side, tile sides
		seam  bool
	}{
		{"an I on its face", seamScene{table: 60, face: 215, seam: 90, ink: 35, faces: row, seams: rowSeams,
			strokes: [][4]float64{{-0.06, -0.32, 0.06, 0.32}}}, 0, 0, 1, false},
		{"the seam of two touching tiles", seamScene{table: 60, face: 215, seam: 90, ink: 35, faces: row, seams: rowSeams}, 0.5, 0, 1, true},
		{"the seam of two touching tiles, a little off the square's middle", seamScene{table: 60, face: 215, seam: 90, ink: 35, faces: row, seams: rowSeams}, 0.42, 0.05, 1, true},
		{"the seam on a slant", seamScene{table: 60, face: 215, seam: 90, ink: 35, faces: row, seams: rowSeams, angle: 12}, 0.5, 0, 1, true},
		{"the joint of three tiles", seamScene{table: 60, face: 215, seam: 90, ink: 35, faces: bricks, seams: brickSeams}, 0, -0.1, 1, true},
		{"an H: the crossbar at the middle", seamScene{table: 60, face: 215, seam: 90, ink: 35, faces: row, seams: rowSeams,
			strokes: [][4]float64{{-0.25, -0.3, -0.15, 0.3}, {0.15, -0.3, 0.25, 0.3}, {-0.25, -0.05, 0.25, 0.05}}}, 0, 0, 1, false},
		{"a T under a touching tile, its bar near the seam", seamScene{table: 60, face: 215, seam: 90, ink: 35,
			faces:   [][4]float64{{-0.5, -1.5, 0.5, -0.5 - gap}, {-0.5, -0.5, 0.5, 0.5}},
			seams:   [][4]float64{{-1.5, -0.5 - gap, 1.5, -0.5}},
			strokes: [][4]float64{{-0.3, -0.4, 0.3, -0.28}, {-0.06, -0.4, 0.06, 0.3}}}, 0, 0, 1, false},
		{"a T in a quad off its tile, over the table's gap beside it", seamScene{table: 60, face: 215, ink: 35,
			faces:   [][4]float64{{-0.9, -0.5, 0.1, 0.5}, {0.1 + gap*2, -0.5, 1.1, 0.5}},
			strokes: [][4]float64{{-0.7, -0.3, -0.1, -0.18}, {-0.46, -0.3, -0.34, 0.3}}}, 0.05, 0, 1, true},
		{"an L on a tile alone, the quad half again too large", seamScene{table: 60, face: 215, ink: 35, faces: lone,
			strokes: [][4]float64{{-0.2, -0.3, -0.08, 0.3}, {-0.2, 0.18, 0.2, 0.3}}}, -0.05, 0.1, 1.5, false},
		{"an I on a tile alone on a dark table, turned", seamScene{table: 30, face: 215, ink: 35, faces: lone, angle: 30,
			strokes: [][4]float64{{-0.06, -0.32, 0.06, 0.32}}}, 0, 0, 1, false},
		{"a blank face", seamScene{table: 60, face: 215, faces: lone}, 0, 0, 1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const n, side = 240, 48.0
			src := tc.scene.draw(n, side)
			if seam := onSeam(src, tc.scene.quadAt(n, side, tc.u, tc.v, tc.size)); seam != tc.seam {
				t.Errorf("onSeam = %v; want %v", seam, tc.seam)
			}
		})
	}
}

func TestSeamUnsure(t *testing.T) {
	const gap = 0.06
	const n, side = 240, 48.0
	scene := seamScene{table: 60, face: 215, seam: 90, ink: 35,
		faces:   [][4]float64{{-1.5, -0.5, -0.5 - gap/2, 0.5}, {-0.5 + gap/2, -0.5, 0.5 - gap/2, 0.5}, {0.5 + gap/2, -0.5, 1.5, 0.5}},
		seams:   [][4]float64{{-0.5 - gap/2, -0.5, -0.5 + gap/2, 0.5}, {0.5 - gap/2, -0.5, 0.5 + gap/2, 0.5}},
		strokes: [][4]float64{{-0.06, -0.32, 0.06, 0.32}}}
	src := scene.draw(n, side)
	onSeamQuad, onLetterQuad := scene.quadAt(n, side, 0.5, 0, 1), scene.quadAt(n, side, 0, 0, 1)
	for _, tc := range []struct {
		name     string
		tile     Tile
		wantSure bool
	}{
		{"a square round a seam, read I sure", Tile{Letter: "I", Conf: 0.98, byLetter: true, Corners: onSeamQuad}, false},
		{"a square round a letter I, read sure", Tile{Letter: "I", Conf: 0.98, byLetter: true, Corners: onLetterQuad}, true},
		{"a face's outline over a seam, read sure", Tile{Letter: "I", Conf: 0.98, Corners: onSeamQuad}, true},
		{"a square round a seam read unsure", Tile{Letter: "I", Conf: 0.6, byLetter: true, Corners: onSeamQuad}, false},
		{"an unread square round a seam", Tile{Letter: "?", byLetter: true, Corners: onSeamQuad}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tiles := []Tile{tc.tile}
			seamUnsure(src, tiles)
			if len(tiles) != 1 || tiles[0].Letter != tc.tile.Letter {
				t.Fatalf("tiles %v; want the tile kept as read", tiles)
			}
			if sure := tiles[0].Conf >= SureConf; sure != tc.wantSure {
				t.Errorf("conf %.3f: sure %v, want %v", tiles[0].Conf, sure, tc.wantSure)
			}
			if tiles[0].Conf > tc.tile.Conf {
				t.Errorf("conf %.3f grew from %.3f", tiles[0].Conf, tc.tile.Conf)
			}
		})
	}
}

// TestSeamUnsurePhoto: two tilted photos (testdata/tilted t4 and t5)
// where a square round the seam of two tiles, or round the table's gap
// between three, is read as a letter and shown sure: with seamUnsure it is
// not shown sure, and no tile is found, lost or read otherwise.
func TestSeamUnsurePhoto(t *testing.T) {
	rd := realPhotoReader(t)
	names := augmentNames(t, filepath.Join("testdata", "bananagrams"))
	// The squares put back on their letters (glyphRecentre) move t4's
	// seam square onto the I beside it, a tile found so: seamUnsure is
	// weighed here on main's scan without that step, and under the
	// verifier it was built under (verifierFab53: the one shipped now
	// makes t4's seam square unsure itself).
	for _, tc := range []struct{ name, photo string }{
		{"a square round the seam of two tiles, read I", "t4"},
		{"a square round the table's gap between three tiles, read O", "t5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s0, s := scoreWithoutUnder(t, rd, names, filepath.Join("testdata", "tilted"), tc.photo, stepSeamUnsure, stepGlyph, verifierFab53(t))
			if s0.FalseSure < 1 {
				t.Errorf("%d false tiles shown sure without seamUnsure; want 1 at least (the photo no longer shows the case)", s0.FalseSure)
			}
			if s.FalseSure >= s0.FalseSure {
				t.Errorf("%d false tiles shown sure; %d without seamUnsure", s.FalseSure, s0.FalseSure)
			}
			if s.Found != s0.Found || s.False != s0.False || s.AZRight != s0.AZRight || s.WrongSure > s0.WrongSure {
				t.Errorf("found %d, false %d, read right %d, sure-wrong %d; %d, %d, %d, %d without seamUnsure (it only makes tiles unsure)",
					s.Found, s.False, s.AZRight, s.WrongSure, s0.Found, s0.False, s0.AZRight, s0.WrongSure)
			}
		})
	}
}
