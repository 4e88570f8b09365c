package loose

import (
	"image"
	"math"
	"path/filepath"
	"testing"

	"github.com/tilescope/tilescope/ocr"
)

// fixedReader reads every crop as one letter, sure.
type fixedReader struct{ letter string }

func (f fixedReader) Read(image.Image) (ocr.Reading, error) {
	return ocr.Reading{Letter: f.letter, Conf: 0.99}, nil
}

// cutScene is a synthetic photo of a table (w x h) with tiles of side
// s: cream faces with a dark T (a bar and a stem), turned deg degrees
// about their centres, which may lie partly out of the picture; and
// extra patches drawn after them (face-coloured rectangles, with or
// without ink).
type cutScene struct {
	w, h        int
	table, face [3]uint8
	s           float64
	tiles       []cutSceneTile
	patches     []cutPatch
}

type cutSceneTile struct {
	c   Point
	deg float64
	ink bool
}

// cutPatch is an axis-aligned rectangle of colour col, with a dark bar
// across its middle where ink.
type cutPatch struct {
	r   image.Rectangle
	col [3]uint8
	ink bool
}

func (sc cutScene) render() rgbImage {
	img := rgbImage{w: sc.w, h: sc.h, pix: make([]byte, 3*sc.w*sc.h)}
	set := func(x, y int, c [3]uint8) {
		if x < 0 || y < 0 || x >= sc.w || y >= sc.h {
			return
		}
		i := 3 * (y*sc.w + x)
		img.pix[i], img.pix[i+1], img.pix[i+2] = c[0], c[1], c[2]
	}
	for y := 0; y < sc.h; y++ {
		for x := 0; x < sc.w; x++ {
			set(x, y, sc.table)
		}
	}
	ink := [3]uint8{30, 30, 35}
	for _, t := range sc.tiles {
		th := t.deg * math.Pi / 180
		cs, sn := math.Cos(th), math.Sin(th)
		r := int(sc.s) + 2
		for y := int(t.c.Y) - r; y <= int(t.c.Y)+r; y++ {
			for x := int(t.c.X) - r; x <= int(t.c.X)+r; x++ {
				dx, dy := float64(x)-t.c.X, float64(y)-t.c.Y
				a, b := (dx*cs+dy*sn)/sc.s, (-dx*sn+dy*cs)/sc.s
				if math.Abs(a) > 0.5 || math.Abs(b) > 0.5 {
					continue
				}
				col := sc.face
				// A T: its bar across the top, its stem down the middle.
				if t.ink && ((b > -0.3 && b < -0.18 && math.Abs(a) < 0.25) || (math.Abs(a) < 0.06 && b > -0.3 && b < 0.3)) {
					col = ink
				}
				set(x, y, col)
			}
		}
	}
	for _, p := range sc.patches {
		for y := p.r.Min.Y; y < p.r.Max.Y; y++ {
			for x := p.r.Min.X; x < p.r.Max.X; x++ {
				col := p.col
				if p.ink && math.Abs(float64(y)-float64(p.r.Min.Y+p.r.Max.Y)/2) < 3 && x > p.r.Min.X+8 && x < p.r.Max.X-8 {
					col = ink
				}
				set(x, y, col)
			}
		}
	}
	return img
}

// foundTiles are the scene's tiles wholly in view as the scan would
// report them: read sure, their quads on their faces.
func (sc cutScene) foundTiles() []Tile {
	var out []Tile
	for _, t := range sc.tiles {
		th := t.deg * math.Pi / 180
		u := Point{math.Cos(th), math.Sin(th)}
		v := Point{-u.Y, u.X}
		at := func(a, b float64) Point {
			return Point{t.c.X + sc.s*(a*u.X+b*v.X), t.c.Y + sc.s*(a*u.Y+b*v.Y)}
		}
		q := [4]Point{at(-0.5, -0.5), at(0.5, -0.5), at(0.5, 0.5), at(-0.5, 0.5)}
		if _, share := ClipToFrame(q[:], sc.w, sc.h); share < 0.999 {
			continue
		}
		out = append(out, Tile{Letter: "T", Conf: 0.99, Corners: q, Center: t.c, Side: sc.s, Row: -1, Col: -1})
	}
	return out
}

