package loose

import (
	"image"
	"path/filepath"
	"strings"
	"testing"
)

// TestFarParts: a part is cut on each side of the box round the tiles'
// centres where the photo reaches a side or more past it, from half a
// side inside the box to four sides past it (the photo's edge at most),
// and none where the tiles reach the edge or the part would be under
// two sides.
func TestFarParts(t *testing.T) {
	// A 3 x 3 block of 40 px tiles centred at cx, cy.
	block := func(cx, cy float64) []Tile {
		var ts []Tile
		for i := -1; i <= 1; i++ {
			for j := -1; j <= 1; j++ {
				ts = append(ts, Tile{Center: Point{cx + 40*float64(j), cy + 40*float64(i)}, Side: 40})
			}
		}
		return ts
	}
	for _, tc := range []struct {
		name  string
		tiles []Tile
		w, h  int
		want  []image.Rectangle
	}{
		{"in the middle: four parts", block(320, 320), 640, 640, []image.Rectangle{
			image.Rect(220, 120, 420, 300), // above: y from 280-160 to 280+20
			image.Rect(220, 340, 420, 520), // below
			image.Rect(120, 220, 300, 420), // left
			image.Rect(340, 220, 520, 420), // right
		}},
		{"at the top edge: none above", block(320, 50), 640, 640, []image.Rectangle{
			image.Rect(220, 70, 420, 250),
			image.Rect(120, 0, 300, 150),
			image.Rect(340, 0, 520, 150),
		}},
		{"near the top: the part stops at the edge", block(320, 150), 640, 640, []image.Rectangle{
			image.Rect(220, 0, 420, 130),
			image.Rect(220, 170, 420, 350),
			image.Rect(120, 50, 300, 250),
			image.Rect(340, 50, 520, 250),
		}},
		{"filling the photo: none", block(60, 60), 120, 120, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := farParts(tc.tiles, tc.w, tc.h)
			if len(got) != len(tc.want) {
				t.Fatalf("parts %v, want %v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("part %d %v, want %v", i, got[i], tc.want[i])
				}
			}
		})
	}
}

// TestFarRows: a ban-seg train photo seen by a camera tilted 23.8
// degrees (testdata/tilted/t1: augment's tilt 111651) shows its far
// rows' tiles about half the near ones' size; the search finds 15 of
// its 27 tiles without farLook, and the far part looked at enlarged
// brings back far rows' tiles, none of them said sure.
func TestFarRows(t *testing.T) {
	rd := realPhotoReader(t)
	for _, tc := range []struct {
		name, photo string
		most, want  int // found at most without farLook, at least with it
	}{
		{"27 tiles, 24 degrees", "t1", 16, 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, truth := labelledPhoto(t, filepath.Join("testdata", "tilted"), tc.photo)
			opt := Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true}
			without := opt
			without.off = stepFarLook
			r0, err := Scan(img, without)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Scan(img, opt)
			if err != nil {
				t.Fatal(err)
			}
			s0 := ScoreCentres(r0.Tiles, truth, strings.EqualFold)
			if s0.Found > tc.most {
				t.Errorf("found %d without farLook; want %d at most (the photo no longer shows the far rows lost)", s0.Found, tc.most)
			}
			wantFound(t, ScoreCentres(r.Tiles, truth, strings.EqualFold), tc.want)
			// The tiles farLook added (none of the reading without it
			// at their place) are never sure.
			added := 0
			for _, u := range r.Tiles {
				seen := false
				for _, v := range r0.Tiles {
					if dist(u.Center, v.Center) < u.Side/2 {
						seen = true
					}
				}
				if seen {
					continue
				}
				added++
				if u.Conf >= SureConf {
					t.Errorf("%s at (%.0f, %.0f) added sure (%.2f)", u.Letter, u.Center.X, u.Center.Y, u.Conf)
				}
			}
			if added == 0 {
				t.Errorf("no tile added by farLook")
			}
		})
	}
}

// TestFarLookSmallPhotosOnly: farLook leaves a photo larger than
// farMaxSide, a sub-image and a reading of too few tiles as they are.
func TestFarLookSmallPhotosOnly(t *testing.T) {
	tiles := func(n int) []Tile {
		ts := make([]Tile, n)
		for i := range ts {
			ts[i] = Tile{Center: Point{100 + 40*float64(i%4), 100 + 40*float64(i/4)}, Side: 40, Letter: "A", Conf: 1}
		}
		return ts
	}
	for _, tc := range []struct {
		name string
		img  image.Image
		n    int
	}{
		{"larger than farMaxSide", image.NewRGBA(image.Rect(0, 0, farMaxSide+1, 600)), 12},
		{"a sub-image", image.NewRGBA(image.Rect(0, 0, 640, 640)).SubImage(image.Rect(10, 10, 600, 600)), 12},
		{"too few tiles", image.NewRGBA(image.Rect(0, 0, 640, 640)), minTiltTiles - 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &Reading{Tiles: tiles(tc.n)}
			got := farLook(tc.img, Options{}, r)
			if len(got.Tiles) != tc.n {
				t.Errorf("%d tiles, want %d as given", len(got.Tiles), tc.n)
			}
		})
	}
}
