package loose

import (
	"image"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/vision"
)

// cameraTurn is the homography of a w x h photo seen by the camera
// turned by deg degrees about an axis through the picture's centre
// lying in the picture at dir degrees (focal length 0.8 of the longer
// side), the picture not moved or scaled.
func cameraTurn(deg, dir float64, w, h int) homog {
	f := 0.8 * float64(max(w, h))
	cx, cy := float64(w-1)/2, float64(h-1)/2
	ux, uy := math.Cos(dir*math.Pi/180), math.Sin(dir*math.Pi/180)
	c, s := math.Cos(deg*math.Pi/180), math.Sin(deg*math.Pi/180)
	r := vision.Homography{
		c + ux*ux*(1-c), ux * uy * (1 - c), uy * s,
		ux * uy * (1 - c), c + uy*uy*(1-c), -ux * s,
		-uy * s, ux * s, c,
	}
	k := vision.Homography{f, 0, cx, 0, f, cy, 0, 0, 1}
	kinv := vision.Homography{1 / f, 0, -cx / f, 0, 1 / f, -cy / f, 0, 0, 1}
	return homog(k.Mul(r.Mul(kinv)))
}

// tiltedView is the homography of a w x h photo seen by the camera
// turned by deg degrees about an axis through the picture's centre
// lying in the picture at dir degrees (focal length 0.8 of the longer
// side), scaled and moved so that the whole photo fits with its
// longer side as the photo's; and that picture's size.
func tiltedView(deg, dir float64, w, h int) (homog, image.Point) {
	hm := cameraTurn(deg, dir, w, h)
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range []Point{{-0.5, -0.5}, {float64(w) - 0.5, -0.5}, {float64(w) - 0.5, float64(h) - 0.5}, {-0.5, float64(h) - 0.5}} {
		q := hm.apply(p)
		x0, y0, x1, y1 = math.Min(x0, q.X), math.Min(y0, q.Y), math.Max(x1, q.X), math.Max(y1, q.Y)
	}
	sc := float64(max(w, h)) / math.Max(x1-x0, y1-y0)
	fit := vision.Homography{sc, 0, -x0*sc - 0.5, 0, sc, -y0*sc - 0.5, 0, 0, 1}
	return homog(fit.Mul(vision.Homography(hm))), image.Pt(int(math.Round((x1-x0)*sc)), int(math.Round((y1-y0)*sc)))
}

// squaresSeen is a 7 x 5 block of squares of side 40 (a tile's gap 8)
// in the middle of a 640 x 480 photo, seen through hm.
func squaresSeen(hm homog) []Tile {
	var tiles []Tile
	for r := 0; r < 5; r++ {
		for c := 0; c < 7; c++ {
			x, y := 320+48*(float64(c)-3), 240+48*(float64(r)-2)
			q := [4]Point{{x - 20, y - 20}, {x + 20, y - 20}, {x + 20, y + 20}, {x - 20, y + 20}}
			var t Tile
			for i, p := range q {
				t.Corners[i] = hm.apply(p)
			}
			t.Center = hm.apply(Point{x, y})
			tiles = append(tiles, t)
		}
	}
	return tiles
}

// TestTiltOf: squares on a table seen by a tilted camera give the tilt
// back (its angle within 3 degrees, its axis within 6), and the
// homography tiltOf makes of them turns them into tiles of one size
// (not quite squares: the tilted view is moved and scaled to fit, so
// its centre and focal length are not the ones assumed); seen straight
// down they are not looked at again.
func TestTiltOf(t *testing.T) {
	for _, tc := range []struct {
		name     string
		deg, dir float64
		want     bool
	}{
		{"straight down", 0, 0, false},
		{"slightly tilted", 4, 60, false},
		{"20 degrees about 30", 20, 30, true},
		{"30 degrees about 120", 30, 120, true},
		{"25 degrees about 90", 25, 90, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			view, size := tiltedView(tc.deg, tc.dir, 640, 480)
			tiles := squaresSeen(view)
			hm, _, ok := tiltOf(tiles, size.X, size.Y, true)
			if ok != tc.want {
				t.Fatalf("looked again %v, want %v", ok, tc.want)
			}
			if !ok {
				return
			}
			g, h, _, _ := tiltFit(sizeSamples(tiles), size.X, size.Y)
			deg := math.Atan(tiltFocal*math.Hypot(g, h)) * 180 / math.Pi
			dir := math.Mod(math.Atan2(-g, h)*180/math.Pi+360, 180)
			ddir := math.Abs(dir - tc.dir)
			ddir = math.Min(ddir, 180-ddir)
			if math.Abs(deg-tc.deg) > 3 || ddir > 6 {
				t.Errorf("tilt fitted %.1f degrees about %.0f, want %.0f about %.0f", deg, dir, tc.deg, tc.dir)
			}
			lo, hi := math.Inf(1), math.Inf(-1)
			for _, tl := range tiles {
				var q [4]Point
				for i, p := range tl.Corners {
					q[i] = hm.apply(p)
				}
				s := math.Sqrt(math.Abs(polygonArea(q[:])))
				lo, hi = math.Min(lo, s), math.Max(hi, s)
			}
			if hi/lo > 1.08 {
				t.Errorf("the squares turned back span sides %.1f-%.1f", lo, hi)
			}
		})
	}
}

