package loose

import (
	"image"
	"image/draw"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/ocr"
)

// TestRimmed: the photo lies in the middle of the rimmed picture
// unchanged, and the rim is the median colour of its outermost pixels.
func TestRimmed(t *testing.T) {
	cases := []struct {
		name      string
		w, h, pad int
		edge      [3]byte // the outermost pixels' colour (most of them)
		want      [3]byte // the rim's
	}{
		{name: "square", w: 10, h: 10, pad: 3, edge: [3]byte{200, 150, 100}, want: [3]byte{200, 150, 100}},
		{name: "wide", w: 16, h: 6, pad: 2, edge: [3]byte{30, 60, 90}, want: [3]byte{30, 60, 90}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			img := rgbImage{w: c.w, h: c.h, pix: make([]byte, 3*c.w*c.h)}
			for y := 0; y < c.h; y++ {
				for x := 0; x < c.w; x++ {
					i := 3 * (y*c.w + x)
					v := [3]byte{byte(x * 7), byte(y * 11), byte(x + y)}
					if x == 0 || y == 0 || x == c.w-1 || y == c.h-1 {
						v = c.edge
						if x == 0 && y == 0 {
							v = [3]byte{255, 255, 255} // a light tile cut at the corner
						}
					}
					copy(img.pix[i:i+3], v[:])
				}
			}
			out := rimmed(img, c.pad)
			if got := out.Bounds(); got != image.Rect(0, 0, c.w+2*c.pad, c.h+2*c.pad) {
				t.Fatalf("bounds %v", got)
			}
			for y := 0; y < c.h+2*c.pad; y++ {
				for x := 0; x < c.w+2*c.pad; x++ {
					p := out.Pix[out.PixOffset(x, y):]
					want := c.want
					if x >= c.pad && y >= c.pad && x < c.w+c.pad && y < c.h+c.pad {
						i := 3 * ((y-c.pad)*c.w + x - c.pad)
						want = [3]byte{img.pix[i], img.pix[i+1], img.pix[i+2]}
					}
					if [3]byte{p[0], p[1], p[2]} != want || p[3] != 255 {
						t.Fatalf("(%d, %d) = %v, want %v", x, y, p[:4], want)
					}
				}
			}
		})
	}
}

// TestRimScan: real photos cropped so that the picture's edge cuts
// tiles (close-ups whose square is moved by half a tile): no tile the
// edge cuts is read sure (cutUnsure). Without loosecrop's change
// (LOOSE_NO_RIM=1: noRim, and cutUnsure with it) 28 such tiles were
// read sure; the cut tiles found were 39 of 50 both ways.
func TestRimScan(t *testing.T) {
	rd, err := ocr.Default(ocr.English)
	if err != nil {
		t.Skip(err)
	}
	dir := filepath.Join("testdata", "bananagrams")
	noRim := os.Getenv("LOOSE_NO_RIM") != ""
	cut, found, sure := 0, 0, 0
	for _, name := range []string{"b1", "b2", "b3"} {
		for _, off := range []Point{{0.5, 0}, {0, 0.5}, {-0.5, -0.5}} {
			img, truth := labelledPhoto(t, dir, name)
			crop, kept := closeUpAt(img, truth, 0.2, off)
			r, err := Scan(crop, Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true, noRim: noRim})
			if err != nil {
				t.Errorf("%s moved %v: %v", name, off, err)
				continue
			}
			w, h := crop.Bounds().Dx(), crop.Bounds().Dy()
			var edge []TruthTile
			for _, tt := range kept {
				for _, p := range tt.Outline {
					if p.X <= 0.5 || p.Y <= 0.5 || p.X >= float64(w)-0.5 || p.Y >= float64(h)-0.5 {
						edge = append(edge, tt)
						break
					}
				}
			}
			s := ScoreCentres(r.Tiles, edge, func(a, b string) bool { return a == b })
			all := ScoreCentres(r.Tiles, kept, func(a, b string) bool { return a == b })
			var sides []float64
			for _, x := range r.Tiles {
				sides = append(sides, x.Side)
			}
			half := median(sides) / 2
			for _, x := range r.Tiles {
				c := x.Center
				if (c.X < half || c.Y < half || c.X > float64(w)-half || c.Y > float64(h)-half) && x.Conf >= SureConf {
					sure++
					t.Logf("  %s moved %v: %q at (%.0f, %.0f) cut by the edge, read at %.2f", name, off, x.Letter, c.X, c.Y, x.Conf)
				}
			}
			t.Logf("%s moved %v: %d of %d cut tiles found; all %d of %d, %d false", name, off, s.Found, s.Truth, all.Found, all.Truth, all.False)
			cut += s.Truth
			found += s.Found
		}
	}
	t.Logf("cut tiles found: %d of %d; read sure: %d", found, cut, sure)
	if sure > 0 {
		t.Errorf("%d tiles cut by the picture's edge read sure; want none", sure)
	}
}