// TestCutFaces: a tile the picture's edge cuts is found by its face
// (cutFaces), unsure, its centre in its part in view; a sliver, a blank
// card, a sheet of the faces' colour, a stripe of the table's pattern,
// a table of the faces' colour, a tile found already, a square the
// reader calls no tile and a photo of too few sure tiles give none.
func TestCutFaces(t *testing.T) {
	brown, cream := [3]uint8{110, 75, 45}, [3]uint8{225, 215, 190}
	row := func(extra ...cutSceneTile) []cutSceneTile {
		ts := []cutSceneTile{{Point{100, 150}, 0, true}, {Point{170, 150}, 8, true}, {Point{240, 160}, -12, true}, {Point{130, 230}, 30, true}, {Point{220, 240}, 0, true}}
		return append(ts, extra...)
	}
	cases := []struct {
		name  string
		scene cutScene
		// want: the tiles added; at: where each one's part in view
		// lies (its centre must be inside).
		want int
		at   []image.Rectangle
		// sure: the tiles the photo reads sure (all found ones when
		// 0).
		sure int
		// noTile: the reader calls every crop no tile.
		noTile bool
	}{
		{
			name:  "a tile cut at the right edge, 0.7 in view",
			scene: cutScene{w: 400, h: 320, table: brown, face: cream, s: 50, tiles: row(cutSceneTile{Point{390, 150}, 0, true})},
			want:  1, at: []image.Rectangle{image.Rect(365, 125, 400, 175)},
		},
		{
			name:  "a tile cut at the top edge, turned 20 degrees",
			scene: cutScene{w: 400, h: 320, table: brown, face: cream, s: 50, tiles: row(cutSceneTile{Point{320, 8}, 20, true})},
			want:  1, at: []image.Rectangle{image.Rect(290, 0, 350, 40)},
		},
		{
			name:  "a tile cut at the bottom-left corner, 0.75 in view",
			scene: cutScene{w: 400, h: 320, table: brown, face: cream, s: 50, tiles: row(cutSceneTile{Point{22, 305}, 0, true})},
			want:  1, at: []image.Rectangle{image.Rect(0, 280, 47, 320)},
		},
		{
			name:  "two tiles cut at the left edge, side by side",
			scene: cutScene{w: 400, h: 320, table: brown, face: cream, s: 50, tiles: row(cutSceneTile{Point{10, 60}, 0, true}, cutSceneTile{Point{10, 112}, 0, true})},
			want:  2, at: []image.Rectangle{image.Rect(0, 35, 35, 85), image.Rect(0, 87, 35, 137)},
		},
		{
			name:  "a tile cut at the bottom-left corner, 0.6 in view",
			scene: cutScene{w: 400, h: 320, table: brown, face: cream, s: 50, tiles: row(cutSceneTile{Point{18, 310}, 0, true})},
			want:  0,
		},
		{
			name:  "a sliver: a fifth of a tile in view",
			scene: cutScene{w: 400, h: 320, table: brown, face: cream, s: 50, tiles: row(cutSceneTile{Point{415, 150}, 0, true})},
			want:  0,
		},
		{
			name:  "a blank card of the faces' colour at the edge",
			scene: cutScene{w: 400, h: 320, table: brown, face: cream, s: 50, tiles: row(cutSceneTile{Point{390, 150}, 0, false})},
			want:  0,
		},
		{
			name: "a sheet of the faces' colour, lettered, running out of the picture",
			scene: cutScene{w: 400, h: 320, table: brown, face: cream, s: 50, tiles: row(),
				patches: []cutPatch{{image.Rect(300, 230, 400, 320), cream, true}}},
			want: 0,
		},
		{
			name: "a stripe of the table's pattern across the edge, a dark mark on it",
			scene: cutScene{w: 400, h: 320, table: brown, face: cream, s: 50, tiles: row(),
				patches: []cutPatch{{image.Rect(330, 0, 380, 320), cream, true}}},
			want: 0,
		},
		{
			name:  "a table of the faces' colour",
			scene: cutScene{w: 400, h: 320, table: [3]uint8{230, 220, 195}, face: cream, s: 50, tiles: row(cutSceneTile{Point{390, 150}, 0, true})},
			want:  0,
		},
		{
			name:  "a tile at the edge found already",
			scene: cutScene{w: 400, h: 320, table: brown, face: cream, s: 50, tiles: row(cutSceneTile{Point{370, 60}, 0, true})},
			want:  0,
		},
		{
			name:  "a cut tile the reader calls no tile",
			scene: cutScene{w: 400, h: 320, table: brown, face: cream, s: 50, tiles: row(cutSceneTile{Point{390, 150}, 0, true})},
			want:  0, noTile: true,
		},
		{
			name:  "too few tiles read sure",
			scene: cutScene{w: 400, h: 320, table: brown, face: cream, s: 50, tiles: row(cutSceneTile{Point{390, 150}, 0, true})},
			want:  0, sure: 3,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			img := tc.scene.render()
			tiles := tc.scene.foundTiles()
			if tc.sure > 0 {
				for i := tc.sure; i < len(tiles); i++ {
					tiles[i].Conf = 0.5
				}
			}
			n := len(tiles)
			rd := fixedReader{"T"}
			if tc.noTile {
				rd.letter = ""
			}
			got := cutFaces(img, append([]Tile(nil), tiles...), Options{Reader: rd})
			added := got[n:]
			if len(added) != tc.want {
				for _, a := range added {
					t.Logf("added at (%.0f, %.0f), share %.2f", a.Center.X, a.Center.Y, a.cutShare)
				}
				t.Fatalf("added %d tiles, want %d", len(added), tc.want)
			}
			for _, a := range added {
				if a.Conf >= SureConf {
					t.Errorf("the tile at (%.0f, %.0f) is said sure (%.2f); a cut tile is never sure", a.Center.X, a.Center.Y, a.Conf)
				}
				in := false
				for _, r := range tc.at {
					if image.Pt(int(a.Center.X), int(a.Center.Y)).In(r) {
						in = true
					}
				}
				if !in {
					t.Errorf("the tile added at (%.0f, %.0f) lies in none of %v", a.Center.X, a.Center.Y, tc.at)
				}
			}
		})
	}
}

