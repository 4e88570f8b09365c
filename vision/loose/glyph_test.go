package loose

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

func TestGlyphCentre(t *testing.T) {
	const gap = 0.06 // a seam's width, tile sides
	row := [][4]float64{{-1.5, -0.5, -0.5 - gap/2, 0.5}, {-0.5 + gap/2, -0.5, 0.5 - gap/2, 0.5}, {0.5 + gap/2, -0.5, 1.5, 0.5}}
	rowSeams := [][4]float64{{-0.5 - gap/2, -0.5, -0.5 + gap/2, 0.5}, {0.5 - gap/2, -0.5, 0.5 + gap/2, 0.5}}
	lone := [][4]float64{{-0.5, -0.5, 0.5, 0.5}}
	tT := [][4]float64{{-0.25, -0.3, 0.25, -0.18}, {-0.06, -0.3, 0.06, 0.3}} // a T in the middle tile
	tI := [][4]float64{{-0.06, -0.3, 0.06, 0.3}}
	// An I in each of the three tiles of the row.
	threeI := [][4]float64{{-1.06, -0.3, -0.94, 0.3}, {-0.06, -0.3, 0.06, 0.3}, {0.94, -0.3, 1.06, 0.3}}
	for _, tc := range []struct {
		name   string
		scene  seamScene
		u, v   float64 // the square's centre, tile sides
		size   float64 // its side
		found  bool
		gu, gv float64 // the letter's centre, where found
	}{
		{"a T, the square on it", seamScene{table: 60, face: 215, seam: 90, ink: 35, faces: row, seams: rowSeams, strokes: tT}, 0, 0, 1, true, 0, 0},
		{"a T, the square a third of a side to its right", seamScene{table: 60, face: 215, seam: 90, ink: 35, faces: row, seams: rowSeams, strokes: tT}, 0.33, 0, 1, true, 0, 0},
		{"a T, the square a third of a side below it, turned", seamScene{table: 60, face: 215, seam: 90, ink: 35, faces: row, seams: rowSeams, strokes: tT, angle: 25}, 0, 0.33, 1, true, 0, 0},
		{"an I on a lone tile on a light table, the square half a side too large", seamScene{table: 235, face: 205, ink: 35, faces: lone, strokes: tI}, 0.1, -0.15, 1.5, true, 0, 0},
		{"an I among Is a side apart, the square off toward a neighbour", seamScene{table: 60, face: 215, seam: 90, ink: 35, faces: row, seams: rowSeams, strokes: threeI}, 0.3, 0, 1, true, 0, 0},
		{"a T on a tile the frame cuts, the look reaching out of the picture", seamScene{table: 60, face: 215, ink: 35,
			faces: [][4]float64{{1.7, -0.5, 2.7, 0.5}}, strokes: [][4]float64{{1.95, -0.3, 2.45, -0.18}, {2.14, -0.3, 2.26, 0.3}}}, 2.1, 0, 1, false, 0, 0},
		{"the seam of two tiles, no letter", seamScene{table: 60, face: 215, seam: 90, ink: 35, faces: row, seams: rowSeams}, 0.5, 0, 1, false, 0, 0},
		{"a blank face", seamScene{table: 60, face: 215, faces: lone}, 0, 0, 1, false, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const n, side = 240, 48.0
			src := tc.scene.draw(n, side)
			got, ok := glyphCentre(src, tc.scene.quadAt(n, side, tc.u, tc.v, tc.size))
			if ok != tc.found {
				t.Fatalf("found %v at %v; want %v", ok, got, tc.found)
			}
			if !ok {
				return
			}
			want := centroid(tc.scene.quadAt(n, side, tc.gu, tc.gv, 1))
			if d := dist(got, want); d > 0.08*side {
				t.Errorf("the letter at %v; want %v (%.1f px off)", got, want, d)
			}
		})
	}
}