// TestCroppedPhotos: ban-seg train photos (loosecrop's tuning) cropped
// as `augment -family crop -seed 104000` cropped them, tiles cut by the
// picture's edge: the cut tiles found (rimLook), none read sure and
// wrong. Without rimLook (LOOSE_NO_RIM=1: noRim) the crops were found
// at 28 of 31 and 20 of 21.
func TestCroppedPhotos(t *testing.T) {
	rd := realPhotoReader(t)
	dir := filepath.Join(photosDir(t), "bananagrams-fi", "train")
	for _, tc := range []struct {
		name, photo string
		crop        image.Rectangle
		want        int // found at least
	}{
		{"31 tiles, a crossword cut on two sides", "1770633540524_jpg.rf.74ab202f6b872182888cfd77b788f4f6", image.Rect(213, 237, 213+394, 237+396), 30},
		{"21 tiles, cut at the left and the foot", "1770633539347_jpg.rf.f0192356c318af527bbc13f25de61ddc", image.Rect(184, 65, 184+438, 65+532), 21},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, truth := labelledPhoto(t, dir, tc.photo)
			crop := image.NewRGBA(image.Rect(0, 0, tc.crop.Dx(), tc.crop.Dy()))
			draw.Draw(crop, crop.Rect, img, img.Bounds().Min.Add(tc.crop.Min), draw.Src)
			var kept []TruthTile
			for _, tt := range truth {
				moved := make([]Point, len(tt.Outline))
				for i, p := range tt.Outline {
					moved[i] = Point{p.X - float64(tc.crop.Min.X), p.Y - float64(tc.crop.Min.Y)}
				}
				if in, s := ClipToFrame(moved, tc.crop.Dx(), tc.crop.Dy()); s >= 0.5 {
					kept = append(kept, TruthTile{Letter: tt.Letter, Outline: in, Row: -1, Col: -1})
				}
			}
			r, err := Scan(crop, Options{Reader: rd, Lattice: true, UprightFromLetters: true, OnBoard: true, noRim: os.Getenv("LOOSE_NO_RIM") != ""})
			if err != nil {
				t.Fatal(err)
			}
			s := ScoreCentres(r.Tiles, kept, strings.EqualFold)
			wantFound(t, s, tc.want)
		})
	}
}