// TestCutFacesPhoto: tuning crops of ban-seg valid photos
// (testdata/cropped/c2, c3: augment's crop 113820) where the frame cuts
// a tile through its letter and no look keeps a reading on it: with
// cutFaces it is found, unsure, with no tile more false and none read
// wrong and sure.
func TestCutFacesPhoto(t *testing.T) {
	rd := realPhotoReader(t)
	names := augmentNames(t, filepath.Join("testdata", "bananagrams"))
	for _, tc := range []struct {
		name, photo string
		// at: a point of the cut tile's label in view.
		at Point
	}{
		{"an I cut at the top, 0.7 in view", "c2", Point{X: 326, Y: 22}},
		{"an L cut at the bottom, 0.6 in view", "c3", Point{X: 391, Y: 440}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, truth := realPhoto(t, filepath.Join("testdata", "cropped", "images", tc.photo+".jpg"), filepath.Join("testdata", "cropped", "labels", tc.photo+".txt"), names)
			s0, s := scoreWithout(t, rd, names, filepath.Join("testdata", "cropped"), tc.photo, stepCutFaces, 0)
			_ = img
			label := -1
			for j, tr := range truth {
				if insidePolygon(tr.Outline, tc.at) {
					label = j
				}
			}
			if label < 0 {
				t.Fatalf("no label at (%.0f, %.0f)", tc.at.X, tc.at.Y)
			}
			r, err := Scan(img, Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true})
			if err != nil {
				t.Fatal(err)
			}
			_, matchT := matchCentres(r.Tiles, truth)
			if f := matchT[label]; f < 0 {
				t.Errorf("the %s cut at (%.0f, %.0f) is not found", truth[label].Letter, tc.at.X, tc.at.Y)
			} else if r.Tiles[f].Conf >= SureConf {
				t.Errorf("the %s cut at (%.0f, %.0f) is read %s %.2f, sure; a cut tile is never sure", truth[label].Letter, tc.at.X, tc.at.Y, r.Tiles[f].Letter, r.Tiles[f].Conf)
			}
			if s.Found <= s0.Found || s.False > s0.False || s.WrongSure > s0.WrongSure || s.FalseSure > s0.FalseSure {
				t.Errorf("found %d, false %d (sure %d), sure and wrong %d; without cutFaces %d, %d (%d), %d", s.Found, s.False, s.FalseSure, s.WrongSure, s0.Found, s0.False, s0.FalseSure, s0.WrongSure)
			}
		})
	}
}
