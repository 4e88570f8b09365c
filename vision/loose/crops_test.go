package loose

import (
	"image"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tilescope/tilescope/ocr"
)

// TestTileCrops: the scan's own crops of a real photo (testdata/bananagrams)
// come four quarter turns per grow, each turn the one before turned a
// quarter; most labelled tiles are among them with their letters.
func TestTileCrops(t *testing.T) {
	en, err := ocr.Default(ocr.English)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join("testdata", "bananagrams")
	files, _ := filepath.Glob(filepath.Join(dir, "images", "*.jpg"))
	if len(files) == 0 {
		t.Fatalf("no test photos in %s", dir)
	}
	name := strings.TrimSuffix(filepath.Base(files[0]), ".jpg")
	img, truth := labelledPhoto(t, dir, name)
	grows := []float64{1.15, 1.3}
	const n = 48
	crops, err := TileCrops(img, truth, Options{Reader: en, Lattice: true, UprightFromLetters: true}, grows, n)
	if err != nil {
		t.Fatal(err)
	}
	if len(crops) == 0 || len(crops)%(4*len(grows)) != 0 {
		t.Fatalf("%d crops, want a positive multiple of %d", len(crops), 4*len(grows))
	}
	onTile := 0
	for i := 0; i < len(crops); i += 4 {
		for k := 0; k < 4; k++ {
			c := crops[i+k]
			if c.Turn != k || c.Tile != crops[i].Tile || c.Letter != crops[i].Letter {
				t.Fatalf("crop %d: turn %d tile %v %q, want turn %d of crop %d's tile", i+k, c.Turn, c.Tile, c.Letter, k, i)
			}
			if b := c.Picture.Bounds(); b.Dx() != n || b.Dy() != n {
				t.Fatalf("crop %d is %v, want %dx%d", i+k, b, n, n)
			}
		}
		// Turn 1 is turn 0 turned a quarter: its pixel (x, y) is turn
		// 0's pixel at one of the two quarter-turn maps.
		a, b := crops[i].Picture, crops[i+1].Picture
		d1, d2 := 0.0, 0.0
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				d1 += grayDiff(b, x, y, a, y, n-1-x)
				d2 += grayDiff(b, x, y, a, n-1-y, x)
			}
		}
		if min(d1, d2)/float64(n*n) > 8 {
			t.Errorf("crop %d: turn 1 is no quarter turn of turn 0 (mean differences %.1f, %.1f)", i, d1/float64(n*n), d2/float64(n*n))
		}
		if crops[i].Tile {
			onTile++
		}
	}
	tiles := len(crops) / 4 / len(grows)
	if onTile/len(grows) < len(truth)*8/10 {
		t.Errorf("%d of %d reported tiles on a label, want at least 80%% of the %d labels", onTile/len(grows), tiles, len(truth))
	}
}

func grayDiff(a image.Image, ax, ay int, b image.Image, bx, by int) float64 {
	r1, g1, b1, _ := a.At(ax, ay).RGBA()
	r2, g2, b2, _ := b.At(bx, by).RGBA()
	d := (float64(r1+g1+b1) - float64(r2+g2+b2)) / 3 / 257
	if d < 0 {
		d = -d
	}
	return d
}

// TestLetterReader: English letters of a Lexicon table are read by the
// English reader pooled with the loose tiles' specialist, Russian
// letters of a Twists table by the Russian reader pooled with its own;
// English letters on a Twists table, Russian ones on another, NoSpecialist
// or a reader of another kind keep the reader given.
func TestLetterReader(t *testing.T) {
	en, err := ocr.Default(ocr.English)
	if err != nil {
		t.Fatal(err)
	}
	ru, err := ocr.Default(ocr.Russian)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{SpecialistModel, SpecialistModelRu} {
		if _, err := ocr.LoadModel(name); err != nil {
			t.Fatalf("the specialist %s is not in the binary: %v", name, err)
		}
	}
	fake := &fakeReader{}
	for _, tc := range []struct {
		name   string
		opt    Options
		pooled bool
	}{
		{"lexicon", Options{Reader: en, Lattice: true, UprightFromLetters: true}, true},
		{"lexicon game", Options{Reader: en}, true},
		{"twists english", Options{Reader: en, Lattice: true, Twists: true}, false},
		{"russian, not twists", Options{Reader: ru, Lattice: true}, false},
		{"twists russian", Options{Reader: ru, Lattice: true, Twists: true}, true},
		{"no specialist", Options{Reader: en, NoSpecialist: true}, false},
		{"twists, no specialist", Options{Reader: ru, Lattice: true, Twists: true, NoSpecialist: true}, false},
		{"another reader", Options{Reader: fake}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := letterReader(tc.opt)
			p, ok := got.(ocr.Pool)
			if ok != tc.pooled {
				t.Fatalf("letterReader = %T, pooled %v; want pooled %v", got, ok, tc.pooled)
			}
			if !ok {
				if got != tc.opt.Reader {
					t.Errorf("letterReader = %v, want the reader given", got)
				}
				return
			}
			alpha := tc.opt.Reader.(*ocr.Classifier).Model().Alphabet
			if len(p) != 2 || Reader(p[0]) != tc.opt.Reader || p[1].Model().Alphabet != alpha || p[1] == p[0] {
				t.Errorf("pool %v, want the %s reader and its specialist", p, alpha)
			}
		})
	}
}