// TestRimScanOptions: a photo read as a table (no board, print
// lattice or print seen in it) is scanned set in its rim without the
// board route (OnBoard off: the print lattice's search of the rimmed
// photo was most of the look's cost, loosecost); a photo whose reading
// is not a table's keeps the route it was scanned with. The rimmed
// photo may still be looked at straightened (noTilt stays off: a fresh
// crop set lost tiles without that look). The tiles come back to the
// photo's pixels either way.
func TestRimScanOptions(t *testing.T) {
	cases := []struct {
		name        string
		onBoard     bool
		table       bool
		wantOnBoard bool
	}{
		{name: "table", onBoard: true, table: true, wantOnBoard: false},
		{name: "not a table", onBoard: true, table: false, wantOnBoard: true},
		{name: "no board route asked", onBoard: false, table: false, wantOnBoard: false},
	}
	img := image.NewRGBA(image.Rect(0, 0, 100, 80))
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got Options
			var size image.Rectangle
			scan := func(im image.Image, o Options) (*Reading, error) {
				got, size = o, im.Bounds()
				return &Reading{Tiles: []Tile{{Center: Point{X: 30, Y: 30}}, {Center: Point{X: 5, Y: 5}}}}, nil
			}
			r, err := rimScan(img, Options{OnBoard: c.onBoard}, c.table, scan)
			if err != nil {
				t.Fatal(err)
			}
			if got.OnBoard != c.wantOnBoard || got.noTilt || !got.noRim {
				t.Errorf("rimmed scan's options: OnBoard %v, noTilt %v, noRim %v; want OnBoard %v, noTilt false, noRim true", got.OnBoard, got.noTilt, got.noRim, c.wantOnBoard)
			}
			if size != image.Rect(0, 0, 120, 100) {
				t.Errorf("rimmed picture %v; want 120 x 100", size)
			}
			// The rim is 10 px: (30, 30) comes back at (20, 20); (5, 5)
			// lies in the rim and is dropped.
			if len(r.Tiles) != 1 || r.Tiles[0].Center != (Point{X: 20, Y: 20}) {
				t.Errorf("tiles %+v; want one at (20, 20)", r.Tiles)
			}
		})
	}
}

// TestRimMerge: a tile the other reading of rimLook read at
// tiltMergeConf or surer joins the standing reading where it has none,
// off the lattice and never sure; one under the confidence, where a
// standing tile lies, or mostly out of the picture, does not; the
// standing tiles are left as they were; one over part of a standing
// tile (rimOverlap) does not either.
func TestRimMerge(t *testing.T) {
	sq := func(x, y, side float64, letter string, conf float64) Tile {
		d := side / 2
		return Tile{
			Letter: letter, Conf: conf, Side: side, Center: Point{X: x, Y: y},
			Corners: [4]Point{{X: x - d, Y: y - d}, {X: x + d, Y: y - d}, {X: x + d, Y: y + d}, {X: x - d, Y: y + d}},
			Row:     1, Col: 4,
		}
	}
	stand := []Tile{sq(100, 100, 40, "A", 0.99), sq(150, 100, 40, "B", 0.6)}
	for _, tc := range []struct {
		name  string
		other Tile
		added bool
	}{
		{"a tile cut by the frame, read sure, where none stands", sq(10, 100, 40, "H", 0.98), true},
		{"a tile mostly out of the picture", sq(-5, 100, 40, "J", 0.99), false},
		{"read surest", sq(300, 100, 40, "K", 1), true},
		{"read sure but under tiltMergeConf", sq(10, 100, 40, "H", 0.93), false},
		{"over a standing tile", sq(108, 104, 40, "R", 0.99), false},
		{"beside an unsure standing tile, centres close", sq(150, 122, 40, "S", 0.99), false},
		{"no letter", sq(300, 100, 40, "?", 1), false},
		{"over a quarter of a standing tile, neither centre in the other's quad", sq(100, 130, 40, "T", 0.99), false},
		{"touching a standing tile's edge", sq(100, 138, 40, "T", 0.99), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := rimMerge(append([]Tile(nil), stand...), []Tile{tc.other}, image.Rect(0, 0, 400, 300))
			if len(got) < len(stand) || got[0] != stand[0] || got[1] != stand[1] {
				t.Fatalf("the standing tiles changed: %+v", got)
			}
			if added := len(got) == len(stand)+1; added != tc.added {
				t.Fatalf("added %v, want %v", added, tc.added)
			}
			if !tc.added {
				return
			}
			a := got[2]
			if a.Letter != tc.other.Letter || a.Row != -1 || a.Col != -1 {
				t.Errorf("added %q at row %d col %d, want %q off the lattice", a.Letter, a.Row, a.Col, tc.other.Letter)
			}
			if a.Conf >= SureConf || a.Conf < tiltMergeConf-0.1 {
				t.Errorf("added with confidence %.3f, want just under SureConf %.2f", a.Conf, SureConf)
			}
		})
	}
}

