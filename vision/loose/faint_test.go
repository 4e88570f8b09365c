package loose

import (
	"path/filepath"
	"testing"
)

// TestFaintUnsure: a square round the join of touching tiles' faint
// seams (the seams only a shade darker than the faces, as bevelled
// edges under soft light leave them) found round a "letter"
// (byLetter) or added by tiltMerge is not shown sure; a letter on its
// own face, a square a face outline backs, an unsure tile and a photo
// of too few tiles shown sure keep their confidence.
func TestFaintUnsure(t *testing.T) {
	const gap = 0.06 // a seam's width, tile sides
	// Two rows of three touching tiles, each a tile side; the tiles'
	// centres at u = -1, 0, 1 and v = -0.5, 0.5.
	var faces, seams [][4]float64
	var centres [][2]float64
	for _, v := range []float64{-0.5, 0.5} {
		for _, u := range []float64{-1, 0, 1} {
			faces = append(faces, [4]float64{u - 0.5 + gap/2, v - 0.5 + gap/2, u + 0.5 - gap/2, v + 0.5 - gap/2})
			centres = append(centres, [2]float64{u, v})
		}
	}
	for _, u := range []float64{-0.5, 0.5} {
		seams = append(seams, [4]float64{u - gap/2, -1, u + gap/2, 1})
	}
	seams = append(seams, [4]float64{-1.5, -gap / 2, 1.5, gap / 2})
	// Every tile's letter a T: a bar and a stem.
	var strokes [][4]float64
	for _, c := range centres {
		strokes = append(strokes, [4]float64{c[0] - 0.3, c[1] - 0.32, c[0] + 0.3, c[1] - 0.2}, [4]float64{c[0] - 0.06, c[1] - 0.32, c[0] + 0.06, c[1] + 0.32})
	}
	scene := seamScene{table: 200, face: 220, seam: 190, ink: 35, faces: faces, seams: seams, strokes: strokes, angle: 8}
	const n, side = 320, 48.0
	src := scene.draw(n, side)
	tileAt := func(u, v float64, conf float64, byLetter, added bool) Tile {
		q := scene.quadAt(n, side, u, v, 1)
		return Tile{Letter: "T", Conf: conf, Corners: q, Center: centroid(q), Side: meanSide(q), byLetter: byLetter, tiltAdded: added, Row: -1, Col: -1}
	}
	// The six tiles read sure, found by their faces' outlines.
	grid := func(k int) []Tile {
		var ts []Tile
		for _, c := range centres[:k] {
			ts = append(ts, tileAt(c[0], c[1], 0.99, false, false))
		}
		return ts
	}
	for _, tc := range []struct {
		name  string
		tiles []Tile
		sure  []bool // each tile shown sure after
	}{
		{"a square round the join of four tiles' seams, byLetter", append(grid(6), tileAt(-0.5, 0, 0.97, true, false)), []bool{true, true, true, true, true, true, false}},
		{"a square a little off the join of four tiles, byLetter", append(grid(6), tileAt(0.5, 0.12, 0.97, true, false)), []bool{true, true, true, true, true, true, false}},
		{"a square at the join tiltMerge added", append(grid(6), tileAt(-0.5, 0, 0.98, false, true)), []bool{true, true, true, true, true, true, false}},
		{"the join's square a face outline backs is left to the outline", append(grid(6), tileAt(-0.5, 0, 0.97, false, false)), []bool{true, true, true, true, true, true, true}},
		{"a T on its own face, byLetter, stays sure", append(grid(5), tileAt(1, 0.5, 0.98, true, false)), []bool{true, true, true, true, true, true}},
		{"an unsure square at the join stays as it is", append(grid(6), tileAt(-0.5, 0, 0.6, true, false)), []bool{true, true, true, true, true, true, false}},
		{"too few tiles shown sure to know the photo's ink", append(grid(3), tileAt(-0.5, 0, 0.97, true, false)), []bool{true, true, true, true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			confs := make([]float64, len(tc.tiles))
			for i, tt := range tc.tiles {
				confs[i] = tt.Conf
			}
			faintUnsure(src, tc.tiles)
			for i, tt := range tc.tiles {
				if sure := tt.Conf >= SureConf; sure != tc.sure[i] {
					t.Errorf("tile %d at (%.0f, %.0f): sure %v (conf %.3f); want %v", i, tt.Center.X, tt.Center.Y, sure, tt.Conf, tc.sure[i])
				}
				if tt.Conf > confs[i] {
					t.Errorf("tile %d: confidence raised %.3f -> %.3f", i, confs[i], tt.Conf)
				}
				if !tc.sure[i] && confs[i] < SureConf && tt.Conf != confs[i] {
					t.Errorf("tile %d: an unsure tile's confidence changed %.3f -> %.3f", i, confs[i], tt.Conf)
				}
			}
		})
	}
}