func TestGlyphDoubles(t *testing.T) {
	sq := func(x, y, s float64) [4]Point {
		return [4]Point{{x - s/2, y - s/2}, {x + s/2, y - s/2}, {x + s/2, y + s/2}, {x - s/2, y + s/2}}
	}
	tile := func(l string, conf, x, y float64) Tile {
		return Tile{Letter: l, Conf: conf, Corners: sq(x, y, 40), Center: Point{x, y}, Side: 40, byLetter: true}
	}
	for _, tc := range []struct {
		name  string
		tiles []Tile
		want  []string // the letters kept and their confidences, in order
	}{
		{"two squares on one T: the surer stays", []Tile{tile("T", 0.96, 100, 100), tile("T", 1, 105, 102)}, []string{"T1.00"}},
		{"the surer first", []Tile{tile("T", 1, 100, 100), tile("t", 0.7, 96, 100)}, []string{"T1.00"}},
		{"two Ts a side apart: two tiles", []Tile{tile("T", 0.96, 100, 100), tile("T", 1, 140, 100)}, []string{"T0.96", "T1.00"}},
		{"two letters on one place: both stay (not this step's)", []Tile{tile("T", 0.96, 100, 100), tile("L", 1, 104, 100)}, []string{"T0.96", "L1.00"}},
		{"two blanks on one place stay", []Tile{{Blank: true, Corners: sq(100, 100, 40), Center: Point{100, 100}, Side: 40}, {Blank: true, Corners: sq(103, 100, 40), Center: Point{103, 100}, Side: 40}}, []string{"0.00", "0.00"}},
		{"a square in the quad of a face's outline a third of a side off it: one tile", []Tile{
			{Letter: "A", Conf: 0.99, Corners: sq(100, 100, 48), Center: Point{100, 100}, Side: 48},
			tile("A", 0.73, 118, 108)}, []string{"A0.99"}},
		{"three squares on one letter: one stays", []Tile{tile("A", 0.8, 100, 100), tile("A", 0.95, 104, 100), tile("A", 0.9, 100, 105)}, []string{"A0.95"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := glyphDoubles(append([]Tile(nil), tc.tiles...))
			var s []string
			for _, u := range got {
				s = append(s, fmt.Sprintf("%s%.2f", u.Letter, u.Conf))
			}
			if strings.Join(s, ",") != strings.Join(tc.want, ",") {
				t.Errorf("kept %v; want %v", s, tc.want)
			}
		})
	}
}

// TestGlyphPhoto: two tilted photos (testdata/tilted, tuning photos)
// where a square round a letter lies a third of a side off its tile and
// is read sure: t6 (valid 1770633539395 through tilt 112052), two
// squares either side of one T, the second a false tile shown sure; t7
// (1770647431666 through tilt 112310), a P's square half over the P
// beside it, shown sure on no tile, its own P not found. With the
// squares put back on their letters, no false tile is shown sure, and
// nothing found or read right is lost.
func TestGlyphPhoto(t *testing.T) {
	rd := realPhotoReader(t)
	names := augmentNames(t, filepath.Join("testdata", "bananagrams"))
	for _, tc := range []struct{ name, photo string }{
		{"two squares on one T", "t6"},
		{"a P's square half over the P beside it", "t7"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s0, s := scoreWithout(t, rd, names, filepath.Join("testdata", "tilted"), tc.photo, stepGlyph, 0)
			if s0.FalseSure < 1 {
				t.Errorf("%d false tiles shown sure without the step; want 1 at least (the photo no longer shows the case)", s0.FalseSure)
			}
			if s.FalseSure != 0 {
				t.Errorf("%d false tiles shown sure; want none (%d without the step)", s.FalseSure, s0.FalseSure)
			}
			if s.Found < s0.Found || s.AZRight < s0.AZRight || s.WrongSure > s0.WrongSure || s.False > s0.False {
				t.Errorf("found %d, read right %d, sure-wrong %d, false %d; %d, %d, %d, %d without the step",
					s.Found, s.AZRight, s.WrongSure, s.False, s0.Found, s0.AZRight, s0.WrongSure, s0.False)
			}
		})
	}
}