// TestQuadOverlap: the share of the smaller quad two quads share.
func TestQuadOverlap(t *testing.T) {
	sq := func(x, y, side float64) [4]Point {
		d := side / 2
		return [4]Point{{X: x - d, Y: y - d}, {X: x + d, Y: y - d}, {X: x + d, Y: y + d}, {X: x - d, Y: y + d}}
	}
	for _, tc := range []struct {
		name string
		a, b [4]Point
		want float64
	}{
		{"the same quad", sq(0, 0, 10), sq(0, 0, 10), 1},
		{"apart", sq(0, 0, 10), sq(20, 0, 10), 0},
		{"a quarter overlapped", sq(0, 0, 10), sq(7.5, 0, 10), 0.25},
		{"a small quad inside a large one", sq(0, 0, 40), sq(5, 5, 10), 1},
		{"a degenerate quad", sq(0, 0, 10), [4]Point{}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := quadOverlap(tc.a, tc.b); math.Abs(got-tc.want) > 1e-9 {
				t.Errorf("quadOverlap = %.4f, want %.4f", got, tc.want)
			}
		})
	}
}

// TestRimLetters: a tile the frame cuts takes the rimmed reading's
// letter where that reads another surer; tiles inside the picture, and
// readings under rimLetterConf or not rimLetterMargin surer, are left.
func TestRimLetters(t *testing.T) {
	d := 20.0
	sq := func(x, y float64, letter string, conf float64) Tile {
		return Tile{Letter: letter, Conf: conf, Side: 2 * d, Center: Point{X: x, Y: y},
			Corners: [4]Point{{X: x - d, Y: y - d}, {X: x + d, Y: y - d}, {X: x + d, Y: y + d}, {X: x - d, Y: y + d}}}
	}
	b := image.Rect(0, 0, 400, 300)
	added := sq(12, 200, "C", 0.5)
	added.tiltAdded = true
	for _, tc := range []struct {
		name       string
		tile, rim  Tile
		wantLetter string
	}{
		{"cut, the rim reads another letter sure", sq(12, 100, "C", 0.6), sq(14, 102, "O", 0.97), "O"},
		{"cut at the bottom edge", sq(200, 290, "I", 0.5), sq(200, 288, "T", 0.95), "T"},
		{"cut, the rim's reading under rimLetterConf", sq(12, 100, "C", 0.6), sq(14, 102, "O", 0.88), "C"},
		{"cut, the rim's reading not surer by the margin", sq(12, 100, "C", 0.85), sq(14, 102, "O", 0.9), "C"},
		{"inside the picture", sq(200, 100, "C", 0.6), sq(200, 100, "O", 0.99), "C"},
		{"cut, the rim's tile beside it, not on it", sq(12, 100, "C", 0.6), sq(12, 125, "O", 0.99), "C"},
		{"added by rimMerge", added, sq(12, 200, "O", 0.99), "C"},
		{"the same letter", sq(12, 100, "C", 0.6), sq(12, 100, "C", 0.99), "C"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tiles := []Tile{sq(200, 150, "A", 0.99), tc.tile}
			rimLetters(tiles, []Tile{tc.rim}, b)
			got := tiles[1]
			if got.Letter != tc.wantLetter {
				t.Fatalf("letter %q, want %q", got.Letter, tc.wantLetter)
			}
			if tiles[0].Letter != "A" || tiles[0].Conf != 0.99 {
				t.Errorf("the tile inside changed: %+v", tiles[0])
			}
			if got.Letter != tc.tile.Letter && got.Conf > cutConf {
				t.Errorf("confidence %.2f, want cutConf %.2f at most", got.Conf, cutConf)
			}
			if got.Letter == tc.tile.Letter && got.Conf != tc.tile.Conf {
				t.Errorf("a tile left changed its confidence: %.2f, want %.2f", got.Conf, tc.tile.Conf)
			}
		})
	}
}