// TestFaintUnsurePhoto: a cropped photo (testdata/cropped/c1, augment's
// crop of a ban-seg valid photo) where a square centred where the S, A,
// E and K tiles meet, on faint seams, reads T sure: with faintUnsure no
// tile is read wrong and sure, and it changes no tile found, false or
// read right (it only makes tiles unsure).
func TestFaintUnsurePhoto(t *testing.T) {
	rd := realPhotoReader(t)
	names := augmentNames(t, filepath.Join("testdata", "bananagrams"))
	for _, tc := range []struct {
		name, photo    string
		wrongSureFirst int // sure and wrong without faintUnsure, at least
		wrongSureMost  int // with it, at most
	}{
		{"37 tiles, a crop: a T on the join of four tiles", "c1", 1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s0, s := scoreWithout(t, rd, names, filepath.Join("testdata", "cropped"), tc.photo, stepFaintUnsure, 0)
			if s0.WrongSure < tc.wrongSureFirst {
				t.Errorf("%d tiles read wrong and sure without faintUnsure; want %d at least (the photo no longer shows the case)", s0.WrongSure, tc.wrongSureFirst)
			}
			if s.WrongSure > tc.wrongSureMost {
				t.Errorf("%d tiles read wrong and sure; want %d at most", s.WrongSure, tc.wrongSureMost)
			}
			if s.Found != s0.Found || s.False != s0.False || s.AZRight != s0.AZRight {
				t.Errorf("found %d, false %d, read right %d; %d, %d and %d without faintUnsure (it only makes tiles unsure)", s.Found, s.False, s.AZRight, s0.Found, s0.False, s0.AZRight)
			}
		})
	}
}

// BenchmarkFaintUnsure: faintUnsure on 48 tiles shown sure (eight rows
// of six on a 480 x 480 picture), one of them a square round a join.
func BenchmarkFaintUnsure(b *testing.B) {
	var faces, strokes [][4]float64
	var tiles []Tile
	scene := seamScene{table: 200, face: 220, seam: 190, ink: 35}
	const n, side = 480, 48.0
	for r := 0; r < 8; r++ {
		for c := 0; c < 6; c++ {
			u, v := float64(c)-2.5, float64(r)-3.5
			faces = append(faces, [4]float64{u - 0.47, v - 0.47, u + 0.47, v + 0.47})
			strokes = append(strokes, [4]float64{u - 0.06, v - 0.32, u + 0.06, v + 0.32})
		}
	}
	scene.faces, scene.strokes = faces, strokes
	src := scene.draw(n, side)
	for r := 0; r < 8; r++ {
		for c := 0; c < 6; c++ {
			q := scene.quadAt(n, side, float64(c)-2.5, float64(r)-3.5, 1)
			tiles = append(tiles, Tile{Letter: "I", Conf: 0.99, Corners: q, Center: centroid(q), byLetter: true})
		}
	}
	q := scene.quadAt(n, side, 0, 0, 1)
	tiles = append(tiles, Tile{Letter: "T", Conf: 0.97, Corners: q, Center: centroid(q), byLetter: true})
	ts := make([]Tile, len(tiles))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		copy(ts, tiles)
		faintUnsure(src, ts)
	}
}