// tiltedPhoto is img as a camera turned deg degrees about an axis at
// axis degrees would have taken it (tiltedView, warped), and moves
// truth's outlines (if any) through the same view.
func tiltedPhoto(t testing.TB, img image.Image, truth []TruthTile, deg, axis float64) image.Image {
	t.Helper()
	b := img.Bounds()
	view, size := tiltedView(deg, axis, b.Dx(), b.Dy())
	tilted, err := warped(toRGB(img), view, size)
	if err != nil {
		t.Fatal(err)
	}
	for i := range truth {
		for j, p := range truth[i].Outline {
			truth[i].Outline[j] = view.apply(p)
		}
	}
	return tilted
}

// scanTilted scans img as the camera turned deg degrees about an axis
// at axis degrees would have taken it (tiltedPhoto), with the command's
// options, and scores the reading against truth carried through the
// same view (truth's outlines are moved).
func scanTilted(t *testing.T, rd Reader, img image.Image, truth []TruthTile, deg, axis float64) (*Reading, CentreScore) {
	t.Helper()
	r, err := Scan(tiltedPhoto(t, img, truth, deg, axis), Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true})
	if err != nil {
		t.Fatal(err)
	}
	return r, ScoreCentres(r.Tiles, truth, strings.EqualFold)
}

// TestTiltedPhotos: ban-seg train photos as a camera tilted by 17-28
// degrees takes them (their labels carried along) are read nearly
// whole: the photo looked at again straightened (tiltLook).
func TestTiltedPhotos(t *testing.T) {
	rd := realPhotoReader(t)
	dir := filepath.Join(photosDir(t), "bananagrams-fi", "train")
	for _, tc := range []struct {
		name, photo string
		deg, axis   float64
		want        int // found at least
	}{
		{"27 tiles, 20 degrees", "1770633538338_jpg.rf.faf1be4d50a1ccdf0dbb357ddfb5c6db", 20.1, 77, 26},
		{"26 tiles, 28 degrees", "1770633539202_jpg.rf.54868fc4b79008d48e275eed12c6f6dd", 28.1, 108, 24},
		{"60 tiles in rows, 17 degrees", "1770633539134_jpg.rf.333aa6fbdc734b488037b61db18698f7", 17.4, 49, 58},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, truth := labelledPhoto(t, dir, tc.photo)
			_, s := scanTilted(t, rd, img, truth, tc.deg, tc.axis)
			wantFound(t, s, tc.want)
		})
	}
}

// TestTableReading: a reading of loose tiles on a table says so
// (Reading.table), and tiltLook then scans the straightened picture
// without the board route, rimLook the rimmed one; a reading on a
// printed board does not (it is not straightened at all), nor one
// scanned without the board route. The straightened or rimmed reading
// that stands is still the table's (the photo as taken says: loosecost),
// so the looks nested after it scan without the board route too.
func TestTableReading(t *testing.T) {
	rd := realPhotoReader(t)
	board := filepath.Join(photosDir(t), "scrabble-board", "IMG_20141025_163920.jpg")
	tilted := filepath.Join(photosDir(t), "bananagrams-fi", "train", "images", "1770633538338_jpg.rf.faf1be4d50a1ccdf0dbb357ddfb5c6db.jpg")
	for _, tc := range []struct {
		name, path string
		tilt       [2]float64 // degrees and axis of the camera's tilt (tiltedView), or none
		onBoard    bool
		table      bool
	}{
		{"loose tiles, the board route", filepath.Join("testdata", "bananagrams", "images", "b1.jpg"), [2]float64{}, true, true},
		{"loose tiles, no board route", filepath.Join("testdata", "bananagrams", "images", "b1.jpg"), [2]float64{}, false, false},
		{"tiles on a printed board", board, [2]float64{}, true, false},
		{"loose tiles tilted 20 degrees, the straightened reading standing", tilted, [2]float64{20.1, 77}, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img := decodePhotoFile(t, tc.path)
			if tc.tilt[0] != 0 {
				img = tiltedPhoto(t, img, nil, tc.tilt[0], tc.tilt[1])
			}
			r, err := Scan(img, Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: tc.onBoard})
			if err != nil {
				t.Fatal(err)
			}
			if r.table != tc.table {
				t.Errorf("table %v (board %v, %d tiles), want %v", r.table, r.board, len(r.Tiles), tc.table)
			}
		})
	}
}
